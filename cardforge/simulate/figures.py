"""The report's figures as data (``figures.json``) and as plots (matplotlib, Agg, imported only
here and only when drawing): each figure is a title, axis labels and series of bars with
their 95 % intervals (a comparison's as absolute differences from the default on the same
seeds: rates in percentage points on one figure, the other measures on another), or a binned
histogram."""

from __future__ import annotations

from typing import Any

from cardforge.simulate.report import pace

__all__ = ["figure_data", "draw"]


def _bars(title: str, xlabel: str, ylabel: str, labels: list[str], items: list[dict[str, float]],
          reference: float | None = None) -> dict[str, Any]:
    return {"kind": "bars", "title": title, "xlabel": xlabel, "ylabel": ylabel, "labels": labels,
            "values": [i["value"] for i in items], "low": [i["low"] for i in items],
            "high": [i["high"] for i in items], "reference": reference}


def figure_data(report: dict[str, Any], comparison: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """Every figure of a report (and of a comparison), by file name."""
    figs: dict[str, dict[str, Any]] = {}
    game = report["spec"]["game"]
    if report.get("seats"):
        fair = 1 / report["spec"]["players"]
        figs["win_rate_by_seat"] = _bars(f"{game}: win rate by seat", "seat (1 plays first)", "win rate",
                                         [str(s["seat"]) for s in report["seats"]], [s["win_rate"] for s in report["seats"]], fair)
        figs["win_rate_by_bot"] = _bars(f"{game}: win rate per seat-game, by bot", "bot", "win rate",
                                        [b["bot"] for b in report["bots"]], [b["win_rate"] for b in report["bots"]], fair)
        figs["score_distribution"] = {"kind": "histograms", "title": f"{game}: final {report['score_meaning']} by bot",
                                      "xlabel": report["score_meaning"], "ylabel": "seat-games",
                                      "series": {b["bot"]: b["score_histogram"] for b in report["bots"]}}
        length = report["length"]
        figs["game_length"] = {"kind": "histograms", "title": f"{game}: game length (≈ {length['minutes']['value']:.0f} min "
                               f"at {pace(length)})", "xlabel": "turns", "ylabel": "games",
                               "series": {"games": length["turns_histogram"]}}
    if report.get("events"):
        events = report["events"]
        figs["events_frequency"] = _bars(f"{game}: events per player and game", "event", "count",
                                         [e["event"] for e in events], [e["per_player_game"] for e in events])
        measured = [e for e in events if e["effect"] is not None]  # n/a: every seat-game had it
        if measured:
            figs["events_effect"] = _bars(f"{game}: win rate with the event minus without", "event", "difference",
                                          [e["event"] for e in measured], [e["effect"] for e in measured], 0.0)
    for variant in (comparison or {}).get("variants", []):
        name = f"compare_{comparison['key']}_{variant['value']}"
        title = f"{game}: {comparison['key']}={variant['value']} against {comparison['default']}"
        for rates, suffix, xlabel in ((True, "rates", "difference in percentage points (same seeds)"),
                                      (False, "measures", "difference (same seeds)")):
            keep = [m for m in variant["measures"] if m.get("rate", False) == rates]
            if not keep:
                continue
            scale = 100 if rates else 1
            items = [{k: m["difference"][k] * scale for k in ("value", "low", "high")} for m in keep]
            figure = _bars(title, xlabel, "measure", [m["measure"] for m in keep], items, 0.0)
            figs[f"{name}_{suffix}"] = {**figure, "kind": "hbars"}
    return figs


def draw(figure: dict[str, Any]) -> Any:
    """A matplotlib ``Figure`` for one figure's data."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    labels = figure.get("labels", [])
    wide = figure["kind"] == "bars" and len(labels) > 6
    tall = figure["kind"] == "hbars"
    fig = Figure(figsize=(8, max(3.0, 0.35 * len(labels) + 1.5) if tall else 4.5 if not wide else 5.5), dpi=100)
    ax = fig.add_subplot()
    if tall:
        values = figure["values"]
        errors = [[v - lo for v, lo in zip(values, figure["low"])], [hi - v for v, hi in zip(values, figure["high"])]]
        ax.barh(range(len(values)), values, xerr=errors, capsize=3, color="#4C72B0")
        ax.set_yticks(list(range(len(values))), labels, fontsize=8)
        ax.axvline(0, color="#C44E52", linestyle="--", linewidth=1)
        ax.xaxis.set_major_formatter(lambda x, _pos: f"{x:+g}")
    elif figure["kind"] == "bars":
        values = figure["values"]
        errors = [[v - lo for v, lo in zip(values, figure["low"])], [hi - v for v, hi in zip(values, figure["high"])]]
        positions = range(len(values))
        ax.bar(positions, values, yerr=errors, capsize=4, color="#4C72B0")
        ax.set_xticks(list(positions), labels, rotation=45 if wide else 0, ha="right" if wide else "center",
                      fontsize=8 if wide else 10)
        if figure.get("reference") is not None:
            ax.axhline(figure["reference"], color="#C44E52", linestyle="--", linewidth=1)
    else:
        for name, hist in figure["series"].items():
            ax.bar(hist["values"], hist["counts"], alpha=0.55, label=str(name), width=0.9 * hist.get("width", 1))
        if len(figure["series"]) > 1:
            ax.legend(loc="upper right")  # "best" warns on stderr that it is slow with many bars
    ax.set_title(figure["title"])
    ax.set_xlabel(figure["xlabel"])
    ax.set_ylabel(figure["ylabel"])
    fig.tight_layout()
    return fig
