"""Art, fonts and inline icons from the deck's folder, round-tripped into the PDF; and
``validate`` finding every problem render would refuse."""

from __future__ import annotations

import re

import shutil
import subprocess

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.errors import DeckError
from tests.render_support import MINI_DECK, ROOT, write_mini_deck

poppler = pytest.mark.skipif(shutil.which("pdfimages") is None, reason="poppler-utils (pdfimages, pdffonts) not installed")


def _png(path, size=(900, 1200), colour=(30, 140, 200)):
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)
    return path


def _svg(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
                    '<circle cx="50" cy="50" r="40" fill="#E07000"/></svg>', encoding="utf-8")
    return path


def _cli(*args, cwd=None):
    import sys

    return subprocess.run([sys.executable, "-m", "cardforge", *args], capture_output=True, text=True, cwd=cwd)


@poppler
def test_back_family_and_action_art_round_trip_into_the_pdf(tmp_path):
    from cardforge.render.sheets import sheets_pdf

    _png(tmp_path / "art" / "back.png", colour=(200, 30, 30))
    _png(tmp_path / "art" / "red.png", colour=(240, 200, 200))
    _svg(tmp_path / "art" / "skip.svg")
    text = MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", "  R: {values: {min: 0, max: 2}, image: art/red.png}")
    text = text.replace("style:\n  back: {", "style:\n  back: {image: art/back.png, ")
    text = text.replace("    count: 2\n", "    count: 2\n    image: art/skip.svg\n")
    deck = load_deck(write_mini_deck(tmp_path, text))
    pdf = tmp_path / "sheets.pdf"
    pdf.write_bytes(sheets_pdf(deck, deck.cards()))
    listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in listing.splitlines()[2:]]
    assert rows and all(r[3:5] == ["900", "1200"] for r in rows), listing
    # 3 red cards and 9 backs show pictures, each file stored once and drawn by reference
    assert len(rows) == 12 and len({r[10] for r in rows}) == 2, listing
    from cardforge.render.facepages import faces_pdf
    from cardforge.render.faces import card_size_points, face_ops
    from cardforge.render.raster import rasterise

    w, h = card_size_points(deck, bleed=True)
    red, back = rasterise(faces_pdf(deck, [Card("R", 0), None]), size=(110, 150), visible=(w, h))
    assert red.convert("RGB").getpixel((2, 2)) == (240, 200, 200)  # the PNG's pixels, passed through intact
    assert back.convert("RGB").getpixel((55, 75)) == (200, 30, 30)
    ops = {op.name: op for op in face_ops(deck, Card(action="passe"))}
    assert "art" in ops and "icon" not in ops  # the action's SVG (vectors, not in pdfimages) replaces its icon


@poppler
def test_a_truetype_font_from_the_deck_folder_is_embedded_and_subset(tmp_path):
    from cardforge.render.facepages import faces_pdf

    from pathlib import Path

    import reportlab

    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", tmp_path / "House.ttf")  # not a bundled font
    deck = load_deck(write_mini_deck(tmp_path, MINI_DECK.replace("style:\n", "style:\n  font_text: House\n")
                                     + "fonts: {House: House.ttf}\n"))
    pdf = tmp_path / "faces.pdf"
    pdf.write_bytes(faces_pdf(deck, [Card(action="passe")], lang="en"))
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    line = next((line for line in out.splitlines() if "Vera" in line), None)
    assert line is not None, out
    assert "+" in line.split()[0]  # subset tag ABCDEF+BitstreamVeraSans-Roman
    assert line.split()[-5:-3] == ["yes", "yes"], out  # emb, sub


def test_a_damaged_opentype_cff_font_is_refused_in_one_line(tmp_path):
    """A real .otf with CFF outlines is drawn (tests/test_font_cff.py); a damaged one is refused."""
    (tmp_path / "Fancy.otf").write_bytes(b"OTTO" + b"\0" * 64)
    path = write_mini_deck(tmp_path, MINI_DECK + "fonts: {Fancy: Fancy.otf}\n")
    with pytest.raises(DeckError, match=r"mini.yaml:\d+:\d+: fonts.Fancy: font 'Fancy.otf' cannot be read as OpenType-CFF"):
        load_deck(path)


