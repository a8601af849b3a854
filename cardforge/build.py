"""``cardforge build``: everything ``make`` produces, into ``output/``, incrementally, on every core.

The build is a list of independent *jobs* (one deck × language × format, one rulebook, the score
pads, the reference files …) grouped into *targets*, the unit of incremental rebuilds.  Each target
names the files it is made from; their content digests (and cardforge's own code) form the
target's key, recorded with its outputs in ``<out>/.cardforge-build.json``.  A target whose key
and outputs are unchanged is skipped; ``force`` rebuilds everything.

Card targets share the face cache (``<out>/cards/.faces``): a job per deck first digests its faces
in both languages (looking each up by its recipe, drawing only the new ones), the distinct faces
not yet cached are rasterised once, then the card outputs link or scale those images.  Jobs run on a process pool; each writes only its own files, so the
bytes do not depend on the number of workers or the order they finish in.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardforge.atomic import atomic_write_text, ensure_dir

__all__ = ["Job", "Target", "BuildReport", "plan", "build_all", "build_reference", "MANIFEST", "PHASES"]

MANIFEST = ".cardforge-build.json"
#: Phases in the order they are shown.
PHASES = ("faces", "raster", "cards", "rulebooks", "score sheets", "reference")


# -- what a build is made of ------------------------------------------------------------------------


@dataclass(frozen=True)
class Job:
    """One unit of work run in a worker: ``func(*args)`` returns the paths it wrote (or data)."""

    key: str
    phase: str
    func: str  # "module:function"
    args: tuple = ()
    after: tuple[str, ...] = ()  # job keys to finish first
    priority: int = 0  # higher starts first among ready jobs


@dataclass
class Target:
    """A unit of incremental build: its inputs' digest and the jobs that make its outputs."""

    name: str
    inputs: str
    jobs: list[Job] = field(default_factory=list)


@dataclass
class BuildReport:
    """What a build did, for the final summary."""

    written: list[Path] = field(default_factory=list)
    by_target: dict[str, list[Path]] = field(default_factory=dict)
    skipped: int = 0  # files of up-to-date targets
    targets_built: list[str] = field(default_factory=list)
    targets_skipped: list[str] = field(default_factory=list)
    faces: int = 0  # distinct faces the built targets use
    rasterised: int = 0  # of which drawn and rasterised by this build (the rest reused from the cache)
    seconds: float = 0.0

    @property
    def reused(self) -> int:
        return self.faces - self.rasterised

    def to_json(self) -> dict:
        groups: dict[str, int] = {}
        for name, paths in self.by_target.items():
            groups[name] = len(paths)
        return {"groups": groups, "written": [str(p) for p in self.written], "skipped": self.targets_skipped,
                "faces": self.faces, "rasterised": self.rasterised, "seconds": round(self.seconds, 3)}

    def summary(self) -> str:
        return (f"built in {self.seconds:.1f} s: {len(self.written)} files written ({len(self.targets_built)} targets), "
                f"{self.faces} distinct faces ({self.rasterised} rasterised, {self.reused} reused from the face cache), "
                f"{self.skipped} files skipped ({len(self.targets_skipped)} targets up to date)")


def _call(func: str, args: tuple) -> Any:
    """Run a job; a cardforge error comes back as a plain one (it crosses a process boundary)."""
    from cardforge.errors import CardforgeError

    module, name = func.split(":")
    try:
        return getattr(importlib.import_module(module), name)(*args)
    except CardforgeError as exc:
        if type(exc) is CardforgeError:
            raise
        plain = CardforgeError(str(exc))
        plain.exit_code = exc.exit_code
        raise plain from None


# -- inputs -------------------------------------------------------------------------------------------


def _file_digest(path: Path) -> str:
    return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()


