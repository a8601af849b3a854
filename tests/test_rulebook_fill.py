"""Pages are not left mostly empty: an example kept on one page that does not fit the space
left is first set with smaller card pictures (``EXAMPLE_ZOOMS``) before it moves whole to the
next page — read back from the PDFs, and on a small document built here."""

from __future__ import annotations

import pytest
from reportlab.lib.pagesizes import A5
from reportlab.lib.units import mm
from reportlab.platypus import SimpleDocTemplate, Spacer

from cardforge.rulebook.story import FitOrMove
from tests.rulebook_support import BOOKS, text_lines

#: a page less filled than this, followed by an example, is the gap the smaller pictures avoid
LEAST_FILL = 0.30
HEADER_MM, FOLIO_MM = 12.0, 21.0


def _fill(page, lines, height: float) -> float:
    """How far down the body the page's lowest text or picture reaches (0 empty, 1 full)."""
    import pypdfium2 as pdfium

    top, foot = height - HEADER_MM * mm, FOLIO_MM * mm
    low = min([b for t, b, s in lines if s.strip() and foot < b and t < top] or [top])
    for obj in page.get_objects():
        if obj.type in (pdfium.raw.FPDF_PAGEOBJ_IMAGE, pdfium.raw.FPDF_PAGEOBJ_FORM):
            bottom = obj.get_bounds()[1]
            if bottom > foot:
                low = min(low, bottom)
    return (top - low) / (top - foot)


@pytest.mark.parametrize("game, lang", BOOKS)
def test_no_page_is_left_mostly_empty_before_an_example(player_books, game, lang):
    import pypdfium2 as pdfium

    path = player_books[game, lang].path
    pages = text_lines(path)
    pdf = pdfium.PdfDocument(str(path))
    try:
        height = pdf[0].get_size()[1]
        word = "Exemple" if lang == "fr" else "Example"
        gaps = []
        for number in range(2, len(pages)):  # the cover and the contents are laid out on their own
            following = [s for t, b, s in pages[number] if s.strip() and t < height - HEADER_MM * mm]
            if following and following[0].startswith(word):
                fill = _fill(pdf[number - 1], pages[number - 1], height)
                if fill < LEAST_FILL:
                    gaps.append(f"page {number} is {fill:.0%} full before «{following[0][:40]}»")
        assert not gaps, gaps
    finally:
        pdf.close()


def _pages(tmp_path, flowables) -> int:
    from pypdf import PdfReader

    path = tmp_path / "doc.pdf"
    SimpleDocTemplate(str(path), pagesize=A5).build(flowables)
    return len(PdfReader(path).pages)


def test_a_block_too_tall_for_the_space_left_is_set_smaller_on_the_same_page(tmp_path):
    frame = A5[1] - 2 * 72  # SimpleDocTemplate's default margins: one inch each
    smaller = [Spacer(1, 0.5 * frame)]
    assert _pages(tmp_path, [Spacer(1, 0.4 * frame), FitOrMove([Spacer(1, 0.7 * frame)], lambda i: smaller if i == 0 else None)]) == 1


def test_a_block_that_fits_in_no_version_moves_whole_to_the_next_page(tmp_path):
    frame = A5[1] - 2 * 72
    smaller = [Spacer(1, 0.65 * frame)]
    blocks = [Spacer(1, 0.4 * frame), FitOrMove([Spacer(1, 0.7 * frame)], lambda i: smaller if i == 0 else None)]
    assert _pages(tmp_path, blocks) == 2
