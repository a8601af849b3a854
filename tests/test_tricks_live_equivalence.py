"""The issue's "done when" for Num Plis through the live path: seeded games' moves typed as the
table types them (``Ana=bid=1``, ``Ana=pass=RB3``, ``Ana=RB12``), one move per call through
``cardforge.live`` (with and without the hands dealt), reach the seeded engine's state, scores
and winners at every step, under the house rules and the team variant."""

from __future__ import annotations

import random

import pytest

from cardforge.games.tricks import new_game
from cardforge.live import apply, from_json, new_position
from tests.live_paths import tricks_token

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Émile", "Fanny", "Gus")

CASES = [({}, {}), ({"triple_annulation": "pair"}, {}), ({"no_winner_lead": "next"}, {}),
         ({"streak_payout": "once"}, {}), ({"flip_quantique": "flip"}, {}), ({}, {"team": True}),
         ({"team_bids": "joint"}, {"team": True})]


def _keeper(store, tmp_path, seed, names, house, options):
    """How a position is kept between two calls: its JSON, a state file, or the table store
    (the web page's): ``keep(position)`` saves it and gives back what a new call loads."""
    from cardforge.live.storage import MatchSlot, StateFile
    from cardforge.table.events import MatchCreated
    from cardforge.table.store import Store

    if store == "json":
        return lambda position: from_json(position.to_json())
    if store == "state file":
        storage = StateFile(tmp_path / f"s{seed}.json")
    else:
        with Store(tmp_path / f"t{seed}.db") as db:
            mid = db.create_match(MatchCreated(game="tricks", players=names, house=house)).match_id
        storage = MatchSlot(tmp_path / f"t{seed}.db", mid)
        storage.load("tricks")

    def keep(position):
        with storage.transaction():
            storage.save(position)
        return storage.load("tricks")

    return keep


@pytest.mark.parametrize("house, options", CASES, ids=[f"{h or ''}{o or ''}" or "default" for h, o in CASES])
def test_seeded_games_typed_move_by_move_reach_the_same_scores_and_winners(house, options):
    _typed_games(house, options, range(12), "json", None)


@pytest.mark.parametrize("store", ["state file", "table store"])
@pytest.mark.parametrize("house, options", CASES[::3], ids=[f"{h or ''}{o or ''}" or "default" for h, o in CASES[::3]])
def test_seeded_games_typed_through_the_state_file_and_the_table_store(house, options, store, tmp_path):
    _typed_games(house, options, range(2), store, tmp_path)


def _typed_games(house, options, seeds, store, tmp_path):
    for seed in seeds:
        players = 4 if options.get("team") else 3 + seed % 3
        opts = {**options, "rounds": 1} if options.get("team") else {**options, "rounds": 2, "start_cards": 1 + seed % 2}
        show_hands = seed % 2 == 0
        names = NAMES[:players]
        seeded = new_game(players, seed, record_chance=True, **opts, **house)
        position = new_position("tricks", names, tuple(f"{k}={v}" for k, v in house.items()), **opts)
        keep = _keeper(store, tmp_path, seed, names, position.house, opts)
        rng, dealt = random.Random(seed), 0
        while not seeded.is_terminal():
            if show_hands and dealt < len(seeded.chance_log):
                hands = [f"{names[i % players]}=hand={','.join(c.code for c in seeded.chance_log[i])}"
                         for i in range(dealt, len(seeded.chance_log))]
                position, _ = apply(position, position.parse_move(hands))
                dealt = len(seeded.chance_log)
            if show_hands:  # the same hands, the same everything
                engine = position.state()
                assert [engine.observation(p) for p in range(players)] == [seeded.observation(p) for p in range(players)]
            actions = seeded.legal_actions()
            action = actions[rng.randrange(len(actions))]
            token = tricks_token(seeded, action, names)
            seeded.apply_action(action)
            position, verdict = apply(position, position.parse_move([token]))
            position = keep(position)  # kept between calls: stored and replayed
            engine = position.state()
            assert verdict.result["totals"] == dict(zip(names, seeded.returns()))
            assert engine.bids == seeded.bids and engine.won == seeded.won and engine.round == seeded.round
        assert verdict.result["game_over"] and verdict.result["winners"] == [names[p] for p in seeded.winners()]
