"""Building the books: template → markup → flowables → PDF, written atomically.

Three readers of one catalogue per game and language (``KINDS``): the player's rulebook
(``<game>-<lang>.pdf``), the quick reference (``<game>-reference-<lang>.pdf``: an A5 summary and
a card-sized player aid on print sheets) and the comprehensive rules
(``<game>-comprehensive-<lang>.pdf``).

>>> from pathlib import Path
>>> rulebook_path(Path("output"), "rows", "fr", "a5")
PosixPath('output/rulebooks/rows-fr.pdf')
>>> rulebook_path(Path("output"), "rows", "en", "a4", kind="comprehensive")
PosixPath('output/rulebooks/rows-comprehensive-en-a4.pdf')
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardforge.atomic import atomic_write_bytes
from cardforge.deck import GAMES, load_deck
from cardforge.errors import UsageError
from cardforge.i18n import Message, either, refusal
from cardforge.rulebook import KINDS, LANGS, all_jobs
from cardforge.rulebook.markup import Markup, parse_markup

__all__ = ["LANGS", "KINDS", "rulebook_path", "render_markup", "build_rulebook", "build_book", "build_books",
           "build_all_rulebooks", "all_jobs", "summary_styles"]


_SUBTITLES = {"player": ("Règles du jeu", "Rules of play"), "comprehensive": ("Règles complètes", "Comprehensive rules"),
              "reference": ("Aide de jeu", "Quick reference")}


def _check(game: str, lang: str, kind: str = "player") -> None:
    if game not in GAMES:
        from cardforge.cards import nearest

        guess = nearest(game, list(GAMES))
        hint = Message("error.card.hint", suggestion=repr(guess)) if guess else ""
        raise refusal(UsageError, "error.rulebook.unknown_game", game=repr(game), games=", ".join(GAMES), hint=hint)
    if lang not in LANGS:
        raise refusal(UsageError, "error.lang.unknown", lang=repr(lang), langs=either(LANGS))
    if kind not in KINDS:
        raise refusal(UsageError, "error.rulebook.unknown_book", kind=repr(kind), kinds=", ".join(KINDS))


def rulebook_path(out: Path, game: str, lang: str, paper: str = "a5", *, kind: str = "player") -> Path:
    """Where a book goes: ``out/rulebooks/<game>[-<kind>]-<lang>[-a4].pdf`` (no kind for the player's)."""
    suffix = "" if paper == "a5" else f"-{paper}"
    name = game if kind == "player" else f"{game}-{kind}"
    return Path(out) / "rulebooks" / f"{name}-{lang}{suffix}.pdf"


def template_for(game: str, kind: str) -> str:
    """The template of a book: the game's own (``rulebook/<game>.j2``, which extends the kind's
    layout) when there is one, else the kind's layout itself (a custom deck's book)."""
    from cardforge.paths import templates_dir

    if kind == "reference":
        return "rulebook/reference.j2"
    own = f"rulebook/{game}.j2"
    return own if (templates_dir() / own).is_file() else f"rulebook/{kind}.j2"


def render_markup(game: str, lang: str, paper: str = "a5", *, kind: str = "player", deck: Any = None,
                  rules: Any = None) -> Markup:
    """The game's content template rendered with its data for ``kind``, parsed as rulebook markup
    (``deck``/``rules``: a custom deck and its rules, see ``context.book_context``)."""
    from cardforge.rulebook.context import book_context
    from cardforge.rulebook.templates import render_template

    if deck is None:
        _check(game, lang, kind)
    name = template_for(game, kind)
    text = render_template(name, book_context(game, lang, paper=paper, kind=kind, deck=deck, rules=rules))
    return parse_markup(text, source=f"templates/{name}")


def build_book(game: str, lang: str, out: Path, *, paper: str = "a5", kind: str = "player", deck: Any = None,
               rules: Any = None) -> Path:
    """Build one book of ``kind`` into ``out/rulebooks/`` and return its path; ``deck`` and
    ``rules`` let a custom deck go through the same pipeline (no engine needed)."""
    from cardforge.rulebook.layout import render_pdf
    from cardforge.rulebook.styles import Palette, make_styles, page_for

    page = page_for(paper)
    markup = render_markup(game, lang, page.name, kind=kind, deck=deck, rules=rules)
    deck = deck or load_deck(game)
    palette = Palette(accent=deck.style.back.color, highlight=deck.style.back.accent)
    styles = make_styles(page, palette, lang)
    word = _SUBTITLES[kind][0 if lang == "fr" else 1]
    title = f"{deck.title(lang)} — {word}"
    if kind == "reference":
        from cardforge.rulebook.aid import reference_pdf
        from cardforge.rulebook.story import build_story

        styles = summary_styles(markup, deck, page, palette, lang)
        _cover, body = build_story(markup, deck, styles)  # fresh flowables: measuring used them
        pdf = reference_pdf(body, styles=styles, deck=deck, lang=lang, title=title, sides=_aid_sides(rules or game, lang))
    else:
        from cardforge.rulebook.story import story_builder

        def parts() -> tuple[list[Any], list[Any], list[Any] | None]:
            built = story_builder(markup, deck, styles)
            return built.cover, built.body, built.back or None

        cover, body, back = parts()
        teaching = kind == "player" and back is not None  # a teaching booklet: saddle-stitched, 4 pages a sheet
        pdf = render_pdf(cover, body, styles=styles, deck=deck, lang=lang, title=title,
                         running_title=f"{deck.title(lang)} · {word}", back=back,
                         multiple=4 if teaching else 1, rebuild=parts)
    path = rulebook_path(out, game, lang, page.name, kind=kind)
    atomic_write_bytes(path, pdf)
    return path


def summary_styles(markup: Markup, deck: Any, page: Any, palette: Any, lang: str) -> Any:
    """The styles of the quick reference's one-page summary: its type made smaller until it fits."""
    from dataclasses import replace

    from cardforge.rulebook.aid import fits_one_page, summary_scale
    from cardforge.rulebook.story import build_story
    from cardforge.rulebook.styles import make_styles

    def scaled(scale: float) -> Any:
        return make_styles(replace(page, body_pt=page.body_pt * scale), palette, lang)

    def fits(scale: float) -> bool:
        styles = scaled(scale)
        return fits_one_page(build_story(markup, deck, styles)[1], styles)

    return scaled(summary_scale(fits))


def _aid_sides(rules: Any, lang: str) -> tuple[tuple[str, list[str]], tuple[str, list[str]]]:
    """The player aid's two sides: the turn in order, then the scoring (typeset); ``rules`` is
    a ``RuleBook`` or a game slug."""
    from cardforge.rules import load_rules
    from cardforge.rulebook.typography import NBSP, NNBSP, typeset

    info = (load_rules(rules) if isinstance(rules, str) else rules).book

    def lines(texts) -> list[str]:
        return [typeset(t(lang), lang).replace(NNBSP, NBSP) for t in texts]

    fr = lang == "fr"
    return (("Votre tour" if fr else "Your turn", lines(info.turn)), ("Le score" if fr else "Scoring", lines(info.scoring)))


def build_rulebook(game: str, lang: str, out: Path, *, paper: str = "a5") -> Path:
    """The player's rulebook of ``game`` in ``lang`` (``build_book`` with ``kind="player"``)."""
    return build_book(game, lang, out, paper=paper, kind="player")


#: Which books take longest to lay out (scheduled first in the pool).
_EFFORT = {"comprehensive": 0, "player": 1, "reference": 2}


def _job(args: tuple[str, str, str, str, str]) -> Path:
    game, lang, kind, out, paper = args
    return build_book(game, lang, Path(out), paper=paper, kind=kind)


def build_books(jobs: Iterable[tuple[str, str, str]], out: Path, *, paper: str = "a5",
                workers: int | None = None) -> list[Path]:
    """Build the ``(game, lang, kind)`` books, in a process pool when there is more than one
    core and more than two books (each book is an independent, CPU-bound layout)."""
    jobs = list(jobs)
    for game, lang, kind in jobs:
        _check(game, lang, kind)
    workers = workers if workers is not None else min(len(jobs), os.cpu_count() or 1)
    args = [(g, lg, k, str(out), paper) for g, lg, k in jobs]
    if workers <= 1 or len(jobs) <= 2:
        return [_job(a) for a in args]
    import multiprocessing

    from cardforge.rulebook.styles import warm

    warm({lang for _game, lang, _kind in jobs})  # the forked workers inherit the parsed fonts and dictionaries
    longest_first = sorted(range(len(args)), key=lambda i: _EFFORT.get(args[i][2], 3))  # better balance
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with context.Pool(workers) as pool:
        built = pool.map(_job, [args[i] for i in longest_first], chunksize=1)
    paths: list[Path] = [Path()] * len(args)
    for i, path in zip(longest_first, built):
        paths[i] = path
    return paths  # in the order asked


def build_all_rulebooks(out: Path, *, paper: str = "a5") -> list[Path]:
    """Every book (five games × fr/en × player, reference, comprehensive) into ``out/rulebooks/``."""
    return build_books(all_jobs(), out, paper=paper)
