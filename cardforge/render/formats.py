"""Render a deck (or the box) in the chosen formats (``cardforge render``; a build's card jobs,
``render/card_targets.py``, write the same files).

Output layout under the chosen folder (``output/cards`` by default)::

    <deck>/<deck>-sheets-<paper>-<lang>.pdf      home sheets (fronts, then mirrored backs)
    <deck>/pod/<deck>-<profile>-<lang>.pdf       one-face-per-page vendor PDFs
    <deck>/pod/<deck>-<profile>-<lang>/*.png     per-face vendor PNGs + counts.csv
    <deck>/png-<lang>/*.png                      per-face PNGs, 300 DPI with bleed + counts.csv
    <deck>/<deck>-contact-<lang>.png             contact sheet of the whole deck
    <deck>/tts-<lang>/sheet-N.png, back.png, tts.json   Tabletop Simulator
    calibration-<paper>.pdf                      duplex alignment test page
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from cardforge.atomic import atomic_write_bytes, ensure_dir
from cardforge.deck import Deck
from cardforge.errors import UsageError
from cardforge.i18n import either, refusal

__all__ = ["FORMATS", "LANGS", "load_target", "parse_formats", "check_lang", "planned_faces", "render_target",
           "face_variants", "write_sheets", "write_calibration"]

FORMATS = ("sheets", "pod", "png", "tts")
LANGS = ("en", "fr")

Progress = Callable[[float], None]


def load_target(name: str) -> Deck:
    """A game deck by name, or ``box`` for the whole-family box."""
    if name == "box":
        from cardforge.render.boxdeck import box_deck

        return box_deck()
    from cardforge.deck import load_deck

    return load_deck(name)


def parse_formats(text: str) -> tuple[str, ...]:
    """``sheets``, ``png,tts`` or ``all`` → the formats to render, in canonical order."""
    wanted = {f.strip().lower() for f in text.split(",") if f.strip()}
    if "all" in wanted:
        return FORMATS
    unknown = sorted(wanted - set(FORMATS))
    if unknown or not wanted:
        raise refusal(UsageError, "error.render.format", fmt=repr(",".join(unknown) or text), formats=", ".join(FORMATS))
    return tuple(f for f in FORMATS if f in wanted)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise refusal(UsageError, "error.lang.unknown", lang=repr(lang), langs=either(("fr", "en")))  # as the help says them
    return lang


def planned_faces(deck: Deck, formats: Sequence[str], profiles: Sequence[str]) -> int:
    """How many faces the render will draw (the progress bar's total)."""
    from cardforge.render.pod import get_profile

    physical, distinct = sum(deck.all_counts().values()), len(deck.all_counts()) + 1
    total = distinct if face_variants(deck, formats, profiles) else 0  # the face cache, once
    for fmt in formats:
        if fmt == "sheets":
            total += physical
        elif fmt in ("png", "tts"):
            total += distinct
        elif fmt == "pod":
            for name in profiles:
                total += distinct if get_profile(name).kind == "png" else physical
    return total


def face_variants(deck: Deck, formats: Sequence[str], profiles: Sequence[str]) -> set:
    """The face-cache images these formats need (the 300-DPI bitmap, vendor crops, thumbnails)."""
    from cardforge.render.facecache import FULL
    from cardforge.render.png import contact_variant
    from cardforge.render.pod import get_profile
    from cardforge.render.tts import tts_variant

    wanted = set()
    if "png" in formats:
        wanted |= {FULL, contact_variant(deck)}
    if "tts" in formats:
        wanted.add(tts_variant(deck))
    if "pod" in formats:
        from cardforge.render.pod import ProfileRefused, png_variant_for

        for profile in (p for p in map(get_profile, profiles) if p.kind == "png"):
            try:
                wanted.add(png_variant_for(deck, profile))
            except ProfileRefused:
                pass  # said, once, when the profile's turn comes
    return wanted


def render_target(deck: Deck, formats: Sequence[str], out: Path, *, lang: str = "en", paper: str = "a4",
                  profiles: Sequence[str] | None = None, gutter_mm: float = 0.0,
                  back_offset: tuple[float, float] = (0.0, 0.0), progress: Progress | None = None,
                  workers: int | None = None) -> list[Path]:
    """Render ``deck`` in each of ``formats`` under ``out/<deck id>/``; return the paths written.

    Raster formats share one face cache (``out/.faces``): each distinct face is drawn and
    rasterised once, on up to ``workers`` processes (default: every core).
    """
    import os

    from cardforge.render.facecache import FaceCache, prepare
    from cardforge.render.pod import PROFILES, get_profile, render_profile

    check_lang(lang)
    folder = ensure_dir(out / deck.id)
    profiles = list(profiles or PROFILES)
    written: list[Path] = []
    cache = FaceCache(out / ".faces")
    variants = face_variants(deck, formats, profiles)
    digests = None
    if variants:
        from cardforge.render.png import deck_faces

        digests = prepare(deck, deck_faces(deck), lang, cache, variants, workers=workers or os.cpu_count() or 1,
                          progress=progress)
    sheets = None
    for fmt in sorted(formats, key=("sheets", "png", "pod", "tts").index):
        if fmt == "sheets":
            sheets = write_sheets(deck, folder, lang=lang, paper=paper, gutter_mm=gutter_mm, back_offset=back_offset,
                                  progress=progress)
            written.append(sheets)
        elif fmt == "pod":
            from cardforge.render.pod import ProfileRefused, refused

            refusals = []
            for name in profiles:
                profile = get_profile(name)
                same = sheets if profile.kind == "sheets" and profile.paper == paper else None
                try:
                    written += render_profile(deck, profile, folder / "pod", lang=lang, gutter_mm=gutter_mm,
                                              back_offset=back_offset, progress=progress, cache=cache, digests=digests,
                                              same_sheets=same)
                except ProfileRefused as exc:  # this vendor has no such card: the others are still written
                    refusals.append(exc)
            if len(refusals) == len(profiles):
                raise refusals[0]  # nothing could be written (e.g. the one --profile asked for)
            for exc in refusals:
                refused(exc)
        elif fmt == "png":
            from cardforge.render.png import card_pngs, contact_sheet

            written += card_pngs(deck, folder / f"png-{lang}", lang=lang, cache=cache, digests=digests)
            written.append(contact_sheet(deck, folder / f"{deck.id}-contact-{lang}.png", lang=lang, cache=cache,
                                         digests=digests))
        elif fmt == "tts":
            from cardforge.render.tts import tts_export

            written += tts_export(deck, folder / f"tts-{lang}", lang=lang, cache=cache, digests=digests)
        else:
            raise refusal(UsageError, "error.render.format", fmt=repr(fmt), formats=", ".join(FORMATS))
    return written


def write_sheets(deck: Deck, folder: Path, *, lang: str, paper: str, gutter_mm: float = 0.0,
                 back_offset: tuple[float, float] = (0.0, 0.0), progress: Progress | None = None) -> Path:
    """The home sheets PDF ``<deck>-sheets-<paper>-<lang>.pdf``."""
    from cardforge.render.facepages import physical_cards
    from cardforge.render.sheets import sheets_pdf

    path = folder / f"{deck.id}-sheets-{paper}-{lang}.pdf"
    atomic_write_bytes(path, sheets_pdf(deck, physical_cards(deck), paper=paper, lang=lang, gutter_mm=gutter_mm,
                                        back_offset=back_offset, progress=progress))
    return path


def write_calibration(out: Path, *, paper: str = "a4", lang: str = "en") -> Path:
    """The duplex calibration page, as ``out/calibration-<paper>-<lang>.pdf``."""
    from cardforge.render.sheets import calibration_pdf

    path = ensure_dir(out) / f"calibration-{paper}-{lang}.pdf"
    atomic_write_bytes(path, calibration_pdf(paper, lang))
    return path
