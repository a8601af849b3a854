"""``--players 2-6``: one simulation per number of seats, each with its own report folder
(``players-N/``), and a sweep figure of the first player's edge by table size
(``sweep.json``, ``figures/sweep_seat1.svg``, ``index.html`` with each count's verdicts)."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from cardforge.atomic import atomic_write_text, ensure_dir
from cardforge.simulate.spec import SimSpec

__all__ = ["sweep", "sweep_figure"]


def sweep_figure(game: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Bars: seat 1's win rate minus a fair share, in points, by number of players."""
    items = [{k: (r["seat1"][k] - r["fair"]) * 100 for k in ("value", "low", "high")} for r in rows]
    return {"kind": "bars", "title": f"{game}: the first player's edge by table size", "xlabel": "players",
            "ylabel": "seat 1 win rate − fair share (points)", "labels": [str(r["players"]) for r in rows],
            "values": [i["value"] for i in items], "low": [i["low"] for i in items], "high": [i["high"] for i in items],
            "reference": 0.0}


def sweep(specs: list[SimSpec], folder: Path, *, jobs: int | None, cluster: str | None, precision: float | None,
          formats: tuple[str, ...], lang: str, quiet: bool) -> tuple[list[str], list[Path]]:
    """Run and write every count's report and the sweep; (lines to print, files written)."""
    from cardforge.simulate import simulate
    from cardforge.simulate.output import write_report
    from cardforge.simulate.svgplot import svg
    from cardforge.simulate.verdicts import lines as verdict_lines

    rows, lines, written, verdicts = [], [], [], []
    for spec in specs:
        report = simulate(spec, jobs=jobs, cluster=cluster, precision=precision)
        written += write_report(folder / f"players-{spec.players}", report, None, formats=formats, lang=lang)
        said = verdict_lines(report, None, lang)
        verdicts.append((spec.players, said))
        lines += [f"{spec.players} players: {line}" for line in said]
        rows.append({"players": spec.players, "games": report["games_played"], "fair": 1 / spec.players,
                     "seat1": report["seats"][0]["win_rate"], "seat_test_p": report["seat_test"]["p_value"],
                     "ties": report["ties"]})
    figure = sweep_figure(specs[0].game, rows)
    ensure_dir(folder / "figures")
    files = {folder / "sweep.json": json.dumps({"rows": rows, "figure": figure}, indent=1, allow_nan=False) + "\n",
             folder / "figures" / "sweep_seat1.svg": svg(figure)}
    items = "".join(f"<li><a href=\"players-{n}/index.html\">{n}</a>: {html.escape(' '.join(said))}</li>"
                    for n, said in verdicts)
    files[folder / "index.html"] = (f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
                                    f"<title>cardforge simulate sweep</title></head><body><h1>{html.escape(specs[0].game)}"
                                    f"</h1><ul>{items}</ul><figure><img src=\"figures/sweep_seat1.svg\" "
                                    f"alt=\"sweep\"></figure></body></html>\n")
    for path, data in files.items():
        atomic_write_text(path, data)
        written.append(path)
    lines.append(f"sweep of {len(specs)} table sizes; report in {folder}/index.html")
    return lines, written
