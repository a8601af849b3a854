"""``cardforge referee sequence``: the check/score verdicts and the command line (JSON, languages,
house rules, one-line errors with exit code 2)."""

from __future__ import annotations

import json

import pytest

from cardforge.cli import main
from cardforge.games.sequence import HouseRules
from cardforge.referee.sequence import check_verdict, score_verdict
from tests.pushluck_support import cards


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process: exit code, stdout, stderr."""
    try:
        main(list(argv))
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("seq, mode, stop, reason, points", [
    ("R3 G5 RB7 B9", "classic", False, None, 24),
    ("R3 G5 RB7 B9", "discovery", False, None, 4),
    ("R3 G5 B5", "classic", True, "value", 0),
    ("R3 R5 R9", "discovery", True, "color", 0),
    ("R3 SH2 G4", "classic", True, "shadow", 0),
    ("R3 SH2 joker G4", "classic", False, None, 7),
    ("R3 G5 flip B9", "classic", False, None, 17),
])
def test_check_json(capsys, seq, mode, stop, reason, points):
    """The JSON answer has stop, reason and points (face sum in classic, count in discovery)."""
    code, out, err = run(capsys, "referee", "sequence", "check", "--mode", mode, "--json", *seq.split())
    data = json.loads(out)
    assert code == 0 and err == "" and out.count("\n") == 1
    assert (data["stop"], data["reason"], data["points"]) == (stop, reason, points)
    assert data["rules"] and all(r.startswith("SEQUENCE-") for r in data["rules"])


def test_check_reports_the_stopping_card():
    verdict = check_verdict(cards("R3 R5 R9 G1"))
    assert verdict.result["index"] == 3 and verdict.result["card"] == "R9"
    assert verdict.result["sequence"] == ["R3", "R5"]
    assert "SEQUENCE-4.4" in verdict.rules and "SEQUENCE-4.3" in verdict.rules


def test_check_rainbow_owes_a_draw():
    verdict = check_verdict(cards("R3 RB7"))
    assert verdict.result["extra_draws"] == 1 and "SEQUENCE-2.6" in verdict.rules


def test_check_house_rule_changes_the_answer(capsys):
    code, out, _ = run(capsys, "referee", "sequence", "check", "--json", "--house", "rainbow_colour=wild", "R3", "RB5", "R9")
    assert code == 0 and json.loads(out)["reason"] == "color"
    assert check_verdict(cards("R3 RB5 R9"), rules=HouseRules()).result["stop"] is False


def test_check_readable_in_french(capsys):
    code, out, _ = run(capsys, "referee", "sequence", "check", "--lang", "fr", "R3", "G5", "B5")
    assert code == 0 and "STOP" in out and "valeur" in out and "SEQUENCE-4.5" in out


def test_score_totals_secured_sequences(capsys):
    code, out, _ = run(capsys, "referee", "sequence", "score", "--json", "R3 G5 B7", "Y2 RB4 G1")
    data = json.loads(out)
    assert code == 0 and data["total"] == 22 and [s["points"] for s in data["sequences"]] == [15, 7]
    assert score_verdict([cards("R3 G5 B5")]).result["total"] == 0  # a stopped sequence was never secured


@pytest.mark.parametrize("argv, needle", [
    (["check", "R3", "X9"], "'X9'"),
    (["check", "R3", "R3"], "'R3' is given 2 times"),
    (["check", "--mode", "fast", "R3"], "'fast'"),
    (["check", "--lang", "de", "R3"], "'de'"),
    (["check", "--house", "nope=1", "R3"], "'nope'"),
    (["check", "--house", "rainbow_colour=blue", "R3"], "'blue'"),
    (["check", "V3"], "Violet"),
    (["score", "R3 Q"], "'Q'"),
    # SEQUENCE-1.5 « En Mode Découverte, aucune carte spéciale n'est incluse dans la pioche »:
    # no Joker can save a Discovery sequence from its Shadow
    (["check", "--mode", "discovery", "R3", "SH5", "joker", "G7"], "'joker' is not played in Num Sequence's discovery"),
    (["score", "--mode", "discovery", "R3 G5", "infini"], "'infini' is not played"),
])
def test_errors_are_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, "referee", "sequence", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_real_process_json_and_error(cli):
    ok = cli("referee", "sequence", "check", "--json", "R3", "G5", "B5")
    assert ok.code == 0 and ok.json()["reason"] == "value"
    bad = cli("referee", "sequence", "check", "R3", "RB99")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "RB99" in bad.err