@pytest.mark.parametrize("src, message", [
    ("../outside.png", "leaves the deck's folder"),
    ("art/none.png", "not found"),
    ("art/broken.png", "cannot be read"),
    ("art/notes.txt", "expected a PNG, JPEG or SVG"),
])
def test_bad_art_is_an_error_with_file_line_column(tmp_path, src, message):
    (tmp_path / "art").mkdir(parents=True, exist_ok=True)
    (tmp_path / "art" / "broken.png").write_bytes(b"\x89PNG not really")
    (tmp_path / "art" / "notes.txt").write_text("hi", encoding="utf-8")
    text = MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", f"  R: {{values: {{min: 0, max: 2}}, image: {src}}}")
    with pytest.raises(DeckError, match=rf"mini.yaml:6:40: families.R.image: .*{message}"):
        load_deck(write_mini_deck(tmp_path, text))


def test_low_resolution_art_is_a_warning_not_an_error(tmp_path):
    _png(tmp_path / "art" / "back.png", size=(60, 80))
    path = write_mini_deck(tmp_path, MINI_DECK.replace("style:\n  back: {", "style:\n  back: {image: art/back.png, "))
    result = _cli("validate", str(path))
    assert result.returncode == 0, result.stderr
    assert f"{path}:1:1: warning: " in result.stdout and "DPI" in result.stdout and "300" in result.stdout


def test_validate_reports_every_problem_and_what_render_would_refuse(tmp_path):
    """Issue: validate said OK to an effect that cannot fit, to an unknown icon, and stopped at the
    first problem.  Now each is a line of its own, with its place."""
    text = MINI_DECK.replace("en: A targeted opponent skips their next turn (no draw). Their sequence stays live during the skipped turn.",
                             "en: " + "word " * 300)
    text = text.replace("fr: Un adversaire ciblé", "fr: Un {icon:meteor} adversaire ciblé")
    path = write_mini_deck(tmp_path, text)
    result = _cli("validate", str(path))
    lines = result.stdout.splitlines()
    assert result.returncode == 1 and result.stderr == ""
    assert any("unknown icon 'meteor'" in line and "actions.passe.effect.fr" in line for line in lines), lines
    assert any("does not fit" in line and "actions.passe.effect.en" in line for line in lines), lines
    assert all(re.match(r".*mini\.yaml:\d+:\d+: error: ", line) for line in lines), lines


def test_validate_lists_every_schema_problem_not_only_the_first(tmp_path):
    text = MINI_DECK.replace("players: {min: 2, max: 4}", "players: {min: 2, max: 4, maxi: 5}")
    text = text.replace("  SH: {values: {min: 16, max: 16}}", "  SH: {values: {min: 16, max: 16}, copie: 2}")
    result = _cli("validate", str(write_mini_deck(tmp_path, text)))
    assert result.returncode == 1
    assert "'maxi'" in result.stdout and "'copie'" in result.stdout and len(result.stdout.splitlines()) == 2


def test_an_unknown_icon_in_the_base_is_an_error(tmp_path):
    path = write_mini_deck(tmp_path)
    base = tmp_path / "base.yaml"
    base.write_text(base.read_text(encoding="utf-8").replace("icon: skip}", "icon: meteor}"), encoding="utf-8")
    with pytest.raises(DeckError, match=r"base.yaml:\d+:\d+: actions.passe.icon: unknown icon 'meteor'"):
        load_deck(path)


def test_a_deck_outside_decks_without_a_base_extends_the_bundled_one(tmp_path):
    (tmp_path / "mine.yaml").write_text(MINI_DECK, encoding="utf-8")
    deck = load_deck(tmp_path / "mine.yaml")
    assert deck.total() == 9 and "R" in deck.families


def test_inline_icons_are_drawn_not_printed(tmp_path):
    from cardforge.render.facepages import faces_pdf
    from tests.render_support import _reader

    text = MINI_DECK.replace("en: A targeted opponent skips their next turn (no draw). Their sequence stays live during the skipped turn.",
                             "en: 'A :skip: targeted opponent {icon:flash} skips their next turn.'")
    deck = load_deck(write_mini_deck(tmp_path, text))
    pdf = faces_pdf(deck, [Card(action="passe")])
    words = _reader(pdf).pages[0].extract_text()
    assert "targeted" in words and ":skip:" not in words and "icon:flash" not in words


def test_a_card_too_big_for_home_sheets_is_a_validate_warning(tmp_path):
    path = write_mini_deck(tmp_path, MINI_DECK + "card: {width_mm: 199, height_mm: 299}\n")
    result = _cli("validate", str(path))
    assert result.returncode == 0, result.stderr
    assert ": warning: " in result.stdout and "does not fit on a4" in result.stdout
