"""The engine shape every game follows (after OpenSpiel's ``State``).

A ``GameState`` is one position.  Simultaneous steps (``rows``) are played as hidden sequential
choices, resolved once every player has chosen.

Chance is an explicit node (OpenSpiel's shape).  Every engine module builds its game with::

    new_game(players, seed=0, *, chance="seeded", record_chance=False, **house)

* ``chance="seeded"`` (the default, the lab's and the tests' mode): the engine samples its own
  chance from ``seed`` with exactly the random stream it always used, so a game replays from
  ``(seed, actions)`` and never stops at a chance node.  With ``record_chance=True`` it also
  appends every outcome it sampled, in order, to ``state.chance_log`` (``None`` otherwise: no
  cost when off).
* ``chance="table"`` (a physical table; it sets ``seat_names`` so refusals name the players): the engine stops wherever chance happens —
  ``current_player() == CHANCE`` — and waits for ``apply_chance(outcome)``: the card turned
  over, the hand dealt (a tuple of cards) or ``UNKNOWN`` for a hand the table does not show.
  With ``UNKNOWN`` the engine keeps the information state (how many cards, which are still
  unseen); a later public action naming a card (a lay, a reveal) is checked against the
  unseen cards and refused with where the card is (card conservation).

``chance_outcomes()`` lists what can happen at a chance node with its probability (uniform
over the unseen cards for a card turned over; for a node dealing several cards at once, each
unseen card with its chance of being among them).  ``chance_to_string`` / ``parse_chance`` are
the outcomes' text for storage (card codes, a tuple as codes separated by spaces, ``?`` for
``UNKNOWN``).  The equivalence of both modes (a seeded game's moves and recorded outcomes fed
into a ``"table"`` engine give the same states) is checked by
``cardforge.games.playthrough.check_equivalence``.

Subclasses implement ``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``observation``, ``card_count`` and ``action_to_string``, plus the chance methods
and ``winners`` where the game has chance and an end; the shared random playthrough harness
(``cardforge.games.playthrough``) drives any of them.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Literal, TypeVar

from cardforge.cards import Card
from cardforge.errors import IllegalActionError, UsageError

if TYPE_CHECKING:
    import random

__all__ = ["TERMINAL", "CHANCE", "UNKNOWN", "CHANCE_MODES", "ChanceMode", "check_chance_mode", "GameState"]

#: ``current_player()`` once the game is over.
TERMINAL = -4
#: ``current_player()`` at a chance node (a ``"table"`` engine waiting for ``apply_chance``).
CHANCE = -1

#: the two ways an engine gets its chance outcomes
ChanceMode = Literal["seeded", "table"]
CHANCE_MODES: tuple[str, ...] = ("seeded", "table")


class _Unknown:
    """The type of ``UNKNOWN`` (one instance; ``?`` in storage)."""

    _instance: _Unknown | None = None

    def __new__(cls) -> _Unknown:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __str__(self) -> str:
        return "?"

    def __reduce__(self) -> str:  # pickled and deep-copied as the one instance
        return "UNKNOWN"


#: The chance outcome the table does not reveal (a hidden hand).
UNKNOWN: Final = _Unknown()


def check_chance_mode(chance: str) -> str:
    """``chance`` when it is ``"seeded"`` or ``"table"``; ``UsageError`` otherwise."""
    if chance not in CHANCE_MODES:
        raise UsageError(f"chance={chance!r}: expected one of {', '.join(CHANCE_MODES)}")
    return chance

A = TypeVar("A")


class GameState(ABC, Generic[A]):
    """One position of a game."""

    #: the game's slug, e.g. ``"tricks"``
    game: str = ""
    #: ``"seeded"`` or ``"table"`` (see the module docstring)
    chance_mode: str = "seeded"
    #: every chance outcome sampled, in order, when built with ``record_chance=True``
    chance_log: list[Any] | None = None
    #: the players' names for the engine's refusals (a live table sets them); ``p0``, ``p1``… when unset
    seat_names: Sequence[str] | None = None

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The player to act (0-based), ``CHANCE`` at a chance node, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The actions the current player may take, in a deterministic order."""

    @abstractmethod
    def apply_action(self, action: A) -> None:
        """Apply a legal action; ``IllegalActionError`` for one that is not."""

    def apply_legal(self, action: A) -> None:
        """Apply an action just taken from this position's ``legal_actions()``, without checking
        it again (python-chess's ``push`` beside ``push_san``): the simulator's fast path.
        Engines whose check is costly override it; the result is the same as ``apply_action``."""
        self.apply_action(action)

    def legal_count(self) -> int:
        """``len(legal_actions())``.  With ``apply_index`` it is the simulator's path for a
        random seat, which needs no list of actions per step (OpenSpiel's action ids)."""
        return len(self.legal_actions())

    def apply_index(self, index: int) -> None:
        """``apply_legal(legal_actions()[index])``: engines that keep their legal moves (or
        know them by position, as a hand) override it without building the list; the
        result is always that of ``apply_action`` on the same action."""
        self.apply_legal(self.legal_actions()[index])

    def play_random(self, draw: Callable[[], float], limit: int, until_round: int | None = None) -> int:
        """Play uniformly random moves, each ``apply_index(int(draw() * legal_count()))`` (the
        simulator's random seat, the search bots' playouts), until the game is over — or round
        ``until_round`` is — or ``limit`` moves are played; returns the moves played: the one
        loop of the simulator and the search bots, beside the engine it drives."""
        moves = 0
        while moves < limit:
            if self.current_player() == TERMINAL or until_round is not None and self.round_index() != until_round:
                break
            self.apply_index(int(draw() * self.legal_count()))
            moves += 1
        return moves

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[int]:
        """Each player's (or team's, per player) total score so far."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: their own hidden cards, never another player's."""

    @abstractmethod
    def card_count(self) -> Counter[Card]:
        """Every physical card in every zone (hands, piles, tables, captures, discard): the
        conservation invariant compares it with the deck at every step."""

    def action_to_string(self, action: A) -> str:
        return str(action)

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s name in a refusal: ``seat_names[seat]``, or ``p0``, ``p1``…"""
        names = self.seat_names
        return names[seat] if names is not None and 0 <= seat < len(names) else f"p{seat}"

    # -- chance (see the module docstring) ------------------------------------------------

    def is_chance_node(self) -> bool:
        """Whether the engine waits for a chance outcome (only ever in a ``"table"`` engine)."""
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The outcomes possible at this chance node with their probabilities; ``[]`` elsewhere."""
        return []

    def apply_chance(self, outcome: Any) -> None:
        """Apply the outcome the table supplies; ``IllegalActionError`` for an impossible one,
        saying where that card is.  Games with chance override it."""
        raise IllegalActionError(f"{self.game}: no chance outcome is expected here")

    def chance_to_string(self, outcome: Any) -> str:
        """An outcome as stored: a card's code, a tuple of cards as codes separated by spaces,
        ``?`` for ``UNKNOWN``; ``parse_chance`` reads it back."""
        if outcome is UNKNOWN:
            return "?"
        if isinstance(outcome, Card):
            return outcome.code
        if isinstance(outcome, Sequence) and not isinstance(outcome, str):
            return " ".join(self.chance_to_string(o) for o in outcome)
        return str(outcome)

    def parse_chance(self, text: str) -> Any:
        """The outcome ``chance_to_string`` wrote: ``UNKNOWN`` for ``?``, else the card codes
        (spaces or commas) checked against the game's deck — one card, or a tuple of cards for a
        node that deals several (``deals_tuple``).  ``CardCodeError`` for a bad code."""
        from cardforge.cards import parse_card, split_cards

        if text.strip() == "?":
            return UNKNOWN
        deck = self.chance_deck()
        cards = tuple(parse_card(code, deck) for code in split_cards(text))
        if len(cards) == 1 and not self.deals_tuple():
            return cards[0]
        return cards

    def chance_deck(self) -> Any:
        """The deck outcomes' codes are checked against: the bundled deck of the game's name
        (engines with another deck override it)."""
        from cardforge.deck import load_deck

        return load_deck(self.game)

    def deals_tuple(self) -> bool:
        """Whether this chance node's outcome is a tuple of cards (a hand) rather than one card."""
        return False

    # -- information sets (the search bots) ----------------------------------------------------

    def resample_from_infostate(self, player: int, rng: random.Random) -> GameState[A]:
        """A copy of this seeded position with every card ``player`` has not seen dealt again at
        random from ``rng`` (the other hands, the piles, others' hidden choices), the same
        number in each zone, and the engine's own future chance reseeded from ``rng``:
        ``observation(player)`` is unchanged (OpenSpiel's ``ResampleFromInfostate``).  What
        the search bots (``cardforge.bots.ismcts``) play their imagined games from."""
        raise NotImplementedError(f"{self.game}: no information-set resampling")

    def round_index(self) -> int:
        """The round being played (a search bot's playouts may stop when it ends); 0 for a
        game without rounds."""
        return 0

    def leaders(self) -> list[int]:
        """The players ahead now as the game ranks them: the winners once terminal, else the
        best ``returns()`` (engines where the lowest score wins override it)."""
        if self.is_terminal():
            return self.winners()
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def standing(self) -> list[float]:
        """Each player's result so far on one scale where more is better (``returns()``;
        engines where the lowest score wins override it): what a search bot's margins read."""
        return [float(r) for r in self.returns()]

    # -- the end ----------------------------------------------------------------------------

    def winners(self) -> list[int]:
        """The game's winners once terminal (several for a shared win or a team), else ``[]``.
        Engines override it (or ``winner``)."""
        winner = self.winner()
        return [] if winner is None else [winner]

    def winner(self) -> int | None:
        """The game's single winner once terminal, ``None`` before (or for a shared win)."""
        return None

    def clone(self) -> GameState[A]:
        return copy.deepcopy(self)

    def __str__(self) -> str:  # pragma: no cover - games override with a readable dump
        return f"{type(self).__name__}(player={self.current_player()})"
