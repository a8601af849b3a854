"""Playing the games of a simulation: one game from its index, and a batch of them."""

from __future__ import annotations

import random
from typing import Any

from cardforge.games.base import TERMINAL
from cardforge.simulate.events import Tracker, tracker_for
from cardforge.simulate.spec import HOUSE_ARGUMENT, SimSpec, game_seed

__all__ = ["play_game", "play_batch", "stop_when", "MAX_ACTIONS", "RunawayGame"]

#: a game longer than this is a bug in an engine or a bot, not a long game
MAX_ACTIONS = 200_000


class RunawayGame(RuntimeError):
    """Game ``index`` (engine seed ``seed``) did not end within ``MAX_ACTIONS`` actions; when it
    was traced, ``trace`` is its record so far (the moves that ran away)."""

    def __init__(self, game: str, index: int, seed: int, limit: int):
        super().__init__(game, index, seed, limit)  # (the arguments rebuild it across processes)
        self.game, self.index, self.seed, self.limit = game, index, seed, limit
        self.trace: dict[str, Any] | None = None

    def __str__(self) -> str:
        return f"{self.game} game {self.index} (seed {self.seed}) did not end within {self.limit} actions"


def _winners(state: Any) -> list[int]:
    if hasattr(state, "winners"):
        return list(state.winners())
    return [state.winner()]


def play_game(spec: SimSpec, index: int, options: dict[str, Any] | None = None, *,
              trace: bool = False) -> dict[str, Any]:
    """Game ``index`` of ``spec``, played to the end: seats' bots, scores, winners, turns,
    rounds and per-seat event counts (a JSON-ready dict); ``trace`` adds its audit trail
    (``trace_fields``: seeds, every move and chance outcome), the same game move for move."""
    from cardforge.bots import RandomBot, make_bot, seat_view
    from cardforge.games import new_game

    seed = spec.deal_seed(index)
    names = spec.seat_bots(index)
    options = options or spec.engine_options()
    rules = options.get(HOUSE_ARGUMENT[spec.game])
    bots = [make_bot(spec.game, name, rules=rules) for name in names]
    rng = random.Random(game_seed(spec.seed, index, "bots"))  # the bots' own stream, not a deal's
    if trace:
        return _traced(spec, index, seed, names, bots, rng, options)
    state = new_game(spec.game, players=spec.players, seed=seed, **options)
    tracker = tracker_for(spec.game, spec.players)
    # bound once: this loop is the simulator's hot path
    current, legal_actions, apply = state.current_player, state.legal_actions, state.apply_legal
    count, apply_index = state.legal_count, state.apply_index
    # a tracker hook the game does not use is not called; a random seat (``None``) is the
    # random bot's own pick, inlined: the same draw from the same generator, by index when no
    # hook needs to see the action
    before = tracker.before if type(tracker).before is not Tracker.before else None
    after = tracker.after if type(tracker).after is not Tracker.after else None
    hooked = before is not None or after is not None
    acts = [None if type(bot) is RandomBot else bot.act for bot in bots]
    views = [seat_view(bot, state) for bot in bots]
    draw = rng.random
    if not hooked and acts.count(None) == len(acts):  # random seats only: each step is one index
        if state.play_random(draw, MAX_ACTIONS + 1) > MAX_ACTIONS:  # still playing after MAX_ACTIONS moves
            raise RunawayGame(spec.game, index, seed, MAX_ACTIONS)
        return _record(index, names, state, tracker)
    steps = 0
    while (player := current()) != TERMINAL:  # one call a step: the player, or the game is over
        act = acts[player]
        if act is None and not hooked:
            apply_index(int(draw() * count()))
        else:
            legal = legal_actions()
            if act is None:
                action = legal[int(draw() * len(legal))]
            else:
                view = views[player]
                action = act(view(player) if view is not None else None, legal, rng)
            if before is not None:
                before(state, player, action)
            apply(action)
            if after is not None:
                after(state, player, action)
        steps += 1
        if steps > MAX_ACTIONS:
            raise RunawayGame(spec.game, index, seed, MAX_ACTIONS)
    return _record(index, names, state, tracker)


