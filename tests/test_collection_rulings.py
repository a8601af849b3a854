"""Every ruling COLLECTION-Rn: documented (fr + en + reasons), switchable where it is a house
rule, and enforced by the engine, the scorecard or the referee."""

from __future__ import annotations

import dataclasses

import pytest

from cardforge.games.collection import HouseRules, new_game
from cardforge.games.objectives import best_validation, find_objectives
from cardforge.games.pushluck import Phase
from cardforge.referee.collection import check_verdict
from cardforge.rules import load_rules
from tests.pushluck_support import cards, codes, give, moves, play, simple_round, stack

BOOK = load_rules("collection")


@pytest.fixture
def game():
    return new_game(2, seed=21)


def test_every_ruling_is_documented_in_both_languages():
    switches = {f.name: f.metadata["ruling"] for f in dataclasses.fields(HouseRules)}
    assert [r.id for r in BOOK.rulings] == [f"COLLECTION-R{i}" for i in range(1, 25)]
    for ruling in BOOK.rulings:
        for text in (ruling.text, ruling.reason):
            assert text.fr and text.en and text.fr != text.en
        if ruling.house_rule:
            assert switches[ruling.house_rule] == ruling.id
    assert set(switches.values()) == {r.id for r in BOOK.rulings if r.house_rule}


def test_r1_sequence_persists(game):
    """COLLECTION-R1: a sequence left open is still there on the next turn; stop_secures forbids it."""
    stack(game, a="R3 G4")
    play(game, "draw A", "end turn", "draw A", "end turn")
    assert codes(game.sequences[0]) == ["R3"] and "lock" in moves(game)
    strict = new_game(2, seed=21, house=["open_sequences=stop_secures"])
    stack(strict, a="R3")
    play(strict, "draw A")
    assert "end turn" not in moves(strict)


def test_r2_colour_stop_costs_the_sequence_not_the_round(game):
    """COLLECTION-R2: a colour STOP discards the sequence but leaves the round's objectives."""
    give(game, 0, sequence="R3 R5")
    stack(game, a="R9")
    play(game, "draw A")
    assert game.sequences[0] == [] and game.void == [False, False]
    soft = new_game(2, seed=21, house=["stop_cost=turn"])
    give(soft, 0, sequence="R3 R5")
    stack(soft, a="R9")
    play(soft, "draw A")
    assert codes(soft.sequences[0]) == ["R3", "R5"] and soft.player == 1


def test_r3_joker_demands_a_draw(game):
    """COLLECTION-R3: after the Joker, only draws are legal."""
    give(game, 0, sequence="R3", reserve="joker")
    stack(game, a="G3")
    play(game, "draw A", "play reserve[0] joker")
    assert moves(game) == ["draw A", "draw B"]


@pytest.mark.parametrize("house, seq, reason", [("own", "RB1 RB3 RB5", "color"), ("wild", "G1 RB3 G5", "color"),
                                                ("own", "G1 RB3 G5", None), ("own", "B4 RB4", "value")])
def test_r4_rainbow_and_the_stops(house, seq, reason):
    """COLLECTION-R4: Rainbow is its own colour (switchable) and counts its value."""
    assert check_verdict(cards(seq), rules=HouseRules(rainbow_colour=house)).result["reason"] == reason


def test_r5_rainbow_extra_draw_may_be_an_action(game):
    """COLLECTION-R5: the extra draw is met by an action card."""
    stack(game, a="RB2 swipe")
    play(game, "draw A", "draw A")
    assert game.phase == Phase.ACTION_DRAWN and game.forced == [0, 0]


def test_r6_double_on_oneself(game):
    """COLLECTION-R6: Double may target its player, who draws two at once."""
    give(game, 0, reserve="double", sequence="R3")
    play(game, "play reserve[0] double -> p0")
    assert game.forced[0] == 2 and moves(game) == ["draw A", "draw B"]


def test_r6_owed_draws_come_before_declaring():
    """COLLECTION-R6: an opponent owing draws cannot lock or declare first."""
    state = new_game(2, seed=21)
    give(state, 0, reserve="double", sequence="R3", secured="G9")
    give(state, 1, secured="B9", sequence="Y1")
    state.turns_played = 5
    play(state, "play reserve[0] double -> p1", "lock")
    assert moves(state) == ["draw A", "draw B"]


