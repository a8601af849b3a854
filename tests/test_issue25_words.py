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


def test_a_reflex_step_names_whose_combo_without_addressing_the_reader():
    """Issue 27: a book's third-person example (« Bruno … ») read "Red 9 joins your combo"; the
    step now says which combo by the card it holds."""
    from cardforge.cards import parse_card
    from cardforge.games.numwin_scoring import check_reflex

    steps = check_reflex(parse_card("R9"), parse_card("G9")).steps
    said = [s.message.text(lang) for s in steps for lang in ("en", "fr")]
    assert "R9 joins the combo that holds G9, beside it" in said
    assert "R9 rejoint le combo qui contient G9, à côté d'elle" in said
    assert not any("your combo" in s or "votre combo" in s for s in said)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rows_score_writes_negative_points_with_the_minus_sign(cli, lang):
    """« SH2 : Shadow, valeur faciale en négatif : -2 » printed a hyphen where the formulas
    and the summaries write −2 (the same ruling showed both signs)."""
    result = cli("referee", "rows", "score", "SH2", "R5", "--lang", lang)
    assert result.code == 0, result.err
    shadow = next(line for line in result.out.splitlines() if "SH2" in line and "Shadow" in line)
    assert f"{MINUS}2" in shadow and "-2" not in shadow, shadow
    assert "+5" in result.out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_negative_pile_total_writes_the_minus_sign(cli, lang):
    """« Ben: SH3 G2 = -1 points »: a round's pile total kept the hyphen the card lines had lost."""
    result = cli("referee", "rows", "round", "Ana=R5,RB7", "Ben=SH3,G2", "--lang", lang)
    assert result.code == 0, result.err
    ben = next(line for line in result.out.splitlines() if "SH3" in line and "=" in line)
    assert f"= {MINUS}1 point" in ben and "-1" not in ben, ben
