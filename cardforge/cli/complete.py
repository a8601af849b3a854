"""Shell completion of option values with a closed set (``autocompletion=`` callbacks): languages,
paper sizes, formats, print profiles, games, bots, house-rule keys, modes, match IDs.

Each callback is ``(ctx, param, incomplete) -> list[str]``; a list separated by commas
(``--format sheets,p``) completes its last item.  They import only what the set needs, and a
failure (no database yet, a broken deck folder) completes nothing rather than an error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import typer

__all__ = ["languages", "papers", "book_papers", "book_langs", "formats", "validate_formats", "profiles", "games", "targets",
           "bots", "house_keys", "modes", "variants", "match_ids", "choices"]


def _matching(values: Iterable[str], incomplete: str, *, comma: bool = False) -> list[str]:
    head, _, last = incomplete.rpartition(",") if comma else ("", "", incomplete)
    prefix = f"{head}," if head else ""
    return [prefix + v for v in values if v.startswith(last)]


def choices(values: Callable[[Any], Iterable[str]], *, comma: bool = False) -> Callable[..., list[str]]:
    """A completion callback offering ``values(ctx)`` that start with what was typed."""
    def complete(ctx: typer.Context, incomplete: str) -> list[str]:
        try:
            found = list(values(ctx))
        except Exception:  # completion never fails loudly
            return []
        return _matching(found, incomplete, comma=comma)

    return complete


def _game(ctx: Any) -> str | None:
    """The game a command line is about: its GAME argument, or the referee group it is in."""
    from cardforge.deck.loader import GAMES

    node = ctx
    while node is not None:
        chosen = node.params.get("game") if node.params else None
        if isinstance(chosen, str) and chosen in GAMES:
            return chosen
        if node.info_name in GAMES:
            return node.info_name
        node = node.parent
    # click stops parsing the positional arguments at an option still waiting for its value
    # (``simulate rows --bots <TAB>``): read the game from the words being completed
    import os

    words = (os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS") or "").split()
    return next((w for w in words[1:] if w in GAMES), None)


def _languages(ctx: Any) -> list[str]:
    from cardforge.i18n import languages as known

    return list(known())


def _papers(ctx: Any) -> list[str]:
    from cardforge.render.sheets import PAPERS

    return list(PAPERS)


def _formats(ctx: Any) -> list[str]:
    from cardforge.render.formats import FORMATS

    return [*FORMATS, "all"]


def _lint_formats(ctx: Any) -> tuple[str, ...]:
    from cardforge.cli.lint import FORMATS

    return FORMATS


def _profiles(ctx: Any) -> list[str]:
    from cardforge.render.pod import PROFILES

    return list(PROFILES)


def _games(ctx: Any) -> list[str]:
    from cardforge.deck.loader import GAMES

    return list(GAMES)


def _bots(ctx: Any) -> list[str]:
    from cardforge.bots import bot_names

    game = _game(ctx)
    return bot_names(game) if game else []


def _house_keys(ctx: Any) -> list[str]:
    """``key=value`` for every value of a switch with choices, ``key=`` for the others."""
    from cardforge.games import engine_module
    from cardforge.games.house import describe_house_rules

    game = _game(ctx)
    if game is None:
        return []
    found = []
    for rule in describe_house_rules(engine_module(game).HouseRules):
        values = rule["choices"] or ([True, False] if isinstance(rule["default"], bool) else [])
        found += [f"{rule['key']}={str(v).lower() if isinstance(v, bool) else v}" for v in values] or [f"{rule['key']}="]
    return found


def _modes(ctx: Any) -> list[str]:
    from cardforge.deck import load_deck

    game = _game(ctx)
    return list(load_deck(game).modes) if game else []


def _variants(ctx: Any) -> list[str]:
    from cardforge.deck import load_deck

    game = _game(ctx)
    return list(load_deck(game).variants) if game else []


def _match_ids(ctx: Any) -> list[str]:
    from cardforge.table.store import Store

    node, db = ctx, None
    while node is not None and db is None:
        db = (node.params or {}).get("db")
        node = node.parent
    with Store(db) as store:
        return [str(m.match_id) for m in store.matches()]


languages = choices(_languages)
papers = choices(_papers)
book_papers = choices(lambda ctx: ["a5", "a4"])
book_langs = choices(lambda ctx: [*_languages(ctx), "all"])
formats = choices(_formats, comma=True)
validate_formats = choices(_lint_formats)
profiles = choices(_profiles)
games = choices(_games)
targets = choices(lambda ctx: [*_games(ctx), "box"])
bots = choices(_bots, comma=True)
house_keys = choices(_house_keys)
modes = choices(_modes)
variants = choices(_variants)
match_ids = choices(_match_ids)


from cardforge.options import COMPLETERS  # noqa: E402  (the options below the command line name these kinds)

COMPLETERS.update(languages=languages, house_keys=house_keys, modes=modes, match_ids=match_ids)
