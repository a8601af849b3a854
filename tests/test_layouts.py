"""Layouts as data: loading, extends, conditions, errors, and the face fixes of the Num layout."""

from __future__ import annotations

import dataclasses
import textwrap

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.errors import DeckError
from tests.render_support import MINI_DECK, ROOT, write_mini_deck

MM = 72 / 25.4


def _mini_with_layout(tmp_path, layout_text: str, name: str = "mine.yaml"):
    (tmp_path / name).write_text(textwrap.dedent(layout_text), encoding="utf-8")
    return load_deck(write_mini_deck(tmp_path, MINI_DECK + f"layout: {name}\n"))


#: a layout extending num whose number face's elements follow (indented as below)
_NUMBER_OVERRIDE = """\
        kind: layout
        id: mine
        extends: num
        faces:
          number:
            elements:
"""


def _ops(deck, card, lang="en"):
    from cardforge.render.faces import face_ops

    return {op.name: op for op in face_ops(deck, card, lang)}


def test_bundled_layout_has_number_action_and_back_faces():
    from cardforge.deck.layout import load_layout

    layout = load_layout("num")
    assert [f.name for f in layout.fronts][-2:] == ["number", "action"]  # after the variants for other sizes
    assert layout.back is not None and "ring" in [e.name for e in layout.back.elements]


def test_extends_overrides_an_element_and_removes_another(tmp_path):
    deck = _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + """\
              value: {color: "'#00AA00'"}
              tiles: null
        """)
    ops = _ops(deck, Card("R", 1))
    assert ops["value"].get("color") == "#00AA00"
    assert "tiles" not in ops and "medallion" in ops  # the rest is inherited


def test_a_new_face_chosen_by_a_card_field_comes_before_inherited_ones(tmp_path):
    deck = _mini_with_layout(tmp_path, """\
        kind: layout
        id: mine
        extends: num
        faces:
          shadow:
            extends: number
            when: {family.kind: shadow}
            elements:
              medallion: {fill: "'#FF0000'"}
          number:
            elements:
              stamp: {type: text, text: "only {card.value}", when: {card.value: [1, 2]}, cy: 80%, height: 8%}
        """)
    assert _ops(deck, Card("SH", 16))["medallion"].get("fill") == "#FF0000"
    assert _ops(deck, Card("R", 1))["medallion"].get("fill") != "#FF0000"
    assert _ops(deck, Card("R", 1))["stamp"].get("lines") == ("only 1",)
    assert "stamp" not in _ops(deck, Card("R", 0))


@pytest.mark.parametrize("body, message", [
    ("faces: {number: {elements: {value: {colour: red}}}}", r"mine.yaml:4:\d+: .*unknown key 'colour'; did you mean 'color'"),
    ("faces: {number: {elements: {dot: {type: ellipse, font: x}}}}", r"mine.yaml:4:\d+: element 'dot': key 'font' does not apply to a ellipse"),
    ("faces: {number: {elements: {dot: {type: rect, x: 12furlongs}}}}", r"mine.yaml:4:\d+: .*x"),
    ("faces: {number: {elements: {dot: {type: rect, fill: 'frob(1)'}}}}", r"mine.yaml:4:\d+: element 'dot': unknown function 'frob'"),
    ("faces: {number: {elements: {dot: {x: 3}}}}", r"mine.yaml:4:\d+: element 'dot' has no 'type'"),
])
def test_layout_errors_name_file_line_and_column(tmp_path, body, message):
    with pytest.raises(DeckError, match=message):
        deck = _mini_with_layout(tmp_path, f"kind: layout\nid: mine\nextends: num\n{body}\n")
        _ops(deck, Card("R", 1))


