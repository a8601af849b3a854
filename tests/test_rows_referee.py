"""``cardforge referee rows …``: verdict builders, the command line in-process, and two real
processes for exit codes as users see them."""

from __future__ import annotations

import json

import pytest
from rows_helpers import card, table

from cardforge.cli import main
from cardforge.games.rows import HouseRules
from cardforge.referee.rows import play_verdict, round_verdict, score_verdict


def run(capsys, *args: str) -> tuple[int, str, str]:
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    try:
        main(["referee", "rows", *args])
        code = 0
    except SystemExit as exc:
        code = exc.code or 0
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *args: str) -> dict:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    assert len(out.strip().splitlines()) == 1  # exactly one JSON object
    return json.loads(out)


# -- verdict builders (reused by the rulebook) ---------------------------------------------


def test_play_verdict_a_rainbow_placed_on_a_row():
    """The rulebook's example: a Rainbow goes after the closest lower-or-equal last card."""
    verdict = play_verdict(table(R="R0 R9", B="B0 B5"), {"ann": card("RB10")})
    assert verdict.result["rows"]["R"] == ["R0", "R9", "RB10"]
    assert verdict.result["captured"] == {"ann": []}
    assert "ROWS-4.1" in verdict.rules
    assert verdict.summary_text() == "nobody takes a card"


def test_play_verdict_fifth_card_capture_in_both_languages():
    verdict = play_verdict(table(B="B0 B3 B5 B8"), {"ann": card("B9"), "bob": card("SH2")})
    assert verdict.result["captured"] == {"ann": ["B0", "B3", "B5", "B8"], "bob": []}
    assert verdict.result["points"] == {"ann": 16, "bob": 0}
    assert verdict.rules[:1] == ["ROWS-2.3"] and {"ROWS-6.1", "ROWS-6.2"} <= set(verdict.rules)
    assert verdict.summary_text() == "ann takes B0 B3 B5 B8 (+16)"
    assert verdict.summary_text("fr") == "ann récupère B0 B3 B5 B8 (+16)"
    assert all(step.fr and step.en != step.fr for step in verdict.steps)


def test_play_verdict_explosion_and_house_rules():
    verdict = play_verdict(table(B="B0 B3 B5 B8"), {"ann": card("B9")}, explosion=True)
    assert verdict.result["discarded"] == ["B0", "B3", "B5", "B8"] and verdict.result["variant"] == "explosion"
    assert "ROWS-R4" in verdict.rules
    strict = play_verdict(table(B="B0 B5", R="R6", Y="Y7", G="G8"), {"ann": card("SH5")}, HouseRules(shadow_equal="strict"))
    assert strict.result["captured"]["ann"] == ["SH5"] and "ROWS-5.2" in strict.rules


def test_play_verdict_names_the_rows_that_tie():
    """ROWS-R2 explained: the tied rows are named, and why one was chosen."""
    verdict = play_verdict(table(Y="Y0 Y4"), {"ann": card("SH2")})
    tie = next(s for s in verdict.steps if s.rule == "ROWS-R2")
    assert tie.en.startswith("The Blue, Red and Green rows are equally close: the Blue row is chosen")
    assert tie.fr.startswith("Les rangées Bleue, Rouge et Verte sont aussi proches")
    fewest = play_verdict(table(B="B9 B0", Y="Y0 Y4"), {"ann": card("SH2")}, HouseRules(row_tie="fewest_cards"))
    assert fewest.result["rows"]["R"] == ["R0", "SH2"]
    assert "the Red row, with the fewest cards" in next(s.en for s in fewest.steps if s.rule == "ROWS-R2")


def test_score_and_round_verdicts():
    pile = [card("R5"), card("RB7"), card("SH3")]
    assert score_verdict(pile).result["points"] == 9
    assert score_verdict(pile).rules == ["ROWS-7.1", "ROWS-4.3", "ROWS-7.2"]
    verdict = round_verdict({"ann": pile, "bob": [card("B9")]})
    assert verdict.result == {"points": {"ann": 9, "bob": 9}, "winners": ["ann", "bob"]}
    assert "ROWS-R6" in verdict.rules
    assert round_verdict({"ann": pile, "bob": [card("B9")]}, HouseRules(round_tie="nobody")).result["winners"] == []


# -- the command line ----------------------------------------------------------------------


def test_play_json_has_rows_and_captured_for_every_player(capsys):
    data = run_json(capsys, "play", "--row", "R=R0,R5,R9", "p1=R7", "p2=SH3", "p3=RB9")
    assert data["rows"] == {"B": ["B0", "SH3"], "R": ["R5", "R9", "R7", "RB9"], "Y": ["Y0"], "G": ["G0"]}
    assert data["captured"] == {"p1": ["R0"], "p2": [], "p3": []}
    assert data["game"] == "rows" and data["rules"][0] == "ROWS-2.3"
    assert [s["rule"] for s in data["steps"]] == ["ROWS-2.3", "ROWS-5.1", "ROWS-R2", "ROWS-3.1", "ROWS-4.1"]


def test_play_variant_house_and_lowercase(capsys):
    data = run_json(capsys, "play", "--row", "b=b0,b3,b5,b8", "--variant", "explosion", "ann=b9")
    assert data["rows"]["B"] == ["B9"] and data["discarded"] == ["B0", "B3", "B5", "B8"]
    assert data["captured"] == {"ann": []}
    data = run_json(capsys, "play", "--row", "R=R0,R5,R9,R11", "--house", "lower_fifth=first_card", "p1=R7")
    assert data["captured"] == {"p1": ["R0"]} and data["rows"]["R"] == ["R5", "R9", "R11", "R7"]


