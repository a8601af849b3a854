"""The join code: who may write to a table shared on the network.

On ``127.0.0.1`` the laptop's own browser is the only reader: no code.  On ``0.0.0.0`` every
phone on the LAN can reach the page, so ``serve`` draws a join code, prints it with the URL and
the QR code (which carries it), and every write (a POST) without it is refused.  A phone that
joined keeps the code in a ``SameSite=Strict`` cookie, so another site cannot write for it.

>>> guard = JoinGuard("482913")
>>> guard.allows("482913"), guard.allows("000000"), JoinGuard(None).allows(None)
(True, False, True)
"""

from __future__ import annotations

import hmac
import secrets

__all__ = ["COOKIE", "JoinGuard", "new_code"]

COOKIE = "cardforge_join"


def new_code() -> str:
    """Six random digits, easy to type on a phone."""
    return f"{secrets.randbelow(10**6):06d}"


class JoinGuard:
    """Checks the join code of write requests; ``code=None`` means no code is needed."""

    def __init__(self, code: str | None):
        self.code = code

    @property
    def required(self) -> bool:
        return self.code is not None

    def allows(self, given: str | None) -> bool:
        """Whether a request carrying ``given`` may write (constant-time comparison)."""
        if self.code is None:
            return True
        return given is not None and hmac.compare_digest(given.strip().encode(), self.code.encode())
