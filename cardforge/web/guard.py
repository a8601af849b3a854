"""Who may write to a table shared on the network: the join code, the phones' tokens, the
Host allow-list and the same-origin check on every write.

On ``127.0.0.1`` the laptop's own browser is the only reader: no code.  On ``0.0.0.0`` every
phone on the LAN can reach the page, so ``serve`` draws a join code, prints it with the URL and
the QR code (which carries it).  A phone sends the code ONCE (``/join``) and gets a token of its
own in an ``HttpOnly``, ``SameSite=Strict`` cookie; every write (a POST) without a token is
refused, and the code itself is never accepted by a write.  The tokens are kept as digests with
their expiry (``TOKEN_LIFE``): in memory, or in the match store (``StoredTokens``), where they
outlive a restart of the server (a new join code is drawn then; a phone that joined stays in).  Wrong codes are counted per client:
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
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol
from urllib.parse import urlsplit

__all__ = ["COOKIE", "JoinGuard", "Refused", "new_code", "LOOPBACK", "host_allowed", "same_origin",
           "FREE_TRIES", "MAX_LOCK", "TOKEN_LIFE", "Tokens", "MemoryTokens", "StoredTokens"]

COOKIE = "cardforge_join"
#: the names a browser on this computer uses for it
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: wrong codes a client may type before it has to wait; the longest wait, in seconds
FREE_TRIES, MAX_LOCK = 5, 300.0
#: how long a phone's token (and its cookie) is good for, in seconds: an evening and then some
TOKEN_LIFE = 7 * 24 * 3600

log = logging.getLogger("cardforge.web")


def new_code() -> str:
    """Six random digits, easy to type on a phone."""
    return f"{secrets.randbelow(10**6):06d}"


class Refused(Exception):
    """A join attempt refused: the code is wrong, or the client must wait ``wait`` seconds."""

    def __init__(self, wait: float = 0.0):
        super().__init__(wait)
        self.wait = wait


class Tokens(Protocol):
    """Where the digests of the tokens handed out are kept (Unix times)."""

    def add(self, digest: str, now: float) -> None: ...

    def holds(self, digest: str, now: float) -> bool: ...


@dataclass
class MemoryTokens:
    """Tokens for this process's life only (a test's, or a guard without a store)."""

    expiry: dict[str, float] = field(default_factory=dict)

    def add(self, digest: str, now: float) -> None:
        self.expiry[digest] = now + TOKEN_LIFE

    def holds(self, digest: str, now: float) -> bool:
        return self.expiry.get(digest, 0.0) > now


@dataclass
class StoredTokens:
    """Tokens in the match store at ``db`` (``Store.add_token``): they survive a restart."""

    db: Path

    def add(self, digest: str, now: float) -> None:
        from cardforge.table.store import Store

        with Store(self.db) as store:
            store.add_token(digest, now, TOKEN_LIFE)

    def holds(self, digest: str, now: float) -> bool:
        from cardforge.table.store import Store

        with Store(self.db) as store:
            return store.has_token(digest, now)


@dataclass
class _Misses:
    count: int = 0
    until: float = 0.0


@dataclass
class JoinGuard:
    """The join code (``None``: no code is needed) and the tokens handed out for it."""

    code: str | None
    tokens: Tokens = field(default_factory=MemoryTokens)
    _misses: dict[str, _Misses] = field(default_factory=dict)

    @property
    def required(self) -> bool:
        return self.code is not None

    def allows(self, token: str | None) -> bool:
        """Whether a request carrying the cookie ``token`` may write."""
        if self.code is None:
            return True
        return token is not None and 0 < len(token) <= 64 and self.tokens.holds(_digest(token), time.time())

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
        self.tokens.add(_digest(token), time.time())
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
