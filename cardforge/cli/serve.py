"""``cardforge serve``: the table companion page for phones (see ``docs/web.md``)."""

from __future__ import annotations

from pathlib import Path

import typer

from cardforge.options import HelpCommand, nonempty_path

__all__ = ["register"]


def serve(
    host: str = typer.Option("127.0.0.1", "--host", metavar="ADDRESS", help="Address to listen on; 0.0.0.0 lets phones on the LAN join (with a join code)."),
    port: int = typer.Option(8765, "--port", metavar="PORT", help="Port to listen on."),
    db: Path | None = typer.Option(None, "--db", envvar="CARDFORGE_TABLE_DB", metavar="PATH", parser=nonempty_path,
                                   help="Score-sheet database, the same as 'cardforge table' (default: in your user data folder)."),
) -> None:
    """Serve the live table, the referee and the score sheets as a phone-sized web page.

    Example: cardforge serve --host 0.0.0.0
    """
    from cardforge.web.serve import serve as run

    run(host, port, db)


def register(app: typer.Typer) -> None:
    app.command("serve", cls=HelpCommand)(serve)
