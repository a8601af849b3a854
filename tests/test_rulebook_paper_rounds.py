"""What one round of each game played on paper from the player's book alone had to guess
(issue 27, docs/playtests/paper-rounds.md): each answer is now printed, in both languages, and
agrees with the engine."""

from __future__ import annotations

import re

import pytest

from cardforge.deck import load_deck
from cardforge.rulebook.words import for_players
from tests.rulebook_support import flat


def _book_text(game: str, lang: str) -> str:
    """The player's book as its template renders it (prose, tables, captions), flattened."""
    from cardforge.rulebook.books import render_markup

    return flat(" ".join(render_markup(game, lang).root.itertext()))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_engine_step_naming_a_rainbow_still_reads_as_a_sentence(lang):
    """« Rainbow 9 est une Rainbow : … » once said "Rainbow 9 is: the player must draw…"."""
    from cardforge.i18n import text

    deck = load_deck("sequence")
    said = for_players(text("pl.rainbow_draw", lang, card="RB9"), deck, lang)
    assert re.match(r"Rainbow 9[\s\u00a0]?:", said), said
    assert not re.search(r"\b(is|est)[\s\u00a0]?:", said), said


def test_english_texts_name_the_infinity_card_in_english():
    from cardforge.i18n.en import MESSAGES

    assert [k for k, v in MESSAGES.items() if re.search(r"\bInfini\b", v)] == []
