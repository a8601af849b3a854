"""Issue 28, the score sheet's server side: a cell corrected is an undoable correction event
(the round keeps its place), a rematch, the final sheet as PNG and PDF, the new-match form's
house rules / start cards / round count, and French pages' refusals in French."""

from __future__ import annotations

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.conftest import run_cli
from tests.web_support import client


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def _sheet(db, match=1):
    return Scorekeeper(Store(db)).standings(match)


def _rows_sheet(db):
    Scorekeeper(Store(db)).new_match("rows", "Ana,Ben")
    web = client(db)
    for ana, ben in (("R5", "G4"), ("B3", "Y1")):
        assert web.post("/m/1/round", data={"p0_cards": ana, "p1_cards": ben}).status_code == 303
    return web


def test_a_corrected_cell_keeps_its_round_in_place_and_undo_takes_it_back(db):
    web = _rows_sheet(db)
    first = _sheet(db).rounds[0]
    answer = web.post("/m/1/correct", data={"round_seq": str(first.seq), "player": "Ben", "entry": "G4,G9",
                                            "move_id": "c1"})
    assert answer.status_code == 303
    rounds = _sheet(db).rounds
    assert [r.number for r in rounds] == [1, 2] and rounds[0].typed == ("Ana=R5", "Ben=G4,G9")
    assert rounds[1].typed == ("Ana=B3", "Ben=Y1")
    again = web.post("/m/1/correct", data={"round_seq": str(first.seq), "player": "Ben", "entry": "G4,G9"})
    assert again.status_code == 303  # a retry: nothing more written
    cli = run_cli("table", "undo", "--db", str(db))  # the CLI's undo takes the correction back
    assert cli.code == 0, cli.err
    rounds = _sheet(db).rounds
    assert [r.typed for r in rounds] == [("Ana=R5", "Ben=G4"), ("Ana=B3", "Ben=Y1")]
    assert web.post("/m/1/undo").status_code == 303 and len(_sheet(db).rounds) == 1  # then the last round


def test_a_refused_correction_writes_nothing_and_says_why(db):
    web = _rows_sheet(db)
    first = _sheet(db).rounds[0]
    bad = web.post("/m/1/correct", data={"round_seq": str(first.seq), "player": "Ben", "entry": "R5"})
    assert bad.status_code == 422 and "R5" in bad.text  # Ana already has it
    gone = web.post("/m/1/correct", data={"round_seq": "999", "player": "Ben", "entry": "G1"})
    assert gone.status_code == 422 and "no round 999" in gone.text
    assert [r.typed for r in _sheet(db).rounds] == [("Ana=R5", "Ben=G4"), ("Ana=B3", "Ben=Y1")]


def test_a_tricks_cell_is_corrected_as_bid_and_won(db):
    keeper = Scorekeeper(Store(db))
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3)
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=0/0"])
    seq = _sheet(db).rounds[0].seq
    web = client(db)
    answer = web.post("/m/1/correct", data={"round_seq": str(seq), "player": "Ana", "entry": "0/1"})
    assert answer.status_code == 303 and _sheet(db).rounds[0].typed[0] == "Ana=0/1"


def test_a_rematch_starts_a_new_match_with_the_same_table(db):
    keeper = Scorekeeper(Store(db))
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3, start_cards=2, house=["team_bids=joint"], title="Vendredi")
    web = client(db)
    answer = web.post("/m/1/rematch")
    assert answer.status_code == 303 and answer.headers["location"] == "/m/2"
    old, new = _sheet(db, 1).match, _sheet(db, 2).match
    assert (new.game, new.players, new.rounds, new.start_cards, new.house, new.title) == \
        (old.game, old.players, old.rounds, old.start_cards, old.house, old.title)


def test_the_final_sheet_is_a_png_and_a_pdf(db):
    web = _rows_sheet(db)
    png = web.get("/m/1/final")
    assert png.status_code == 200 and png.headers["content-type"] == "image/png"
    assert png.content.startswith(b"\x89PNG") and "filename=" in png.headers["content-disposition"]
    pdf = web.get("/m/1/final", params={"format": "pdf"})
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_new_match_form_takes_house_rules_start_cards_and_rounds(db):
    web = client(db)
    answer = web.post("/matches", data={"game": "tricks", "players": "Ana,Ben,Chloé", "rounds": "4",
                                        "start_cards": "2", "house": "team_bids=joint"})
    assert answer.status_code == 303, answer.text
    match = _sheet(db).match
    assert (match.rounds, match.start_cards, match.house) == (4, 2, ("team_bids=joint",))
    bad = web.post("/matches", data={"game": "tricks", "players": "Ana,Ben,Chloé", "rounds": "9" * 50})
    assert bad.status_code == 422 and "expected a whole number" in bad.text


def test_an_unknown_game_is_refused_in_the_pages_language(db):
    web = client(db)
    web.cookies.set("lang", "fr")
    answer = web.post("/matches", data={"game": "belote", "players": "Ana,Ben"})
    assert answer.status_code == 422 and "belote" in answer.text
    assert "jeu" in answer.text.split('class="error"', 1)[1].split("</p>", 1)[0]
