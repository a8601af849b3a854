"""The player's rulebook reads like a small-box game's rules, not like the catalogue: no
command lines, house-rule keys, card codes, rule sheet or full rule IDs in its text; every
ruling a player needs (``player_facing``) in its main text; an example never split from its
result; no heading left alone at the foot of a page.  The quick reference and the fixes the
issue listed (optional variants marked, the Collection components line) are checked here too."""

from __future__ import annotations

import re

import pytest

from cardforge.deck import GAMES, load_deck
from cardforge.rulebook.examples import examples_for
from cardforge.rulebook.typography import typeset
from cardforge.rulebook.words import for_players
from cardforge.rules import load_rules, player_text
from tests.rulebook_support import BOOKS, body_lines, flat, prose, prose_header, teaching

#: What a player's book must not say: commands, house-rule switches, card codes, a declared
#: card written as code, the designer's rule sheet, full rule IDs.
FORBIDDEN = {
    "a command line": r"\$ cardforge|cardforge referee",
    "a house-rule switch": r"--house|\b[a-z]+_[a-z_]+=",
    "a card code": r"\b(?:RB|SH|[RGBYV])\d{1,2}\b|\b[a-z]+=\d+",
    "the rule sheet": r"(?i)\bfiches?\b|rule sheets?|\bthe sheet\b",
    "a full rule ID": r"\b(?:COLLECTION|SEQUENCE|TRICKS|ROWS|NUMWIN|DECK)-(?:R?\d+)",
}


def _body(book) -> str:
    """The book's text without its cover and contents (whose card art carries no prose)."""
    return "\n".join(book.pages[2:])


@pytest.mark.parametrize(("game", "lang"), BOOKS)
@pytest.mark.parametrize("what", sorted(FORBIDDEN))
def test_player_book_has_no_catalogue_talk(player_books, game, lang, what):
    found = re.findall(FORBIDDEN[what], _body(player_books[game, lang]))
    assert not found, f"{what} in the {game}-{lang} player's book: {found[:5]}"


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_every_player_facing_ruling_is_printed_in_the_comprehensive_rules(all_books, game, lang):
    """A ruling a player needs is in the book a judge reads, under its ID (the player's booklet
    tells it as prose, issue 27)."""
    rulings = [r for r in load_rules(game).rulings if r.player_facing]
    assert rulings, f"{game}: no ruling marked player_facing"
    text = all_books[game, lang, "comprehensive"].text
    missing = [r.id for r in rulings if r.id not in text]
    assert not missing, f"{game}-{lang}: {missing} not in the comprehensive rules"


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_cover_and_rules_give_players_time_and_age(player_books, game, lang):
    deck = load_deck(game)
    info = load_rules(game).book
    cover, main = player_books[game, lang].pages[0], _body(player_books[game, lang])
    assert f"{deck.players_min}–{deck.players_max}" in cover and info.time(lang) in cover and info.age in cover
    words = f"De {deck.players_min} à {deck.players_max} joueurs" if lang == "fr" else \
        f"{deck.players_min} to {deck.players_max} players"
    assert words in main


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_optional_parts_are_marked_optional(player_books, game, lang):
    """Variants and extensions (Num Win's memory extension, Rows' explosion, the Tricks teams)
    carry "optional" in their heading."""
    word = "optionnel" if lang == "fr" else "optional"
    text = player_books[game, lang].text
    if teaching(game, lang):  # a booklet gathers them under "Variante(s)": named there, by their deck names
        heading = "Variante" if lang == "fr" else "Variant"
        assert heading.lower() in text.lower()
        for variant in load_deck(game).variants.values():
            assert flat(variant.name(lang)).lower().split("variante")[-1][:8] in flat(text).lower(), variant.id
        return
    for section in load_rules(game).sections:
        if section.optional:
            assert flat(f"{typeset(section.title(lang), lang)} ({word})") in flat(text), section.id
    for variant in load_deck(game).variants.values():
        assert flat(f"{variant.name(lang)} ({word})") in flat(text), variant.id


def test_numwin_memory_extension_is_optional():
    assert next(s for s in load_rules("numwin").sections if s.id == "5").optional


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_collection_components_agree_with_the_deck(player_books, lang):
    """The sheet's "6 cartes spéciales" are six different cards, two copies each (DECK-R1); the
    player's book never refers to a "dedicated card" that does not exist."""
    deck = load_deck("collection")
    assert {a.count for a in deck.actions.values()} == {2} and len(deck.actions) == 6
    assert teaching("collection", lang)  # the booklet shows each action card once, beside its picture
    text = flat(player_books["collection", lang].text)
    assert flat("carte dédiée" if lang == "fr" else "dedicated card") not in text


