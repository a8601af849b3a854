"""``cardforge referee numwin``: score / reflex / memory / round, JSON and readable, fr and en,
house rules, one-line errors with exit 2; and the Num Win rule catalogue itself."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from cardforge.deck import load_deck
from cardforge.games.numwin_scoring import HouseRules
from cardforge.errors import CardforgeError
from cardforge.referee import numwin as numwin_referee
from cardforge.referee.numwin import reflex_verdict, round_verdict, score_verdict
from cardforge.rules import load_rules

SHEET = Path(__file__).parent / "sheets" / "004_576f4af4dfb7f36a.txt"
DECK = load_deck("numwin")


def cards(text: str):
    return DECK.parse_many(text)


# -- verdict functions (reused by the rulebook) ---------------------------------------------------


def test_score_verdict_points_pairs_and_rules():
    verdict = score_verdict(cards("R7 G7 RB3 SH2 flash"))
    data = verdict.to_json()
    assert data["points"] == 7 and data["pairs"] == [["G7", "R7"]]
    assert {"NUMWIN-7.1", "NUMWIN-7.2", "NUMWIN-7.3", "NUMWIN-7.5"} <= set(data["rules"])
    assert verdict.to_json("fr")["summary"] == "7 points"


def test_reflex_verdict_memory_penalty():
    data = reflex_verdict(*cards("R7 SH8"), from_opponent=True).to_json()
    assert data["valid"] is False and data["penalty_card"] is True and "NUMWIN-5.4" in data["rules"]


def test_round_verdict_names_the_lowest_and_ties():
    data = round_verdict([cards("R7 G7 RB3"), cards("SH2 B1"), cards("R0 G0")]).to_json()
    assert data["points"] == [0, 3, 0] and data["lowest"] == [1, 3]
    assert "NUMWIN-R15" in data["rules"]


# -- the CLI ------------------------------------------------------------------------------------


def test_cli_score_json_is_one_object(cli):
    """The issue's example: face value, a pair at 0, a lone Rainbow at 0, an action card +5."""
    result = cli("referee", "numwin", "score", "R7", "G7", "RB3", "SH2", "flash", "--json")
    assert result.code == 0, result.err
    assert result.out.count("\n") == 1
    data = result.json()
    assert data["points"] == 7 and data["pairs"] == [["G7", "R7"]]


def test_cli_score_locked_and_house(cli):
    data = cli("referee", "numwin", "score", "R7", "RB7", "G7", "--locked", "R7+RB7", "--json").json()
    assert data["points"] == 7 and data["locked_pairs"] == [["R7", "RB7"]]
    data = cli("referee", "numwin", "score", "RB3", "RB9", "--house", "rainbow_zero=every", "--json").json()
    assert data["points"] == 0


def test_cli_score_readable_french(cli):
    result = cli("referee", "numwin", "score", "R7", "G7", "B4", "--lang", "fr")
    assert result.code == 0
    assert "supprimée" in result.out and "NUMWIN-7.2" in result.out and "4 points" in result.out


def test_cli_reflex_valid_and_invalid(cli):
    ok = cli("referee", "numwin", "reflex", "--discarded", "R7", "--claimed", "RB7", "--json").json()
    assert ok["valid"] is True and ok["locked_pair"] == ["RB7", "R7"]
    bad = cli("referee", "numwin", "reflex", "--discarded", "R7", "--claimed", "G8", "--json").json()
    assert bad["valid"] is False and bad["penalty_card"] is False


def test_cli_memory_claim(cli):
    data = cli("referee", "numwin", "memory", "--discarded", "Y12", "--claimed", "B12", "--json").json()
    assert data["valid"] is True and data["from_opponent"] is True and "NUMWIN-5.2" in data["rules"]


def test_cli_round(cli):
    data = cli("referee", "numwin", "round", "R7 G7 RB3", "SH2 B1", "--json").json()
    assert data["points"] == [0, 3] and data["lowest"] == [1]


