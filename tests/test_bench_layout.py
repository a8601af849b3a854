"""``benchmarks/bench_layout.py`` runs: its frozen hand-written faces still take what the sheets
hand them (a free card's ``card=`` back broke it unseen; issue #30 item 5 reads its ratio)."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "benchmarks"


def test_the_layout_benchmark_runs_once(monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(BENCH))
    import bench_layout

    monkeypatch.setattr(bench_layout, "REPEAT", 1)
    assert bench_layout.main() == 0
    out = capsys.readouterr().out
    assert "hand-written faces (baseline)" in out and "ratio" in out
    sys.modules.pop("bench_layout", None)
