"""The one build scheduler: named builders plug in their targets; it runs the stale ones on every core.

``cardforge build`` (and ``make``) is a list of independent *jobs* (one deck × language × format,
one rulebook, the score pads, the reference files …) grouped into *targets*, the unit of
incremental rebuilds.  The targets come from the *builders* named in ``BUILDERS`` (each a
``Builder`` in the module that owns what it makes: ``render/card_targets.py``,
``rulebook/book_targets.py``, ``table/pad_targets.py``, ``reference_targets.py``); this module
knows none of them.  Each target names the files it is made from; their content digests (and
cardforge's own code) form the target's key, recorded with its outputs in
``<out>/.cardforge-build.json``.  A target whose key and outputs are unchanged is skipped;
``force`` rebuilds everything.  Jobs run on a process pool; each writes only its own files, so
the bytes do not depend on the number of workers or the order they finish in.  A builder sees
each of its jobs' results as they come (``Builder.done``), and may add jobs then (the card
builder rasterises the distinct faces once all its digest jobs are in).
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

__all__ = ["Job", "Target", "Builder", "Planning", "Inputs", "BuildReport", "BUILDERS", "builders", "plan", "build_all",
           "MANIFEST", "FOLDER_STAMPS", "PHASES"]

MANIFEST = ".cardforge-build.json"
#: The output folders' modification times (``.cardforge-folders.json`` in a folder of its own, so writing it
#: changes no output folder's time).
FOLDER_STAMPS = ".cardforge-folders"
_RACY_NS = 2_000_000_000  # a folder changed this close to the stamp is not trusted (as git does)

#: The builders of a build, by name, in the order their targets are planned: ``module:class``
#: (found, not imported, while planning is cheap; a builder whose module is absent is skipped).
BUILDERS: dict[str, str] = {
    "cards": "cardforge.render.card_targets:CardBuilder",
    "rulebooks": "cardforge.rulebook.book_targets:BookBuilder",
    "score sheets": "cardforge.table.pad_targets:PadBuilder",
    "reference": "cardforge.reference_targets:ReferenceBuilder",
}
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
    builder: Any = field(default=None, repr=False, compare=False)  # the ``Builder`` that planned it


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

    def summary(self, folder: str, lang: str = "en") -> str:
        """"built in 5.2 s: 646 files written (1 targets), … into FOLDER", in ``lang``."""
        from cardforge.i18n import text

        return text("out.built", lang, seconds=f"{self.seconds:.1f}", files=len(self.written),
                    targets=len(self.targets_built), faces=self.faces, rasterised=self.rasterised, reused=self.reused,
                    skipped=self.skipped, up_to_date=len(self.targets_skipped), folder=folder)


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
        if getattr(exc, "message", None) is not None:  # a catalogue message: the CLI says it in the user's language
            plain.message = exc.message
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
        return json.dumps(self.deck, sort_keys=True, allow_nan=False) + self.assets


# -- the builders and the plan ------------------------------------------------------------------------


@dataclass
class Planning:
    """What a builder plans for: the output folder, the inputs' digests, and ``decks`` when only
    those decks' cards are asked for (``None``: a whole build), and whether it is forced."""

    out: Path
    inputs: Inputs
    decks: list[str] | None = None
    #: ``build --force``: rebuild from scratch, trusting no cache of an earlier build
    force: bool = False


class Builder:
    """A named maker of targets.  ``targets`` plans them; ``start`` is told which of its jobs
    will run (those of stale targets); ``done`` hears each of its jobs' results (by default a
    list of the paths written) and may return more jobs to run; ``entry`` adds keys to a
    target's manifest entry; ``finish`` runs once the jobs are done."""

    name = ""

    def targets(self, planning: Planning) -> list[Target]:
        raise NotImplementedError

    def start(self, jobs: list[Job]) -> None:
        return None

    def done(self, job: Job, result: Any) -> tuple[list[Path], list[Job]]:
        return [Path(p) for p in result or ()], []

    def entry(self, target: Target) -> dict:
        return {}

    def finish(self, report: BuildReport, entries: dict[str, dict], planning: Planning) -> None:
        return None


def _available(module: str) -> bool:
    """Whether ``module`` is part of this cardforge (found, not imported: planning stays light)."""
    import importlib.util

    return importlib.util.find_spec(module) is not None


def builders(registry: dict[str, str] | None = None) -> list[Builder]:
    """The builders of ``registry`` (``BUILDERS`` by default) whose module is present, in order."""
    found = []
    for name, where in (BUILDERS if registry is None else registry).items():
        module, cls = where.split(":")
        if _available(module):
            builder = getattr(importlib.import_module(module), cls)()
            builder.name = name
            found.append(builder)
    return found


def plan(out: Path, *, decks: Iterable[str] | None = None, inputs: Inputs | None = None,
         makers: list[Builder] | None = None, force: bool = False) -> list[Target]:
    """Every target of a full build into ``out`` (or only the card targets of ``decks``)."""
    from cardforge.deck import load_all

    load_all()  # first: a deck folder that is not one is a one-line error
    planning = Planning(Path(out), inputs or Inputs(), None if decks is None else list(decks), force=force)
    targets = []
    for builder in builders() if makers is None else makers:
        for target in builder.targets(planning):
            target.builder = builder
            targets.append(target)
    return targets


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