def test_r7_swipe_neighbours_only():
    """COLLECTION-R7: with 4 players, Swipe reaches p1 and p3 but not p2."""
    state = new_game(4, seed=21)
    give(state, 0, reserve="swipe")
    for p, c in ((1, "G1"), (2, "B2"), (3, "Y3")):
        give(state, p, sequence=c)
    assert [m for m in moves(state) if "swipe" in m] == ["play reserve[0] swipe -> p3", "play reserve[0] swipe -> p1"]


def test_r8_empty_piles_end_the_round(game):
    """COLLECTION-R8: when the piles are empty the turn ends the round and validation begins."""
    last = cards("G6")[0]
    game.discard += [c for c in game.piles[0] + game.piles[1] if c != last]
    game.piles[0].clear()
    game.piles[1][:] = [last]
    play(game, "draw B")
    assert moves(game) == ["lock", "end turn"]
    play(game, "lock")
    assert game.phase == Phase.VALIDATE


def test_r9_drawn_card_without_target(game):
    """COLLECTION-R9: a drawn Swipe with no neighbour sequence is played for nothing."""
    stack(game, a="swipe")
    play(game, "draw A")
    assert moves(game) == ["play swipe", "keep swipe"]


def test_r10_quantique_kept_action_goes_to_reserve(game):
    """COLLECTION-R10: a kept action card goes to the reserve; a full reserve cannot take it."""
    give(game, 0, reserve="quantique")
    stack(game, a="flip R3 G4")
    play(game, "play reserve[0] quantique pile A", "keep flip")
    assert codes(game.reserves[0]) == ["flip"] and game.player == 1
    full = new_game(2, seed=21)
    give(full, 0, reserve="joker swipe")
    stack(full, a="quantique flip R3 G4")
    play(full, "draw A", "play quantique pile A")
    assert "keep flip" not in moves(full) and "keep R3" in moves(full)


def test_r11_skipped_turn_counts_as_a_turn(game):
    """COLLECTION-R11: a skipped turn counts towards the turns played."""
    give(game, 0, reserve="passe", sequence="R3")
    play(game, "play reserve[0] passe -> p1", "lock")
    before = game.turns_played
    play(game, "end turn")
    assert game.turns_played == before + 1 and game.player == 0


def test_r11_a_joker_gives_the_skipped_turn_back(game):
    """COLLECTION-R11 and COLLECTION-3.5 « il peut y activer une carte de sa réserve (Joker, par
    ex.) »: with the Joker, the skipped player draws as in any turn."""
    give(game, 0, reserve="passe", sequence="R3")
    give(game, 1, reserve="joker", sequence="G4")
    play(game, "play reserve[0] passe -> p1", "lock", "play reserve[0] joker")
    assert game.phase == Phase.TURN and {"draw A", "draw B", "lock"} <= set(moves(game))


def test_r12_first_player_moves_each_round():
    """COLLECTION-R12: round 2 starts with the second player."""
    state = new_game(3, seed=21)
    simple_round(state, {})
    play(state, "done", "done", "done")
    assert state.round == 2 and state.player == 1


def test_r13_shadow_enters_no_collection(game):
    """COLLECTION-R13: even saved by a Joker, the Shadow stays on the table, out of the sequence."""
    give(game, 0, reserve="joker", sequence="R3")
    stack(game, a="SH2")
    play(game, "draw A", "play reserve[0] joker")
    assert codes(game.table) == ["SH2"] and "SH2" not in codes(game.sequences[0])


def test_r14_flip_then_draw_or_lock(game):
    """COLLECTION-R14: after Flip, no ending the turn without drawing or locking."""
    give(game, 0, reserve="flip")
    stack(game, a="R1")
    play(game, "draw A", "play reserve[0] flip")
    assert "end turn" not in moves(game)


