"""``cardforge simulate`` refuses bad input up front in one line (issue #31, item 9) and stops
promptly on Ctrl-C however many games were asked for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from cardforge.simulate.spec import MAX_GAMES
from tests.cli_helpers import one_line_error
from tests.conftest import ROOT


@pytest.mark.parametrize("args, fragments", [
    (("rows", "--games", str(10**23)), ("--games", f"{MAX_GAMES:,}")),
    (("rows", "--games", "1000000000"), ("--games 1000000000", "the most one simulation plays")),
    (("rows", "--option", "team=true"), ("'team'", "explosion", "target_wins")),
    (("collection", "--option", "team=true"), ("'team'", "mode", "rounds")),
    (("numwin", "--option", "team=true"), ("'team'", "memory", "rounds")),
    (("tricks", "--option", "colour=red"), ("'colour'", "team", "start_cards")),
    (("collection", "--option", "mode=zzz"), ("'zzz'", "classic", "discovery")),
    (("rows", "--option", "players=3"), ("'players'", "--players")),
    (("numwin", "--option", "same_value=all"), ("'same_value'", "--house same_value=all")),
    (("rows", "--cluster", "not an address"), ("--cluster", "'not an address'")),
    (("rows", "--cluster", "tcp://"), ("--cluster", "'tcp://'")),
    (("rows", "--turn-seconds", "nan"), ("--turn-seconds", "nan")),
    (("rows", "--turn-seconds", "inf"), ("--turn-seconds", "inf")),
    (("rows", "--turn-seconds", "-1"), ("--turn-seconds", "-1")),
    (("rows", "--turn-seconds", "1e400"), ("--turn-seconds",)),
])
def test_bad_input_is_one_line_before_any_game(cli, tmp_path, args, fragments):
    """Issue #31: `--option team=true` → TypeError, `--cluster 'not an address'` → ValueError,
    `--games 10^23` → MemoryError after 33 CPU-s, `--turn-seconds nan` → NaN in report.json."""
    size = () if "--games" in args else ("--games", "3")
    result = cli("simulate", *args, *size, "--quiet", "--out", str(tmp_path / "rep"), timeout=120)
    one_line_error(result, *fragments)
    assert not (tmp_path / "rep").exists()


def test_the_report_is_strict_json(cli, tmp_path):
    """No NaN or Infinity can reach report.json: it is written with allow_nan=False."""
    result = cli("simulate", "rows", "--games", "3", "--quiet", "--turn-seconds", "0.5", "--out", str(tmp_path))
    assert result.code == 0, result.err

    def refuse(constant: str) -> None:
        raise AssertionError(f"{constant} in report.json")

    for name in ("report.json", "figures.json"):
        json.loads((tmp_path / name).read_text(encoding="utf-8"), parse_constant=refuse)


def test_ctrl_c_after_two_seconds_on_eight_workers_ends_at_once(tmp_path):
    """Issue #31: `--games 1000000000 --jobs 8` then Ctrl-C after 2 s did not exit in 90 s.  The
    largest simulation allowed, eight workers on two cores, Ctrl-C to the whole process group (as a
    terminal sends it) while the pool may still be starting: exit 130 and one line."""
    proc = subprocess.Popen([sys.executable, "-m", "cardforge", "simulate", "rows", "--games", str(MAX_GAMES),
                             "--jobs", "8", "--quiet", "--out", str(tmp_path / "rep")], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        proc.communicate(timeout=2)
    except subprocess.TimeoutExpired:
        pass
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, stderr = proc.communicate(timeout=90)  # only a hang reaches this
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, stderr
    assert len(stderr.splitlines()) == 1 and stderr.startswith("cardforge: interrupted"), stderr
