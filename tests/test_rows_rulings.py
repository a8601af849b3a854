"""The rulings the project decided for rows (ROWS-R1…), each with its house-rule switch."""

from __future__ import annotations

import dataclasses

import pytest
from rows_helpers import codes, place, row_codes, table

from cardforge.errors import UsageError
from cardforge.games.house import describe_house_rules
from cardforge.games.rows import HouseRules, RowsState, new_game, round_winners
from cardforge.rules import load_rules


def test_every_house_rule_is_a_ruling_and_back():
    """Each HouseRules field names its ruling, whose YAML entry names the field."""
    rulings = {r.id: r for r in load_rules("rows").rulings}
    switches = describe_house_rules(HouseRules)
    assert {s["ruling"]: s["key"] for s in switches} == {
        r.id: r.house_rule for r in rulings.values() if r.house_rule
    }
    for s in switches:
        assert s["default"] == s["choices"][0]  # the ruling's choice is the default


def test_r1_closest_is_compared_with_the_last_card():
    """ROWS-R1: last card by default; compare_with=any looks at every card of a row.

    Blue B0 B7 B9, Red R0 R4: RB8 is above R4 (last cards) but B7 is closer (any card)."""
    rows = table(B="B0 B7 B9", R="R0 R4", Y="Y0 Y1", G="G0 G2")
    assert row_codes(place(rows, p1="RB8"))["R"] == "R0 R4 RB8"
    assert row_codes(place(rows, house=["compare_with=any"], p1="RB8"))["B"] == "B0 B7 B9 RB8"
    assert row_codes(place(rows, house=["compare_with=any"], p1="SH8"))["B"] == "B0 B7 B9 SH8"


def test_r2_rows_equally_close_sheet_order_or_fewest_cards():
    """ROWS-R2: ties go to the first row in the order Blue, Red, Yellow, Green; row_tie=
    fewest_cards prefers the shorter row.  Same for a Rainbow that fits nowhere."""
    rows = table(B="B0 B4", R="R4", Y="Y0 Y1", G="G0 G1")
    assert row_codes(place(rows, p1="RB6"))["B"] == "B0 B4 RB6"
    assert row_codes(place(rows, house=["row_tie=fewest_cards"], p1="RB6"))["R"] == "R4 RB6"
    assert "ROWS-R2" in place(rows, p1="RB6").rules()
    nowhere = table(B="B0 B3", R="R3", Y="Y0 Y5", G="G0 G5")
    default = place(nowhere, p1="RB1")
    assert codes(default.captured["p1"]) == ["B0"] and row_codes(default)["B"] == "B3 RB1"
    fewest = place(nowhere, house=["row_tie=fewest_cards"], p1="RB1")
    assert codes(fewest.captured["p1"]) == ["R3"] and row_codes(fewest)["R"] == "RB1"
    start = place(table(), p1="SH3")  # the four 0s at the start
    assert row_codes(start)["B"] == "B0 SH3"


def test_r3_lower_card_as_fifth_card_takes_the_row():
    """ROWS-R3: a lower card that is a row's 5th card takes the 4 others; lower_fifth=
    first_card takes only the first card."""
    rows = table(R="R0 R5 R9 R11")
    result = place(rows, p1="R7")
    assert codes(result.captured["p1"]) == ["R0", "R5", "R9", "R11"] and row_codes(result)["R"] == "R7"
    assert "ROWS-R3" in result.rules()
    first = place(rows, house=["lower_fifth=first_card"], p1="R7")
    assert codes(first.captured["p1"]) == ["R0"] and row_codes(first)["R"] == "R5 R9 R11 R7"
    exploded = place(rows, explosion=True, p1="R7")
    assert codes(exploded.discarded) == ["R0", "R5", "R9", "R11"]
    kept = place(rows, explosion=True, house=["lower_fifth=first_card"], p1="R7")
    assert kept.discarded == [] and codes(kept.captured["p1"]) == ["R0"]


def test_r3_rainbow_fitting_nowhere_on_a_full_row():
    """ROWS-R3 also covers a Rainbow that fits nowhere laid on a 4-card row."""
    rows = table(B="B2 B3 B5 B8", R="R9", Y="Y9", G="G9")
    result = place(rows, p1="RB1")
    assert codes(result.captured["p1"]) == ["B2", "B3", "B5", "B8"] and row_codes(result)["B"] == "RB1"
    first = place(rows, house=["lower_fifth=first_card"], p1="RB1")
    assert codes(first.captured["p1"]) == ["B2"] and row_codes(first)["B"] == "B3 B5 B8 RB1"


