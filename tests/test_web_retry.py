"""Issue 28: a move carries the position's version and the phone's move id — a retry after a lost
answer is applied once, a move made on a position another phone changed is refused saying what
changed."""

from __future__ import annotations

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_support import client


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "table.sqlite3"
    Scorekeeper(Store(path)).new_match("rows", "Ana,Ben")
    return path


def _reveal(web, a, b, **fields):
    return web.post("/m/1/move", data={"n0": "Ana", "c0": a, "n1": "Ben", "c1": b, **fields})


def _moves(db) -> int:
    return len(Store(db).digest(1).positions)


def test_the_same_move_id_sent_twice_is_applied_once(db):
    web = client(db)
    assert _reveal(web, "R1", "SH1", version="0", move_id="m-1").status_code == 303
    again = _reveal(web, "R1", "SH1", version="0", move_id="m-1")  # the answer was lost: sent again
    assert again.status_code == 303 and _moves(db) == 1
    shown = web.post("/m/1/move", data={"n0": "Ana", "c0": "R1", "n1": "Ben", "c1": "SH1", "version": "0",
                                        "move_id": "m-1"}, headers={"HX-Request": "true"})
    assert shown.status_code == 200 and "ROWS-" in shown.text  # the first verdict again
    assert _reveal(web, "R2", "G2", move_id="m-2").status_code == 303 and _moves(db) == 2


def test_a_move_on_a_stale_version_says_what_changed_meanwhile(db):
    ana, ben = client(db), client(db)
    assert _reveal(ana, "R1", "SH1", version="0", move_id="a-1").status_code == 303
    stale = _reveal(ben, "R2", "G2", version="0", move_id="b-1")
    assert stale.status_code == 422 and "meanwhile" in stale.text and "R1" in stale.text
    assert _moves(db) == 1


def test_the_move_form_carries_the_version_and_a_move_id_field(db):
    web = client(db)
    _reveal(web, "R1", "SH1")
    page = web.get("/m/1").text
    version = Store(db).digest(1).position.event.position["history"]
    assert f'name="version" value="{len(version)}"' in page and 'name="move_id"' in page


def test_a_version_that_is_not_a_number_is_one_line(db):
    answer = _reveal(client(db), "R1", "SH1", version="x" * 5000)
    assert answer.status_code == 422 and "expected a whole number" in answer.text and "x" * 30 not in answer.text
