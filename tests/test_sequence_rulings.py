"""Every ruling SEQUENCE-Rn: documented (fr + en + reasons), switchable where it is a house
rule, and enforced by the engine or the referee."""

from __future__ import annotations

import dataclasses

import pytest

from cardforge.games.pushluck import Phase
from cardforge.games.sequence import HouseRules, check_sequence, new_game
from cardforge.rules import load_rules
from tests.pushluck_support import cards, codes, give, moves, play, stack

BOOK = load_rules("sequence")


def test_every_ruling_is_documented_in_both_languages():
    """Each ruling has a title, text and reason in fr and en; house rules name real switches."""
    switches = {f.name: f.metadata["ruling"] for f in dataclasses.fields(HouseRules)}
    assert len(BOOK.rulings) >= 20
    for ruling in BOOK.rulings:
        for text in (ruling.text, ruling.reason):
            assert text.fr and text.en and text.fr != text.en
        assert ruling.title.fr and ruling.title.en
        if ruling.house_rule:
            assert switches[ruling.house_rule] == ruling.id
    assert set(switches.values()) <= {r.id for r in BOOK.rulings}


def test_r1_sequence_persists_until_locked():
    """SEQUENCE-R1: ending a turn leaves the sequence open; it can be locked next turn."""
    state = new_game(2, seed=3)
    stack(state, a="R3 G5 B9")
    play(state, "draw A", "end turn", "draw A", "end turn")
    assert codes(state.sequences[0]) == ["R3"] and moves(state)[-1] == "lock"
    play(state, "lock")
    assert codes(state.secured[0][0]) == ["R3"]


def test_r1_house_rule_stop_secures():
    """SEQUENCE-R1 with open_sequences=stop_secures: no leaving a sequence open."""
    state = new_game(2, seed=3, house=["open_sequences=stop_secures"])
    stack(state, a="R3")
    play(state, "draw A")
    assert "end turn" not in moves(state) and "lock" in moves(state)


def test_r2_colour_or_value_stop_costs_the_sequence():
    """SEQUENCE-R2: a value STOP discards the whole sequence; with stop_cost=turn only the card."""
    for house, left in ((None, []), (["stop_cost=turn"], ["R3", "G5"])):
        state = new_game(2, seed=3, house=house)
        give(state, 0, sequence="R3 G5")
        stack(state, a="B5")
        play(state, "draw A")
        assert codes(state.sequences[0]) == left and state.player == 1 and "B5" in codes(state.discard)
    assert check_sequence(cards("R3 G5 B5")).steps[-2].rule == "SEQUENCE-R2"


def test_r3_joker_forces_a_draw_infini_does_not():
    """SEQUENCE-R3: after a saved STOP, the Joker demands a draw; Infini leaves the choice."""
    for saver, expected in (("joker", ["draw A", "draw B"]), ("infini", ["draw A", "draw B", "lock", "end turn"])):
        state = new_game(2, seed=3)
        give(state, 0, sequence="R3", reserve=saver)
        stack(state, a="SH2")
        play(state, "draw A", f"play reserve[0] {saver}")
        assert moves(state)[:4] == expected and codes(state.table) == ["SH2"]


def test_r3_infini_in_advance_shields_one_stop():
    """SEQUENCE-R3: Infini played first sets the next STOP card aside, only one."""
    state = new_game(2, seed=3)
    give(state, 0, sequence="R3", reserve="infini")
    stack(state, a="G3 SH1")
    play(state, "play reserve[0] infini", "draw A")
    assert codes(state.sequences[0]) == ["R3"] and not state.shield
    play(state, "draw A")
    assert state.sequences[0] == [] and state.player == 1


@pytest.mark.parametrize("house, seq, stops", [
    ("own", "RB3 RB5 RB9", "color"), ("own", "R3 RB5 R9", None), ("wild", "R3 RB5 R9", "color"),
    ("none", "RB3 RB5 RB9", None), ("own", "R7 RB7", "value"), ("none", "R7 RB7", "value"),
])
def test_r4_rainbow_and_the_stops(house, seq, stops):
    """SEQUENCE-R4: Rainbow is its own colour (switchable) and always counts its value."""
    assert check_sequence(cards(seq), HouseRules(rainbow_colour=house)).reason == stops


