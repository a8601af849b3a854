"""``cardforge referee collection``: the objectives and check verdicts and the command line
(``--scorecard``, ``--best``, JSON, languages, house rules, one-line errors with exit 2)."""

from __future__ import annotations

import json

import pytest

from cardforge.referee.collection import load_scorecard, objectives_verdict
from tests.pushluck_support import cards
from tests.test_sequence_referee import run

IDS = {"pair", "three_of_a_kind", "four_of_a_kind", "flush", "grand_flush", "small_straight", "large_straight",
       "straight_flush", "rainbow_set", "rainbow_straight"}


def test_objectives_json(capsys):
    code, out, err = run(capsys, "referee", "collection", "objectives", "--json", "R7", "G7", "B7", "Y2", "RB3")
    data = json.loads(out)
    assert code == 0 and err == "" and out.count("\n") == 1
    assert [(o["id"], o["points"], o["cards"]) for o in data["objectives"]] == [
        ("pair", 9, ["R7", "G7"]), ("three_of_a_kind", 13, ["R7", "G7", "B7"]),
        ("rainbow_set", 17, ["R7", "G7", "B7", "Y2", "RB3"])]
    assert {o["id"] for o in data["objectives"]} <= IDS and "COLLECTION-5.1" in data["rules"]


def test_every_objective_id_can_appear():
    hand = cards("R1 R2 R3 R4 R5 R6 R7 R8 G5 B5 Y5 RB9 RB10 RB11")
    assert {o["id"] for o in objectives_verdict(hand).result["objectives"]} == IDS


@pytest.mark.parametrize("content", ["pair\nflush  # done in round 1\n", '["pair", "flush"]',
                                     '{"validated": ["pair", "flush"]}', '{"pair": 9, "flush": 17}',
                                     '\ufeff["pair", "flush"]', "\ufeffpair flush"])  # a BOM, as decks accept (#31)
def test_scorecard_formats(tmp_path, content):
    path = tmp_path / "card"
    path.write_text(content, encoding="utf-8")
    assert load_scorecard(path) == {"pair", "flush"}


def test_scorecard_excludes_validated(capsys, tmp_path):
    card = tmp_path / "card.txt"
    card.write_text("pair\n", encoding="utf-8")
    code, out, _ = run(capsys, "referee", "collection", "objectives", "--json", "--scorecard", str(card), "R7", "G7", "B7")
    data = json.loads(out)
    assert [o["id"] for o in data["objectives"]] == ["three_of_a_kind"] and data["validated"] == ["pair"]


def test_best_set(capsys):
    code, out, _ = run(capsys, "referee", "collection", "objectives", "--json", "--best",
                       *"R1 R2 R3 R4 R5 G5 RB6 B5 Y5".split())
    data = json.loads(out)
    assert code == 0 and data["best_points"] == 37 and {b["id"] for b in data["best"]} == {"three_of_a_kind", "straight_flush"}
    used = [c for b in data["best"] for c in b["cards"]]
    assert len(used) == len(set(used))


def test_best_set_discovery_and_house_rule(capsys):
    code, out, _ = run(capsys, "referee", "collection", "objectives", "--json", "--best", "--mode", "discovery",
                       "--house", "share_cards=true", "R7", "G7", "B7", "Y7")
    assert json.loads(out)["best_count"] == 3


def test_readable_in_french(capsys):
    code, out, _ = run(capsys, "referee", "collection", "objectives", "--lang", "fr", "--best", "R7", "G7")
    assert code == 0 and "Paire" in out and "valider" in out


def test_check(capsys):
    code, out, _ = run(capsys, "referee", "collection", "check", "--json", "R3", "G5", "SH2")
    data = json.loads(out)
    assert (data["stop"], data["reason"], data["index"]) == (True, "shadow", 3)
    assert "COLLECTION-4.1" in data["rules"]


def test_check_shadow_voids_the_round(capsys):
    """COLLECTION-4.3 « il défausse toute la séquence : 0 point, aucun objectif de cette manche
    pour lui » (COLLECTION-R20); the house rule shadow_voids_round=false keeps the round."""
    for house, hand, void in (((), "R3 G5 SH2", True), (("--house", "shadow_voids_round=false"), "R3 G5 SH2", False),
                              ((), "R3 G5 B2", False)):
        code, out, _ = run(capsys, "referee", "collection", "check", "--json", *house, *hand.split())
        data = json.loads(out)
        assert code == 0 and data["round_void"] is void and ("COLLECTION-R20" in data["rules"]) is (hand != "R3 G5 B2")


@pytest.mark.parametrize("argv, needle", [
    (["objectives", "SH3"], "Shadow"),
    (["objectives", "joker"], "action card"),
    (["objectives", "tornade"], "not in Num Collection"),
    (["objectives", "R3", "R3"], "given 2 times"),
    (["objectives", "--scorecard", "/nonexistent/card.txt", "R3"], "cannot read scorecard"),
    (["objectives", "--mode", "speed", "R3"], "'speed'"),
    (["objectives", "--house", "share_cards=maybe", "R3"], "'maybe'"),
    (["check", "R3", "Z1"], "'Z1'"),
    # COLLECTION-1.6 « Mode Découverte : aucune carte spéciale »: no Joker saves the sequence
    (["check", "--mode", "discovery", "R3", "SH5", "joker"], "'joker' is not played in Num Collection's discovery"),
])
def test_errors_are_one_line_exit_2(capsys, argv, needle):
    code, out, err = run(capsys, "referee", "collection", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_bad_scorecard_files(capsys, tmp_path):
    cases = (("pari", "did you mean 'pair'"), ("[1, ", "not valid JSON"), ('{"validated": 5}', "a list of objective ids"),
             ('{"validated": "pair"}', "a list of objective ids"), ('[["pair"]]', "a list of objective ids"),
             ('{"validated": null}', "a list of objective ids"), (b"\xff\xfepair", "not UTF-8"))
    for content, needle in cases:
        path = tmp_path / "card"
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        code, _, err = run(capsys, "referee", "collection", "objectives", "--scorecard", str(path), "R3")
        assert code == 2 and needle in err and err.count("\n") == 1


def test_real_process(cli):
    result = cli("referee", "collection", "objectives", "--json", "--best", "R7", "G7", "B7")
    assert result.code == 0 and result.json()["best_points"] == 13
