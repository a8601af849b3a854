"""The thirty books (5 games × fr/en × player, reference, comprehensive), built once per session
by ``build_all_rulebooks``: tables of contents, every rule ID of the catalogue in the
comprehensive rules, the deck's component counts, embedded fonts only, French typography, and
every example's stated outcome equal to what the engine says now.  The player's book itself is
checked in ``test_rulebook_player.py``."""

from __future__ import annotations

import re

import pytest

from cardforge.deck import GAMES, load_deck
from cardforge.rulebook.books import KINDS
from cardforge.rulebook.examples import examples_for
from cardforge.rulebook.typography import typeset
from cardforge.rules import load_rules
from tests.rulebook_support import BOOKS, teaching
from tests.rulebook_support import flat as _flat


@pytest.mark.parametrize("kind", ["comprehensive"])  # a player's booklet of 8 pages has none (issue 27)
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_book_has_a_table_of_contents(all_books, game, lang, kind):
    """Page 2 is the contents: every catalogue section listed with the page it starts on, and
    the PDF has an outline (bookmarks) with the same sections."""
    from pypdf import PdfReader

    assert not teaching(game, lang, kind)
    book = all_books[game, lang, kind]
    contents = book.pages[1]
    assert ("Sommaire" if lang == "fr" else "Contents") in contents
    outline = [item["/Title"] for item in PdfReader(book.path).outline if isinstance(item, dict)]
    for section in load_rules(game).sections:
        title = typeset(section.title(lang), lang)
        if section.optional:
            title += " (optionnel)" if lang == "fr" else " (optional)"
        number = section.id.rsplit("-", 1)[-1]
        assert _flat(title) in _flat(contents), f"{title!r} missing from the contents"
        heading = f"{number}. {title}"
        assert any(_flat(heading) == _flat(t) for t in outline), f"{heading!r} missing from the outline"
        start = next(i for i, page in enumerate(book.pages) if _flat(heading) in _flat(page) and i > 1)
        line = next(ln for ln in contents.splitlines() if _flat(title) in _flat(ln))
        assert line.rstrip().endswith(str(start + 1)), f"contents gives {line!r}, section starts on page {start + 1}"


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_book_prints_every_rule_and_ruling_id(books, game, lang):
    text = books[game, lang].text
    missing = [rule_id for rule_id in load_rules(game).ids() if not re.search(rf"{re.escape(rule_id)}(?![\d.])", text)]
    assert not missing


@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_book_lists_the_deck_components_with_their_counts(books, game, lang):
    """The component table has one line per family and action card, with its count from the
    deck YAML, and the deck's total."""
    deck = load_deck(game)
    every = deck.all_counts()  # counted here from the deck's cards, not by the rulebook's code
    counts = {code: sum(n for card, n in every.items() if card.family == code) for code in deck.families}
    counts.update({card.action: n for card, n in every.items() if card.is_action})
    counts["total"] = deck.total()
    lines = [" ".join(ln.split()) for ln in books[game, lang].text.splitlines()]

    def row(label: str) -> str:
        """The table row starting with ``label`` (with its continuation line, if it wraps)."""
        at = next((i for i, ln in enumerate(lines) if ln.startswith(label + " ")), None)
        assert at is not None, f"no component line for {label!r}"
        return " ".join(lines[at:at + 2])

    for fam in deck.families.values():
        label = f"{fam.family.name(lang)} {fam.code}"
        assert re.search(rf"\b{counts[fam.code]}\b", row(label)), f"{label}: {counts[fam.code]}"
    for slug, act in deck.actions.items():
        label = f"{act.action.name(lang)} {slug}"
        assert re.search(rf" {counts[slug]}( |$)", row(label)), f"{label}: {counts[slug]}"
    assert re.search(rf" {counts['total']}( |$)", row("Total"))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_book_embeds_every_font(all_books, game, lang, kind):
    """Every font of every page (and of the card drawings' form XObjects) is an embedded
    TrueType font: no Helvetica or other base-14 font sneaks in."""
    from pypdf import PdfReader

    def fonts(resources, seen):
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            yield font.get_object()
        for xobject in (resources.get("/XObject") or {}).values():
            xobject = xobject.get_object()
            if id(xobject) not in seen and "/Resources" in xobject:
                seen.add(id(xobject))
                yield from fonts(xobject["/Resources"], seen)

    names = set()
    for page in PdfReader(all_books[game, lang, kind].path).pages:
        for font in fonts(page.get("/Resources"), set()):
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            assert "/FontDescriptor" in descendant, f"{font.get('/BaseFont')} is not embedded"
            assert "/FontFile2" in descendant["/FontDescriptor"].get_object(), f"{font.get('/BaseFont')} has no FontFile2"
            names.add(str(font["/BaseFont"]))
    assert names and not any("Helvetica" in n for n in names)


@pytest.mark.parametrize("kind", ["player", "comprehensive"])
@pytest.mark.parametrize("game", GAMES)
def test_french_books_use_french_typography(all_books, game, kind):
    """A space before « : ; ! ? » (never at the start of a line: it does not break),
    « guillemets », typographic apostrophes; the English book has none of those spaces.  (The
    no-break spaces themselves cannot be told apart in the PDF: DejaVu draws U+00A0 with the
    space glyph; the markup tests check the characters.)"""
    fr = [ln for ln in all_books[game, "fr", kind].text.splitlines() if not ln.lstrip().startswith("$ cardforge")]
    en = [ln for ln in all_books[game, "en", kind].text.splitlines() if not ln.lstrip().startswith("$ cardforge")]
    fr_text, en_text = "\n".join(fr), "\n".join(en)
    assert re.findall(r"\w[:;!?](?=\s)", fr_text) == []
    assert not any(re.match(r"\s*[:;!?»]", ln) for ln in fr), "a line starts with high punctuation"
    assert not any(ln.rstrip().endswith("«") for ln in fr), "a line ends with an opening guillemet"
    assert "\u2019" in fr_text and not re.search(r"\w'\w", fr_text), "straight apostrophe (card faces included)"
    assert re.findall(r"\w [:;!?](?=\s)", en_text) == []


