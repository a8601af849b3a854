"""Blank printable score pads for ``cardforge build``: one PDF per game, French then English."""

from __future__ import annotations

from pathlib import Path

from cardforge.atomic import ensure_dir

__all__ = ["build_blank_score_sheets"]


def build_blank_score_sheets(out: Path) -> list[Path]:
    """Write ``out/scoresheets/<game>.pdf`` for every game whose engine is available."""
    from cardforge.table.adapters import ADAPTERS
    from cardforge.table.export import write_blank_pdf

    folder = ensure_dir(Path(out) / "scoresheets")
    written = []
    for game in ADAPTERS:
        written.append(write_blank_pdf(game, folder / f"{game}.pdf", lang="both"))
    return written
