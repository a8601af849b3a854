"""``--compare KEY``: every value of a house rule against the default, on the same seeds.

Game ``i`` of each variant is dealt from the same seed as game ``i`` of the default, so each
measure is compared game by game: the difference is the mean of the per-game differences, with
a paired normal interval.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.simulate.report import win_shares
from cardforge.simulate.spec import SimSpec
from cardforge.simulate.stats import interval, mean_ci

__all__ = ["house_values", "game_measures", "compare_records"]


def house_values(spec: SimSpec, key: str) -> tuple[Any, list[Any]]:
    """The default of house rule ``key`` and its other values."""
    from cardforge.games import engine_module
    from cardforge.games.house import house_rule_field

    f = house_rule_field(engine_module(spec.game).HouseRules, key)
    key = f.name
    if any(pair.split("=", 1)[0].strip().replace("-", "_") == key for pair in spec.house):
        raise UsageError(f"--compare {key} compares every value of {key}: do not also set it with --house")
    choices = list(f.metadata.get("choices") or ((True, False) if isinstance(f.default, bool) else ()))
    if len(choices) < 2:
        raise UsageError(f"house rule {key!r} has no list of values to compare")
    return f.default, [c for c in choices if c != f.default]


def _value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def game_measures(record: dict[str, Any], bots: Sequence[str]) -> dict[str, float]:
    """What is compared per game: seat 1's win share, each bot's mean win share, the mean
    score, turns, rounds, a tie, and each event per player (and per player-round)."""
    shares = win_shares(record)
    players = len(shares)
    out = {"seat 1 win rate": shares[0], "tie": float(len(record["winners"]) > 1),
           "mean score": sum(record["scores"]) / players, "turns": float(record["turns"]),
           "rounds": float(record["rounds"])}
    for bot in dict.fromkeys(bots):
        mine = [s for s, b in zip(shares, record["bots"]) if b == bot]
        if len(set(bots)) > 1 and mine:
            out[f"{bot} win rate"] = sum(mine) / len(mine)
    for name, counts in record["events"].items():
        out[f"{name} per player"] = sum(counts) / players
        out[f"{name} per player-round"] = sum(counts) / players / max(record["rounds"], 1)
    return out


def compare_records(spec: SimSpec, key: str, runs: dict[Any, list[dict[str, Any]]],
                    default: Any) -> dict[str, Any]:
    """The comparison of each variant's games with the default's, game by game (games both
    runs played, when one was interrupted)."""
    base = {r["index"]: game_measures(r, spec.bots) for r in runs[default]}
    variants = []
    for value, records in runs.items():
        if value == default:
            continue
        pairs = [(base[r["index"]], game_measures(r, spec.bots)) for r in records if r["index"] in base]
        names = sorted({n for b, v in pairs for n in (*b, *v)})
        measures = []
        for name in names:
            a = [b.get(name, 0.0) for b, _ in pairs]
            v = [x.get(name, 0.0) for _, x in pairs]
            measures.append({"measure": name, "default": interval(mean_ci(a)), "variant": interval(mean_ci(v)),
                             "difference": interval(mean_ci([y - x for x, y in zip(a, v)]))})
        variants.append({"value": _value_text(value), "games": len(pairs), "measures": measures})
    return {"key": key, "default": _value_text(default), "spec": spec.to_json(), "variants": variants}


def run_compare(spec: SimSpec, key: str, play: Callable[[SimSpec], tuple[list[dict[str, Any]], bool]]) -> dict[str, Any]:
    """Run the default and every other value of ``key`` with ``play`` (spec → records,
    interrupted) and compare them; stops at the first interrupted run."""
    default, others = house_values(spec, key)
    runs: dict[Any, list[dict[str, Any]]] = {}
    interrupted = False
    for value in (default, *others):
        records, interrupted = play(spec.with_house((*spec.house, f"{key}={_value_text(value)}")))
        runs[value] = records
        if interrupted:
            break
    result = compare_records(spec, key, runs, default)
    result["interrupted"] = interrupted
    return result