def test_r5_extra_draw_may_be_an_action_card():
    """SEQUENCE-R5: the Rainbow's extra draw is met by an action card, handled as usual; a
    second Rainbow demands another draw."""
    state = new_game(2, seed=3)
    stack(state, a="RB4 flip", b="RB6 G1")
    play(state, "draw A", "draw A")
    assert state.phase == Phase.ACTION_DRAWN and state.forced[0] == 0
    play(state, "keep flip", "draw B")
    assert moves(state) == ["draw A", "draw B"]
    play(state, "draw B")
    assert "lock" in moves(state)


def test_r6_simple_on_oneself_draws_now():
    """SEQUENCE-R6: Simple may target its player, who draws at once."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="simple", sequence="R3")
    assert {"play reserve[0] simple -> p0", "play reserve[0] simple -> p1"} <= set(moves(state))
    play(state, "play reserve[0] simple -> p0")
    assert moves(state) == ["draw A", "draw B"]


def test_r6_owed_draws_lapse_when_a_stop_ends_the_turn():
    """SEQUENCE-R6: a STOP ends the turn and the draws still owed with it."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="double", sequence="R3")
    stack(state, a="SH3")
    play(state, "play reserve[0] double -> p0", "draw A")
    assert state.player == 1 and state.forced == [0, 0]


def test_r7_swipe_either_neighbour():
    """SEQUENCE-R7: with four players, Swipe offers the left and right neighbours only."""
    state = new_game(4, seed=3)
    give(state, 0, reserve="swipe")
    for p, c in ((1, "G1"), (2, "B2"), (3, "Y3")):
        give(state, p, sequence=c)
    swipes = [m for m in moves(state) if "swipe" in m]
    assert swipes == ["play reserve[0] swipe -> p3", "play reserve[0] swipe -> p1"]


def test_r8_empty_piles_end_the_round_after_the_turn():
    """SEQUENCE-R8: once the last card is drawn, owed draws lapse and the player may still lock."""
    state = new_game(2, seed=3, turns=0, rounds=2)
    last = cards("RB9")[0]
    state.discard += [c for c in state.piles[0] + state.piles[1] if c != last]
    state.piles[0].clear()
    state.piles[1][:] = [last]
    play(state, "draw B")
    assert state.forced[0] == 0 and moves(state) == ["lock", "end turn"]
    play(state, "lock")
    assert state.round == 2 and state.returns() == [9, 0]


def test_r9_drawn_card_without_target_played_for_nothing():
    """SEQUENCE-R9: an Éclair drawn with no opponent sequence can still be played (no effect)."""
    state = new_game(2, seed=3)
    stack(state, a="eclair")
    play(state, "draw A", "play eclair")
    assert codes(state.discard) == ["eclair"] and state.phase == Phase.TURN


def test_r9_no_reserve_card_while_a_draw_is_owed():
    """SEQUENCE-R9: a reserve card waits while the Rainbow's draw is owed."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="tornade")
    give(state, 1, sequence="G2")
    stack(state, a="RB1")
    play(state, "draw A")
    assert moves(state) == ["draw A", "draw B"]


def test_r10_tornado_keeps_sequences_whole():
    """SEQUENCE-R10: sequences move as bundles; no card is split from its sequence."""
    state = new_game(2, seed=4)
    give(state, 0, reserve="tornade", sequence="R3 G5")
    give(state, 1, sequence="B1 Y2 R4")
    play(state, "play reserve[0] tornade")
    assert sorted(map(tuple, map(codes, state.sequences))) == [("B1", "Y2", "R4"), ("R3", "G5")]


def test_r11_quantique_kept_card_checked_and_no_rainbow_draw():
    """SEQUENCE-R11: a kept card meets the STOP checks; a kept Rainbow demands no draw."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="quantique", sequence="R3")
    stack(state, a="RB8 G3 B1")
    play(state, "play reserve[0] quantique pile A", "keep RB8")
    assert codes(state.sequences[0]) == ["R3", "RB8"] and state.player == 1
    state = new_game(2, seed=3)
    give(state, 0, reserve="quantique", sequence="R3")
    stack(state, a="RB8 G3 B1")
    play(state, "play reserve[0] quantique pile A", "keep G3")
    assert state.sequences[0] == [] and state.player == 1  # G3 after R3: value STOP


