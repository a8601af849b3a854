"""The rulings the project decided for Num Plis (TRICKS-Rn), default and house-rule switch."""

from __future__ import annotations

import dataclasses

import pytest
from tricks_helpers import cancelled, cards, game_with_hands, winner

from cardforge.errors import UsageError
from cardforge.games.house import parse_house_rules
from cardforge.games.tricks import (
    HouseRules,
    Phase,
    bid_points,
    check_players,
    deck_for,
    legal_plays,
    new_game,
    round_points,
    round_schedule,
    streak_bonus,
)
from cardforge.rules import load_rules


def codes(cs) -> list[str]:
    return [c.code for c in cs]


def play_out(game, pick=0):
    while not game.is_terminal():
        actions = game.legal_actions()
        game.apply_action(actions[pick % len(actions)])
    return game


def test_every_switch_names_its_ruling():
    """Each HouseRules field belongs to a ruling whose catalogue entry names it as house_rule."""
    book = load_rules("tricks")
    declared = {r.house_rule: r.id for r in book.rulings if r.house_rule}
    fields = {f.name: f.metadata["ruling"] for f in dataclasses.fields(HouseRules)}
    assert fields == declared


def test_house_rules_parse_from_the_command_line():
    rules = parse_house_rules(HouseRules, ["triple_annulation=pair", "extra-family=no"])
    assert (rules.triple_annulation, rules.extra_family) == ("pair", False)
    with pytest.raises(UsageError, match="expected one of all, pair"):
        parse_house_rules(HouseRules, ["triple_annulation=three"])


# -- TRICKS-R1 number of rounds --------------------------------------------------------------------

@pytest.mark.parametrize("players, rounds", [(3, 11), (4, 8), (5, 7), (6, 5), (7, 7), (8, 6), (9, 5), (10, 5)])
def test_r1_rounds_until_the_reserve_would_vanish(players, rounds):
    """TRICKS-R1: the last round is the largest deal leaving at least one reserve card."""
    deck = len(deck_for(players))
    schedule = round_schedule(players, deck)
    assert schedule == tuple(range(1, rounds + 1))
    assert deck - players * schedule[-1] >= 1
    assert deck - players * (schedule[-1] + 1) < 1


def test_r1_full_deal_switch():
    """TRICKS-R1 with last_round=full: 6 players get 6 cards in the last round, no reserve."""
    game = new_game(6, seed=0, last_round="full")
    assert game.config.schedule[-1] == 6
    with pytest.raises(UsageError, match="rounds must be 1 to 5"):
        new_game(6, rounds=6)


# -- TRICKS-R2 who leads first -----------------------------------------------------------------------

def test_r2_first_player_rotates_each_round():
    """TRICKS-R2: round 1 starts with seat 0, round 2 with seat 1, … for bids and the first lead."""
    game = new_game(3, seed=4, rounds=4)
    firsts = []
    while not game.is_terminal():
        if game.phase is Phase.BID and all(b is None for b in game.bids):
            firsts.append(game.current_player())
        if game.phase is Phase.PLAY and not game.trick and sum(game.won) == 0 and not game.set_aside \
                and all(len(h) == game.cards_per_player for h in game.hands):
            assert game.current_player() == firsts[-1]
        game.apply_action(game.legal_actions()[0])
    assert firsts == [0, 1, 2, 0]


# -- TRICKS-R3 bid values ------------------------------------------------------------------------------

def test_r3_bids_run_from_zero_to_the_cards_of_the_round():
    """TRICKS-R3: the engine offers 0…cards; a larger bid is refused as a typing mistake."""
    game = new_game(4, seed=0, start_cards=3)
    assert game.legal_actions() == [0, 1, 2, 3]
    with pytest.raises(UsageError, match="bid 5 is impossible with 3 cards"):
        round_points(5, 0, 3, 0)
    with pytest.raises(UsageError, match="tricks won 4"):
        round_points(1, 4, 3, 0)


