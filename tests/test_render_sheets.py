"""Home sheets: N-up layout, crop marks, mirrored duplex backs, back offset, calibration page."""

from __future__ import annotations

import io

import pytest

from cardforge.deck import load_deck
from cardforge.render.pdf import MM
from tests.render_support import write_mini_deck


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return load_deck(write_mini_deck(tmp_path_factory.mktemp("decks")))


def _pages(data: bytes):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(data)).pages


def _raster_page(data: bytes, index: int, dpi: int = 40):
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    image = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    doc.close()
    return image


@pytest.mark.parametrize(("paper", "size_mm", "grid"), [("a4", (210, 297), (3, 3)), ("letter", (215.9, 279.4), (2, 4))])
def test_poker_cards_on_a4_and_letter(decks, paper, size_mm, grid):
    """Issue: "N-up on A4 or Letter (3×3 poker cards)"; on Letter, 3×3 leaves no room for crop
    marks that print (issue 12), so 8 cards turned a quarter turn."""
    from cardforge.render.sheets import sheet_layout

    layout = sheet_layout(decks["rows"], paper)
    assert (layout.cols, layout.rows) == grid
    assert layout.page == pytest.approx((size_mm[0] * MM, size_mm[1] * MM))


def test_gutter_spaces_the_cards_and_may_cost_a_column(decks):
    from cardforge.render.sheets import sheet_layout

    layout = sheet_layout(decks["rows"], "a4", gutter_mm=4)
    (x0, _), (x1, _) = layout.slot(0), layout.slot(1)
    assert x1 - x0 == pytest.approx(layout.card[0] + 4 * MM)  # (the cards may turn to fit: issue 12)
    assert sheet_layout(decks["rows"], "a4", gutter_mm=8).cols == 2


def test_back_pages_follow_fronts_and_page_count(mini):
    """Issue: "back pages follow their front pages". 12 cards at 9 per page: 2 fronts + 2 backs."""
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    cards = physical_cards(mini) * 2
    assert len(cards) >= 12
    pages = _pages(sheets_pdf(mini, cards[:12]))
    assert len(pages) == 4
    assert [round(float(v)) for v in pages[0].mediabox[2:]] == [595, 842]
    assert len(_pages(sheets_pdf(mini, cards[:12], backs=False))) == 2


def test_backs_are_mirrored_for_long_edge_duplex(mini):
    """The back of the top-left card prints top-right on the back page (and so on per row)."""
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheet_layout, sheets_pdf

    layout = sheet_layout(mini, "a4")
    pw = layout.page[0]
    w = layout.card[0]
    for i in range(layout.per_page):
        fx, fy = layout.slot(i)
        bx, by = layout.slot(i, back=True)
        assert bx == pytest.approx(pw - fx - w) and by == pytest.approx(fy)
    # and in the printed PDF: two cards → backs only in the two right-hand slots of the top row
    data = sheets_pdf(mini, physical_cards(mini)[:2])
    back = _raster_page(data, 1)
    scale = 40 / 72

    def filled(index: int) -> bool:
        x, y = layout.slot(index)
        cx, cy = (x + w / 2) * scale, back.height - (y + layout.card[1] / 2) * scale
        return back.getpixel((round(cx), round(cy))) != (255, 255, 255)

    assert [filled(i) for i in range(3)] == [False, True, True]


def test_back_offset_moves_back_pages_only(mini):
    """Issue: "a --back-offset X,Y mm option to correct it"."""
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    cards = physical_cards(mini)[:1]
    plain, shifted = sheets_pdf(mini, cards), sheets_pdf(mini, cards, back_offset=(2.0, -1.0))
    assert _pages(plain)[0].get_contents().get_data() == _pages(shifted)[0].get_contents().get_data()
    assert b"1 0 0 1 5.669291 -2.834646 cm" in _pages(shifted)[1].get_contents().get_data()  # 2 mm, -1 mm
    assert b"5.669291 -2.834646" not in _pages(plain)[1].get_contents().get_data()


def test_crop_marks_stand_outside_the_bleed(mini):
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheet_layout, sheets_pdf

    layout = sheet_layout(mini, "a4")
    dpi = 150
    page = _raster_page(sheets_pdf(mini, physical_cards(mini)[:9], backs=False), 0, dpi)
    s = dpi / 72
    x = layout.x0 * s  # the first trim line
    top_trim = page.height - (layout.y0 + layout.rows * layout.card[1]) * s
    bleed_mm = layout.bleed / MM
    mark_y = top_trim - (bleed_mm + 3) * MM * s
    column = [page.getpixel((round(x) + dx, round(mark_y)))[0] for dx in (-1, 0, 1)]
    assert min(column) < 128, "a crop mark on the trim line, in the margin"
    gap_y = top_trim - (bleed_mm + 0.25) * MM * s
    assert page.getpixel((round(x), round(gap_y))) == (255, 255, 255), "marks keep clear of the bleed"


def test_same_inputs_give_byte_identical_pdfs(mini):
    """Issue: "the same inputs give byte-identical PDFs"."""
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    cards = physical_cards(mini)
    assert sheets_pdf(mini, cards, lang="fr") == sheets_pdf(mini, cards, lang="fr")


def test_calibration_page_front_and_back(tmp_path):
    from cardforge.render.formats import write_calibration

    path = write_calibration(tmp_path, paper="letter", lang="fr")
    pages = _pages(path.read_bytes())
    assert len(pages) == 2
    assert [round(float(v), 1) for v in pages[0].mediabox[2:]] == [612.0, 792.0]
    assert "--back-offset X,Y" in pages[0].extract_text()


@pytest.mark.parametrize(("text", "message"), [
    ("1", "bad --back-offset '1': expected X,Y in millimetres"),
    ("a,b", "bad --back-offset 'a,b'"),
    ("30,0", "over 20 mm"),
])
def test_bad_back_offset(text, message):
    from cardforge.errors import UsageError
    from cardforge.render.sheets import parse_offset

    with pytest.raises(UsageError, match=message):
        parse_offset(text)
    assert parse_offset("0.5,-1") == (0.5, -1.0)
