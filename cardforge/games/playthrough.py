"""Random seeded playthroughs, used by tests (invariants at every step), golden files and
benchmarks.

A playthrough picks uniformly among ``legal_actions()`` with ``random.Random(seed)``; the
engine's own chance is seeded by the same number.  ``record`` writes it as text, one line per
action plus the final scores: the golden files in ``tests/golden/`` are such records, and
``python -m cardforge.games.playthrough GAME --players N --seed S`` prints one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardforge.games import new_game
from cardforge.games.base import GameState

__all__ = ["random_playthrough", "record"]


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
