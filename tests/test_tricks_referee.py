"""``cardforge referee tricks …``: readable rulings, JSON, languages, house rules and errors."""

from __future__ import annotations

import json

import pytest
from tricks_helpers import cards

from cardforge.cli import main
from cardforge.referee.tricks import legal_verdict, rounds_verdict, score_verdict, trick_verdict


@pytest.fixture
def referee(capsys):
    """Run ``cardforge referee tricks ARGS`` in-process: (exit code, stdout, stderr)."""

    def run(*args: str):
        try:
            main(["referee", "tricks", *args])
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
        out, err = capsys.readouterr()
        return code, out, err

    return run


def as_json(referee, *args):
    code, out, err = referee(*args, "--json")
    assert code == 0, err
    assert out.count("\n") == 1, "exactly one JSON object on one line"
    return json.loads(out)


# -- trick -----------------------------------------------------------------------------------------

def test_trick_json_winner_and_cancelled(referee):
    """TRICKS-7.1 through the CLI: RB5/SH5 cancel, RB3 is the only valid card left under Flip."""
    data = as_json(referee, "trick", "RB5", "SH5", "RB3", "flip")
    assert data["winner"] == 3 and data["winning_card"] == "RB3"
    assert data["cancelled"] == ["RB5", "SH5"]
    assert {"TRICKS-7.1", "TRICKS-7.5", "TRICKS-8.6"} <= set(data["rules"])
    assert all(step["rule"] in data["rules"] for step in data["steps"])


def test_trick_no_winner_is_null(referee):
    """TRICKS-6.1: Flash gives ``"winner": null``."""
    data = as_json(referee, "trick", "flash", "RB16", "SH2")
    assert data["winner"] is None and data["cancelled"] == []


def test_trick_players_option_changes_quantique_parity(referee):
    """TRICKS-6.4: --players decides the parity; the cards default to one per player."""
    assert as_json(referee, "trick", "RB12", "SH15", "quantique", "RB7")["winning_card"] == "RB12"
    code, _, err = referee("trick", "--players", "5", "RB12", "SH15", "quantique", "RB7")
    assert code == 2 and "4 cards for 5 players" in err and "TRICKS-8.1" in err


def test_trick_readable_in_french_cites_rules(referee):
    code, out, _ = referee("trick", "RB13", "RB2", "SH13", "--lang", "fr")
    assert code == 0
    assert "s'annulent" in out and "TRICKS-7.1" in out and "remporte le pli" in out and "commence le suivant" in out


def test_trick_house_rule_switch(referee):
    """TRICKS-R7 via --house: the third equal value stays with triple_annulation=pair."""
    trick = ["RB5", "SH5", "V5", "RB2", "SH3", "RB4", "V1"]
    assert as_json(referee, "trick", *trick)["winning_card"] == "RB4"
    assert as_json(referee, "trick", *trick, "--house", "triple_annulation=pair")["winning_card"] == "V5"


# -- legal -----------------------------------------------------------------------------------------

def test_legal_json(referee):
    """TRICKS-5.1, 5.2, R4 through the CLI."""
    data = as_json(referee, "legal", "--trick", "RB10", "--hand", "SH3 SH10 SH12 flip numx")
    assert data["legal"] == ["SH10", "SH12", "flip", "numx=0", "numx=17"]
    assert data["target"] == 10
    assert {"TRICKS-5.1", "TRICKS-5.2", "TRICKS-R4", "TRICKS-6.2"} <= set(data["rules"])


def test_legal_leader_plays_anything(referee):
    data = as_json(referee, "legal", "--hand", "SH3 RB9")
    assert data["legal"] == ["SH3", "RB9"] and data["rules"] == ["TRICKS-8.1"]


# -- score -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("bid, won, cards_, points, rule", [
    (3, 3, 5, 19, "TRICKS-9.1"), (3, 1, 5, -6, "TRICKS-9.2"), (0, 0, 5, 30, "TRICKS-9.3"), (0, 2, 5, -20, "TRICKS-9.4"),
])
def test_score_points(referee, bid, won, cards_, points, rule):
    data = as_json(referee, "score", "--bid", str(bid), "--won", str(won), "--cards", str(cards_))
    assert data["points"] == points and data["rules"][0] == rule
    # every key of the answer is present, without --streak too (issue 13, section 4)
    assert {k: data[k] for k in ("streak", "streak_after", "bonus", "total")} == dict.fromkeys(
        ("streak", "streak_after", "bonus", "total"))


