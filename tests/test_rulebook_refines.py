"""Each rule of the comprehensive rules names the rulings that refine it, beside it (issue 27:
"rules do not point to the rulings that refine them"), in both languages."""

from __future__ import annotations

import pytest

from cardforge.deck import GAMES
from cardforge.rules import load_rules
from tests.rulebook_support import flat

LANGS = ("fr", "en")


def _rule_ids(*games: str) -> set[str]:
    return {r.id for g in games for s in load_rules(g).sections for r in s.rules if r.kind != "note"}


def _refining(game: str) -> list:
    """The game's rulings and the deck rulings that refine one of its rules."""
    own = _rule_ids(game)
    return [*load_rules(game).rulings, *(r for r in load_rules("deck").rulings if own & set(r.refines))]


@pytest.mark.parametrize("game", [*GAMES, "deck"])
def test_every_ruling_names_the_rules_it_refines(game):
    rules = _rule_ids(*GAMES)
    for ruling in load_rules(game).rulings:
        assert ruling.refines, f"{ruling.id} refines no rule"
        assert set(ruling.refines) <= rules, f"{ruling.id}: {set(ruling.refines) - rules} are no rules"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_each_refined_rule_cites_its_rulings_beside_it(game, lang):
    from cardforge.rulebook.books import render_markup

    root = render_markup(game, lang, kind="comprehensive").root
    printed = {el.get("id"): "".join(el.itertext()) for el in root.iter("rule")}
    for ruling in _refining(game):
        for rule in set(ruling.refines) & set(printed):
            assert ruling.id in printed[rule], f"{game}-{lang}: {rule} does not cite {ruling.id}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_printed_rules_show_each_ruling_beside_a_rule_and_in_the_rulings(books, game, lang):
    text = books[game, lang].flat
    for ruling in _refining(game):
        assert text.count(flat(ruling.id)) >= 2, f"{game}-{lang}: {ruling.id} is printed {text.count(ruling.id)} time(s)"
