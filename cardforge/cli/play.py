"""``cardforge play GAME --players Ana,Ben,Chloé``: a session at the table, one line per move.

The session plays on the same live model as ``cardforge referee … --state`` and the web page
(``cardforge.live``: the match is its history, replayed through the engine) and keeps the match
where they do (``--state PATH``, ``--table``; in memory without either).  A line is a move in
the referee's notation (docs/notation.md), or one of the session's words: ``?`` (the rules of
the last step), ``score`` / ``standings``, ``undo``, ``help``, ``quit``.  A refused line is one
``cardforge: error: …`` line and the session goes on.

In a terminal the prompt (prompt_toolkit) completes card codes, player names and the game's
move words, keeps a history and shows cards in their family's colours; from a pipe it reads
plain lines and writes plain text, so a session is scripted (and tested) like any command.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import typer

from cardforge.options import ARGUMENT_TEXT, HOUSE_OPTION, LANG_OPTION, check_message_lang, nonempty_path, HelpCommand

__all__ = ["register", "Session", "MemorySlot", "session_words", "completer", "prompted_lines", "GAMES"]

GAMES = ("rows", "tricks", "numwin", "sequence", "collection")
#: the session's own words (English and French), each → what it does
COMMANDS = {"?": "why", "score": "score", "standings": "score", "scores": "score", "classement": "score",
            "undo": "undo", "annuler": "undo", "help": "help", "aide": "help", "quit": "quit", "exit": "quit",
            "quitter": "quit"}
#: per game, the move words a player types after ``NAME=`` (docs/notation.md)
MOVE_WORDS = {"rows": (), "tricks": ("bid=", "pass=", "hand=", "numx="),
              "sequence": ("secure", "end", "keep", "accept", "declare", "joker", "play:"),
              "collection": ("secure", "end", "keep", "accept", "declare", "joker", "play:")}
#: a first move to show in the welcome line
EXAMPLES = {"rows": "{0}=R7 {1}=SH3", "tricks": "{0}=bid=1", "numwin": "deal R1 R2 R3 R4",
            "sequence": "{0}=R3", "collection": "{0}=R3"}


class MemorySlot:
    """A match kept for the session only (no ``--state`` nor ``--table``)."""

    def __init__(self) -> None:
        self.match: Any = None

    @contextlib.contextmanager
    def transaction(self) -> Iterator[MemorySlot]:
        yield self

    def load(self, game: str) -> Any:
        from cardforge.live import new_position

        return self.match if self.match is not None else new_position(game)

    def save(self, match: Any, verdict: Any = None) -> None:
        self.match = match


def session_words(game: str, players: Sequence[str]) -> list[str]:
    """What the prompt completes: the session's words, the players (``Ana=`` and ``Ana=WORD``),
    the game's move words and every card code of its deck."""
    from cardforge.deck import load_deck

    moves = MOVE_WORDS.get(game, ())
    if game == "numwin":
        from cardforge.live.numwin_play import MOVE_WORDS as NUMWIN_WORDS

        moves = NUMWIN_WORDS
    codes = sorted({card.code for card in load_deck(game).counts()})
    named = [f"{p}={w}" for p in players for w in ("", *moves)]
    return [*COMMANDS, "deal", *named, *codes]


def completer(game: str, players: Sequence[str]) -> Any:
    """A prompt_toolkit completer over ``session_words`` (case-insensitive, ``=`` inside a word)."""
    from prompt_toolkit.completion import WordCompleter

    return WordCompleter(session_words(game, players), ignore_case=True, pattern=re.compile(r"[^\s]+"))


