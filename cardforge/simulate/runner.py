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

__all__ = ["Outcome", "EngineBug", "batches", "run", "default_jobs", "runaway_error", "check_versions"]

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


def runaway_error(spec: SimSpec, error: RunawayGame) -> EngineBug:
    """The one-line report of a game that never ended, with the command that prints its moves."""
    command = ["cardforge simulate", spec.game, f"--players {spec.players}", f"--bots {','.join(spec.bots)}",
               *(f"--house {pair}" for pair in spec.house), *(f"--option {pair}" for pair in spec.options),
               *([f"--seating {spec.seating}"] if spec.seating != "rotate" else []),
               f"--seed {spec.seed}", f"--replay {error.index}"]
    house = ", ".join(spec.house) or "default rules"
    return EngineBug(f"{error} ({house}): a bug in the {spec.game} engine or its bots, not in your input; "
                     f"please report it with the command that prints its moves: {' '.join(command)}")


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def batches(games: int, workers: int, first: int = 0) -> list[tuple[int, int]]:
    """Index ranges of games ``first``…``games - 1``: about 20 per worker (for progress and
    balance), 1–250 games each."""
    size = max(1, min(250, (games - first) // max(1, workers * 20)))
    return [(start, min(start + size, games)) for start in range(first, games, size)]


def _collect(futures: Any, total: int, progress: Progress | None, records: list, collected: set | None = None) -> None:
    """Add each finished batch's games to ``records``, reporting progress (and noting each
    future in ``collected``)."""
    for future in futures:
        records.extend(future.result())
        if collected is not None:
            collected.add(future)
        if progress:
            progress(len(records), total)


def _local(spec: SimSpec, jobs: int, progress: Progress | None, records: list, first: int = 0,
           trace: bool = False) -> None:
    ranges = batches(spec.games, jobs, first)
    if jobs <= 1:
        for start, stop in ranges:
            records.extend(play_batch(spec, start, stop, trace))
            if progress:
                progress(len(records), spec.games - first)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    stop = context.Event()
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=stop_when, initargs=(stop,))
    futures: list[Any] = []
    collected: set[Any] = set()
    try:
        futures = [pool.submit(play_batch, spec, a, b, trace) for a, b in ranges]
        _collect(as_completed(futures), spec.games - first, progress, records, collected)
    except BaseException:  # Ctrl-C or an error: the running batches end after their current game
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
        for future in futures:  # what they played is kept
            if future not in collected and future.done() and not future.cancelled() and future.exception() is None:
                records.extend(future.result())
        raise
    pool.shutdown()


#: seconds a cluster may have no worker before the run stops (workers restarting come back sooner)
CLUSTER_WAIT = 60.0

#: the protocols a Dask address may start with
CLUSTER_SCHEMES = ("tcp", "tls", "inproc", "ucx", "ws", "wss")


def _check_address(address: str) -> None:
    """A one-line ``UsageError`` for an address whose protocol Dask does not have (``tpc://``)."""
    if "://" in address:
        scheme = address.split("://", 1)[0]
        if scheme not in CLUSTER_SCHEMES:
            raise refusal(UsageError, "error.simulate.cluster_scheme", address=repr(address), scheme=scheme)


def code_version() -> str:
    """This cardforge's version and a fingerprint of its code (BLAKE2b of every module's path and
    bytes): two development checkouts of one version with different code differ."""
    import hashlib
    from pathlib import Path

    import cardforge

    root = Path(cardforge.__file__).parent
    digest = hashlib.blake2b(digest_size=6)
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return f"{cardforge.__version__}+{digest.hexdigest()}"


def check_versions(mine: str, theirs: dict[str, str]) -> None:
    """``UsageError`` when a worker runs another cardforge than ``mine`` (worker → version)."""
    other = sorted({f"{worker}: {version}" for worker, version in theirs.items() if version != mine})
    if other:
        raise refusal(UsageError, "error.simulate.cluster_version", mine=mine, theirs=", ".join(other))


def _cluster(spec: SimSpec, address: str, progress: Progress | None, records: list, first: int = 0,
             trace: bool = False) -> None:
    _check_address(address)
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise refusal(UsageError, "error.simulate.no_dask") from None
    try:
        client = Client(address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise refusal(UsageError, "error.simulate.unreachable", address=repr(address), why=exc) from None
    except (ValueError, TypeError) as exc:  # not an address Dask can parse
        raise refusal(UsageError, "error.simulate.cluster", address=repr(address), why=str(exc)) from None
    with client:
        check_versions(code_version(), client.run(code_version))
        workers = max(1, sum(client.nthreads().values()))
        ranges = batches(spec.games, workers, first)
        futures = client.map(play_batch, [spec] * len(ranges), [a for a, _ in ranges], [b for _, b in ranges],
                             [trace] * len(ranges), pure=False)
        try:
            _collect_watching(client, address, as_completed(futures), spec.games - first, progress, records)
        finally:
            client.cancel([f for f in futures if not f.done()])


def _collect_watching(client: Any, address: str, finished: Any, total: int, progress: Progress | None,
                      records: list) -> None:
    """``_collect`` that stops with one line when the cluster has had no worker for
    ``CLUSTER_WAIT`` seconds (Dask itself waits for workers forever)."""
    import queue
    import threading

    done: queue.Queue = queue.Queue()

    def drain() -> None:
        try:
            for future in finished:
                done.put(("ok", future))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            done.put(("error", exc))
        done.put(("end", None))

    threading.Thread(target=drain, daemon=True).start()
    alone_since: float | None = None
    played = len(records)
    while True:
        try:
            kind, item = done.get(timeout=1.0)
        except queue.Empty:
            if client.nthreads():
                alone_since = None
            elif alone_since is None:
                alone_since = time.monotonic()
            elif time.monotonic() - alone_since > CLUSTER_WAIT:
                raise refusal(UsageError, "error.simulate.cluster_lost", address=address, seconds=f"{CLUSTER_WAIT:g}",
                              done=len(records) - played, total=total) from None
            continue
        if kind == "end":
            return
        if kind == "error":
            raise item
        records.extend(item.result())
        if progress:
            progress(len(records) - played, total)


def run(spec: SimSpec, *, jobs: int | None = None, cluster: str | None = None,
        progress: Progress | None = None, first: int = 0, trace: bool = False) -> Outcome:
    """Play games ``first``… of ``spec`` (every game by default; ``trace``: with their audit
    trail); Ctrl-C stops early and returns the games finished."""
    spec.check()  # a bad house rule or option fails here, once, with its message
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    interrupted = False
    try:
        if cluster:
            _cluster(spec, cluster, progress, records, first, trace)
        else:
            _local(spec, jobs or default_jobs(), progress, records, first, trace)
    except (KeyboardInterrupt, Interrupted):  # Ctrl-C (the CLI turns SIGINT into Interrupted)
        interrupted = True
    except RunawayGame as error:  # from this process, a pool worker or a cluster worker
        raise runaway_error(spec, error) from None
    return Outcome(records, time.perf_counter() - start, interrupted)
