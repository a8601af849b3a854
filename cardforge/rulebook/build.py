"""Building rulebook PDFs: template → markup → flowables → PDF, written atomically.

>>> from pathlib import Path
>>> rulebook_path(Path("output"), "rows", "fr", "a5")
PosixPath('output/rulebooks/rows-fr.pdf')
"""

from __future__ import annotations

from pathlib import Path

from cardforge.atomic import atomic_write_bytes
from cardforge.deck import GAMES, load_deck
from cardforge.errors import UsageError
from cardforge.rulebook.markup import Markup, parse_markup

__all__ = ["LANGS", "rulebook_path", "render_markup", "build_rulebook", "build_all_rulebooks"]

LANGS: tuple[str, ...] = ("fr", "en")


def _check(game: str, lang: str) -> None:
    if game not in GAMES:
        from cardforge.cards import nearest

        guess = nearest(game, list(GAMES))
        hint = f"; did you mean {guess!r}?" if guess else ""
        raise UsageError(f"unknown game {game!r}: games are {', '.join(GAMES)}{hint}")
    if lang not in LANGS:
        raise UsageError(f"unknown language {lang!r}: expected {' or '.join(LANGS)}")


def rulebook_path(out: Path, game: str, lang: str, paper: str = "a5") -> Path:
    """Where the rulebook of ``game`` in ``lang`` goes: ``out/rulebooks/<game>-<lang>[-a4].pdf``."""
    suffix = "" if paper == "a5" else f"-{paper}"
    return Path(out) / "rulebooks" / f"{game}-{lang}{suffix}.pdf"


def render_markup(game: str, lang: str, paper: str = "a5") -> Markup:
    """The game's content template rendered with its data, parsed as rulebook markup."""
    from cardforge.rulebook.context import book_context
    from cardforge.rulebook.templates import render_template

    _check(game, lang)
    name = f"rulebook/{game}.j2"
    text = render_template(name, book_context(game, lang, paper=paper))
    return parse_markup(text, source=f"templates/{name}")


def build_rulebook(game: str, lang: str, out: Path, *, paper: str = "a5") -> Path:
    """Build one rulebook PDF into ``out/rulebooks/`` and return its path."""
    from cardforge.rulebook.layout import render_pdf
    from cardforge.rulebook.story import build_story
    from cardforge.rulebook.styles import Palette, make_styles, page_for

    page = page_for(paper)
    markup = render_markup(game, lang, page.name)
    deck = load_deck(game)
    styles = make_styles(page, Palette(accent=deck.style.back.color, highlight=deck.style.back.accent))
    cover, body = build_story(markup, deck, styles)
    rules_word = "Règles du jeu" if lang == "fr" else "Rules of play"
    pdf = render_pdf(cover, body, styles=styles, deck=deck, lang=lang, title=f"{deck.title(lang)} — {rules_word}",
                     running_title=f"{deck.title(lang)} · {rules_word}")
    path = rulebook_path(out, game, lang, page.name)
    atomic_write_bytes(path, pdf)
    return path


def build_all_rulebooks(out: Path, *, paper: str = "a5") -> list[Path]:
    """All ten rulebooks (five games × fr/en) into ``out/rulebooks/``."""
    return [build_rulebook(game, lang, out, paper=paper) for game in GAMES for lang in LANGS]