def _traced(spec: SimSpec, index: int, seed: int, names: list[str], bots: list[Any], rng: random.Random,
            options: dict[str, Any]) -> dict[str, Any]:
    """``play_game`` step by step, noting each move (seat, index among the legal moves, the
    engine's words for it, chance outcomes drawn before it) and every chance outcome: the same
    draws as the fast loops, so the same game."""
    from cardforge.bots import RandomBot, seat_view

    state = new_game_traced(spec, seed, options)
    tracker = tracker_for(spec.game, spec.players)
    moves: list[list[Any]] = []
    views = [seat_view(bot, state) for bot in bots]
    steps = 0
    while (player := state.current_player()) != TERMINAL:
        legal = state.legal_actions()
        bot, view = bots[player], views[player]
        if type(bot) is RandomBot:
            i = int(rng.random() * len(legal))
        else:
            action = bot.act(view(player) if view is not None else None, legal, rng)
            i = next(k for k, move in enumerate(legal) if move is action or move == action)
        action = legal[i]
        moves.append([player, i, state.action_to_string(action), len(getattr(state, "chance_log", None) or ())])
        tracker.before(state, player, action)
        state.apply_legal(action)
        tracker.after(state, player, action)
        steps += 1
        if steps > MAX_ACTIONS:
            error = RunawayGame(spec.game, index, seed, MAX_ACTIONS)
            error.trace = {"index": index, "bots": names, **trace_fields(spec, index, seed, state, moves)}
            raise error
    return {**_record(index, names, state, tracker), **trace_fields(spec, index, seed, state, moves)}


def new_game_traced(spec: SimSpec, seed: int, options: dict[str, Any]) -> Any:
    """The game of ``seed`` keeping its chance outcomes (``record_chance``, where the engine has
    explicit chance nodes; numwin's deal replays from the seed alone)."""
    import inspect

    from cardforge.games import engine_module, new_game

    if "record_chance" in inspect.signature(engine_module(spec.game).new_game).parameters:
        options = {**options, "record_chance": True}
    return new_game(spec.game, players=spec.players, seed=seed, **options)


def trace_fields(spec: SimSpec, index: int, seed: int, state: Any, moves: list[list[Any]]) -> dict[str, Any]:
    """What a record adds to replay and audit a game: the game, its options, both seeds, the
    moves and the chance outcomes."""
    return {"game": spec.game, "players": spec.players, "house": list(spec.house), "options": list(spec.options),
            "seed": seed, "bot_seed": game_seed(spec.seed, index, "bots"), "moves": moves,
            "chance": [state.chance_to_string(o) for o in getattr(state, "chance_log", None) or ()]}


def _record(index: int, names: list[str], state: Any, tracker: Tracker) -> dict[str, Any]:
    """A finished game as the report reads it."""
    return {"index": index, "bots": names, "scores": list(state.returns()), "winners": _winners(state),
            **tracker.finish(state)}


#: set by the parent of a local process pool on Ctrl-C (``stop_when``): a batch then ends after
#: the game being played, and its games so far are its result
_stop: Any = None


def stop_when(event: Any) -> None:
    """Pool worker initializer: Ctrl-C is the parent's to handle (ignored here), which asks the
    batches to end early through ``event`` — a worker never dies in the middle of sending a
    result (a killed writer leaves the pool's reader waiting forever)."""
    import signal

    global _stop
    _stop = event
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_batch(spec: SimSpec, start: int, stop: int, trace: bool = False) -> list[dict[str, Any]]:
    """Games ``start``…``stop - 1`` of ``spec`` (a pure function: any executor may run it);
    fewer when the parent asked the batches to stop (``stop_when``); ``trace``: with their
    audit trail."""
    from cardforge.deck import decks_frozen

    options = spec.engine_options()
    played = []
    with decks_frozen():  # a batch's games start from decks that do not change under them
        for i in range(start, stop):
            if _stop is not None and _stop.is_set():
                break
            played.append(play_game(spec, i, dict(options), trace=trace))
    return played
