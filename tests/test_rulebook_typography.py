"""French and English typography of the rulebooks (``cardforge.rulebook.typography``)."""

from __future__ import annotations

import pytest

from cardforge.rulebook.typography import NBSP, NNBSP, english, french, typeset


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Matériel : 6 cartes", f"Matériel{NBSP}: 6 cartes"),
        ("Objectif: finir", f"Objectif{NBSP}: finir"),
        ("pas de verrouillage ; on annonce", f"pas de verrouillage{NNBSP}; on annonce"),
        ("même récupération forcée = points négatifs !", f"même récupération forcée = points négatifs{NNBSP}!"),
        ("Pourquoi?", f"Pourquoi{NNBSP}?"),
        ("Vraiment !?", f"Vraiment{NNBSP}!?"),
    ],
)
def test_french_no_break_spaces_before_high_punctuation(text, expected):
    """A no-break space before « : », a narrow one before « ; ! ? » — never a breakable space."""
    assert french(text) == expected


def test_french_guillemets_with_narrow_spaces():
    """Straight quotes and loosely spaced guillemets both become «\u202f…\u202f»."""
    assert french('annoncez "NUM WIN" après') == f"annoncez «{NNBSP}NUM{NBSP}WIN{NNBSP}» après"
    assert french("annoncez « NUM WIN » après") == f"annoncez «{NNBSP}NUM{NBSP}WIN{NNBSP}» après"


def test_french_apostrophe():
    assert french("d'un adversaire") == "d\u2019un adversaire"


@pytest.mark.parametrize("text", ["05:10", "numx=17", "http://example.org", "3:2", "R7, RB12"])
def test_french_leaves_times_codes_and_urls_alone(text):
    assert french(text) == text


def test_typography_is_idempotent():
    text = 'Règle : « annonce » ; "NUM WIN" ! Pourquoi ? l\'eau'
    assert french(french(text)) == french(text)
    assert english(english(text)) == english(text)


def test_english_removes_space_before_punctuation_and_curls_quotes():
    assert english('Why : call "NUM WIN" ; it\'s over !') == f"Why: call \u201cNUM{NBSP}WIN\u201d; it\u2019s over!"
    assert english("« NUM WIN »") == f"\u201cNUM{NBSP}WIN\u201d"


def test_markup_placeholders_count_as_clause_ends():
    """A tag right after the colon (``<b>Règle :</b>``) still gets its space (markup passes tags
    as private-use characters)."""
    assert french("Règle :\ue000 x") == f"Règle{NBSP}:\ue000 x"
    assert english("Rule :\ue000 x") == "Rule:\ue000 x"


def test_typeset_picks_the_language():
    assert typeset("a : b", "fr") == f"a{NBSP}: b"
    assert typeset("a : b", "en") == "a: b"


def test_running_text_hyphenator_is_built_once_per_process():
    """reportlab built a ``pyphen.Pyphen`` for every paragraph it broke (issue #30): the style now
    carries one cached hyphenator per language, which still hyphenates."""
    from cardforge.rulebook.styles import Palette, hyphenation, make_styles, page_for, warm

    warm(["fr"])
    first = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"), "fr").body.hyphenationLang
    again = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"), "fr").body.hyphenationLang
    assert callable(first) and first is again is hyphenation("fr")
    assert ("anticonstitu", "tionnellement") in list(first("anticonstitutionnellement"))
    assert hyphenation("xx") == ""


@pytest.mark.parametrize("game", ["collection", "sequence", "tricks", "rows", "numwin"])
def test_section_headings_say_and_in_words(game):
    """No ampersand in a heading (issue 27: « Composition & Mise en place »): a book's headings are
    prose, « et » / "and", with the French lower case after the first word."""
    from cardforge.rules import load_rules

    for section in load_rules(game).sections:
        for lang in ("fr", "en"):
            assert "&" not in section.title(lang), (game, section.id, section.title(lang))


@pytest.mark.parametrize("quoted", ['"NUM WIN"', "« NUM WIN »", "\u201cNUM WIN\u201d"])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_short_quoted_name_is_never_split_across_lines(quoted, lang):
    """The Num Win cover read « NUM / WIN » (French paper round): a called name is one word."""
    assert "NUM WIN" not in typeset(f"annoncez {quoted}", lang)
    assert f"NUM{NBSP}WIN" in typeset(f"annoncez {quoted}", lang)


def test_a_long_quotation_still_breaks():
    long = "« continuer à piocher malgré une carte d'élimination »"
    assert "continuer à piocher" in french(long)


@pytest.mark.parametrize(("text", "expected"), [
    ("évitez la 5e carte.", "évitez la 5\u1d49 carte."),
    ("(3e à 5e carte)", "(3\u1d49 à 5\u1d49 carte)"),
    ("3e/4e/5e carte", "3\u1d49/4\u1d49/5\u1d49 carte"),
    ("la 1re carte", "la 1\u02b3\u1d49 carte"),
    ("le 1er joueur", "le 1\u1d49\u02b3 joueur"),
])
def test_french_ordinals_are_superscript(text, expected):
    """Num Rangées' cover read « évitez la 5e carte » beside the book's « 5ᵉ »."""
    assert french(text) == expected
    assert french(expected) == expected


@pytest.mark.parametrize("text", ["#1e90ff", "1.5e", "x2e", "numx=17", "2e-3"])
def test_french_ordinals_leave_codes_alone(text):
    assert french(text) == text
