"""Render the rulings of every game as Markdown (the source of ``docs/rulings.md``)."""

from __future__ import annotations

from cardforge.rules import all_rulebooks

__all__ = ["rulings_markdown"]


def rulings_markdown() -> str:
    """All rulings, fr + en, with their reasons and house-rule switches."""
    out = [
        "# Rulings / Précisions",
        "",
        "Where a rule sheet is silent, ambiguous or contradicts itself, the project decided a ruling.",
        "Each has an ID that the referee cites and the rulebooks print. Rulings marked with a",
        "house rule can be switched (`--house KEY=VALUE` on referee and table commands).",
        "",
        "This file is generated from `cardforge/rules/*.yaml` by `python -m cardforge.rules`;",
        "a test checks it is up to date.",
        "",
    ]
    for book in all_rulebooks():
        if not book.rulings:
            continue
        out += [f"## {book.title.en} / {book.title.fr}", ""]
        for r in book.rulings:
            out.append(f"### {r.id} — {r.title.en} / {r.title.fr}")
            out.append("")
            if r.refines:
                out.append(f"- **Refines / Précise :** {', '.join(r.refines)}")
            out.append(f"- **en:** {r.text.en}")
            out.append(f"- **fr :** {r.text.fr}")
            out.append(f"- **Why:** {r.reason.en}")
            out.append(f"- **Pourquoi :** {r.reason.fr}")
            if r.house_rule:
                out.append(f"- **House rule:** `{r.house_rule}`")
            out.append("")
    return "\n".join(out)