def test_play_readable_text_in_french_cites_rules(capsys):
    code, out, err = run(capsys, "play", "--lang", "fr", "--row", "B=B0,B5", "p1=B3")
    assert code == 0 and not err
    assert "récupère la 1re carte B0" in out and "[ROWS-3.1]" in out
    assert "p1 récupère B0 (+0)" in out


def test_score_command(capsys):
    data = run_json(capsys, "score", "R5", "RB7", "SH3")
    assert data["points"] == 9 and data["cards"] == ["R5", "RB7", "SH3"]
    code, out, _ = run(capsys, "score", "SH12", "B4")
    assert code == 0 and "\u22128 points" in out


def test_round_command(capsys):
    data = run_json(capsys, "round", "p1=R5,RB7", "p2=SH3,B12", "p3=")
    assert data["points"] == {"p1": 12, "p2": 9, "p3": 0} and data["winners"] == ["p1"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "p1=R17"], "unknown card 'R17'"),
        (["play", "p1=flash"], "not in Num Rows"),
        (["play", "p1=R0"], "already on the table"),
        (["play", "--row", "R=R0,R5", "p1=R5"], "'R5' of 'p1' is already on the table"),
        (["play", "p1=R5", "p2=R5"], "revealed twice"),
        (["play", "p1=R5", "p1=R6"], "player 'p1' is given twice"),
        (["play", "p1R5"], "expected PLAYER=CARD"),
        (["play", "p1="], "expected PLAYER=CARD"),
        (["play", "--row", "X=R1", "p1=R5"], "unknown row 'X'"),
        (["play", "--row", "R=", "p1=R5"], "a row holds 1 to 4 cards"),
        (["play", "--row", "R0,R5", "p1=R7"], "expected COLOUR=CARD"),
        (["play", "--row", "R=R0,R1,R2,R3,R4", "p1=R7"], "row 'R' has 5 cards"),
        (["play", "--row", "R=R0", "--row", "R=R1", "p1=R7"], "given twice"),
        (["play", "--row", "R=B1", "p1=R7"], "classic cards go on their own colour's row"),
        (["play", "--row", "R=R0,R0", "p1=R7"], "twice on the table"),
        (["play", "--variant", "boom", "p1=R5"], "unknown variant 'boom'"),
        (["play", "--house", "rowtie=x", "p1=R5"], "did you mean 'row_tie'"),
        (["play", "--lang", "de", "p1=R5"], "expected en or fr"),
        (["play", "--json"], "no revealed card"),
        (["score", "R5", "R5"], "given twice"),
        (["score", "Q5"], "unknown card 'Q5'"),
        (["round", "p1=R5", "p2=R5"], "given twice"),
        (["round", "--json"], "no pile"),
        (["play", *(f"p{v}=R{v}" for v in range(1, 10))], "9 revealed cards, one per player: rows plays with at most 8 players (ROWS-R7)"),
        (["round", *(f"p{v}=R{v}" for v in range(1, 10))], "9 piles, one per player"),
    ],
)
def test_bad_input_is_one_line_on_stderr_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2
    if "--json" in args:  # the error is also one JSON object on stdout (issue 12)
        assert json.loads(out)["error"]["message"] in err
    else:
        assert out == ""
    assert err.count("\n") == 1 and err.startswith("cardforge: error: ")
    assert message in err


def test_real_process_json_and_error(cli):
    ok = cli("referee", "rows", "play", "--row", "Y=Y0,Y3,Y5,Y8", "p1=Y9", "p2=G4", "--json")
    assert ok.code == 0 and ok.json()["captured"] == {"p1": ["Y0", "Y3", "Y5", "Y8"], "p2": []}
    bad = cli("referee", "rows", "play", "p1=RB99")
    assert bad.code == 2 and bad.out == "" and len(bad.err.strip().splitlines()) == 1
    assert "Traceback" not in bad.err


# -- wording defects of issue #25 ------------------------------------------------------------


def test_equal_classic_values_are_not_called_shadow_first(capsys):
    data = run_json(capsys, "play", "p1=R5", "p2=B5")
    assert "Shadow first" not in json.dumps(data) and "classic colours in the rows' order" in json.dumps(data)
    special = run_json(capsys, "play", "p1=R5", "p2=SH5")
    assert any(s["text"].startswith("Equal values: Shadow first") for s in special["steps"])


def test_a_lower_fifth_card_in_the_explosion_variant_makes_the_row_explode(capsys):
    data = run_json(capsys, "play", "--row", "R=R0,R5,R9,R11", "--variant", "explosion", "p1=R7")
    texts = " ".join(s["text"] for s in data["steps"])
    assert "makes the row explode" in texts and "takes the whole row" not in texts


def test_a_rainbow_below_every_row_landing_fifth_names_its_row(capsys):
    data = run_json(capsys, "play", "--row", "B=B5,B6,B7,B2", "--row", "R=R4", "--row", "Y=Y4", "--row", "G=G4",
                    "p1=RB1")
    first = next(s["text"] for s in data["steps"] if s["rule"] == "ROWS-4.2")
    assert "the Blue row" in first