def test_r15_open_sequence_lost_at_round_end(game):
    """COLLECTION-R15: the declarer's open sequence does not join their collection."""
    give(game, 0, secured="R7", sequence="B7")
    give(game, 1, secured="G9", sequence="Y1")
    game.turns_played = 3
    play(game, "declare end of round", "lock")
    assert codes(game.remaining[0]) == ["R7"] and "validate pair R7 B7" not in moves(game)


def test_r16_ties():
    """COLLECTION-R16: Classic ties on points share the win; Discovery looks at objectives first."""
    state = new_game(2, seed=21, rounds=1)
    simple_round(state, {0: "R5 G5", 1: "B5 Y5"})
    play(state, "validate pair R5 G5", "done", "validate pair B5 Y5", "done")
    assert state.winners() == [0, 1]


def test_r17_one_card_one_objective():
    """COLLECTION-R17: after a pair of 7s, the same 7s cannot make three of a kind; share_cards can."""
    state = new_game(2, seed=21)
    simple_round(state, {0: "R7 G7 B7"})
    play(state, "validate pair R7 G7")
    assert moves(state) == ["done"]
    shared = new_game(2, seed=21, house=["share_cards=true"])
    simple_round(shared, {0: "R7 G7 B7"})
    play(shared, "validate pair R7 G7")
    assert moves(shared) == ["validate three_of_a_kind R7 G7 B7", "done"]


def test_r18_highest_card_of_the_objective():
    """COLLECTION-R18: a small straight 1-2-3 scores 5 + 3 even with a 16 in the collection."""
    small = {m.id: m.points for m in find_objectives(cards("R1 G2 B3 Y16"))}
    assert small["small_straight"] == 8


def test_r19_rainbow_joker_scope():
    """COLLECTION-R19: joker for Couleur, Grande Couleur, Suite Couleur; not for Arc-en-ciel."""
    found = {m.id for m in find_objectives(cards("Y1 Y2 Y3 Y4 RB5 RB6 RB7 RB8"))}
    assert {"flush", "grand_flush", "straight_flush"} <= found and "rainbow_set" not in found


def test_r20_shadow_voids_the_round_house_rule_keeps_it():
    """COLLECTION-R20: by default the round is void for the player; shadow_voids_round=false loses
    only the sequence."""
    for house, void in ((None, [True, False]), (["shadow_voids_round=false"], [False, False])):
        state = new_game(2, seed=21, house=house)
        give(state, 0, sequence="B2")
        stack(state, a="SH8")
        play(state, "draw A")
        assert state.void == void and state.sequences[0] == []


def test_r21_declaring_needs_no_owed_draw_and_counts_player_turns():
    """COLLECTION-R21: turns are individual turns (3 players: 4 turns suffice)."""
    state = new_game(3, seed=21)
    for p in range(3):
        give(state, p, secured=["R1", "G2", "B3"][p])
    stack(state, a="Y4 Y6 Y8 Y10")
    for _ in range(4):
        assert "declare end of round" not in moves(state)
        play(state, "draw A", "end turn")
    assert state.player == 1 and "declare end of round" in moves(state)


def test_r22_validation_in_turn_order_then_game_end():
    """COLLECTION-R22: players validate one after the other, from the round's first player."""
    state = new_game(3, seed=21)
    simple_round(state, {})
    order = []
    while state.phase == Phase.VALIDATE:
        order.append(state.player)
        play(state, "done")
    assert order == [0, 1, 2]


def test_r23_flush_takes_every_card_of_the_colour():
    """COLLECTION-R23: Couleur takes all the colour's cards, classic before Rainbow at equal value."""
    match = {m.id: m for m in find_objectives(cards("G1 G3 G5 G7 G9 G11 RB11"))}["flush"]
    assert match.points == 8 + 2 * 2 + 11 and [c.code for c in match.cards][:2] == ["G11", "RB11"]
    assert len(best_validation(cards("G1 G3 G5 G7 G9"))) == 1


def test_r24_colour_before_value():
    """COLLECTION-R24: a card breaking both rules is reported as colour."""
    verdict = check_verdict(cards("R3 R5 RB5"), rules=HouseRules(rainbow_colour="wild"))
    assert verdict.result["reason"] == "color"
