"""Rich card text (issue 26): bold, italic, colour and size spans and inline pictures in one
paragraph, fitted like plain text; ``**`` is never printed as it is."""

from __future__ import annotations

import pytest

from cardforge.cards import Card
from cardforge.errors import DeckError
from tests.test_layouts import _NUMBER_OVERRIDE, _mini_with_layout, _ops


def _deck_with_text(tmp_path, text: str, extra: str = ""):
    quoted = text.replace("\\", "\\\\").replace('"', '\\"')
    return _mini_with_layout(tmp_path, _NUMBER_OVERRIDE + f"""\
              note: {{type: text, cx: 50%, cy: 80%, width: 80%, height: 14%, text: "{quoted}", size: 9pt{extra}}}
        """)


def _pieces(op):
    from cardforge.render.richtext import pieces

    return pieces(op.get("rich").lines)


def test_bold_and_italic_markers_choose_fonts_and_are_not_printed(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "Play **two cards** then *rest*"), Card("R", 1))["note"]
    got = [(p[1], p[2], p[5]) for p in _pieces(op)]
    assert got == [("Play", "DejaVuSans", 0.0), ("two", "DejaVuSans-Bold", 0.0), ("cards", "DejaVuSans-Bold", 0.0),
                   ("then", "DejaVuSans", 0.0), ("rest", "DejaVuSans-Oblique", 0.0)]
    assert not any("*" in p[1] for p in _pieces(op))


def test_a_span_sets_colour_and_size_and_a_field_inside_it_is_filled(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "Gain [{card.value} gold]{color=#c00 size=150%} now"), Card("R", 2))["note"]
    got = [(p[1], p[3], p[4]) for p in _pieces(op)]
    assert got == [("Gain", None, 1.0), ("2", "#CC0000", 1.5), ("gold", "#CC0000", 1.5), ("now", None, 1.0)]


def test_unclosed_markers_and_escapes_print_as_they_are(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "5 * 3 and \\*star\\*"), Card("R", 1))["note"]
    assert "".join(p[1] for p in _pieces(op)) == "5*3and*star*"


def test_bold_italic_without_a_bold_italic_font_is_slanted(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "***both***"), Card("R", 1))["note"]
    assert [(p[2], p[5]) for p in _pieces(op)] == [("DejaVuSans-Bold", pytest.approx(0.21))]


def test_a_bad_span_setting_is_an_error_naming_it(tmp_path):
    deck = _deck_with_text(tmp_path, "[x]{colour=#c00}")
    with pytest.raises(DeckError, match=r"span \{colour=#c00\}.*color=#RRGGBB"):
        _ops(deck, Card("R", 1))


def test_any_picture_is_an_inline_icon_and_its_file_is_in_the_face_key(tmp_path):
    from PIL import Image

    from cardforge.render.faces import face_key

    Image.new("RGB", (40, 40), (200, 150, 0)).save(tmp_path / "coin.png")
    deck = _deck_with_text(tmp_path, "Pay {img:coin.png} and :flash:")
    op = _ops(deck, Card("R", 1))["note"]
    kinds = [(p[0], p[1]) for p in _pieces(op) if p[0] != "t"]
    assert kinds == [("m", str((tmp_path / "coin.png").resolve())), ("i", "flash")]
    key = face_key(deck, Card("R", 1))
    Image.new("RGB", (40, 40), (0, 0, 200)).save(tmp_path / "coin.png")
    import os

    os.utime(tmp_path / "coin.png", ns=(1, 1))
    assert face_key(deck, Card("R", 1)) != key


def test_a_missing_inline_picture_is_an_error(tmp_path):
    deck = _deck_with_text(tmp_path, "Pay {img:nothing.png}")
    with pytest.raises(DeckError, match="nothing.png"):
        _ops(deck, Card("R", 1))


def test_rich_text_shrinks_to_fit_like_plain_text(tmp_path):
    long = " ".join(["**bold** word"] * 9)
    op = _ops(_deck_with_text(tmp_path, long), Card("R", 1))["note"]
    rich = op.get("rich")
    x0, y0, x1, y1 = op.box
    assert rich.size < 9 and sum(rich.heights) <= y1 - y0 + 1e-6 and len(rich.lines) > 1


def test_rich_text_draws_bold_and_colour_in_the_pdf(tmp_path):
    from cardforge.render.facepages import faces_pdf
    from tests.render_support import _reader

    deck = _deck_with_text(tmp_path, "**Bold** [red]{color=#C00}")
    pdf = faces_pdf(deck, [Card("R", 1)])
    fonts = {str(f) for page in _reader(pdf).pages for f in _fonts(page)}
    assert any("DejaVuSans-Bold" in f for f in fonts), fonts


def _fonts(page):
    res = page.get("/Resources") or {}
    yield from (v.get_object().get("/BaseFont") for v in (res.get("/Font") or {}).values())
    for x in (res.get("/XObject") or {}).values():
        yield from _fonts(x.get_object())


def test_one_rich_line_shrinks_to_its_width(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "**a long bold line** that must shrink to fit its box", ", wrap: false"),
              Card("R", 1))["note"]
    from cardforge.render.richtext import line_width

    rich = op.get("rich")
    x0, _y0, x1, _y1 = op.box
    assert len(rich.lines) == 1 and rich.size < 9
    assert line_width(rich.lines[0], rich.size, op.get("font")) <= x1 - x0 + 1e-6


def test_a_span_font_is_used_and_must_exist(tmp_path):
    op = _ops(_deck_with_text(tmp_path, "[narrow]{font=DejaVuSansCondensed} wide"), Card("R", 1))["note"]
    assert [p[2] for p in _pieces(op)] == ["DejaVuSansCondensed", "DejaVuSans"]
    (tmp_path / "bad").mkdir()
    deck = _deck_with_text(tmp_path / "bad", "[x]{font=Nope}")
    with pytest.raises(DeckError, match="unknown font 'Nope'"):
        _ops(deck, Card("R", 1))
