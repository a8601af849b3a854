"""Writing a report folder: ``report.json`` (every figure and measure), ``figures.json``,
``figures/*.png`` and ``*.svg``, ``index.html`` and ``report.pdf``.  Every file is written
atomically."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

from cardforge.atomic import atomic_write_bytes, atomic_write_text, ensure_dir
from cardforge.simulate.figures import figure_data
from cardforge.simulate.report import pace

__all__ = ["write_report", "summary_lines"]


def _ci(item: dict[str, float] | None, pct: bool = False) -> str:
    """``value [low, high]``; rates in % (every rate of the report, in every table); ``n/a``
    where there is nothing to measure (an event every seat-game had has no "without")."""
    if item is None:
        return "n/a"
    if pct:
        return f"{item['value'] * 100:.1f} % [{item['low'] * 100:.1f}, {item['high'] * 100:.1f}]"
    return f"{item['value']:.3g} [{item['low']:.3g}, {item['high']:.3g}]"


def _q(value: float) -> str:
    return "< 0.001" if value < 0.001 else f"{value:.3f}"


def _headline(report: dict[str, Any]) -> str:
    spec = report["spec"]
    return (f"{spec['game']}: {report['games_played']} of {spec['games']} games, {spec['players']} players, "
            f"bots {','.join(spec['bots'])}, seed {spec['seed']}"
            + (f", seating {spec['seating']}" if spec.get("seating", "rotate") != "rotate" else "")
            + (f", house {' '.join(spec['house'])}" if spec["house"] else "")
            + (" (interrupted)" if report["interrupted"] else ""))


def _variant_name(comparison: dict[str, Any], variant: dict[str, Any] | None, lang: str = "en") -> str:
    """``streak_payout=once`` for a house rule, ``the deck without flip`` for a deck edit;
    ``None``: the reference (the default value, the full deck)."""
    if comparison["key"] == "deck":
        from cardforge.i18n import Message

        label = variant["label"] if variant else {"key": "sim.label.full", "params": {}}
        return Message(label["key"], **label["params"]).text(lang)
    return f"{comparison['key']}={variant['value']}" if variant else comparison["default"]


def _points(item: dict[str, float]) -> str:
    """A difference of rates, in percentage points."""
    return f"{item['value'] * 100:+.1f} points [{item['low'] * 100:.1f}, {item['high'] * 100:.1f}]"


def _measure_row(m: dict[str, Any]) -> list[str]:
    rate = m.get("rate", False)
    d = m.get("effect_size")
    if m.get("identical"):
        return [m["measure"], _ci(m["default"], rate), _ci(m["variant"], rate), "the same in every game", "n/a",
                "not tested", ""]
    return [m["measure"], _ci(m["default"], rate), _ci(m["variant"], rate),
            _points(m["difference"]) if rate else _ci(m["difference"]), _ci(d) if d else "n/a",
            _q(m["q_value"]) if "q_value" in m else "", "yes" if m.get("discovery") else ""]


def summary_lines(report: dict[str, Any], comparison: dict[str, Any] | None = None, lang: str = "en") -> list[str]:
    """The verdicts in ``lang``, then the headline figures as plain text lines (the terminal and
    the PDF's first page)."""
    from cardforge.simulate.verdicts import lines as verdict_lines

    lines = [*verdict_lines(report, comparison, lang), _headline(report)]
    if report.get("seats"):
        test = report["seat_test"]
        lines.append("win rate by seat: " + "  ".join(f"{s['seat']}: {_ci(s['win_rate'], True)}" for s in report["seats"])
                     + f"  (chi-square {test['statistic']:.2f}, {test['df']} df, p {_q(test['p_value'])})")
        lines.append("win rate by bot (per seat-game, clustered by game): "
                     + "  ".join(f"{b['bot']}: {_ci(b['win_rate'], True)}" for b in report["bots"]))
        for m in report["margins"]:
            deals = f" ({m['deals']} deals, each in every seat)" if m.get("deals", m["games"]) != m["games"] else ""
            lines.append(f"margin {m['bot']} − {m['against']}: {_points(m['margin'])} over {m['games']} games{deals}")
        lines.append(f"ties: {_ci(report['ties'], True)} of games")
        length = report["length"]
        minutes = length["minutes_range"]
        lines.append(f"length: {_ci(length['turns']['mean'])} turns, {_ci(length['rounds']['mean'])} rounds, "
                     f"≈ {minutes['median']:.3g} min a game (90 % of games {minutes['low']:.3g}–{minutes['high']:.3g}) "
                     f"at {pace(length)}")
    for variant in (comparison or {}).get("variants", []):
        lines.append(f"{_variant_name(comparison, variant)} vs {_variant_name(comparison, None)} ({variant['games']} games, same seeds):")
        same = [m["measure"] for m in variant["measures"] if m.get("identical")]
        for m in variant["measures"]:
            if m.get("identical"):
                continue
            row = _measure_row(m)
            lines.append(f"  {row[0]}: {row[1].split(' [')[0]} → {row[2].split(' [')[0]}, difference {row[3]}, "
                         f"d {row[4]}, q {row[5]}" + ("  *" if m.get("discovery") else ""))
        if same:
            lines.append(f"  the same in every game: {', '.join(same)}")
    return lines


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _sections(report: dict[str, Any]) -> list[str]:
    """The report's tables: seats, bots, margins, length, events."""
    parts = []
    test = report["seat_test"]
    parts.append("<h2>Seats</h2>" + _table(
        ["seat", "win rate", "mean score"],
        [[s["seat"], _ci(s["win_rate"], True), _ci(s["score"]["mean"])] for s in report["seats"]])
        + f"<p>Chi-square test of equal seats: {test['statistic']:.2f} on {test['df']} degrees of freedom, "
          f"p {html.escape(_q(test['p_value']))}. Ties: {html.escape(_ci(report['ties'], True))} of games.</p>")
    parts.append("<h2>Bots</h2>" + _table(
        ["bot", "seat-games", "win rate (clustered by game)", "fair share", "mean score"],
        [[b["bot"], b["seat_games"], _ci(b["win_rate"], True), f"{b['fair_share'] * 100:.1f} %",
          _ci(b["score"]["mean"])] for b in report["bots"]]))
    if report["margins"]:
        parts.append(_table(["bot", "against", "games", "margin per game", "p"],
                            [[m["bot"], m["against"], m["games"], _points(m["margin"]), _q(m.get("p_value", 1.0))]
                             for m in report["margins"]]))
    length = report["length"]
    minutes = length["minutes_range"]
    parts.append("<h2>Length</h2>" + _table(
        ["measure", "mean", "min", "median", "max"],
        [[what, _ci(length[key]["mean"]), length[key]["min"], length[key]["median"], length[key]["max"]]
         for what, key in (("turns", "turns"), ("rounds", "rounds"))])
        + f"<p>Estimated playing time at {html.escape(pace(length))}: median {minutes['median']:.3g} min, "
          f"90 % of games between {minutes['low']:.3g} and {minutes['high']:.3g} min. "
          f"{html.escape(length['turn_definition'])}.</p>")
    if report.get("events"):
        parts.append("<h2>Events</h2>" + _table(
            ["event", "per player and game", "seat-games with it", "win rate with", "win rate without", "effect"],
            [[e["event"], _ci(e["per_player_game"]), _ci(e["seat_games_with"], True), _ci(e["win_rate_with"], True),
              _ci(e["win_rate_without"], True), _ci(e["effect"], True)] for e in report["events"]]))
    return parts


def _html(report: dict[str, Any], comparison: dict[str, Any] | None, figures: list[str], ext: str = "svg",
          lang: str = "en") -> str:
    from cardforge.i18n import text
    from cardforge.simulate.verdicts import lines as verdict_lines

    verdicts = "".join(f"<li>{html.escape(line)}</li>" for line in verdict_lines(report, comparison, lang))
    parts = [f"<h1>cardforge simulate — {html.escape(report['spec']['game'])}</h1>",
             f"<h2>{html.escape(text('sim.heading.verdicts', lang))}</h2><ul class=\"verdicts\">{verdicts}</ul>",
             f"<p>{html.escape(_headline(report))}</p>"]
    if report.get("seats"):
        parts += _sections(report)
    for variant in (comparison or {}).get("variants", []):
        parts.append(f"<h2>{html.escape(_variant_name(comparison, variant, lang))} vs "
                     f"{html.escape(_variant_name(comparison, None, lang))} ({variant['games']} games, same seeds)</h2>" + _table(
                         ["measure", "default", "variant", "difference", "effect size d", "q (BH)", "change"],
                         [_measure_row(m) for m in variant["measures"]]))
    parts.append(f"<p>{html.escape(report['ties_rule'])}. Intervals are 95 %: Wilson for rates, clustered by game "
                 "for a bot's rate, normal for means, paired for differences; q-values hold the false discovery "
                 "rate of a comparison's changes at 5 % (Benjamini–Hochberg).</p>")
    parts += [f'<figure><img src="figures/{html.escape(name)}.{ext}" alt="{html.escape(name)}"></figure>' for name in figures]
    style = ("body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:collapse;margin:.5em 0}"
             "td,th{border:1px solid #ccc;padding:2px 6px}td{text-align:right}td:first-child{text-align:left}"
             ".verdicts li{margin:.3em 0;font-size:1.1em}")
    return (f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8"><title>cardforge simulate</title>'
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def plots_available() -> bool:
    """Whether matplotlib (the ``plots`` extra) is installed: the report's figures and PDF."""
    import importlib.util

    try:
        return importlib.util.find_spec("matplotlib") is not None
    except ValueError:  # a module entry without a spec (set to None to hide it)
        return False


FORMATS = ("png", "svg", "pdf")  # what ``--figures`` may ask for
DEFAULT_FORMATS = ("svg",)  # drawn without matplotlib (``svgplot``): the report costs what its data costs


def write_report(out: Path, report: dict[str, Any], comparison: dict[str, Any] | None = None, *,
                 formats: tuple[str, ...] = DEFAULT_FORMATS, lang: str = "en") -> list[Path]:
    """Write the report folder with the figures in ``formats`` (``svg``: drawn here from the data;
    ``png`` and ``pdf``, the figures after a summary page: drawn with matplotlib, imported only
    then); returns the files written."""
    ensure_dir(out / "figures")
    if not plots_available():  # PNG and PDF are drawn with matplotlib, the ``plots`` extra
        formats = tuple(f for f in formats if f == "svg")
    figures = figure_data(report, comparison)
    written = []

    def put(path: Path, data: bytes | str) -> None:
        (atomic_write_text if isinstance(data, str) else atomic_write_bytes)(path, data)
        written.append(path)

    ensure_dir(out)
    put(out / "report.json", json.dumps({"report": report, "comparison": comparison}, indent=1, ensure_ascii=False, allow_nan=False) + "\n")
    put(out / "figures.json", json.dumps(figures, indent=1, ensure_ascii=False, allow_nan=False) + "\n")
    if "svg" in formats:
        from cardforge.simulate.svgplot import svg

        for name, data in figures.items():
            put(out / "figures" / f"{name}.svg", svg(data))
    if "png" in formats or "pdf" in formats:
        _draw_with_matplotlib(out, report, comparison, figures, formats, put, lang)
    shown = "svg" if "svg" in formats else "png" if "png" in formats else None
    put(out / "index.html", _html(report, comparison, list(figures) if shown else [], shown or "svg", lang))
    return written


def _draw_with_matplotlib(out: Path, report: dict[str, Any], comparison: dict[str, Any] | None,
                          figures: dict[str, dict[str, Any]], formats: tuple[str, ...], put: Any, lang: str) -> None:
    """``figures/*.png`` and ``report.pdf`` (a summary page, then every figure)."""
    from contextlib import nullcontext

    from cardforge.simulate.figures import draw

    pdf = io.BytesIO()
    if "pdf" in formats:
        from matplotlib.backends.backend_pdf import PdfPages
        from matplotlib.figure import Figure

        pages = PdfPages(pdf, metadata={"Title": f"cardforge simulate {report['spec']['game']}", "CreationDate": None})
    else:
        pages = None
    with pages if pages is not None else nullcontext():
        if pages is not None:
            cover = Figure(figsize=(8.27, 11.69))
            cover.text(0.05, 0.97, "\n".join(summary_lines(report, comparison, lang)[:60]), va="top", family="monospace",
                       fontsize=6.5, wrap=True)
            pages.savefig(cover)
        for name, data in figures.items():
            fig = draw(data)
            if "png" in formats:
                buffer = io.BytesIO()
                fig.savefig(buffer, format="png")
                put(out / "figures" / f"{name}.png", buffer.getvalue())
            if pages is not None:
                pages.savefig(fig)
    if pages is not None:
        put(out / "report.pdf", pdf.getvalue())
