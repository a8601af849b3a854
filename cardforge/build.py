"""``cardforge build``: everything ``make`` produces, into ``output/``.

Each kind of output registers a builder here; a builder takes the output folder and returns the
paths it wrote.  Builders whose module is not present are skipped.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from pathlib import Path

from cardforge.atomic import atomic_write_text, ensure_dir

__all__ = ["BUILDERS", "build_all", "build_reference"]


def build_reference(out: Path) -> list[Path]:
    """Deck summaries, the family box and the deck JSON Schema, as JSON files."""
    from cardforge.box import compute_box
    from cardforge.deck import load_all
    from cardforge.deck.schema import json_schema

    folder = ensure_dir(out / "reference")
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


#: (label, "module:function") pairs, run in order by ``build_all``.
BUILDERS: list[tuple[str, str]] = [
    ("reference", "cardforge.build:build_reference"),
    ("card sheets", "cardforge.render.build:build_all_renders"),
    ("rulebooks", "cardforge.rulebook.build:build_all_rulebooks"),
    ("score sheets", "cardforge.table.build:build_blank_score_sheets"),
]


def _resolve(target: str) -> Callable[[Path], list[Path]] | None:
    module_name, func = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, func)


def build_all(out: Path, report: Callable[[str, list[Path]], None] | None = None) -> list[Path]:
    """Run every available builder into ``out``."""
    written: list[Path] = []
    for label, target in BUILDERS:
        builder = _resolve(target)
        if builder is None:
            continue
        paths = builder(out)
        written += paths
        if report:
            report(label, paths)
    return written
