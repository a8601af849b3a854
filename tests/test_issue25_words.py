"""Issue #25's sentence defects that still reproduced, each with its test (written first)."""

from __future__ import annotations

import pytest

MINUS = "\u2212"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_ruling_writes_one_minus_sign_in_its_formula_and_its_summary(cli, lang):
    """« −3 × |1 − 0| = −3 » then « → -3 + bonus 0 = -3 points »: two different minus signs in
    one ruling (the issue's « −(10 + 5 × 1) = -15 »).  The summary now writes −3 as the step does."""
    streak = cli("referee", "tricks", "score", "--bid", "1", "--won", "0", "--cards", "5", "--streak", "3", "--lang", lang)
    plain = cli("referee", "tricks", "score", "--bid", "0", "--won", "1", "--cards", "5", "--lang", lang)
    for result in (streak, plain):
        assert result.code == 0, result.err
        summary = result.out.splitlines()[-1]
        assert summary.startswith("→ ") and "-" not in summary.replace("→", "") and MINUS in summary, summary
    assert f"= {MINUS}15" in plain.out and f"{MINUS}15 points" in plain.out
