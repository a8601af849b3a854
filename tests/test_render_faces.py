"""Card faces: drawn from the deck's style, fonts embedded, texts fitted or refused."""

from __future__ import annotations

import dataclasses

import pytest

from cardforge.cards import Card, Text
from cardforge.deck import load_deck
from tests.render_support import fonts_of, write_mini_deck


@pytest.fixture(scope="module")
def mini(tmp_path_factory):
    return load_deck(write_mini_deck(tmp_path_factory.mktemp("decks")))


def _raster(deck, faces, width=180, lang="en"):
    """Render faces one per page (trim + bleed) and return PIL images ``width`` px wide."""
    from cardforge.render.facepages import faces_pdf
    from cardforge.render.faces import card_size_points
    from cardforge.render.raster import rasterise

    w, h = card_size_points(deck, bleed=True)
    return rasterise(faces_pdf(deck, faces, lang=lang), size=(width, round(width * h / w)), visible=(w, h))


def test_card_size_points_is_the_deck_card_size(decks):
    from cardforge.render.faces import card_size_points

    w, h = card_size_points(decks["rows"])
    assert (round(w, 2), round(h, 2)) == (180.0, 252.0)  # 63.5 × 88.9 mm poker card
    wb, hb = card_size_points(decks["rows"], bleed=True)
    assert round(wb - w, 2) == round(2 * 3.175 * 72 / 25.4, 2)


def test_register_fonts_is_idempotent_and_names_bundled_fonts():
    from cardforge.render.fonts import available_fonts, register_fonts

    first, second = register_fonts(), register_fonts()
    assert first == second
    assert set(first) <= set(available_fonts())


def test_every_font_embedded_and_no_helvetica(mini):
    """Issue: "every font in every PDF embedded (pdffonts shows emb yes for all); no stray Helvetica"."""
    from cardforge.render.facepages import BACK, faces_pdf, unique_faces

    fonts = fonts_of(faces_pdf(mini, [*unique_faces(mini), BACK], lang="fr"))
    assert fonts and all(fonts.values()), fonts
    assert not any("Helvetica" in name for name in fonts)


def test_background_colour_comes_from_the_deck_style(mini):
    """Change the Red family's colour in the deck and the printed card follows it."""
    fam = mini.families["R"]
    green = dataclasses.replace(fam, style=dataclasses.replace(fam.style, color="#00FF00"))
    recoloured = dataclasses.replace(mini, families={**mini.families, "R": green}, _counts_cache={})
    before, after = (_raster(d, [Card("R", 1)])[0] for d in (mini, recoloured))
    corner = (3, 3)  # in the bleed, where only the background is
    assert before.getpixel(corner) == (0xD6, 0x28, 0x39)
    assert after.getpixel(corner) == (0, 255, 0)


def test_rainbow_in_bands_and_shadow_dark_with_light_ink(mini):
    rainbow, shadow = _raster(mini, [Card("RB", 9), Card("SH", 16)])
    edge = {rainbow.getpixel((2, y)) for y in range(0, rainbow.height, 8)}
    gradient = {tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in mini.families["RB"].style.gradient}
    assert len(edge & gradient) >= 4, "the Rainbow card shows its gradient colours in bands"
    grey = shadow.convert("L").histogram()
    dark, light = sum(grey[:60]), sum(grey[200:])
    assert dark > sum(grey) * 0.5 and light > 0, "Shadow is dark, with light ink"


def test_family_symbols_are_distinct_and_drawable(decks, system):
    from cardforge.render.symbols import ICONS, SYMBOLS

    deck = decks["tricks"]
    base_symbols = [load_deck("rows").families[c].style.symbol for c in ("R", "G", "B", "Y", "RB", "SH")]
    base_symbols.append(deck.families["V"].style.symbol)
    assert len(set(base_symbols)) == len(base_symbols), "each family has its own shape"
    assert all(s in SYMBOLS for s in base_symbols)
    icons = {a.icon for d in decks.values() for a in d.actions.values()}
    assert icons <= set(ICONS), f"action icons without a drawing: {icons - set(ICONS)}"