# -- TRICKS-R4 action cards ----------------------------------------------------------------------------

def test_r4_action_cards_always_playable():
    """TRICKS-R4: Flip may be played by a player who could go higher; Num-X never forces."""
    assert codes(legal_plays(cards("RB10"), cards("SH12 flip"))) == ["SH12", "flip"]
    assert codes(legal_plays(cards("RB10"), cards("RB3 numx"))) == ["RB3", "numx=0", "numx=17"]


def test_r4_follow_switch():
    """TRICKS-R4 with action_cards=follow: must go higher, and Num-X as 17 counts as higher."""
    follow = HouseRules(action_cards="follow")
    assert codes(legal_plays(cards("RB10"), cards("SH12 flip"), follow)) == ["SH12"]
    assert codes(legal_plays(cards("RB10"), cards("RB3 numx"), follow)) == ["numx=17"]
    assert codes(legal_plays(cards("RB10"), cards("RB3 flip"), follow)) == ["RB3", "flip"]


# -- TRICKS-R5 strictly higher than what ---------------------------------------------------------------

def test_r5_compare_with_highest_valid_card():
    """TRICKS-R5: cancelled cards no longer count; Num-X counts as declared."""
    assert codes(legal_plays(cards("RB10 SH10 RB4"), cards("SH6 SH2"))) == ["SH6"]
    assert codes(legal_plays(cards("numx=17"), cards("SH6 SH2"))) == ["SH6", "SH2"]
    assert codes(legal_plays(cards("numx=0"), cards("SH6 flip"))) == ["SH6", "flip"]


def test_r5_played_switch():
    """TRICKS-R5 with follow_target=played: the cancelled RB10/SH10 still set the bar."""
    played = HouseRules(follow_target="played")
    assert codes(legal_plays(cards("RB10 SH10 RB4"), cards("SH6 SH2"), played)) == ["SH6", "SH2"]


# -- TRICKS-R6 the equal value ---------------------------------------------------------------------

def test_r6_equal_to_any_numbered_card_in_the_trick():
    """TRICKS-R6: an equal value to any card already laid, even when a higher card is held."""
    assert codes(legal_plays(cards("RB10 SH4"), cards("RB4 SH12 RB2"))) == ["RB4", "SH12"]


def test_r6_highest_switch_matches_only_the_card_to_beat():
    """TRICKS-R6 with equal_value=highest: "une valeur égale" to the card to beat only, so RB4
    (equal to the lower SH4) is no longer an exception, while SH10 (equal to RB10) still is."""
    rules = parse_house_rules(HouseRules, ["equal_value=highest"])
    assert codes(legal_plays(cards("RB10 SH4"), cards("RB4 SH12 RB2"), rules)) == ["SH12"]
    assert codes(legal_plays(cards("RB10 SH4"), cards("SH10 SH12 RB2"), rules)) == ["SH10", "SH12"]


# -- TRICKS-R7 three equal values --------------------------------------------------------------------

def test_r7_three_equal_values_all_cancel():
    """TRICKS-R7: RB5, SH5 and V5 in one trick are all cancelled."""
    trick = "RB5 SH5 V5 RB2 SH3 RB4 V1"
    assert cancelled(trick) == ["RB5", "SH5", "V5"]
    assert winner(trick) == "RB4"


def test_r7_pair_switch():
    """TRICKS-R7 with triple_annulation=pair: only the first two laid cancel; V5 stays and wins."""
    trick = "RB5 SH5 V5 RB2 SH3 RB4 V1"
    assert cancelled(trick, triple_annulation="pair") == ["RB5", "SH5"]
    assert winner(trick, triple_annulation="pair") == "V5"


# -- TRICKS-R8 valid cards -----------------------------------------------------------------------------

