"""The example decks of examples/ (issue #26, item 5): each validates, renders in every format
and print-on-demand profile that takes its size, and looks like its golden image.

The golden images (tests/golden/examples/) are small PNGs of a few faces; a face matches when
its pixels are close to the golden ones (antialiasing and rasteriser versions move edges by a
pixel or so).  After a wanted change of look, write them again with
``CARDFORGE_GOLDEN=write python -m pytest tests/test_examples.py``, and look at them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from cardforge.deck import load_deck, validate_file
from tests.conftest import ROOT, run_cli

EXAMPLES = ROOT / "examples"
GOLDEN = Path(__file__).parent / "golden" / "examples"
#: each example deck and the faces its golden image shows (card codes; "back")
DECKS = {
    "poker/poker.yaml": ("CARD1", "CARD7", "CARD10", "CARD12", "CARD26", "CARD53", "back"),
    "tarot/tarot.yaml": ("CARD1", "CARD4", "back"),
    "hextiles/tiles.yaml": ("CARD1", "CARD3", "CARD12", "back"),
}
#: the golden images' width in pixels per face
WIDTH = 120


def _strip(deck_path: Path, faces: tuple[str, ...]):
    """The faces side by side at ``WIDTH`` px each (trim and bleed), as one RGB image."""
    import pypdfium2 as pdfium
    from PIL import Image

    from cardforge.render.facepages import faces_pdf

    deck = load_deck(deck_path)
    pdf = faces_pdf(deck, [None if f == "back" else deck.parse(f) for f in faces])
    doc = pdfium.PdfDocument(pdf)
    try:
        pages = [doc[i].render(scale=WIDTH / doc[i].get_width()).to_pil().convert("RGB") for i in range(len(doc))]
    finally:
        doc.close()
    w, h = pages[0].size
    out = Image.new("RGB", (w * len(pages), h), "white")
    for i, page in enumerate(pages):
        out.paste(page, (i * w, 0))
    return out


def _differs(image, golden) -> float:
    """The share of pixels whose colour is more than 48 (of 255) off in some channel."""
    from PIL import ImageChops

    if image.size != golden.size:
        return 1.0
    diff = ImageChops.difference(image, golden).convert("L").point(lambda v: 255 if v > 48 else 0)
    return sum(diff.histogram()[255:]) / (image.size[0] * image.size[1])


@pytest.mark.parametrize("name", sorted(DECKS))
def test_an_example_looks_like_its_golden_image(name):
    from PIL import Image

    image = _strip(EXAMPLES / name, DECKS[name])
    golden = GOLDEN / (Path(name).stem + ".png")
    if os.environ.get("CARDFORGE_GOLDEN") == "write":
        GOLDEN.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        image.save(buffer, "PNG", optimize=True)
        golden.write_bytes(buffer.getvalue())
    assert _differs(image, Image.open(golden).convert("RGB")) < 0.01, f"{name} no longer looks like {golden}"


@pytest.mark.parametrize("name", sorted(DECKS))
def test_an_example_validates(name):
    result = run_cli("validate", str(EXAMPLES / name))
    assert result.code == 0, result.out
    assert " ok (" in validate_file(EXAMPLES / name)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_an_example_renders_in_every_format(name, tmp_path):
    result = run_cli("render", str(EXAMPLES / name), "--format", "all", "--out", str(tmp_path), timeout=600)
    assert result.code == 0, result.err
    written = {p.relative_to(tmp_path).parts[1] for p in tmp_path.rglob("*") if p.is_file()}
    assert {"png-en", "tts-en", "pod"} <= written, written
    assert list(tmp_path.rglob("*-sheets-a4-en.pdf")), "no home sheets"


def test_the_poker_example_is_a_standard_deck():
    deck = load_deck(EXAMPLES / "poker/poker.yaml")
    from cardforge.render.faces import card_context

    ranks = [card_context(deck, c)["card"]["rank"] for c in deck.cards()]
    assert deck.total() == 54 and ranks.count("Joker") == 2
    assert all(ranks.count(r) == 4 for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"])
    from cardforge.render.faces import face_ops

    for code, pips in (("CARD1", 1), ("CARD7", 7), ("CARD10", 10), ("CARD11", 0)):  # A, 7, 10 and J of spades
        drawn = [op for op in face_ops(deck, deck.parse(code)) if op.type == "symbol" and op.name not in ("suit", "court_suit")]
        assert len(drawn) == pips, (code, [op.name for op in drawn])


def test_the_examples_and_their_layouts_pass_the_published_json_schemas():
    """An editor with docs/*.schema.json finds nothing wrong in the examples, and a misspelt
    key of a free deck is flagged there as validate flags it."""
    import json

    import jsonschema

    from cardforge.deck.source import read_yaml, to_plain

    deck_schema = jsonschema.Draft202012Validator(json.loads((ROOT / "docs/deck.schema.json").read_text()))
    layout_schema = jsonschema.Draft202012Validator(json.loads((ROOT / "docs/layout.schema.json").read_text()))
    for path in sorted(EXAMPLES.rglob("*.yaml")):
        data = to_plain(read_yaml(path))
        schema = layout_schema if data.get("kind") == "layout" else deck_schema
        assert not list(schema.iter_errors(data)), path
    bad = {"id": "x", "title": "X", "cards": "cards.csv", "langauges": ["en"]}
    assert [e.message for e in deck_schema.iter_errors(bad)] == [
        "Additional properties are not allowed ('langauges' was unexpected)"]
