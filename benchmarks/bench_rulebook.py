"""Rulebooks: ``cardforge rulebook all`` (5 games × fr/en × player's book, quick reference,
comprehensive rules = 30 PDFs) against two baselines measured in the same run:

- for a few books, one bare platypus pass (``SimpleDocTemplate.build``) over the very flowables
  the book lays out: the floor of a book with that story (target: each book ≤ 5× it);
- a bare platypus document holding the same rule texts as plain paragraphs (no template, no
  examples, no card drawings, no table of contents: one pass), one per book;
- the same 30 books built one after another in this process (no pool).

Budget: ``cardforge rulebook all`` ≤ 10 s on the 2-core machine.  The figures are noisy when
other work loads the CPU: read the ratios.
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.deck import GAMES, load_deck  # noqa: E402
from cardforge.rulebook.books import all_jobs, build_book, build_books, render_markup  # noqa: E402
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
    """Every rule and ruling text as a Paragraph in a one-pass SimpleDocTemplate (the 30-book floor)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    styles = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"))
    book = load_rules(game)
    story = [Paragraph(f"{r.id} {r.text.fr}", styles.rule) for s in book.sections for r in s.rules]
    story += [Paragraph(f"{r.id} {r.text.fr} {r.reason.fr}", styles.rule) for r in book.rulings]
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=(148 * mm, 210 * mm), initialFontName=styles.font.regular).build(story)
    return out.getvalue()


def same_story(game: str, lang: str, kind: str):
    """The flowables ``build_book`` lays out for this book (its final styles), freshly built."""
    from cardforge.rulebook.books import summary_styles
    from cardforge.rulebook.story import story_builder

    page = page_for("a5")
    deck = load_deck(game)
    palette = Palette(deck.style.back.color, deck.style.back.accent)
    markup = render_markup(game, lang, kind=kind)
    styles = summary_styles(markup, deck, page, palette, lang) if kind == "reference" else make_styles(page, palette, lang)

    def flowables() -> list:
        built = story_builder(markup, deck, styles)
        return [*built.cover, *built.body, *(built.back or [])]
    return styles, flowables


def bare_pass(styles, flowables: list) -> bytes:
    """One platypus pass over ``flowables``: a SimpleDocTemplate of the book's page, no page
    template, no contents, no second pass (the floor of a book with that story)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    page = styles.page
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=(page.width_mm * mm, page.height_mm * mm), initialFontName=styles.font.regular,
                      invariant=1).build(flowables)
    return out.getvalue()


def cpu_of(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def against_the_same_story(books: list[tuple[str, str, str]], runs: int = 2) -> None:
    """Each book's whole build (template, story, layout, PDF) against one bare platypus pass over
    the same flowables: CPU, the lower of ``runs`` interleaved runs in this process (fonts and
    dictionaries loaded once), summed by kind, with the highest ratio of each kind."""
    print(f"each book against one bare platypus pass of the same story (CPU, best of {runs}; target ≤ 5×):")
    sums: dict[str, list[float]] = {}
    worst: dict[str, tuple[float, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for game, lang, kind in books:
            styles, flowables = same_story(game, lang, kind)
            book, floor = [], []
            for _ in range(runs):
                book.append(cpu_of(lambda: build_book(game, lang, Path(folder), kind=kind)))
                fresh = flowables()  # built outside the timing: laid-out flowables keep state
                floor.append(cpu_of(lambda: bare_pass(styles, fresh)))
            b, f = min(book), min(floor)
            total = sums.setdefault(kind, [0.0, 0.0])
            total[0], total[1] = total[0] + b, total[1] + f
            worst[kind] = max(worst.get(kind, (0.0, "")), (b / f, f"{game}-{lang}"))
    for kind, (b, f) in sums.items():
        ratio, which = worst[kind]
        print(f"  {kind:<13} books {b * 1000:6.0f} ms   bare passes {f * 1000:5.0f} ms   {b / f:4.1f}×   "
              f"highest {ratio:4.1f}× ({which})  {'OK' if ratio <= 5 else 'OVER'}")


def main() -> None:
    game = "tricks"
    with tempfile.TemporaryDirectory() as folder:
        build_book(game, "fr", Path(folder))  # warm up imports and font registration
    jobs = all_jobs()
    against_the_same_story(jobs)
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
          f"(the catalogue's rule texts alone as bare paragraphs: {t_bare_all:4.1f} s, not a floor — the books hold examples, pictures and tables)")
    idle = c_cli / cores  # what the pool's wall time is on an idle machine: the CPU work spread on the cores
    verdict = "within" if min(t_cli, idle) <= BUDGET_S else "OVER"
    print(f"  cardforge rulebook all (CLI, start-up included): {t_cli:5.1f} s wall, {c_cli:4.1f} s CPU "
          f"(~{idle:.1f} s on {cores} idle cores) — {verdict} the {BUDGET_S:.0f} s budget")


if __name__ == "__main__":
    main()
