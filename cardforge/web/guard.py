"""Who may write to a table shared on the network: the join code, the phones' tokens, the
Host allow-list and the same-origin check on every write.

On ``127.0.0.1`` the laptop's own browser is the only reader: no code.  On ``0.0.0.0`` every
phone on the LAN can reach the page, so ``serve`` draws a join code, prints it with the URL and
the QR code (which carries it).  A phone sends the code ONCE (``/join``) and gets a token of its
own in an ``HttpOnly``, ``SameSite=Strict`` cookie; every write (a POST) without a token is
refused, and the code itself is never accepted by a write.  Wrong codes are counted per client:
after ``FREE_TRIES`` the client waits, twice as long after each further miss (at most
``MAX_LOCK`` seconds), and every attempt is logged.

In both modes a write must come from the page itself (``Origin`` / ``Sec-Fetch-Site``), and
only the Host names the server was started for are served (a DNS-rebinding page is refused).

>>> guard = JoinGuard("482913")
>>> token = guard.exchange("482913", "phone-1", now=0.0)
>>> guard.allows(token), guard.allows("482913"), JoinGuard(None).allows(None)
(True, False, True)
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

__all__ = ["COOKIE", "JoinGuard", "Refused", "new_code", "LOOPBACK", "host_allowed", "same_origin",
           "FREE_TRIES", "MAX_LOCK"]

COOKIE = "cardforge_join"
#: the names a browser on this computer uses for it
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: wrong codes a client may type before it has to wait; the longest wait, in seconds
FREE_TRIES, MAX_LOCK = 5, 300.0

log = logging.getLogger("cardforge.web")


def new_code() -> str:
    """Six random digits, easy to type on a phone."""
    return f"{secrets.randbelow(10**6):06d}"


class Refused(Exception):
    """A join attempt refused: the code is wrong, or the client must wait ``wait`` seconds."""

    def __init__(self, wait: float = 0.0):
        super().__init__(wait)
        self.wait = wait


@dataclass
class _Misses:
    count: int = 0
    until: float = 0.0


@dataclass
class JoinGuard:
    """The join code (``None``: no code is needed) and the tokens handed out for it."""

    code: str | None
    _tokens: set[str] = field(default_factory=set)
    _misses: dict[str, _Misses] = field(default_factory=dict)

    @property
    def required(self) -> bool:
        return self.code is not None

    def allows(self, token: str | None) -> bool:
        """Whether a request carrying the cookie ``token`` may write."""
        if self.code is None:
            return True
        return token is not None and _digest(token) in self._tokens

    def exchange(self, given: str, client: str, now: float) -> str:
        """A new token for a phone that typed the right code; ``Refused`` otherwise (a wrong
        code, or too many of them lately from ``client``).  Every attempt is logged."""
        if self.code is None:
            return ""
        misses = self._misses.setdefault(client, _Misses())
        if now < misses.until:
            log.warning("join refused for %s: locked for %.0f s more", client, misses.until - now)
            raise Refused(misses.until - now)
        if not hmac.compare_digest(given.strip().encode(), self.code.encode()):
            misses.count += 1
            if misses.count >= FREE_TRIES:
                misses.until = now + min(MAX_LOCK, 2.0 ** (misses.count - FREE_TRIES))
            log.warning("join refused for %s: wrong code (%d in a row)", client, misses.count)
            raise Refused(max(0.0, misses.until - now))
        self._misses.pop(client, None)
        token = secrets.token_urlsafe(24)
        self._tokens.add(_digest(token))
        log.warning("join: %s got a token", client)
        return token


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _hostname(host: str) -> str:
    """``Host`` header → its name without the port (``[::1]:8765`` → ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def host_allowed(host: str | None, allowed: Iterable[str]) -> bool:
    """Whether the ``Host`` header names this server (a DNS-rebinding page names another)."""
    return host is not None and _hostname(host) in {a.lower() for a in allowed}


def same_origin(origin: str | None, fetch_site: str | None, host: str | None) -> bool:
    """Whether a write comes from the page itself: ``Sec-Fetch-Site`` (when the browser sends it)
    is ``same-origin`` or ``none`` (typed, bookmarked), and ``Origin`` (when sent) is this host.
    A client sending neither (curl, a script on the laptop) is not a web page: allowed."""
    if fetch_site is not None and fetch_site not in ("same-origin", "none"):
        return False
    if origin is None:
        return True
    if origin == "null":
        return False
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc.lower() == host.strip().lower()
