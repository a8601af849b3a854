"""The face cache's images against the pixels the slower pipeline made before (issue #30).

The 300-DPI PNG must decode to exactly the PDFium rendering.  A thumbnail (TTS cell, contact
sheet) was a LANCZOS resize of that bitmap; it is now drawn by PDFium straight at its size
(issue #30 item 1), so the reference is that direct rendering, which the PNG must hold pixel for
pixel, as the 300-DPI one does.  Against the earlier one-pass LANCZOS it must stay close: a PSNR
of at least ``MIN_PSNR`` dB.  No per-pixel maximum holds any more: PDFium puts an edge a
fraction of a pixel elsewhere and sharper than LANCZOS does, up to 148 of 255 off on that pixel
(how the faces look is ``tests/test_face_pixels.py``'s business).
"""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from cardforge.deck import load_deck
from cardforge.render import facecache
from cardforge.render.facecache import DPI, FULL, Variant, face_pdf

MIN_PSNR = 30.0  # dB against one-pass LANCZOS: measured 31.4-35.3 on the rows faces and the back


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

    from cardforge.render.raster import render_page_rows, render_trim

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
        doc = pdfium.PdfDocument(pdf)
        try:
            page = doc[0]
            direct = {v: render_trim(page, v.size, deck.card.bleed_mm / 25.4 * 72).data for v in (tts, contact)}
            page.close()
        finally:
            doc.close()
        for variant in (tts, contact):
            thumb = Image.open(io.BytesIO(made[variant])).convert("RGB")
            assert thumb.size == variant.size
            assert thumb.tobytes() == direct[variant], "a thumbnail is PDFium's drawing at its size, lossless"
            quality, worst = psnr_and_max(thumb, _old_thumbnail(full.convert("RGB"), variant.size, bleed_px))
            assert quality >= MIN_PSNR, (face, variant, quality, worst)


def test_no_thumbnail_is_resampled_from_the_bitmap(rows_faces, monkeypatch):
    """TTS cells and contact thumbnails are drawn at their size, not resized from the 300-DPI
    bitmap (issue #30 item 1: the resizing was a quarter of a cold build)."""
    deck, faces = rows_faces
    resized = []
    real = Image.Image.resize
    monkeypatch.setattr(Image.Image, "resize", lambda self, *a, **k: resized.append(self.size) or real(self, *a, **k))
    made = facecache._rasterise_one(face_pdf(deck, faces[0], "en"), [FULL, Variant("thumb", (409, 572)),
                                                                     Variant("thumb", (180, 251))])
    assert len(made) == 3 and resized == []


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


def test_prune_drops_the_resampled_thumbnails_of_earlier_versions(tmp_path):
    """A cache from before holds ``-t…`` thumbnails (resampled, no longer read): pruning removes
    them even for a face still in use, so the cache does not keep both."""
    from cardforge.render.facecache import FaceCache

    digest = "0" * 32
    names = [f"{digest}.png", f"{digest}-t180x251.png", f"{digest}-p180x251.png", f"{digest}-c822x1122.png"]
    for name in names:
        (tmp_path / name).write_bytes(b"")
    assert FaceCache(tmp_path).prune({digest}) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(set(names) - {f"{digest}-t180x251.png"})