def test_r8_action_cards_never_win_and_no_valid_card_means_no_winner():
    """TRICKS-R8: Flip and Quantique never win; a trick with no valid card has no winner."""
    assert winner("flip quantique RB3") == "RB3"
    assert winner("RB5 SH5 flip") is None
    assert winner("RB5 SH5 quantique numx=17") == "numx=17"  # Num-X is never cancelled


def test_r8_engine_sets_aside_a_trick_with_no_winner():
    """TRICKS-R8 in the engine: nobody's trick count moves; the cards are set aside."""
    game = game_with_hands(3, ["flash RB1", "SH3 SH4", "RB5 RB6"])
    for code in ("flash", "SH3", "RB5"):
        game.apply_action(cards(code)[0])
    assert game.won == [0, 0, 0] and sorted(c.code for c in game.set_aside) == ["RB5", "SH3", "flash"]


# -- TRICKS-R9 priority ----------------------------------------------------------------------------

def test_r9_priority_order():
    """TRICKS-R9: Flash before everything; Flip and Quantique read Num-X at its declared value."""
    assert winner("flip RB3 flash") is None
    assert winner("numx=17 RB3 flip") == "RB3"
    assert winner("RB16 numx=17 quantique") == "numx=17"  # 3 players: odd, 17 is odd
    assert winner("RB16 numx=0 SH15 quantique") == "RB16"  # 4 players: even, RB16 beats 0
    assert winner("numx=0 RB3 quantique SH5") == "numx=0"  # 4 players: 0 is the only even card


# -- TRICKS-R10 Flip and Quantique -----------------------------------------------------------------

@pytest.mark.parametrize("mode, expected", [("combine", "SH9"), ("flip", "RB2"), ("quantique", "RB13")])
def test_r10_flip_and_quantique(mode, expected):
    """TRICKS-R10: both apply (the lowest odd card with 5 players), or only one of them."""
    assert winner("RB2 SH9 flip RB13 quantique", flip_quantique=mode) == expected


# -- TRICKS-R11 Quantique without the parity ---------------------------------------------------------

def test_r11_quantique_without_parity_has_no_effect():
    """TRICKS-R11: with 4 players and only odd cards, the highest card wins; Flip still applies."""
    assert winner("RB3 SH5 quantique RB7") == "RB7"
    assert winner("RB3 SH5 quantique flip") == "RB3"


def test_r11_none_switch():
    """TRICKS-R11 with quantique_fallback=none: the trick has no winner."""
    assert winner("RB3 SH5 quantique RB7", quantique_fallback="none") is None
    assert winner("RB4 SH5 quantique RB7", quantique_fallback="none") == "RB4"


# -- TRICKS-R12 lead after no winner -----------------------------------------------------------------

@pytest.mark.parametrize("mode, leader", [("same", 0), ("next", 1)])
def test_r12_who_leads_after_no_winner(mode, leader):
    """TRICKS-R12: the same leader again, or (no_winner_lead=next) the player on the left."""
    game = game_with_hands(3, ["flash RB1", "SH3 SH4", "RB5 RB6"], no_winner_lead=mode)
    for code in ("flash", "SH3", "RB5"):
        game.apply_action(cards(code)[0])
    assert game.current_player() == leader


# -- TRICKS-R13 players ------------------------------------------------------------------------------

def test_r13_player_counts():
    """TRICKS-R13: 3–10 players; teams with 4, 6 or 8."""
    for bad in (2, 11):
        with pytest.raises(UsageError, match="3–10 players"):
            check_players(bad)
    with pytest.raises(UsageError, match="4, 6 or 8"):
        new_game(5, team=True)
    assert new_game(8, team=True).config.deck.__len__() == 52
    with pytest.raises(UsageError, match="need 48 cards, the deck has 36"):
        new_game(8, team=True, extra_family=False)


# -- TRICKS-R14 / R15 streak table -------------------------------------------------------------------

