"""Issue 28, the store under the page: a position keeps its order from one phone to the next."""

from __future__ import annotations

import re

import pytest

from cardforge.table.events import PositionSaved, decode_event, encode_event
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
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
