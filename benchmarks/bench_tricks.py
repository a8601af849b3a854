"""Num Plis benchmarks: random full games per second, trick resolutions per second and referee
command latency, each with a baseline measured in the same run.

- games: the real engine (legal plays, resolution, scoring) against a bare "highest card wins"
  loop dealing the same deck and playing the same number of random cards, through the checked
  playthrough harness and (4 players) through the simulator's loop (``play_batch``, random bots,
  unchecked ``apply_legal``, the event tracker);
- resolve_trick: against ``max()`` over the same tricks;
- referee latency: ``cardforge referee tricks trick …`` as a process, against ``python -c pass``.

``python benchmarks/bench_tricks.py [--quick]``
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.games.playthrough import random_playthrough  # noqa: E402
from cardforge.games.tricks import deck_for, new_game, resolve_trick  # noqa: E402


def rate(fn, seconds: float) -> float:
    """Calls of ``fn(i)`` per CPU second over about ``seconds`` of CPU (after one warm-up call):
    CPU time, which a loaded machine disturbs far less than wall time."""
    fn(0)
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fn(count)
        count += 1
    return count / elapsed


def baseline_game(players: int, seed: int) -> int:
    """Deal the same rounds and play random cards; the highest value takes each trick."""
    rng = random.Random(seed)
    deck = deck_for(players)
    schedule = new_game(players, seed=seed).config.schedule
    won = [0] * players
    for size in schedule:
        cards = list(deck)
        rng.shuffle(cards)
        hands = [cards[p * size:(p + 1) * size] for p in range(players)]
        for _ in range(size):
            trick = [hand.pop(rng.randrange(len(hand))) for hand in hands]
            best = max(range(players), key=lambda p: trick[p].value or 0)
            won[best] += 1
    return sum(won)


def median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    quick = "--quick" in sys.argv
    seconds = 0.5 if quick else 2.0
    print("random full games per CPU second (engine vs bare highest-card loop, same deals):")
    for players, options in ((3, {}), (4, {}), (7, {}), (4, {"team": True})):
        label = f"{players} players" + (" team" if options else "")
        games = rate(lambda i: random_playthrough("tricks", players=players, seed=i, **options), seconds)
        base = rate(lambda i: baseline_game(players, i), seconds) if not options else None
        ratio = f"  ({base:8.1f}/s baseline, engine ×{games / base:.2f} of it)" if base else ""
        print(f"  {label:16} {games:8.1f} games/s{ratio}")
    from cardforge.simulate import SimSpec
    from cardforge.simulate.play import play_batch

    spec = SimSpec("tricks", 4, ("random",), games=1_000_000)  # the most one simulation takes (simulate.spec.MAX_GAMES)
    simulated = rate(lambda i: play_batch(spec, i, i + 1), seconds)
    base = rate(lambda i: baseline_game(4, i), seconds)
    print(f"  {'4 players, lab':16} {simulated:8.1f} games/s  ({base:8.1f}/s baseline, engine ×{simulated / base:.2f} of it)")

    rng = random.Random(0)
    deck = deck_for(5)
    tricks = [rng.sample(deck, 5) for _ in range(2000)]
    tricks = [[c if c.action != "numx" else c.__class__(action="numx", value=17) for c in t] for t in tricks]
    resolved = rate(lambda i: resolve_trick(tricks[i % 2000], 5), seconds)
    maxed = rate(lambda i: max(tricks[i % 2000], key=lambda c: c.value or 0), seconds)
    print(f"resolve_trick: {resolved:,.0f}/s vs max() {maxed:,.0f}/s (×{resolved / maxed:.2f})")

    runs = 3 if quick else 7
    python = median_seconds([sys.executable, "-c", "pass"], runs)
    trick = median_seconds([sys.executable, "-m", "cardforge", "referee", "tricks", "trick",
                            "RB5", "SH5", "RB3", "flip", "--json"], runs)
    score = median_seconds([sys.executable, "-m", "cardforge", "referee", "tricks", "score",
                            "--bid", "2", "--won", "2", "--cards", "4", "--streak", "2"], runs)
    print(f"referee latency (median of {runs}): trick --json {trick * 1000:.0f} ms, score {score * 1000:.0f} ms; "
          f"python -c pass {python * 1000:.0f} ms (trick ×{trick / python:.1f})")


if __name__ == "__main__":
    main()