def test_layouts_extending_each_other_in_a_circle_are_refused(tmp_path):
    (tmp_path / "a.yaml").write_text("kind: layout\nid: a\nextends: b.yaml\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("kind: layout\nid: b\nextends: a.yaml\n", encoding="utf-8")
    from cardforge.deck.layout import load_layout

    with pytest.raises(DeckError, match="circle"):
        load_layout("a.yaml", tmp_path)


def test_the_layout_cache_never_hides_an_error_and_sees_a_changed_parent(tmp_path, monkeypatch):
    import os

    from cardforge.deck import layout

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("CARDFORGE_NO_CACHE", raising=False)
    parent, child = tmp_path / "parent.yaml", tmp_path / "mine.yaml"
    parent.write_text("kind: layout\nid: parent\nextends: num\nfaces: {number: {elements: {dot: {type: rect, fill: \"'#00AA00'\"}}}}\n")
    child.write_text("kind: layout\nid: mine\nextends: parent.yaml\n")

    def dot_fill() -> str:
        found = layout._merged_cached(child.resolve())
        return found["faces"]["number"]["elements"]["dot"]["fill"]

    assert dot_fill() == "'#00AA00'"
    assert list((tmp_path / "cache" / "cardforge").glob("layout-*.json"))
    assert dot_fill() == "'#00AA00'"  # from the entry
    parent.write_text(parent.read_text().replace("00AA00", "0000FF"))
    os.utime(parent, ns=(1, 1))  # a new stat for the parent only; the child's entry must notice
    assert dot_fill() == "'#0000FF'"
    bad = "kind: layout\nid: mine\nextends: num\nfaces: {number: {elements: {value: {colour: red}}}}\n"
    child.write_text(bad)
    with pytest.raises(DeckError, match=r"mine.yaml:4:\d+: .*unknown key 'colour'") as cached:
        layout._merged_cached(child.resolve())
    monkeypatch.setenv("CARDFORGE_NO_CACHE", "1")
    with pytest.raises(DeckError) as fresh:
        layout._merged_cached(child.resolve())
    assert str(cached.value) == str(fresh.value)  # the same message with and without a cache


def test_static_elements_are_one_form_per_family_and_values_drawn_per_card(decks):
    """Form-XObject reuse: the rows deck's 102 cards need one background form per family."""
    from cardforge.render.sheets import sheets_pdf
    from tests.render_support import _reader

    deck = decks["rows"]
    pdf = sheets_pdf(deck, deck.cards())
    reader = _reader(pdf)
    names = set()
    for page in reader.pages:
        names |= {str(k) for k in (page["/Resources"].get_object().get("/XObject") or {})}
    card_forms = {n for n in names if n.startswith("/FormXob.cf")}
    assert len(card_forms) <= len(deck.families) + 1 + 2  # fronts, back, and the tile symbols


def test_same_inputs_give_the_same_face_key_and_a_change_changes_it(decks):
    from cardforge.render.faces import face_key

    deck = decks["rows"]
    assert face_key(deck, Card("R", 7)) == face_key(deck, Card("R", 7))
    assert face_key(deck, Card("R", 7)) != face_key(deck, Card("R", 8))
    fam = deck.families["R"]
    recoloured = dataclasses.replace(deck, families={**deck.families, "R": dataclasses.replace(
        fam, style=dataclasses.replace(fam.style, color="#00FF00"))}, _counts_cache={})
    assert face_key(recoloured, Card("R", 7)) != face_key(deck, Card("R", 7))
    assert face_key(deck, None) != face_key(deck, None, cmyk=True)


# -- the face fixes (issue 12, section 8) ---------------------------------------------------------


def _every_face(deck):
    from cardforge.render.facepages import unique_faces

    return [*unique_faces(deck), None]


def test_no_thin_frame_within_5_mm_of_the_cut(decks):
    """A stroked shape near the cut shows the cutting tolerance: keep lines ≥ 5 mm inside."""
    from cardforge.render.faces import Geometry, face_ops

    for deck in decks.values():
        geo = Geometry.of(deck)
        for face in _every_face(deck):
            for op in face_ops(deck, face):
                if op.type in ("rect", "ellipse") and op.get("stroke") and (op.get("stroke_width") or 0) > 0:
                    x0, y0, x1, y1 = op.box
                    inset = min(x0, y0, geo.w - x1, geo.h - y1) / MM
                    assert inset >= 5, f"{deck.id} {face}: {op.name} is {inset:.1f} mm from the cut"


def _contrast_backdrops(ops, index):
    """The colours under the centre of ``ops[index]``: the topmost filled shape, and any
    pattern drawn over it."""
    x0, y0, x1, y1 = ops[index].box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    found = []
    for op in reversed(ops[:index]):
        bx0, by0, bx1, by1 = op.box
        if not (bx0 <= cx <= bx1 and by0 <= cy <= by1):
            continue
        if op.type == "pattern" and op.get("pattern") == "tile":
            found.append(op.get("color"))
        elif op.type == "pattern" and op.get("pattern") == "bands":
            return found + list(op.get("colors"))
        elif op.type in ("rect", "ellipse") and op.get("fill"):
            return found + [op.get("fill")]
    return found


def test_every_card_value_reads_at_3_to_1_against_what_is_behind_it(decks):
    """Yellow on cream was 1.8:1; every value and index is now ≥ 3:1 (WCAG ratio)."""
    from cardforge.deck.expr import contrast
    from cardforge.render.faces import face_ops

    worst = (99.0, "")
    for deck in decks.values():
        for card in deck.all_counts():
            if card.is_action:
                continue
            ops = face_ops(deck, card)
            for i, op in enumerate(ops):
                if op.type != "value":
                    continue
                colours = op.get("color") if isinstance(op.get("color"), tuple) else (op.get("color"),)
                for behind in _contrast_backdrops(ops, i):
                    for c in colours:
                        ratio = contrast(c, behind)
                        worst = min(worst, (ratio, f"{deck.id} {card.code} {op.name} {c} on {behind}"))
    assert worst[0] >= 3.0, worst


def _back_image(deck):
    from cardforge.render.facepages import BACK, faces_pdf
    from cardforge.render.faces import card_size_points
    from cardforge.render.raster import rasterise

    w, h = card_size_points(deck, bleed=True)
    return rasterise(faces_pdf(deck, [BACK]), size=(220, round(220 * h / w)), visible=(w, h))[0]  # 220×300: exact


@pytest.mark.parametrize("game", ["tricks", "rows"])
def test_backs_look_the_same_turned_180_degrees(decks, game):
    """Tricks has 3 families: its ring showed them all on the left.  Now each family sits twice,
    opposite itself, and the title reads the same from both ends."""
    from PIL import ImageChops, ImageStat

    image = _back_image(decks[game]).convert("RGB")
    turned = image.rotate(180)
    diff = ImageStat.Stat(ImageChops.difference(image, turned).convert("L")).mean[0]
    assert diff < 1.0, f"{game} back differs from itself turned: mean {diff:.1f}/255"


def test_card_texts_use_typographic_apostrophes(decks):
    ops = _ops(decks["collection"], Card(action="swipe"), "fr")
    text = " ".join(ops["effect"].get("lines"))
    assert "d’un voisin" in text and "'" not in text


def test_the_example_in_docs_layouts_md_works(tmp_path):
    """The layout reference's example is a working layout, not prose."""
    text = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    example = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    deck = _mini_with_layout(tmp_path, example)
    ops = _ops(deck, Card("R", 1))
    assert "tiles" not in ops and "stamp" not in ops  # value 1 is not >= 10
    assert ops["value"].get("color") == "#D62839"  # readable(red, paper, 3): red already reads
    assert "value_wide" in _ops(deck, Card("SH", 16))  # the shadow face, inheriting the number face


def test_the_face_key_changes_when_the_art_file_changes(tmp_path):
    from PIL import Image

    from cardforge.render.faces import face_key

    (tmp_path / "art").mkdir()
    Image.new("RGB", (40, 60), (1, 2, 3)).save(tmp_path / "art" / "back.png")
    deck = load_deck(write_mini_deck(tmp_path, MINI_DECK.replace("style:\n  back: {", "style:\n  back: {image: art/back.png, ")))
    before = face_key(deck, None)
    Image.new("RGB", (40, 60), (200, 2, 3)).save(tmp_path / "art" / "back.png")
    import os

    os.utime(tmp_path / "art" / "back.png", ns=(1, 10**18))
    assert face_key(deck, None) != before


def test_no_text_goes_under_6_pt_even_when_a_layout_asks(tmp_path):
    from cardforge.render.textfit import TextDoesNotFit

    deck = _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + """\
              fine: {type: text, text: "{card.name} {card.name} {card.name} {card.name}", cx: 50%, cy: 90%, width: 20%, height: 3%, min_size: 3pt, size: 4pt}
        """)
    with pytest.raises(TextDoesNotFit, match="minimum 6 pt"):
        _ops(deck, Card("R", 1))


def test_layout_schema_matches_the_committed_copy():
    import json

    from cardforge.deck.layout_schema import json_schema

    committed = json.loads((ROOT / "docs" / "layout.schema.json").read_text(encoding="utf-8"))
    assert json_schema() == committed, "run: cardforge schema --layout --out docs/layout.schema.json"
