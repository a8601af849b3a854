"""The face cache's images keep their pixels when their making is sped up (issue #30 item 1).

A few faces are rasterised with every variant a build makes (the 300-DPI bitmap, the contact
thumbnail, the TTS cell, and the contact thumbnail cut from the TTS cell when both are asked)
and compared with golden images written by the code of 2 December 2026 before the speed work of
issue #30 item 1 (``tests/golden/faces/``; of each 300-DPI bitmap, a corner and the middle):

- the 300-DPI bitmap must stay the same pixels: every channel within 2 of the golden one, the
  mean difference under 0.05 (a PDFium upgrade may move an antialiased edge by a level or two);
- thumbnails and TTS cells may be resampled by a cheaper filter (a TTS cell by BICUBIC instead of
  LANCZOS), but must look the same: no channel of any pixel more than 24 of 255 off, the mean
  difference per channel at most 0.5 (measured: at most 12 and 0.13).

After a wanted change of look, write them again with
``CARDFORGE_GOLDEN=write python -m pytest tests/test_face_pixels.py`` and look at them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.conftest import ROOT

GOLDEN = Path(__file__).parent / "golden" / "faces"
#: deck, faces (card codes, "back")
FACES = {"decks/numwin.yaml": ("R7", "back"), "examples/tarot/tarot.yaml": ("CARD4",)}
#: the parts of a 300-DPI bitmap kept as golden images (left, top, right, bottom): a corner with its
#: bleed and index, and the middle of the card (the whole bitmaps would weigh 70-100 KB each)
CROPS = {"corner": (0, 0), "middle": (0.5, 0.5)}  # where the 300×300 px part's centre is, in the bitmap
PART = 300
#: the back's TTS cell and bitmap are left out (the largest files, the same code path as a front's)
SKIP = {"numwin-back-full", "numwin-back-tts"}
#: (max per channel, mean per channel, share of pixels within 24) allowed
FULL_TOLERANCE = (2, 0.05, 1.0)
THUMB_TOLERANCE = (24, 0.5, 1.0)


def _images(tmp_path: Path) -> dict[str, "object"]:
    """Name → PIL image of every variant of every face of ``FACES``, made by the face cache."""
    from PIL import Image

    from cardforge.deck import load_deck
    from cardforge.render.facecache import FULL, FaceCache, prepare
    from cardforge.render.facepages import face_name
    from cardforge.render.png import contact_variant
    from cardforge.render.tts import tts_variant

    images = {}
    for deck_path, codes in FACES.items():
        deck = load_deck(ROOT / deck_path)
        faces = [None if c == "back" else deck.parse(c) for c in codes]
        kinds = {"full": FULL, "contact": contact_variant(deck), "tts": tts_variant(deck)}
        for wanted in (("full", "contact"), ("full", "contact", "tts")):  # contact alone, and cut from the TTS cell
            cache = FaceCache(tmp_path / f"{Path(deck_path).stem}-{len(wanted)}")
            digests = prepare(deck, faces, "en", cache, [kinds[k] for k in wanted])
            for face in faces:
                for kind in wanted:
                    name = f"{Path(deck_path).stem}-{face_name(face)}-{kind}{'-from-tts' if kind == 'contact' and len(wanted) == 3 else ''}"
                    if kind == "full" and len(wanted) == 3:
                        continue
                    if name in SKIP:
                        continue
                    with Image.open(cache.path(digests[face_name(face)], kinds[kind])) as image:
                        if kind == "full":
                            images.update({f"{name}-{part}": _part(image.convert("RGB"), at) for part, at in CROPS.items()})
                        else:
                            images[name] = image.convert("RGB")
    return images


def _part(image, at: tuple[float, float]):
    """The ``PART`` px square of ``image`` centred at the fraction ``at`` of its size (kept inside)."""
    left = min(max(round(image.size[0] * at[0]) - PART // 2, 0), image.size[0] - PART)
    top = min(max(round(image.size[1] * at[1]) - PART // 2, 0), image.size[1] - PART)
    return image.crop((left, top, left + PART, top + PART))


def _difference(image, golden) -> tuple[int, float, float]:
    """(max, mean, share of pixels within 24) of the per-channel difference of two images."""
    from PIL import ImageChops, ImageStat

    diff = ImageChops.difference(image, golden)
    worst = max(high for _low, high in diff.getextrema())
    mean = max(ImageStat.Stat(diff).mean)
    near = diff.convert("L").point(lambda v: 255 if v > 24 else 0) if worst > 24 else None
    far = sum(near.histogram()[255:]) if near is not None else 0
    return worst, mean, 1 - far / (image.size[0] * image.size[1])


def test_face_images_keep_their_pixels(tmp_path):
    from PIL import Image

    images = _images(tmp_path)
    if os.environ.get("CARDFORGE_GOLDEN") == "write":
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for name, image in images.items():
            buffer = io.BytesIO()
            image.save(buffer, "PNG", optimize=True)
            (GOLDEN / f"{name}.png").write_bytes(buffer.getvalue())
    assert sorted(images) == sorted(p.stem for p in GOLDEN.glob("*.png"))
    off = []
    for name, image in sorted(images.items()):
        with Image.open(GOLDEN / f"{name}.png") as stored:
            golden = stored.convert("RGB")
        assert image.size == golden.size, name
        worst, mean, near = _difference(image, golden)
        limit = FULL_TOLERANCE if "-full-" in name else THUMB_TOLERANCE
        if worst > limit[0] or mean > limit[1] or near < limit[2]:
            off.append(f"{name}: max {worst}, mean {mean:.3f}, {near:.2%} within 24 (allowed {limit})")
    assert not off, "\n".join(off)


@pytest.mark.parametrize("name", ["numwin-R7-full-middle", "numwin-R7-contact", "tarot-CARD4-tts"])
def test_the_comparison_sees_a_changed_face(tmp_path, name):
    """A face one dot different, or a thumbnail blurred, is outside the tolerance."""
    from PIL import Image, ImageDraw, ImageFilter

    with Image.open(GOLDEN / f"{name}.png") as stored:
        golden = stored.convert("RGB")
    changed = golden.copy()
    if "-full-" in name:
        ImageDraw.Draw(changed).ellipse((100, 100, 104, 104), fill=(0, 0, 0))
        worst, _mean, _near = _difference(changed, golden)
        assert worst > FULL_TOLERANCE[0]
    else:
        changed = changed.filter(ImageFilter.GaussianBlur(2))
        worst, mean, near = _difference(changed, golden)
        assert worst > THUMB_TOLERANCE[0] or mean > THUMB_TOLERANCE[1] or near < THUMB_TOLERANCE[2]
