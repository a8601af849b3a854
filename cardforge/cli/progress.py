"""How a build shows its progress: a rich bar per phase on a terminal, one line per finished
phase otherwise (logs, CI), nothing with ``--quiet``."""

from __future__ import annotations

import sys
import time
from typing import Any, TextIO

__all__ = ["PhaseProgress", "phase_progress"]


class PhaseProgress:
    """One line per phase when it finishes: ``faces: 12/12 done at 3.1 s`` (seconds into the build)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.totals: dict[str, int] = {}
        self.done: dict[str, int] = {}
        self.started: dict[str, float] = {}
        self.start = time.perf_counter()

    def phase(self, name: str, total: int) -> None:
        self.totals[name] = total
        self.done.setdefault(name, 0)
        self.started.setdefault(name, self.start)
        if total == 0:
            self._finished(name)

    def advance(self, name: str, n: int = 1) -> None:
        if name not in self.totals:
            return
        self.done[name] += n
        if self.done[name] >= self.totals[name]:
            self._finished(name)

    def _finished(self, name: str) -> None:
        seconds = time.perf_counter() - self.started[name]
        self.stream.write(f"{name}: {self.done[name]}/{self.totals[name]} done at {seconds:.1f} s\n")
        self.stream.flush()
        del self.totals[name]

    def finish(self) -> None:
        pass


class _RichProgress:
    """A bar per phase (rich), drawn on stderr."""

    def __init__(self, console: Any):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("{task.description:>12}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            console=console, transient=False)
        self.tasks: dict[str, Any] = {}
        self.started = False

    def phase(self, name: str, total: int) -> None:
        if not self.started:
            self.bar.start()
            self.started = True
        if name in self.tasks:
            self.bar.update(self.tasks[name], total=total)
        else:
            self.tasks[name] = self.bar.add_task(name, total=total)

    def advance(self, name: str, n: int = 1) -> None:
        if name in self.tasks:
            self.bar.advance(self.tasks[name], n)

    def finish(self) -> None:
        if self.started:
            self.bar.stop()


class _Quiet:
    def phase(self, name: str, total: int) -> None: ...
    def advance(self, name: str, n: int = 1) -> None: ...
    def finish(self) -> None: ...


def phase_progress(*, quiet: bool = False) -> Any:
    """The progress display for this stderr: bars on a terminal, lines otherwise, or none."""
    if quiet:
        return _Quiet()
    if sys.stderr.isatty():
        from rich.console import Console

        console = Console(stderr=True)
        if console.is_terminal:
            return _RichProgress(console)
    return PhaseProgress()
