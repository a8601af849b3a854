"""Rulebooks: time to build one book, split by stage, against a baseline measured in the same
run — a bare platypus document holding the same rule texts as plain paragraphs (no template,
no examples, no card drawings, no table of contents: one pass)."""

from __future__ import annotations

import io
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardforge.deck import GAMES, load_deck  # noqa: E402
from cardforge.rulebook.build import build_rulebook, render_markup  # noqa: E402
from cardforge.rulebook.layout import render_pdf  # noqa: E402
from cardforge.rulebook.story import build_story  # noqa: E402
from cardforge.rulebook.styles import Palette, make_styles, page_for  # noqa: E402
from cardforge.rules import load_rules  # noqa: E402


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


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
    build_rulebook(game, "fr", Path(tempfile.mkdtemp()))  # warm up imports and font registration
    bare, t_bare = timed(lambda: bare_book(game))
    markup, t_markup = timed(lambda: render_markup(game, "fr"))
    deck = load_deck(game)
    styles = make_styles(page_for("a5"), Palette(deck.style.back.color, deck.style.back.accent))
    (cover, body), t_story = timed(lambda: build_story(markup, deck, styles))
    pdf, t_pdf = timed(lambda: render_pdf(cover, body, styles=styles, deck=deck, lang="fr", title="t", running_title="t"))
    total = t_markup + t_story + t_pdf
    print(f"rulebook {game}-fr: {total * 1000:7.0f} ms  (template+examples {t_markup * 1000:.0f} ms, "
          f"flowables {t_story * 1000:.0f} ms, layout+PDF {t_pdf * 1000:.0f} ms), {len(pdf) / 1024:.0f} KB   "
          f"bare one-pass platypus baseline {t_bare * 1000:.0f} ms, {len(bare) / 1024:.0f} KB   ratio {total / t_bare:5.1f}x")
    with tempfile.TemporaryDirectory() as folder:
        _, t_all = timed(lambda: [build_rulebook(g, lang, Path(folder)) for g in GAMES for lang in ("fr", "en")])
    print(f"all ten rulebooks (5 games x fr/en, A5): {t_all:6.1f} s   ({t_all / 10 * 1000:.0f} ms per book)")


if __name__ == "__main__":
    main()