@pytest.mark.parametrize(
    "args,message",
    [
        (("score", "R77"), "did you mean 'R16'"),
        (("score",), "no combo given"),
        (("score", "R7", "--lang", "de"), "expected en or fr"),
        (("score", "R7", "--house", "rainbow=every"), "did you mean 'rainbow_zero'"),
        (("score", "R7", "G8", "--locked", "R7+G8"), "two numbered cards of equal value"),
        (("reflex", "--claimed", "R7"), "missing --discarded"),
        (("memory", "--discarded", "R7", "--claimed", "joker"), "Joker is not in Num Win"),
        # The deck holds one R7 (DECK-R2) and two of each action card: "R7 R7" is not a pair.
        (("score", "R7", "R7"), "'R7' is given 2 times but the Num Win deck has 1 copy"),
        (("score", "swipe", "swipe", "swipe"), "'swipe' is given 3 times but the Num Win deck has 2 copies"),
        (("score", "R7", "--locked", "R7+G7", "--locked", "R7+B7"), "'R7' is given 2 times"),
        (("round", "R7 G2", "R7 B3"), "'R7' is given 2 times in this round"),
    ],
)
def test_cli_bad_input_one_line_exit_2(cli, args, message):
    result = cli("referee", "numwin", *args)
    assert result.code == 2
    assert result.out == ""
    assert result.err.count("\n") == 1 and message in result.err, result.err


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: numwin_referee._cards(["V3"], "combo"), "Violet family is not in Num Win"),
        (lambda: numwin_referee._rules(["same_value=triples"], "score"), "expected one of pairs, all"),
        (lambda: numwin_referee.parse_locked(["R7"]), "expected two cards joined by '+'"),
        (lambda: reflex_verdict(*cards("R7 R7")), "discarded card itself"),
        (lambda: numwin_referee._one_card(" ", "--claimed"), "missing --claimed"),
    ],
)
def test_bad_input_is_a_usage_error_with_a_hint(call, message):
    with pytest.raises(CardforgeError, match=re.escape(message)):
        call()


# -- the catalogue ----------------------------------------------------------------------------------


def _sheet_sentences() -> list[str]:
    """The sheet's rule sentences and table lines, normalised (bullets, pipes, spacing)."""
    out = []
    for line in SHEET.read_text(encoding="utf-8").splitlines():
        line = line.strip().lstrip("- ").strip()
        if not line or set(line) <= set("|-") or line.endswith(":"):  # blank, table rule, heading
            continue
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells == ["Situation", "Points"]:
                continue
            line = " : ".join(cells)
        out += [s for s in re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-ÖØ-Þ⚠])", line) if s]
    return out


def _norm(text: str) -> str:
    return re.sub(r"[\s.]+", " ", text).strip().lower().replace("pts", "pt")


@pytest.mark.skipif(not SHEET.exists(), reason="rule sheets not available")
def test_every_sheet_sentence_is_a_rule():
    book = load_rules("numwin")
    texts = {_norm(r.text.fr) for s in book.sections for r in s.rules}
    missing = [s for s in _sheet_sentences() if _norm(s) not in texts]
    assert missing == []
    assert len(_sheet_sentences()) == sum(len(s.rules) for s in book.sections)


def test_rule_ids_and_translations():
    book = load_rules("numwin")
    for section in book.sections:
        for r in section.rules:
            assert re.fullmatch(rf"NUMWIN-{section.id}\.\d+", r.id)
            assert r.text.fr and r.text.en
    assert [r.id for r in book.rulings] == [f"NUMWIN-R{i}" for i in range(1, len(book.rulings) + 1)]
    for r in book.rulings:
        assert r.text.fr and r.text.en and r.reason.fr and r.reason.en


def test_house_switches_match_rulings():
    """Each house-rule field names its ruling, and that ruling names the field back."""
    book = load_rules("numwin")
    for f in dataclasses.fields(HouseRules):
        ruling = book.get(f.metadata["ruling"])
        assert ruling.house_rule == f.name
    switched = {r.house_rule for r in book.rulings if r.house_rule}
    assert switched == {f.name for f in dataclasses.fields(HouseRules)}