class Session:
    """One table's session: each ``line`` is a move or a session word; answers go to ``out``
    (errors to ``err``), coloured when ``colour``."""

    def __init__(self, game: str, players: Sequence[str], storage: Any, *, lang: str = "en",
                 house: Sequence[str] = (), out: TextIO | None = None, err: TextIO | None = None,
                 colour: bool = False):
        self.game, self.players, self.storage, self.lang = game, tuple(players), storage, lang
        self.house = tuple(house)
        self.out, self.err = out or sys.stdout, err or sys.stderr
        self.colour = colour
        self.last: Any = None  # the last move's verdict, for ``?``
        from cardforge.deck import load_deck

        self._styles = {code: f"bold {fam.style.ink} on {fam.style.color}" for code, fam in load_deck(game).families.items()}
        self._codes = {card.code for card in load_deck(game).counts()}

    # -- output ----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """A line of output, its card codes in their family's colours in a terminal."""
        if not self.colour:
            self.out.write(text + "\n")
            return
        from rich.console import Console
        from rich.markup import escape

        def paint(m: re.Match) -> str:
            code = m.group(0)
            family = re.match(r"[A-Z]+", code)
            style = self._styles.get(family.group(0)) if family and code in self._codes else None
            return f"[{style}]{escape(code)}[/]" if style else escape(code)

        marked = re.sub(r"[A-Za-z]+\d+|[^A-Za-z\d]+|[A-Za-z]+", paint, text)
        Console(file=self.out, emoji=False, highlight=False, force_terminal=True).print(marked, soft_wrap=True)

    def _message(self, key: str, **params: Any) -> str:
        from cardforge.i18n import text

        return text(key, self.lang, **params)

    def _error(self, exc: Exception) -> None:
        message = getattr(exc, "message", None)
        said = message.text(self.lang) if message is not None else str(exc)
        self.err.write(self._message("error.prefix", message=said.splitlines()[0] if said else said) + "\n")

    def _ruling(self, verdict: Any) -> None:
        lang = self.lang
        self.say(verdict.question_text(lang))
        for number, step in enumerate(verdict.steps, 1):
            self.say(f"  {number}. {step.text(lang)}  [{step.rule}]")
        for line in verdict.board:
            self.say(f"     {line.text(lang)}")
        summary = verdict.summary_text(lang)
        if summary:
            self.say(f"→ {summary}")

    # -- what a line does ----------------------------------------------------------------------

    def welcome(self) -> None:
        from cardforge.live.match import game_title

        example = EXAMPLES[self.game].format(*self.players, *["?"] * 2)
        self.say(self._message("play.welcome", game=game_title(self.game), players=list(self.players), example=example))

    def handle(self, line: str) -> bool:
        """Do what ``line`` says; ``False`` once the session is to end."""
        from cardforge.errors import CardforgeError

        line = line.strip()
        if not line:
            return True
        word = COMMANDS.get(line.lower())
        try:
            if word == "quit":
                return False
            if word is not None:
                getattr(self, f"_{word}")()
            else:
                self._move(shlex.split(line))
        except (CardforgeError, ValueError) as exc:  # a refusal: one line, the session goes on
            self._error(exc)
        return True

    def _prepare(self, position: Any) -> Any:
        """A match not started yet takes the session's seats (numwin: followed card by card)."""
        import dataclasses

        if position.history:
            return position
        if self.game == "numwin":
            position = position.replace(cards=True)
        return dataclasses.replace(position, players=self.players)

    def _move(self, tokens: list[str]) -> None:
        from cardforge.referee.live import play

        self.last = play(self.game, self.storage, tokens, self._prepare, house=self.house)
        self._ruling(self.last)

    def _undo(self) -> None:
        from cardforge.referee.live import undo

        self._ruling(undo(self.game, self.storage))
        self.last = None

    def _why(self) -> None:
        from cardforge.rules import rule as lookup

        if self.last is None or not self.last.steps:
            self.say(self._message("play.no_step"))
            return
        for step in self.last.steps:
            try:
                title = lookup(step.rule).title(self.lang)
            except (KeyError, AttributeError):
                title = ""
            self.say(f"{step.rule}{' · ' + title if title else ''}: {step.text(self.lang)}")

    def _score(self) -> None:
        view = self.storage.load(self.game).view()
        for key in ("totals", "scores", "wins", "won"):
            if key in view and isinstance(view[key], dict):
                shown = [f"{p} {view[key].get(p, 0)}" for p in self.players]
                self.say(self._message("play.standings", scores=shown))
                break
        turn = view.get("to_play") or view.get("current")
        if turn and not view.get("over"):
            self.say(self._message("play.to_play", player=turn))
        winners = view.get("winners") or ([view["winner"]] if view.get("winner") else [])
        if view.get("over") and winners:
            self.say(self._message("play.winners", players=list(winners)))

    def _help(self) -> None:
        self.say(self._message("play.help", game=self.game))

    def run(self, lines: Iterable[str]) -> None:
        """The session over ``lines`` (a pipe's, or the prompt's), ending at ``quit`` or their end."""
        self.welcome()
        for line in lines:
            if not self.handle(line):
                break


def prompted_lines(session: Session, **terminal: Any) -> Iterator[str]:
    """Lines typed at a prompt_toolkit prompt: completion, history (up arrow); Ctrl-D ends,
    Ctrl-C clears the line.  ``terminal``: prompt_toolkit's ``input``/``output`` (tests)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    prompt = PromptSession(history=InMemoryHistory(), completer=completer(session.game, session.players),
                           complete_while_typing=True, **terminal)
    while True:
        try:
            yield prompt.prompt(f"{session.game}> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            return


def play(
    game: str = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="GAME", help="The game at the table: rows, tricks, numwin, sequence or collection."),
    players: str = typer.Option(..., "--players", "-p", metavar="NAMES", help="The players in seat order: Ana,Ben,Chloé."),
    house: list[str] = HOUSE_OPTION,
    state: Path | None = typer.Option(None, "--state", envvar="CARDFORGE_STATE", metavar="PATH", parser=nonempty_path,
                                      help="Keep the game in this JSON file (the referee's --state)."),
    table: bool = typer.Option(False, "--table", help="Keep the game in the table store's current match."),
    db: Path | None = typer.Option(None, "--db", envvar="CARDFORGE_TABLE_DB", metavar="PATH", parser=nonempty_path,
                                   help="Table database, with --table."),
    lang: str = LANG_OPTION,
) -> None:
    """A session at the table: type each move as it happens; ? for the rules of the last step,
    score, undo, quit. Completes card codes and names in a terminal; reads lines from a pipe.

    Example: cardforge play rows --players Ana,Ben,Chloé
    """
    from cardforge.errors import UsageError
    from cardforge.i18n import refusal
    from cardforge.referee.live import storage_for

    lang = check_message_lang(lang)
    if game not in GAMES:
        raise refusal(UsageError, "error.play.game", game=repr(game), games=", ".join(GAMES))
    seats = tuple(n.strip() for n in players.split(",") if n.strip())
    if len(seats) < 2 or len(set(seats)) != len(seats) or any("=" in s for s in seats):
        raise refusal(UsageError, "error.play.players", players=repr(players))
    storage = storage_for(state, table, db) or MemorySlot()
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    session = Session(game, seats, storage, lang=lang, house=house or (), colour=tty)
    session.run(prompted_lines(session) if tty else sys.stdin)


def register(app: typer.Typer) -> None:
    app.command("play", cls=HelpCommand)(play)
