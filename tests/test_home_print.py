"""Home printing: crop marks and footer ≥ 4 mm from every paper edge on A4 and Letter, the layout
changed where the paper leaves no room and the page saying so; a calibration page whose ±10 mm
scales read clearly (issue 12 §8)."""

from __future__ import annotations

import io
import math

import pytest

from cardforge.deck import load_deck
from cardforge.render.facepages import physical_cards
from cardforge.render.pdf import MM
from cardforge.render.sheets import (MIN_MARK_MM, PAPERS, PRINTER_MARGIN_MM, crop_marks, sheet_layout,
                                     sheets_pdf)

EPS = 1e-6 * MM


@pytest.fixture(scope="module")
def rows():
    return load_deck("rows")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("gutter", [0.0, 3.0])
def test_every_crop_mark_is_inside_the_printable_area(rows, paper, gutter):
    layout = sheet_layout(rows, paper, gutter_mm=gutter)
    pw, ph = layout.page
    edge = PRINTER_MARGIN_MM * MM
    marks = crop_marks(layout)
    lines = (lambda n: 2 * n if gutter else n + 1)  # trim lines across n cards
    assert len(marks) == 2 * lines(layout.cols) + 2 * lines(layout.rows)  # one at each end of each
    grid = (layout.x0, layout.y0, layout.x0 + layout.cols * layout.card[0] + (layout.cols - 1) * layout.gutter,
            layout.y0 + layout.rows * layout.card[1] + (layout.rows - 1) * layout.gutter)
    for x0, y0, x1, y1 in marks:
        for x, y in ((x0, y0), (x1, y1)):
            assert edge - EPS <= x <= pw - edge + EPS and edge - EPS <= y <= ph - edge + EPS, (x / MM, y / MM)
            # outside the bleed of the grid (marks are never printed over a card)
            assert not (grid[0] - layout.bleed < x < grid[2] + layout.bleed and grid[1] - layout.bleed < y < grid[3] + layout.bleed)
        assert math.hypot(x1 - x0, y1 - y0) >= MIN_MARK_MM * MM - EPS


@pytest.mark.parametrize("size", [(44, 68), (57, 87), (70, 120), (88.9, 63.5)])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_print_for_other_card_sizes(tmp_path, paper, size):
    """Mini, euro, tarot-ish and landscape cards: the same guarantee, whatever the grid."""
    from tests.render_support import MINI_DECK, write_mini_deck

    text = MINI_DECK + f"card: {{width_mm: {size[0]}, height_mm: {size[1]}}}\n"
    deck = load_deck(write_mini_deck(tmp_path, text))
    layout = sheet_layout(deck, paper)
    pw, ph = layout.page
    edge = PRINTER_MARGIN_MM * MM
    for x0, y0, x1, y1 in crop_marks(layout):
        assert all(edge - EPS <= x <= pw - edge + EPS for x in (x0, x1))
        assert all(edge - EPS <= y <= ph - edge + EPS for y in (y0, y1))
        assert math.hypot(x1 - x0, y1 - y0) >= MIN_MARK_MM * MM - EPS


@pytest.mark.parametrize(("paper", "expected"), [
    ("a4", (3, 3, False, 2.0)),       # 9.75 mm side margins: the outer bleed shrinks to 2 mm
    ("letter", (2, 4, True, 3.0)),    # 6.35 mm top margin upright: the cards turn, 8 a page
])
def test_the_layout_changes_where_the_paper_leaves_no_room(rows, paper, expected):
    layout = sheet_layout(rows, paper)
    assert (layout.cols, layout.rows, layout.rotated, round(layout.bleed / MM, 3)) == expected