def _teaching_source(game: str, lang: str) -> str:
    from cardforge.paths import templates_dir
    from cardforge.rulebook.context import teaching_template

    return (templates_dir() / teaching_template(game, lang)).read_text(encoding="utf-8")


def _pages_of(pages: list[str], text: str) -> list[int]:
    """The body pages (after the contents) on which ``text`` appears, across line breaks."""
    wanted = flat(text)
    return [i for i, page in enumerate(pages) if i > 0 and wanted in flat(page)]


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_an_example_and_its_result_share_a_page(player_books, game, lang):
    """The example's title and its outcome line are on the same page (read from the PDF)."""
    lines = player_books[game, lang].pages
    deck = load_deck(game)
    for example in examples_for(game)[0]:
        if teaching(game, lang) and f'worked("{example.id}")' not in _teaching_source(game, lang):
            continue
        title = typeset(f"{'Exemple' if lang == 'fr' else 'Example'} — {for_players(example.title(lang), deck, lang)}", lang)
        outcome = typeset(for_players(example.outcome(lang), deck, lang), lang)
        at_title, at_outcome = _pages_of(lines, title), _pages_of(lines, outcome)
        assert at_title and at_outcome, example.id
        assert at_title[0] == at_outcome[0], f"{example.id}: title on p.{at_title[0] + 1}, result on p.{at_outcome[0] + 1}"


@pytest.mark.parametrize("kind", ["player", "comprehensive"])
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_no_heading_ends_a_page(all_books, game, lang, kind):
    """The last line of text above the folio is never a section heading (by the PDF outline)."""
    from pypdf import PdfReader

    book = all_books[game, lang, kind]
    reader = PdfReader(book.path)

    def titles(items):
        for item in items:
            if isinstance(item, list):
                yield from titles(item)
            else:
                yield flat(item["/Title"]).replace(".", "")

    headings = set(titles(reader.outline))
    for number, body in enumerate(body_lines(book.path)[2:], 3):
        if not body or body[-1].rstrip().endswith("."):  # a sentence's end ("…adver-/saire."), not a heading
            continue
        last = flat(body[-1]).replace(".", "")
        stranded = [h for h in headings if len(last) >= 4 and h.endswith(last)]
        assert not stranded, f"{game}-{lang} {kind} p.{number}: heading {stranded[0]!r} ends the page"


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_the_quick_reference_has_a_summary_and_a_double_sided_aid(all_books, game, lang):
    """Page 1: the A5 summary with the turn and the scoring; then one sheet of aids (the turn)
    and its back (the scoring), on the deck's home-sheet paper with crop marks."""
    from pypdf import PdfReader

    book = all_books[game, lang, "reference"]
    pages = PdfReader(book.path).pages
    assert len(pages) == 3
    a5 = (round(float(pages[0].mediabox.width) / 72 * 25.4), round(float(pages[0].mediabox.height) / 72 * 25.4))
    a4 = (round(float(pages[1].mediabox.width) / 72 * 25.4), round(float(pages[1].mediabox.height) / 72 * 25.4))
    assert a5 == (148, 210) and a4 == (210, 297)
    info = load_rules(game).book
    for line in (*info.turn, *info.scoring):
        assert flat(typeset(line(lang), lang)) in flat(book.pages[0]), line(lang)
    front, back = ("Votre tour", "Le score") if lang == "fr" else ("Your turn", "Scoring")
    assert book.pages[1].count(front) >= 9 and book.pages[2].count(back) >= 9


@pytest.mark.parametrize("kind", ["player", "comprehensive"])
@pytest.mark.parametrize(("game", "lang"), [("rows", "fr"), ("tricks", "en"), ("collection", "fr")])
def test_the_running_header_names_the_section_at_the_top_of_the_page(all_books, game, lang, kind):
    """The header names the section a reader is in at the top of the page: the one a page
    opens with, else the one the previous page ended in (never one that starts lower down)."""
    from pypdf import PdfReader

    book = all_books[game, lang, kind]
    reader = PdfReader(book.path)
    starts = [(reader.get_destination_page_number(item), item["/Title"]) for item in reader.outline
              if not isinstance(item, list)]
    lines = body_lines(book.path)
    current = ""
    last = len(book.pages) - 1 if teaching(game, lang, kind) else len(book.pages)  # the back cover has no header
    for number in range(2 if not teaching(game, lang, kind) else 1, last):
        opening = flat(lines[number][0]) if lines[number] else ""
        here = [title for page, title in starts if page == number]
        top = next((t for t in here if flat(t).startswith(opening[:12]) or opening.startswith(flat(t)[:12])), None)
        expected = top or current
        header = prose_header(book.pages[number])
        assert flat(header).endswith(flat(expected)), f"p.{number + 1}: header {header!r}, expected {expected!r}"
        current = here[-1] if here else current
