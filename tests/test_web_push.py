"""Issue 28: every phone is told of a move as it happens — ``GET /m/ID/events`` pushes the
match's new event number, its live version and the match fragment (the ruling), for a move
made through the server and for an entry made by another process (the CLI)."""

from __future__ import annotations

import json
import urllib.request

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.conftest import run_cli
from tests.web_support import Server, client


@pytest.fixture
def server(tmp_path):
    db = tmp_path / "table.sqlite3"
    with Store(db) as store:
        Scorekeeper(store).new_match("rows", "Ana,Ben")
    running = Server(db, tmp_path / "cache")
    yield running
    running.stop()


def _next_change(stream) -> dict:
    """The next ``change`` event's data (comments and the retry line skipped)."""
    event = ""
    for raw in stream:  # bounded by the socket timeout: only a hang waits that long
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "change":
            return json.loads(line[6:])


def test_a_move_is_pushed_to_every_open_stream_with_its_ruling(server):
    streams = [urllib.request.urlopen(f"{server.url}/m/1/events", timeout=60) for _ in range(3)]
    try:
        assert all(s.headers["content-type"].startswith("text/event-stream") for s in streams)
        assert server.post("/m/1/move", {"n0": "Ana", "c0": "R1", "n1": "Ben", "c1": "SH1"}) == 303
        changes = [_next_change(s) for s in streams]
        assert len({c["seq"] for c in changes}) == 1 and changes[0]["version"] == 3
        assert all("ROWS-" in c["html"] and 'id="match"' in c["html"] for c in changes)  # the ruling
    finally:
        for s in streams:
            s.close()


def test_an_entry_made_by_another_process_is_pushed_too(server):
    with urllib.request.urlopen(f"{server.url}/m/1/events", timeout=60) as stream:
        result = run_cli("referee", "rows", "play", "Ana=R2", "Ben=G2", "--table", "--db", str(server.db))
        assert result.code == 0, result.err
        change = _next_change(stream)
    assert change["seq"] == Store(server.db).last_seq(1) and "R2" in change["html"]


def test_a_phone_that_missed_changes_is_told_at_once(server):
    server.post("/m/1/move", {"n0": "Ana", "c0": "R1", "n1": "Ben", "c1": "SH1"})
    request = urllib.request.Request(f"{server.url}/m/1/events", headers={"Last-Event-ID": "1"})
    with urllib.request.urlopen(request, timeout=60) as stream:
        assert _next_change(stream)["seq"] == Store(server.db).last_seq(1)


def test_the_stream_of_an_unknown_match_is_one_line(tmp_path):
    web = client(tmp_path / "t.sqlite3")
    answer = web.get("/m/7/events")
    assert answer.status_code == 404 and "no match" in answer.text
