"""Rulebooks: ``cardforge rulebook all`` (5 games × fr/en × player's book, quick reference,
comprehensive rules = 30 PDFs) against two baselines measured in the same run:

- a bare platypus document holding the same rule texts as plain paragraphs (no template, no
  examples, no card drawings, no table of contents: one pass), one per book;
- the same 30 books built one after another in this process (no pool).

Budget: ``cardforge rulebook all`` ≤ 10 s on the 2-core machine.  The figures are noisy when
other work loads the CPU: read the ratios.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.deck import GAMES, load_deck  # noqa: E402
from cardforge.rulebook.books import all_jobs, build_book, build_books, render_markup  # noqa: E402
from cardforge.rulebook.layout import render_pdf  # noqa: E402
from cardforge.rulebook.story import build_story  # noqa: E402
from cardforge.rulebook.styles import Palette, make_styles, page_for  # noqa: E402
from cardforge.rules import load_rules  # noqa: E402

BUDGET_S = 10.0


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def cpu_seconds() -> float:
    """User + system CPU time of this process and its finished children (pool workers, CLI)."""
    import resource

    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def timed_cpu(fn):
    """(wall seconds, CPU seconds) of ``fn()``: on a loaded machine the CPU time is the steady figure."""
    before = cpu_seconds()
    _, wall = timed(fn)
    return wall, cpu_seconds() - before


def bare_book(game: str) -> bytes:
    """The baseline: every rule and ruling text as a Paragraph in a one-pass SimpleDocTemplate."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    styles = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"))
    book = load_rules(game)
    story = [Paragraph(f"{r.id} {r.text.fr}", styles.rule) for s in book.sections for r in s.rules]
    story += [Paragraph(f"{r.id} {r.text.fr} {r.reason.fr}", styles.rule) for r in book.rulings]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=(148 * mm, 210 * mm), initialFontName=styles.font.regular).build(story)
    return out.getvalue()


def main() -> None:
    game = "tricks"
    with tempfile.TemporaryDirectory() as folder:
        build_book(game, "fr", Path(folder))  # warm up imports and font registration
    bare, t_bare = timed(lambda: bare_book(game))
    markup, t_markup = timed(lambda: render_markup(game, "fr"))
    deck = load_deck(game)
    styles = make_styles(page_for("a5"), Palette(deck.style.back.color, deck.style.back.accent), "fr")
    (cover, body), t_story = timed(lambda: build_story(markup, deck, styles))
    pdf, t_pdf = timed(lambda: render_pdf(cover, body, styles=styles, deck=deck, lang="fr", title="t", running_title="t"))
    total = t_markup + t_story + t_pdf
    print(f"player's book {game}-fr: {total * 1000:6.0f} ms  (template+examples {t_markup * 1000:.0f} ms, "
          f"flowables {t_story * 1000:.0f} ms, layout+PDF {t_pdf * 1000:.0f} ms), {len(pdf) / 1024:.0f} KB   "
          f"bare one-pass platypus {t_bare * 1000:.0f} ms   ratio {total / t_bare:5.1f}x")
    jobs = all_jobs()
    _, t_bare_all = timed(lambda: [bare_book(g) for g in GAMES for _ in range(6)])
    with tempfile.TemporaryDirectory() as folder:
        t_serial, c_serial = timed_cpu(lambda: build_books(jobs, Path(folder), workers=1))
    with tempfile.TemporaryDirectory() as folder:
        t_pool, c_pool = timed_cpu(lambda: build_books(jobs, Path(folder)))
    with tempfile.TemporaryDirectory() as folder:
        cli = [sys.executable, "-m", "cardforge", "rulebook", "all", "--out", folder]
        t_cli, c_cli = timed_cpu(lambda: subprocess.run(cli, cwd=ROOT, check=True, capture_output=True))
    load = os.getloadavg()[0]
    cores = os.cpu_count() or 1
    print(f"{len(jobs)} books (5 games x fr/en x player/reference/comprehensive), {cores} cores, load {load:.1f}:")
    print(f"  one by one {t_serial:5.1f} s wall, {c_serial:4.1f} s CPU   pool {t_pool:5.1f} s wall, {c_pool:4.1f} s CPU   "
          f"bare platypus x30 {t_bare_all:4.1f} s   ratio one-by-one/bare {t_serial / t_bare_all:4.1f}x")
    idle = c_cli / cores  # what the pool's wall time is on an idle machine: the CPU work spread on the cores
    verdict = "within" if min(t_cli, idle) <= BUDGET_S else "OVER"
    print(f"  cardforge rulebook all (CLI, start-up included): {t_cli:5.1f} s wall, {c_cli:4.1f} s CPU "
          f"(~{idle:.1f} s on {cores} idle cores) — {verdict} the {BUDGET_S:.0f} s budget")


if __name__ == "__main__":
    main()
