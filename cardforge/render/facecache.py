"""The face cache: each distinct card face drawn once into its own PDF page and rasterised once.

A face is identified by what it *looks like*, not by how it was described: it is drawn alone
into a one-page PDF (trim + bleed, no metadata, uncompressed), the names of its form XObjects are
renumbered in order of use (they name the deck, not the drawing), and the BLAKE2b digest of
those bytes is the face's key.  So R7 of ``rows`` in English, in French and R7 of ``numwin`` are
one entry if they print the same, whatever layout code drew them.

Drawing a face just to learn its digest costs more than rasterising the few that changed, so a
build first looks the face up by its *recipe* — ``faces.face_key``, everything the face is drawn
from (its resolved ops, geometry, the bytes of its art and fonts) with the version of the code
that draws it — in the recipes earlier builds recorded (``<deck>-<lang>.recipes.json``, recipe →
digest); only an unknown recipe is drawn and digested (``digest_by_recipe``).

Each digest is rasterised once at 300 DPI with its bleed (``<digest>.png``); every other image
is cut or scaled from that bitmap in the same pass, never drawn again: a vendor's smaller bleed
(``-c822x1122``, the centre of the bitmap) and trim-size thumbnails for Tabletop Simulator cells
and contact sheets (``-t409x572``).  Outputs are copies of these files (reflinks where the file
system shares blocks), never hard links: editing an output cannot damage the cache.  A cached
image is reused only if its PNG chunks are whole (every CRC-32 right, ``IEND`` last), so a
truncated or damaged one is drawn again.  The folder also keeps the deflated rows of cells of
TTS and contact sheets (``<key>.band``, each with its BLAKE2b digest, see ``render.grid``).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardforge.deck import Deck
from cardforge.render.facepages import Face, face_name

__all__ = ["DPI", "Variant", "FULL", "FaceCache", "png_intact", "face_pdf", "face_digest", "digest_by_recipe",
           "recipe_salt", "downscale", "raster_batch", "prepare", "scratch_cache"]

DPI = 300
RECIPES = ".recipes.json"  # suffix of a deck and language's recorded recipes
_FORM_NAME = re.compile(rb"/FormXob\.([^\s/<>\[\]()]+)")  # reportlab's name of every form XObject


@dataclass(frozen=True, order=True)
class Variant:
    """An image made from a face's 300-DPI bitmap: ``full``, a centred ``crop``, a centred part
    resampled to a vendor's pixels (``fit``), or a trim-size ``thumb``."""

    kind: str
    size: tuple[int, int] = (0, 0)
    #: ``fit``: the centred part of the bitmap resampled to ``size``
    source: tuple[int, int] = (0, 0)

    @property
    def suffix(self) -> str:
        if self.kind == "fit":
            return f"-f{self.size[0]}x{self.size[1]}-{self.source[0]}x{self.source[1]}"
        return "" if self.kind == "full" else f"-{self.kind[0]}{self.size[0]}x{self.size[1]}"


FULL = Variant("full")


def face_pdf(deck: Deck, face: Face, lang: str) -> bytes:
    """``face`` alone on a page of trim + bleed, TrimBox/BleedBox set, no title or date."""
    from reportlab.pdfgen.canvas import Canvas

    from cardforge.render.facepages import draw_face
    from cardforge.render.faces import card_size_points
    from cardforge.render.fonts import base_font
    from cardforge.render.pdf import MM

    w, h = card_size_points(deck, bleed=True)
    b = deck.card.bleed_mm * MM
    canv = Canvas(io.BytesIO(), pagesize=(w, h), invariant=1, pageCompression=0,
                  initialFontName=base_font(), initialFontSize=10)
    canv.setTrimBox((b, b, w - b, h - b))
    canv.setBleedBox((0, 0, w, h))
    canv.translate(b, b)
    draw_face(canv, deck, face, lang=lang)
    canv.showPage()
    canv.save()
    return canv._filename.getvalue()


def face_digest(pdf: bytes) -> str:
    """The face's key: BLAKE2b of the page with its form names renumbered in order of first use."""
    names: dict[bytes, int] = {}

    def renumber(match: re.Match) -> bytes:
        return b"/FormXob.f%d" % names.setdefault(match.group(1), len(names))

    return hashlib.blake2b(_FORM_NAME.sub(renumber, pdf), digest_size=16).hexdigest()


