"""The card builder of ``cardforge build``: every deck (and the box) in every format and both
languages, and the calibration pages, through one face cache (``<out>/cards/.faces``).

A job per deck first digests its faces in both languages (looking each up by its recipe, drawing
only the new ones); once every digest job is in, the distinct faces not yet cached are
rasterised once (``raster_jobs``), then the card outputs copy or scale those images.  Jobs run in
worker processes: plain arguments, paths as strings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardforge.atomic import ensure_dir
from cardforge.render.formats import FORMATS, LANGS, face_variants, load_target, write_calibration, write_sheets
from cardforge.scheduler import Builder, BuildReport, Inputs, Job, Planning, Target

__all__ = ["CardBuilder", "deck_jobs", "raster_jobs", "digest_job", "sheets_job", "profile_job", "png_job", "tts_job",
           "write_calibration_job"]


class CardBuilder(Builder):
    """The ``cards:<deck>`` targets and ``cards:calibration``; rasterises the faces they share."""

    def __init__(self) -> None:
        self.faces: dict[str, tuple] = {}  # digest → (pdf, variants) from the digest jobs
        self.waiting: set[str] = set()  # digest jobs not yet in
        self.digests: dict[str, set[str]] = {}  # target → the faces it uses
        self.bands: dict[str, set[str]] = {}  # target → the cached bands its outputs are made of
        self.rasterised = 0
        self.cache = ""
        self.force = False

    def targets(self, planning: Planning) -> list[Target]:
        from cardforge.deck import load_all

        names = [*load_all(), "box"]
        if planning.decks is not None:  # bundled names, or paths of deck files elsewhere
            names = [n for n in names if n in planning.decks] + [d for d in planning.decks if d not in names]
        cards = Path(planning.out) / "cards"
        self.cache = str(cards / ".faces")
        self.force = planning.force
        inputs = planning.inputs
        targets = [Target(f"cards:{name}", _box_key(inputs) if name == "box" else inputs.deck_key(name),
                          deck_jobs(name, cards, inputs.code)) for name in names]
        if planning.decks is None:
            targets.append(Target("cards:calibration", inputs.key("calibration"), [
                Job(f"calibration-{paper}-{lang}", "cards", "cardforge.render.card_targets:write_calibration_job",
                    (str(cards), paper, lang)) for paper in ("a4", "letter") for lang in LANGS]))
        return targets

    def start(self, jobs: list[Job]) -> None:
        self.waiting = {job.key for job in jobs if job.phase == "faces"}
        if self.force and self.waiting:  # from scratch: no face, band or recipe of an earlier build is trusted
            from cardforge.render.facecache import FaceCache

            FaceCache(Path(self.cache)).clear()

    def done(self, job: Job, result: Any) -> tuple[list[Path], list[Job]]:
        target = job.key.rsplit(":", 1)[0] if job.phase == "faces" else None
        if job.phase == "faces":
            self.digests.setdefault(target, set()).update(result["digests"])
            for digest, (pdf, variants) in result["missing"].items():
                if digest in self.faces:
                    self.faces[digest][1].update(variants)
                else:
                    self.faces[digest] = (pdf, set(variants))
            self.waiting.discard(job.key)
            if self.waiting:
                return [], []
            self.rasterised = len(self.faces)  # every face known: rasterise the distinct ones, once
            return [], raster_jobs(self.cache, self.faces)
        if job.phase != "cards":  # a raster batch (a count) or the barrier: no files of a target
            return [], []
        if isinstance(result, dict):  # paths, and the cached bands they are made of
            self.bands.setdefault(_target_of(job.key), set()).update(result["bands"])
            result = result["paths"]
        return super().done(job, result)

    def entry(self, target: Target) -> dict:
        extra = {}
        if target.name in self.digests:
            extra["faces"] = sorted(self.digests[target.name])
        if target.name in self.bands:
            extra["bands"] = sorted(self.bands[target.name])
        return extra

    def finish(self, report: BuildReport, entries: dict[str, dict], planning: Planning) -> None:
        """The report's face counts; on a whole build, the faces and bands no target uses leave the cache."""
        report.rasterised = self.rasterised
        report.faces = len(set().union(*self.digests.values())) if self.digests else 0
        if planning.decks is None:
            from cardforge.render.facecache import FaceCache

            used = set().union(*(set(e.get("faces", ())) | set(e.get("bands", ())) for e in entries.values()))
            FaceCache(Path(planning.out) / "cards" / ".faces").prune(used)