@pytest.mark.parametrize("kind", ["player", "comprehensive"])
@pytest.mark.parametrize(("game", "lang"), BOOKS)
def test_every_example_states_what_the_engine_says(all_books, game, lang, kind):
    """Each worked example, re-resolved from its card codes by the engine now, gives the facts
    the book was built from, and the book prints its outcome and every step (in the player's
    book with the cards named in words)."""
    from cardforge.rulebook.words import RULE_ID, for_players

    deck = load_deck(game)
    say = str if kind == "comprehensive" else (lambda t: for_players(t, deck, lang))
    examples, tables = examples_for(game)
    assert examples, f"{game} has no worked example"
    flat = all_books[game, lang, kind].flat
    if teaching(game, lang, kind):  # a booklet prints the examples its teaching text picks
        from cardforge.paths import templates_dir
        from cardforge.rulebook.context import teaching_template

        source = (templates_dir() / teaching_template(game, lang)).read_text(encoding="utf-8")
        examples = [e for e in examples if f'worked("{e.id}")' in source]
        assert examples, f"{game}-{lang}: the booklet has no worked example"
    for example in examples:
        assert dict(example.recompute()) == dict(example.facts), example.id
        assert _flat(typeset(say(example.outcome(lang)), lang)) in flat, f"{example.id}: outcome not printed"
        for rules, text in example.steps:
            assert _flat(typeset(say(text(lang)), lang)) in flat, f"{example.id}: step {rules} not printed"
    # a teaching booklet prints the examples; its tables are its own (the scoring rules as a reader needs them)
    for table in [] if teaching(game, lang, kind) else tables:
        for row in table.rows:
            cells = [say(c(lang) if not isinstance(c, str) else c) for c in row]
            if kind == "player":  # the player's book leaves out a column of rule IDs
                cells = [c for c in cells if not RULE_ID.fullmatch(c.strip())]
            assert _flat(typeset("".join(cells), lang)) in flat, f"{table.id}: row {cells} not printed"


@pytest.mark.parametrize("kind", KINDS)
def test_rebuilding_a_book_gives_the_same_bytes(all_books, tmp_path, kind):
    """Same inputs, same PDF (reportlab's invariant mode): a rebuilt book can be diffed."""
    from cardforge.rulebook.books import build_book

    again = build_book("numwin", "fr", tmp_path, kind=kind)
    assert again.read_bytes() == all_books["numwin", "fr", kind].path.read_bytes()


def test_measuring_the_summary_draws_no_card_and_writes_no_pdf(monkeypatch):
    """Issue #30 item 2: finding the quick reference's type scale lays the summary out as a draft
    (card art skipped, no PDF written); the book itself draws its cards."""
    from cardforge.rulebook import flowables
    from cardforge.rulebook.aid import fits_one_page, reference_pdf
    from cardforge.rulebook.books import render_markup
    from cardforge.rulebook.story import build_story
    from cardforge.rulebook.styles import Palette, make_styles, page_for
    from reportlab.pdfgen.canvas import Canvas

    deck = load_deck("tricks")
    styles = make_styles(page_for("a5"), Palette(deck.style.back.color, deck.style.back.accent), "fr")
    markup = render_markup("tricks", "fr", kind="reference")
    _cover, body = build_story(markup, deck, styles)
    drawn, saved = [], []
    real_draw, real_save = flowables.draw_card, Canvas.save
    monkeypatch.setattr(flowables, "draw_card", lambda *a, **k: drawn.append(a) or real_draw(*a, **k))
    monkeypatch.setattr(Canvas, "save", lambda self: saved.append(self) or real_save(self))
    fits_one_page(list(body), styles)
    assert drawn == [] and saved == []
    sides = (("Your turn", ["Play a card."]), ("Scoring", ["Count."]))
    body = build_story(markup, deck, styles)[1]  # fresh: laid-out flowables keep state
    assert reference_pdf(body, styles=styles, deck=deck, lang="fr", title="t", sides=sides).startswith(b"%PDF")
    assert drawn and len(saved) == 1, "the book draws its cards"


def test_the_summary_scale_is_the_first_that_fits_in_at_most_four_layouts():
    """Issue #30 item 2: the quick reference's type scale is found by measuring at most four
    layouts (the two largest, then halving), and is the one a scale-by-scale search finds."""
    from cardforge.rulebook.aid import SUMMARY_SCALES, summary_scale

    for first in range(len(SUMMARY_SCALES) + 1):  # the first scale that fits (len: none does)
        tried: list[float] = []

        def fits(scale: float) -> bool:
            tried.append(scale)
            return SUMMARY_SCALES.index(scale) >= first

        assert summary_scale(fits) == SUMMARY_SCALES[min(first, len(SUMMARY_SCALES) - 1)]
        assert len(tried) <= 4 and len(set(tried)) == len(tried), tried