def recipe_salt(salt: str) -> str:
    """What a recipe adds to the face's own key: the drawing code's version and reportlab's."""
    import reportlab

    return f"{salt}\0reportlab {reportlab.Version}"


def digest_by_recipe(deck: Deck, faces: Iterable[Face], lang: str, cache: FaceCache, variants: Iterable[Variant], *,
                     salt: str, record: str, known: dict[str, str] | None = None,
                     missing: dict[str, tuple[bytes, list[Variant]]] | None = None,
                     ) -> tuple[dict[str, str], dict[str, tuple[bytes, list[Variant]]]]:
    """Face name → digest for ``faces``, and digest → (page, variants) for those the cache lacks.

    A face whose recipe (``face_key`` with ``salt``, the drawing code's version) an earlier build
    recorded, and whose images are cached, is not drawn; the others are drawn and digested.  The
    recipes of ``faces`` are recorded as ``record`` (``<deck>-<lang>``) for the next build.  Calls
    that pass the same ``known`` and ``missing`` (the other language of a deck) share what they
    learn: a face with no text is drawn once for both.
    """
    from cardforge.render.faces import face_key

    wanted = sorted(set(variants))
    salt = recipe_salt(salt)
    known = cache.recipes(salt) if known is None else known
    missing = {} if missing is None else missing
    digests, recipes = {}, {}
    for face in faces:
        recipe = hashlib.blake2b(f"{salt}\0{face_key(deck, face, lang, bleed=True)}".encode(), digest_size=16).hexdigest()
        digest = known.get(recipe)
        if digest is None or (digest not in missing and cache.missing(digest, wanted)):
            pdf = face_pdf(deck, face, lang)
            digest = face_digest(pdf)
            if digest not in missing and cache.missing(digest, wanted):
                missing[digest] = (pdf, wanted)
        digests[face_name(face)] = recipes[recipe] = known[recipe] = digest
    cache.remember(record, salt, recipes)
    return digests, missing


def _page_geometry(page: Any) -> tuple[tuple[int, int], float]:
    """Pixel size of the page at 300 DPI and its bleed in pixels (from the TrimBox)."""
    w, h = page.get_width(), page.get_height()
    try:
        left = page.get_trimbox()[0]
    except Exception:  # no TrimBox: the whole page is the trim
        left = 0.0
    return (round(w / 72 * DPI), round(h / 72 * DPI)), left / 72 * DPI


def downscale(image: Any, size: tuple[int, int], box: tuple[float, float, float, float] | None = None) -> Any:
    """``image`` (its ``box``) scaled down to ``size``: first by a whole factor (``Image.reduce``,
    a box filter), then LANCZOS over the last factor of 2 or less; 2.5 ms for a contact thumbnail
    of a 825×1125 face where one LANCZOS pass took 6.9 ms, within 13/255 of it (measured)."""
    from PIL import Image

    return image.resize(size, Image.Resampling.LANCZOS, box=box, reducing_gap=2.0)


def _thumbnails(pixels: Any, sizes: Sequence[tuple[int, int]], bleed_px: float) -> dict[tuple[int, int], Any]:
    """A trim-size thumbnail of each of ``sizes``, largest first, each scaled from the smallest one
    already made that is at least twice as large (TTS cells make the contact thumbnails), else from
    the 300-DPI bitmap: no bitmap is scaled twice to the same size."""
    full, made = pixels.image(), {}
    trim = pixels.box(bleed_px, bleed_px, pixels.size[0] - bleed_px, pixels.size[1] - bleed_px)
    for size in sorted(set(sizes), reverse=True):
        larger = [m for m in made.values() if m.size[0] >= 2 * size[0] and m.size[1] >= 2 * size[1]]
        source = min(larger, key=lambda m: m.size) if larger else None
        made[size] = downscale(source, size) if source is not None else downscale(full, size, trim)
    return made


