"""The player's books read as a publisher's teaching booklet (issue 27): one terminology, one
reading of the Plis streak bonus, 4–8 pages in multiples of 4, no page left under half full,
nothing said twice, no trace of the software."""

from __future__ import annotations

import difflib
import itertools
import re

import pytest
from reportlab.lib.units import mm

from cardforge.rulebook.context import teaching_template
from cardforge.rulebook.glossary import violations
from tests.rulebook_support import BOOKS, text_lines

TEACHING = [(g, lg) for g, lg in BOOKS if teaching_template(g, lg)]
HEADER_MM, FOLIO_MM = 12.0, 16.0


def test_some_books_are_teaching_booklets():
    assert ("collection", "fr") in TEACHING


@pytest.mark.parametrize("game, lang", TEACHING)
def test_a_teaching_booklet_has_4_to_8_pages_in_multiples_of_4(player_books, game, lang):
    pages = len(player_books[game, lang].pages)
    assert 4 <= pages <= 8 and pages % 4 == 0, f"{game}-{lang}: {pages} pages"


@pytest.mark.parametrize("game, lang", TEACHING)
def test_no_page_is_under_half_full_unless_a_figure_follows(player_books, game, lang):
    """Between the covers, text and pictures reach at least half-way down each page, or the
    next page opens with a picture (the setup scene, an example) that could not fit."""
    import pypdfium2 as pdfium

    path = player_books[game, lang].path
    lines = text_lines(path)
    pdf = pdfium.PdfDocument(str(path))
    try:
        height = pdf[0].get_size()[1]
        top, foot = height - HEADER_MM * mm, FOLIO_MM * mm
        for number in range(1, len(pdf) - 2):  # the covers aside; the last text page may end short
            page = pdf[number]
            low = min([b for t, b, s in lines[number] if s.strip() and foot < b < top] or [top])
            for obj in page.get_objects():
                bottom = obj.get_bounds()[1]
                if foot < bottom < top:
                    low = min(low, bottom)
            fill = (top - low) / (top - foot)
            nxt = pdf[number + 1]
            figure_next = any(o.get_bounds()[3] > top - 40 * mm for o in nxt.get_objects()
                              if o.type == pdfium.raw.FPDF_PAGEOBJ_PATH)
            assert fill >= 0.5 or figure_next, f"{game}-{lang} p.{number + 1} is {fill:.0%} full"
    finally:
        pdf.close()


@pytest.mark.parametrize("game, lang", TEACHING)
def test_a_teaching_booklet_uses_the_glossary_words(player_books, game, lang):
    text = " ".join(player_books[game, lang].pages).replace("\n", " ")
    assert violations(text, lang, game) == []


def test_the_glossary_check_finds_a_synonym():
    assert violations("Vous pouvez sécuriser votre séquence.", "fr", "collection") == [("lock", "sécuriser")]
    assert violations("Bank your sequence", "en", "sequence") == [("lock", "Bank")]
    assert violations("un Rainbow 7", "fr", "collection") == [("rainbow", "un Rainbow")]
    assert violations("les Feuilles de marque", "fr", "rows") == [("score_pad", "Feuilles de marque")]


@pytest.mark.parametrize("game, lang", TEACHING)
def test_no_trace_of_the_software(player_books, game, lang):
    text = " ".join(player_books[game, lang].pages).lower()
    for word in ("cardforge", "scoresheets/", ".pdf", "configurable", "par défaut", "by default", "--house"):
        assert word not in text, word
    assert not re.search(r"\b[A-Z]+-R?\d+(\.\d+)?\b", " ".join(player_books[game, lang].pages)), "a rule ID"


def _paragraphs(game: str, lang: str) -> list[str]:
    from cardforge.rulebook.books import render_markup

    root = render_markup(game, lang).root
    body = [child for child in root if child.tag not in ("cover", "back")]  # the covers repeat the tagline
    inside_examples = {id(e) for part in body for ex in part.iter("example") for e in ex.iter()}
    return [re.sub(r"\s+", " ", "".join(e.itertext())).strip() for part in body for e in part.iter()
            if e.tag in ("p", "li", "note", "td") and len("".join(e.itertext())) > 60
            and id(e) not in inside_examples]  # the engine's example texts share a formula, not a message


@pytest.mark.parametrize("game, lang", TEACHING)
def test_no_paragraph_is_said_twice(game, lang):
    """No two paragraphs of the booklet (text, examples, variants, FAQ) say the same thing."""
    paragraphs = _paragraphs(game, lang)
    for a, b in itertools.combinations(paragraphs, 2):
        ratio = difflib.SequenceMatcher(None, a, b).ratio()
        assert ratio < 0.75, f"said twice ({ratio:.2f}): {a[:60]!r} / {b[:60]!r}"


