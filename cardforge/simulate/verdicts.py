"""The report's answers in words: the sentences that open it, in the user's language.

Each verdict comes from a test, never from eyeballing an interval: the seats from the
chi-square goodness-of-fit test of their wins against equal shares (``report["seat_test"]``),
two bots from the paired test of their margin, a ``--compare`` from the paired tests of every
measure with the Benjamini–Hochberg false discovery rate control, a ``--precision`` run from
its confidence sequence.  A verdict is a ``Message`` (a catalogue key and its parameters),
rendered by ``lines(…, lang)``.
"""

from __future__ import annotations

from typing import Any

from cardforge.i18n import Message

__all__ = ["ALPHA", "verdicts", "lines", "seat_verdict"]

#: the level of every test behind a verdict
ALPHA = 0.05

#: the comparison's fixed measures, by catalogue key (events keep their own names)
_MEASURES = {"seat 1 win rate": "sim.measure.seat1", "tie": "sim.measure.tie", "mean score": "sim.measure.score",
             "turns": "sim.measure.turns", "rounds": "sim.measure.rounds"}


def _pct(rate: float) -> str:
    return f"{rate * 100:.1f}"


def _p(p: float) -> Message:
    """``p < 0.001`` or ``p = 0.043`` (the language's decimal separator)."""
    if p < 0.001:
        return Message("sim.p.below", limit="0.001")
    return Message("sim.p.equal", p=f"{p:.3f}" if p < 0.1 else f"{p:.2f}")


def seat_verdict(report: dict[str, Any], alpha: float = ALPHA) -> Message | None:
    """Whether the seats are equal, from the chi-square test: the seat furthest from a fair
    share and which way, or that none is measurably favoured."""
    seats, test = report.get("seats"), report.get("seat_test")
    if not seats or test is None or len(seats) < 2:
        return None
    players = len(seats)
    fair = 1 / players
    if test["p_value"] < alpha:
        seat = max(seats, key=lambda s: abs(s["win_rate"]["value"] - fair))
        rate = seat["win_rate"]["value"]
        who = Message("sim.verdict.first_player") if seat["seat"] == 1 else Message("sim.verdict.seat_player",
                                                                                       seat=seat["seat"])
        return Message("sim.verdict.seat_unfair", seat=seat["seat"], rate=_pct(rate), fair=_pct(fair),
                       p=_p(test["p_value"]), who=who, players=players,
                       direction=Message("sim.verdict.advantaged" if rate > fair else "sim.verdict.disadvantaged"))
    rates = [s["win_rate"]["value"] for s in seats]
    return Message("sim.verdict.seat_fair", players=players, low=_pct(min(rates)), high=_pct(max(rates)),
                   fair=_pct(fair), p=_p(test["p_value"]), games=report["games_played"])


def _bot_verdicts(report: dict[str, Any], alpha: float) -> list[Message]:
    rates = {b["bot"]: b["win_rate"]["value"] for b in report.get("bots", [])}
    out = []
    for m in report.get("margins", []):
        if not m["games"]:
            continue
        margin = m["margin"]
        params = {"bot": m["bot"], "other": m["against"], "rate": _pct(rates.get(m["bot"], 0.0)),
                  "other_rate": _pct(rates.get(m["against"], 0.0)), "margin": f"{margin['value'] * 100:+.1f}",
                  "low": _pct(margin["low"]), "high": _pct(margin["high"]), "p": _p(m.get("p_value", 1.0))}
        if m.get("p_value", 1.0) < alpha:
            stronger, weaker = (m["bot"], m["against"]) if margin["value"] > 0 else (m["against"], m["bot"])
            out.append(Message("sim.verdict.bot_stronger", stronger=stronger, weaker=weaker, **params))
        else:
            out.append(Message("sim.verdict.bot_equal", **params))
    return out


def _measure_name(name: str) -> Any:
    return Message(_MEASURES[name]) if name in _MEASURES else name


