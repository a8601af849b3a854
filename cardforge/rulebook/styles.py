"""Paper sizes, margins, colours and paragraph styles of the rulebooks.

Everything is set in the bundled DejaVu fonts (registered by ``cardforge.render.fonts``) so the
PDFs embed every font they use.  A5 is the default paper; A4 scales type and margins up.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cardforge.errors import UsageError

__all__ = ["card_words", "PAPERS", "Page", "Palette", "Styles", "page_for", "make_styles", "fonts", "hyphenation", "warm"]


@dataclass(frozen=True, slots=True)
class Page:
    """A paper size (mm) with its margins (mm) and the type scale used on it."""

    name: str
    width_mm: float
    height_mm: float
    margin_inner_mm: float
    margin_outer_mm: float
    margin_top_mm: float
    margin_bottom_mm: float
    body_pt: float
    card_zoom: float = 1.0  # card illustrations grow with the page


PAPERS: dict[str, Page] = {
    "a5": Page("a5", 148.0, 210.0, 12.0, 12.0, 14.0, 13.0, 9.5),
    "a4": Page("a4", 210.0, 297.0, 22.0, 22.0, 22.0, 20.0, 11.0, 1.3),
}


def page_for(paper: str) -> Page:
    """The page geometry of ``paper`` (``a5`` or ``a4``); ``UsageError`` otherwise."""
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        from cardforge.i18n import either, refusal

        raise refusal(UsageError, "error.rulebook.paper", paper=repr(paper), papers=either(PAPERS)) from None


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of one book, taken from its deck's card-back style."""

    accent: str  # headings, rule IDs, cover
    highlight: str  # winning cards, rules under headings
    ink: str = "#222222"
    muted: str = "#6B6B6B"
    tint: str = "#F3F0E8"  # note and example backgrounds
    line: str = "#CFC8B8"


def fonts() -> Any:
    """Register the bundled fonts once and return their names (``regular``, ``bold``, …)."""
    from cardforge.render.fonts import register_fonts

    return register_fonts()


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of a book, built for one page size and palette."""

    page: Page
    palette: Palette
    body: Any
    note: Any
    rule: Any
    margin_rule: Any
    bullet: Any
    cell: Any
    cell_head: Any
    caption: Any
    h1: Any
    h2: Any
    toc_title: Any
    toc_levels: list[Any]
    cover_title: Any
    cover_subtitle: Any
    cover_text: Any
    example_title: Any
    font: Any

    @property
    def id_size(self) -> float:
        """Font size of the run-in rule IDs."""
        return round(self.page.body_pt * 0.8, 1)


#: pyphen dictionaries for hyphenating the running text of each language.
HYPHENATION = {"fr": "fr_FR", "en": "en_GB"}


def hyphenation(lang: str) -> Any:
    """The hyphenator of ``lang``'s running text: a cached ``pyphen.Pyphen(...).iterate`` (reportlab
    accepts a callable and would otherwise build a ``Pyphen`` for every paragraph it breaks), or
    ``""`` (no hyphenation) if pyphen is missing or the language has no dictionary."""
    return _hyphenator(HYPHENATION.get(lang, ""))


@functools.cache
def card_words() -> frozenset[str]:
    """Every word of a card's name in the five games (``Rainbow``, ``Quantique``, ``Passe`` …):
    never hyphenated."""
    from cardforge.deck import GAMES, load_deck

    words: set[str] = set()
    for game in GAMES:
        deck = load_deck(game)
        names = [f.family.name for f in deck.families.values()] + [a.action.name for a in deck.actions.values()]
        for name in names:
            for lang in ("fr", "en"):
                words.update(w for w in name(lang).replace("-", " ").split() if len(w) > 3)
    return frozenset(words)


@dataclass(frozen=True)
class _Hyphenator:
    """pyphen's ``iterate``, except for the words of card names (issue 27: no "Rain-bow")."""

    iterate: Any
    keep: frozenset[str]

    def __call__(self, word: str) -> Any:
        if any(k in word for k in self.keep):
            return ()
        return self.iterate(word)


@functools.cache
def _hyphenator(dictionary: str) -> Any:
    if not dictionary:
        return ""
    try:
        import pyphen
    except ImportError:
        return ""
    return _Hyphenator(pyphen.Pyphen(lang=dictionary).iterate, card_words())


def warm(langs: Iterable[str] = HYPHENATION) -> None:
    """Parse the bundled fonts and load the hyphenation dictionaries of ``langs`` now, once per
    process: workers forked afterwards inherit them instead of each loading its own."""
    fonts()
    for lang in langs:
        hyphenation(lang)


