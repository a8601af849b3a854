"""``cardforge serve``'s pages through Starlette's TestClient: the same store as the CLI, the
CLI's messages, escaping, the join code, undo, card pictures, languages, the referee."""

from __future__ import annotations

import re
import threading

import pytest

from cardforge.errors import CardforgeError
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.web_support import client


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def _keeper(db):
    return Scorekeeper(Store(db))


def _errors(html: str) -> list[str]:
    import html as h

    return [h.unescape(m) for m in re.findall(r'class="error"[^>]*>(.*?)</p>', html, re.S)]


def test_a_match_started_in_the_cli_shows_on_the_page_and_vice_versa(db):
    keeper = _keeper(db)
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3)
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=0/0"])
    web = client(db)
    page = web.get("/m/1")
    assert page.status_code == 200
    assert "Round 1" in page.text and "Chloé" in page.text
    assert web.post("/m/1/round", data={"p0_bid": "1", "p0_won": "1", "p1_bid": "0", "p1_won": "1",
                                        "p2_bid": "1", "p2_won": "0"}).status_code == 303
    rounds = keeper.standings(1).rounds
    assert len(rounds) == 2 and rounds[1].typed == ("Ana=1/1", "Ben=0/1", "Chloé=1/0")


def test_a_match_started_on_the_page_is_the_current_one_for_the_cli(db):
    web = client(db)
    response = web.post("/matches", data={"game": "rows", "players": "Ana, Ben, Chloé", "title": "Vendredi"})
    assert response.status_code == 303 and response.headers["location"] == "/m/1"
    standings = _keeper(db).standings()  # no match ID: the CLI's current match
    assert standings.match.players == ("Ana", "Ben", "Chloé") and standings.match.title == "Vendredi"


def test_a_refused_round_says_what_the_cli_says_and_writes_nothing(db):
    keeper = _keeper(db)
    keeper.new_match("rows", "Ana,Ben,Chloé")
    with pytest.raises(CardforgeError) as cli:
        keeper.record_round(["Ana=R5,RB17"])
    web = client(db)
    response = web.post("/m/1/round", data={"p0_cards": "R5,RB17"})
    assert response.status_code == 422
    assert _errors(response.text) == [f"Refused: {cli.value}"]
    assert 'value="R5,RB17"' in response.text  # what was typed stays in the field to be fixed
    assert keeper.standings(1).rounds == ()


def test_user_text_is_escaped(db):
    web = client(db)
    web.post("/matches", data={"game": "rows", "players": "Ana, Ben", "title": "<script>alert(1)</script>"})
    page = web.get("/m/1").text
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    refused = web.post("/matches", data={"game": "rows", "players": "Ana, <img src=x onerror=alert(1)>"})
    assert refused.status_code == 422 and "<img src=x" not in refused.text


def test_undo_takes_back_the_last_round(db):
    keeper = _keeper(db)
    keeper.new_match("rows", "Ana,Ben")
    web = client(db)
    web.post("/m/1/round", data={"p0_cards": "R5", "p1_cards": "G4"})
    web.post("/m/1/round", data={"p0_cards": "R6"})
    assert web.post("/m/1/undo").status_code == 303
    assert [r.typed for r in keeper.standings(1).rounds] == [("Ana=R5", "Ben=G4")]


