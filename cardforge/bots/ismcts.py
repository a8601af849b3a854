"""An information-set Monte Carlo tree search bot for every game (``ismcts``).

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration draws one game
consistent with what the bot's seat has seen — ``InfoState.sample``, the engine's
``resample_from_infostate``: only the cards that seat has not seen are dealt again, and the
engine's future chance is reseeded — then walks one shared tree of action strings from the
root, choosing at each node the child of best UCB1 score among the actions legal in *this*
game (availability counts), adds one node, plays at random to the end of the game with the
engines' fast path (``legal_count``/``apply_index``) and credits each node's player with their
share of the win (or of the lead where the playout stops).  The move played is the root child visited most.

Everything the bot knows of the rules it knows from the engine, house rules included: a
house rule changes its play wherever it changes who wins.

Parameters (``--bots ismcts:iterations=400:explore=0.7``): ``iterations`` (per move, default
200), ``explore`` (UCB1's constant, default 0.7), ``horizon`` (``round``, the default: a
playout stops when the round being played ends and credits the players then ahead,
``GameState.leaders``; ``game``: it plays to the end), ``reward`` (``margin``, the default: a seat's lead in points
over the best other seat where the playout stops, ``GameState.standing``, so that a search
against weak imagined opponents still tells a big win from a narrow one; ``win``: its share of
the lead), ``playout`` (``random``, the default, or ``strategy``: every seat of an imagined
game is played on by the game's strategy bot).  A move with one legal action is played at
once.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.games.base import TERMINAL
from cardforge.i18n import refusal

__all__ = ["ISMCTSBot", "MAX_ITERATIONS", "DEFAULT_ITERATIONS", "MAX_SECONDS", "HORIZONS", "REWARDS", "PLAYOUTS"]

#: what a playout is worth to each seat: its lead in points over the best other seat (the
#: values are scaled to [0, 1] by the least and most seen in the search), or its share of the win
REWARDS = ("margin", "win")
#: how the imagined games are played on from the tree: at random (fast) or by every seat's
#: strategy bot (slower, far better informed: the search then improves on that bot)
PLAYOUTS = ("random", "strategy")
#: where a playout stops: the end of the round being played (then the leader counts as the
#: winner) or the end of the game
HORIZONS = ("round", "game")

#: the most iterations per move a spec may ask for (a move then takes seconds)
MAX_ITERATIONS = 100_000
#: the iterations per move without a budget in the spec
DEFAULT_ITERATIONS = 200
#: the longest time budget per move a spec may ask for (``seconds``)
MAX_SECONDS = 600.0
#: the longest imagined game: past it the playout counts as nobody's win (an engine bug)
_PLAYOUT_LIMIT = 200_000


class _Node:
    """An edge of the tree: the action a player took, their visits, availability and reward.
    ``outcomes`` holds the next decision's edges by what the searching seat observes after the
    action (``observation``), so that a card drawn or revealed opens its own branch: a later
    choice of that seat depends on what it saw, as at the table."""

    __slots__ = ("player", "visits", "available", "wins", "children", "outcomes")

    def __init__(self, player: int):
        self.player = player
        self.visits = 0
        self.available = 0
        self.wins = 0.0
        self.children: dict[str, _Node] = {}
        self.outcomes: dict[str, dict[str, _Node]] = {}


def _margins(state: Any, players: int) -> list[float]:
    """Each seat's lead over the best of the others where the playout stopped (``standing``)."""
    standing = state.standing()
    margins = []
    for p in range(players):
        best_other = max(s for q, s in enumerate(standing) if q != p) if players > 1 else 0.0
        margins.append(standing[p] - best_other)
    return margins


def _shares(state: Any, players: int) -> list[float]:
    """Each seat's share of the lead where the playout stopped (of the win once the game is
    over; a shared lead is split)."""
    leaders = state.leaders()
    shares = [0.0] * players
    for p in leaders:
        shares[p] = 1.0 / len(leaders)
    return shares


