"""How much stronger the ISMCTS bot is than the strategy bot, per game, with 95 % intervals.

Each game is a simulation with the bots ``ismcts`` (at the game's defaults, or
``ismcts:iterations=K``) and ``strategy`` dealt to the seats in turn (rotated each game, so each
sits in each seat equally often; ``cardforge simulate GAME --bots ismcts,strategy --seating
duplicate`` is the lab's own measure, clustered by deal: docs/simulate.md, "ISMCTS").  The margin is,
per game, the ISMCTS seats' mean win share minus the strategy seats' (a shared win is split),
averaged over the games: +1 is ISMCTS winning every game, 0 no difference.  Its interval is
the normal one over the games (each game one draw: seats of one game are not independent);
the win rate by bot is per seat-game, with ``1/players`` the fair share.

``python benchmarks/bench_bots.py [--games N] [--iterations K] [GAME …]``

``make bench`` plays 20 games a game (about 6 CPU-minutes, most of it sequence's 10 CPU-s
games): enough to see each margin's sign, its interval wide.  The lab's own measure (more
games, clustered by deal) is in docs/simulate.md; ``--games 200`` is about an hour.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: players per game: two bots, as many seats each (tricks plays from 3)
PLAYERS = {"rows": 2, "tricks": 4, "sequence": 2, "collection": 2, "numwin": 2}


def margin(games: list[dict], bots: tuple[str, str]) -> tuple[float, float, dict[str, float]]:
    """Mean margin of ``bots[0]`` over ``bots[1]`` per game, its 95 % half-width, and each
    bot's win rate per seat-game."""
    diffs, wins, seats = [], dict.fromkeys(bots, 0.0), dict.fromkeys(bots, 0)
    for g in games:
        share = {b: 0.0 for b in bots}
        count = {b: 0 for b in bots}
        for b in g["bots"]:
            count[b] += 1
            seats[b] += 1
        for w in g["winners"]:
            share[g["bots"][w]] += 1 / len(g["winners"])
        for b in bots:
            wins[b] += share[b]
        diffs.append(share[bots[0]] / count[bots[0]] - share[bots[1]] / count[bots[1]])
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else float("nan")
    return mean, 1.96 * sd / math.sqrt(n), {b: wins[b] / seats[b] for b in bots}


def main() -> None:
    from cardforge.simulate import SimSpec
    from cardforge.simulate.play import play_batch

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--games", dest="count", type=int, default=20)
    parser.add_argument("--iterations", type=int, help="playouts a move (default: the game's)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--params", default="", help="more ISMCTS parameters, e.g. :playout=strategy")
    parser.add_argument("--option", action="append", default=[], help="engine option KEY=VALUE (repeatable)")
    parser.add_argument("--players", type=int, help="players (default: 2; tricks 4)")
    args = parser.parse_args()
    budget = f":iterations={args.iterations}" if args.iterations else ""
    print(f"ISMCTS ({budget or 'defaults'}{args.params}) against the strategy bot, {args.count} games each, seed {args.seed}")
    for game in args.games:
        bots = (f"ismcts{budget}{args.params}", "strategy")
        players = args.players or PLAYERS[game]
        spec = SimSpec(game, players, bots, seed=args.seed, games=args.count, options=tuple(args.option))
        start = time.process_time()
        played = play_batch(spec, 0, args.count)
        seconds = time.process_time() - start
        mean, half, rates = margin(played, bots)
        fair = 1 / players
        print(f"  {game:10} {players} players {' '.join(args.option)}: margin {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]  "
              f"win rate per seat-game: ismcts {rates[bots[0]]:.1%}, strategy {rates[bots[1]]:.1%} (fair {fair:.0%})  "
              f"{seconds / args.count:.2f} CPU s a game", flush=True)


if __name__ == "__main__":
    main()