def _tree_digest(root: Path, *, skip: Sequence[str] = (), skip_top: str = "") -> str:
    """Digest of every file under ``root`` (names and bytes), ignoring caches, ``skip`` folders and
    the files directly in ``root`` whose name ends with ``skip_top``."""
    h = hashlib.blake2b(digest_size=16)
    if not root.exists():
        return h.hexdigest()
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith(".")
                             and os.path.relpath(os.path.join(dirpath, d), root) not in skip)
        for name in sorted(filenames):
            if name.endswith((".pyc", ".part")) or name.startswith("."):
                continue
            if skip_top and dirpath == str(root) and name.endswith(skip_top):
                continue
            path = os.path.join(dirpath, name)
            h.update(os.path.relpath(path, root).encode() + b"\0")
            with open(path, "rb") as handle:
                h.update(hashlib.blake2b(handle.read(), digest_size=16).digest())
    return h.hexdigest()


class Inputs:
    """Content digests of everything a build reads, computed once per build."""

    def __init__(self) -> None:
        from cardforge import __version__
        from cardforge.paths import PACKAGE_DIR, decks_dir, templates_dir

        self.decks = decks_dir()
        self.code = f"{__version__}:{_tree_digest(PACKAGE_DIR, skip=('rules',))}"
        self.rules = _tree_digest(PACKAGE_DIR / "rules")
        self.templates = _tree_digest(templates_dir())
        deck_files = sorted(self.decks.glob("*.yaml"))
        self.deck = {p.stem: _file_digest(p) for p in deck_files}
        # layouts, art, images, spreadsheets beside the decks: any deck may use them
        self.assets = _tree_digest(self.decks, skip_top=".yaml")

    def key(self, *parts: str) -> str:
        return hashlib.blake2b("\n".join((self.code, *parts)).encode(), digest_size=16).hexdigest()

    def deck_key(self, name: str) -> str:
        if name in self.deck:
            return self.key("deck", self.deck.get("base", ""), self.deck[name], self.assets)
        # a deck file given by its path (``cardforge build mine/mine.yaml``): it, its base, its folder
        from cardforge.deck.loader import base_path_for

        path = Path(name)
        base = base_path_for(path, "base")
        return self.key("deck", _file_digest(base) if base.is_file() else "", _tree_digest(path.parent))

    def all_decks(self) -> str:
        return json.dumps(self.deck, sort_keys=True) + self.assets


def _box_key(inputs: Inputs) -> str:
    """The box depends on what the games put in it (counts, effects), not on their colours."""
    import dataclasses

    from cardforge.render.boxdeck import box_deck

    deck = box_deck()
    data = {f.name: getattr(deck, f.name) for f in dataclasses.fields(deck)
            if f.name not in ("source", "system", "_counts_cache")}
    return inputs.key("box", inputs.deck.get("base", ""), inputs.assets, repr(data))


# -- the plan ---------------------------------------------------------------------------------------------


#: Books that take longest to lay out start first (better use of the pool).
_BOOK_PRIORITY = {"comprehensive": 7, "player": 6, "reference": 5}


def book_job(game: str, lang: str, out: str, kind: str) -> list[str]:
    """One book of the rulebook module into ``out/rulebooks`` (a pool job)."""
    from cardforge.rulebook.build import build_book

    return [str(build_book(game, lang, Path(out), kind=kind))]


def _available(module: str) -> bool:
    """Whether ``module`` is part of this cardforge (found, not imported: planning stays light)."""
    import importlib.util

    return importlib.util.find_spec(module) is not None


