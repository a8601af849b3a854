"""The live table through the page: moves applied by the live-position model (the CLI's), kept
in the match's log, a rows round ending onto the score sheet in the same transaction, undo,
tricks seat by seat with the legal cards on request, sequences card by card."""

from __future__ import annotations

import html
import re
import threading

import pytest

from cardforge.live import apply, new_position
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.conftest import run_cli
from tests.web_support import client
from tests.web_support import new_match as _new

ANA = ["R1", "R2", "R3", "R4", "R6", "R8", "B3", "B4", "Y5", "G7"]
BEN = ["SH1", "G2", "G3", "B5", "Y1", "Y2", "Y3", "R10", "RB4", "G11"]


@pytest.fixture
def db(tmp_path):
    return tmp_path / "table.sqlite3"


def _standings(db, match=1):
    with Store(db) as store:
        return Scorekeeper(store).standings(match)


def _reveal(web, a, b, match=1, **headers):
    return web.post(f"/m/{match}/move", data={"n0": "Ana", "c0": a, "n1": "Ben", "c1": b}, headers=headers)


def test_a_whole_rows_round_ends_on_the_score_sheet(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    expected = new_position("rows", ("Ana", "Ben"))
    for a, b in zip(ANA[:-1], BEN[:-1], strict=True):
        assert _reveal(web, a, b).status_code == 303
        expected, _ = apply(expected, expected.parse_move([f"Ana={a}", f"Ben={b}"]))
    piles = {p: ",".join(expected.captured.get(p, ())) or "-" for p in ("Ana", "Ben")}
    last = _reveal(web, ANA[-1], BEN[-1], **{"HX-Request": "true"})
    assert last.status_code == 200 and "ROWS-7.3" in last.text  # the round's scoring, rule cited
    _, verdict = apply(expected, expected.parse_move([f"Ana={ANA[-1]}", f"Ben={BEN[-1]}"]))
    for p, taken in verdict.result["captured"].items():
        piles[p] = ",".join(c for c in [*piles[p].split(","), *taken] if c and c != "-") or "-"
    rounds = _standings(db).rounds
    assert len(rounds) == 1 and rounds[0].typed == (f"Ana={piles['Ana']}", f"Ben={piles['Ben']}")
    page = web.get("/m/1").text
    assert "Round 2 · Reveals 0/10" in page  # the rows are back to their 0s for round 2


def test_the_cli_continues_from_the_pages_reveal_and_the_page_from_the_clis(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    _reveal(web, "R7", "SH3")
    cli = run_cli("referee", "rows", "play", "Ana=R9", "Ben=B5", "--table", "--db", str(db), "--json")
    assert cli.code == 0, cli.err
    assert cli.json()["rows"]["R"] == ["R0", "R7", "R9"]  # it started from the page's position
    page = html.unescape(web.get("/m/1").text)
    assert "Reveals 2/10" in page and 'alt="R9"' in page


def test_every_reveal_shows_its_placement_steps_with_the_rules(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    fragment = _reveal(web, "R7", "SH3", **{"HX-Request": "true"}).text
    rules = re.findall(r'<details class="rule"><summary>([A-Z]+-[\w.]+)', fragment)
    assert "ROWS-2.3" in rules and "ROWS-5.1" in rules
    assert "Rows now: B: B0 SH3  R: R0 R7  Y: Y0  G: G0" in html.unescape(fragment)


def test_a_refused_reveal_says_what_the_cli_says(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    refused = web.post("/m/1/move", data={"n0": "Ana", "c0": "R7", "n1": "Ben", "c1": ""})
    cli = run_cli("referee", "rows", "play", "Ana=R7", "--table", "--db", str(db))
    assert refused.status_code == 422 and cli.code == 2
    assert cli.err.removeprefix("cardforge: error: ").strip() in html.unescape(refused.text)


def test_undoing_the_reveal_that_ended_a_round_takes_the_round_back_too(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    for a, b in zip(ANA, BEN, strict=True):
        _reveal(web, a, b)
    assert len(_standings(db).rounds) == 1
    assert web.post("/m/1/live-undo").status_code == 303
    assert _standings(db).rounds == ()
    assert "Reveals 9/10" in web.get("/m/1").text
    web.post("/m/1/live-undo")
    assert "Reveals 8/10" in web.get("/m/1").text


def test_undo_walks_back_to_the_start(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    _reveal(web, "R7", "SH3")
    _reveal(web, "R9", "B5")
    assert web.post("/m/1/live-undo").status_code == 303
    assert web.post("/m/1/live-undo").status_code == 303
    page = web.get("/m/1").text
    assert "Reveals 0/10" in page and 'alt="R7"' not in page
    refused = web.post("/m/1/live-undo")
    assert refused.status_code == 422 and "nothing to undo" in refused.text


def test_two_phones_revealing_at_once_keep_one_chain_of_positions(db):
    _new(db, "rows", "Ana,Ben")
    results: list[int] = []

    def phone(cards):
        web = client(db)
        for a, b in cards:
            results.append(_reveal(web, a, b).status_code)

    threads = [threading.Thread(target=phone, args=(list(zip(ANA[i::2], BEN[i::2])),)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with Store(db) as store:
        saved = [e.event.position for e in store.events(1) if e.event.kind == "position_saved"]
    assert results.count(303) == len(saved)
    # one chain: each saved match is the one before with one more reveal in its history (format 2)
    assert [sum(not e.startswith("deal ") for e in p["history"]) for p in saved] == list(range(1, len(saved) + 1))


def _seat_label(name: str, does: str, page: str) -> bool:
    """Whether the tray has a seat chip for ``name`` saying (to a screen reader) what it does."""
    return f'<span class="who">{name}</span><span class="sr"> {does}</span>' in page


def _bids(web, *bids, match=1):
    names = ("Ana", "Ben", "Chloé")
    data = {k: v for i, b in enumerate(bids) for k, v in ((f"n{i}", names[i]), (f"c{i}", f"bid={b}"))}
    return web.post(f"/m/{match}/move", data=data)


def test_a_trick_by_seat_with_names_and_the_legal_cards_on_request(db):
    """Bids first, then the trick seat by seat; the round the engine scored goes onto the score
    sheet by itself (issue 25: the round ends in the engine, scores for everyone)."""
    _new(db, "tricks", "Ana,Ben,Chloé", rounds=3)
    web = client(db)
    refused = web.post("/m/1/move", data={"n0": "Ana", "c0": "RB10"})
    assert refused.status_code == 422 and "the round starts with the bids" in html.unescape(refused.text)
    page = web.get("/m/1").text
    assert '<input type="hidden" name="kind" value="bid">' in page and _seat_label("Ana", "bids", page)  # the bids' form
    form = {"kind": "bid", "n0": "Ana", "c0": "0", "n1": "Ben", "c1": "1", "n2": "Chloé", "c2": "0"}
    assert web.post("/m/1/move", data=form).status_code == 303
    assert _seat_label("Ana", "lays", web.get("/m/1").text)
    one = web.post("/m/1/move", data={"n0": "Ana", "c0": "RB10"})
    assert one.status_code == 303
    legal = web.get("/m/1/legal", params={"hand": "SH3 SH10 SH12 flip"})
    assert legal.status_code == 200 and "TRICKS-" in legal.text and "SH12" in legal.text
    settled = web.post("/m/1/move", data={"n0": "Ben", "c0": "SH12", "n1": "Chloé", "c1": "RB2"},
                       headers={"HX-Request": "true"}).text
    assert "Ben" in html.unescape(re.search(r'class="summary">(.*?)<', settled).group(1))
    assert _standings(db).rounds[0].typed == ("Ana=0/0", "Ben=1/1", "Chloé=0/0")
    assert "Trick 1" in web.get("/m/1").text  # the next round starts from a fresh trick count


def test_a_tricks_lay_out_of_turn_is_refused(db):
    _new(db, "tricks", "Ana,Ben,Chloé")
    web = client(db)
    _bids(web, 0, 0, 1)
    web.post("/m/1/move", data={"n0": "Ana", "c0": "RB10"})
    refused = web.post("/m/1/move", data={"n0": "Chloé", "c0": "SH3"})
    assert refused.status_code == 422 and "it is Ben's turn, not Chloé's" in html.unescape(refused.text)


def test_a_sequence_card_by_card_with_the_stop_warning_then_secured(db):
    _new(db, "sequence", "Ana,Ben", rounds=3)
    web = client(db)
    web.post("/m/1/move", data={"n0": "Ana", "c0": "R3"})
    web.post("/m/1/move", data={"n0": "Ana", "c0": "G5"})
    assert web.post("/m/1/move", data={"secure": "Ana"}).status_code == 303
    page = web.get("/m/1").text
    assert 'value="R3,G5"' in page  # the score sheet's entry is filled in with the secured sequence
    stopped = web.post("/m/1/move", data={"n0": "Ben", "c0": "B5,Y5"}, headers={"HX-Request": "true"}).text
    assert "STOP" in stopped and "SEQUENCE-" in stopped


def test_numwin_is_followed_card_by_card_with_its_moves_as_buttons(db):
    _new(db, "numwin", "Ana,Ben")
    web = client(db)
    page = web.get("/m/1").text
    assert 'id="live"' in page and 'name="kind" value="deal"' in page and "by-hand" not in page
    dealt = web.post("/m/1/move", data={"kind": "deal", "c0": "R1 R2 R3 R4"}, headers={"HX-Request": "true"}).text
    assert "4 cards taken from the deck" in dealt and 'name="word" value="draw"' in dealt  # Ben's turn: draw
    assert '<input type="hidden" name="n0" value="Ben">' in dealt
    drawn = html.unescape(web.post("/m/1/move", data={"n0": "Ben", "word": "draw", "c0": "G5"},
                                   headers={"HX-Request": "true"}).text)
    assert "Swap with card 2" in drawn and 'value="swap:2"' in drawn  # the engine's moves, named
    assert 'class="picker"' not in drawn and 'id="c0"' not in drawn  # no card to name: the moves alone
    combos = drawn[drawn.index('class="seats"'):]  # face down on every phone, the owner peeks
    assert combos.count('class="back"') == 4 and "Ben's cards: only Ben looks" in combos
    assert 'class="picker"' in dealt and 'id="c0"' in dealt
    refused = web.post("/m/1/move", data={"n0": "Ana", "word": "discard"})
    assert refused.status_code == 422 and "Ana cannot play now" in html.unescape(refused.text)
    assert "Ben: draw" in drawn  # the ruling says the move in words, in the page's language
    web.cookies.set("lang", "fr")
    french = html.unescape(web.get("/m/1").text)
    assert "Ben\u00a0: piocher" in french and "Échanger avec la carte 2" in french


def test_numwin_names_where_the_card_in_hand_came_from(db):
    """The card held before it is placed: "Card drawn" from the deck, "Card taken from the
    discard" when it was the discard top (it was called drawn either way)."""
    _new(db, "numwin", "Ana,Ben")
    web = client(db)
    web.post("/m/1/move", data={"kind": "deal", "c0": "R1 R2 R3 R4"})
    drawn = html.unescape(web.post("/m/1/move", data={"n0": "Ben", "word": "draw", "c0": "G5"},
                                   headers={"HX-Request": "true"}).text)
    assert "Card drawn" in drawn and "Card taken from the discard" not in drawn
    web.post("/m/1/move", data={"n0": "Ben", "word": "swap:2"})  # Ben's card 2 goes on the discard
    for seat in ("Ana", "Ben"):  # nobody claims it by reflex: Ana's turn
        assert web.post("/m/1/move", data={"n0": seat, "word": "pass"}).status_code == 303
    taken = html.unescape(web.post("/m/1/move", data={"n0": "Ana", "word": "take"}, headers={"HX-Request": "true"}).text)
    assert "Card taken from the discard" in taken and "Card drawn" not in taken
    web.cookies.set("lang", "fr")
    assert "Carte prise sur la défausse" in html.unescape(web.get("/m/1").text)


def test_a_numwin_sheet_typed_round_by_round_keeps_no_live_table(db):
    _new(db, "numwin", "Ana,Ben")
    with Store(db) as store:
        Scorekeeper(store).record_round(["Ana=R5,G5,B7,Y8,R9", "Ben=R1,G2,B3,Y4,SH5"], match_id=1)
    web = client(db)
    assert 'id="live"' not in web.get("/m/1").text
    refused = web.post("/m/1/move", data={"kind": "deal", "c0": "R3"})
    assert refused.status_code == 422 and "numwin has no live table" in refused.text


def test_collection_shows_the_scorecard_and_the_best_set_to_validate(db):
    _new(db, "collection", "Ana,Ben")
    web = client(db)
    from cardforge.deck import load_deck
    from cardforge.referee.collection import objectives_verdict

    for cards in ("R7", "G3", "B7", "Y2", "G7"):
        assert web.post("/m/1/move", data={"n0": "Ana", "c0": cards}).status_code == 303
    assert web.post("/m/1/move", data={"secure": "Ana"}).status_code == 303
    page = html.unescape(web.get("/m/1").text)
    assert "Best set to validate — Ana" in page and "Scorecard — Ana" in page
    best = objectives_verdict(load_deck("collection").parse_many("R7 G3 B7 Y2 G7"), best=True).result["best"]
    entry = "; ".join(f"{m['id']}:{','.join(m['cards'])}" for m in best)
    assert "three_of_a_kind" in entry and f'value="{entry}"' in page  # the entry is filled in with the best set
    assert web.post("/m/1/round", data={"p0_cards": entry}).status_code == 303
    assert _standings(db).rounds[0].typed == tuple(f"Ana={part.strip()}" for part in entry.split(";"))
    assert "Round 1" in html.unescape(web.get("/m/1").text).split("Scorecard — Ana")[1].split("</details>")[0]


def test_cards_face_up_on_the_table_are_greyed_out_in_the_picker(db):
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    _reveal(web, "R7", "SH3")
    page = web.get("/m/1").text
    assert re.search(r'data-code="R7"[^>]*disabled', page) and re.search(r'data-code="R0"[^>]*disabled', page)
    assert not re.search(r'data-code="R8"[^>]*disabled', page)


def test_a_trick_nobody_won_fills_in_the_void_tricks(db):
    _new(db, "tricks", "Ana,Ben,Chloé", rounds=3)
    web = client(db)
    _bids(web, 0, 0, 0)
    web.post("/m/1/move", data={"n0": "Ana", "c0": "RB5", "n1": "Ben", "c1": "SH5", "n2": "Chloé", "c2": "flash"})
    (round_,) = _standings(db).rounds  # the round the engine scored, with its trick nobody won
    assert round_.typed == ("Ana=0/0", "Ben=0/0", "Chloé=0/0")  # 0 + 0 + 0 won: the sheet took void=1
    assert round_.points == {"Ana": 22, "Ben": 22, "Chloé": 22}  # bid 0 made, 1 card dealt (TRICKS-9.3, R16)


def test_every_phone_reads_the_last_moves_ruling_and_an_undo_takes_it_away(db):
    """Issue 28: only the phone that made the move saw its ruling; now any page of the match
    shows it (the live model applies the kept move again), the round-ending one included."""
    _new(db, "rows", "Ana,Ben")
    _reveal(client(db), "R7", "SH3")
    other = html.unescape(client(db).get("/m/1").text)
    assert "ROWS-2.3" in other and "Rows now: B: B0 SH3  R: R0 R7  Y: Y0  G: G0" in other
    french = html.unescape(client(db).get("/m/1", headers={"Accept-Language": "fr"}).text)
    assert "Rangées" in french and "ROWS-2.3" in french
    client(db).post("/m/1/live-undo")
    assert "ROWS-2.3" not in client(db).get("/m/1").text
    for a, b in zip(ANA, BEN, strict=True):
        _reveal(client(db), a, b)
    assert "ROWS-7.3" in client(db).get("/m/1").text  # the round's scoring, after the round closed
    cli = run_cli("referee", "rows", "play", "Ana=R9", "Ben=B5", "--table", "--db", str(db), "--json")
    assert cli.code == 0, cli.err  # the page's notes on a saved position never reach the CLI


def test_undoing_a_live_round_on_the_score_sheet_takes_the_live_table_back_too(db):
    """Issue 28 (the two undos disagreed): "undo the last entry" on the sheet removed the rows
    round the live table had recorded, but the live table stayed in round 2 with the winner's
    star.  The live table now goes back before the move that recorded the round, moves made
    since included; the live undo then goes on from there."""
    _new(db, "rows", "Ana,Ben")
    web = client(db)
    for a, b in zip(ANA, BEN, strict=True):
        _reveal(web, a, b)
    _reveal(web, "R5", "G5")  # round 2 has begun
    with Store(db) as store:
        Scorekeeper(store).undo(1)
    assert _standings(db).rounds == ()
    from cardforge.web.live import LiveTable

    position = LiveTable(db, 1).view().position
    assert (position.round, position.reveals, position.wins) == (1, 9, {})
    assert "Reveals 9/10" in web.get("/m/1").text
    assert web.post("/m/1/live-undo").status_code == 303
    assert "Reveals 8/10" in web.get("/m/1").text
    _reveal(web, ANA[-2], BEN[-2])
    _reveal(web, ANA[-1], BEN[-1])  # the round ends again, once on the sheet
    assert len(_standings(db).rounds) == 1


def test_the_cli_on_the_table_store_puts_the_round_it_ends_on_the_sheet_and_reads_the_pages_notes(db):
    """A rows round ended by 'referee rows play --table' goes on the score sheet (it did only
    from the page); after a page's move that ended a round the CLI goes on (its load refused the
    page's note, 'match.web_recorded_round: expected one of the keys …'); either undo takes the
    round back with the move."""
    from cardforge.web.live import LiveTable

    _new(db, "rows", "Ana,Ben")
    web = client(db)
    for a, b in zip(ANA[:-1], BEN[:-1], strict=True):
        _reveal(web, a, b)
    ended = run_cli("referee", "rows", "play", f"Ana={ANA[-1]}", f"Ben={BEN[-1]}", "--table", "--db", str(db))
    assert ended.code == 0, ended.err
    assert len(_standings(db).rounds) == 1
    again = run_cli("referee", "rows", "play", "Ana=R5", "Ben=G5", "--table", "--db", str(db))
    assert again.code == 0, again.err
    with Store(db) as store:
        Scorekeeper(store).undo(1)
    assert _standings(db).rounds == () and LiveTable(db, 1).view().position.reveals == 9
    for a, b in ((ANA[-1], BEN[-1]),):
        _reveal(web, a, b)  # the page ends it: on the sheet once, the CLI reads the page's note
    assert len(_standings(db).rounds) == 1
    assert run_cli("referee", "rows", "play", "Ana=R5", "Ben=G5", "--table", "--db", str(db)).code == 0


@pytest.mark.parametrize("game", ["rows", "tricks", "sequence", "collection", "numwin"])
def test_a_whole_evening_of_each_game_through_the_page_forms(db, game):
    """The five evenings the browser tests play on three phones, here through the page's forms
    in process: each match ends with its winner named on the sheet (issue 28)."""
    from tests.web_evenings import EVENINGS, played_in_process

    evening = EVENINGS[game]()
    web = client(db)
    match = played_in_process(web, evening)
    standings = _standings(db, match)
    assert standings.outcome.over and len(standings.rounds) == evening.rounds
    with Store(db) as store:  # each step one saved position
        assert len(store.digest(match).positions) == len(evening.steps)
    if evening.winners:
        assert standings.outcome.winners == evening.winners
    page = html.unescape(web.get(f"/m/{match}").text)
    assert "Match over" in page and ", ".join(standings.outcome.winners) in page
    assert 'class="move tray"' not in page and 'id="dock"' not in page  # nothing more to enter


def test_the_picker_greys_out_the_cards_of_the_open_and_locked_sequences(db):
    _new(db, "sequence", "Ana,Ben", rounds=2)
    web = client(db)
    web.post("/m/1/move", data={"n0": "Ana", "c0": "R3,G5"})
    web.post("/m/1/move", data={"n0": "Ana", "act": "secure"})
    page = web.post("/m/1/move", data={"n0": "Ben", "c0": "B7"}, headers={"HX-Request": "true"}).text
    for code in ("R3", "G5", "B7"):  # locked by Ana, open for Ben: nobody draws them again
        assert re.search(rf'data-code="{code}"[^>]*disabled', page), code
    assert not re.search(r'data-code="R4"[^>]*disabled', page)


def test_a_move_after_the_end_is_refused_in_one_line_at_the_top(db):
    from tests.web_evenings import EVENINGS, played_in_process

    web = client(db)
    match = played_in_process(web, EVENINGS["tricks"]())
    refused = web.post(f"/m/{match}/move", data={"n0": "Ana", "c0": "RB3"})
    assert refused.status_code == 422 and f"match {match} is over" in html.unescape(refused.text)
    assert 'role="alert" id="error"' in refused.text
