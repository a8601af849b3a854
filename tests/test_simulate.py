"""The playtest lab: reproducible reports, intervals, house-rule comparisons, Ctrl-C, the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardforge.errors import UsageError
from cardforge.simulate import SimSpec, compare, simulate
from cardforge.simulate.report import build_report
from cardforge.simulate.runner import batches, run
from cardforge.simulate.stats import mean_ci, wilson

ROOT = Path(__file__).resolve().parent.parent

GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def _strip(report: dict) -> dict:
    return {k: v for k, v in report.items() if k != "elapsed_seconds"}


def test_wilson_and_mean_intervals():
    p, lo, hi = wilson(0, 20)
    assert p == 0 and lo == 0 and 0.1 < hi < 0.2
    assert wilson(20, 20)[2] == 1.0
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and lo < 2.5 < hi


def test_batches_cover_every_game_once():
    for games, workers in ((1, 4), (7, 2), (1000, 3), (20000, 2)):
        ranges = batches(games, workers)
        assert [i for a, b in ranges for i in range(a, b)] == list(range(games))


def test_same_seed_same_report_whatever_jobs():
    spec = SimSpec("rows", 3, ("strategy", "random"), seed=11, games=24)
    one = simulate(spec, jobs=1)
    two = simulate(spec, jobs=2)
    assert _strip(one) == _strip(two)
    assert _strip(simulate(SimSpec("rows", 3, ("strategy", "random"), seed=12, games=24), jobs=1)) != _strip(one)


@pytest.mark.parametrize("game", GAMES)
def test_seat_win_rates_sum_to_one_and_strategy_beats_random(game):
    report = simulate(SimSpec(game, 4, ("strategy", "random"), seed=3, games=40), jobs=1)
    assert sum(s["win_rate"]["value"] for s in report["seats"]) == pytest.approx(1.0, abs=1e-3)
    margin = report["margins"][0]
    assert margin["bot"] == "strategy" and margin["against"] == "random"
    assert margin["margin"]["low"] > 0, margin  # the interval excludes "no better than random"
    assert report["length"]["turns"]["mean"]["value"] > 0
    assert report["events"], "every game reports some events"


def test_ties_share_the_win():
    records = [{"index": 0, "bots": ["random"] * 2, "scores": [3, 3], "winners": [0, 1], "turns": 4, "rounds": 1,
                "events": {}}]
    report = build_report(SimSpec("numwin", 2, games=1), records)
    assert [s["win_rate"]["value"] for s in report["seats"]] == [0.5, 0.5]
    assert report["ties"]["value"] == 1.0


def test_compare_runs_every_value_on_the_same_seeds():
    spec = SimSpec("collection", 3, ("random",), seed=5, games=16)
    report, comparison = compare(spec, "shadow_voids_round", jobs=1)
    assert comparison["default"] == "true" and [v["value"] for v in comparison["variants"]] == ["false"]
    measures = {m["measure"]: m for m in comparison["variants"][0]["measures"]}
    voided = measures["round_voided per player-round"]
    assert voided["default"]["value"] > 0 and voided["variant"]["value"] == 0  # the switch really switches
    assert report["spec"]["house"] == ["shadow_voids_round=true"]


def test_compare_refuses_an_unknown_or_fixed_key():
    with pytest.raises(UsageError, match="did you mean 'streak_payout'"):
        compare(SimSpec("tricks", 4, games=2), "streak_payot", jobs=1)
    with pytest.raises(UsageError, match="do not also set it"):
        compare(SimSpec("tricks", 4, house=("streak_payout=once",), games=2), "streak_payout", jobs=1)


def test_ctrl_c_keeps_the_games_played(monkeypatch):
    spec = SimSpec("rows", 2, games=400)
    calls = []

    def progress(done, total):
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    outcome = run(spec, jobs=1, progress=progress)
    assert outcome.interrupted and 0 < len(outcome.records) < 400
    report = build_report(spec, outcome.records, interrupted=True)
    assert report["interrupted"] and report["games_played"] == len(outcome.records)


def test_cli_writes_html_pdf_json_and_figures(cli, tmp_path):
    out = tmp_path / "rep"
    result = cli("simulate", "tricks", "--players", "3", "--games", "12", "--bots", "strategy,random",
                 "--jobs", "1", "--out", str(out), "--turn-seconds", "4", "--figures", "png,svg,pdf")
    assert result.code == 0, result.err
    assert "margin strategy − random" in result.out
    data = json.loads((out / "report.json").read_text())
    assert data["report"]["length"]["seconds_per_turn"] == 4
    figures = json.loads((out / "figures.json").read_text())
    assert "win_rate_by_seat" in figures
    for name in figures:
        assert (out / "figures" / f"{name}.png").read_bytes().startswith(b"\x89PNG")
        assert b"<svg" in (out / "figures" / f"{name}.svg").read_bytes()[:400]
    assert (out / "report.pdf").read_bytes().startswith(b"%PDF")
    assert "win_rate_by_seat.svg" in (out / "index.html").read_text()


def test_default_report_draws_svg_only_without_matplotlib(tmp_path):
    """The default report's figures are SVG drawn from their data: no PNG, no PDF, and matplotlib
    is never imported (it cost 0.5 CPU-s before the first figure, issue #30)."""
    import subprocess
    import sys

    out = tmp_path / "rep"
    code = ("import sys\nfrom cardforge.cli import main\n"
            "try:\n    main(['simulate', 'rows', '--games', '6', '--jobs', '1', '-q', '--out', sys.argv[1]])\n"
            "except SystemExit as stop:\n    assert not stop.code, stop.code\n"
            "print('matplotlib' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code, str(out)], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
    figures = json.loads((out / "figures.json").read_text())
    for name in figures:
        svg = (out / "figures" / f"{name}.svg").read_text()
        assert svg.startswith("<svg") and "<rect" in svg
        assert not (out / "figures" / f"{name}.png").exists()
    assert not (out / "report.pdf").exists()
    assert "win_rate_by_seat.svg" in (out / "index.html").read_text()


def test_svg_figures_are_the_same_bytes_for_the_same_data():
    from cardforge.simulate.svgplot import svg

    bars = {"kind": "bars", "title": "t <&>", "xlabel": "x", "ylabel": "y", "labels": ["1", "2"],
            "values": [0.4, 0.6], "low": [0.3, 0.5], "high": [0.5, 0.7], "reference": 0.5}
    assert svg(bars) == svg(dict(bars)) and "t &lt;&amp;&gt;" in svg(bars)
    assert svg(bars).count('fill="#4C72B0"') == 2


def test_unknown_figure_format_is_one_line(cli, tmp_path):
    result = cli("simulate", "rows", "--games", "2", "--figures", "svg,gif", "--out", str(tmp_path / "r"))
    assert result.code == 2
    assert result.err.strip().splitlines() == ["cardforge: error: --figures: unknown format 'gif'; expected png, svg, "
                                               "pdf or none, comma-separated (e.g. --figures svg,pdf)"]


def test_cli_json_quiet_and_seats_numbered_from_1(cli, tmp_path):
    """Issue 24: no ``--json``; ``-q`` meant "no bar" here but "nothing but errors" on build;
    seats were numbered from 0 while the referee numbers players from 1."""
    base = ("simulate", "rows", "--players", "3", "--games", "6", "--jobs", "1")
    result = cli(*base, "--out", str(tmp_path / "a"), "--json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["folder"] == str(tmp_path / "a") and str(tmp_path / "a" / "report.json") in data["written"]
    assert [s["seat"] for s in data["report"]["seats"]] == [1, 2, 3]
    assert "win rate by seat: 1: " in cli(*base, "--out", str(tmp_path / "b")).out
    quiet = cli(*base, "--out", str(tmp_path / "c"), "-q")
    assert quiet.code == 0 and quiet.out == "" and quiet.err == ""


def test_without_the_plots_extra_the_report_has_no_figures_and_says_so_once(tmp_path):
    """Issue 24: matplotlib is the ``plots`` extra; asked for PNG and PDF without it, simulate still reports (JSON and
    HTML) and says once how to get the figures."""
    code = ("import sys; sys.modules['matplotlib'] = None; from cardforge.cli import main; "
            "main(sys.argv[1:])")
    out = tmp_path / "rep"
    result = subprocess.run([sys.executable, "-c", code, "simulate", "rows", "--players", "2", "--games", "4",
                             "--jobs", "1", "--figures", "png,pdf", "--out", str(out)], capture_output=True, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("pip install 'cardforge[plots]'") == 1 and result.stderr.count("\n") == 1
    assert (out / "report.json").is_file() and (out / "index.html").is_file() and (out / "figures.json").is_file()
    assert not (out / "report.pdf").exists() and not list(out.glob("figures/*.png"))
    assert "<img" not in (out / "index.html").read_text()


@pytest.mark.parametrize("args, message", [
    (("chess",), "unknown game 'chess'"),
    (("rows", "--bots", "clever"), "unknown bot 'clever' for rows"),
    (("rows", "--house", "row_tei=x"), "unknown house rule 'row_tei'"),
    (("rows", "--players", "9"), "rows plays with"),
    (("rows", "--games", "0"), "--games must be at least 1"),
    (("rows", "--players", "2", "--bots", "random,strategy,random"), "3 bots for 2 seats"),
])
def test_cli_bad_input_is_one_line(cli, tmp_path, args, message):
    result = cli("simulate", *args, "--out", str(tmp_path / "x"))
    assert result.code == 2
    assert result.err.startswith("cardforge: error: ") and message in result.err and result.err.count("\n") == 1


def test_ctrl_c_on_the_command_line_writes_the_games_played(tmp_path):
    """A real SIGINT to a running ``cardforge simulate`` on a process pool: exit 130, one line on
    stderr, and a report of the games finished so far."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from tests.conftest import ROOT

    out = tmp_path / "rep"
    proc = subprocess.Popen([sys.executable, "-m", "cardforge", "simulate", "rows", "--players", "2", "--games", "1000000",
                             "--jobs", "2", "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # even if we run in the background
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")

    def workers_cpu_seconds() -> float:
        """CPU time the pool's workers have spent: games played, whatever the machine's load."""
        total = 0
        for pid in children.read_text().split():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # a worker that just ended
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
        return total / os.sysconf("SC_CLK_TCK")

    deadline = time.monotonic() + 300  # only a hang reaches it
    while time.monotonic() < deadline and workers_cpu_seconds() < 3.0:  # some games played by now
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert stderr.strip().splitlines()[-1] == "cardforge: interrupted: the report covers the games played so far"
    report = json.loads((out / "report.json").read_text())["report"]
    assert report["interrupted"] and 0 < report["games_played"] < 1_000_000
    assert f"{report['games_played']} games in" in stdout


def test_ctrl_c_lets_each_worker_end_its_batch_instead_of_killing_it():
    """On Ctrl-C the pool's workers finish the game they are playing and return what their
    batch played: none is killed (a worker killed while sending its result left the pool's
    reader waiting forever, and ``cardforge simulate`` hung at exit), and the games of the
    interrupted batches are kept."""
    import multiprocessing

    from cardforge.simulate import SimSpec
    from cardforge.simulate.runner import _local

    spec = SimSpec("rows", 2, ("random",), games=4000)
    workers: list = []
    records: list = []

    def progress(done: int, total: int) -> None:
        workers.extend(multiprocessing.active_children())
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _local(spec, 2, progress, records)
    assert workers and all(w.exitcode == 0 for w in workers), [w.exitcode for w in workers]
    indices = sorted(r["index"] for r in records)
    assert len(indices) == len(set(indices)) and 0 < len(indices) < 4000


def test_the_comparison_module_does_not_shadow_compare():
    """``cardforge.simulate.compare`` is the function, whatever submodule was imported before
    (a submodule named ``compare`` used to replace it with itself once imported)."""
    import importlib

    import cardforge.simulate as lab

    for name in ("comparison", "report", "runner", "play", "spec", "events", "output", "figures", "stats"):
        importlib.import_module(f"cardforge.simulate.{name}")
    assert callable(lab.compare) and lab.compare.__module__ == "cardforge.simulate"
