"""Card pictures for the page: drawn by the card renderer, cached on disk as small PNGs.

The first picture asked of a deck renders every face of that deck in one go (one PDF of all
faces, rasterised by PDFium: ~0.2 s for 102 cards) into
``<user cache>/cardforge/web-cards/<deck>-<lang>-<key>/``, where ``key`` changes with the deck's
YAML and the cardforge version, so an edited deck gets new pictures and an old cache is never
shown.  Files are written atomically; concurrent first requests render once.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from cardforge.errors import UsageError

__all__ = ["PICTURE_WIDTH", "PictureCache", "default_cache_dir"]

#: Pixel width of a card picture (the page shows it at about a third of that on a phone: crisp
#: on a 3× screen).
PICTURE_WIDTH = 180


def default_cache_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_cache_dir("cardforge")) / "web-cards"


class PictureCache:
    """Card pictures of every deck, rendered on first use."""

    def __init__(self, folder: Path | None = None):
        self.folder = folder or default_cache_dir()
        self._lock = threading.Lock()

    def path(self, game: str, code: str, lang: str) -> Path:
        """The PNG of card ``code`` (``back`` for the back) of ``game``'s deck, rendering the
        deck's pictures if they are not cached yet (``UsageError`` for an unknown card)."""
        from cardforge.deck import load_deck

        deck = load_deck(game)
        face = None if code == "back" else deck.parse(code).undeclared()
        if face is not None and face not in deck.all_counts():
            from cardforge.i18n import refusal

            raise refusal(UsageError, "error.web.unknown_card", code=repr(code), game=game)
        folder = self._folder(game, lang)
        name = "back" if face is None else face.code
        target = folder / f"{name}.png"
        if not target.is_file():
            with self._lock:
                if not target.is_file():
                    self._render(deck, folder, lang)
        return target

    def _folder(self, game: str, lang: str) -> Path:
        from cardforge import __version__
        from cardforge.deck.loader import deck_path

        path = deck_path(game)
        digest = hashlib.sha256(__version__.encode() + path.read_bytes())
        base = path.parent / "base.yaml"
        if base.is_file():
            digest.update(base.read_bytes())
        return self.folder / f"{game}-{lang}-{digest.hexdigest()[:12]}"

    @staticmethod
    def _render(deck, folder: Path, lang: str) -> None:
        from cardforge.atomic import atomic_write_bytes, ensure_dir
        from cardforge.render.facepages import BACK, face_name, faces_pdf, unique_faces
        from cardforge.render.faces import card_size_points
        from cardforge.render.raster import encode_png, rasterise

        ensure_dir(folder)
        faces = [*unique_faces(deck), BACK]
        w, h = card_size_points(deck, bleed=False)
        size = (PICTURE_WIDTH, round(PICTURE_WIDTH * h / w))
        images = rasterise(faces_pdf(deck, faces, lang=lang), size=size, visible=(w, h))
        for face, image in zip(faces, images, strict=True):
            raw = image.tobytes()
            rows = [raw[r * size[0] * 3:(r + 1) * size[0] * 3] for r in range(size[1])]
            atomic_write_bytes(folder / f"{face_name(face)}.png", encode_png(rows, size[0]))
