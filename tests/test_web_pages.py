"""What the pages a phone at the table sees say and keep (issue 28), through the in-process
client: a refusal keeps every field and shows by the button, each game's turn model on the tray,
Num-X as a 17 / 0 choice, the sheet as a grid, the installable shell, the smaller defects."""

from __future__ import annotations

import html
import json
import re

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_support import client
from tests.web_support import new_match as _new


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def _tray(page: str) -> str:
    """The entry tray's form (the dock's ``form.move``)."""
    return re.search(r'<form[^>]*class="move tray".*?</form>', page, re.S).group(0)


def _value(page: str, field: str) -> str:
    return html.unescape(re.search(rf'id="{field}"[^>]*value="([^"]*)"', page).group(1))


def test_a_refused_reveal_keeps_every_card_and_says_why_by_the_button(db):
    _new(db, "rows", "Ana,Ben,Chloé")
    form = {"n0": "Ana", "c0": "R7", "n1": "Ben", "c1": "R7", "n2": "Chloé", "c2": "B5", "version": "0", "move_id": "m1"}
    refused = client(db).post("/m/1/move", data=form, headers={"HX-Request": "true"})
    assert refused.status_code == 422
    tray = _tray(refused.text)
    assert [_value(tray, f"c{i}") for i in range(3)] == ["R7", "R7", "B5"]  # nothing wiped
    assert 'id="error"' in tray and tray.index('id="error"') < tray.index('class="primary big"')  # by the button
    assert 'id="error"' not in refused.text.split('<div class="dock"')[0]  # not at the top


def test_a_refused_round_by_hand_keeps_its_fields_and_error_by_its_button(db):
    _new(db, "rows", "Ana,Ben")
    refused = client(db).post("/m/1/round", data={"p0_cards": "R5,RB17", "p1_cards": "G4"})
    entry = re.search(r'<section class="entry".*?</section>', refused.text, re.S).group(0)
    assert refused.status_code == 422 and _value(entry, "p0_cards") == "R5,RB17" and 'id="error"' in entry
    assert "<details class=\"by-hand\" open>" in refused.text  # the folded form opens to show it


