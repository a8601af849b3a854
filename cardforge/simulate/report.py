"""From the played games to the report's figures (a JSON-ready dict, plots drawn from it).

Ties: a game won by ``k`` players together gives each of them ``1/k`` of a win, so the seats'
win rates sum to 1 exactly; the tie rate is reported apart.  Rates take Wilson intervals (a
shared win counts as its fraction), means normal intervals, and the margin between two bots a
paired interval over the games where both sat.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from cardforge.simulate.spec import SimSpec
from cardforge.simulate.stats import interval, mean_ci, wilson

__all__ = ["build_report", "win_shares", "SCORE_MEANING"]

#: What ``scores`` are, per game, and whether higher is better.
SCORE_MEANING: dict[str, tuple[str, bool]] = {
    "rows": ("round wins", True),
    "tricks": ("points", True),
    "sequence": ("points", True),
    "collection": ("points", True),
    "numwin": ("points (lowest wins)", False),
}


def win_shares(record: dict[str, Any]) -> list[float]:
    """Each seat's share of the win: ``1/k`` for each of ``k`` winners, else 0."""
    shares = [0.0] * len(record["scores"])
    for seat in record["winners"]:
        shares[seat] += 1 / len(record["winners"])
    return shares


def _histogram(values: Sequence[float]) -> dict[str, Any]:
    counts = Counter(values)
    keys = sorted(counts)
    return {"values": keys, "counts": [counts[k] for k in keys]}


def _summary(values: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=4) if len(ordered) >= 2 else [ordered[0]] * 3
    return {"mean": interval(mean_ci(values), 3), "min": ordered[0], "q1": q[0], "median": q[1], "q3": q[2],
            "max": ordered[-1]}


def _margins(records: Sequence[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """First listed bot against each other: per game, its seats' mean win share minus the
    other's, averaged with a paired normal interval."""
    out = []
    first = bots[0]
    for other in bots[1:]:
        diffs = []
        for r in records:
            shares = win_shares(r)
            a = [s for s, b in zip(shares, r["bots"]) if b == first]
            b = [s for s, b in zip(shares, r["bots"]) if b == other]
            if a and b:
                diffs.append(sum(a) / len(a) - sum(b) / len(b))
        out.append({"bot": first, "against": other, "games": len(diffs), "margin": interval(mean_ci(diffs))})
    return out


def _events(records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each event: how often per player and game, how many seat-games saw it, and the win rate
    of the seats that had it against those that did not."""
    names = sorted({name for r in records for name in r["events"]})
    seat_games = sum(len(r["scores"]) for r in records)
    out = []
    for name in names:
        per_seat: list[float] = []
        with_event, with_wins, without, without_wins = 0, 0.0, 0, 0.0
        for r in records:
            counts = r["events"].get(name, [0] * len(r["scores"]))
            shares = win_shares(r)
            for c, s in zip(counts, shares):
                per_seat.append(c)
                if c:
                    with_event += 1
                    with_wins += s
                else:
                    without += 1
                    without_wins += s
        w, wo = wilson(with_wins, with_event), wilson(without_wins, without)
        diff = w[0] - wo[0]
        half = ((w[2] - w[1]) ** 2 + (wo[2] - wo[1]) ** 2) ** 0.5 / 2
        out.append({
            "event": name,
            "per_player_game": interval(mean_ci(per_seat)),
            "seat_games_with": interval(wilson(with_event, seat_games)),
            "win_rate_with": interval(w),
            "win_rate_without": interval(wo),
            "effect": interval((diff, diff - half, diff + half)),
        })
    return out


def build_report(spec: SimSpec, records: Sequence[dict[str, Any]], *, elapsed: float = 0.0,
                 interrupted: bool = False) -> dict[str, Any]:
    """The report of ``records`` (games of ``spec``, any order: they are sorted by index)."""
    records = sorted(records, key=lambda r: r["index"])
    n = len(records)
    players = spec.players
    meaning, higher_better = SCORE_MEANING[spec.game]
    report: dict[str, Any] = {
        "spec": spec.to_json(),
        "games_played": n,
        "interrupted": interrupted,
        "elapsed_seconds": round(elapsed, 3),
        "score_meaning": meaning,
        "higher_score_wins": higher_better,
        "ties_rule": "a game won by k players together gives each 1/k of a win; seat win rates sum to 1",
    }
    if not n:
        return report
    shares = [win_shares(r) for r in records]
    ties = sum(1 for r in records if len(r["winners"]) > 1)
    report["ties"] = interval(wilson(ties, n))
    report["seats"] = [
        {"seat": seat + 1, "win_rate": interval(wilson(sum(s[seat] for s in shares), n)),  # 1-based, as the referee
         "score": _summary([r["scores"][seat] for r in records])}
        for seat in range(players)
    ]
    by_bot: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for r, s in zip(records, shares):
        for seat, bot in enumerate(r["bots"]):
            by_bot[bot].append((s[seat], r["scores"][seat]))
    bots = list(dict.fromkeys(spec.bots))
    report["bots"] = [
        {"bot": bot, "seat_games": len(by_bot[bot]),
         "win_rate": interval(wilson(sum(w for w, _ in by_bot[bot]), len(by_bot[bot]))),
         "fair_share": round(1 / players, 4),
         "score": _summary([sc for _, sc in by_bot[bot]]),
         "score_histogram": _histogram([sc for _, sc in by_bot[bot]])}
        for bot in bots if by_bot[bot]
    ]
    report["margins"] = _margins(records, bots)
    turns = [r["turns"] for r in records]
    seconds = spec.seconds_per_turn
    report["length"] = {
        "turn_definition": "rows: one simultaneous step; tricks: one bid or card; others: one player's turn",
        "seconds_per_turn": seconds,
        "turns": _summary(turns),
        "rounds": _summary([r["rounds"] for r in records]),
        "turns_per_round": interval(mean_ci([r["turns"] / max(r["rounds"], 1) for r in records]), 3),
        "minutes": interval(mean_ci([t * seconds / 60 for t in turns]), 2),
        "turns_histogram": _histogram(turns),
    }
    report["events"] = _events(records)
    return report
