"""The face cache cannot be poisoned through an output (issue #31, item 7): outputs are copies,
a damaged cache entry is drawn again, and ``build --force`` draws every face from scratch."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.render.facecache import png_intact
from tests.render_support import write_mini_deck


@pytest.fixture
def built(tmp_path, monkeypatch):
    """``mini`` built once into ``tmp_path/out``; returns the output folder."""
    from cardforge.scheduler import build_all

    folder = tmp_path / "decks"
    write_mini_deck(folder)
    monkeypatch.setenv("CARDFORGE_DECKS", str(folder))
    out = tmp_path / "out"
    build_all(out, decks=["mini"], workers=1)
    return out


def _pngs(out: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted((out / "cards" / "mini").rglob("*.png"))}


def _cache(out: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted((out / "cards" / ".faces").iterdir()) if p.suffix in (".png", ".band")}


def test_no_output_is_a_hard_link(built):
    outputs = [p for p in (built / "cards").rglob("*") if p.is_file() and ".faces" not in p.parts]
    assert outputs and all(p.stat().st_nlink == 1 for p in outputs)
    assert all(p.stat().st_nlink == 1 for p in (built / "cards" / ".faces").iterdir())


def test_truncating_an_output_in_place_leaves_the_cache_and_the_other_outputs_intact(built):
    from cardforge.scheduler import build_all

    before, cache = _pngs(built), _cache(built)
    victim = next(p for p in before if p.name == "R0.png")
    twins = [p for p, data in before.items() if data == before[victim] and p != victim]
    assert twins, "the same face is in another output (png and the print shop's set)"
    with open(victim, "r+b") as handle:  # as an editor that saves in place would
        handle.truncate(100)
    assert _cache(built) == cache and all(p.read_bytes() == before[p] for p in twins)
    build_all(built, decks=["mini"], workers=1)
    assert _pngs(built) == before and _cache(built) == cache


@pytest.mark.parametrize("damage", ["truncate", "flip a byte"])
def test_a_damaged_cache_image_is_detected_and_drawn_again(built, damage):
    from cardforge.scheduler import build_all

    before = _pngs(built)
    cached = sorted((built / "cards" / ".faces").glob("*.png"))
    victim = next(p for p in cached if p.read_bytes() in before.values())
    good = victim.read_bytes()
    victim.write_bytes(good[: len(good) // 2] if damage == "truncate" else good[:200] + bytes([good[200] ^ 0xFF]) + good[201:])
    assert not png_intact(victim.read_bytes())
    for path in before:
        path.unlink()  # the outputs must be made again: from the cache, or drawn
    build_all(built, decks=["mini"], workers=1)
    assert victim.read_bytes() == good and _pngs(built) == before


def test_a_damaged_band_is_not_copied_into_a_grid(built):
    from cardforge.scheduler import build_all

    before = _pngs(built)
    bands = sorted((built / "cards" / ".faces").glob("*.band"))
    assert bands
    for band in bands:
        data = band.read_bytes()
        band.write_bytes(data[:-10] + bytes(10))
    for path in before:
        path.unlink()
    build_all(built, decks=["mini"], workers=1)
    assert _pngs(built) == before


def test_force_rebuilds_faces_from_scratch(built):
    """A cached image replaced by another whole PNG passes every check: only ``--force`` redraws it."""
    import io

    from PIL import Image
    from cardforge.scheduler import build_all

    before, cache = _pngs(built), _cache(built)
    victim = next(p for p in cache if p.suffix == ".png" and p.read_bytes() in before.values())
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (255, 0, 0)).save(buf, "PNG")
    victim.write_bytes(buf.getvalue())
    report = build_all(built, decks=["mini"], workers=1, force=True)
    assert report.rasterised == report.faces > 0
    after = _pngs(built)
    assert set(after) == set(before)

    def pixels(data: bytes) -> bytes:
        return Image.open(io.BytesIO(data)).convert("RGBA").tobytes()

    # every face drawn again as it was (compared as pixels, named on failure: a byte diff of
    # PNGs takes pytest minutes to print)
    changed = sorted(str(p) for p in before if after[p] != before[p] and pixels(after[p]) != pixels(before[p]))
    assert not changed, changed[:5]
    assert victim.read_bytes() == cache[victim]


def test_png_intact_wants_every_chunk_whole():
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), (1, 2, 3)).save(buf, "PNG")
    data = buf.getvalue()
    assert png_intact(data)
    assert not png_intact(data[:-1]) and not png_intact(data + b"x") and not png_intact(b"GIF89a")
