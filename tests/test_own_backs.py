"""A card's own back in every format (issue #26, item 1): a row naming a ``back`` picture gets
that back on the home sheets, in the print-on-demand files, as its own PNG and in Tabletop
Simulator's grid of unique backs; the cards without one keep the deck's back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardforge.deck import load_deck
from tests.conftest import run_cli

RED = (200, 20, 20)


def _deck(tmp_path: Path) -> Path:
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (60, 84), RED).save(tmp_path / "art" / "red.png")
    (tmp_path / "cards.csv").write_text("name,count,back\nOne,2,art/red.png\nTwo,1,\n", encoding="utf-8")
    (tmp_path / "own.yaml").write_text("id: own\ntitle: Own\nlanguages: [en]\ncards: cards.csv\ncard: {size: poker}\n",
                                       encoding="utf-8")
    return tmp_path / "own.yaml"


def _render(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "out"
    result = run_cli("render", str(_deck(tmp_path)), "--out", str(out), *args)
    assert result.code == 0, result.err
    return out / "own"


def _centre(path: Path) -> tuple[int, int, int]:
    from PIL import Image

    with Image.open(path) as im:
        return im.convert("RGB").getpixel((im.width // 2, im.height // 2))


def test_per_card_pngs_write_the_own_back_and_count_it(tmp_path):
    folder = _render(tmp_path, "--format", "png") / "png-en"
    assert sorted(p.name for p in folder.glob("*.png")) == ["CARD1.png", "CARD2.png", "back-CARD1.png", "back.png"]
    assert _centre(folder / "back-CARD1.png") == RED and _centre(folder / "back.png") != RED
    assert (folder / "counts.csv").read_text().splitlines() == [
        "file,count", "CARD1.png,2", "CARD2.png,1", "back.png,1", "back-CARD1.png,2"]


def test_tts_sheets_carry_a_grid_of_unique_backs(tmp_path):
    folder = _render(tmp_path, "--format", "tts") / "tts-en"
    sheet = json.loads((folder / "tts.json").read_text())["sheets"][0]
    assert sheet["codes"] == ["CARD1", "CARD1", "CARD2"]
    assert sheet["back"] == "sheet-1-backs.png" and sheet["unique_back"] is True
    from PIL import Image

    with Image.open(folder / "sheet-1-backs.png") as grid, Image.open(folder / "sheet-1.png") as faces:
        assert grid.size == faces.size
        w = grid.width // sheet["columns"]
        h = grid.height // sheet["rows"]
        cell = [grid.convert("RGB").getpixel((i * w + w // 2, h // 2)) for i in range(3)]
    assert cell[0] == cell[1] == RED and cell[2] != RED  # cell for cell: CARD1 twice, then the deck's back


def test_a_deck_without_own_backs_has_no_grid_of_backs(tmp_path):
    (tmp_path / "cards.csv").write_text("name\nOne\n", encoding="utf-8")
    (tmp_path / "p.yaml").write_text("id: p\ntitle: P\nlanguages: [en]\ncards: cards.csv\n", encoding="utf-8")
    assert run_cli("render", str(tmp_path / "p.yaml"), "--format", "tts", "--out", str(tmp_path / "o")).code == 0
    sheet = json.loads((tmp_path / "o" / "p" / "tts-en" / "tts.json").read_text())["sheets"][0]
    assert "back" not in sheet and not list((tmp_path / "o" / "p" / "tts-en").glob("*-backs.png"))


def _page_centres(pdf: Path) -> list[tuple[int, int, int]]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        out = []
        for page in doc:
            im = page.render(scale=0.3).to_pil().convert("RGB")
            out.append(im.getpixel((im.width // 2, im.height // 2)))
        return out
    finally:
        doc.close()


def _reddish(rgb: tuple[int, int, int]) -> bool:
    return rgb[0] > 150 and rgb[1] < 90 and rgb[2] < 90


@pytest.mark.parametrize(("profile", "backs"), [("printninja", (1, 3, 5)), ("drivethrucards", (0, 2, 4))])
def test_print_on_demand_pdfs_put_each_cards_own_back_on_its_back_page(tmp_path, profile, backs):
    folder = _render(tmp_path, "--format", "pod", "--profile", profile)
    centres = _page_centres(folder / "pod" / f"own-{profile}-en.pdf")
    assert len(centres) == 6
    assert [_reddish(centres[i]) for i in backs] == [True, True, False]  # CARD1 twice, CARD2 the deck's back


def test_png_profiles_send_the_own_back_too(tmp_path):
    folder = _render(tmp_path, "--format", "pod", "--profile", "thegamecrafter") / "pod" / "own-thegamecrafter-en"
    assert "back-CARD1.png" in {p.name for p in folder.glob("*.png")}
    assert _centre(folder / "back-CARD1.png") == RED
