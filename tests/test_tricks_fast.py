"""The fast engine plays the same games: ``trick_outcome`` without explanation decides as
``resolve_trick`` does, ``legal_plays`` matches a plain reading of TRICKS-5.1, 5.2 and rulings
R4–R6, ``apply_legal`` gives the same states as ``apply_action``, and the simulator's events
counted from ``trick_log`` at the end are the ones counted action by action.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import pytest

from cardforge.cards import Card
from cardforge.games.tricks import NUMX_CHOICES, HouseRules, deck_for, legal_plays, new_game, resolve_trick
from cardforge.games.tricks.following import follow_step, following
from cardforge.games.tricks.resolution import trick_outcome
from cardforge.simulate.events import TricksTracker

CHOICES = {f.name: f.metadata["choices"] for f in dataclasses.fields(HouseRules) if f.metadata["choices"]}
TRICK_KEYS = ("triple_annulation", "flip_quantique", "quantique_fallback", "follow_target", "equal_value", "action_cards")


def random_rules(rng: random.Random) -> HouseRules:
    return HouseRules(**{key: rng.choice(CHOICES[key]) for key in TRICK_KEYS})


def random_trick(rng: random.Random, players: int, size: int) -> list[Card]:
    return [c if c.action != "numx" else rng.choice(NUMX_CHOICES) for c in rng.sample(deck_for(players), size)]


def test_trick_outcome_decides_as_resolve_trick_explains():
    rng = random.Random(18)
    for _ in range(3000):
        players = rng.randint(3, 10)
        cards = random_trick(rng, players, rng.randint(1, players))
        rules = random_rules(rng)
        explained = resolve_trick(cards, players, rules)
        winner, gone = trick_outcome(cards, players, rules)
        assert (winner, [cards[p] for p in gone]) == (explained.winner, list(explained.cancelled))


def reference_legal(trick: list[Card], hand: list[Card], rules: HouseRules) -> list[Card]:
    """TRICKS-5.1/5.2 and rulings R4–R6 read plainly (the engine's former code, kept as the oracle)."""
    def value(c: Card) -> int | None:
        return c.value if c.is_numbered or c.action == "numx" else None

    values = [c.value for c in trick if c.is_numbered]
    gone = set()
    if rules.follow_target == "valid":
        for v in set(values):
            positions = [p for p, c in enumerate(trick) if c.is_numbered and c.value == v]
            if len({trick[p].family for p in positions}) > 1:
                gone |= set(positions if rules.triple_annulation == "all" else positions[:2])
    live = [value(c) for p, c in enumerate(trick) if p not in gone and value(c) is not None]
    options = [d for c in hand for d in (NUMX_CHOICES if c.action == "numx" and c.value is None else (c,))]
    if not live:
        return options
    target = max(live)
    counts = (lambda c: c.is_numbered) if rules.action_cards == "always" else (lambda c: value(c) is not None)
    higher = [c for c in options if counts(c) and c.value > target]
    if not higher:
        return options
    laid = set(values) if rules.equal_value == "any" else {target}
    return [c for c in options if c in higher or (c.is_numbered and c.value in laid)
            or (c.is_action and rules.action_cards == "always")]


def test_legal_plays_match_the_plain_reading_of_the_rules():
    rng = random.Random(5)
    for _ in range(4000):
        players = rng.randint(3, 10)
        deck = deck_for(players)
        trick = random_trick(rng, players, rng.randint(0, players - 1))
        laid = {c.undeclared() for c in trick}
        hand = rng.sample([c for c in deck if c not in laid], rng.randint(1, 8))
        rules = random_rules(rng)
        assert legal_plays(trick, hand, rules) == reference_legal(trick, hand, rules), (trick, hand, rules)


def test_follow_step_keeps_what_following_counts_on_every_prefix():
    rng = random.Random(9)
    for _ in range(3000):
        players = rng.randint(3, 10)
        trick, rules = random_trick(rng, players, players), random_rules(rng)
        target, laid = None, []
        for end in range(1, players + 1):
            target = follow_step(trick[:end], target, laid, rules)
            assert (target, laid) == following(trick[:end], rules), (trick[:end], rules)


SHAPES = [(4, {}), (3, {"start_cards": 2}), (7, {}), (4, {"team": True}), (6, {"team": True, "team_bids": "joint"}),
          (5, {"no_winner_lead": "next", "triple_annulation": "pair"}), (4, {"action_cards": "follow"})]


@pytest.mark.parametrize("players, options", SHAPES)
def test_apply_legal_plays_as_apply_action(players, options):
    """Two copies of each game in lockstep, one unchecked: the same position after every action."""
    for seed in range(4):
        fast, checked = new_game(players, seed=seed, **options), new_game(players, seed=seed, **options)
        full, rng = checked.card_count(), random.Random(seed)
        while not checked.is_terminal():
            actions = checked.legal_actions()
            assert fast.legal_actions() == actions and fast.current_player() == checked.current_player()
            pick = rng.randrange(len(actions))
            fast.apply_legal(fast.legal_actions()[pick])
            checked.apply_action(actions[pick])
            assert str(fast) == str(checked) and fast.card_count() == full == checked.card_count()
        assert fast.is_terminal() and fast.returns() == checked.returns() and fast.history == checked.history


@pytest.mark.parametrize("players, options", SHAPES)
def test_plays_counted_then_another_move_are_not_reused(players, options):
    """``legal_count`` keeps the plays it found for the next ``apply_index``; a move made
    another way (or a copy of the game) in between plays from its own position, not from them."""
    for seed in range(3):
        mixed, checked = new_game(players, seed=seed, **options), new_game(players, seed=seed, **options)
        rng = random.Random(seed)
        while not checked.is_terminal():
            actions = checked.legal_actions()
            pick, way = rng.randrange(len(actions)), rng.randrange(3)
            if way == 0:  # counted, then played by the action (the count is left unused)
                assert mixed.legal_count() == len(actions)
                mixed.apply_legal(mixed.legal_actions()[pick])
            elif way == 1:  # played by index with no count just before
                mixed.apply_index(pick)
            else:  # counted, copied, and played by index in the copy
                assert mixed.legal_count() == len(actions)
                mixed = mixed.clone()
                mixed.apply_index(pick)
            checked.apply_action(actions[pick])
            assert str(mixed) == str(checked)
        assert mixed.returns() == checked.returns()


def test_apply_action_takes_an_equal_card_and_refuses_an_illegal_one():
    from cardforge.errors import IllegalActionError

    game = new_game(4, seed=3, start_cards=4)
    while isinstance(game.legal_actions()[0], int):
        game.apply_action(0)
    seat = game.current_player()
    card = game.legal_actions()[-1]
    copy = Card(card.family, card.value, card.action)  # equal, not the same object
    game.apply_action(copy)
    assert game.trick == [card] and card not in game.hands[seat]
    held = game.hands[game.current_player()]
    with pytest.raises(IllegalActionError):
        game.apply_action(next(c for c in deck_for(4) if c not in held and c not in game.trick))


def per_action_events(players: int, options: dict, seed: int) -> dict:
    """The events counted action by action, from the explained ``last_trick`` and ``history``."""
    state = new_game(players, seed=seed, **options)
    events: dict[str, list[int]] = defaultdict(lambda: [0] * players)
    rng, turns, last, rounds = random.Random(seed), 0, None, 0
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        if not isinstance(action, int) and action.is_action and state.phase.value == "play":
            events[f"action:{action.action}"][state.current_player()] += 1
        state.apply_action(action)
        turns += 1
        trick = state.last_trick
        if trick is not None and trick is not last:
            last = trick
            for pos, c in enumerate(trick.cards):
                if c in trick.cancelled:
                    events["annulation"][(state.last_leader + pos) % players] += 1
            if trick.winner is None:
                events["no_winner"][state.last_leader] += 1
        for record in state.history[rounds:]:
            rounds += 1
            for seat, (bid, won) in enumerate(zip(record.bids, record.won)):
                if len(record.bids) == players and bid == won:
                    events["exact_bid"][seat] += 1
        assert state.actions_played() == turns
    tracker = TricksTracker(players)
    got = tracker.finish(state)
    return {"turns": turns, "rounds": rounds, "events": dict(sorted(events.items()))}, got


@pytest.mark.parametrize("players, options", SHAPES)
def test_tracker_counts_at_the_end_what_happened_action_by_action(players, options):
    for seed in range(3):
        expected, got = per_action_events(players, options, seed)
        assert got == expected


def test_a_copied_or_pickled_game_sees_and_plays_as_the_original():
    """Copies rebuild the per-config tables (they key card codes by object identity)."""
    import copy
    import pickle

    game, rng = new_game(4, seed=7), random.Random(7)
    for _ in range(60):
        actions = game.legal_actions()
        game.apply_action(actions[rng.randrange(len(actions))])
    copies = [game.clone(), copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    for other in copies:
        held = [c for hand in other.hands for c in hand]
        assert all(other._tables.code_of[id(c)] == c.code for c in held), "the copy's tables know its own cards"
        assert [other.observation(p) for p in range(4)] == [game.observation(p) for p in range(4)]
    while not game.is_terminal():
        pick = rng.randrange(len(game.legal_actions()))
        for state in (game, *copies):
            state.apply_action(state.legal_actions()[pick])
        assert all(str(other) == str(game) and other.observation(0) == game.observation(0) for other in copies)
    assert all(other.returns() == game.returns() for other in copies)


def test_a_position_keeps_few_enough_attributes_for_fast_access():
    """CPython 3.11 keeps an instance's attributes in its class's shared-key form, where the
    interpreter reads them fastest, only up to a small number: a 30th attribute on the state
    (the legal plays kept between ``legal_count`` and ``apply_index``) cost 8 % more machine
    instructions per random game, measured. Keep the count where it was."""
    assert len(vars(new_game(4, seed=0))) <= 29
    assert len(vars(new_game(4, seed=0, team=True))) <= 29