def test_htmx_requests_get_the_match_fragment_only(db):
    _keeper(db).new_match("rows", "Ana,Ben")
    web = client(db)
    fragment = web.post("/m/1/round", data={"p0_cards": "R5"}, headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<div id="match"') and "<html" not in fragment.text


def test_the_sheet_polls_cheaply_for_entries_made_elsewhere(db):
    keeper = _keeper(db)
    keeper.new_match("rows", "Ana,Ben")
    web = client(db)
    page = web.get("/m/1").text
    since = re.search(r'data-seq="(\d+)"', page).group(1)  # what the page asks with, when told of a change
    assert web.get(f"/m/1?part=match&since={since}").status_code == 204  # nothing new
    keeper.record_round(["Ana=R5"])  # another phone, or the CLI
    fresh = web.get(f"/m/1?part=match&since={since}")
    assert fresh.status_code == 200 and "R5" in fresh.text and "<html" not in fresh.text


def test_on_the_lan_writes_without_the_join_code_are_refused(db):
    _keeper(db).new_match("rows", "Ana,Ben")
    web = client(db, join_code="482913")
    assert web.get("/m/1").status_code == 200  # reading is open
    refused = web.post("/m/1/round", data={"p0_cards": "R5"})
    assert refused.status_code == 403 and "join code" in refused.text
    assert web.post("/matches", data={"game": "rows", "players": "X,Y"}).status_code == 403
    assert web.get("/join", params={"code": "000000"}).status_code == 403
    via_htmx = web.post("/m/1/round", data={"p0_cards": "R5"}, headers={"HX-Request": "true"})
    assert via_htmx.status_code == 403 and via_htmx.headers["hx-redirect"] == "/join?next=/m/1"
    form = web.get("/join", params={"next": "/m/1"})
    assert form.status_code == 200 and 'name="code"' in form.text and 'value="/m/1"' in form.text
    assert _keeper(db).standings(1).rounds == ()
    joined = web.get("/join", params={"code": "482913", "next": "/m/1"})
    assert joined.status_code == 303 and joined.headers["location"] == "/m/1"
    assert "samesite=strict" in joined.headers["set-cookie"].lower()
    assert web.post("/m/1/round", data={"p0_cards": "R5"}).status_code == 303
    assert len(_keeper(db).standings(1).rounds) == 1


def test_join_never_redirects_off_the_site(db):
    web = client(db, join_code="482913")
    assert web.get("/join", params={"code": "482913", "next": "//evil.example/"}).headers["location"] == "/"


def test_two_phones_writing_at_once_keep_one_consistent_log(db):
    """Rows ends when a player alone has 3 round wins: phones racing to add rounds can never
    get one in after the end, and every round they were told was recorded is in the log."""
    _keeper(db).new_match("rows", "Ana,Ben")
    statuses: list[int] = []

    def phone():
        web = client(db)
        for _ in range(4):
            statuses.append(web.post("/m/1/round", data={"p0_cards": "R5", "p1_cards": "G1"}).status_code)

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    standings = _keeper(db).standings(1)
    assert statuses.count(303) == len(standings.rounds) == 3
    assert statuses.count(422) == 5 and standings.outcome.over


def test_card_pictures_are_drawn_once_and_cached_on_disk(db, tmp_path):
    web = client(db, pictures=tmp_path / "pics")
    first = web.get("/cards/rows/R7.png")
    assert first.status_code == 200 and first.headers["content-type"] == "image/png"
    assert first.content.startswith(b"\x89PNG")
    cached = sorted((tmp_path / "pics").glob("rows-en-*/*.png"))
    assert len(cached) == 103  # 102 faces and the back, in one render
    stamp = cached[0].stat().st_mtime_ns
    assert web.get("/cards/rows/B0.png").content == cached[0].read_bytes()
    assert cached[0].stat().st_mtime_ns == stamp
    assert web.get("/cards/rows/R99.png").status_code == 404
    assert web.get("/cards/nope/R7.png").status_code == 404


def test_fonts_and_htmx_come_from_the_package(db):
    web = client(db)
    page = web.get("/").text
    assert "http://" not in page and "https://" not in page  # no CDN
    assert web.get("/static/htmx.min.js").status_code == 200
    assert web.get("/fonts/DejaVuSans.ttf").content[:4] == b"\x00\x01\x00\x00"
    assert web.get("/fonts/..%2Fcards.py").status_code == 404


def test_the_language_switch_speaks_french(db):
    _keeper(db).new_match("rows", "Ana,Ben")
    web = client(db)
    switched = web.get("/lang/fr", params={"next": "/m/1"})
    assert switched.status_code == 303 and switched.headers["location"] == "/m/1"
    page = web.get("/m/1").text
    assert '<html lang="fr">' in page and "Enregistrer la manche" in page
    assert "Record the round" not in page
    assert '<html lang="fr">' in client(db).get("/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text


def _cli_verdict(*tokens: str):
    from cardforge.deck import load_deck
    from cardforge.referee.tricks import trick_verdict

    return trick_verdict(load_deck("tricks").parse_many(list(tokens)), len(tokens))


def test_every_verdict_shows_its_steps_with_rule_ids_that_expand(db):
    import html

    expected = _cli_verdict("RB13", "RB2", "SH13", "flip")  # what 'cardforge referee tricks trick' says
    web = client(db)
    page = web.get("/referee/tricks", params={"q": "trick", "cards": "RB13 RB2 SH13 flip"}).text
    steps = re.findall(r"<li><span>(.*?)</span><details class=\"rule\"><summary>(.*?)</summary><p>(.*?)</p>", page)
    assert [html.unescape(text) for text, _, _ in steps] == [s.text("en") for s in expected.steps]
    assert [rule for _, rule, _ in steps] == expected.rules
    assert all(text for _, _, text in steps)  # each ID expands into the rule's text
    assert f"→ {expected.summary_text('en')}" in html.unescape(page)
    web.cookies.set("lang", "fr")
    fr = html.unescape(web.get("/referee/tricks", params={"q": "trick", "cards": "RB13 RB2 SH13 flip"}).text)
    assert f"→ {expected.summary_text('fr')}" in fr and expected.summary_text("fr") != expected.summary_text("en")


def test_the_referee_refuses_with_the_cli_message(db):
    from cardforge.deck import load_deck

    with pytest.raises(CardforgeError) as cli:
        load_deck("tricks").parse("RB17")
    page = client(db).get("/referee/tricks", params={"q": "trick", "cards": "RB17 SH3"})
    assert page.status_code == 422 and _errors(page.text) == [f"Refused: {cli.value}"]


def _cli_json(*args: str) -> dict:
    from tests.conftest import run_cli

    result = run_cli("referee", *args, "--json")
    assert result.code == 0, result.err
    return result.json()


@pytest.mark.parametrize(("game", "question", "cards", "cli"), [
    ("sequence", "check", "R3 G5 B5", ("sequence", "check", "R3", "G5", "B5")),
    ("collection", "objectives", "R1 R2 R3 R4 R5 G5 RB6 B5 Y5",
     ("collection", "objectives", "--best", "R1", "R2", "R3", "R4", "R5", "G5", "RB6", "B5", "Y5")),
    ("numwin", "score", "R7 G7 RB3 SH2 flash", ("numwin", "score", "R7", "G7", "RB3", "SH2", "flash")),
    ("rows", "score", "R5 RB7 SH3", ("rows", "score", "R5", "RB7", "SH3")),
])
def test_each_game_has_its_referee_questions_answered_as_the_cli_does(db, game, question, cards, cli):
    import html

    expected = _cli_json(*cli)
    page = client(db).get(f"/referee/{game}", params={"q": question, "cards": cards})
    text = html.unescape(page.text)
    assert page.status_code == 200 and f"→ {expected['summary']}" in text
    assert all(step["text"] in text for step in expected["steps"])


def test_an_unknown_match_is_one_line(db):
    page = client(db).get("/m/42")
    assert page.status_code == 404 and _errors(page.text) == [f"no match 42 in {str(db)!r}: see 'cardforge table list'"]


def test_numwin_reflex_memory_and_the_rounds_lowest(db):
    from cardforge.deck import load_deck
    from cardforge.referee.numwin import reflex_verdict, round_verdict

    deck = load_deck("numwin")
    web = client(db)
    reflex = web.get("/referee/numwin", params={"q": "reflex", "discarded": "R7", "claimed": "G7"}).text
    assert reflex_verdict(deck.parse("R7"), deck.parse("G7")).summary_text("en") in reflex
    memory = web.get("/referee/numwin", params={"q": "memory", "discarded": "R7", "claimed": "G6"}).text
    assert reflex_verdict(deck.parse("R7"), deck.parse("G6"), from_opponent=True).summary_text("en") in memory
    lowest = web.get("/referee/numwin", params={"q": "round", "combos": "R1 G2 B3 Y4 R5; SH1 G6 B7 Y8 R9"}).text
    expected = round_verdict([deck.parse_many("R1 G2 B3 Y4 R5"), deck.parse_many("SH1 G6 B7 Y8 R9")])
    assert expected.summary_text("en") in lowest


def test_refusals_are_said_in_the_pages_language(db):
    from cardforge.deck import load_deck

    with pytest.raises(CardforgeError) as cli:
        load_deck("tricks").parse("RB17")
    web = client(db)
    web.cookies.set("lang", "fr")
    page = web.get("/referee/tricks", params={"q": "trick", "cards": "RB17 SH3"})
    assert _errors(page.text) == [f"Refusé : {cli.value.message.text('fr')}"]
    assert "carte inconnue 'RB17'" in _errors(page.text)[0]


def test_the_match_list_speaks_the_pages_language(db):
    from cardforge.deck import load_deck

    _keeper(db).new_match("tricks", "Ana,Ben,Chloé", title="Vendredi")
    web = client(db)
    web.cookies.set("lang", "fr")
    page = web.get("/").text
    assert load_deck("tricks").title("fr") in page and "Vendredi" in page
    assert "Manche 1 sur" in page and "1 carte chacun" in page and "round 1" not in page
