"""Card notation: parse/format round trips, case-insensitivity, and errors that quote the token
and suggest the nearest valid code (issue 2, docs/notation.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from cardforge.cards import Card, CardSystem, FamilyKind, format_cards, parse_cards
from cardforge.errors import CardCodeError


@pytest.mark.parametrize(
    "token, family, value",
    [("R7", "R", 7), ("G7", "G", 7), ("B7", "B", 7), ("Y7", "Y", 7), ("RB7", "RB", 7), ("SH7", "SH", 7),
     ("V7", "V", 7), ("r0", "R", 0), ("rb16", "RB", 16), ("Sh3", "SH", 3), (" B12 ", "B", 12)],
)
def test_numbered_cards_are_family_code_plus_value(system, token, family, value):
    card = system.parse(token)
    assert (card.family, card.value, card.action) == (family, value, None)
    assert card.code == f"{family}{value}"


@pytest.mark.parametrize(
    "slug", ["joker", "double", "simple", "infini", "passe", "flip", "swipe", "eclair", "tornade",
             "quantique", "flash", "numx", "quantum"],
)
def test_action_cards_are_lowercase_slugs(system, slug):
    assert system.parse(slug).code == slug
    assert system.parse(slug.upper()).code == slug
    assert system.parse(slug).is_action


def test_numx_carries_its_declared_value(system):
    assert system.parse("numx=17") == Card(action="numx", value=17)
    assert system.parse("NUMX=0").code == "numx=0"
    assert system.parse("numx=17").undeclared() == system.parse("numx")


def test_family_codes_come_from_the_base_deck(system):
    assert system.codes_of_kind(FamilyKind.CLASSIC) == ("R", "G", "B", "Y")
    assert system.codes_of_kind(FamilyKind.RAINBOW) == ("RB",)
    assert system.codes_of_kind(FamilyKind.SHADOW) == ("SH",)
    assert system.codes_of_kind(FamilyKind.EXTRA) == ("V",)


def test_issue_example_rainbow_17_in_tricks(decks):
    with pytest.raises(CardCodeError) as info:
        decks["tricks"].parse("RB17")
    assert str(info.value) == "unknown card 'RB17': Rainbow values are 1–16 in Num Tricks; did you mean 'RB16'?"
    assert isinstance(info.value, ValueError)
    assert info.value.suggestion == "RB16"


@pytest.mark.parametrize(
    "token, fragment, suggestion",
    [
        ("X7", "no family 'X'", None),
        ("flsh", "no such action card", "flash"),
        ("numx=5", "numx=0 or numx=17", "numx=17"),
        ("flash=3", "takes no declared value", "flash"),
        ("R17", "Red values are 0–16", None),
        ("", "empty card code", None),
        ("7", "expected a family code and a value", None),
        ("R-1", "expected a family code", None),
    ],
)
def test_bad_codes_quote_the_token_and_suggest(system, token, fragment, suggestion):
    with pytest.raises(CardCodeError) as info:
        system.parse(token)
    message = str(info.value)
    assert fragment in message
    if token.strip():
        assert repr(token) in message
    if suggestion:
        assert info.value.suggestion == suggestion
        assert f"did you mean {suggestion!r}" in message


def test_deck_rejects_cards_it_does_not_hold(decks):
    with pytest.raises(CardCodeError, match="the Red family is not in Num Tricks"):
        decks["tricks"].parse("R5")
    with pytest.raises(CardCodeError, match="Joker is not in Num Tricks"):
        decks["tricks"].parse("joker")
    with pytest.raises(CardCodeError, match="Shadow values are 1–16 in Num Tricks"):
        decks["tricks"].parse("SH0")
    with pytest.raises(CardCodeError, match="not in Num Rows"):
        decks["rows"].parse("flash")
    assert decks["rows"].parse("SH0").code == "SH0"


def test_parse_and_format_many_round_trip(decks):
    text = "R7 rb3, SH0 flash"
    cards = parse_cards(text)
    assert format_cards(cards) == "R7 RB3 SH0 flash"
    assert parse_cards(format_cards(cards)) == cards


def _all_cards(system: CardSystem) -> list[Card]:
    cards = [Card(family=c, value=v) for c, f in system.families.items() for v in range(f.min_value, f.max_value + 1)]
    for slug, action in system.actions.items():
        cards.append(Card(action=slug))
        cards += [Card(action=slug, value=v) for v in action.declare]
    return cards


@given(data=st.data())
def test_property_every_valid_card_round_trips_in_any_case(data):
    system = CardSystem.default()
    card = data.draw(st.sampled_from(_all_cards(system)))
    code = card.code
    mangled = "".join(data.draw(st.sampled_from([ch.lower(), ch.upper()])) for ch in code)
    assert system.parse(mangled) == card
    assert system.parse(card.code).code == code


@given(token=st.text(min_size=1, max_size=8))
def test_property_garbage_never_escapes_as_another_exception(token):
    system = CardSystem.default()
    try:
        card = system.parse(token)
    except CardCodeError as exc:
        assert str(exc)
    else:
        assert system.parse(card.code) == card


def test_the_card_system_does_not_import_the_deck_loader():
    """cards.py ↔ deck was an import cycle; the package root now wires the default system in."""
    import ast
    import subprocess
    import sys

    from cardforge import cards

    tree = ast.parse(open(cards.__file__, encoding="utf-8").read())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m and m.startswith("cardforge.deck") for m in imported), imported
    out = subprocess.run([sys.executable, "-c", "import sys, cardforge.cards; print('cardforge.deck' in sys.modules)"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("token, right", [("V5", "G5"), ("J5", "Y5"), ("v12", "G12")])
def test_french_colour_initials_are_explained_with_the_right_code(decks, token, right):
    """Issue 24: ``referee rows score V5 --lang fr`` suggested 'Y5' (Vert is G).  Decision: codes
    follow the English initials only (V is also Violet's code), so V/J are explained and their
    right code proposed, in both languages; no other colour is ever proposed for them."""
    from cardforge.i18n import say

    with pytest.raises(CardCodeError) as caught:
        decks["rows"].parse(token)
    assert caught.value.suggestion == right
    french = say(caught.value.message, "fr")
    assert f"s'écrit {right[0]}, vouliez-vous dire {right!r} ?" in french, french
    assert "R (Rouge), G (Vert), B (Bleu), Y (Jaune)" in french  # names beside the codes
    assert f"did you mean {right!r}?" in str(caught.value) and "G (Green)" in str(caught.value)


@pytest.mark.parametrize("token", ["Q5", "V5"])
def test_an_unknown_family_letter_is_never_answered_with_another_colour(decks, token):
    """``Q5`` has no French reading: no guess by spelling (it would name a wrong colour).  In
    the full system V is Violet: ``V5`` is a card, so only decks without Violet explain it."""
    from cardforge.cards import CardSystem

    system = CardSystem.default()
    if token == "V5":
        assert system.parse(token).family == "V"
        return
    with pytest.raises(CardCodeError) as caught:
        system.parse(token)
    assert caught.value.suggestion is None and "did you mean" not in str(caught.value)


def test_a_letter_shared_by_both_languages_is_no_french_initial(decks):
    """R is Red's code and Rainbow's initial in both languages: R5 in tricks (no Red) is not
    answered with 'RB5' as if R were a French initial."""
    with pytest.raises(CardCodeError) as caught:
        decks["tricks"].parse("R5")
    assert caught.value.suggestion is None and "French initial" not in str(caught.value)
