"""The thirty books built once per session (fixtures ``all_books``, ``books``, ``player_books``
in ``conftest.py``), read back as text per page and as positioned text lines."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardforge.deck import GAMES
from cardforge.rulebook.books import KINDS, LANGS, build_all_rulebooks, rulebook_path

BOOKS = [(game, lang) for game in GAMES for lang in LANGS]


@dataclass
class Book:
    path: Path
    pages: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.pages)

    @property
    def flat(self) -> str:
        """The text with every kind of space and line break removed (layout-independent)."""
        return flat(self.text)


def flat(text: str) -> str:
    """Without spaces, line breaks and hyphens (pdfium reads a hyphen that ends a line, or that
    a hyphenated word shows, as U+FFFE), so text compares whatever the line breaks."""
    return re.sub(r"[\s\u00a0\u202f\ufffe\u00ad-]+", "", text)


def read_pages(path: Path) -> list[str]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdf]
    finally:
        pdf.close()


#: The running header and folio, read last on a page (sometimes glued to the last line).
_HEADER_FOLIO = re.compile(r"\n?Num [^\s·]+ · (?:Règles du jeu|Rules of play|Règles complètes|Comprehensive rules)"
                           r"[^\n]*\n\d+\s*$")


def prose_header(page: str) -> str:
    """A page's running header line (book title · kind, then the section)."""
    found = _HEADER_FOLIO.search(page)
    return found.group(0).strip().rsplit("\n", 1)[0] if found else ""  # without the folio


def prose(page: str) -> str:
    """A page's text without its running header and folio (drawn last, so read last)."""
    return _HEADER_FOLIO.sub("", page)


def build_books_once(out: Path) -> dict[tuple[str, str, str], Book]:
    """Build every book into ``out`` (``build_all_rulebooks``) and read each back."""
    paths = build_all_rulebooks(out)
    wanted = {(g, lang, k): rulebook_path(out, g, lang, kind=k) for g, lang in BOOKS for k in KINDS}
    assert sorted(paths) == sorted(wanted.values())
    return {key: Book(path, read_pages(path)) for key, path in wanted.items()}


def text_lines(path: Path) -> list[list[tuple[float, float, str]]]:
    """Each page's text lines as (top, bottom, text) in points from the page's foot, top first
    (pdfium's text rectangles: one per line segment)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for page in pdf:
            text = page.get_textpage()
            lines = []
            for i in range(text.count_rects()):
                left, bottom, right, top = text.get_rect(i)
                lines.append((top, bottom, text.get_text_bounded(left, bottom, right, top)))
            pages.append(sorted(lines, key=lambda ln: -ln[0]))
        return pages
    finally:
        pdf.close()


#: Running header and folio zones of an A5 page (mm from the top and from the foot).
HEADER_MM, FOLIO_MM = 12.0, 11.0


def body_lines(path: Path) -> list[list[str]]:
    """Each page's text lines without the running header and the folio, top to bottom."""
    from pypdf import PdfReader

    height = float(PdfReader(path).pages[0].mediabox.height)
    mm = 72 / 25.4
    return [[t for top, bottom, t in page if t.strip() and bottom > FOLIO_MM * mm and top < height - HEADER_MM * mm]
            for page in text_lines(path)]


def teaching(game: str, lang: str, kind: str = "player") -> bool:
    """Whether the book is a teaching booklet (issue 27: prose in teaching order, no contents,
    no rule numbers, a back cover) rather than the catalogue laid out section by section."""
    from cardforge.rulebook.context import teaching_template

    return kind == "player" and bool(teaching_template(game, lang))