def test_score_with_streak(referee):
    """TRICKS-10.3: a third exact bid in a row adds +10."""
    data = as_json(referee, "score", "--bid", "2", "--won", "2", "--cards", "4", "--streak", "2")
    assert (data["points"], data["bonus"], data["total"], data["streak_after"]) == (16, 10, 26, 3)
    assert "TRICKS-10.3" in data["rules"]
    miss = as_json(referee, "score", "--bid", "2", "--won", "1", "--cards", "4", "--streak", "6")
    assert (miss["bonus"], miss["streak_after"]) == (0, 0) and "TRICKS-10.10" in miss["rules"]


def test_score_french(referee):
    code, out, _ = referee("score", "--bid", "0", "--won", "0", "--cards", "3", "--lang", "fr")
    assert code == 0 and "Annonce 0 réussie : 20 + 2 × 3 cartes = 26" in out and "TRICKS-R16" in out


def test_rounds_command(referee):
    """TRICKS-R1: 5 players play 7 rounds."""
    data = as_json(referee, "rounds", "--players", "5")
    assert data["rounds"] == [1, 2, 3, 4, 5, 6, 7] and data["reserve"][-1] == 1


# -- errors: one line on stderr, exit 2 ------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    (["trick", "RB5", "XX9", "SH3"], "unknown card 'XX9'"),
    (["trick", "RB17", "SH5", "SH3"], "did you mean 'RB16'"),
    (["trick", "R5", "SH5", "SH3"], "Red family is not in Num Tricks"),
    (["trick", "RB5", "rb5", "SH3"], "'RB5' is given twice"),
    (["trick", "RB5", "SH5"], "tricks plays with 3–10 players, not 2"),
    (["trick", "--players", "4", "RB5", "SH5", "RB1"], "3 cards for 4 players"),
    (["trick", "RB5", "SH5", "V3"], "not in play with 3 players"),
    (["trick", "RB5", "numx", "SH3"], "numx=17"),
    (["trick", "RB5", "SH5", "SH3", "--house", "triple=pair"], "unknown house rule 'triple'"),
    (["trick", "RB5", "SH5", "SH3", "--lang", "de"], "unknown language 'de'"),
    (["legal", "--trick", "RB5", "--hand", "RB5 SH3"], "'RB5' is given twice"),
    (["legal", "--trick", "RB5", "--hand", ""], "the hand is empty"),
    (["legal", "--trick", " ".join(f"RB{v}" for v in range(1, 11)), "--hand", "SH3"], "at most 9 are laid before you"),
    (["score", "--bid", "7", "--won", "1", "--cards", "4"], "bid 7 is impossible with 4 cards"),
    (["score", "--bid", "1", "--won", "1", "--cards", "4", "--streak", "-1"], "streak -1"),
    (["rounds", "--players", "5", "--team"], "4, 6 or 8 players"),
])
def test_bad_input_is_one_line_exit_2(referee, args, message):
    code, out, err = referee(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cardforge: error: ")
    assert message in err


def test_legal_explains_the_target_as_the_house_rule_defines_it(referee):
    """TRICKS-R5: by default cancelled cards no longer count (all cancelled: no target); with
    ``follow_target=played`` the step names the highest card laid, not "the highest valid card"."""
    data = as_json(referee, "legal", "--trick", "RB10 SH10", "--hand", "RB3 SH12")
    assert data["target"] is None and data["legal"] == ["RB3", "SH12"]
    assert "RB10, SH10 are cancelled" in data["steps"][0]["text"]
    played = as_json(referee, "legal", "--trick", "RB10 SH10", "--hand", "RB3 SH12", "--house", "follow_target=played")
    assert played["target"] == 10 and played["legal"] == ["SH12"]
    assert "highest card laid, cancelled or not" in played["steps"][0]["text"]
    assert "highest valid card" not in played["steps"][0]["text"]


def test_real_process_json_and_error(cli):
    """As a user runs it: one JSON object on stdout; an error is one stderr line, exit 2."""
    ok = cli("referee", "tricks", "trick", "RB5", "SH5", "RB3", "--json")
    assert ok.code == 0 and ok.json()["winner"] == 3 and ok.json()["cancelled"] == ["RB5", "SH5"]
    bad = cli("referee", "tricks", "trick", "RB5", "SH5", "RB5")
    assert bad.code == 2 and bad.out == "" and bad.err.strip().count("\n") == 0
    assert "Traceback" not in bad.err and "'RB5' is given twice" in bad.err


# -- verdict builders are reusable without the CLI ---------------------------------------------------

def test_verdict_functions_without_cli():
    v = trick_verdict(cards("RB9 SH2 RB4"), 3)
    assert v.result["winner"] == 1 and v.summary_text("fr")
    assert legal_verdict(cards("RB9"), cards("SH2 SH12")).result["legal"] == ["SH12"]
    assert score_verdict(1, 1, 2, streak=1).result["bonus"] == 5
    assert rounds_verdict(4, team=True).result["rounds"] == [6] * 5
