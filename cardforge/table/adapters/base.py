"""What every game's score-sheet adapter shares.

An adapter translates what players say at the table (``Ana=2/1``, ``Ben=R5,RB3,SH2``) into the
game engine's terms, asks the engine for the points, and applies the game's own end condition
and tie-breaks.  It never re-implements a scoring rule: points come from the engine's scoring
functions, and every refusal is a one-line ``UsageError`` (or ``CardCodeError``) raised before
anything is written.

Shared table syntax: each argument of ``table round`` is ``NAME=SPEC``; names match the
players case- and accent-insensitively (``chloe`` is ``Chloé``); cards are the project's codes
separated by commas (``R5,RB3,SH2``).
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardforge.cards import Card, Text, nearest
from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.table.events import MatchCreated, RoundRecorded, StoredEvent
from cardforge.table.sheet import Outcome, RoundResult, Tally

__all__ = ["Column", "GameAdapter", "POINTS", "best_sides", "fold_name"]


@dataclass(frozen=True)
class Column:
    """One column a side has on the score pad for each round (``bid``, ``won``, ``points``…)."""

    key: str
    label: Text
    width: float = 1.0  # relative width on the printed pad


POINTS = Column("points", Text("Points", "Points"))


def fold_name(name: str) -> str:
    """Case- and accent-insensitive form of a name (``Chloé`` → ``chloe``)."""
    decomposed = unicodedata.normalize("NFKD", name.strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def best_sides(values: dict[str, int], *, highest: bool = True) -> tuple[str, ...]:
    """The sides with the best value (several when tied), in seating order."""
    if not values:
        return ()
    target = max(values.values()) if highest else min(values.values())
    return tuple(side for side, v in values.items() if v == target)


class GameAdapter(ABC):
    """The score sheet of one game: round syntax, scoring via the engine, end of match."""

    game: ClassVar[str]
    #: What a side writes on the pad for each round, before the running total.
    columns: ClassVar[tuple[Column, ...]] = (POINTS,)
    @property
    def syntax(self) -> Message:
        """The round syntax (``NAME=BID/WON (bid, then tricks won)``), catalogue key
        ``table.syntax.<game>``, for messages and the web page's entry form."""
        return Message(f"table.syntax.{self.game}")
    #: Whether the table agrees a number of rounds at the start (``table new --rounds``).
    agreed_rounds: ClassVar[bool] = False
    #: The variant played in teams (partners from the seating order), if the game has one.
    team_variant: ClassVar[str | None] = None
    #: Whether round 1 deals a chosen number of cards and each round one more (``--start-cards``).
    dealt_progressively: ClassVar[bool] = False
    #: Extra columns at the left of each round line of the printed pad (cards dealt, dealer).
    round_columns: ClassVar[tuple[Column, ...]] = ()
    #: Rules printed as a reminder at the foot of the pad (IDs in the game's catalogue; a
    #: tuple of IDs shares one line).
    pad_rules: ClassVar[tuple[str | tuple[str, ...], ...]] = ()
    #: Players a blank pad is drawn for, and its lines when the game sets no round limit.
    blank_players: ClassVar[int] = 5
    blank_rounds: ClassVar[int] = 10
    #: Tallies printed under the totals of a blank pad: label and what to print (``○ ○ ○``).
    blank_tallies: ClassVar[tuple[tuple[Text, str], ...]] = ()
    #: ``rounds``: a line per round; ``scorecard``: a line per objective (collection).
    pad_layout: ClassVar[str] = "rounds"

    def __init__(self, match: MatchCreated):
        from cardforge.deck import load_deck
        from cardforge.games import engine_module

        self.match = match
        self.deck = load_deck(self.game)
        try:
            self.engine = engine_module(self.game)
        except ModuleNotFoundError as exc:
            raise refusal(UsageError, "error.table.no_engine", game=self.game, module=exc.name) from None
        self.rules = self._house_rules()

    # -- setup ---------------------------------------------------------------------------------

    def _house_rules(self) -> Any:
        from cardforge.games.house import parse_house_rules

        cls = getattr(self.engine, "HouseRules", None)
        if cls is None:
            if self.match.house:
                raise refusal(UsageError, "error.table.no_house", game=self.game, pair=repr(self.match.house[0]))
            return None
        return parse_house_rules(cls, self.match.house)

    def validate_setup(self) -> None:
        """Check the match's options when it is created (players, mode, variant, rounds)."""
        m, deck = self.match, self.deck
        if not deck.players_min <= len(m.players) <= deck.players_max:
            shown = ", ".join(m.players[:10]) + (", …" if len(m.players) > 10 else "")  # one readable line
            raise refusal(UsageError, "error.table.player_count", game=self.game, low=deck.players_min,
                          high=deck.players_max, n=len(m.players), shown=shown)
        if m.mode is not None and m.mode not in deck.modes:
            raise refusal(UsageError, "error.table.mode", mode=repr(m.mode), game=self.game,
                          modes=", ".join(deck.modes) or Message("error.deck.modes_none"))
        if m.variant is not None and m.variant not in deck.variants:
            raise refusal(UsageError, "error.table.variant", variant=repr(m.variant), game=self.game,
                          variants=", ".join(deck.variants) or Message("error.table.variants_none"))
        if m.start_cards is not None and not self.dealt_progressively:
            raise refusal(UsageError, "error.table.start_cards", game=self.game)
        if m.rounds is not None and not self.agreed_rounds:
            raise refusal(UsageError, "error.table.rounds_fixed", game=self.game)

    @classmethod
    def seat_teams(cls, players: Sequence[str], variant: str | None) -> tuple[tuple[str, ...], ...]:
        """The teams a variant forms from the seating order (none by default)."""
        return ()

    @property
    def mode(self) -> str | None:
        """The match's mode, or the deck's first mode when the game has modes."""
        return self.match.mode or next(iter(self.deck.modes), None)

    # -- parsing a round -------------------------------------------------------------------------

    @abstractmethod
    def parse_round(self, tokens: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
        """Table tokens → the round's ``entries`` (JSON data); ``UsageError`` if malformed."""

    def split(self, tokens: Sequence[str], *, repeat: bool = False) -> list[tuple[str, str]]:
        """``["Ana=2/1", …]`` → ``[("Ana", "2/1"), …]`` with names resolved to the match's."""
        if not tokens:
            raise refusal(UsageError, "error.table.no_results", syntax=self.syntax, example=self.example())
        pairs, seen = [], set()
        for token in tokens:
            name, sep, spec = token.partition("=")
            if not sep:
                raise refusal(UsageError, "error.table.token", token=repr(token), syntax=self.syntax, example=self.example())
            player = self.player(name, token)
            if player in seen and not repeat:
                raise refusal(UsageError, "error.table.twice", token=repr(token), player=player)
            seen.add(player)
            pairs.append((player, spec.strip()))
        return pairs

    def player(self, name: str, token: str = "") -> str:
        """Resolve a typed name to a player of the match (``UsageError`` with a suggestion)."""
        by_fold = {fold_name(p): p for p in self.match.players}
        found = by_fold.get(fold_name(name))
        if found is None:
            guess = nearest(name, list(self.match.players))
            hint = (Message("error.table.did_you_mean", guess=repr(guess)) if guess
                    else Message("error.table.players_are", names=list(self.match.players)))
            where = Message("error.table.where", token=repr(token)) if token else ""
            raise refusal(UsageError, "error.table.not_player", where=where, name=repr(name.strip()), hint=hint)
        return found

    def require_everyone(self, given: Iterable[str]) -> None:
        """Refuse a round that leaves a player out."""
        missing = [p for p in self.match.players if p not in set(given)]
        if missing:
            raise refusal(UsageError, "error.table.missing", names=missing, syntax=self.syntax)

    def cards(self, spec: str, token: str) -> list[Card]:
        """Comma-separated card codes checked against this game's deck (``-`` or empty: none)."""
        spec = spec.strip()
        if spec in ("", "-"):
            return []
        return [self.deck.parse(code) for code in re.split(r"[,\s]+", spec) if code]

    def check_copies(self, cards: Iterable[Card]) -> None:
        """Refuse more copies of a card in one round than the deck holds."""
        self.deck.check_copies(cards, len(self.match.players), self.mode, where=" in this round")

    # -- scoring and end of match -----------------------------------------------------------------

    @abstractmethod
    def score(self, rounds: Sequence[StoredEvent]) -> tuple[list[RoundResult], list[Tally]]:
        """Every live round's result (via the engine) and the game's running tallies."""

    @abstractmethod
    def outcome(self, results: Sequence[RoundResult], totals: dict[str, int], tallies: Sequence[Tally]) -> Outcome:
        """The game's own end condition and tie-breaks."""

    #: whether the lowest total leads (numwin) rather than the highest
    lowest_leads: ClassVar[bool] = False

    def leaders(self, totals: dict[str, int]) -> tuple[str, ...]:
        """The sides ahead on the totals so far (the page highlights them mid-match)."""
        return best_sides(totals, highest=not self.lowest_leads)

    def round_limit(self) -> int | None:
        """The most rounds a match can have (``None`` when it depends on play), for the pad."""
        return None

    def round_cells(self, number: int) -> list[str]:
        """The ``round_columns`` cells of round ``number`` (blank where unknown)."""
        return ["" for _ in self.round_columns]

    def pad_cell(self, column: Column, cell: dict[str, Any], lang: str) -> str:
        """How one value is written on the printed pad."""
        from cardforge.table.cells import number

        value = cell.get(column.key, "")
        return number(value) if isinstance(value, int) else str(value or "")

    def blank_round_count(self) -> int:
        """Lines on a blank pad: the game's round limit, else ``blank_rounds``."""
        return self.round_limit() or self.blank_rounds

    def describe_round(self, number: int) -> Message:
        """What the next round is (``round 4 of 8``), as a catalogue message."""
        limit = self.round_limit()
        return Message("table.next.round_of", n=number, limit=limit) if limit else Message("table.next.round", n=number)

    @staticmethod
    def why(*parts: Message, tie: bool = False) -> Message:
        """An outcome's reason: its clauses joined by semicolons, and whether the win is shared."""
        return Message("table.why", parts=list(parts), tie=tie)

    def example(self) -> str:
        """A round as typed for this match's players, for messages and docs."""
        return " ".join(f"{p}={s}" for p, s in zip(self.match.players, self.example_specs(), strict=False))

    def example_specs(self) -> list[str]:
        return []

    def numbered(self, rounds: Sequence[StoredEvent]) -> Iterator[tuple[int, StoredEvent, dict[str, Any]]]:
        """``(number, event, entries)`` for each live round; a round past the limit is refused."""
        limit = self.round_limit()
        for number, stored in enumerate(rounds, 1):
            if limit is not None and number > limit:
                raise refusal(UsageError, "error.table.round_limit", game=self.game, limit=limit, n=number)
            event = stored.event
            assert isinstance(event, RoundRecorded)
            yield number, stored, event.entries
