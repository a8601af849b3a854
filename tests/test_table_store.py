"""The score-sheet database: append-only, crash-safe, consistent for concurrent readers (issue 9)."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from cardforge.errors import UsageError
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.standings import compute_standings
from cardforge.table.store import SCHEMA_VERSION, Store

ROOT = Path(__file__).resolve().parent.parent

#: A writer that records rounds forever (two players always tied: ROWS-R9 never ends the match)
#: and prints each confirmed event number after its commit.
WRITER = """
import sys
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
with Store(sys.argv[1]) as store:
    keeper = Scorekeeper(store)
    keeper.new_match("rows", "Ana,Ben")
    while True:
        s = keeper.record_round(["Ana=R5,G7,B2", "Ben=G5,R7,Y2"])
        print(s.rounds[-1].seq, flush=True)
"""


def test_kill_9_mid_entry_loses_nothing_confirmed(tmp_path):
    db = tmp_path / "crash.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(db)], stdout=subprocess.PIPE, text=True,
                              env=env, cwd=ROOT)
    confirmed = []
    try:
        for line in writer.stdout:
            confirmed.append(int(line))
            if len(confirmed) >= 25:
                break
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=60)
    assert writer.returncode == -signal.SIGKILL
    with Store(db) as store:
        assert store.integrity_check() == "ok"
        events = store.events(1)
        seqs = {e.seq for e in events}
        assert set(confirmed) <= seqs  # every confirmed entry survived
        standings = compute_standings(events)  # and the log still replays
        assert len(standings.rounds) >= len(confirmed)
        assert all(r.points == {"Ana": 14, "Ben": 14} for r in standings.rounds)


def test_concurrent_readers_see_consistent_standings(tmp_path):
    db = tmp_path / "busy.sqlite3"
    with Store(db) as store:
        Scorekeeper(store).new_match("rows", "Ana,Ben")
    rounds, problems, done = 30, [], threading.Event()

    def write() -> None:
        try:
            with Store(db) as store:
                keeper = Scorekeeper(store)
                for i in range(rounds):  # always a tie: both win the round, nobody ends the match
                    keeper.record_round([f"Ana=R{i % 17}", f"Ben=G{i % 17}"])
        finally:
            done.set()

    def read() -> None:
        seen = 0
        with Store(db) as store:
            while not done.is_set():
                s = compute_standings(store.events(1))
                n = len(s.rounds)
                if n < seen or [r.number for r in s.rounds] != list(range(1, n + 1)):
                    problems.append(f"rounds went from {seen} to {[r.number for r in s.rounds]}")
                if s.totals != {p: sum(r.points[p] for r in s.rounds) for p in ("Ana", "Ben")}:
                    problems.append(f"totals {s.totals} do not add up")
                if s.tallies[0].values != {"Ana": n, "Ben": n}:
                    problems.append(f"round wins {s.tallies[0].values} after {n} rounds")
                seen = n

    threads = [threading.Thread(target=write)] + [threading.Thread(target=read) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not problems, problems[:3]
    with Store(db) as store:
        assert len(compute_standings(store.events(1)).rounds) == rounds


def test_log_is_append_only_and_versioned(tmp_path):
    db = tmp_path / "log.sqlite3"
    with Store(db) as store:
        Scorekeeper(store).new_match("rows", "Ana,Ben")
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    for statement in ("UPDATE events SET payload = '{}'", "DELETE FROM events"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute(statement)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.commit()
    raw.close()
    with pytest.raises(UsageError, match="newer than this cardforge"):
        Store(db)


def test_undo_is_exact(keeper_db):
    keeper = keeper_db
    keeper.new_match("tricks", "Ana,Ben,Chloé")
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=0/0"])
    before = keeper.standings().to_json()
    keeper.record_round(["Ana=2/2", "Ben=0/0", "Chloé=0/0"])
    undo = keeper.undo()
    assert undo.taken_back.number == 2 and undo.standings.to_json() == before
    keeper.undo()
    with pytest.raises(UsageError, match="nothing to undo"):
        keeper.undo()
    # the streak restarts exactly as if the undone rounds had never been played
    s = keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=0/0"])
    assert s.rounds[0].cells["Ana"]["bonus"] == 0


@pytest.fixture
def keeper_db(tmp_path):
    with Store(tmp_path / "undo.sqlite3") as store:
        yield Scorekeeper(store)
