"""Random seeded Num Win games: card conservation at every step, no hidden card in another
player's view, round scores that follow the table, and golden playthroughs replayed."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from cardforge.deck import load_deck
from cardforge.games.numwin import Slot
from cardforge.games.numwin_scoring import is_rainbow
from cardforge.games.playthrough import random_playthrough, record

DECK = load_deck("numwin")
GOLDEN = Path(__file__).parent / "golden" / "numwin"


# -- helpers ------------------------------------------------------------------------------------


def hidden_from(state, viewer: int) -> list[tuple]:
    """Every place holding a card ``viewer`` has not seen: the deck, another's drawn card, and
    face-down cards they never looked at (their own included)."""
    places = [("deck", i) for i in range(len(state.deck))]
    if state.held is not None and state.held_from == "deck" and viewer != state.turn:
        places.append(("held", None))
    places += [("slot", (q, i)) for q, combo in enumerate(state.combos) for i, s in enumerate(combo) if not s.seen_by(viewer)]
    return places


def _get(state, place):
    kind, where = place
    if kind == "deck":
        return state.deck[where]
    if kind == "held":
        return state.held
    q, i = where
    return state.combos[q][i].card


def _set(state, place, card) -> None:
    kind, where = place
    if kind == "deck":
        state.deck[where] = card
    elif kind == "held":
        state.held = card
    else:
        q, i = where
        state.combos[q][i].card = card


def shuffled_unseen(state, viewer: int, rng: random.Random):
    """A copy of ``state`` where the cards ``viewer`` has not seen are dealt again at random."""
    other = state.clone()
    places = hidden_from(other, viewer)
    cards = [_get(other, p) for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards):
        _set(other, place, card)
    return other


def table_points(combo: list[str], locked: list[list[str]]) -> int:
    """The scoring table applied by brute force (default rules): every way to keep one card of
    each odd value group, pairs removed, a lone Rainbow left at 0, action cards 5."""
    cards = DECK.parse_many(" ".join(combo))
    rest = Counter(cards) - Counter(DECK.parse_many(" ".join(c for p in locked for c in p)))
    numbered = [c for c in rest.elements() if c.is_numbered]
    action_points = 5 * sum(1 for c in rest.elements() if c.is_action)
    groups = [[c for c in numbered if c.value == v] for v in sorted({c.value for c in numbered})]
    choices = [g if len(g) % 2 else [None] for g in groups]
    best = None
    for kept in itertools.product(*choices):
        left = [c for c in kept if c is not None]
        rainbows = [c for c in left if is_rainbow(c)]
        pts = sum(0 if (is_rainbow(c) and len(rainbows) == 1) else c.value for c in left)
        best = pts if best is None else min(best, pts)
    return best + action_points


def invariants(full: Counter, rng: random.Random, check_views: bool):
    rounds_seen = [0]

    def check(state, action) -> None:
        assert state.card_count() == full, f"cards not conserved after {action}"
        for p, combo in enumerate(state.combos):  # what the engine relies on to skip scans
            paired = Counter(s.card for s in combo if s.lock == "pair")
            assert paired == Counter(c for pair in state.locked_pairs[p] for c in pair), f"p{p} after {action}"
        if check_views and not state.is_terminal():
            for viewer in range(state.num_players):
                other = shuffled_unseen(state, viewer, rng)
                assert other.observation(viewer) == state.observation(viewer), f"p{viewer}'s view leaks after {action}"
        if len(state.history) > rounds_seen[0]:
            last = state.history[-1]
            for p, combo in enumerate(last["combos"]):
                assert last["points"][p] == table_points(combo, last["locked_pairs"][p]), (combo, last)
            rounds_seen[0] = len(state.history)

    return check


# -- random games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players,memory", [(2, False), (3, True), (4, False), (5, True)])
def test_random_games_conserve_cards_hide_cards_and_follow_the_table(players, memory):
    for seed in range(3):
        check = invariants(DECK.counts(), random.Random(seed), check_views=seed == 0)
        state, _ = random_playthrough("numwin", players=players, seed=seed, check=check, memory=memory)
        assert state.is_terminal()
        assert len(state.history) == players  # NUMWIN-8.1
        assert state.returns() == [sum(h["points"][p] for h in state.history) for p in range(players)]


def test_random_games_with_house_rules_finish():
    for house in ({"same_value": "all"}, {"drawn_action": "must_play", "reflex_priority": "discarder_first"},
                  {"locked_count": False, "own_miss_penalty": True, "start_peek": 2}):
        state, _ = random_playthrough("numwin", players=3, seed=4, memory=True, check=lambda s, a: None, **house)
        assert state.is_terminal()


def test_the_leak_check_catches_a_leak(monkeypatch):
    """The view check is not vacuous: a view that shows every card fails it."""
    from cardforge.games.numwin import new_game

    state = new_game(3, seed=2)
    other = shuffled_unseen(state, 0, random.Random(0))
    assert other.observation(0) == state.observation(0)
    monkeypatch.setattr(Slot, "seen_by", lambda self, player: True)
    assert other.observation(0) != state.observation(0)


def test_same_seed_same_game():
    a = record("numwin", players=3, seed=9, memory=True)
    assert a == record("numwin", players=3, seed=9, memory=True)
    assert a != record("numwin", players=3, seed=10, memory=True)


# -- golden playthroughs ------------------------------------------------------------------------

GOLDEN_CASES = {
    "p2_seed1": dict(players=2, seed=1),
    "p3_seed2_memory": dict(players=3, seed=2, memory=True, rounds=1),
    "p4_seed3_all_pairs": dict(players=4, seed=3, rounds=1, same_value="all"),
}


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_playthrough_replays(name):
    expected = (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")
    assert record("numwin", **GOLDEN_CASES[name]) == expected


def write_golden() -> None:  # pragma: no cover - run by hand after a deliberate rule change
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, case in GOLDEN_CASES.items():
        (GOLDEN / f"{name}.txt").write_text(record("numwin", **case), encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    write_golden()


# -- the simulator's fast path ---------------------------------------------------------------------

FAST_CASES = [dict(players=4), dict(players=2, memory=True), dict(players=3, own_miss_penalty=True),
              dict(players=5, memory=True, locked_count=False, reflex_priority="discarder_first"),
              dict(players=4, drawn_action="must_play", reflex_on_action=False, start_peek=1)]


def _play_index(state, legal, i) -> None:
    assert state.legal_count() == len(legal)
    state.apply_index(i)


def _play_legal(state, legal, i) -> None:
    assert state.legal_actions() == legal
    state.apply_legal(legal[i])


@pytest.mark.parametrize("play", [_play_legal, _play_index], ids=["apply_legal", "apply_index"])
@pytest.mark.parametrize("case", FAST_CASES, ids=lambda c: "-".join(f"{k}={v}" for k, v in c.items()))
def test_fast_paths_play_as_apply_action(case, play):
    """The unchecked paths the lab takes (``apply_legal`` for a bot's move, ``legal_count`` and
    ``apply_index`` for a random seat, which finds even a memory claim without the list) give
    the same positions, views and rounds as the checked one, under every rule that changes what
    the fast paths inline."""
    from cardforge.games.numwin import new_game

    options = dict(case)
    players = options.pop("players")
    for seed in range(8):
        fast, checked = new_game(players, seed=seed, **options), new_game(players, seed=seed, **options)
        rng = random.Random(seed)
        while not checked.is_terminal():
            legal = checked.legal_actions()
            i = rng.randrange(len(legal))
            play(fast, legal, i)
            checked.apply_action(legal[i])
            assert str(fast) == str(checked) and fast.current_player() == checked.current_player()
            player = max(checked.current_player(), 0)
            assert fast.observation(player) == checked.observation(player)
        assert fast.history == checked.history and fast.events == checked.events


# -- what the playtest lab counts ------------------------------------------------------------------


def _play_counting(state, rng):
    """Play ``state`` out at random through the lab's tracker; count each claim as
    ``reflex_outcome`` judges it and each turn as a draw or a take, independently."""
    from cardforge.games.numwin_scoring import reflex_outcome
    from cardforge.simulate.events import tracker_for

    tracker = tracker_for("numwin", state.num_players)
    claims, turns = Counter(), 0
    while not state.is_terminal():
        player, legal = state.current_player(), state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if action.kind == "claim":
            owner, slot = (player, action.slot) if action.target is None else (action.target, action.target_slot)
            valid, _ = reflex_outcome(state.discard[-1], state.combos[owner][slot].card, state.rules)
            claims[f"claim_{'ok' if valid else 'wrong'}{'' if action.target is None else '_memory'}", player] += 1
        turns += action.kind in ("draw", "take")
        tracker.before(state, player, action)
        state.apply_legal(action)
        tracker.after(state, player, action)
    return tracker.finish(state), claims, turns


@pytest.mark.parametrize("players,memory", [(4, False), (2, True), (3, True)])
def test_the_lab_counts_each_claim_as_the_referee_judges_it(players, memory):
    """Every claim is counted ``claim_ok``/``claim_wrong`` (``_memory``) as ``reflex_outcome``
    says, and every turn once.  (Fixed: a wrong claim that closed the last window of a round
    was counted ``claim_ok`` — the new deal had emptied the discard pile.)"""
    from cardforge.games.numwin import new_game

    for seed in range(6):
        report, claims, turns = _play_counting(new_game(players, seed=seed, memory=memory), random.Random(seed))
        counted = {(name, seat): n for name, seats in report["events"].items() if name.startswith("claim")
                   for seat, n in enumerate(seats) if n}
        assert counted == dict(claims)
        assert report["turns"] == turns and report["rounds"] == players


def test_a_wrong_claim_that_ends_the_round_counts_as_wrong():
    from tests.test_numwin_engine import play, rig

    game = rig(combos=["R1 R2 R3 R4", "G7 G2", "B1 B2"], deck="SH9 Y8 Y10 Y11 Y12 Y13 Y14", discard="SH6", turn=0, rounds=1)
    play(game, "take", "add", "numwin")  # p0 calls NUM WIN: p1 and p2 play a last turn
    play(game, "draw", "discard", "pass", "pass", "pass")  # p1 discards SH9, nobody claims
    play(game, "draw", "discard")  # p2 discards Y8: the last window of the round
    from cardforge.simulate.events import tracker_for

    tracker = tracker_for("numwin", 3)
    for action in ("pass", "pass", "claim 0"):  # p0, p1 pass; p2 (the discarder, last) claims B1 for Y8: wrong
        move = {str(m): m for m in game.legal_actions()}[action]
        tracker.before(game, game.current_player(), move)
        game.apply_action(move)
        tracker.after(game, game.current_player(), move)
    assert game.is_terminal()
    events = tracker.finish(game)["events"]
    assert events["claim_wrong"] == [0, 0, 1] and "claim_ok" not in events

