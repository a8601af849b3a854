"""The thin dispatcher in front of typer: what to run for this command line, decided cheaply.

``cardforge --version`` is answered here, without importing typer or rich; ``cardforge referee
GAME …`` runs that game's referee app alone (typer, the game's engine and nothing else: no
other command family is imported and no command tree is built for them); ``render``, ``build``
and ``watch`` run in the root command built with their module alone.  Everything else goes to
the full application (``cardforge.cli.application``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["route", "ALONE"]

#: Commands run in the root built with their own module alone (``application.make_app``): the
#: other command families are neither imported nor built for a render.
ALONE = {"render": "cardforge.cli.render", "build": "cardforge.cli.render", "watch": "cardforge.cli.render",
         "play": "cardforge.cli.play"}


def _referee_app(game: str, sub: str) -> Any | None:
    """The referee command of ``game`` if it exists (the very one ``cardforge referee`` runs),
    with its subcommand ``sub`` alone when it has one by that name."""
    import importlib.util

    if not game.isidentifier() or importlib.util.find_spec(f"cardforge.referee.{game}") is None:
        return None
    from cardforge.deck.loader import GAMES

    if game not in GAMES:
        return None
    from cardforge.cli.referee import game_command

    return game_command(game, only=sub)


def route(argv: Sequence[str] | None) -> tuple[Callable[..., Any], list[str], str]:
    """``(app, args, prog_name)`` to run for ``argv`` (``sys.argv[1:]`` by default).

    ``--version`` alone prints the version and exits here.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["--version"], ["-V"]):
        from cardforge import __version__

        sys.stdout.write(f"cardforge {__version__}\n")
        sys.exit(0)
    if len(args) >= 3 and args[0] == "referee" and not args[1].startswith("-"):
        app = _referee_app(args[1], args[2])
        if app is not None:
            return app, args[2:], f"cardforge referee {args[1]}"
    if args and args[0] in ALONE:
        from cardforge.cli.application import make_app

        return make_app((ALONE[args[0]],)), args, "cardforge"
    from cardforge.cli.application import app as full

    return full, args, "cardforge"
