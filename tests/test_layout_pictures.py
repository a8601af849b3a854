"""docs/layouts.md shows a picture of every element type, drawn by cardforge (issue 26)."""

from __future__ import annotations

import importlib.util

from tests.render_support import ROOT


def _pictures():
    spec = importlib.util.spec_from_file_location("layout_pictures", ROOT / "docs" / "layout_pictures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_element_type_has_a_picture_in_the_layout_reference():
    from cardforge.render.elements import DRAWERS

    pictures = _pictures().PICTURES
    assert set(DRAWERS) <= set(pictures), set(DRAWERS) - set(pictures)
    doc = (ROOT / "docs" / "layouts.md").read_text(encoding="utf-8")
    for name in pictures:
        assert f"(images/layout-{name}.png)" in doc, name
        assert (ROOT / "docs" / "images" / f"layout-{name}.png").is_file(), name


def test_a_picture_is_drawn_from_its_snippet():
    image = _pictures().picture("star", dpi=30)
    assert abs(image.size[0] - 75) <= 1 and abs(image.size[1] - 105) <= 1  # a poker card at trim
    assert len(image.getcolors(10000)) > 2  # ink on the paper
