"""Score sheets: durable entries per second and standings recompute time, each against a
baseline measured in the same run (a bare SQLite insert with the same WAL + synchronous=FULL
settings; replaying the log without scoring).  Also ``table show`` process latency."""

from __future__ import annotations

import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.table.scorekeeper import Scorekeeper  # noqa: E402
from cardforge.table.standings import compute_standings, live_rounds  # noqa: E402
from cardforge.table.store import Store  # noqa: E402

ROUND = ["Ana=R5,G7,B2", "Ben=G5,R7,Y2", "Chloé=B9"]  # Ana and Ben tie: ROWS-R9 keeps the match going


def bare_inserts_per_second(folder: Path, n: int) -> float:
    db = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, payload TEXT)")
    start = time.perf_counter()
    for i in range(n):
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"round": {i}}}',))
        db.execute("COMMIT")
    return n / (time.perf_counter() - start)


def main() -> None:
    n = 100
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        bare = bare_inserts_per_second(folder, n)
        with Store(folder / "table.sqlite3") as store:
            keeper = Scorekeeper(store)
            keeper.new_match("rows", "Ana,Ben,Chloé")
            start = time.perf_counter()
            for _ in range(n):
                keeper.record_round(ROUND)
            ours = n / (time.perf_counter() - start)
            events = store.events(1)
        times, replay = [], []
        for _ in range(5):
            t = time.perf_counter()
            compute_standings(events)
            times.append(time.perf_counter() - t)
            t = time.perf_counter()
            live_rounds(events)
            replay.append(time.perf_counter() - t)
        show = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "cardforge", "table", "show", "--db", str(folder / "table.sqlite3")],
                           cwd=ROOT, capture_output=True, check=True)
            show.append(time.perf_counter() - t)
    print(f"recorded rounds (validated, rescored, one durable transaction each): {ours:8.1f}/s "
          f"(bare durable insert {bare:8.1f}/s, ratio {bare / ours:.1f}x)")
    print(f"standings of a {n}-round match from its log: {statistics.median(times) * 1000:6.1f} ms "
          f"(replay without scoring {statistics.median(replay) * 1000:.2f} ms)")
    print(f"'cardforge table show' process: {statistics.median(show) * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