def plan(out: Path, *, decks: Iterable[str] | None = None, inputs: Inputs | None = None) -> list[Target]:
    """Every target of a full build into ``out`` (or only the card targets of ``decks``: bundled
    deck names, or paths of deck files anywhere)."""
    from cardforge.deck import load_all
    from cardforge.render.build import card_targets

    names = [*load_all(), "box"]  # first: a deck folder that is not one is a one-line error
    inputs = inputs or Inputs()
    cards = Path(out) / "cards"
    if decks is not None:
        wanted = list(decks)  # bundled names, or paths of deck files elsewhere
        names = [n for n in names if n in wanted] + [d for d in wanted if d not in names]
    targets = []
    for name in names:
        key = _box_key(inputs) if name == "box" else inputs.deck_key(name)
        targets.append(Target(f"cards:{name}", key, card_targets(name, cards, inputs.code)))
    if decks is not None:
        return targets
    targets.append(Target("cards:calibration", inputs.key("calibration"), [
        Job(f"calibration-{paper}-{lang}", "cards", "cardforge.render.build:write_calibration_job", (str(cards), paper, lang))
        for paper in ("a4", "letter") for lang in ("en", "fr")]))
    if _available("cardforge.rulebook.build"):
        from cardforge.rulebook import all_jobs

        for game, lang, kind in all_jobs():
            key = inputs.key("rulebook", inputs.rules, inputs.templates, inputs.deck.get("base", ""),
                             inputs.deck.get(game, ""), inputs.assets)
            name = f"rulebook:{game}-{lang}" if kind == "player" else f"rulebook:{game}-{kind}-{lang}"
            job = Job(name, "rulebooks", "cardforge.build:book_job", (game, lang, str(out), kind),
                      priority=_BOOK_PRIORITY.get(kind, 5))
            targets.append(Target(name, key, [job]))
    if _available("cardforge.table.build"):
        targets.append(Target("scoresheets", inputs.key("pads", inputs.rules, inputs.all_decks()), [
            Job("scoresheets", "score sheets", "cardforge.table.build:build_blank_score_sheets", (out,), priority=4)]))
    targets.append(Target("reference", inputs.key("reference", inputs.all_decks()), [
        Job("reference", "reference", "cardforge.build:build_reference", (out,), priority=4)]))
    return targets


def build_reference(out: Path) -> list[Path]:
    """Deck summaries, the family box and the deck JSON Schema, as JSON files."""
    from cardforge.box import compute_box
    from cardforge.deck import load_all
    from cardforge.deck.schema import json_schema

    folder = ensure_dir(Path(out) / "reference")
    written = []
    decks = {
        name: {"title": {"fr": d.title.fr, "en": d.title.en}, "total": d.total(),
               "cards": {c.code: n for c, n in d.all_counts().items()}}
        for name, d in load_all().items()
    }
    for name, data in (("decks.json", decks), ("box.json", compute_box().to_json()), ("deck.schema.json", json_schema())):
        path = folder / name
        atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        written.append(path)
    return written


# -- the manifest -------------------------------------------------------------------------------------


