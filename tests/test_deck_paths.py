"""One containment rule for every file a deck names (issue #31, items 1–2): rules text, card
table, art, fonts, layouts, a layout's ``extends`` and every reference inside an SVG are
refused — ``..``, an absolute path or a symbolic link out of the deck's folder — with the deck
file's line and column and the path, by ``validate`` and by the command that would read it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardforge.deck.loader import validate_file
from cardforge.errors import DeckError
from tests.cli_helpers import one_finding, one_line_error
from tests.render_support import MINI_DECK, write_mini_deck

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">'
       '{body}</svg>')
LAYOUT = "kind: layout\nid: mine\nextends: {ref}\n"


def _secrets(folder: Path) -> dict[str, Path]:
    """A readable file of each kind outside the deck's folder (so only where it is can be wrong)."""
    import reportlab
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "secret.md").write_text("# root:x:0:0\n", encoding="utf-8")
    (folder / "secret.csv").write_text("card,count\nR1,1\n", encoding="utf-8")
    Image.new("RGB", (400, 400), (1, 2, 3)).save(folder / "secret.png")
    shutil.copy(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", folder / "secret.ttf")
    (folder / "secret.yaml").write_text("kind: layout\nid: secret\nextends: num\n", encoding="utf-8")
    return {p.suffix: p for p in folder.iterdir()}


#: kind → (suffix of the file it names, the deck text naming ``{p}``, the key validate points at)
KINDS = {
    "rules": (".md", MINI_DECK + "rules: {p}\n", "rules"),
    "cards": (".csv", MINI_DECK + "cards: {p}\n", "cards"),
    "image": (".png", MINI_DECK.replace("  R: {values: {min: 0, max: 2}}", "  R: {values: {min: 0, max: 2}, image: '{p}'}"),
              "families.R.image"),
    "font": (".ttf", MINI_DECK + "fonts: {House: '{p}'}\n", "fonts.House"),
    "layout": (".yaml", MINI_DECK + "layout: '{p}'\n", "layout"),
}


def _place(deck_dir: Path, secret: Path, how: str, base: Path) -> str:
    """How the deck names ``secret``: climbing out, absolute, or through a link in ``base``."""
    if how == "dotdot":
        return os.path.relpath(secret, base)
    if how == "absolute":
        return str(secret)
    base.mkdir(parents=True, exist_ok=True)
    (base / f"link{secret.suffix}").symlink_to(secret)
    return os.path.relpath(base / f"link{secret.suffix}", base)


HOWS = ("dotdot", "absolute", "symlink")


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("kind", KINDS)
def test_every_path_a_deck_names_stays_in_its_folder(tmp_path, kind, how):
    suffix, text, key = KINDS[kind]
    secret = _secrets(tmp_path / "outside")[suffix]
    deck_dir = tmp_path / "deck"
    deck_dir.mkdir()
    name = _place(deck_dir, secret, how, deck_dir)
    path = write_mini_deck(deck_dir, text.replace("{p}", name))
    with pytest.raises(DeckError) as info:
        validate_file(path)
    message = str(info.value)
    assert message.startswith(f"{path}:") and f": {key}: " in message, message
    assert repr(name) in message and ("leaves" in message or "absolute" in message or "symbolic link" in message)


@pytest.mark.parametrize("how", HOWS)
def test_a_layouts_extends_stays_in_its_folder(tmp_path, how):
    secret = _secrets(tmp_path / "outside")[".yaml"]
    deck_dir = tmp_path / "deck"
    deck_dir.mkdir()
    ref = _place(deck_dir, secret, how, deck_dir)
    (deck_dir / "mine.yaml").write_text(LAYOUT.replace("{ref}", ref), encoding="utf-8")
    path = write_mini_deck(deck_dir, MINI_DECK + "layout: mine.yaml\n")
    with pytest.raises(DeckError, match=r"mine.yaml:3:10: extends: layout .* (leaves|absolute|symbolic link)"):
        validate_file(path)


@pytest.mark.parametrize("how", HOWS)
@pytest.mark.parametrize("form", ['<image xlink:href="{p}" width="50" height="50"/>', '<image href="{p}" width="5" height="5"/>',
                                  '<rect width="9" height="9" style="fill: url({p})"/>', '<rect width="9" height="9" fill="url(\'{p}\')"/>',
                                  '<style>@import "{p}"; rect {fill: url({p})}</style>', '<use xlink:href="{p}#a"/>'])
def test_every_reference_inside_an_svg_stays_in_the_deck_folder(tmp_path, how, form):
    secret = _secrets(tmp_path / "outside")[".png"]
    deck_dir = tmp_path / "deck"
    art = deck_dir / "art"
    art.mkdir(parents=True)
    ref = _place(deck_dir, secret, how, art)
    (art / "a.svg").write_text(SVG.replace("{body}", form.replace("{p}", ref)), encoding="utf-8")
    path = write_mini_deck(deck_dir, KINDS["image"][1].replace("{p}", "art/a.svg"))
    with pytest.raises(DeckError, match=r"mini.yaml:6:40: families.R.image: image 'art/a.svg': the SVG's reference"):
        validate_file(path)


def test_an_svg_may_name_art_elsewhere_in_the_deck_folder_and_a_url_is_refused(tmp_path):
    from PIL import Image

    deck_dir = tmp_path / "deck"
    (deck_dir / "art" / "pics").mkdir(parents=True)
    Image.new("RGB", (20, 20), (200, 0, 0)).save(deck_dir / "pics.png")
    svg = deck_dir / "art" / "a.svg"
    svg.write_text(SVG.replace("{body}", '<image xlink:href="../pics.png" width="50" height="50"/><rect fill="url(#g)"/>'),
                   encoding="utf-8")
    path = write_mini_deck(deck_dir, KINDS["image"][1].replace("{p}", "art/a.svg"))
    assert "ok" in validate_file(path)
    svg.write_text(SVG.replace("{body}", '<image xlink:href="file:///etc/passwd"/>'), encoding="utf-8")
    with pytest.raises(DeckError, match="is a URL"):
        validate_file(path)


def test_rulebook_and_render_refuse_what_validate_refuses_in_one_line(tmp_path, cli):
    """The issue's reproduction: ``rules: /etc/passwd`` and SVG art drawing a file from outside."""
    secret = _secrets(tmp_path / "outside")
    deck_dir = tmp_path / "deck"
    (deck_dir / "art").mkdir(parents=True)
    (deck_dir / "art" / "back.svg").write_text(SVG.replace("{body}", f'<image xlink:href="{secret[".png"]}" width="9" height="9"/>'),
                                               encoding="utf-8")
    path = write_mini_deck(deck_dir, MINI_DECK + f"rules: {secret['.md']}\n")
    out = tmp_path / "out"
    one_finding(cli("validate", str(path)), f"{path}:18:8: rules: ", "is an absolute path")
    one_line_error(cli("rulebook", str(path), "--out", str(out)), "rules text", str(secret[".md"]))
    path.write_text(MINI_DECK.replace("style:\n  back: {", "style:\n  back: {image: art/back.svg, "), encoding="utf-8")
    one_finding(cli("validate", str(path)), f"{path}:17:17: style.back.image: ", "is an absolute path")
    one_line_error(cli("render", str(path), "--format", "sheets", "--out", str(out)), ":17:17: style.back.image: ",
                   "back.svg", "is an absolute path")
    assert not any(out.rglob("*.pdf"))


def test_art_swapped_for_a_link_out_after_the_deck_was_loaded_is_refused_by_render(tmp_path, cli):
    """The deck cache knows the deck file, not its art: the reader itself checks the path."""
    from PIL import Image

    secret = _secrets(tmp_path / "outside")
    deck_dir = tmp_path / "deck"
    (deck_dir / "art").mkdir(parents=True)
    Image.new("RGB", (750, 1050), (9, 9, 9)).save(deck_dir / "art" / "back.png")
    path = write_mini_deck(deck_dir, MINI_DECK.replace("style:\n  back: {", "style:\n  back: {image: art/back.png, "))
    out = tmp_path / "out"
    assert cli("render", str(path), "--format", "sheets", "--out", str(out)).code == 0  # loaded, cached
    (deck_dir / "art" / "back.png").unlink()
    (deck_dir / "art" / "back.png").symlink_to(secret[".png"])
    one_line_error(cli("render", str(path), "--format", "sheets", "--out", str(out / "again")),
                   f"{path}:17:17: style.back.image: ", "'art/back.png' is a symbolic link to a file outside")


def test_a_base_beside_the_deck_that_links_out_of_its_folder_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    deck_dir = tmp_path / "deck"
    path = write_mini_deck(deck_dir)
    (deck_dir / "base.yaml").rename(outside / "base.yaml")
    (deck_dir / "base.yaml").symlink_to(outside / "base.yaml")
    with pytest.raises(DeckError, match=r"mini.yaml:2:10: extends: extends 'base.yaml' is a symbolic link to a file outside"):
        validate_file(path)
