"""Print-on-demand for every card size (issue 26): each profile sends the vendor's product that
fits the deck's card — the whole card at the product's pixels — or refuses that profile in one
line while the others are still written."""

from __future__ import annotations

import pytest

from cardforge.deck import load_deck
from cardforge.deck.sizes import SIZES
from tests.cli_helpers import one_line_error
from tests.render_support import MINI_DECK, write_mini_deck


def _deck(tmp_path, size: str, extra: str = ""):
    return load_deck(write_mini_deck(tmp_path / size, MINI_DECK + f"card: {{size: {size}{extra}}}\n"))


#: each standard size → (The Game Crafter px, MakePlayingCards px), ``None`` where the vendor has no such card
EXPECTED = {
    "poker": ((825, 1125), (822, 1122)),
    "bridge": ((750, 1125), (747, 1122)),
    "tarot": ((900, 1500), (897, 1497)),
    "mini": ((600, 825), (597, 822)),
    "square": (None, (897, 897)),  # 70 mm: MPC's 2.75″ square; TGC's squares are 2.5″ and 3.5″
    "landscape": ((1125, 825), (1122, 822)),  # a poker card turned
}


def test_every_standard_size_is_in_the_table():
    assert set(EXPECTED) == set(SIZES)


@pytest.mark.parametrize("size", list(SIZES))
def test_each_png_profile_picks_the_product_of_the_deck_size_or_refuses_it(tmp_path, size):
    from cardforge.render.pod import ProfileRefused, get_profile, product_for

    deck = _deck(tmp_path, size)
    for name, want in zip(("tgc", "mpc"), EXPECTED[size]):
        if want is None:
            with pytest.raises(ProfileRefused, match=r"has no card of 70×70 mm \(square\): its cards are poker 2.5×3.5″"):
                product_for(deck, get_profile(name))
        else:
            assert product_for(deck, get_profile(name)).size_px == want


def test_a_tarot_deck_for_the_game_crafter_is_the_whole_card_at_900_by_1500(tmp_path):
    """It was 825×1125 cut from the card's centre (title and text lost), with no warning."""
    from PIL import Image, ImageChops, ImageStat

    from cardforge.render.formats import render_target

    deck = _deck(tmp_path, "tarot")
    render_target(deck, ("pod", "png"), tmp_path / "out", profiles=["thegamecrafter"])
    folder = tmp_path / "out" / "mini"
    with Image.open(folder / "pod" / "mini-thegamecrafter-en" / "passe.png") as sent, \
         Image.open(folder / "png-en" / "passe.png") as whole:
        assert sent.size == (900, 1500)
        expected = whole.convert("RGB").resize((900, 1500), Image.Resampling.LANCZOS)
        diff = ImageChops.difference(sent.convert("RGB"), expected).convert("L")
        assert ImageStat.Stat(diff).mean[0] < 4  # the same picture, every edge included


def test_a_deck_with_too_little_bleed_is_refused_with_the_bleed_to_set(tmp_path):
    from cardforge.render.pod import ProfileRefused, get_profile, product_for

    deck = _deck(tmp_path, "poker", ", bleed_mm: 1")
    with pytest.raises(ProfileRefused, match=r"needs 3.175 mm of bleed .* has 1 mm; set card: \{bleed_mm: 3.175\}"):
        product_for(deck, get_profile("tgc"))


def test_pdf_profiles_put_the_vendors_bleed_on_the_page(tmp_path):
    from cardforge.render.pod import get_profile, render_profile
    from tests.render_support import _reader

    deck = _deck(tmp_path, "tarot", ", bleed_mm: 5")
    (path,) = render_profile(deck, get_profile("printninja"), tmp_path / "pod")
    page = _reader(path).pages[0]
    mm = 72 / 25.4
    # PrintNinja's tarot card is 2.75×4.75″ (69.85×120.65 mm): the 70×120 mm card is drawn to it
    assert float(page.mediabox.width) == pytest.approx((69.85 + 2 * 3.175) * mm, abs=0.01)
    assert float(page.trimbox.width) == pytest.approx(69.85 * mm, abs=0.01)
    assert float(page.trimbox.height) == pytest.approx(120.65 * mm, abs=0.01)


def test_format_pod_writes_every_profile_that_fits_and_says_which_not_in_one_line_each(cli, tmp_path):
    """With ``--format pod`` a square deck wrote nothing at all (the first refusal stopped the render)."""
    path = write_mini_deck(tmp_path / "deck", MINI_DECK + "card: {size: square}\n")
    result = cli("render", str(path), "--format", "pod", "--out", str(tmp_path / "out"))
    assert result.code == 0, result.err
    warnings = result.err.splitlines()
    assert len(warnings) == 2 and all(w.startswith("cardforge: warning: ") for w in warnings), result.err
    assert "The Game Crafter (thegamecrafter) has no card of 70×70 mm" in warnings[0]
    assert "DriveThruCards (drivethrucards) has no card" in warnings[1]
    pod = tmp_path / "out" / "mini" / "pod"
    assert (pod / "mini-printninja-en.pdf").is_file() and (pod / "mini-makeplayingcards-en" / "back.png").is_file()
    assert not (pod / "mini-thegamecrafter-en").exists()


def test_one_profile_that_cannot_take_the_size_is_one_line_error(cli, tmp_path):
    path = write_mini_deck(tmp_path / "deck", MINI_DECK + "card: {size: square}\n")
    result = cli("render", str(path), "--profile", "tgc", "--out", str(tmp_path / "out"))
    one_line_error(result, "The Game Crafter (thegamecrafter) has no card of 70×70 mm (square)")


def test_a_build_skips_a_profile_without_the_deck_size_in_one_line(tmp_path, capsys):
    from cardforge.render.card_targets import profile_job

    path = write_mini_deck(tmp_path / "deck", MINI_DECK + "card: {size: square}\n")
    assert profile_job(str(path), "fr", str(tmp_path / "cards"), "thegamecrafter") == []
    assert profile_job(str(path), "en", str(tmp_path / "cards"), "thegamecrafter") == []
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("cardforge: warning: The Game Crafter (thegamecrafter) has no card"), err
    assert profile_job(str(path), "en", str(tmp_path / "cards"), "printninja")  # PrintNinja has 2.75″ squares
