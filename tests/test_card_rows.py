"""One card model (issue #26, item 1): every deck is a list of card rows; a Num deck's rows are
generated from its families × values and action cards, and draw byte for byte what the Num
decks drew before they became rows."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from cardforge.cards import Card, Text
from cardforge.deck import GAMES, load_deck
from cardforge.deck.rows import CardRow, deck_row
from cardforge.render.faces import card_context


def test_a_num_number_card_is_a_row_of_its_fields():
    deck = load_deck("rows")
    row = deck_row(deck, deck.parse("R7"))
    assert row == CardRow(Card(family="R", value=7), 1, {
        "type": "number", "kind": "classic", "code": "R7", "family": "R", "value": 7, "digits": 1,
        "name": Text(fr="Rouge 7", en="Red 7"), "image": None}, "R")
    assert card_context(deck, row.card, "fr")["card"]["name"] == "Rouge 7"
    assert card_context(deck, row.card, "en")["family"]["code"] == "R"


def test_a_num_action_card_is_a_row_of_its_fields():
    deck = load_deck("numwin")
    act = next(iter(deck.actions.values()))
    row = deck_row(deck, Card(action=act.slug))
    assert row.count == act.count and row.family is None and row.modes == act.modes
    assert row.fields_in("en") == {
        "type": "action", "kind": "action", "code": act.slug, "action": act.slug, "name": deck.name(row.card, "en"),
        "title": act.action.name("en"), "effect": act.effect("en"), "icon": act.icon,
        "image": deck.images.get(act.slug) or act.image, "value": None, "digits": 0}


def _families_times_values(deck, players, mode) -> Counter:
    """The composition as the Num model computed it before rows: families × values, then actions."""
    counts: Counter = Counter()
    for fam in deck.families.values():
        if fam.from_players is None or (players is not None and players >= fam.from_players):
            for v in fam.values:
                counts[Card(family=fam.code, value=v)] += fam.copies
    for act in deck.actions.values():
        if act.modes is None or mode is None or mode in act.modes:
            counts[Card(action=act.slug)] += act.count
    return counts


@pytest.mark.parametrize("game", GAMES)
def test_the_rows_give_every_deck_its_composition(game):
    deck = load_deck(game)
    assert [r.card for r in deck.rows()] == list(deck.all_counts())
    assert sum(r.count for r in deck.rows()) == sum(deck.all_counts().values())
    for players in (None, *range(deck.players_min, deck.players_max + 1)):
        for mode in (None, *deck.modes):
            if deck.table is None:
                assert deck.counts(players, mode) == _families_times_values(deck, players, mode)


#: the drawings of the ``rows`` deck when its cards were a family × value model of their own
#: (commit 05c4560, reportlab 5.1.0): BLAKE2b face digests of every face in both languages, and
#: the English A4 home sheets.  A changed pin means the Num cards print differently: re-pin only
#: with the reason in the commit.
ROWS_FACES = "c5b79e43362f6944ca9451e4aedfc15ade2f2715f10f87adf63dc08d2d2baf1d"
ROWS_SHEETS = "9f84fbe583c740fa9735bd7e6b5e537a7641b71c50728692497d81269eeaf6e2"


def test_num_cards_drawn_from_rows_print_byte_for_byte_as_before():
    from cardforge.render.facecache import face_digest, face_pdf
    from cardforge.render.facepages import BACK, physical_cards, unique_faces
    from cardforge.render.sheets import sheets_pdf

    deck = load_deck("rows")
    digests = hashlib.sha256()
    for lang in ("fr", "en"):
        for face in [*unique_faces(deck), BACK]:
            digests.update(face_digest(face_pdf(deck, face, lang)).encode())
    assert digests.hexdigest() == ROWS_FACES
    assert hashlib.sha256(sheets_pdf(deck, physical_cards(deck), paper="a4", lang="en")).hexdigest() == ROWS_SHEETS