def test_the_deck_formats_shape_symbols_are_exactly_the_drawn_ones():
    """The model layer names the vector symbols (``deck.schema.Symbol``) without importing the
    renderer; ``render.symbols`` must draw exactly those."""
    from cardforge.deck.symbols import shape_names
    from cardforge.render.symbols import SYMBOLS

    assert set(shape_names()) == set(SYMBOLS)


def test_every_icon_of_the_deck_format_has_a_drawing_and_a_glyph():
    """The vocabulary the loader checks (``deck/icons.py``) is exactly what the renderer draws."""
    from cardforge.deck.icons import ICON_GLYPHS, ICON_NAMES
    from cardforge.render.symbols import ICONS

    assert set(ICONS) == set(ICON_NAMES) == set(ICON_GLYPHS)


def test_distinct_symbols_give_distinct_pictures():
    """Colour-blind players tell families apart by shape: no two symbols draw the same pixels."""
    from PIL import ImageChops

    from cardforge.render.pdf import new_canvas, pdf_bytes
    from cardforge.render.raster import rasterise
    from cardforge.render.symbols import SYMBOLS, draw_symbol
    from reportlab.lib.colors import black

    canv = new_canvas((40, 40))
    for name in SYMBOLS:
        draw_symbol(canv, name, 20, 20, 36, black)
        canv.showPage()
    images = rasterise(pdf_bytes(canv), size=(40, 40), visible=(40, 40))
    for i, a in enumerate(images):
        for b in images[i + 1 :]:
            diff = ImageChops.difference(a, b).convert("L").histogram()
            assert sum(diff[129:]) > 40


def test_effect_text_that_cannot_fit_is_an_error_naming_the_card(mini):
    """Issue: "an effect text that cannot fit at the minimum font size is an error naming the card"."""
    from cardforge.render.facepages import faces_pdf
    from cardforge.render.textfit import TextDoesNotFit

    action = mini.actions["passe"]
    long_text = Text(fr="mot " * 400, en="word " * 400)
    verbose = dataclasses.replace(mini, actions={"passe": dataclasses.replace(action, effect=long_text)}, _counts_cache={})
    with pytest.raises(TextDoesNotFit, match=r"card 'passe' \(Skip Your Turn\) in mini .*6 pt"):
        faces_pdf(verbose, [Card(action="passe")])


def test_long_real_effect_text_is_shrunk_but_fits(decks):
    """The longest effect of all decks (Passe Ton Tour, French) fits between the min and max size."""
    from cardforge.render.faces import face_ops

    deck = decks["collection"]
    effect = next(op for op in face_ops(deck, Card(action="passe"), "fr") if op.name == "effect")
    assert deck.style.text_min_pt <= effect.get("size") < deck.style.text_max_pt
    x0, y0, x1, y1 = effect.box
    assert effect.get("leading") * len(effect.get("lines")) <= y1 - y0 - 2 * effect.get("padding")


def test_unknown_font_in_style_is_a_deck_error(mini):
    from cardforge.errors import DeckError
    from cardforge.render.facepages import faces_pdf

    broken = dataclasses.replace(mini, style=dataclasses.replace(mini.style, font_bold="Comic"), _counts_cache={})
    with pytest.raises(DeckError, match=r"unknown font 'Comic' in mini style.font_bold: bundled fonts are"):
        faces_pdf(broken, [Card("R", 0)])


def test_draw_card_refuses_a_card_not_in_the_deck(mini):
    from cardforge.errors import CardCodeError
    from cardforge.render.faces import draw_card
    from cardforge.render.pdf import new_canvas

    with pytest.raises(CardCodeError, match="'B3'"):
        draw_card(new_canvas((200, 300)), mini, Card("B", 3))


def test_box_deck_holds_the_box_and_explains_game_dependent_effects():
    from cardforge.box import compute_box
    from cardforge.render.boxdeck import box_deck

    deck = box_deck()
    assert {c.code: n for c, n in deck.all_counts().items()} == compute_box().counts
    assert "Num Tricks" in deck.actions["flash"].effect("en")  # flash differs between tricks and numwin
    assert deck.actions["eclair"].effect == load_deck("sequence").actions["eclair"].effect
