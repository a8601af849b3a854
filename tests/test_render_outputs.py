"""Print-on-demand profiles, PNGs, Tabletop Simulator sheets."""

from __future__ import annotations

import io
import json

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.render.pdf import MM
from tests.render_support import content_streams, fonts_of, write_mini_deck


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return load_deck(write_mini_deck(tmp_path_factory.mktemp("decks")))


def _reader(path):
    from pypdf import PdfReader

    return PdfReader(io.BytesIO(path.read_bytes()))


def test_profiles_and_aliases():
    from cardforge.errors import UsageError
    from cardforge.render.pod import PROFILES, get_profile

    assert {"thegamecrafter", "makeplayingcards", "drivethrucards", "printninja", "home-a4", "home-letter"} <= set(PROFILES)
    assert get_profile("TGC").name == "thegamecrafter"
    with pytest.raises(UsageError, match=r"unknown profile 'printnija'.*did you mean 'printninja'\?"):
        get_profile("printnija")


def test_drivethrucards_interleaves_back_then_front_in_cmyk_with_boxes(mini, tmp_path):
    """Issue: "DriveThruCards (one PDF, back/front interleaved, CMYK colours)"; "TrimBox and BleedBox
    set on every page"."""
    from cardforge.render.pod import get_profile, render_profile

    (path,) = render_profile(mini, get_profile("drivethrucards"), tmp_path)
    reader = _reader(path)
    assert len(reader.pages) == 2 * mini.total()
    b = mini.card.bleed_mm * MM
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page
        assert [round(float(v), 2) for v in page["/TrimBox"]] == [round(b, 2), round(b, 2), round(b + 180, 2), round(b + 252, 2)]
        assert [round(float(v), 2) for v in page["/BleedBox"]] == [round(float(v), 2) for v in page.mediabox]
    texts = [reader.pages[i].extract_text() for i in (0, 1, 2)]
    assert "Mini" in texts[0] and texts[1].strip().startswith("0") and "Mini" in texts[2]  # back, R0, back
    streams = b"\n".join(content_streams(path.read_bytes()))
    assert b" rg" not in streams and b" RG" not in streams, "no RGB colour in a CMYK profile"
    assert b" k" in streams
    assert all(fonts_of(path.read_bytes()).values())


def test_printninja_one_face_per_page_front_first(mini, tmp_path):
    from cardforge.render.pod import get_profile, render_profile

    (path,) = render_profile(mini, get_profile("printninja"), tmp_path)
    reader = _reader(path)
    assert len(reader.pages) == 2 * mini.total()
    assert reader.pages[0].extract_text().strip().startswith("0") and "Mini" in reader.pages[1].extract_text()
    assert b" rg" in b"\n".join(content_streams(path.read_bytes()))  # RGB


