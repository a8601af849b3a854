"""cardforge serve: start-up time and a page action's round trip, each against a baseline
measured in the same run.

- start: from launching ``python -m cardforge serve`` to its first answer, against launching
  ``python -c pass`` (the interpreter alone); target ≤ 1 s.
- round trip over HTTP on 127.0.0.1: a rows reveal on the live table (parse, place, one
  durable SQLite transaction, the page fragment rendered) and a score-sheet round, against an
  empty request (``/ping``) to the same server; target ≤ 50 ms more than the empty request.
  A bare durable SQLite commit (WAL, ``synchronous=FULL``: the fsync that makes an entry
  survive ``kill -9``) is timed beside them, since on a busy disk it is most of the difference.
- cost against the history (issue 28): a rows reveal (and its undo) on a match whose log holds
  2,000 events, against the same on an empty match, interleaved in the same run; target: within
  10 % (each request reads the match's snapshot, not its log).
"""

from __future__ import annotations

import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web_support import Server  # noqa: E402

CARDS = [("R1", "SH1"), ("R2", "G2"), ("R3", "G3"), ("R4", "B5"), ("R6", "Y1"), ("R8", "Y2"), ("B3", "Y3"),
         ("B4", "R10"), ("Y5", "RB4")]  # nine reveals: the round never ends, every reveal is alike


def _request(url: str, data: dict[str, str] | None = None) -> float:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    request = urllib.request.Request(url, data=body, headers={"HX-Request": "true"})
    start = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
    return time.perf_counter() - start


def durable_commit(folder: Path, n: int = 30) -> float:
    db = sqlite3.connect(folder / "bare.sqlite3", isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (seq INTEGER PRIMARY KEY, payload TEXT)")
    times = []
    for i in range(n):
        start = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (payload) VALUES (?)", (f'{{"round": {i}}}',))
        db.execute("COMMIT")
        times.append(time.perf_counter() - start)
    db.close()
    return statistics.median(times)


LONG = 2_000  # events in the long match's log


def fill(db: Path, match_id: int, events: int) -> None:
    """``events`` entries on a rows match's log: reveals each taken back (the match never ends)."""
    from cardforge.web.live import LiveTable

    table = LiveTable(db, match_id)
    for _ in range(events // 2):
        table.move(["Ana=R1", "Ben=SH1"])
        table.undo()


def against_history(folder: Path) -> None:
    db = folder / "history.sqlite3"
    from cardforge.table.scorekeeper import Scorekeeper
    from cardforge.table.store import Store

    with Store(db) as store:
        Scorekeeper(store).new_match("rows", "Ana,Ben")
        Scorekeeper(store).new_match("rows", "Ana,Ben")
    fill(db, 2, LONG)
    server = Server(db, folder / "cache")
    try:
        times: dict[int, list[float]] = {1: [], 2: []}
        for i in range(40):
            for match in (1, 2) if i % 2 else (2, 1):
                reveal = _request(f"{server.url}/m/{match}/move", {"n0": "Ana", "c0": "R1", "n1": "Ben", "c1": "SH1"})
                times[match].append(reveal + _request(f"{server.url}/m/{match}/live-undo", {}))
    finally:
        server.stop()
    empty, long = statistics.median(times[1][5:]), statistics.median(times[2][5:])
    ratio = long / empty
    print(f"a reveal and its undo at {LONG:,} events: median {long * 1000:.1f} ms vs {empty * 1000:.1f} ms on an "
          f"empty match (ratio {ratio:.2f}, n={len(times[2]) - 5}; target ≤ 1.10: {'ok' if ratio <= 1.10 else 'OVER'})")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        interpreter = []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            interpreter.append(time.perf_counter() - t)
        starts = []
        for i in range(3):
            server = Server(folder / f"start{i}.sqlite3", folder / "cache")
            starts.append(server.ready_after)
            server.stop()
        start, base = statistics.median(starts), statistics.median(interpreter)
        print(f"start-up: {start * 1000:.0f} ms to the first answer (python -c pass: {base * 1000:.0f} ms, "
              f"ratio {start / base:.1f}×; target ≤ 1000 ms: {'ok' if start <= 1.0 else 'OVER'})")

        db = folder / "table.sqlite3"
        from cardforge.table.scorekeeper import Scorekeeper
        from cardforge.table.store import Store

        with Store(db) as store:
            keeper = Scorekeeper(store)
            for _ in range(10):
                keeper.new_match("rows", "Ana,Ben")
            keeper.new_match("sequence", "Ana,Ben", rounds=40)
        server = Server(db, folder / "cache")
        try:
            _request(server.url + "/m/1")  # warm the templates and the deck caches
            empty, reveal, sheet = [], [], []
            for match in range(1, 11):
                for a, b in CARDS:
                    empty.append(_request(server.url + "/ping"))
                    reveal.append(_request(f"{server.url}/m/{match}/move", {"n0": "Ana", "c0": a, "n1": "Ben", "c1": b}))
            for i in range(30):
                empty.append(_request(server.url + "/ping"))
                sheet.append(_request(f"{server.url}/m/11/round", {"p0_cards": "R3,G5", "p1_cards": f"B{i % 10 + 1}"}))
        finally:
            server.stop()
        e = statistics.median(empty)
        commit = durable_commit(folder)
        print(f"a bare durable SQLite commit on this disk now: {commit * 1000:.1f} ms")
        for name, times in (("live reveal (rows)", reveal), ("score-sheet round", sheet)):
            m = statistics.median(times)
            extra = m - e
            print(f"{name}: median {m * 1000:.1f} ms vs empty request {e * 1000:.1f} ms "
                  f"(+{extra * 1000:.1f} ms, ratio {m / e:.1f}×, n={len(times)}; "
                  f"target ≤ +50 ms: {'ok' if extra <= 0.050 else 'OVER'})")
        against_history(folder)
        print("(machine shared with other jobs: compare the ratios, not the absolute times)")


if __name__ == "__main__":
    main()