def test_the_streak_bonus_reads_the_same_in_book_engine_and_ruling():
    """TRICKS-R14: each round of a streak pays its own line — 0, +5, +10, +15 for four exact
    bids in a row (30 in all). The ruling says so, the evening table (engine-computed) shows it."""
    from cardforge.games import tricks as engine
    from cardforge.rules import load_rules
    from cardforge.rulebook.examples.tricks import evening

    streak, bonuses = 0, []
    for cards in (1, 2, 3, 4):
        score = engine.round_points(1 if cards > 1 else 0, 1 if cards > 1 else 0, cards, streak)
        streak, bonuses = score.streak_after, bonuses + [score.bonus]
    assert bonuses == [0, 5, 10, 15]
    ruling = next(r for r in load_rules("tricks").rulings if r.id == "TRICKS-R14")
    assert "0, puis +5, +10 et +15 : 30" in ruling.text.fr and "0, then +5, +10 and +15: 30" in ruling.text.en
    assert "pas 5 + 10 + 15" not in ruling.text.fr
    assert [sc.bonus for *_, sc, _total in evening()][:4] == [0, 5, 10, 15]
    from cardforge.table.export import blank_pad

    for lang, words in (("fr", "0, puis +5, +10 et +15"), ("en", "0, then +5, +10 and +15")):
        notes = " ".join(blank_pad("tricks", lang).notes)
        assert words in notes and "TRICKS-10.9" not in notes, lang  # the pad prints the ruling, not 10.9


@pytest.mark.parametrize("game", ["tricks", "rows", "numwin", "sequence"])
def test_a_blank_score_pad_has_a_column_per_player_of_the_largest_table(game):
    from cardforge.deck import load_deck
    from cardforge.table.export import blank_pad

    pad = blank_pad(game, "fr")
    assert len(pad.sides) == load_deck(game).players_max
    assert pad.subtitle == "Feuille de score" or "Feuille de score" in pad.title + pad.subtitle


def test_booklet_imposition_puts_pages_in_printer_order():
    """Saddle stitch: sheet 1 carries 8|1 then 2|7, sheet 2 carries 6|3 then 4|5."""
    from cardforge.rulebook.booklet import spreads

    assert spreads(8) == [((8, 1), (2, 7)), ((6, 3), (4, 5))]
    assert spreads(4) == [((4, 1), (2, 3))]
    with pytest.raises(ValueError):
        spreads(6)


def test_rulebook_booklet_writes_the_imposed_book(tmp_path):
    from pypdf import PdfReader
    from typer.testing import CliRunner

    from cardforge.cli.application import app

    result = CliRunner().invoke(app, ["rulebook", "collection", "--lang", "fr", "--kind", "player", "--booklet",
                                      "--back-offset", "0.5,-0.3", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    book = PdfReader(tmp_path / "rulebooks" / "collection-fr.pdf")
    imposed = PdfReader(tmp_path / "rulebooks" / "collection-fr-booklet.pdf")
    assert len(imposed.pages) == len(book.pages) // 2
    a5_w, a5_h = (float(v) for v in book.pages[0].mediabox[2:])
    assert [float(v) for v in imposed.pages[0].mediabox[2:]] == pytest.approx([2 * a5_w, a5_h])
    front = imposed.pages[0].extract_text()
    assert "Num Collection" in front  # the back cover and the cover face each other


def test_the_referee_pays_the_book_evening_round_by_round():
    """`referee tricks score` gives each round of the book's evening the bonus the book prints."""
    import json

    from typer.testing import CliRunner

    from cardforge.cli.application import app
    from cardforge.rulebook.examples.tricks import EVENING, evening

    streak = 0
    for (cards, bid, won), (*_, printed, _total) in zip(EVENING, evening()):
        out = CliRunner().invoke(app, ["referee", "tricks", "score", "--bid", str(bid), "--won", str(won),
                                       "--cards", str(cards), "--streak", str(streak), "--json"])
        assert out.exit_code == 0, out.output
        said = json.loads(out.output)
        assert (said["bonus"], said["total"]) == (printed.bonus, printed.total)
        streak = said["streak_after"]


def test_type_and_cards_are_large_enough():
    """Body ≥ 9.5 pt; every card of a booklet at one size, at least 15 mm wide."""
    from cardforge.deck import load_deck
    from cardforge.render.faces import card_size_points
    from cardforge.rulebook.books import render_markup
    from cardforge.rulebook.styles import page_for

    assert page_for("a5").body_pt >= 9.5
    for game, lang in TEACHING:
        scale = float(render_markup(game, lang).root.get("cards"))
        assert card_size_points(load_deck(game))[0] * scale / mm >= 15.0, game


def test_card_names_never_break_nor_hyphenate():
    """"Rain-bow" and "Shadow / 7" (issue 27): pyphen leaves card words alone, and a card's name
    is bound to its value by a no-break space."""
    from cardforge.deck import load_deck
    from cardforge.rulebook.markup import parse_markup
    from cardforge.rulebook.story import StoryBuilder
    from cardforge.rulebook.styles import Palette, hyphenation, make_styles, page_for

    for lang in ("fr", "en"):
        assert list(hyphenation(lang)("Rainbow")) == [] and list(hyphenation(lang)("Quantique")) == []
        assert list(hyphenation(lang)("comprehensive")) != []
    deck = load_deck("sequence")
    styles = make_styles(page_for("a5"), Palette("#000000", "#FFFFFF"), "fr")
    builder = StoryBuilder(parse_markup('<book lang="fr"><p>x</p></book>', source="t"), deck, styles, "fr")
    printed = builder.text("la Shadow 7 et Passe Ton Tour", 9.5)
    assert "Shadow\u00a07" in printed and "Passe\u00a0Ton\u00a0Tour" in printed
