"""Render a deck (or the box) in the chosen formats; ``build_all_renders`` does every one.

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

__all__ = ["FORMATS", "LANGS", "load_target", "parse_formats", "planned_faces", "render_target",
           "write_calibration", "build_all_renders"]

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
        raise UsageError(f"unknown format {','.join(unknown) or text!r}: expected {', '.join(FORMATS)} or all")
    return tuple(f for f in FORMATS if f in wanted)


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r}: expected fr or en")
    return lang


def planned_faces(deck: Deck, formats: Sequence[str], profiles: Sequence[str]) -> int:
    """How many faces the render will draw (the progress bar's total)."""
    from cardforge.render.pod import get_profile

    physical, distinct = sum(deck.all_counts().values()), len(deck.all_counts()) + 1
    total = 0
    for fmt in formats:
        if fmt == "sheets":
            total += physical
        elif fmt in ("png", "tts"):
            total += distinct
        elif fmt == "pod":
            for name in profiles:
                total += distinct if get_profile(name).kind == "png" else physical
    return total


def render_target(deck: Deck, formats: Sequence[str], out: Path, *, lang: str = "en", paper: str = "a4",
                  profiles: Sequence[str] | None = None, gutter_mm: float = 0.0,
                  back_offset: tuple[float, float] = (0.0, 0.0), progress: Progress | None = None) -> list[Path]:
    """Render ``deck`` in each of ``formats`` under ``out/<deck id>/``; return the paths written."""
    from cardforge.render.pod import PROFILES, get_profile, render_profile

    check_lang(lang)
    folder = ensure_dir(out / deck.id)
    written: list[Path] = []
    png_set: list[Path] = []  # the png format's files, which a vendor profile of that size reuses
    for fmt in sorted(formats, key=("sheets", "png", "pod", "tts").index):
        if fmt == "sheets":
            from cardforge.render.facepages import physical_cards
            from cardforge.render.sheets import sheets_pdf

            path = folder / f"{deck.id}-sheets-{paper}-{lang}.pdf"
            atomic_write_bytes(path, sheets_pdf(deck, physical_cards(deck), paper=paper, lang=lang, gutter_mm=gutter_mm,
                                                back_offset=back_offset, progress=progress))
            written.append(path)
        elif fmt == "pod":
            from cardforge.render.png import png_size

            for name in profiles or list(PROFILES):
                profile = get_profile(name)
                same = png_set if png_set and profile.size_px == png_size(deck) else None
                written += render_profile(deck, profile, folder / "pod", lang=lang, gutter_mm=gutter_mm,
                                          back_offset=back_offset, same_pngs=same, progress=progress)
        elif fmt == "png":
            from cardforge.render.png import card_pngs, contact_sheet

            png_set = card_pngs(deck, folder / f"png-{lang}", lang=lang, progress=progress)
            written += png_set
            written.append(contact_sheet(deck, folder / f"{deck.id}-contact-{lang}.png", lang=lang))
        elif fmt == "tts":
            from cardforge.render.tts import tts_export

            written += tts_export(deck, folder / f"tts-{lang}", lang=lang, progress=progress)
        else:
            raise UsageError(f"unknown format {fmt!r}: expected {', '.join(FORMATS)} or all")
    return written


def write_calibration(out: Path, *, paper: str = "a4", lang: str = "en") -> Path:
    """The duplex calibration page, as ``out/calibration-<paper>-<lang>.pdf``."""
    from cardforge.render.sheets import calibration_pdf

    path = ensure_dir(out) / f"calibration-{paper}-{lang}.pdf"
    atomic_write_bytes(path, calibration_pdf(paper, lang))
    return path


def build_all_renders(out: Path) -> list[Path]:
    """Every deck and the box, in every format and both languages, into ``out/cards``."""
    from cardforge.deck import load_all
    from cardforge.render.boxdeck import box_deck
    from cardforge.render.sheets import PAPERS

    cards = ensure_dir(out / "cards")
    written: list[Path] = []
    for deck in [*load_all().values(), box_deck()]:
        for lang in LANGS:
            written += render_target(deck, FORMATS, cards, lang=lang, paper="a4")
            written += render_target(deck, ("sheets",), cards, lang=lang, paper="letter")
    for paper in PAPERS:
        for lang in LANGS:
            written.append(write_calibration(cards, paper=paper, lang=lang))
    return written
