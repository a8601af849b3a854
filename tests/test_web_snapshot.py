"""Issue 28, the store under the page: a position keeps its order from one phone to the next, and a
request reads the match's snapshot (a few rows), never its whole log."""

from __future__ import annotations

import re

import pytest

from cardforge.table.events import PositionSaved, decode_event, encode_event
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import SCHEMA_VERSION, Store
from tests.web_support import client


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def test_a_stored_position_keeps_the_order_it_was_saved_in():
    position = {"rows": {"B": ["B0"], "R": ["R0"], "Y": ["Y0"], "G": ["G0"]}, "game": "rows"}
    again = decode_event(PositionSaved.kind, encode_event(PositionSaved(position=position)))
    assert list(again.position) == ["rows", "game"] and list(again.position["rows"]) == ["B", "R", "Y", "G"]


def test_every_phone_sees_the_rows_in_the_order_of_the_phone_that_revealed(db):
    Scorekeeper(Store(db)).new_match("rows", "Ana,Ben,Chloé,Dan")
    phone, other = client(db), client(db)
    answer = phone.post("/m/1/move", data={"n0": "Ana", "c0": "R1", "n1": "Ben", "c1": "G2", "n2": "Chloé", "c2": "B3",
                                           "n3": "Dan", "c3": "Y4"}, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert len(_live_rows(answer.text)) == 4
    assert _live_rows(answer.text) == _live_rows(other.get("/m/1?part=match").text) == _live_rows(phone.get("/m/1").text)


def _live_rows(html: str) -> list[str]:
    """The rows as the page lists them, top to bottom."""
    return re.findall(r'class="rowline fam-(\w+)"', html)


def _sheet_with_history(db):
    """A rows match with rounds, an undone round, live moves and a live undo."""
    keeper = Scorekeeper(Store(db))
    keeper.new_match("rows", "Ana,Ben")
    web = client(db)
    for cards in ("R5", "G4", "B3"):
        assert web.post("/m/1/round", data={"p0_cards": cards, "p1_cards": "Y1"}).status_code == 303
    assert web.post("/m/1/undo").status_code == 303
    for a, b in (("R1", "SH1"), ("R2", "G2")):
        assert web.post("/m/1/move", data={"n0": "Ana", "c0": a, "n1": "Ben", "c1": b}).status_code == 303
    assert web.post("/m/1/live-undo").status_code == 303
    return keeper, web


def test_the_snapshot_gives_the_standings_and_position_of_the_whole_log(db):
    from cardforge.table.standings import compute_standings

    _sheet_with_history(db)
    with Store(db) as store:
        log, digest = store.events(1), store.digest(1)
    assert compute_standings(digest.events) == compute_standings(log)
    assert digest.position == [e for e in log if isinstance(e.event, PositionSaved)][-1]
    assert digest.last_seq == log[-1].seq and digest.count == len(log)
    assert len(digest.positions) == 1  # two moves, one taken back


def test_a_missing_or_stale_snapshot_is_rebuilt_from_the_log(db):
    import sqlite3

    keeper, web = _sheet_with_history(db)
    before = Store(db).digest(1)
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM snapshots")
    assert Store(db).digest(1) == before
    with sqlite3.connect(db) as raw:  # an older cardforge wrote a round without folding it in
        raw.execute("UPDATE snapshots SET payload = json_set(payload, '$.format', 0)")
    assert Store(db).digest(1) == before
    web.post("/m/1/round", data={"p0_cards": "G9", "p1_cards": "Y2"})
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM snapshots")
    assert len(keeper.standings(1).rounds) == 3


def test_a_schema_1_database_is_migrated_and_keeps_its_sheet(db):
    import sqlite3

    keeper, web = _sheet_with_history(db)
    shown = web.get("/m/1").text
    with sqlite3.connect(db) as raw:
        raw.execute("DROP TABLE snapshots")
        raw.execute("DROP TABLE phone_tokens")
        raw.execute("PRAGMA user_version = 1")
    assert client(db).get("/m/1").text == shown
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_move_and_a_page_read_the_snapshot_never_the_whole_log(db, monkeypatch):
    _sheet_with_history(db)
    web = client(db)
    web.get("/m/1")  # the snapshot is current

    def whole_log(self, match_id):
        raise AssertionError("the whole log was read")

    monkeypatch.setattr(Store, "_read", whole_log)
    assert web.post("/m/1/move", data={"n0": "Ana", "c0": "R2", "n1": "Ben", "c1": "G2"}).status_code == 303
    assert web.post("/m/1/live-undo").status_code == 303
    assert web.post("/m/1/round", data={"p0_cards": "G9", "p1_cards": "Y2"}).status_code == 303
    assert web.post("/m/1/undo").status_code == 303
    assert web.get("/m/1").status_code == 200 and web.get("/").status_code == 200
