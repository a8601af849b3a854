"""Running a simulation's batches: in this process, on a local process pool, or on a Dask
cluster, with progress and a clean stop on Ctrl-C (the games finished so far are kept).

The batches are ``(start, stop)`` ranges of game indices; a game depends only on its index, so
the report is the same whatever the batch size, the number of jobs or the executor.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardforge.errors import CardforgeError, Interrupted, UsageError
from cardforge.i18n import refusal
from cardforge.simulate.play import RunawayGame, play_batch, stop_when
from cardforge.simulate.spec import SimSpec

__all__ = ["Outcome", "EngineBug", "batches", "run", "default_jobs"]

#: progress(done, total) after each batch
Progress = Callable[[int, int], None]


@dataclass
class Outcome:
    """The games played (any order) and how the run went."""

    records: list[dict[str, Any]]
    elapsed: float
    interrupted: bool


class EngineBug(CardforgeError):
    """A game of the simulation never ended: a bug in an engine or a bot, not in the input
    (one line, as every cardforge error; exit code 70, sysexits' EX_SOFTWARE)."""

    exit_code = 70


def _runaway(spec: SimSpec, error: RunawayGame) -> EngineBug:
    """The one-line report of a game that never ended, with the command that replays it."""
    command = ["cardforge simulate", spec.game, f"--players {spec.players}", f"--bots {','.join(spec.bots)}",
               *(f"--house {pair}" for pair in spec.house), *(f"--option {pair}" for pair in spec.options),
               f"--seed {spec.seed}", f"--games {error.index + 1}", "--jobs 1"]
    house = ", ".join(spec.house) or "default rules"
    return EngineBug(f"{error} ({house}): a bug in the {spec.game} engine or its bots, not in your input; "
                     f"please report it with the command that replays it: {' '.join(command)}")


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def batches(games: int, workers: int) -> list[tuple[int, int]]:
    """Index ranges: about 20 per worker (for progress and balance), 1–250 games each."""
    size = max(1, min(250, games // max(1, workers * 20)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def _collect(futures: Any, total: int, progress: Progress | None, records: list, collected: set | None = None) -> None:
    """Add each finished batch's games to ``records``, reporting progress (and noting each
    future in ``collected``)."""
    for future in futures:
        records.extend(future.result())
        if collected is not None:
            collected.add(future)
        if progress:
            progress(len(records), total)


def _local(spec: SimSpec, jobs: int, progress: Progress | None, records: list) -> None:
    ranges = batches(spec.games, jobs)
    if jobs <= 1:
        for start, stop in ranges:
            records.extend(play_batch(spec, start, stop))
            if progress:
                progress(len(records), spec.games)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    stop = context.Event()
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=stop_when, initargs=(stop,))
    futures: list[Any] = []
    collected: set[Any] = set()
    try:
        futures = [pool.submit(play_batch, spec, a, b) for a, b in ranges]
        _collect(as_completed(futures), spec.games, progress, records, collected)
    except BaseException:  # Ctrl-C or an error: the running batches end after their current game
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        for future in futures:  # what they played is kept
            if future not in collected and future.done() and not future.cancelled() and future.exception() is None:
                records.extend(future.result())
        raise
    pool.shutdown()


def _cluster(spec: SimSpec, address: str, progress: Progress | None, records: list) -> None:
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UsageError("--cluster needs Dask distributed: pip install 'cardforge[cluster]'") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    except (ValueError, TypeError) as exc:  # not an address Dask can parse
        raise refusal(UsageError, "error.simulate.cluster", address=repr(address), why=str(exc)) from None
    with client:
        workers = max(1, sum(client.nthreads().values()))
        ranges = batches(spec.games, workers)
        futures = client.map(play_batch, [spec] * len(ranges), [a for a, _ in ranges], [b for _, b in ranges],
                             pure=False)
        try:
            _collect(as_completed(futures), spec.games, progress, records)
        finally:
            client.cancel([f for f in futures if not f.done()])


def run(spec: SimSpec, *, jobs: int | None = None, cluster: str | None = None,
        progress: Progress | None = None) -> Outcome:
    """Play every game of ``spec``; Ctrl-C stops early and returns the games finished."""
    spec.check()  # a bad house rule or option fails here, once, with its message
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    interrupted = False
    try:
        if cluster:
            _cluster(spec, cluster, progress, records)
        else:
            _local(spec, jobs or default_jobs(), progress, records)
    except (KeyboardInterrupt, Interrupted):  # Ctrl-C (the CLI turns SIGINT into Interrupted)
        interrupted = True
    except RunawayGame as error:  # from this process, a pool worker or a cluster worker
        raise _runaway(spec, error) from None
    return Outcome(records, time.perf_counter() - start, interrupted)
