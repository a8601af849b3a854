"""What renders wrong is caught by validate (issue #26, item 2): a field no card has, a name
that is nothing, every schema error of a layout file, and a plain file name as an image's src."""

from __future__ import annotations

from tests.conftest import run_cli
from tests.test_free_decks import pocket

MISSPELT = """\
kind: layout
id: mine
extends: fields
faces:
  card:
    elements:
      power: {type: text, x: 5mm, y: 60mm, width: 20mm, height: 8mm, text: "{card.powr}"}
      art2: {type: image, x: 5mm, y: 5mm, width: 20mm, height: 20mm, src: card.imgae}
      dot: {type: ellipse, cx: 50%, cy: 50%, width: 5mm, height: 5mm, fill: family.colr}
      paper: {type: rect, x: 0, y: 0, width: 2mm, height: 2mm, fill: styl.paper}
"""


def _deck_with_layout(tmp_path, layout: str, languages: str = "[en]"):
    (tmp_path / "mine.yaml").write_text(layout, encoding="utf-8")
    deck = f"id: p\ntitle: Pocket\nlanguages: {languages}\ncards: cards.csv\nlayout: mine.yaml\n"
    return pocket(tmp_path, deck)


def test_each_misspelt_field_is_one_finding_at_its_element_with_the_right_name(tmp_path):
    result = run_cli("validate", str(_deck_with_layout(tmp_path, MISSPELT)))
    assert result.code == 1
    lines = result.out.splitlines()
    assert len(lines) == 4, result.out
    assert "mine.yaml:7:7: error: element 'power': text: reads 'card.powr', but no card has a field 'powr'" in lines[0]
    assert "mine.yaml:8:7: error: element 'art2': src: reads 'card.imgae'" in lines[1] and "did you mean 'card.image'?" in lines[1]
    assert "did you mean 'family.color'?" in lines[2]
    assert "there is no 'styl' to read it from; did you mean 'style.paper'?" in lines[3]


def test_a_misspelt_field_is_reported_once_in_a_two_language_deck(tmp_path):
    path = _deck_with_layout(tmp_path, MISSPELT.split("      art2")[0], languages="[en, fr]")
    path.write_text(path.read_text().replace("title: Pocket", "title: {en: Pocket, fr: Poche}"))
    result = run_cli("validate", str(path))
    assert result.code == 1 and len(result.out.splitlines()) == 1, result.out


def test_the_bundled_decks_read_no_missing_field():
    result = run_cli("validate", "decks/rows.yaml", "decks/collection.yaml")
    assert result.code == 0, result.out


def test_a_layout_file_reports_every_schema_error(tmp_path):
    layout = tmp_path / "bad.yaml"
    layout.write_text("kind: layout\nid: bad\nfaces:\n  card:\n    elements:\n"
                      "      a: {type: rect, widht: 3}\n      b: {type: rect, x: pw}\n", encoding="utf-8")
    result = run_cli("validate", str(layout))
    assert result.code == 1
    lines = result.out.splitlines()
    assert len(lines) == 2, result.out
    assert "bad.yaml:6:23: error:" in lines[0] and "unknown key 'widht'; did you mean 'width'?" in lines[0]
    assert "bad.yaml:7:26: error:" in lines[1]


def test_an_image_src_may_be_a_plain_file_name_with_a_dash(tmp_path):
    (tmp_path / "auto-repair.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123456"/></svg>')
    layout = ("kind: layout\nid: mine\nextends: fields\nfaces:\n  card:\n    elements:\n"
              "      logo: {type: image, x: 5mm, y: 5mm, width: 20mm, height: 20mm, src: auto-repair.svg}\n")
    path = _deck_with_layout(tmp_path, layout)
    result = run_cli("validate", str(path))
    assert result.code == 0, result.out
    from cardforge.deck import load_deck
    from cardforge.render.faces import face_ops

    deck = load_deck(path)
    srcs = [op.get("src") for op in face_ops(deck, deck.parse("CARD1")) if op.type == "image"]
    assert [str(s).endswith("auto-repair.svg") for s in srcs] == [True]


def test_an_undeclared_font_in_a_layout_is_an_error_at_its_line_listing_the_decks_fonts_too(tmp_path):
    import shutil

    from cardforge.paths import fonts_dir

    layout = ("kind: layout\nid: mine\nextends: fields\nfaces:\n  card:\n    elements:\n"
              "      heading: {font: Robotto}\n")
    path = _deck_with_layout(tmp_path, layout)
    (tmp_path / "fonts").mkdir()
    shutil.copy(fonts_dir() / "DejaVuSans.ttf", tmp_path / "fonts" / "Roboto.ttf")
    path.write_text(path.read_text() + "fonts: {Roboto: fonts/Roboto.ttf}\n")
    result = run_cli("validate", str(path))
    assert result.code == 1
    assert result.out.count("\n") == 1, result.out
    assert "mine.yaml:7:7: error: unknown font 'Robotto' in p layout element 'heading'" in result.out
    assert "the deck's own fonts (fonts:) are Roboto; did you mean 'Roboto'?" in result.out


def test_a_value_no_member_of_its_union_takes_is_one_plain_error(tmp_path):
    layout = tmp_path / "bad.yaml"
    layout.write_text("kind: layout\nid: bad\nfaces:\n  card:\n    elements:\n      b: {type: rect, width: pw}\n",
                      encoding="utf-8")
    result = run_cli("validate", str(layout))
    assert result.code == 1 and len(result.out.splitlines()) == 1, result.out
    assert "elements.b.width: expected a length such as 12, '4.5mm', '50%w' or '30%s', found 'pw'" in result.out
    assert ".int" not in result.out


def test_a_text_that_does_not_fit_is_said_at_its_table_cell_once(tmp_path):
    layout = ("kind: layout\nid: mine\nextends: fields\nfaces:\n  card:\n    elements:\n"
              "      body: {text: \"{card.text}\"}\n")
    path = _deck_with_layout(tmp_path, layout, languages="[en, fr]")
    path.write_text(path.read_text().replace("title: Pocket", "title: {en: Pocket, fr: Poche}"))
    (tmp_path / "cards.csv").write_text("name,text\nShort,fine\nLong," + " ".join(["word"] * 400) + "\n")
    result = run_cli("validate", str(path))
    assert result.code == 1
    lines = result.out.splitlines()
    assert len(lines) == 1, result.out
    assert "cards.csv:3:2: error: " in lines[0] and "does not fit" in lines[0]
