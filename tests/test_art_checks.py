"""Art that ``validate`` passed used to crash ``render`` (issue #31, item 6): now each is either
refused by ``validate`` in one line, at the deck's line, or drawn."""

from __future__ import annotations

import pytest

from tests.cli_helpers import one_finding, one_line_error
from tests.render_support import MINI_DECK, write_mini_deck

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="140">{}</svg>'


def _deck_with_back(tmp_path, name, data: bytes):
    (tmp_path / "art").mkdir(parents=True, exist_ok=True)
    (tmp_path / "art" / name).write_bytes(data)
    return write_mini_deck(tmp_path, MINI_DECK.replace("style:\n  back: {", f"style:\n  back: {{image: art/{name}, "))


def test_an_svg_with_an_image_inside_renders_sheets(tmp_path, cli):
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (30, 30), (200, 10, 10)).save(tmp_path / "art" / "pic.png")
    path = _deck_with_back(tmp_path, "back.svg", SVG.format('<image xlink:href="pic.png" width="60" height="60"/>').encode())
    result = cli("render", str(path), "--format", "sheets", "--out", str(tmp_path / "out"))
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    pdf = next((tmp_path / "out").rglob("*.pdf")).read_bytes()
    assert b"/Subtype /Image" in pdf, "the picture inside the SVG is drawn (an image XObject), not dropped"


@pytest.mark.parametrize("data, fragment", [
    (b'<svg xmlns="http://www.w3.org/2000/svg" width="0" height="140"><rect width="9" height="9"/></svg>', "is not drawable"),
    (b"<html><body>not art</body></html>", "its root element is <html>"),
    (b"<svg", "not a readable SVG"),
    (SVG.format('<text x="1" y="20" font-size="1e30">Hi</text>').encode(), "the SVG cannot be drawn"),
])
def test_an_undrawable_svg_is_refused_by_validate_in_one_line(tmp_path, cli, data, fragment):
    path = _deck_with_back(tmp_path, "back.svg", data)
    one_finding(cli("validate", str(path)), f"{path}:", "back.svg", fragment)
    result = cli("render", str(path), "--format", "sheets", "--out", str(tmp_path / "out"))
    one_line_error(result, "back.svg", fragment)


def test_a_truncated_jpeg_is_refused_not_embedded(tmp_path, cli):
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.effect_noise((600, 800), 80).convert("RGB").save(buf, "JPEG", quality=95)
    path = _deck_with_back(tmp_path, "back.jpg", buf.getvalue()[: len(buf.getvalue()) // 2])
    one_finding(cli("validate", str(path)), f"{path}:17:17: style.back.image: ", "back.jpg", "cannot be read")
    one_line_error(cli("render", str(path), "--format", "sheets", "--out", str(tmp_path / "out")), "back.jpg")
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_art_of_more_pixels_than_a_card_needs_is_refused_in_one_line_without_a_warning(tmp_path, cli):
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("L", (10_000, 9_000)).save(tmp_path / "art" / "huge.png")  # 90 megapixels: Pillow would warn
    path = _deck_with_back(tmp_path, "huge.png", (tmp_path / "art" / "huge.png").read_bytes())
    one_finding(cli("validate", str(path)), f"{path}:17:17: style.back.image: ", "90 megapixels")


def test_a_truncated_picture_inside_an_svg_is_refused_too(tmp_path, cli):
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.effect_noise((300, 300), 80).convert("RGB").save(buf, "JPEG")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "pic.jpg").write_bytes(buf.getvalue()[:2000])
    path = _deck_with_back(tmp_path, "back.svg", SVG.format('<image xlink:href="pic.jpg" width="60" height="60"/>').encode())
    one_finding(cli("validate", str(path)), f"{path}:17:17: style.back.image: ", "the SVG's reference 'pic.jpg'",
                   "truncated")