def _playout(state: Any, rng: random.Random, until_round: int | None) -> bool:
    """Random moves (the simulator's random seat: one index per step) to the end, or to the
    end of round ``until_round``; ``False`` if the game ran past the playout limit."""
    current, count, apply_index, draw = state.current_player, state.legal_count, state.apply_index, rng.random
    round_index = state.round_index
    for _ in range(_PLAYOUT_LIMIT):
        if current() == TERMINAL or until_round is not None and round_index() != until_round:
            return True
        apply_index(int(draw() * count()))
    return False


def _guided_playout(state: Any, rng: random.Random, until_round: int | None, bots: list[Any]) -> bool:
    """``_playout`` with each seat played by its ``bots`` entry (the game's strategy bot)."""
    current, legal_actions, apply, observe = state.current_player, state.legal_actions, state.apply_legal, state.observation
    round_index = state.round_index
    for _ in range(_PLAYOUT_LIMIT):
        player = current()
        if player == TERMINAL or until_round is not None and round_index() != until_round:
            return True
        apply(bots[player].act(observe(player), legal_actions(), rng))
    return False


def _number(name: str, text: str, kind: type, low: float, high: float) -> Any:
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise refusal(UsageError, "error.bots.number", key=name, value=repr(text), low=f"{low:g}", high=f"{high:g}")
    return value


def _choice(name: str, value: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise refusal(UsageError, "error.bots.choice", key=name, value=repr(value), choices=", ".join(choices))
    return value


class ISMCTSBot:
    """Information-set MCTS on the engine (see the module docstring)."""

    name = "ismcts"
    sees = "infostate"

    #: the clock a time budget reads (``seconds``): wall time, so ``seconds=0.5`` is what a
    #: player waits; a test may give a bot its own
    clock = staticmethod(time.perf_counter)

    def __init__(self, game: str, rules: Any = None, *, iterations: str | int | None = None,
                 seconds: str | float | None = None, explore: str | float = 0.7,
                 horizon: str = "round", reward: str = "margin", playout: str = "random"):
        self.game = game
        self.seconds = None if seconds is None else _number("seconds", str(seconds).removesuffix("s"), float,
                                                            0.001, MAX_SECONDS)
        if iterations is None:
            iterations = MAX_ITERATIONS if self.seconds is not None else DEFAULT_ITERATIONS
        self.iterations = _number("iterations", str(iterations), int, 1, MAX_ITERATIONS)
        #: the iterations the last move searched (a time budget makes it vary)
        self.searched = 0
        self.explore = _number("explore", str(explore), float, 0.0, 100.0)
        self.horizon = _choice("horizon", horizon, HORIZONS)
        self.reward = _margins if _choice("reward", reward, REWARDS) == "margin" else _shares
        self.playout = _choice("playout", playout, PLAYOUTS)
        self.rules = rules

    def act(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        info = observation
        me = info.player
        root = _Node(me)
        explore = self.explore
        reward = self.reward
        low, high = 0.0, 1.0  # the rewards seen so far (a margin's scale is the game's)
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        searched = 0
        for searched in range(1, self.iterations + 1):
            if deadline is not None and searched > 1 and clock() >= deadline:
                searched -= 1
                break
            state = info.sample(rng)
            players = state.num_players
            until = state.round_index() if self.horizon == "round" else None
            children, path = root.children, [root]
            while (player := state.current_player()) != TERMINAL:
                actions = state.legal_actions()
                label = state.action_to_string
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
                        mean = (child.wins / child.visits - low) / (high - low)
                        score = mean + explore * math.sqrt(math.log(child.available) / child.visits)
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
                path.append(best)
                children = best.outcomes.setdefault(repr(state.observation(me)), {})
            if self.playout == "random":
                finished = _playout(state, rng, until)
            else:
                finished = _guided_playout(state, rng, until, self._playout_bots(players))
            shares = reward(state, players) if finished else [0.0] * players
            low, high = min(low, *shares), max(high, *shares)
            for visited in path:
                visited.visits += 1
                visited.wins += shares[visited.player]
        self.searched = searched
        return self._most_visited(root, legal, info)

    def _playout_bots(self, players: int) -> list[Any]:
        """Fresh strategy bots for every seat of one playout (they keep per-round state)."""
        from cardforge.bots import make_bot

        return [make_bot(self.game, "strategy", rules=self.rules) for _ in range(players)]

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