def test_r12_skipped_turn_may_lock_but_not_draw():
    """SEQUENCE-R12: a skipped player may lock; owed draws wait for their real turn."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="passe double", sequence="R3")
    give(state, 1, sequence="G4")
    play(state, "play reserve[1] double -> p1", "play reserve[0] passe -> p1", "lock")
    assert moves(state) == ["lock", "end turn"]
    play(state, "lock")
    assert codes(state.secured[1][0]) == ["G4"] and state.forced[1] == 2


def test_r12_a_joker_gives_the_skipped_turn_back():
    """SEQUENCE-R12 and SEQUENCE-3.6 « il peut y activer une carte de sa réserve (Joker, par
    ex.) »: the Joker lets the skipped player play the turn; skip_joker=none forbids it."""
    for house, offered in ((None, True), (["skip_joker=none"], False)):
        state = new_game(2, seed=3, house=house)
        give(state, 0, reserve="passe", sequence="R3")
        give(state, 1, reserve="joker", sequence="G4")
        play(state, "play reserve[0] passe -> p1", "lock")
        assert state.phase == Phase.SKIPPED and ("play reserve[0] joker" in moves(state)) is offered
        if offered:
            stack(state, a="B7")
            play(state, "play reserve[0] joker", "draw A", "end turn")
            assert codes(state.sequences[1]) == ["G4", "B7"] and state.player == 0  # kept: a real turn


def test_r13_default_rounds_and_turns():
    """SEQUENCE-R13: 3 rounds of 6 turns per player unless agreed otherwise."""
    state = new_game(3)
    assert (state.rounds, state.turns) == (3, 6)


def test_r14_piles_are_two_halves():
    """SEQUENCE-R14: the deck is cut into two halves, the first with the odd card."""
    state = new_game(2, seed=3)
    total = len(state.cards)
    assert [len(p) for p in state.piles] == [(total + 1) // 2, total // 2]


def test_r15_shadow_stays_until_round_end():
    """SEQUENCE-R15: the Shadow lies on the table, out of the discard, until the round ends."""
    state = new_game(2, seed=3, turns=1, rounds=2)
    stack(state, a="SH0", b="R1")
    play(state, "draw A")
    assert codes(state.table) == ["SH0"]
    play(state, "draw B", "lock")
    assert state.round == 2 and state.table == []


def test_r16_flip_then_the_turn_goes_on():
    """SEQUENCE-R16: after Flip's draw the turn continues normally."""
    state = new_game(2, seed=3)
    give(state, 0, reserve="flip", sequence="R3")
    stack(state, a="G9")
    play(state, "play reserve[0] flip", "draw A")
    assert "end turn" in moves(state) and "draw A" in moves(state)


def test_r16_flip_with_nothing_to_lock_stop_ends_the_turn():
    """SEQUENCE-R16 / SEQUENCE-3.8 Flip « puis le joueur pioche une carte de plus ou dit stop »: a player
    whose first draw was the Flip itself has nothing to lock, so stop ends the turn."""
    state = new_game(2, seed=3)
    stack(state, a="flip", b="G9 R2")
    play(state, "draw A", "play flip")
    assert state.sequences[0] == [] and moves(state) == ["draw A", "draw B", "end turn"]
    play(state, "end turn")
    assert state.player == 1


def test_r17_eclair_needs_an_open_sequence():
    """SEQUENCE-R17: Éclair from the reserve is only offered against a non-empty open sequence."""
    state = new_game(3, seed=3)
    give(state, 0, reserve="eclair")
    give(state, 2, sequence="B5")
    assert [m for m in moves(state) if "eclair" in m] == ["play reserve[0] eclair -> p2"]


def test_r18_open_sequences_lost_at_round_end():
    """SEQUENCE-R18: a sequence still open when the round ends scores nothing."""
    state = new_game(2, seed=3, turns=1, rounds=1)
    stack(state, a="R10 G3")
    play(state, "draw A", "end turn", "draw A", "lock")
    assert state.returns() == [0, 3]


def test_r19_ties_share_the_victory():
    """SEQUENCE-R19: equal totals share the win."""
    state = new_game(2, seed=3, turns=1, rounds=1)
    stack(state, a="R5", b="Y5")
    play(state, "draw A", "lock", "draw B", "lock")
    assert state.winners() == [0, 1]


def test_r20_colour_reported_before_value():
    """SEQUENCE-R20: with wild Rainbows, RB5 after R3 R5 breaks both rules: colour is reported."""
    both = check_sequence(cards("R3 R5 RB5"), HouseRules(rainbow_colour="wild"))
    assert both.reason == "color" and both.index == 2
    assert check_sequence(cards("R3 R5 RB5")).reason == "value"
