"""Pushed updates: a match's changes sent to every phone as Server-Sent Events.

``GET /m/ID/events`` stays open and sends ``event: change`` with ``{"seq", "version", "html"}``
(the match's last event, its live position's version, the match fragment in the phone's
language: the ruling of the move just made, or the outcome) whenever the match changes.  A write
through this server wakes every stream at once (``Changes.bump``, an ``asyncio.Condition``); a
write by another process (the CLI, a second server on the same file) is seen by each stream's
look at the store's snapshot every ``POLL`` seconds.  A comment line every ``KEEPALIVE`` seconds
keeps proxies and phones from closing an idle stream, and a stream ends after ``LIFETIME``
seconds (the browser's ``EventSource`` reconnects by itself, ``retry`` ms later): no stream
outlives a server's shutdown for long.  A browser without ``EventSource`` polls
``/m/ID?part=match&since=SEQ`` instead (the page does it every 3 s).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

__all__ = ["Changes", "stream", "POLL", "KEEPALIVE", "LIFETIME", "RETRY_MS"]

POLL, KEEPALIVE, LIFETIME, RETRY_MS = 1.0, 15.0, 300.0, 2000


class Changes:
    """A counter bumped by every write of this server, and a condition the streams wait on."""

    def __init__(self) -> None:
        self.generation = 0
        self._condition: asyncio.Condition | None = None

    def _cond(self) -> asyncio.Condition:
        if self._condition is None:  # made in the server's own event loop, at first use
            self._condition = asyncio.Condition()
        return self._condition

    async def bump(self) -> None:
        """A write was made: wake every stream (each then looks at its own match)."""
        self.generation += 1
        async with self._cond():
            self._cond().notify_all()

    async def wait(self, generation: int, timeout: float) -> int:
        """Wait until a write after ``generation`` or ``timeout`` seconds; the generation now."""
        condition = self._cond()
        async with condition:
            if self.generation == generation:
                try:
                    await asyncio.wait_for(condition.wait(), timeout)
                except TimeoutError:
                    pass
        return self.generation


def _event(name: str, data: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


async def stream(changes: Changes, last_seq: Callable[[], Awaitable[int]],
                 fragment: Callable[[], Awaitable[tuple[int | None, str]]], *, since: int | None = None,
                 lifetime: float = LIFETIME) -> AsyncIterator[str]:
    """The event stream of one match: ``last_seq()`` is the match's last event (one indexed
    look-up), ``fragment()`` its live version and the match fragment to send along.  ``since``
    is the seq the phone shows (``Last-Event-ID`` or ``?since=``): a phone that missed changes
    gets one at once."""
    clock = asyncio.get_running_loop().time
    start = last_sent = clock()
    yield f"retry: {RETRY_MS}\n\n"
    seen = since if since is not None else await last_seq()
    generation = changes.generation
    first = True
    while clock() - start < lifetime:
        if not first:
            generation = await changes.wait(generation, POLL)
        first = False
        seq = await last_seq()
        if seq != seen:
            seen = seq
            last_sent = clock()
            version, html = await fragment()
            yield f"id: {seq}\n" + _event("change", {"seq": seq, "version": version, "html": html})
        elif clock() - last_sent >= KEEPALIVE:
            last_sent = clock()
            yield ": still here\n\n"
