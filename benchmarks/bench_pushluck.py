"""Num Séquence / Num Collection benchmarks: random full games per second and referee latency,
each against a baseline measured in the same run.

- games: the real engines (two piles, reserve, every action card, STOP conditions, rounds,
  scoring or objective validation) playing uniformly random legal moves, per game and per card
  drawn, against a bare loop that shuffles the same deck into two piles and draws at random
  applying only the three STOP tests;
- verdicts in-process: ``check_verdict`` (sequence) and ``objectives_verdict --best``
  (collection, 15-card collections) per second;
- referee latency: ``cardforge referee sequence check …`` and ``cardforge referee collection
  objectives --best …`` as processes, against ``python -c pass`` and ``cardforge --version``.

``python benchmarks/bench_pushluck.py [--quick]``
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

from cardforge.deck import load_deck  # noqa: E402
from cardforge.games.playthrough import random_playthrough  # noqa: E402
from cardforge.games.pushluck import stop_reason  # noqa: E402
from cardforge.referee.collection import objectives_verdict  # noqa: E402
from cardforge.referee.sequence import check_verdict  # noqa: E402


def rate(fn, seconds: float) -> tuple[float, float]:
    """(calls of ``fn(i)`` per second, summed weight per second) over about ``seconds``."""
    count, weight, start = 0, 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        weight += fn(count)
        count += 1
    return count / elapsed, weight / elapsed


def engine_game(game: str, players: int):
    def play(seed: int) -> int:
        _, log = random_playthrough(game, players=players, seed=seed)
        return sum(1 for line in log if "draw" in line)
    return play


def baseline_game(game: str, players: int):
    """Bare push-your-luck: two shuffled piles, random draw-or-lock, the STOP tests only."""
    deck = [c for c in load_deck(game).cards(players, "classic") if c.is_numbered]

    def play(seed: int) -> int:
        rng = random.Random(seed)
        cards = list(deck)
        rng.shuffle(cards)
        piles = [cards[: len(cards) // 2], cards[len(cards) // 2:]]
        sequences = [[] for _ in range(players)]
        banked = [0] * players
        draws, p = 0, 0
        while piles[0] or piles[1]:
            pile = piles[0] if piles[0] and (not piles[1] or rng.random() < 0.5) else piles[1]
            card = pile.pop()
            draws += 1
            if stop_reason(sequences[p], card):
                sequences[p] = []
                p = (p + 1) % players
            else:
                sequences[p].append(card)
                if rng.random() < 0.3:
                    banked[p] += sum(c.value for c in sequences[p])
                    sequences[p] = []
                    p = (p + 1) % players
        return draws
    return play


def process_ms(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, cwd=ROOT, capture_output=True, check=False)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    quick = "--quick" in sys.argv
    seconds = 1.0 if quick else 3.0
    print("random full games (uniform legal moves), 4 players:")
    for game in ("sequence", "collection"):
        games_s, draws_s = rate(engine_game(game, 4), seconds)
        _, base_draws_s = rate(baseline_game(game, 4), seconds)
        print(f"  {game:10s} {games_s:7.1f} games/s  {draws_s:9.0f} draws/s   "
              f"bare STOP-only loop {base_draws_s:9.0f} draws/s (engine costs {base_draws_s / draws_s:4.1f}x per draw)")

    rng = random.Random(1)
    sequence_deck = [c for c in load_deck("sequence").cards() if c.is_numbered]
    collection_pool = [c for c in load_deck("collection").cards(mode="discovery") if c.family != "SH"]
    hands = [rng.sample(sequence_deck, 6) for _ in range(50)]
    collections = [rng.sample(collection_pool, 15) for _ in range(20)]
    check_s, _ = rate(lambda i: (check_verdict(hands[i % 50]), 1)[1], seconds)
    best_s, _ = rate(lambda i: (objectives_verdict(collections[i % 20], best=True), 1)[1], seconds)
    print("verdicts in-process:")
    print(f"  sequence check (6 cards)            {check_s:8.0f}/s  ({1000 / check_s:.3f} ms)")
    print(f"  collection objectives --best (15)   {best_s:8.0f}/s  ({1000 / best_s:.2f} ms)")

    runs = 3 if quick else 7
    py = sys.executable
    bare = process_ms([py, "-c", "pass"], runs)
    version = process_ms([py, "-m", "cardforge", "--version"], runs)
    check = process_ms([py, "-m", "cardforge", "referee", "sequence", "check", "--json", "R3", "G5", "RB7", "B9"], runs)
    best = process_ms([py, "-m", "cardforge", "referee", "collection", "objectives", "--best", "--json",
                       *"R1 R2 R3 R4 R5 G5 RB6 B5 Y5 G9 B11 Y12".split()], runs)
    print(f"referee latency (median of {runs} processes):")
    print(f"  python -c pass                      {bare:7.0f} ms")
    print(f"  cardforge --version                 {version:7.0f} ms")
    print(f"  referee sequence check              {check:7.0f} ms   ({check / version:.2f}x cardforge --version)")
    print(f"  referee collection objectives --best{best:7.0f} ms   ({best / version:.2f}x cardforge --version)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