@pytest.mark.parametrize(("profile", "size"), [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_vendor_png_pixel_sizes(mini, tmp_path, profile, size):
    """Issue: "The Game Crafter (per-card PNG 825×1125 px, RGB), MakePlayingCards (822×1122 px)"."""
    from PIL import Image

    from cardforge.render.pod import get_profile, render_profile

    written = render_profile(mini, get_profile(profile), tmp_path)
    pngs = [p for p in written if p.suffix == ".png"]
    assert len(pngs) == len(mini.all_counts()) + 1  # each distinct face and the back
    for p in pngs[:3] + pngs[-1:]:
        with Image.open(p) as im:
            assert im.size == size and im.mode == "RGB"


def test_png_set_300_dpi_with_counts_and_contact_sheet(mini, tmp_path):
    """Issue: "one image per card at 300 DPI with bleed … plus a contact-sheet preview PNG"."""
    from PIL import Image

    from cardforge.render.png import card_pngs, contact_sheet, png_size

    assert png_size(load_deck("rows")) == (825, 1125)
    written = card_pngs(mini, tmp_path / "png", cards=[Card("Y", 6), Card(action="passe")])
    names = sorted(p.name for p in written)
    assert names == ["Y6.png", "back.png", "counts.csv", "passe.png"]
    with Image.open(tmp_path / "png" / "Y6.png") as im:
        assert im.size == (825, 1125) and round(im.info["dpi"][0]) == 300
    assert "Y6.png,2" in (tmp_path / "png" / "counts.csv").read_text()
    sheet = contact_sheet(mini, tmp_path / "contact.png")
    with Image.open(sheet) as im:
        assert im.width > 5 * 180 and im.height > 180


def test_png_is_the_pdf_rasterised(mini, tmp_path):
    """One design, two outputs: the PNG equals the print PDF page rendered at 300 DPI."""
    import pypdfium2 as pdfium
    from PIL import Image, ImageChops

    from cardforge.render.facepages import faces_pdf
    from cardforge.render.png import card_pngs

    card = Card("RB", 9)
    (png, *_rest) = card_pngs(mini, tmp_path, cards=[card])
    doc = pdfium.PdfDocument(faces_pdf(mini, [card]))
    direct = doc[0].render(scale=300 / 72).to_pil().convert("RGB")
    doc.close()
    with Image.open(png) as im:
        diff = ImageChops.difference(im.convert("RGB"), direct.crop((0, 0, *im.size))).convert("L").histogram()
    assert sum(diff[16:]) < 0.01 * sum(diff)


def test_tts_sheets_within_limits_and_hidden_card_last(mini, tmp_path):
    """Issue: "deck sheets of up to 10×7 cells (69 faces + the hidden card), each ≤ 4096 px a side, RGB"."""
    from PIL import Image

    from cardforge.render.facepages import physical_cards
    from cardforge.render.tts import tts_cell_size, tts_export

    cell = tts_cell_size(load_deck("rows"))
    assert cell[0] * 10 <= 4096 and cell[1] * 7 <= 4096
    cards = physical_cards(mini) * 9  # 81 cards: one full sheet of 69 and one of 12
    written = tts_export(mini, tmp_path, cards=cards)
    manifest = json.loads((tmp_path / "tts.json").read_text())
    sheets = manifest["sheets"]
    assert [s["cards"] for s in sheets] == [69, 12]
    assert (sheets[0]["columns"], sheets[0]["rows"]) == (10, 7)
    back = Image.open(tmp_path / "back.png").convert("RGB")
    for s in sheets:
        assert s["columns"] <= 10 and s["rows"] <= 7
        with Image.open(tmp_path / s["file"]) as im:
            assert im.mode == "RGB" and max(im.size) <= 4096
            assert im.size == (s["columns"] * cell[0], s["rows"] * cell[1])
            last = im.crop((im.width - cell[0], im.height - cell[1], im.width, im.height))
            assert last.tobytes() == back.tobytes(), "the last cell shows the hidden card (the back)"
    assert len(written) == 4


def test_failed_render_leaves_no_file_behind(mini, tmp_path):
    """Issue: "outputs are written atomically (no half-written file after an error …)"."""
    import dataclasses

    from cardforge.cards import Text
    from cardforge.render.formats import render_target
    from cardforge.render.textfit import TextDoesNotFit

    action = mini.actions["passe"]
    verbose = dataclasses.replace(mini, actions={"passe": dataclasses.replace(action, effect=Text("x " * 900, "y " * 900))},
                                  _counts_cache={})
    with pytest.raises(TextDoesNotFit):
        render_target(verbose, ("sheets",), tmp_path)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_progress_reaches_the_planned_total(mini, tmp_path):
    """The progress bar's total is what the render reports, so the bar ends full."""
    from cardforge.render.formats import planned_faces, render_target

    formats, profiles = ("sheets", "pod"), ["drivethrucards", "home-letter"]
    done = []
    render_target(mini, formats, tmp_path, profiles=profiles, progress=done.append)
    assert sum(done) == planned_faces(mini, formats, profiles) == 3 * mini.total()


def test_thegamecrafter_set_reuses_the_png_set(mini, tmp_path):
    """Rendering png and pod together writes The Game Crafter's identical PNGs once (copied, not drawn again)."""
    from cardforge.render.formats import render_target

    done = []
    render_target(mini, ("pod", "png"), tmp_path, profiles=["thegamecrafter"], progress=done.append)
    png, tgc = tmp_path / "mini" / "png-en", tmp_path / "mini" / "pod" / "mini-thegamecrafter-en"
    assert sorted(p.name for p in png.iterdir()) == sorted(p.name for p in tgc.iterdir())
    assert (png / "R0.png").read_bytes() == (tgc / "R0.png").read_bytes()
    assert (png / "R0.png").stat().st_ino != (tgc / "R0.png").stat().st_ino  # copies, never hard links