@pytest.mark.parametrize(("paper", "lang", "note"), [
    ("a4", "en", "A4: 2 mm bleed (not 3) so that every crop mark prints, 4 mm or more from the paper's edge"),
    ("letter", "en", "Letter: cards turned a quarter turn, 8 a page, so that every crop mark prints"),
    ("letter", "fr", "Letter\u202f: cartes tournées d'un quart de tour, 8 par page, pour que chaque trait de coupe s'imprime"),
])
def test_the_page_says_what_changed(rows, paper, lang, note):
    from pypdf import PdfReader

    data = sheets_pdf(rows, physical_cards(rows)[:9], paper=paper, lang=lang, backs=False)
    text = " ".join(PdfReader(io.BytesIO(data)).pages[0].extract_text().split())
    assert " ".join(note.split()) in text  # (split() also takes the narrow no-break space)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_prints_within_4_mm_of_the_edge_and_every_mark_prints(rows, paper):
    """Rasterised: a white band 4 mm wide around the page, a dark pixel in every mark."""
    import pypdfium2 as pdfium

    dpi = 150
    data = sheets_pdf(rows, physical_cards(rows)[:9], paper=paper, backs=False)
    doc = pdfium.PdfDocument(data)
    image = doc[0].render(scale=dpi / 72).to_pil().convert("L")
    doc.close()
    px = dpi / 25.4
    band = math.floor(PRINTER_MARGIN_MM * px) - 1  # one pixel of anti-aliasing
    width, height = image.size
    assert (width, height) == pytest.approx((PAPERS[paper][0] * px, PAPERS[paper][1] * px), abs=1)
    pixels = image.load()
    inked = [(x, y) for y in range(height) for x in range(width)
             if (x < band or y < band or x >= width - band or y >= height - band) and pixels[x, y] < 250]
    assert inked == []
    layout = sheet_layout(rows, paper)
    for x0, y0, x1, y1 in crop_marks(layout):
        mx, my = (x0 + x1) / 2 * dpi / 72, height - (y0 + y1) / 2 * dpi / 72
        around = [pixels[min(width - 1, round(mx) + dx), min(height - 1, round(my) + dy)] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert min(around) < 230, f"no mark drawn at {mx / px:.1f}, {my / px:.1f} mm"


def _on_page(placement, u, v):
    """Where the card's own point (u, v) lands on the page, for a slot's ``placement``."""
    x, y, degrees = placement
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return x + c * u - s * v, y + s * u + c * v


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_back_lies_behind_its_front_the_right_way_up(rows, paper):
    """After a long-edge flip, a back-page point (X, Y) lies behind the front point (width − X, Y):
    the card's top edge (front art and back art alike) is the same physical edge."""
    layout = sheet_layout(rows, paper)
    w, h = rows.card.width_mm * MM, rows.card.height_mm * MM
    pw = layout.page[0]
    for i in range(layout.per_page):
        front, back = layout.placement(i), layout.placement(i, back=True)
        for u, v in ((w / 2, h), (w / 2, 0), (0, h / 2), (w, h / 2)):  # top, bottom, left, right middles
            fx, fy = _on_page(front, u, v)
            bx, by = _on_page(back, w - u, v)  # seen from behind, the back's left is the front's right
            assert (pw - bx, by) == pytest.approx((fx, fy)), (i, u, v)
        x0, y0, x1, y1 = layout.cell(i)
        corners = [_on_page(front, u, v) for u in (0, w) for v in (0, h)]
        assert all(x0 - EPS <= x <= x1 + EPS and y0 - EPS <= y <= y1 + EPS for x, y in corners)


# -- calibration page ----------------------------------------------------------------------------

def _text_boxes(pdf: bytes, page: int) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each text run drawn on ``page`` with its box (points): what a reader's eye sees."""
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

    from cardforge.render.fonts import register_fonts

    fonts = register_fonts()
    runs = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if not text:
            return
        name = fonts.bold if "Bold" in str(font.get("/BaseFont", "")) else fonts.regular
        scale = math.hypot(tm[0], tm[1]) * math.hypot(cm[0], cm[1])
        pt = size * scale
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        face = getFont(name).face
        width = stringWidth(text, name, pt)
        runs.append((text, (x, y + face.descent / 1000 * pt, x + width, y + face.ascent / 1000 * pt)))

    PdfReader(io.BytesIO(pdf)).pages[page].extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_scales_read_minus_10_to_plus_10_without_collisions(paper):
    from cardforge.render.sheets import calibration_pdf

    runs = _text_boxes(calibration_pdf(paper), 1)
    labels = [text for text, _ in runs]
    for value in ("\u221210", "\u22125", "0", "+5", "+10"):
        assert labels.count(value) == 6, (value, labels)  # X and Y scale at each of 3 targets
    gap = 0.3 * MM
    for i, (a, (ax0, ay0, ax1, ay1)) in enumerate(runs):
        for b, (bx0, by0, bx1, by1) in runs[i + 1:]:
            apart = ax1 + gap <= bx0 or bx1 + gap <= ax0 or ay1 + gap <= by0 or by1 + gap <= ay0
            assert apart, f"labels {a!r} and {b!r} touch"
    pw, ph = (v * MM for v in PAPERS[paper])
    edge = PRINTER_MARGIN_MM * MM
    assert all(edge <= x0 and x1 <= pw - edge and edge <= y0 and y1 <= ph - edge for _, (x0, y0, x1, y1) in runs)
