"""The face cache's images keep their pixels when their making is sped up (issue #30 item 1).

A few faces are rasterised with every variant a build makes (the 300-DPI bitmap, the contact
thumbnail, the TTS cell, and the contact thumbnail cut from the TTS cell when both are asked)
and compared with golden images written by the code of 2 December 2026 before the speed work of
issue #30 item 1 (``tests/golden/faces/``; of each 300-DPI bitmap, a corner and the middle):

- the 300-DPI bitmap must stay the same pixels: every channel within 2 of the golden one, the
  mean difference under 0.05 (a PDFium upgrade may move an antialiased edge by a level or two);
- thumbnails and TTS cells were resampled from that bitmap (LANCZOS) when the golden images were
  written; they are now drawn by PDFium straight at their size (issue #30 item 1), which draws
  every edge a fraction of a pixel elsewhere and sharper, so a pixel on an edge may be far off
  (measured up to 207 of 255) and no per-pixel maximum holds.  They must look the same: the mean
  difference per channel at most 3 of 255, 99 % of the pixels within 64, and their edges at
  least 85 % as strong as the golden ones' (``ImageFilter.FIND_EDGES``), so that a blurred
  thumbnail fails (measured: mean at most 2.65, at least 99.38 % within 64, edges 92-96 %; the
  golden ones blurred by a 1-px Gaussian: edges 53-64 %).

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
#: the 300-DPI bitmap: the largest and the mean difference per channel allowed
FULL_TOLERANCE = {"max": 2, "mean": 0.05}
#: thumbnails: the mean difference per channel, the share of pixels within a difference, the
#: strength of the edges against the golden image's, allowed
THUMB_TOLERANCE = {"mean": 3.0, "within": (64, 0.99), "edges": 0.85}


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


def _edges(image) -> float:
    """The mean strength of the edges of ``image`` (grey, ``FIND_EDGES``)."""
    from PIL import ImageFilter, ImageStat

    return ImageStat.Stat(image.convert("L").filter(ImageFilter.FIND_EDGES)).mean[0]


def _off(name: str, image, golden) -> str | None:
    """How ``image`` is outside its tolerance against ``golden`` (``None``: within it)."""
    from PIL import ImageChops, ImageStat

    diff = ImageChops.difference(image, golden)
    worst = max(high for _low, high in diff.getextrema())
    mean = max(ImageStat.Stat(diff).mean)
    if "-full-" in name:
        limit = FULL_TOLERANCE
        ok = worst <= limit["max"] and mean <= limit["mean"]
        return None if ok else f"{name}: max {worst}, mean {mean:.3f} (allowed {limit})"
    limit = THUMB_TOLERANCE
    level, share = limit["within"]
    histogram = diff.convert("L").histogram()
    near = sum(histogram[: level + 1]) / (image.size[0] * image.size[1])
    edges = _edges(image) / max(_edges(golden), 1e-9)
    ok = mean <= limit["mean"] and near >= share and edges >= limit["edges"]
    return None if ok else f"{name}: mean {mean:.3f}, {near:.2%} within {level}, edges {edges:.0%} (allowed {limit})"


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
        off.append(_off(name, image, golden))
    assert not any(off), "\n".join(filter(None, off))


@pytest.mark.parametrize(("name", "change"), [
    ("numwin-R7-full-middle", "dot"), ("numwin-R7-contact", "blur1"), ("numwin-R7-tts", "blur1"),
    ("tarot-CARD4-tts", "blur2"), ("numwin-back-contact", "blur1")])
def test_the_comparison_sees_a_changed_face(name, change):
    """A face one dot different, or a thumbnail blurred (by 1 px: the direct render is sharper
    than the golden LANCZOS one, a blurred one softer), is outside the tolerance."""
    from PIL import Image, ImageDraw, ImageFilter

    with Image.open(GOLDEN / f"{name}.png") as stored:
        golden = stored.convert("RGB")
    changed = golden.copy()
    if change == "dot":
        ImageDraw.Draw(changed).ellipse((100, 100, 104, 104), fill=(0, 0, 0))
    else:
        changed = changed.filter(ImageFilter.GaussianBlur(int(change[-1])))
    assert _off(name, changed, golden) is not None
    assert _off(name, golden, golden) is None
