"""The live position: a game in progress at a physical table, kept between referee calls.

Rows and numwin are on the live model (``cardforge.live.match.LiveMatch``): a match is its
history of moves and chance outcomes, replayed through the engine, with versions, move ids and
undo; ``new_position`` / ``from_json`` give a ``LiveMatch`` for them (``to_json`` is format 2).
Tricks, sequence and collection keep their positions (format 1) until they move onto it:

========== ============================ ===============================================
game       position (``*Position``)     move (``parse_move`` / the move dataclass)
========== ============================ ===============================================
rows       the four rows between        ``Reveal``: one card per player, ``Ana=R7``
           reveals, each player's
           captured pile, reveals made
tricks     a round trick by trick: the  ``Lay``: cards in play order, ``Ana=RB12``;
           seats by name, the leader,   a trick is resolved when every seat has laid
           the trick so far, tricks won
sequence / each player's open sequence  ``Draw`` (``Ana=R3``), ``Secure`` (``Ana=secure``):
collection card by card, draws owed      the sequence card by card
           after a Rainbow, a pending
           STOP, secured sequences
numwin     totals over rounds           ``RoundCombos``: each player's final combo,
                                        ``Ana=R7,G7 Ben=R7+G7,B2``
========== ============================ ===============================================

Positions are immutable values.  ``apply(position, move)`` returns ``(new position,
verdict)``; the verdict (``cardforge.referee.verdict.Verdict``) is data — steps with rule IDs,
the result, and ``board`` lines showing the position after the move — that each face renders
(the CLI with ``emit``, the web page as it likes).  A refused move raises ``UsageError`` /
``CardCodeError`` and leaves the position unchanged.

Serialisation: ``position.to_json()`` is plain JSON (``{"game": "rows", "version": 1, …}``,
players by name, cards by code); ``from_json(data)`` rebuilds it, so
``from_json(p.to_json()) == p``.  ``cardforge.live.storage`` keeps a position in a state file
(``--state PATH``, written atomically) or in a table-store match (``--table``).

A face needs only this: ``new_position(game, players, house)`` (or ``from_json`` of what it
stored), ``position.parse_move(tokens)`` on what the user typed (the CLI's own notation,
docs/notation.md), ``apply``; then ``verdict.to_json(lang)`` (the referee's ``--json`` answer,
with ``"position"``: the new position's JSON) or ``verdict.question_text(lang)``,
``[s.text(lang) for s in verdict.steps]``, ``[line.text(lang) for line in verdict.board]``,
``verdict.summary_text(lang)``.  An error's ``message`` attribute (when present) is a
``cardforge.i18n.Message``: ``error.message.text("fr")`` says it in French.

Typical use (the web page does the same with its own input box)::

    >>> from cardforge.live import new_position, apply
    >>> position = new_position("rows")
    >>> move = position.parse_move(["Ana=R7", "Ben=SH3"])
    >>> position, verdict = apply(position, move)
    >>> position.rows["R"], position.reveals
    (('R0', 'R7'), 1)
    >>> verdict.summary_text("fr")
    'personne ne récupère de carte'
"""

from __future__ import annotations

from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.live.base import Position

__all__ = ["Position", "GAMES", "live_games", "new_position", "from_json", "apply", "position_class"]

#: game slug → module holding its position class (the games not yet on ``LiveMatch``)
GAMES: dict[str, str] = {}


def live_games() -> tuple[str, ...]:
    """Every game with a live table: those on ``LiveMatch`` and those with a position class."""
    from cardforge.live.match import ADAPTERS

    return (*ADAPTERS, *(g for g in GAMES if g not in ADAPTERS))


def position_class(game: str) -> type[Position]:
    """The position class of ``game``; ``UsageError`` for a game without a live position."""
    import importlib

    module = GAMES.get(game)
    if module is None:
        raise refusal(UsageError, "error.position.no_game", game=repr(game), games=", ".join(live_games()))
    return importlib.import_module(f"cardforge.live.{module}").POSITIONS[game]


def new_position(game: str, players: tuple[str, ...] = (), house: tuple[str, ...] = (), **options: Any) -> Any:
    """The position at the start of ``game`` (players may be named later, by the first move
    that names them): a ``LiveMatch`` for the games on the live model, else the game's position."""
    from cardforge.live.match import ADAPTERS, LiveMatch

    if game in ADAPTERS:
        return LiveMatch.start(game, tuple(players), tuple(house), **options)
    return position_class(game).start(tuple(players), tuple(house), **options)


def from_json(data: dict[str, Any]) -> Any:
    """Rebuild a match (format 2) or a position (format 1) from ``to_json()`` output;
    ``UsageError`` for data that is not one."""
    from cardforge.live.match import ADAPTERS, LiveMatch

    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise refusal(UsageError, "error.position.not_one")
    if data["game"] in ADAPTERS:
        if data.get("format") is None and "version" in data:
            from cardforge.live.match import game_title

            raise refusal(UsageError, "error.position.format1", game=game_title(data["game"]))
        return LiveMatch.from_json(data)
    return position_class(data["game"]).from_json(data)


def apply(position: Position, move: Any):
    """``(new position, verdict)``: ``position`` with ``move`` played, and the ruling on it."""
    return position.apply(move)
