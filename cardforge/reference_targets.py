"""The reference builder of ``cardforge build``: deck summaries, the family box and the deck
JSON Schema, as JSON files under ``<out>/reference``."""

from __future__ import annotations

import json
from pathlib import Path

from cardforge.atomic import atomic_write_text, ensure_dir
from cardforge.scheduler import Builder, Job, Planning, Target

__all__ = ["ReferenceBuilder", "build_reference"]


class ReferenceBuilder(Builder):
    """The ``reference`` target: its key follows every deck."""

    def targets(self, planning: Planning) -> list[Target]:
        if planning.decks is not None:
            return []
        return [Target("reference", planning.inputs.key("reference", planning.inputs.all_decks()), [
            Job("reference", "reference", "cardforge.reference_targets:build_reference", (planning.out,), priority=4)])]


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