def _rasterise_one(pdf: bytes, variants: Sequence[Variant]) -> list[tuple[Variant, bytes]]:
    """PNG bytes of every variant of this one-page PDF, from one 300-DPI rendering."""
    import pypdfium2 as pdfium

    from cardforge.render.raster import Pixels, render_pixels

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        try:
            full, bleed_px = _page_geometry(page)
            pixels = render_pixels(page, full, (full[0] / DPI * 72, full[1] / DPI * 72), scratch=True)
        finally:
            page.close()
    finally:
        doc.close()
    thumbs = _thumbnails(pixels, [v.size for v in variants if v.kind == "thumb"], bleed_px)
    made: list[tuple[Variant, bytes]] = []
    for variant in variants:
        if variant.kind == "full":
            made.append((variant, pixels.png(DPI)))
        elif variant.kind == "crop":
            made.append((variant, pixels.centre(variant.size).png(DPI)))
        elif variant.kind == "fit":
            from PIL import Image

            part = pixels.centre(variant.source)
            image = pixels.image().crop(tuple(round(v) for v in part.box(0, 0, *part.size)))
            image = image.resize(variant.size, Image.Resampling.LANCZOS)
            made.append((variant, Pixels(image.tobytes(), variant.size[0] * 3, variant.size, 0, 0, variant.size).png(DPI)))
        elif variant.kind == "thumb":
            made.append((variant, Pixels(thumbs[variant.size].tobytes(), variant.size[0] * 3, variant.size, 0, 0,
                                         variant.size).png()))
        else:
            raise ValueError(f"unknown face variant {variant.kind!r}")
    return made


def raster_batch(folder: str, items: Sequence[tuple[str, bytes, Sequence[Variant]]]) -> int:
    """Rasterise ``(digest, pdf, variants)`` items into the cache ``folder`` (one fsync for the batch)."""
    from cardforge.atomic import atomic_write_batch

    files = []
    for digest, pdf, variants in items:
        for variant, data in _rasterise_one(pdf, variants):
            files.append((Path(folder) / f"{digest}{variant.suffix}.png", data))
    atomic_write_batch(files)
    return len(items)


def png_intact(data: bytes) -> bool:
    """``data`` is a PNG whose every chunk is whole and has the right CRC-32, ending in ``IEND``."""
    import struct
    import zlib

    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return False
    pos = 8
    while pos + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        end = pos + 8 + length
        if end + 4 > len(data) or zlib.crc32(data[pos + 4 : end]) != struct.unpack(">I", data[end : end + 4])[0]:
            return False
        if kind == b"IEND":
            return end + 4 == len(data)
        pos = end + 4
    return False


