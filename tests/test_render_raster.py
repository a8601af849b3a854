"""The face cache's images against the pixels the slower pipeline made before (issue #30).

The 300-DPI PNG must decode to exactly the PDFium rendering; a thumbnail (TTS cell, contact
sheet) may differ from a one-step LANCZOS resize of the 300-DPI bitmap (the earlier output) by
at most ``MAX_DIFF`` on any channel of any pixel, with a PSNR of at least ``MIN_PSNR`` dB.
"""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from cardforge.deck import load_deck
from cardforge.render import facecache
from cardforge.render.facecache import DPI, FULL, Variant, face_pdf

MIN_PSNR = 45.0  # dB: measured 52.8-58.6 on the rows faces and the back
MAX_DIFF = 20  # of 255: measured at most 13


def psnr_and_max(a: Image.Image, b: Image.Image) -> tuple[float, int]:
    """PSNR (dB) and the largest channel difference of two RGB images of one size."""
    diff = ImageChops.difference(a, b)
    histogram = diff.histogram()
    mse = sum(count * (i % 256) ** 2 for i, count in enumerate(histogram)) / (a.size[0] * a.size[1] * 3)
    worst = max(high for _low, high in diff.getextrema())
    return (math.inf if mse == 0 else 10 * math.log10(255**2 / mse)), worst


def _old_thumbnail(full: Image.Image, size: tuple[int, int], bleed_px: float) -> Image.Image:
    """The earlier output: one LANCZOS pass from the 300-DPI bitmap's trim box."""
    box = (bleed_px, bleed_px, full.size[0] - bleed_px, full.size[1] - bleed_px)
    return full.resize(size, Image.Resampling.LANCZOS, box=box, reducing_gap=3.0)


@pytest.fixture(scope="module")
def rows_faces():
    deck = load_deck("rows")
    faces = list(deck.all_counts())
    return deck, [faces[0], faces[30], faces[-1], None]  # a number, another family, an action card, the back


def test_full_png_is_the_pdfium_rendering_and_thumbnails_stay_close(rows_faces):
    import pypdfium2 as pdfium

    from cardforge.render.raster import render_page_rows

    deck, faces = rows_faces
    tts, contact = Variant("thumb", (409, 572)), Variant("thumb", (180, 251))
    bleed_px = deck.card.bleed_mm / 25.4 * DPI
    for face in faces:
        pdf = face_pdf(deck, face, "en")
        made = dict(facecache._rasterise_one(pdf, [FULL, tts, contact]))
        full = Image.open(io.BytesIO(made[FULL]))
        size = full.size
        doc = pdfium.PdfDocument(pdf)
        try:
            rendered = b"".join(render_page_rows(doc, 0, size, (size[0] / DPI * 72, size[1] / DPI * 72)))
        finally:
            doc.close()
        assert full.convert("RGB").tobytes() == rendered, "the 300-DPI PNG is the PDFium bitmap, lossless"
        assert full.info.get("dpi") and round(full.info["dpi"][0]) == DPI
        for variant in (tts, contact):
            thumb = Image.open(io.BytesIO(made[variant])).convert("RGB")
            assert thumb.size == variant.size
            quality, worst = psnr_and_max(thumb, _old_thumbnail(full.convert("RGB"), variant.size, bleed_px))
            assert quality >= MIN_PSNR and worst <= MAX_DIFF, (face, variant, quality, worst)


def test_a_bitmap_is_downscaled_once_for_all_thumbnails(rows_faces, monkeypatch):
    """The contact thumbnail is cut from the TTS cell, not from the 300-DPI bitmap again."""
    deck, faces = rows_faces
    sources = []
    real = facecache.downscale

    def spy(image, size, box=None):
        sources.append(image.size)
        return real(image, size, box)

    monkeypatch.setattr(facecache, "downscale", spy)
    facecache._rasterise_one(face_pdf(deck, faces[0], "en"), [FULL, Variant("thumb", (409, 572)),
                                                              Variant("thumb", (180, 251))])
    assert len(sources) == 2 and sources[1] == (409, 572), sources


def test_faces_are_drawn_and_rasterised_as_they_go(rows_faces, tmp_path, monkeypatch):
    """``prepare`` streams: the first batch is rasterised before the last face is drawn, so memory
    holds a batch of pages, not the deck's (issue #30)."""
    from cardforge.render.facecache import FaceCache, prepare
    from cardforge.render.facepages import BACK, unique_faces

    deck, _faces = rows_faces
    events = []
    draw, batch = facecache.face_pdf, facecache.raster_batch
    monkeypatch.setattr(facecache, "face_pdf", lambda *a: events.append("draw") or draw(*a))
    monkeypatch.setattr(facecache, "raster_batch", lambda *a: events.append("raster") or batch(*a))
    faces = [*unique_faces(deck)[:20], BACK]
    digests = prepare(deck, faces, "en", FaceCache(tmp_path), [FULL], workers=1)
    assert len(digests) == len(faces) and events.count("draw") == len(faces)
    assert events.index("raster") < len(events) - 1 - events[::-1].index("draw")
    assert all((tmp_path / f"{d}.png").is_file() for d in digests.values())