def _value(m: dict[str, Any], which: str) -> str:
    value = m[which]["value"]
    return f"{value * 100:.1f} %" if m.get("rate") else f"{value:.4g}"


def _label(key: str, variant: dict[str, Any]) -> Message:
    """What a variant is: ``streak_payout=once``, ``without flip``, ``swipe in place of every flip``."""
    label = variant.get("label") or {"key": "sim.label.house", "params": {"pair": f"{key}={variant['value']}"}}
    return Message(label["key"], **label["params"])


def _compare_verdicts(comparison: dict[str, Any]) -> list[Message]:
    out = []
    key, fdr = comparison["key"], comparison.get("fdr", ALPHA)
    for variant in comparison.get("variants", []):
        found = sorted((m for m in variant["measures"] if m.get("discovery")), key=lambda m: m["q_value"])
        for m in found:
            diff = m["difference"]
            scale, unit = (100, "pts") if m.get("rate") else (1, "")
            out.append(Message("sim.verdict.compare_change", label=_label(key, variant), measure=_measure_name(m["measure"]),
                               default=_value(m, "default"), variant=_value(m, "variant"),
                               diff=f"{diff['value'] * scale:+.3g}", low=f"{diff['low'] * scale:.3g}",
                               high=f"{diff['high'] * scale:.3g}", unit=Message("sim.unit.points") if unit else "",
                               d=f"{(m['effect_size'] or {}).get('value', 0.0):+.2f}", q=_p(m["q_value"])))
        rest = sum(1 for m in variant["measures"] if not m.get("identical")) - len(found)
        out.append(Message("sim.verdict.compare_rest" if found else "sim.verdict.compare_none",
                           label=_label(key, variant), n=rest, fdr=f"{fdr * 100:g}", tests=comparison.get("tests", rest)))
    return out


def _ranking(comparison: dict[str, Any]) -> list[Message]:
    """``--ablate``: the cards ranked by the largest effect their removal has (a change found
    with the false discovery rate held), strongest first."""
    ranked = []
    for variant in comparison.get("variants", []):
        label = variant.get("label") or {}
        if label.get("key") != "sim.label.without":
            continue
        own = f"action:{label['params']['card']} "  # the removed card is no longer played: not an effect
        found = [m for m in variant["measures"] if m.get("discovery") and m.get("effect_size")
                 and not m["measure"].startswith(own)]
        if found:
            top = max(found, key=lambda m: abs(m["effect_size"]["value"]))
            ranked.append((abs(top["effect_size"]["value"]), label["params"]["card"], top))
    return [Message("sim.verdict.rank", card=card, measure=_measure_name(m["measure"]),
                    d=f"{m['effect_size']['value']:+.2f}", q=_p(m["q_value"]))
            for _, card, m in sorted(ranked, key=lambda item: -item[0])]


def _precision_verdict(report: dict[str, Any]) -> Message | None:
    run = report.get("precision")
    if not run:
        return None
    params = {"precision": f"{run['target'] * 100:g}", "games": run["games"], "half": f"{run['half_width'] * 100:.2f}"}
    return Message("sim.verdict.precision_reached" if run["reached"] else "sim.verdict.precision_short", **params)


def verdicts(report: dict[str, Any], comparison: dict[str, Any] | None = None, alpha: float = ALPHA) -> list[Message]:
    """The report's verdicts, in the order it opens with them."""
    found = [seat_verdict(report, alpha), *_bot_verdicts(report, alpha), _precision_verdict(report)]
    if comparison:
        found += _ranking(comparison) + _compare_verdicts(comparison)
    return [v for v in found if v is not None]


def lines(report: dict[str, Any], comparison: dict[str, Any] | None = None, lang: str = "en") -> list[str]:
    """The verdicts as sentences in ``lang``."""
    return [v.text(lang) for v in verdicts(report, comparison)]