def make_styles(page: Page, palette: Palette, lang: str = "") -> Styles:
    """The paragraph styles for ``page`` in ``palette`` (all in the embedded fonts); running
    text is hyphenated in ``lang`` (headings, cells and captions never are)."""
    from reportlab.lib import colors
    from reportlab.lib.enums import TA_CENTER, TA_LEFT
    from reportlab.lib.styles import ParagraphStyle

    f = fonts()
    size = page.body_pt
    lead = round(size * 1.32, 1)
    ink, accent, muted = colors.HexColor(palette.ink), colors.HexColor(palette.accent), colors.HexColor(palette.muted)
    body = ParagraphStyle("body", fontName=f.regular, bulletFontName=f.regular, fontSize=size, leading=lead, textColor=ink,
                          alignment=TA_LEFT, spaceAfter=size * 0.45, hyphenationLang=hyphenation(lang), allowWidows=0,
                          embeddedHyphenation=0, uriWasteReduce=0.3, hyphenationMinWordLength=7)
    hang = size * 1.1
    return Styles(
        page=page,
        palette=palette,
        body=body,
        note=ParagraphStyle("note", parent=body, spaceAfter=0),  # body size: a player reads it (issue 27, ≥ 9.5 pt)
        rule=ParagraphStyle("rule", parent=body, spaceAfter=size * 0.5),
        margin_rule=ParagraphStyle("margin_rule", parent=body, spaceAfter=size * 0.5, leftIndent=size * 2.1,
                                   bulletIndent=0, bulletFontName=f.condensed, bulletFontSize=size * 0.7,
                                   bulletColor=muted),
        bullet=ParagraphStyle("bullet", parent=body, leftIndent=hang, bulletIndent=size * 0.2, spaceAfter=size * 0.25),
        cell=ParagraphStyle("cell", parent=body, hyphenationLang="", alignment=TA_LEFT, fontSize=size * 0.92, leading=lead * 0.9, spaceAfter=0),
        cell_head=ParagraphStyle("cell_head", parent=body, hyphenationLang="", alignment=TA_LEFT, fontName=f.bold, fontSize=size * 0.92,
                                 leading=lead * 0.9, spaceAfter=0, textColor=colors.white),
        caption=ParagraphStyle("caption", parent=body, hyphenationLang="", alignment=TA_CENTER, fontName=f.condensed, fontSize=size * 0.78,
                               leading=size * 0.95, textColor=muted, spaceAfter=0),
        h1=ParagraphStyle("h1", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 1.65, leading=size * 2.0,
                          textColor=accent, alignment=TA_LEFT, spaceBefore=size * 0.9, spaceAfter=size * 0.5,
                          keepWithNext=1),
        h2=ParagraphStyle("h2", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 1.2, leading=size * 1.5,
                          textColor=accent, alignment=TA_LEFT, spaceBefore=size * 0.9, spaceAfter=size * 0.4,
                          keepWithNext=1),
        toc_title=ParagraphStyle("toc_title", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 1.65, leading=size * 2.0,
                                 textColor=accent, spaceAfter=size * 1.2),
        toc_levels=[
            ParagraphStyle("toc0", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 1.05, leading=size * 1.6,
                           leftIndent=size * 2.2, firstLineIndent=-size * 2.2, rightIndent=size * 3, alignment=TA_LEFT,
                           spaceBefore=size * 0.35, spaceAfter=0),
            ParagraphStyle("toc1", parent=body, hyphenationLang="", fontSize=size, leading=size * 1.4, leftIndent=size * 4.6,
                           firstLineIndent=-size * 2.4, rightIndent=size * 3, alignment=TA_LEFT, spaceAfter=0),
        ],
        cover_title=ParagraphStyle("cover_title", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 3.6,
                                   leading=size * 4.2, alignment=TA_CENTER, textColor=colors.white, spaceAfter=size),
        cover_subtitle=ParagraphStyle("cover_subtitle", parent=body, hyphenationLang="", fontName=f.bold, fontSize=size * 1.4,
                                      leading=size * 1.9, alignment=TA_CENTER, textColor=colors.HexColor(palette.highlight),
                                      spaceAfter=size * 0.8),
        cover_text=ParagraphStyle("cover_text", parent=body, hyphenationLang="", fontSize=size * 1.05, leading=size * 1.5,
                                  alignment=TA_CENTER, textColor=colors.white, spaceAfter=size * 0.3),
        example_title=ParagraphStyle("example_title", parent=body, hyphenationLang="", fontName=f.bold,
                                     textColor=accent, alignment=TA_LEFT, spaceAfter=size * 0.3),
        font=f,
    )
