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

__all__ = ["write_report", "summary_lines"]


def _ci(item: dict[str, float], pct: bool = False) -> str:
    if pct:
        return f"{item['value'] * 100:.1f} % [{item['low'] * 100:.1f}, {item['high'] * 100:.1f}]"
    return f"{item['value']:.3g} [{item['low']:.3g}, {item['high']:.3g}]"


def summary_lines(report: dict[str, Any], comparison: dict[str, Any] | None = None) -> list[str]:
    """The headline figures as plain text lines (the terminal and the PDF's first page)."""
    spec = report["spec"]
    lines = [f"{spec['game']}: {report['games_played']} of {spec['games']} games, {spec['players']} players, "
             f"bots {','.join(spec['bots'])}, seed {spec['seed']}"
             + (f", house {' '.join(spec['house'])}" if spec["house"] else "")
             + (" (interrupted)" if report["interrupted"] else "")]
    if report.get("seats"):
        lines.append("win rate by seat: " + "  ".join(f"{s['seat']}: {_ci(s['win_rate'], True)}" for s in report["seats"]))
        lines.append("win rate by bot (per seat-game): "
                     + "  ".join(f"{b['bot']}: {_ci(b['win_rate'], True)}" for b in report["bots"]))
        for m in report["margins"]:
            lines.append(f"margin {m['bot']} − {m['against']}: {_ci(m['margin'], True)} over {m['games']} games")
        lines.append(f"ties: {_ci(report['ties'], True)} of games")
        length = report["length"]
        lines.append(f"length: {_ci(length['turns']['mean'])} turns, {_ci(length['rounds']['mean'])} rounds, "
                     f"≈ {_ci(length['minutes'])} min at {length['seconds_per_turn']:g} s a turn")
    for variant in (comparison or {}).get("variants", []):
        lines.append(f"{comparison['key']}={variant['value']} vs {comparison['default']} ({variant['games']} games, same seeds):")
        for m in variant["measures"]:
            if "per player-round" in m["measure"] and not m["measure"].startswith("round_"):
                continue
            lines.append(f"  {m['measure']}: {m['default']['value']:.4g} → {m['variant']['value']:.4g}, "
                         f"difference {_ci(m['difference'])}")
    return lines


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _html(report: dict[str, Any], comparison: dict[str, Any] | None, figures: list[str], ext: str = "svg") -> str:
    parts = [f"<h1>cardforge simulate — {html.escape(report['spec']['game'])}</h1>",
             "<pre>" + html.escape("\n".join(summary_lines(report, comparison))) + "</pre>",
             f"<p>{html.escape(report['ties_rule'])}. Intervals are 95 %: Wilson for rates, normal for means, "
             "paired for differences.</p>"]
    if report.get("events"):
        parts.append("<h2>Events</h2>" + _table(
            ["event", "per player and game", "seat-games with it", "win rate with", "win rate without", "effect"],
            [[e["event"], _ci(e["per_player_game"]), _ci(e["seat_games_with"], True), _ci(e["win_rate_with"], True),
              _ci(e["win_rate_without"], True), _ci(e["effect"], True)] for e in report["events"]]))
    for variant in (comparison or {}).get("variants", []):
        parts.append(f"<h2>{html.escape(comparison['key'])}={html.escape(variant['value'])} vs "
                     f"{html.escape(comparison['default'])}</h2>" + _table(
                         ["measure", "default", "variant", "difference"],
                         [[m["measure"], _ci(m["default"]), _ci(m["variant"]), _ci(m["difference"])]
                          for m in variant["measures"]]))
    parts += [f'<figure><img src="figures/{html.escape(name)}.{ext}" alt="{html.escape(name)}"></figure>' for name in figures]
    style = "body{font-family:sans-serif;max-width:60em;margin:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px}"
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cardforge simulate</title>'
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
                 formats: tuple[str, ...] = DEFAULT_FORMATS) -> list[Path]:
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
        _draw_with_matplotlib(out, report, comparison, figures, formats, put)
    shown = "svg" if "svg" in formats else "png" if "png" in formats else None
    put(out / "index.html", _html(report, comparison, list(figures) if shown else [], shown or "svg"))
    return written


def _draw_with_matplotlib(out: Path, report: dict[str, Any], comparison: dict[str, Any] | None,
                          figures: dict[str, dict[str, Any]], formats: tuple[str, ...], put: Any) -> None:
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
            cover.text(0.05, 0.97, "\n".join(summary_lines(report, comparison)[:60]), va="top", family="monospace",
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
