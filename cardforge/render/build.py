"""Render a deck (or the box) in the chosen formats; ``card_targets`` are a build's jobs for one deck.

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

__all__ = ["FORMATS", "LANGS", "load_target", "parse_formats", "planned_faces", "render_target", "face_variants",
           "write_sheets", "write_calibration", "card_targets", "raster_jobs"]

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
    from cardforge.render.png import contact_variant, png_variant
    from cardforge.render.pod import get_profile
    from cardforge.render.tts import tts_variant

    wanted = set()
    if "png" in formats:
        wanted |= {FULL, contact_variant(deck)}
    if "tts" in formats:
        wanted.add(tts_variant(deck))
    if "pod" in formats:
        wanted |= {png_variant(deck, p.size_px) for p in map(get_profile, profiles) if p.kind == "png"}
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
            for name in profiles:
                profile = get_profile(name)
                same = sheets if profile.kind == "sheets" and profile.paper == paper else None
                written += render_profile(deck, profile, folder / "pod", lang=lang, gutter_mm=gutter_mm,
                                          back_offset=back_offset, progress=progress, cache=cache, digests=digests,
                                          same_sheets=same)
        elif fmt == "png":
            from cardforge.render.png import card_pngs, contact_sheet

            written += card_pngs(deck, folder / f"png-{lang}", lang=lang, cache=cache, digests=digests)
            written.append(contact_sheet(deck, folder / f"{deck.id}-contact-{lang}.png", lang=lang, cache=cache,
                                         digests=digests))
        elif fmt == "tts":
            from cardforge.render.tts import tts_export

            written += tts_export(deck, folder / f"tts-{lang}", lang=lang, cache=cache, digests=digests)
        else:
            raise UsageError(f"unknown format {fmt!r}: expected {', '.join(FORMATS)} or all")
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


# -- jobs of ``cardforge build`` (run in worker processes: plain arguments, paths as strings) -----------


def _job_key(name: str, lang: str, what: str) -> str:
    return f"cards:{name}:{lang}:{what}"


def card_targets(name: str, cards: Path, salt: str = "") -> list:
    """The jobs that render deck ``name`` (or the box) in every format and both languages
    (``salt``: the version of the drawing code, which the face recipes include)."""
    from cardforge.build import Job
    from cardforge.render.pod import PROFILES

    out = str(cards)
    jobs = [Job(f"cards:{name}:faces", "faces", "cardforge.render.build:digest_job", (name, out, salt), priority=9)]
    for lang in LANGS:
        for paper in ("a4", "letter"):
            sheets = _job_key(name, lang, f"sheets-{paper}")
            jobs.append(Job(sheets, "cards", "cardforge.render.build:sheets_job", (name, lang, out, paper), priority=3))
            home = f"home-{paper}"
            jobs.append(Job(_job_key(name, lang, home), "cards", "cardforge.render.build:profile_job",
                            (name, lang, out, home), after=(sheets,), priority=1))
        for profile in PROFILES.values():
            if profile.kind == "pdf":  # the PDF/X one runs Ghostscript, the longest card job: start it first
                jobs.append(Job(_job_key(name, lang, profile.name), "cards", "cardforge.render.build:profile_job",
                                (name, lang, out, profile.name), priority=8 if profile.pdfx else 3))
            elif profile.kind == "png":
                jobs.append(Job(_job_key(name, lang, profile.name), "cards", "cardforge.render.build:profile_job",
                                (name, lang, out, profile.name), after=("raster",), priority=1))
        for what in ("png", "tts"):
            jobs.append(Job(_job_key(name, lang, what), "cards", f"cardforge.render.build:{what}_job", (name, lang, out),
                            after=("raster",), priority=2))
    return jobs


def _record(name: str, lang: str) -> str:
    """``<deck>-<lang>``, the name of a deck's files in the face cache (a deck given by its path:
    the path with its slashes replaced)."""
    import re

    safe = re.sub(r"[^\w.-]", "_", name)
    return f"{safe}-{lang}"


def _digest_file(cards: str, name: str, lang: str) -> Path:
    return Path(cards) / ".faces" / f"{_record(name, lang)}.json"


def digest_job(name: str, cards: str, salt: str = "") -> dict:
    """Digest every face of ``name`` in each language (kept in ``.faces/<deck>-<lang>.json``),
    drawing only the faces whose recipe no earlier build (nor the other language) recorded; return
    the digests and, for faces the cache lacks, their page and the images wanted from it."""
    import json

    from cardforge.atomic import atomic_write_text
    from cardforge.render.facecache import FaceCache, digest_by_recipe, recipe_salt
    from cardforge.render.png import deck_faces
    from cardforge.render.pod import PROFILES

    deck = load_target(name)
    cache = FaceCache(Path(cards) / ".faces")
    variants = face_variants(deck, FORMATS, list(PROFILES))
    known, missing, used = cache.recipes(recipe_salt(salt)), {}, set()
    for lang in LANGS:
        digests, missing = digest_by_recipe(deck, deck_faces(deck), lang, cache, variants, salt=salt,
                                            record=_record(name, lang), known=known, missing=missing)
        atomic_write_text(_digest_file(cards, name, lang), json.dumps(digests, indent=0, sort_keys=True))
        used.update(digests.values())
    return {"digests": sorted(used), "missing": missing}


def raster_jobs(folder: str, faces: dict, batch: int = 6) -> list:
    """Jobs rasterising each distinct face once (``faces``: digest → (pdf, variants)), and the
    ``raster`` barrier the image outputs wait for."""
    from cardforge.build import Job

    items = [(d, faces[d][0], sorted(faces[d][1])) for d in sorted(faces)]
    jobs = [Job(f"raster:{i}", "raster", "cardforge.render.facecache:raster_batch", (folder, items[i : i + batch]),
                priority=8) for i in range(0, len(items), batch)]
    return [*jobs, Job("raster", "barrier", "", after=tuple(j.key for j in jobs))]


def _digests(cards: str, name: str, lang: str) -> dict:
    import json

    return json.loads(_digest_file(cards, name, lang).read_text(encoding="utf-8"))


def _cache(cards: str):
    from cardforge.render.facecache import FaceCache

    return FaceCache(Path(cards) / ".faces")


def sheets_job(name: str, lang: str, cards: str, paper: str) -> list[str]:
    deck = load_target(name)
    return [str(write_sheets(deck, ensure_dir(Path(cards) / deck.id), lang=lang, paper=paper))]


def profile_job(name: str, lang: str, cards: str, profile: str) -> list[str]:
    from cardforge.render.pod import get_profile, render_profile

    deck = load_target(name)
    spec = get_profile(profile)
    folder = Path(cards) / deck.id
    same = folder / f"{deck.id}-sheets-{spec.paper}-{lang}.pdf" if spec.kind == "sheets" else None
    digests = _digests(cards, name, lang) if spec.kind == "png" else None
    return [str(p) for p in render_profile(deck, spec, folder / "pod", lang=lang, cache=_cache(cards), digests=digests,
                                           same_sheets=same)]


def png_job(name: str, lang: str, cards: str) -> dict:
    """The per-face PNGs and the contact sheet; returns the paths and the cached bands used."""
    from cardforge.render.png import card_pngs, contact_sheet

    deck = load_target(name)
    folder, digests, cache = Path(cards) / deck.id, _digests(cards, name, lang), _cache(cards)
    bands: list[str] = []
    written = card_pngs(deck, folder / f"png-{lang}", lang=lang, cache=cache, digests=digests)
    written.append(contact_sheet(deck, folder / f"{deck.id}-contact-{lang}.png", lang=lang, cache=cache, digests=digests,
                                 bands=bands))
    return {"paths": [str(p) for p in written], "bands": bands}


def tts_job(name: str, lang: str, cards: str) -> dict:
    """The Tabletop Simulator sheets; returns the paths and the cached bands used."""
    from cardforge.render.tts import tts_export

    deck = load_target(name)
    bands: list[str] = []
    written = tts_export(deck, Path(cards) / deck.id / f"tts-{lang}", lang=lang, cache=_cache(cards),
                         digests=_digests(cards, name, lang), bands=bands)
    return {"paths": [str(p) for p in written], "bands": bands}


def write_calibration_job(cards: str, paper: str, lang: str) -> list[str]:
    return [str(write_calibration(Path(cards), paper=paper, lang=lang))]