def test_r4_fifth_card_stays_after_an_explosion():
    """ROWS-R4: after an explosion the 5th card is the row's only card, and the next card on
    that row compares with it."""
    result = place(table(G="G0 G3 G5 G8"), explosion=True, p1="G9", p2="G10")
    assert row_codes(result)["G"] == "G9 G10"
    assert "ROWS-R4" in result.rules()


def test_r5_shadow_equal_to_a_last_card_fits():
    """ROWS-R5: SH5 with last cards B5 R6 Y7 G8 goes after B5; shadow_equal=strict gives it to
    its player (nothing strictly lower)."""
    rows = table(B="B0 B5", R="R0 R6", Y="Y0 Y7", G="G0 G8")
    fits = place(rows, p1="SH5")
    assert row_codes(fits)["B"] == "B0 B5 SH5" and fits.captured["p1"] == []
    assert "ROWS-R5" in fits.rules()
    strict = place(rows, house=["shadow_equal=strict"], p1="SH5")
    assert codes(strict.captured["p1"]) == ["SH5"] and "ROWS-R5" in strict.rules()
    rainbow = place(rows, house=["shadow_equal=strict"], p1="RB5")  # Rainbows keep equality
    assert row_codes(rainbow)["B"] == "B0 B5 RB5"


def test_r6_tie_for_the_round():
    """ROWS-R6: every tied player wins the round; round_tie=nobody gives it to nobody."""
    scores = {"ann": 20, "bob": 20, "cy": 3}
    assert round_winners(scores) == ["ann", "bob"]
    assert round_winners(scores, HouseRules(round_tie="nobody")) == []
    assert round_winners({"ann": 21, "bob": 20}, HouseRules(round_tie="nobody")) == ["ann"]


def test_r7_two_to_eight_players(decks):
    """ROWS-R7: 2 to 8 players (10 would need 104 cards)."""
    assert (decks["rows"].players_min, decks["rows"].players_max) == (2, 8)
    assert 8 * 10 + 4 <= 102 < 10 * 10 + 4
    for players in (2, 8):
        assert new_game(players, seed=0).num_players == players
    for players in (1, 9):
        with pytest.raises(UsageError, match="ROWS-R7"):
            new_game(players)


def test_r8_equal_card_is_the_closest():
    """ROWS-R8: « strictement inférieure ou égale » accepts equality: RB7 goes after Y7 rather
    than R6."""
    result = place(table(R="R0 R6", Y="Y0 Y7"), p1="RB7")
    assert row_codes(result)["Y"] == "Y0 Y7 RB7"


def _finish_round(state: RowsState, piles: list[str]) -> None:
    """Give each player a pile and end the round as the engine does after the 10th card."""
    from cardforge.cards import parse_cards

    state.captured = [parse_cards(p) for p in piles]
    state._end_round()


def test_r9_two_players_reaching_three_together_play_on():
    """ROWS-R9: if two players reach 3 round wins together, rounds go on until one leads."""
    state = new_game(3, seed=0)
    state.wins = [2, 2, 0]
    _finish_round(state, ["R9", "B9", "SH1"])  # a tie: both win (ROWS-R6)
    assert state.wins == [3, 3, 0] and not state.is_terminal()
    assert state.round_no == 2
    _finish_round(state, ["R3", "B9", "G1"])
    assert state.wins == [3, 4, 0] and state.is_terminal() and state.winner() == 1


def test_r10_new_round_starts_from_the_zeros_and_left_rows_score_nothing():
    """ROWS-R10: cards left in the rows score nothing; a new round re-deals all 102 cards."""
    state = new_game(2, seed=9)
    while not state.history:
        state.apply_action(state.legal_actions()[0])
    done = state.history[0]
    assert list(done.points) == [sum(c.value if c.family != "SH" else -c.value for c in p) for p in done.piles]
    assert {c: codes(r) for c, r in state.rows.items()} == {"B": ["B0"], "R": ["R0"], "Y": ["Y0"], "G": ["G0"]}
    assert [len(h) for h in state.hands] == [10, 10] and state.captured == [[], []]
    assert sum(state.card_count().values()) == 102


def test_house_rules_parse_errors():
    with pytest.raises(UsageError, match="did you mean 'row_tie'"):
        HouseRules.parse(["rowtie=x"])
    with pytest.raises(UsageError, match="expected one of capture, first_card"):
        HouseRules.parse(["lower_fifth=all"])
    assert dataclasses.replace(HouseRules(), compare_with="any") == HouseRules.parse(["compare_with=any"])
    assert new_game(2, house="row_tie=fewest_cards,round_tie=nobody").rules == HouseRules(
        row_tie="fewest_cards", round_tie="nobody"
    )