def _stamp(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


def _read_manifest(out: Path) -> dict:
    try:
        data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _up_to_date(out: Path, entry: dict | None, key: str) -> bool:
    if not entry or entry.get("inputs") != key:
        return False
    outputs = entry.get("outputs") or {}
    return bool(outputs) and all(_stamp(out / rel) == stamp for rel, stamp in outputs.items())


# -- running ----------------------------------------------------------------------------------------------


class _Runner:
    """Runs jobs as their dependencies finish, on a pool (or inline for one worker)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.pool = None
        if workers > 1:
            from cardforge.render.raster import process_pool

            self.pool = process_pool(workers)
            for future in [self.pool.submit(os.getpid) for _ in range(workers)]:  # start them before any thread
                future.result()

    def run(self, jobs: list[Job], on_done: Callable[[Job, Any], list[Job]]) -> None:
        """Run ``jobs`` and those ``on_done(job, result)`` adds; a job without ``func`` is a barrier."""
        from concurrent.futures import FIRST_COMPLETED, wait

        waiting = {j.key: j for j in jobs}
        done: set[str] = set()
        running: dict[Any, Job] = {}

        def finish(job: Job, result: Any) -> None:
            done.add(job.key)
            for extra in on_done(job, result):
                waiting[extra.key] = extra

        while waiting or running:
            ready = sorted((j for j in waiting.values() if all(a in done for a in j.after)), key=lambda j: -j.priority)
            inline = False
            for job in ready:
                if job.func and self.pool is not None and len(running) >= self.workers * 2:
                    break
                del waiting[job.key]
                if not job.func or self.pool is None:
                    finish(job, _call(job.func, job.args) if job.func else None)
                    inline = True
                    break  # new jobs may be ready, with other priorities
                running[self.pool.submit(_call, job.func, job.args)] = job
            else:
                if not running and waiting and not ready:
                    raise RuntimeError(f"build jobs wait for each other: {sorted(waiting)}")
            if running and not inline:
                finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
                for future in sorted(finished, key=lambda f: running[f].key):
                    job = running.pop(future)
                    finish(job, future.result())

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


def build_all(out: Path, *, force: bool = False, workers: int | None = None, decks: Iterable[str] | None = None,
              progress: Any = None) -> BuildReport:
    """Build every out-of-date target into ``out`` (``decks``: only those decks' cards)."""
    from cardforge.render.build import raster_jobs

    start = time.perf_counter()
    out = ensure_dir(Path(out))
    workers = max(1, workers or os.cpu_count() or 1)
    report = BuildReport()
    manifest = _read_manifest(out)
    entries = manifest.setdefault("targets", {})
    targets = plan(out, decks=decks)
    stale = []
    for target in targets:
        if not force and _up_to_date(out, entries.get(target.name), target.inputs):
            report.targets_skipped.append(target.name)
            report.skipped += len(entries[target.name]["outputs"])
        else:
            stale.append(target)
    jobs = [job for t in stale for job in t.jobs]
    owner = {job.key: t for t in stale for job in t.jobs}
    produced: dict[str, list[Path]] = {t.name: [] for t in stale}
    faces: dict[str, dict] = {}  # digest → (pdf, variants) from the digest jobs
    face_jobs = {j.key for j in jobs if j.phase == "faces"}
    face_digests: dict[str, set[str]] = {}
    target_bands: dict[str, set[str]] = {}
    cache_dir = Path(out) / "cards" / ".faces"
    progress = progress or _NoProgress()
    for phase in PHASES:
        count = sum(1 for j in jobs if j.phase == phase)
        if count:
            progress.phase(phase, count)

    def on_done(job: Job, result: Any) -> list[Job]:
        progress.advance(job.phase)
        target = owner.get(job.key)
        if job.phase == "faces":
            face_digests.setdefault(target.name, set()).update(result["digests"])
            for digest, (pdf, variants) in result["missing"].items():
                if digest in faces:
                    faces[digest][1].update(variants)
                else:
                    faces[digest] = (pdf, set(variants))
            face_jobs.discard(job.key)
            if not face_jobs:  # every face known: rasterise the distinct ones, once
                extra = raster_jobs(str(cache_dir), faces)
                report.rasterised = len(faces)
                progress.phase("raster", len(extra) - 1)  # not the barrier
                return extra
            return []
        if target is not None and isinstance(result, dict):  # paths, and the cached bands they are made of
            target_bands.setdefault(target.name, set()).update(result["bands"])
            result = result["paths"]
        if target is not None and isinstance(result, list):
            produced[target.name] += [Path(p) for p in result]
        return []

    runner = _Runner(workers)
    try:
        runner.run(jobs, on_done)
    finally:
        runner.close()
    progress.finish()
    for target in stale:
        paths = produced[target.name]
        report.written += paths
        report.by_target[target.name] = paths
        report.targets_built.append(target.name)
        entry = {"inputs": target.inputs, "outputs": {}}
        for path in paths:
            rel = os.path.relpath(path, out)
            entry["outputs"][rel] = _stamp(path)
        if target.name in face_digests:
            entry["faces"] = sorted(face_digests[target.name])
        if target.name in target_bands:
            entry["bands"] = sorted(target_bands[target.name])
        entries[target.name] = entry
    used = set().union(*(set(e.get("faces", ())) | set(e.get("bands", ())) for e in entries.values()))
    report.faces = len(set().union(*face_digests.values())) if face_digests else 0
    if decks is None:
        from cardforge.render.facecache import FaceCache

        FaceCache(cache_dir).prune(used)
    atomic_write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    report.seconds = time.perf_counter() - start
    return report


class _NoProgress:
    def phase(self, name: str, total: int) -> None: ...
    def advance(self, name: str, n: int = 1) -> None: ...
    def finish(self) -> None: ...