def _target_of(key: str) -> str:
    """``cards:<deck>:<lang>:<what>`` → ``cards:<deck>``."""
    return ":".join(key.split(":")[:2])


def _box_key(inputs: Inputs) -> str:
    """The box depends on what the games put in it (counts, effects), not on their colours."""
    import dataclasses

    from cardforge.render.boxdeck import box_deck

    deck = box_deck()
    data = {f.name: getattr(deck, f.name) for f in dataclasses.fields(deck)
            if f.name not in ("source", "system", "_counts_cache")}
    return inputs.key("box", inputs.deck.get("base", ""), inputs.assets, repr(data))


def _job_key(name: str, lang: str, what: str) -> str:
    return f"cards:{name}:{lang}:{what}"


def deck_jobs(name: str, cards: Path, salt: str = "") -> list:
    """The jobs that render deck ``name`` (or the box) in every format and both languages
    (``salt``: the version of the drawing code, which the face recipes include)."""
    from cardforge.render.pod import PROFILES

    out = str(cards)
    jobs = [Job(f"cards:{name}:faces", "faces", "cardforge.render.card_targets:digest_job", (name, out, salt), priority=9)]
    for lang in LANGS:
        for paper in ("a4", "letter"):
            sheets = _job_key(name, lang, f"sheets-{paper}")
            jobs.append(Job(sheets, "cards", "cardforge.render.card_targets:sheets_job", (name, lang, out, paper), priority=3))
            home = f"home-{paper}"
            jobs.append(Job(_job_key(name, lang, home), "cards", "cardforge.render.card_targets:profile_job",
                            (name, lang, out, home), after=(sheets,), priority=1))
        for profile in PROFILES.values():
            if profile.kind == "pdf":  # the PDF/X one runs Ghostscript, the longest card job: start it first
                jobs.append(Job(_job_key(name, lang, profile.name), "cards", "cardforge.render.card_targets:profile_job",
                                (name, lang, out, profile.name), priority=8 if profile.pdfx else 3))
            elif profile.kind == "png":
                jobs.append(Job(_job_key(name, lang, profile.name), "cards", "cardforge.render.card_targets:profile_job",
                                (name, lang, out, profile.name), after=("raster",), priority=1))
        for what in ("png", "tts"):
            jobs.append(Job(_job_key(name, lang, what), "cards", f"cardforge.render.card_targets:{what}_job", (name, lang, out),
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
        atomic_write_text(_digest_file(cards, name, lang), json.dumps(digests, indent=0, sort_keys=True, allow_nan=False))
        used.update(digests.values())
    return {"digests": sorted(used), "missing": missing}


def raster_jobs(folder: str, faces: dict, batch: int = 6) -> list:
    """Jobs rasterising each distinct face once (``faces``: digest → (pdf, variants)), and the
    ``raster`` barrier the image outputs wait for."""

    items = [(d, faces[d][0], sorted(faces[d][1])) for d in sorted(faces)]
    jobs = [Job(f"raster:{i}", "raster", "cardforge.render.facecache:raster_batch", (folder, items[i : i + batch]),
                priority=8) for i in range(0, len(items), batch)]
    return [*jobs, Job("raster", "raster", "", after=tuple(j.key for j in jobs))]


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
    """One print-on-demand profile's files; none (said in one line) if the vendor has no card of this size."""
    from cardforge.render.pod import ProfileRefused, get_profile, product_for, refused, render_profile

    deck = load_target(name)
    spec = get_profile(profile)
    try:
        product_for(deck, spec)
    except ProfileRefused as exc:
        if lang == LANGS[0]:  # once per deck, not per language
            refused(exc)
        return []
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