class _Folders:
    """The output folders' times as the last build left them: an output in a folder whose time has
    not changed since is taken as written (outputs are replaced by renames and deleted by unlinks,
    both of which change their folder's time), so a no-op build stats the folders, not each file.
    An output edited in place is not noticed; ``--force`` rebuilds."""

    def __init__(self, out: Path):
        self.out, self.now = out, {}
        try:
            data = json.loads((out / FOLDER_STAMPS / f"{FOLDER_STAMPS}.json").read_text(encoding="utf-8"))
            self.recorded = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            self.recorded = {}

    def _time(self, folder: str) -> int | None:
        if folder not in self.now:
            try:
                self.now[folder] = os.stat(self.out / folder).st_mtime_ns
            except OSError:
                self.now[folder] = None
        return self.now[folder]

    def unchanged(self, folder: str) -> bool:
        return folder in self.recorded and self.recorded[folder] == self._time(folder)

    def record(self, entries: dict) -> None:
        """Stamp every folder holding an output of ``entries`` (those changed in the last
        ``_RACY_NS`` are left out: a change within the same clock tick would go unseen)."""
        ensure_dir(self.out / FOLDER_STAMPS)
        self.now = {}
        folders = {os.path.dirname(rel) for entry in entries.values() for rel in (entry.get("outputs") or {})}
        limit = time.time_ns() - _RACY_NS
        stamps = {f: t for f in sorted(folders) if (t := self._time(f)) is not None and t < limit}
        if stamps != self.recorded:
            atomic_write_text(self.out / FOLDER_STAMPS / f"{FOLDER_STAMPS}.json", json.dumps(stamps, indent=0, sort_keys=True))


def _up_to_date(out: Path, entry: dict | None, key: str, folders: _Folders) -> bool:
    if not entry or entry.get("inputs") != key:
        return False
    outputs = entry.get("outputs") or {}
    return bool(outputs) and all(folders.unchanged(os.path.dirname(rel)) or _stamp(out / rel) == stamp
                                 for rel, stamp in outputs.items())


# -- running ----------------------------------------------------------------------------------------------


class _Runner:
    """Runs jobs as their dependencies finish, on a pool (or inline for one worker)."""

    def __init__(self, workers: int):
        self.workers = workers
        self.pool = None
        if workers > 1:
            from cardforge.pool import process_pool

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
    start = time.perf_counter()
    out = ensure_dir(Path(out))
    workers = max(1, workers or os.cpu_count() or 1)
    report = BuildReport()
    manifest, before = _read_manifest(out), _read_manifest(out)  # parsing is cheap, encoding is not
    entries = manifest.setdefault("targets", {})
    folders = _Folders(out)
    planning = Planning(out, Inputs(), None if decks is None else list(decks), force=force)
    makers = builders()
    targets = plan(out, decks=planning.decks, inputs=planning.inputs, makers=makers, force=force)
    stale = []
    for target in targets:
        if not force and _up_to_date(out, entries.get(target.name), target.inputs, folders):
            report.targets_skipped.append(target.name)
            report.skipped += len(entries[target.name]["outputs"])
        else:
            stale.append(target)
    jobs = [job for t in stale for job in t.jobs]
    owner = {job.key: t for t in stale for job in t.jobs}
    maker = {job.key: t.builder for t in stale for job in t.jobs}
    for builder in makers:
        builder.start([job for job in jobs if maker[job.key] is builder])
    produced: dict[str, list[Path]] = {t.name: [] for t in stale}
    progress = progress or _NoProgress()
    for phase in PHASES:
        count = sum(1 for j in jobs if j.phase == phase)
        if count:
            progress.phase(phase, count)

    def on_done(job: Job, result: Any) -> list[Job]:
        if job.func:  # a barrier is no work done
            progress.advance(job.phase)
        paths, extra = maker[job.key].done(job, result)
        for added in extra:
            maker[added.key] = maker[job.key]
        target = owner.get(job.key)
        if target is not None:
            produced[target.name] += paths
        for phase in dict.fromkeys(j.phase for j in extra):
            progress.phase(phase, sum(1 for j in extra if j.phase == phase and j.func))  # not the barriers
        return extra

    runner = _Runner(workers if jobs else 1)  # nothing to do: no pool to start
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
        entry.update(target.builder.entry(target))
        entries[target.name] = entry
    for builder in makers:
        builder.finish(report, entries, planning)
    if manifest != before:  # a no-op build writes nothing, so the output folder's time stays trusted
        atomic_write_text(out / MANIFEST, json.dumps(manifest, indent=1, sort_keys=True, allow_nan=False) + "\n")
    folders.record(entries)
    report.seconds = time.perf_counter() - start
    return report


class _NoProgress:
    def phase(self, name: str, total: int) -> None: ...
    def advance(self, name: str, n: int = 1) -> None: ...
    def finish(self) -> None: ...
