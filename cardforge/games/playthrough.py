"""Random seeded playthroughs, used by tests (invariants at every step), golden files and
benchmarks.

A playthrough picks uniformly among ``legal_actions()`` with ``random.Random(seed)``; the
engine's own chance is seeded by the same number.  ``record`` writes it as text, one line per
action plus the final scores: the golden files in ``tests/golden/`` are such records, and
``python -m cardforge.games.playthrough GAME --players N --seed S`` prints one.

``check_equivalence`` is the live model's property (issue #25): a seeded game played with its
chance recorded, then its moves and outcomes fed one at a time into a ``chance="table"``
engine, gives the same state at every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from cardforge.games import new_game
from cardforge.games.base import GameState

__all__ = ["random_playthrough", "record", "check_equivalence", "Policy", "random_policy"]

#: chooses the current player's action: ``policy(state, rng) -> action``
Policy = Callable[[GameState, random.Random], Any]


def random_policy(state: GameState, rng: random.Random) -> Any:
    """A uniformly random legal action (the playthroughs' choice)."""
    actions = state.legal_actions()
    return actions[rng.randrange(len(actions))]


def _same(seeded: GameState, table: GameState, where: str) -> None:
    """``AssertionError`` naming the first thing that differs between the two engines."""
    facts = [("current_player", lambda s: s.current_player()), ("is_terminal", lambda s: s.is_terminal()),
             ("returns", lambda s: s.returns()), ("winners", lambda s: s.winners())]
    facts += [(f"observation({p})", lambda s, p=p: s.observation(p)) for p in range(seeded.num_players)]
    for name, fact in facts:
        a, b = fact(seeded), fact(table)
        if a != b:
            raise AssertionError(f"{where}: {name} differs: seeded {a!r}, table {b!r}")


def _feed(seeded: GameState, table: GameState, done: int, where: str) -> int:
    """Apply to ``table`` the outcomes ``seeded`` recorded after the first ``done``, each through
    its stored text; the new count."""
    log = seeded.chance_log
    assert log is not None, "the seeded engine was built without record_chance=True"
    for outcome in log[done:]:
        if not table.is_chance_node():
            raise AssertionError(f"{where}: the seeded engine drew {seeded.chance_to_string(outcome)!r} "
                                 f"but the table engine is not at a chance node")
        table.apply_chance(table.parse_chance(seeded.chance_to_string(outcome)))
    if table.is_chance_node():
        raise AssertionError(f"{where}: the table engine waits for chance the seeded engine did not draw")
    return len(log)


def check_equivalence(
    factory: Callable[..., GameState],
    seeds: Iterable[int],
    *,
    policy: Policy = random_policy,
    max_steps: int = 200_000,
) -> int:
    """Play each seed twice and compare at every step; returns the number of steps compared.

    ``factory(seed=…, chance=…, record_chance=…)`` builds a game (e.g. ``functools.partial(
    rows.new_game, 3, explosion=True)``).  The seeded engine (``record_chance=True``) is played
    by ``policy`` with ``random.Random(seed ^ 0x5EED)``; the same actions, and between them the
    outcomes it recorded (through ``chance_to_string``/``parse_chance``, as storage does), go
    into a ``chance="table"`` engine.  After each action and its outcomes, every seat's
    observation, the returns, ``is_terminal``, the winners and the player to act must agree;
    ``AssertionError`` naming the seed, the step and the first difference otherwise."""
    steps = 0
    for seed in seeds:
        seeded = factory(seed=seed, chance="seeded", record_chance=True)
        table = factory(seed=seed, chance="table")
        rng = random.Random(seed ^ 0x5EED)
        done = _feed(seeded, table, 0, f"seed {seed}, the deal")
        _same(seeded, table, f"seed {seed}, the deal")
        step = 0
        while not seeded.is_terminal():
            action = policy(seeded, rng)
            where = f"seed {seed}, step {step} ({seeded.action_to_string(action)})"
            seeded.apply_action(action)
            table.apply_action(action)
            done = _feed(seeded, table, done, where)
            _same(seeded, table, where)
            step += 1
            if step > max_steps:
                raise AssertionError(f"seed {seed}: game did not end within {max_steps} actions")
        steps += step
    return steps


def random_playthrough(
    game: str,
    *,
    players: int,
    seed: int,
    check: Callable[[GameState, Any | None], None] | None = None,
    max_steps: int = 200_000,
    **options: Any,
) -> tuple[GameState, list[str]]:
    """Play a whole game with random legal actions; call ``check(state, last_action)`` after
    the deal and after every action.  Returns the final state and the action log."""
    state = new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed ^ 0x5EED)
    log: list[str] = []
    if check:
        check(state, None)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        if not actions:
            raise AssertionError(f"{game}: no legal action for player {state.current_player()} in a live state")
        action = actions[rng.randrange(len(actions))]
        log.append(f"p{state.current_player()}: {state.action_to_string(action)}")
        state.apply_action(action)
        if check:
            check(state, action)
        steps += 1
        if steps > max_steps:
            raise AssertionError(f"{game}: game did not end within {max_steps} actions (seed {seed})")
    return state, log


def record(game: str, *, players: int, seed: int, **options: Any) -> str:
    """A playthrough as text: header, one line per action, final scores."""
    state, log = random_playthrough(game, players=players, seed=seed, **options)
    opts = " ".join(f"{k}={v}" for k, v in sorted(options.items()))
    lines = [f"# {game} players={players} seed={seed}" + (f" {opts}" if opts else "")]
    lines += log
    lines.append("returns: " + " ".join(str(r) for r in state.returns()))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE engine option")
    args = parser.parse_args(argv)
    from cardforge.errors import CardforgeError

    bad = [o for o in args.option if "=" not in o]
    if bad:
        parser.exit(2, f"playthrough: error: --option {bad[0]!r}: expected KEY=VALUE\n")
    try:
        options = dict(o.split("=", 1) for o in args.option)
        print(record(args.game, players=args.players, seed=args.seed, **options), end="")
    except ValueError as exc:  # CardforgeError subclasses included, and a malformed --option
        parser.exit(2, f"playthrough: error: {exc}\n")
    except CardforgeError as exc:
        parser.exit(2, f"playthrough: error: {exc}\n")


if __name__ == "__main__":
    main()
