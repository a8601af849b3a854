"""An information-set Monte Carlo tree search bot for every game (``ismcts``).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration draws one game
consistent with what the bot's seat has seen — ``InfoState.sample``, the engine's
``resample_from_infostate``: only the cards that seat has not seen are dealt again, and the
engine's future chance is reseeded — then walks one shared tree of action strings from the
root, choosing at each node the child of best UCB1 score among the actions legal in *this*
game (availability counts), adds one node, plays at random to the end of the game with the
engines' fast path (``legal_count``/``apply_index``) and credits each node's player with their
share of the win.  The move played is the root child visited most.

Everything the bot knows of the rules it knows from the engine, house rules included: a
house rule changes its play wherever it changes who wins.

Parameters (``--bots ismcts:iterations=400:explore=0.7``): ``iterations`` (per move, default
200), ``explore`` (UCB1's constant, default 0.7).  A move with one legal action is played at
once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.games.base import TERMINAL

__all__ = ["ISMCTSBot", "MAX_ITERATIONS"]

#: the most iterations per move a spec may ask for (a move then takes seconds)
MAX_ITERATIONS = 100_000
#: the longest imagined game: past it the playout counts as nobody's win (an engine bug)
_PLAYOUT_LIMIT = 200_000


class _Node:
    """A tree node: the player who moved into it, its visits, availability and win credit."""

    __slots__ = ("player", "visits", "available", "wins", "children")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.children: dict[str, _Node] = {}


def _shares(state: Any, players: int) -> list[float]:
    """Each seat's share of the win of a finished game (a shared win is split)."""
    winners = state.winners()
    shares = [0.0] * players
    for p in winners:
        shares[p] = 1.0 / len(winners)
    return shares


def _playout(state: Any, rng: random.Random) -> None:
    """Random moves to the end (the simulator's random seat: one index per step)."""
    current, count, apply_index, draw = state.current_player, state.legal_count, state.apply_index, rng.random
    for _ in range(_PLAYOUT_LIMIT):
        if current() == TERMINAL:
            return
        apply_index(int(draw() * count()))


def _number(name: str, text: str, kind: type, low: float, high: float) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise UsageError(f"ismcts: {name}={text!r}: expected a number from {low:g} to {high:g}") from None
    if not low <= value <= high:
        raise UsageError(f"ismcts: {name}={text!r}: expected a number from {low:g} to {high:g}")
    return value


class ISMCTSBot:
    """Information-set MCTS on the engine (see the module docstring)."""

    name = "ismcts"
    sees = "infostate"

    def __init__(self, game: str, rules: Any = None, *, iterations: str | int = 200, explore: str | float = 0.7):
        self.game = game
        self.iterations = _number("iterations", str(iterations), int, 1, MAX_ITERATIONS)
        self.explore = _number("explore", str(explore), float, 0.0, 100.0)

    def act(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        info = observation
        me = info.player
        root = _Node(me)
        explore = self.explore
        for _ in range(self.iterations):
            state = info.sample(rng)
            players = state.num_players
            node, path = root, [root]
            while (player := state.current_player()) != TERMINAL:
                actions = state.legal_actions()
                label = state.action_to_string
                children = node.children
                untried = []
                best, best_score, best_action = None, -1.0, None
                for action in actions:
                    key = label(action)
                    child = children.get(key)
                    if child is None:
                        untried.append((key, action))
                        continue
                    child.available += 1
                    if not untried:
                        score = child.wins / child.visits + explore * math.sqrt(math.log(child.available) / child.visits)
                        if score > best_score:
                            best, best_score, best_action = child, score, action
                if untried:
                    key, action = untried[int(rng.random() * len(untried))]
                    child = children[key] = _Node(player)
                    child.available = 1
                    state.apply_legal(action)
                    path.append(child)
                    break
                state.apply_legal(best_action)
                node = best
                path.append(node)
            _playout(state, rng)
            shares = _shares(state, players) if state.current_player() == TERMINAL else [0.0] * players
            for visited in path:
                visited.visits += 1
                visited.wins += shares[visited.player]
        return self._most_visited(root, legal, info)

    def _most_visited(self, root: _Node, legal: Sequence[Any], info: Any) -> Any:
        """The legal action whose root child was visited most (ties: the first in ``legal``)."""
        label = info.action_to_string
        best, visits = legal[0], -1
        for action in legal:
            child = root.children.get(label(action))
            n = child.visits if child is not None else 0
            if n > visits:
                best, visits = action, n
        return best
