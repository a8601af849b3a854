"""From the played games to the report's figures (a JSON-ready dict, plots drawn from it).

Ties: a game won by ``k`` players together gives each of them ``1/k`` of a win, so the seats'
win rates sum to 1 exactly; the tie rate is reported apart.  Rates take Wilson intervals (a
shared win counts as its fraction), means normal intervals, and the margin between two bots a
paired interval over the games where both sat.  A bot's win rate per seat-game is clustered by
game: its seats in one game share one win, so they are not independent trials.  Whether the
seats are equal is Pearson's chi-square test of the seats' wins against equal shares.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from cardforge.simulate.spec import SimSpec
from cardforge.simulate.stats import chi2_uniform, cluster_rate, interval, mean_ci, paired_test, wilson

__all__ = ["build_report", "win_shares", "pace", "SCORE_MEANING"]

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


#: the most bins a histogram has (a score ranging over 300 points is binned, not 300 bars)
MAX_BINS = 40


def bin_width(values: Sequence[float]) -> float:
    """The histogram bin width for ``values``: 1 (each value its bar) when they span at most
    ``MAX_BINS``, else a round width (1, 2 or 5 × 10^k) giving at most ``MAX_BINS`` bins."""
    if not values:
        return 1.0
    span = max(values) - min(values)
    return float(next(m * 10 ** k for k in range(0, 15) for m in (1, 2, 5) if span / (m * 10 ** k) <= MAX_BINS))


def _histogram(values: Sequence[float], width: float | None = None) -> dict[str, Any]:
    """Counts per bin: ``edges`` (one more than ``counts``) and each bin's centre in ``values``;
    bins of width 1 are centred on the values themselves."""
    width = width or bin_width(values)
    origin = -0.5 if width == 1 else 0.0
    counts = Counter(int((v - origin) // width) for v in values)
    keys = sorted(counts)
    edges = [origin + k * width for k in keys]
    return {"values": [round(e + width / 2, 6) for e in edges], "counts": [counts[k] for k in keys],
            "width": width}


def _summary(values: Sequence[float]) -> dict[str, Any]:
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=4) if len(ordered) >= 2 else [ordered[0]] * 3
    return {"mean": interval(mean_ci(values), 3), "min": ordered[0], "q1": q[0], "median": q[1], "q3": q[2],
            "max": ordered[-1]}


def _spread(values: Sequence[float]) -> dict[str, float]:
    """The median and the 5th–95th percentiles of ``values`` (90 % of them lie between)."""
    ordered = sorted(values)

    def at(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"median": at(0.5), "low": at(0.05), "high": at(0.95)}


def pace(length: dict[str, Any]) -> str:
    """The playing-time estimate's assumptions in words: ``8 s a turn``, or ``3 s a turn + 2 s a
    card drawn (2.4 a turn)`` where the cards drawn are counted."""
    words = f"{length['seconds_per_turn']:g} s a turn"
    if length.get("seconds_per_draw"):
        words += f" + {length['seconds_per_draw']:g} s a card drawn ({length['draws_per_turn']['value']:.2g} a turn)"
    return words


def _margins(records: Sequence[dict[str, Any]], bots: Sequence[str], deal_games: int = 1) -> list[dict[str, Any]]:
    """First listed bot against each other: per game, its seats' mean win share minus the
    other's, averaged with a paired normal interval.  With ``deal_games`` games a deal
    (``--seating duplicate``: one per rotation of the seats) a deal's games are one draw: the
    interval is over the deals' mean margins, where the luck of the deal cancels."""
    out = []
    first = bots[0]
    for other in bots[1:]:
        by_deal: dict[int, list[float]] = defaultdict(list)
        for r in records:
            shares = win_shares(r)
            a = [s for s, b in zip(shares, r["bots"]) if b == first]
            b = [s for s, b in zip(shares, r["bots"]) if b == other]
            if a and b:
                by_deal[r["index"] // deal_games].append(sum(a) / len(a) - sum(b) / len(b))
        mean, low, high, p = paired_test([sum(d) / len(d) for d in by_deal.values()])
        out.append({"bot": first, "against": other, "games": sum(len(d) for d in by_deal.values()),
                    "deals": len(by_deal), "margin": interval((mean, low, high)), "p_value": p})
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
        # with no seat-game on one side there is nothing to compare: n/a (None), not 0 %
        w = wilson(with_wins, with_event) if with_event else None
        wo = wilson(without_wins, without) if without else None
        effect = None
        if w is not None and wo is not None:
            diff = w[0] - wo[0]
            half = ((w[2] - w[1]) ** 2 + (wo[2] - wo[1]) ** 2) ** 0.5 / 2
            effect = interval((diff, diff - half, diff + half))
        out.append({
            "event": name,
            "per_player_game": interval(mean_ci(per_seat)),
            "seat_games_with": interval(wilson(with_event, seat_games)),
            "win_rate_with": interval(w) if w else None,
            "win_rate_without": interval(wo) if wo else None,
            "effect": effect,
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
    statistic, df, p = chi2_uniform([sum(s[seat] for s in shares) for seat in range(players)])
    report["seat_test"] = {"test": "chi-square goodness of fit against equal shares", "statistic": round(statistic, 4),
                           "df": df, "p_value": p}
    report["seats"] = [
        {"seat": seat + 1, "win_rate": interval(wilson(sum(s[seat] for s in shares), n)),  # 1-based, as the referee
         "score": _summary([r["scores"][seat] for r in records])}
        for seat in range(players)
    ]
    by_bot: dict[str, list[tuple[float, float]]] = defaultdict(list)
    by_game: dict[str, list[tuple[float, int]]] = defaultdict(list)  # (win share, seats) per game
    for r, s in zip(records, shares):
        mine: dict[str, list[float]] = defaultdict(list)
        for seat, bot in enumerate(r["bots"]):
            by_bot[bot].append((s[seat], r["scores"][seat]))
            mine[bot].append(s[seat])
        for bot, seats in mine.items():
            by_game[bot].append((sum(seats), len(seats)))
    bots = list(dict.fromkeys(spec.bots))
    width = bin_width([sc for r in records for sc in r["scores"]])  # one binning for every bot
    report["bots"] = [
        {"bot": bot, "seat_games": len(by_bot[bot]), "games": len(by_game[bot]),
         "win_rate": interval(cluster_rate(by_game[bot])),
         "fair_share": round(1 / players, 4),
         "score": _summary([sc for _, sc in by_bot[bot]]),
         "score_histogram": _histogram([sc for _, sc in by_bot[bot]], width)}
        for bot in bots if by_bot[bot]
    ]
    report["margins"] = _margins(records, bots, players if spec.seating == "duplicate" else 1)
    turns = [r["turns"] for r in records]
    draws = [r.get("draws", 0) for r in records]  # cards drawn: counted where a turn draws many
    seconds, per_draw = spec.seconds_per_turn, spec.seconds_per_draw
    minutes = [(t * seconds + d * per_draw) / 60 for t, d in zip(turns, draws)]
    report["length"] = {
        "turn_definition": "rows: one simultaneous step; tricks: one bid or card; others: one player's turn",
        "seconds_per_turn": seconds,
        "seconds_per_draw": per_draw,
        "turns": _summary(turns),
        "rounds": _summary([r["rounds"] for r in records]),
        "turns_per_round": interval(mean_ci([r["turns"] / max(r["rounds"], 1) for r in records]), 3),
        "draws_per_turn": interval(mean_ci([d / max(t, 1) for t, d in zip(turns, draws)]), 3),
        "minutes": interval(mean_ci(minutes), 2),
        # what a table should expect of one game (not the mean's interval, which is 0 wide when
        # every game has as many turns, as tricks' fixed schedule)
        "minutes_range": _spread(minutes),
        "turns_histogram": _histogram(turns),
    }
    report["events"] = _events(records)
    return report
