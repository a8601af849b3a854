"""The worker process pool of a build and of the raster batches: forked where the platform
allows (workers start warm), and deaf to Ctrl-C (the parent stops the pool and says it once)."""

from __future__ import annotations

from typing import Any

__all__ = ["process_pool"]


def process_pool(workers: int) -> Any:
    """A ``ProcessPoolExecutor`` of ``workers`` processes."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork" if "fork" in methods else "spawn"),
                               initializer=_ignore_interrupts)


def _ignore_interrupts() -> None:
    """Workers ignore Ctrl-C: a worker's KeyboardInterrupt printed a 20-line traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
