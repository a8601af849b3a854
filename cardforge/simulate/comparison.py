"""``--compare KEY``: every value of a house rule against the default, on the same seeds.

Game ``i`` of each variant is dealt from the same seed as game ``i`` of the default, so each
measure is compared game by game: the difference is the mean of the per-game differences, with
a paired normal interval and test.  Every measure of every variant is one test of one family:
the Benjamini–Hochberg procedure holds the false discovery rate of the changes reported at 5 %
(``q_value``), and each change has an effect size (the standardized mean difference ``d``).
Each concept is measured once: an event per player, or per player-round for the ``round_*``
events (shares of a player's rounds).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.simulate.report import win_shares
from cardforge.simulate.spec import SimSpec
from cardforge.simulate.stats import Z, benjamini_hochberg, interval, mean_ci, paired_test

#: the false discovery rate of the changes a comparison reports
FDR = 0.05

__all__ = ["house_values", "game_measures", "compare_records", "FDR", "RATES", "house_variants", "deck_variants",
           "run_variants", "run_compare"]


def house_values(spec: SimSpec, key: str) -> tuple[Any, list[Any]]:
    """The default of house rule ``key`` and its other values."""
    from cardforge.games import engine_module
    from cardforge.games.house import house_rule_field

    f = house_rule_field(engine_module(spec.game).HouseRules, key)
    key = f.name
    if any(pair.split("=", 1)[0].strip().replace("-", "_") == key for pair in spec.house):
        raise refusal(UsageError, "error.simulate.compare_house", key=key)
    choices = list(f.metadata.get("choices") or ((True, False) if isinstance(f.default, bool) else ()))
    if len(choices) < 2:
        raise refusal(UsageError, "error.simulate.compare_values", key=repr(key))
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
        if name.startswith("round_"):  # a share of the player's rounds
            out[f"{name} per player-round"] = sum(counts) / players / max(record["rounds"], 1)
        else:
            out[f"{name} per player"] = sum(counts) / players
    return out


def is_rate(measure: str) -> bool:
    """Whether a measure is a rate (shown in %, as every rate of the report)."""
    return measure.endswith(RATES)


#: how the names of the measures that are rates end
RATES = ("win rate", "tie", "per player-round")


def _effect_size(diffs: list[float]) -> dict[str, float] | None:
    """The standardized mean difference ``d = mean/sd`` of paired differences with its
    approximate 95 % interval (``se = √(1/n + d²/2n)``); ``None`` when they do not vary."""
    n = len(diffs)
    if n < 2:
        return None
    mean = sum(diffs) / n
    sd = (sum((x - mean) ** 2 for x in diffs) / (n - 1)) ** 0.5
    if sd == 0:
        return None
    d = mean / sd
    half = Z * (1 / n + d * d / (2 * n)) ** 0.5
    return interval((d, d - half, d + half), 3)


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
            diffs = [y - x for x, y in zip(a, v)]
            mean, low, high, p = paired_test(diffs)
            measures.append({"measure": name, "rate": is_rate(name), "default": interval(mean_ci(a)),
                             "variant": interval(mean_ci(v)), "difference": interval((mean, low, high)),
                             "effect_size": _effect_size(diffs), "p_value": p,
                             # the same in every game: nothing to test (not counted in the family)
                             "identical": not any(diffs)})
        variants.append({"value": _value_text(value), "games": len(pairs), "measures": measures})
    family = [m for variant in variants for m in variant["measures"] if not m["identical"]]
    for m, q in zip(family, benjamini_hochberg([m["p_value"] for m in family])):
        m["q_value"] = q
        m["discovery"] = q < FDR
    return {"key": key, "default": _value_text(default), "spec": spec.to_json(), "variants": variants,
            "fdr": FDR, "tests": len(family)}


#: what ``run_variants`` plays: (the value's text, the label of its verdicts — a catalogue key and
#: its parameters, JSON-ready — and the spec to run)
Variant = tuple[str, dict[str, Any], SimSpec]
Play = Callable[[SimSpec], tuple[list[dict[str, Any]], bool]]


def house_variants(spec: SimSpec, key: str) -> list[Variant]:
    """The default of house rule ``key`` first, then each of its other values."""
    default, others = house_values(spec, key)
    return [(_value_text(v), {"key": "sim.label.house", "params": {"pair": f"{key}={_value_text(v)}"}},
             spec.with_house((*spec.house, f"{key}={_value_text(v)}"))) for v in (default, *others)]


def deck_variants(spec: SimSpec, ablate: Sequence[str], swap: Sequence[str]) -> list[Variant]:
    """The full deck first, then the deck without each card of ``ablate`` and with each swap
    ``CARD=OTHER`` (the engines' ``deck_edit`` option; checked here, before any game)."""
    from cardforge.games.deck_edit import parse_deck_edit

    if any(pair.split("=", 1)[0].strip() == "deck_edit" for pair in spec.options):
        raise refusal(UsageError, "error.simulate.deck_edit")
    out: list[Variant] = [("full", {"key": "sim.label.full", "params": {}}, spec)]
    edits = [(f"-{card.strip().lower()}", f"{card.strip().lower()}=") for card in ablate if card.strip()]
    for pair in swap:
        if "=" not in pair or not all(part.strip() for part in pair.split("=", 1)):
            raise refusal(UsageError, "error.simulate.swap", pair=repr(pair))
        edits.append((pair.strip().lower(), pair.strip().lower()))
    for value, edit in edits:
        parse_deck_edit(edit)
        card, other = edit.split("=", 1)
        label = ({"key": "sim.label.without", "params": {"card": card}} if not other else
                 {"key": "sim.label.swap", "params": {"card": card, "other": other}})
        out.append((value, label, replace(spec, options=(*spec.options, f"deck_edit={edit}"))))
    for _value, _label, variant in out:
        variant.check()  # an unknown card is refused in one line before any game
    return out


def run_variants(spec: SimSpec, key: str, variants: list[Variant], play: Play) -> dict[str, Any]:
    """Run each variant with ``play`` (spec → records, interrupted), the first being the
    reference, and compare the others with it; stops at the first interrupted run."""
    runs: dict[Any, list[dict[str, Any]]] = {}
    interrupted = False
    for value, _label, variant in variants:
        records, interrupted = play(variant)
        runs[value] = records
        if interrupted:
            break
    result = compare_records(spec, key, runs, variants[0][0])
    labels = {value: label for value, label, _ in variants}
    for variant in result["variants"]:
        variant["label"] = labels[variant["value"]]
    result["interrupted"] = interrupted
    return result


def run_compare(spec: SimSpec, key: str, play: Play) -> dict[str, Any]:
    """Every value of house rule ``key`` against its default (``run_variants``)."""
    return run_variants(spec, key, house_variants(spec, key), play)
