"""Issue 28: no request answers 500 — a bad URL, a field beyond bounds, a question asked of the
wrong game — each is one line, as the CLI says it."""

from __future__ import annotations

import warnings

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store


@pytest.fixture
def web(tmp_path):
    """A client that answers 500 instead of raising, so a server error is seen as one."""
    from cardforge.web.app import create_app

    db = tmp_path / "table.sqlite3"
    keeper = Scorekeeper(Store(db))
    keeper.new_match("numwin", "Ana,Ben")
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3)
    keeper.new_match("rows", "Ana,Ben")
    keeper.new_match("sequence", "Ana,Ben")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        return TestClient(create_app(db, pictures_dir=tmp_path / "p"), raise_server_exceptions=False,
                          follow_redirects=False, base_url="http://127.0.0.1")


@pytest.mark.parametrize("match", [3, 4])
def test_the_legal_cards_of_a_match_without_tricks_is_a_refusal(web, match):
    answer = web.get(f"/m/{match}/legal", params={"hand": "R3"})
    assert answer.status_code == 422 and "tricks match" in answer.text


@pytest.mark.parametrize("path", ["/m/x/undo", "/m/x/move", "/m/x/round", "/m/x/live-undo", "/m/%C3%A9/undo",
                                  "/m/" + "9" * 30 + "/undo"])
def test_a_write_to_a_match_that_is_not_a_number_is_not_found(web, path):
    answer = web.post(path, data={"p0_cards": "R5"})
    assert answer.status_code == 404 and "no match" in answer.text


def test_a_page_of_a_match_that_is_not_a_number_is_not_found(web):
    assert web.get("/m/x").status_code == 404
    assert web.get("/m/" + "9" * 5000).status_code == 404


def test_a_bid_of_thousands_of_digits_is_refused_in_one_line(web):
    answer = web.post("/m/2/round", data={"p0_bid": "9" * 5000, "p0_won": "1"})
    assert answer.status_code == 422 and "BID/WON" in answer.text


def test_the_cli_refuses_a_huge_bid_too(tmp_path):
    from cardforge.errors import UsageError

    keeper = Scorekeeper(Store(tmp_path / "t.sqlite3"))
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3)
    with pytest.raises(UsageError, match="BID/WON"):
        keeper.record_round(["Ana=" + "9" * 5000 + "/1", "Ben=0/0", "Chloé=0/0"])


def test_a_void_count_of_thousands_of_digits_is_refused(web):
    answer = web.post("/m/2/round", data={"void": "9" * 5000})
    assert answer.status_code == 422 and "expected a whole number" in answer.text


def test_names_and_titles_have_bounds(web):
    long_name = web.post("/matches", data={"game": "rows", "players": "A" * 10_000 + ",Ben"})
    assert long_name.status_code == 422 and "10000 characters" in long_name.text
    long_title = web.post("/matches", data={"game": "rows", "players": "Ana,Ben", "title": "t" * 1000})
    assert long_title.status_code == 422 and "at most 200" in long_title.text
    assert web.post("/matches", data={"game": "rows", "players": "Ana,Ben", "title": "t" * 200}).status_code == 303


def test_a_body_of_a_megabyte_is_refused_before_it_is_read(web):
    answer = web.post("/matches", data={"game": "rows", "players": "Ana,Ben", "title": "t" * 1_000_000})
    assert answer.status_code == 413


def test_french_bounds_speak_french(web):
    web.cookies.set("lang", "fr")
    answer = web.post("/matches", data={"game": "rows", "players": "Ana,Ben", "title": "t" * 1000})
    assert answer.status_code == 422 and "au plus 200" in answer.text