def test_the_tray_carries_the_position_version_and_a_move_id_slot(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    tray = _tray(web.get("/m/1").text)
    assert '<input type="hidden" name="version" value="0">' in tray and 'name="move_id"' in tray
    web.post("/m/1/move", data={"n0": "Ana", "c0": "R7", "n1": "Ben", "c1": "SH3"})
    assert 'name="version" value="0"' not in _tray(web.get("/m/1").text)  # the live model's version moved on


def test_sequence_the_tray_follows_whose_turn_it_is(db):
    _new(db, "sequence", "Ana,Ben", rounds=3)
    web = client(db)
    selected = re.compile(r"<option selected>(\w+)</option>")
    assert selected.search(_tray(web.get("/m/1").text)).group(1) == "Ana"
    web.post("/m/1/move", data={"n0": "Ana", "c0": "R3"})
    assert selected.search(_tray(web.get("/m/1").text)).group(1) == "Ana"  # Ana goes on drawing
    assert web.post("/m/1/move", data={"n0": "Ana", "act": "end"}).status_code == 303  # the stop button
    page = web.get("/m/1").text
    assert selected.search(_tray(page)).group(1) == "Ben"  # never back to the first player by itself
    assert "Ben to play" in page
    assert 'name="act" value="end"' in _tray(page)


def test_tricks_bids_announced_stay_in_the_round_form_after_the_first_lay(db):
    _new(db, "tricks", "Ana,Ben,Chloé", rounds=3)
    web = client(db)
    bids = {"kind": "bid", "n0": "Ana", "c0": "1", "n1": "Ben", "c1": "0", "n2": "Chloé", "c2": "1"}
    assert web.post("/m/1/move", data=bids).status_code == 303
    assert web.post("/m/1/move", data={"n0": "Ana", "c0": "RB10"}).status_code == 303
    page = web.get("/m/1").text
    assert [re.search(rf'name="p{i}_bid"[^>]*value="(\d*)"', page).group(1) for i in range(3)] == ["1", "0", "1"]


def test_num_x_is_a_17_or_0_choice_in_the_picker_and_a_tap_is_accepted(db):
    _new(db, "tricks", "Ana,Ben,Chloé", rounds=3)
    web = client(db)
    page = web.get("/m/1").text
    assert 'data-code="numx=17"' in page and 'data-code="numx=0"' in page and 'data-code="numx"' not in page
    web.post("/m/1/move", data={"kind": "bid", "n0": "Ana", "c0": "1", "n1": "Ben", "c1": "0", "n2": "Chloé", "c2": "0"})
    laid = web.post("/m/1/move", data={"n0": "Ana", "c0": "numx=17"})  # what the tile puts in the field
    assert laid.status_code == 303
    assert "numx=17" in web.get("/m/1").text


def test_every_phone_reads_the_outcome_first_and_the_steps_behind_why(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    web.post("/m/1/move", data={"n0": "Ana", "c0": "R7", "n1": "Ben", "c1": "SH3"})
    page = html.unescape(client(db).get("/m/1").text)  # another phone
    verdict = re.search(r'<section class="verdict last".*?</section>', page, re.S).group(0)
    assert verdict.index('class="summary') < verdict.index('<details class="why"><summary>Why?</summary>')
    assert verdict.index("Why?") < verdict.index("ROWS-2.3")
    assert re.search(r'alt="R7"[^>]*class="fresh"', page) and re.search(r'alt="SH3"[^>]*class="fresh"', page)
    assert not re.search(r'alt="R0"[^>]*class="fresh"', page)


def test_a_lost_sequence_is_said_in_the_loss_colour(db):
    page = client(db).get("/referee/sequence", params={"q": "check", "cards": "R3 G5 B5"}).text
    assert '<p class="summary lost">' in page
    css = client(db).get("/static/cardforge.css").text
    assert ".verdict .summary.lost { color: var(--bad); }" in css


def test_the_score_sheet_is_a_grid_with_running_totals_and_the_leader(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    web.post("/m/1/round", data={"p0_cards": "R5,R9,RB3", "p1_cards": "G4"})
    web.post("/m/1/round", data={"p0_cards": "R2", "p1_cards": "G8,G9"})
    page = html.unescape(web.get("/m/1").text)
    grid = re.search(r'<table class="grid">.*?</table>', page, re.S).group(0)
    cells = re.findall(r'data-round="(\d)" data-side="(\w+)" data-typed="([^"]*)".*?<span class="pts">([^<]*)</span>'
                       r'<small><span class="sr">Running total </span>([^<]*)</small>', grid)
    assert cells == [("1", "Ana", "R5,R9,RB3", "+17", "17"), ("1", "Ben", "G4", "+4", "4"),
                     ("2", "Ana", "R2", "+2", "19"), ("2", "Ben", "G8,G9", "+17", "21")]
    assert '<th scope="col" class="leader">Ben' in grid  # the leader so far, highlighted
    assert 'action="/m/1/correct"' in page  # a tapped cell posts its correction


def test_collection_cells_say_objective_names_never_their_ids(db):
    _new(db, "collection", "Ana,Ben")
    web = client(db)
    assert web.post("/m/1/round", data={"p0_cards": "small_straight:R3,G4,B5", "p1_cards": ""}).status_code == 303
    sheet = html.unescape(re.search(r'<section id="sheet".*?</section>', web.get("/m/1").text, re.S).group(0))
    assert "Small straight" in sheet and "small_straight 5" not in sheet
    french = client(db).get("/m/1", headers={"Accept-Language": "fr"}).text
    assert "Petite Suite" in html.unescape(french)


def test_the_smaller_defects_skip_link_trophy_error_heading_and_labels(db):
    _new(db, "sequence", "Ana,Ben")
    web = client(db)
    page = web.get("/m/1").text
    assert '<a class="skip" href="#main">Skip to the content</a>' in page and '<main id="main" tabindex="-1">' in page
    assert not re.search(r"<div(?![^>]*\brole=)[^>]*aria-label", page)  # an aria-label only where a role takes it
    missing = web.get("/m/999")
    assert missing.status_code == 404 and "<h1>" in missing.text
    with Store(db) as store:
        keeper = Scorekeeper(store)
        keeper.new_match("rows", "Ana,Ben")
        for _ in range(12):
            if keeper.standings(2).outcome.over:
                break
            keeper.record_round(["Ana=R5,R9,RB16", "Ben=G4"], match_id=2)
    over = web.get("/m/2").text
    assert "🏆" not in over and 'class="trophy"' in over
    assert 'action="/m/2/rematch"' in over and 'href="/m/2/final"' in over


def test_the_page_is_installable_and_its_service_worker_caches_the_shell_only(db):
    web = client(db)
    page = web.get("/").text
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    manifest = web.get("/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    icons = json.loads(manifest.text)["icons"]
    assert all(web.get(icon["src"]).status_code == 200 for icon in icons)
    worker = web.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["content-type"].startswith("text/javascript")
    assert 'if (req.method !== "GET") return;' in worker.text  # a write never goes near the cache
    shell = re.search(r"var FILES = \[(.*?)\];", worker.text, re.S).group(1)
    assert "/m/" not in shell and all(web.get(f).status_code == 200 for f in re.findall(r'"([^"]+)"', shell))


def test_the_new_match_form_takes_rounds_start_cards_and_house_rules(db):
    web = client(db)
    home = web.get("/").text
    for field in ('id="rounds"', 'id="start_cards"', 'id="house"'):
        assert field in home, field
    created = web.post("/matches", data={"game": "tricks", "players": "Ana,Ben,Chloé", "rounds": "3",
                                         "start_cards": "2", "house": "equal_value=highest\naction_cards=follow"})
    assert created.status_code == 303, html.unescape(created.text)
    with Store(db) as store:
        match = Scorekeeper(store).standings(1).match
    assert (match.rounds, match.start_cards) == (3, 2) and match.house == ("equal_value=highest", "action_cards=follow")
