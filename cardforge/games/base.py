"""The engine shape every game follows (after OpenSpiel's ``State``).

A ``GameState`` is one position.  Chance (shuffle, deal) happens in the constructor from an
explicit seed, so a game replays exactly from ``(seed, actions)``.  Simultaneous steps (``rows``)
are played as hidden sequential choices, resolved once every player has chosen.

Subclasses implement ``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``,
``returns``, ``observation``, ``card_count`` and ``action_to_string``; the shared random
playthrough harness (``cardforge.games.playthrough``) drives any of them.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections import Counter
from typing import Any, Generic, TypeVar

from cardforge.cards import Card

__all__ = ["CHANCE", "TERMINAL", "UNKNOWN", "GameState"]

#: ``current_player()`` once the game is over.
TERMINAL = -4
#: ``current_player()`` at a chance node: the table (or the seed) supplies the outcome.
CHANCE = -1


class _Unknown:
    """The outcome of a chance node the table does not reveal (a hidden hand)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __reduce__(self) -> str:  # copied and pickled as the one sentinel
        return "UNKNOWN"


#: A chance outcome the table does not reveal: the engine keeps the information state.
UNKNOWN = _Unknown()

A = TypeVar("A")


class GameState(ABC, Generic[A]):
    """One position of a game."""

    #: the game's slug, e.g. ``"tricks"``
    game: str = ""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def current_player(self) -> int:
        """The player to act (0-based), or ``TERMINAL``."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> Any:
        """The outcomes of this chance node with their probabilities."""
        raise NotImplementedError

    def apply_chance(self, outcome: Any) -> None:
        """Apply a chance outcome the table supplies; ``IllegalActionError`` for an impossible one."""
        raise NotImplementedError

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

    def clone(self) -> GameState[A]:
        return copy.deepcopy(self)

    def __str__(self) -> str:  # pragma: no cover - games override with a readable dump
        return f"{type(self).__name__}(player={self.current_player()})"
