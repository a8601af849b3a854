"""Num Rangées benchmarks: random full matches per second, placements per second and referee
command latency, each with a baseline measured in the same run.

- matches: the real engine (hidden choices, ordered placement, Rainbow/Shadow rules, 5th-card
  capture, scoring, match to 3 round wins) per round played, against a bare loop dealing the same
  deck and appending random cards to their colour's row with a 5th-card capture;
- placement: ``place_cards`` with explanations (the referee's path) and without, and the core
  the engine and the bots call on card ids (``place_ids``), against sorting the same reveals;
- referee latency: ``cardforge referee rows play …`` as a process, against ``python -c pass``
  and ``cardforge --version`` (the CLI's own start-up).

``python benchmarks/bench_rows.py [--quick]``
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
from cardforge.games.rows import (  # noqa: E402
    ROW_COLOURS,
    default_rows,
    deck_cards,
    place_cards,
    place_ids,
    placement_key,
    tables,
)


def rate(fn, seconds: float) -> tuple[float, int]:
    """(calls of ``fn(i)`` per second, calls) over about ``seconds``; ``fn`` returns a weight
    (e.g. rounds played) summed into the second figure."""
    count, weight, start = 0, 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        result = fn(count)
        weight += result if isinstance(result, int) else 1
        count += 1
    return count / elapsed, weight / elapsed


def engine_match(players: int, seed: int, **options) -> int:
    state, _ = random_playthrough("rows", players=players, seed=seed, **options)
    return len(state.history)


def baseline_round(players: int, seed: int) -> int:
    """One round, bare: deal, then 10 steps of random cards appended to their colour's row
    (Rainbow/Shadow to a random row), the 5th card taking the row."""
    rng = random.Random(seed)
    cards = [c for c in deck_cards() if c.value]
    rng.shuffle(cards)
    hands = [cards[p * 10:(p + 1) * 10] for p in range(players)]
    rows = {c: [0] for c in ROW_COLOURS}
    taken = [0] * players
    for _ in range(10):
        for p, hand in enumerate(hands):
            card = hand.pop(rng.randrange(len(hand)))
            row = rows.get(card.family) or rows[ROW_COLOURS[rng.randrange(4)]]
            row.append(card.value)
            if len(row) == 5:
                taken[p] += sum(row[:4])
                del row[:4]
    return 1


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
    print("random full matches (to 3 round wins) per second; ratio per round against a bare loop:")
    for players, options in ((2, {}), (4, {}), (8, {}), (4, {"explosion": True})):
        label = f"{players} players" + (" explosion" if options else "")
        games, rounds = rate(lambda i: engine_match(players, i, **options), seconds)
        _, base_rounds = rate(lambda i: baseline_round(players, i), seconds / 2)
        print(f"  {label:20} {games:7.1f} matches/s  {rounds:8.1f} rounds/s"
              f"  (bare loop {base_rounds:8.1f} rounds/s, engine ×{rounds / base_rounds:.2f} of it)")

    rng = random.Random(0)
    deck = [c for c in deck_cards() if c.value]
    reveals = [dict(zip(("p1", "p2", "p3", "p4"), rng.sample(deck, 4))) for _ in range(1000)]
    rows = default_rows()
    explained, _ = rate(lambda i: place_cards(rows, reveals[i % 1000]).steps, seconds)
    bare, _ = rate(lambda i: place_cards(rows, reveals[i % 1000], check=False, explain=False), seconds)
    card_id = tables().card_id
    id_rows = [[card_id(c) for c in rows[colour]] for colour in ROW_COLOURS]
    id_reveals = [[card_id(c) for c in reveal.values()] for reveal in reveals]
    core, _ = rate(lambda i: place_ids([row[:] for row in id_rows], id_reveals[i % 1000]), seconds)
    sort, _ = rate(lambda i: sorted(reveals[i % 1000].values(), key=placement_key), seconds)
    print(f"placement (4 cards): place_cards {explained:,.0f}/s with steps, {bare:,.0f}/s without; "
          f"the core on ids {core:,.0f}/s; sorting the Cards alone {sort:,.0f}/s (core ×{core / sort:.2f} of it)")

    runs = 3 if quick else 7
    python = median_seconds([sys.executable, "-c", "pass"], runs)
    version = median_seconds([sys.executable, "-m", "cardforge", "--version"], runs)
    play = median_seconds([sys.executable, "-m", "cardforge", "referee", "rows", "play", "--row", "R=R0,R5,R9,R11",
                           "p1=R7", "p2=SH3", "p3=RB9", "--json"], runs)
    score = median_seconds([sys.executable, "-m", "cardforge", "referee", "rows", "score", "R5", "RB7", "SH3"], runs)
    print(f"referee latency (median of {runs}): play {play * 1000:.0f} ms, score {score * 1000:.0f} ms; "
          f"python -c pass {python * 1000:.0f} ms, cardforge --version {version * 1000:.0f} ms "
          f"(play ×{play / version:.2f} of the CLI start-up)")


if __name__ == "__main__":
    main()
