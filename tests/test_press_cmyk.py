"""DriveThruCards' CMYK (issue 26): SVG and RGB art converted through an ICC profile (SVG art
crashed the render), total ink ≤ 240 % measured on the PDF/X file (it was 276–296 %), and 100 % K
text and hairlines overprinting (they knocked out of coloured backgrounds)."""

from __future__ import annotations

import subprocess
import textwrap

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.render import cmyk, prepress
from cardforge.render.pod import get_profile, render_profile
from tests.render_support import MINI_DECK, write_mini_deck
from tests.test_prepress import assert_cmyk_only, need_ghostscript

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
<rect width="100" height="100" fill="#1A0A3C"/><circle cx="50" cy="50" r="30" fill="#3A86FF" stroke="#000" stroke-width="3"/></svg>
"""


def _art_deck(folder):
    """The mini deck with an SVG on one family and a dark, saturated RGB photo on another."""
    from PIL import Image

    (folder / "art").mkdir(parents=True)
    (folder / "art" / "h.svg").write_text(SVG, encoding="utf-8")
    photo = Image.new("RGB", (90, 120))
    photo.putdata([(20, 10, 60) if y < 40 else ((x * 7) % 256, (y * 5) % 256, (x * y) % 256)
                   for y in range(120) for x in range(90)])
    photo.save(folder / "art" / "photo.png")
    text = MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", "  R: {values: {min: 0, max: 2}, image: art/h.svg}")
    text = text.replace("  Y: {values: {min: 6, max: 6}, copies: 2}", "  Y: {values: {min: 6, max: 6}, copies: 2, image: art/photo.png}")
    return load_deck(write_mini_deck(folder, text))


def _separations(pdf_path, tmp_path, *extra: str):
    """Every page of a PDF as CMYK pixels (Ghostscript's tiff32nc device)."""
    from PIL import Image

    subprocess.run([prepress.ghostscript(), "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", "-r72", *extra,
                    f"-sOutputFile={tmp_path}/sep%03d.tif", str(pdf_path)], check=True, timeout=300)
    return [Image.open(p) for p in sorted(tmp_path.glob("sep*.tif"))]


def test_limit_ink_moves_grey_to_black_then_scales_the_colours():
    assert cmyk.limit_ink(0.2, 0.3, 0.4, 0.1) == (0.2, 0.3, 0.4, 0.1)  # under the limit: untouched
    c, m, y, k = cmyk.limit_ink(0.9, 0.9, 0.9, 0.9)
    assert c + m + y + k == pytest.approx(2.40, abs=1e-3) and k == pytest.approx(1.0)
    assert sum(cmyk.limit_ink(1.0, 1.0, 0.0, 0.5)) == pytest.approx(2.40)


def test_rgb_art_through_the_icc_profile_stays_within_240_percent():
    from PIL import Image

    if cmyk.icc_profile() is None:
        pytest.skip("no CMYK ICC profile here (Debian's ghostscript package ships it)")
    raw = Image.new("RGB", (4, 4), (20, 10, 60))
    assert cmyk.total_ink(cmyk.cmyk_image(raw)) <= 2.40 + 1e-9
    from PIL import ImageCms

    unlimited = ImageCms.profileToProfile(raw, ImageCms.createProfile("sRGB"), str(cmyk.icc_profile()), outputMode="CMYK")
    assert cmyk.total_ink(unlimited) > 2.6  # what SWOP alone gives this navy


def test_svg_and_rgb_art_render_for_drivethrucards_as_cmyk_within_240_percent(tmp_path):
    """SVG art raised ``ValueError: Non CMYK color`` (a traceback); RGB art reached 276–296 %."""
    need_ghostscript()
    deck = _art_deck(tmp_path / "deck")
    (path,) = render_profile(deck, get_profile("dtc"), tmp_path / "out")
    pdf = path.read_bytes()
    assert b"GTS_PDFXVersion" in pdf
    assert_cmyk_only(pdf)
    # the file's own CMYK values (no colour management in the measuring device)
    pages = _separations(path, tmp_path, "-dUseFastColor=true")
    inks = [cmyk.total_ink(page) for page in pages]
    assert max(inks) <= 2.40 + 1 / 255, inks
    assert max(inks) > 2.3  # the dark art is there, at the limit


def test_black_text_and_hairlines_overprint_a_coloured_background(tmp_path):
    need_ghostscript()
    folder = tmp_path / "deck"
    folder.mkdir()
    (folder / "press.yaml").write_text(textwrap.dedent("""\
        kind: layout
        id: press
        faces:
          number:
            elements:
              bg: {type: rect, anchor: bleed, fill: "'#1F63C6'"}
              word: {type: text, cx: 50%, cy: 30%, width: 80%, height: 20%, text: "HH", size: 60pt, color: "'#000000'", font: "'DejaVuSans-Bold'"}
              rule: {type: line, x: 10%, right: 10%, y: 70%, height: 0, stroke: "'#000000'", stroke_width: 0.3}
              bar: {type: line, x: 10%, right: 10%, y: 85%, height: 0, stroke: "'#000000'", stroke_width: 4mm}
          back:
            elements:
              bg: {type: rect, anchor: bleed, fill: back.color}
        """), encoding="utf-8")
    deck = load_deck(write_mini_deck(folder, MINI_DECK + "layout: press.yaml\n"))
    from cardforge.render.facepages import faces_pdf

    pdf_path = tmp_path / "press.pdf"
    pdf_path.write_bytes(faces_pdf(deck, [Card("R", 1)], cmyk=True))
    (page,) = _separations(pdf_path, tmp_path, "-dOverprint=/simulate")
    w, h = page.size
    px = page.load()

    def blackest(y0: float, y1: float) -> tuple:
        return max((px[x, y] for x in range(w) for y in range(int(h * y0), int(h * y1))), key=lambda p: (p[3], p[0]))

    background = px[2, 2]
    assert background[0] > 150
    text, rule, bar = blackest(0.22, 0.38), blackest(0.68, 0.73), blackest(0.83, 0.88)
    assert text[3] == 255 and text[0] == background[0], ("text overprints", text)
    assert rule[3] == 255 and rule[0] == background[0], ("a hairline overprints", rule)
    assert bar[3] == 255 and bar[0] == 0, ("a 4 mm black bar knocks out, as large black areas do", bar)


def test_deck_colours_over_the_ink_limit_are_brought_to_it():
    from cardforge.render.colours import Palette

    navy = Palette(cmyk=True).colour("#000080").cmyk()
    assert sum(navy) == pytest.approx(2.40, abs=1e-3)  # the plain formula gave 250 %
    assert Palette(cmyk=True).colour("#FF0000").cmyk() == (0.0, 1.0, 1.0, 0.0)  # under the limit: as before