class FaceCache:
    """A folder of rasterised faces, ``<digest><variant>.png``."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._intact: set[tuple[str, int, int, int]] = set()  # (path, inode, size, mtime) checked whole

    def path(self, digest: str, variant: Variant = FULL) -> Path:
        return self.folder / f"{digest}{variant.suffix}.png"

    def missing(self, digest: str, variants: Iterable[Variant]) -> list[Variant]:
        """The variants of ``digest`` not cached, or cached but damaged (drawn again)."""
        return sorted(v for v in set(variants) if not self.usable(self.path(digest, v)))

    def usable(self, path: Path) -> bool:
        """``path`` is a whole PNG (checked once per file version)."""
        try:
            st = path.stat()
        except OSError:
            return False
        key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
        if key in self._intact:
            return True
        try:
            ok = png_intact(path.read_bytes())
        except OSError:
            return False
        if ok:
            self._intact.add(key)
        return ok

    def clear(self) -> None:
        """Forget every cached image, band and recipe (``build --force``: faces from scratch)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.is_file() and (path.suffix in (".png", ".band") or path.name.endswith(RECIPES)):
                with contextlib.suppress(OSError):
                    os.unlink(path)

    def ensure(self, wanted: dict[str, tuple[bytes, set[Variant]]], *, workers: int = 1,
               progress: Any = None) -> int:
        """Rasterise every digest of ``wanted`` whose variants are not all cached; return how many."""
        todo = [(digest, wanted[digest][0], sorted(wanted[digest][1] | {FULL})) for digest in sorted(wanted)
                if self.missing(digest, wanted[digest][1])]
        # a missing variant re-renders the face: write all of them, they are cheap once drawn
        return self.rasterise(todo, workers=workers, progress=progress, many=len(todo) > 8)

    def rasterise(self, items: Iterable[tuple[str, bytes, Sequence[Variant]]], *, workers: int = 1,
                  progress: Any = None, many: bool = True) -> int:
        """Rasterise ``(digest, page, variants)`` items as they come (an iterator is consumed a few
        batches ahead of the workers); return how many."""
        from cardforge.atomic import ensure_dir
        from cardforge.render.raster import run_batches

        ensure_dir(self.folder)
        if workers > 1 and many:  # imported once here, the forked workers inherit them (was 2 × 0.1 s)
            import pypdfium2  # noqa: F401
            from PIL import Image  # noqa: F401
        return run_batches(raster_batch, str(self.folder), items, workers=workers, progress=progress)

    def recipes(self, salt: str) -> dict[str, str]:
        """Recipe → digest, as every earlier build with this ``salt`` recorded them."""
        import json

        known: dict[str, str] = {}
        for path in sorted(self.folder.glob(f"*{RECIPES}")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue  # unreadable: those faces are drawn again
            if isinstance(data, dict) and data.get("salt") == salt and isinstance(data.get("recipes"), dict):
                known.update(data["recipes"])
        return known

    def remember(self, name: str, salt: str, recipes: dict[str, str]) -> None:
        """Record ``recipes`` (recipe → digest) as ``<name>.recipes.json``."""
        import json

        from cardforge.atomic import atomic_write_text, ensure_dir

        ensure_dir(self.folder)
        atomic_write_text(self.folder / f"{name}{RECIPES}",
                          json.dumps({"salt": salt, "recipes": recipes}, indent=0, sort_keys=True, allow_nan=False))

    def copy(self, digest: str, variant: Variant, target: Path) -> Path:
        """``target`` becomes a copy of the cached image (never a hard link into the cache)."""
        from cardforge.atomic import atomic_copy

        atomic_copy(self.path(digest, variant), target)
        return target

    def prune(self, keep: set[str]) -> int:
        """Delete cached images and grid bands (``render.grid``) whose key is not in ``keep``;
        return how many."""
        from itertools import chain

        removed = 0
        if not self.folder.is_dir():
            return 0
        for path in chain(self.folder.glob("*.png"), self.folder.glob("*.band")):
            if path.name[:32] not in keep:
                try:
                    os.unlink(path)
                    removed += 1
                except OSError:
                    pass
        return removed


def prepare(deck: Deck, faces: Sequence[Face], lang: str, cache: FaceCache, variants: Iterable[Variant], *,
            workers: int = 1, progress: Any = None) -> dict[str, str]:
    """Digest ``faces``, rasterise those not cached with ``variants``; return face name → digest.

    Streamed: each face's page is drawn, digested and handed to the rasterisers as they go, so
    memory holds a few batches of pages, not the deck's (a 1,000-face deck's pages were 49 MB),
    and the workers rasterise while this process draws the next faces."""
    wanted = sorted(set(variants) | {FULL})  # a missing variant re-renders the face: write all of them
    digests: dict[str, str] = {}

    def missing() -> Iterator[tuple[str, bytes, Sequence[Variant]]]:
        queued: set[str] = set()
        for face in faces:
            pdf = face_pdf(deck, face, lang)
            digest = digests[face_name(face)] = face_digest(pdf)
            if digest not in queued and cache.missing(digest, wanted):
                queued.add(digest)
                yield digest, pdf, wanted
            elif progress:
                progress(1)

    cache.rasterise(missing(), workers=workers, progress=progress, many=len(faces) > 8)
    return digests


class scratch_cache:
    """A face cache for one call that has none (``with scratch_cache(folder) as cache``), removed after.

    It lives beside the output so that the outputs' copies stay on one file system (reflinks).
    """

    def __init__(self, near: Path, cache: FaceCache | None = None):
        self.near, self.given, self._tmp = Path(near), cache, None

    def __enter__(self) -> FaceCache:
        if self.given is not None:
            return self.given
        import tempfile

        from cardforge.atomic import ensure_dir

        ensure_dir(self.near)
        self._tmp = tempfile.TemporaryDirectory(prefix=".faces-", dir=self.near)
        return FaceCache(Path(self._tmp.name))

    def __exit__(self, *exc: object) -> None:
        if self._tmp is not None:
            self._tmp.cleanup()
