"""Rulebook PDFs in French and English, one per game, from the project's single sources.

The pipeline, one module per step (see ``docs/rulebook.md``)::

    context    the game's data in one language: rule catalogue, deck, engine examples
    templates  jinja2 (sandboxed, StrictUndefined) renders templates/rulebook/<game>.j2
    markup     the rendered block language, checked, with typography (``typography``) applied
    story      markup → platypus flowables; card art via ``flowables.CardStrip``
    layout     cover, table of contents, running headers, page numbers (``styles``: paper, type)
    build      ``build_rulebook`` / ``build_all_rulebooks``: atomic PDF files
    examples   worked examples and reference tables computed by the engines

The layout modules import reportlab at module level; the CLI imports them only when
``cardforge rulebook`` (or ``cardforge build``) runs, so ``--help`` and the referee stay fast.
"""

from collections.abc import Iterable

#: The languages every book is written in, and the three books of each game (player's rulebook,
#: quick reference, comprehensive rules): plain data, so planning a build imports no reportlab.
LANGS: tuple[str, ...] = ("fr", "en")
KINDS: tuple[str, ...] = ("player", "reference", "comprehensive")


def all_jobs(games: Iterable[str] | None = None, langs: Iterable[str] = LANGS,
             kinds: Iterable[str] = KINDS) -> list[tuple[str, str, str]]:
    """(game, lang, kind) of every book to build, game by game."""
    if games is None:
        from cardforge.deck.loader import GAMES

        games = GAMES
    return [(g, lg, k) for g in games for k in kinds for lg in langs]
