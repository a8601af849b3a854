"""The score-pad builder of ``cardforge build``: one blank printable pad per game, French then English."""

from __future__ import annotations

from pathlib import Path

from cardforge.atomic import ensure_dir
from cardforge.scheduler import Builder, Job, Planning, Target

__all__ = ["PadBuilder", "build_blank_score_sheets"]


class PadBuilder(Builder):
    """The ``scoresheets`` target: its key follows the rules and every deck."""

    def targets(self, planning: Planning) -> list[Target]:
        if planning.decks is not None:
            return []
        inputs = planning.inputs
        return [Target("scoresheets", inputs.key("pads", inputs.rules, inputs.all_decks()), [
            Job("scoresheets", "score sheets", "cardforge.table.pad_targets:build_blank_score_sheets", (planning.out,),
                priority=4)])]


def build_blank_score_sheets(out: Path) -> list[Path]:
    """Write ``out/scoresheets/<game>.pdf`` for every game whose engine is available."""
    from cardforge.table.adapters import ADAPTERS
    from cardforge.table.export import write_blank_pdf

    folder = ensure_dir(Path(out) / "scoresheets")
    written = []
    for game in ADAPTERS:
        written.append(write_blank_pdf(game, folder / f"{game}.pdf", lang="both"))
    return written
