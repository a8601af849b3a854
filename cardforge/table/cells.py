"""How a score pad writes its numbers and cells: ``−3`` (typographic minus), ``+5``, ``2/1``.

Shared by the adapters (the printed pad), the standings table, the exports and the web page;
below all of them, it imports nothing of the table.
"""

from __future__ import annotations

from typing import Any

__all__ = ["number", "signed", "cell_detail"]


def number(n: int) -> str:
    """``-3`` → ``−3`` (typographic minus, as on a printed pad)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def signed(n: int) -> str:
    """``5`` → ``+5``, ``-3`` → ``−3``, ``0`` → ``0``."""
    return f"+{n}" if n > 0 else number(n)


def cell_detail(game: str, cell: dict[str, Any]) -> str:
    """What a side entered this round, compactly (``2/1``, ``R5 RB3``, ``pair 7, flush 18``)."""
    if "bid" in cell:
        bonus = f" ★{signed(cell['bonus'])}" if cell.get("bonus") else ""
        return f"{cell['bid']}/{cell['won']}{bonus}"
    if "objectives" in cell:
        return ", ".join(f"{o['objective']} {o['points']}" for o in cell["objectives"]) or "—"
    for key in ("captured", "secured", "combo"):
        if key in cell:
            return str(cell[key])
    return ""