def test_r14_each_round_pays_one_line():
    """TRICKS-R14: each exact round pays the line of the current streak, one line only."""
    totals = []
    streak = 0
    for _ in range(4):
        score = round_points(1, 1, 2, streak)
        totals.append(score.bonus)
        streak = score.streak_after
    assert totals == [0, 5, 10, 15]


def test_r14_once_switch():
    """TRICKS-R14 with streak_payout=once: paid when the streak breaks or at the final round."""
    once = HouseRules(streak_payout="once")
    assert round_points(1, 1, 3, 2, once).bonus == 0
    assert round_points(1, 0, 3, 3, once).bonus == 10
    assert round_points(1, 1, 3, 3, once, final=True).bonus == 15
    assert round_points(1, 0, 3, 1, once).bonus == 0


def test_r15_beyond_seven():
    """TRICKS-R15: 8 → +50, 9 → +60; streak_beyond_7=flat: +10."""
    assert [streak_bonus(n) for n in (7, 8, 9, 12)] == [40, 50, 60, 90]
    flat = HouseRules(streak_beyond_7="flat")
    assert [streak_bonus(n, flat) for n in (7, 8, 9)] == [40, 10, 10]


# -- TRICKS-R16 cards of the round -------------------------------------------------------------------

def test_r16_cards_of_the_round_are_per_player():
    """TRICKS-R16: a 0 bid made in a 3-card round earns 20 + 2 × 3, whatever the table size."""
    assert bid_points(0, 0, cards=3) == 26


# -- TRICKS-R17 teams and the exchange ---------------------------------------------------------------

def test_r17_partners_opposite_and_received_cards_cannot_be_passed_on():
    """TRICKS-R17: seats i and i + n/2; choices come only from one's original hand."""
    game = new_game(6, seed=1, team=True)
    assert [game.config.partner(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]
    original = [set(h) for h in game.hands]
    while game.phase is Phase.PASS:
        seat = game.current_player()
        assert set(game.legal_actions()) <= original[seat]
        game.apply_action(game.legal_actions()[-1])
    assert game.phase is Phase.BID and all(len(h) == 6 for h in game.hands)


# -- TRICKS-R18 team bids ----------------------------------------------------------------------------

def test_r18_individual_bids_summed():
    """TRICKS-R18: partners score apart; the team total is their sum."""
    game = play_out(new_game(4, seed=3, team=True), pick=1)
    assert len(game.totals) == 4
    assert game.returns()[0] == game.totals[0] + game.totals[2]


def test_r18_joint_switch():
    """TRICKS-R18 with team_bids=joint: one bid (the sum) against the pair's tricks, 12 cards."""
    game = play_out(new_game(4, seed=3, team=True, team_bids="joint"), pick=1)
    assert game.config.units == ((0, 2), (1, 3))
    streak = [0, 0]
    expected = [0, 0]
    for i, record in enumerate(game.history):
        for team in range(2):
            score = round_points(record.bids[team], record.won[team], 12, streak[team], final=i == 4)
            expected[team] += score.total
            streak[team] = score.streak_after
    assert game.totals == expected
    assert game.returns() == [expected[0], expected[1], expected[0], expected[1]]


# -- TRICKS-R19 extra family optional -----------------------------------------------------------------

def test_r19_extra_family_switch():
    """TRICKS-R19: the extra family is in by default from 7 players; extra_family=false drops it."""
    assert len(new_game(7).config.deck) == 52
    game = new_game(7, extra_family=False)
    assert len(game.config.deck) == 36 and not any(c.family == "V" for c in game.config.deck)
    assert game.config.schedule == (1, 2, 3, 4, 5)


# -- TRICKS-R20 end of game ----------------------------------------------------------------------------

def test_r20_highest_total_wins_ties_share():
    """TRICKS-R20: the game ends after the last round; tied leaders share the win."""
    game = play_out(new_game(3, seed=2, rounds=2))
    assert game.is_terminal() and game.legal_actions() == []
    game.totals = [10, 25, 25]
    assert game.winners() == [1, 2]
