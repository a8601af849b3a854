"""An information-set Monte Carlo search bot for every game (``ismcts``), in two searches.

``search=tree`` — single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration
draws one game consistent with what the bot's seat has seen — ``InfoState.sample``, the
engine's ``resample_from_infostate``: only the cards that seat has not seen are dealt again, and
the engine's future chance is reseeded — then walks one shared tree of action strings from the
root, choosing at each node the child of best UCB1 score among the actions legal in *this*
game (availability counts), adds one node, plays on (``playout``) and credits each node's
player with their reward.  The move played is the root child visited most.

``search=paired`` — determinized rollouts with common random numbers: each drawn game is
played on after *every* legal move with the same future chance and the same playout draws, so
the moves are compared on the same luck (in a game of much luck, an unpaired search mostly
measures the luck of its draws: the tree beat the strategy bot in rows only); the strategy
bot's own choice stands unless another move beats it by ``trust`` standard errors of the
paired difference.  With ``playout=strategy`` this is a policy-improvement step on the
strategy bot, whose imagined opponents play as the real ones do.

Everything the bot knows of the rules it knows from the engine, house rules included: a
house rule changes its play wherever it changes who gains.

Parameters (``--bots ismcts:iterations=400:playout=strategy``), each game's defaults in
``GAME_DEFAULTS`` (rows: ``tree``, random playouts, 200 iterations; sequence: ``paired``,
strategy playouts, 300, ``trust=0.5``; the others: ``paired``, strategy playouts, 100):
``iterations`` (playouts per move: a deterministic budget, the same search on any machine),
``seconds`` (a time budget per move, ``seconds=0.5``: the search
stops at the first playout past it, ``iterations`` then only caps it; the play then depends on
the machine's speed, so a simulation is no longer reproducible), ``search``, ``playout``
(``random``: the engines' fast path, ``legal_count``/``apply_index``; ``strategy``: every seat
of an imagined game played by the game's strategy bot), ``horizon`` (``round``, the default:
a playout stops when the round being played ends; ``game``: it plays to the end), ``reward``
(``margin``, the default: a seat's lead in points over the best other seat where the playout
stops, ``GameState.standing``; ``win``: its share of the lead, ``GameState.leaders``),
``explore`` (the tree's UCB1 constant, 0.7) and ``trust`` (the paired search's).  A move
with one legal action is played at once.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.games.base import TERMINAL
from cardforge.i18n import refusal

__all__ = ["ISMCTSBot", "MAX_ITERATIONS", "GAME_DEFAULTS", "MAX_SECONDS", "HORIZONS", "REWARDS", "PLAYOUTS", "SEARCHES"]

#: what a playout is worth to each seat: its lead in points over the best other seat (the
#: values are scaled to [0, 1] by the least and most seen in the search), or its share of the win
REWARDS = ("margin", "win")
#: how the imagined games are played on from the tree: at random (fast) or by every seat's
#: strategy bot (slower, far better informed: the search then improves on that bot)
PLAYOUTS = ("random", "strategy")
#: how the moves are searched: one ISMCTS tree, or every move tried on the same drawn games
SEARCHES = ("tree", "paired")
#: where a playout stops: the end of the round being played (then the leader counts as the
#: winner) or the end of the game
HORIZONS = ("round", "game")

#: the most iterations per move a spec may ask for (a move then takes seconds)
MAX_ITERATIONS = 100_000
#: each game's search when the spec does not say: the measured strongest against the strategy
#: bot at a cost of a few CPU seconds a game (docs/simulate.md, "ISMCTS"); ``iterations`` counts
#: playouts, so the two searches cost alike
GAME_DEFAULTS: dict[str, dict[str, Any]] = {
    "rows": {"search": "tree", "playout": "random", "iterations": 200, "trust": 1.0},
    **{game: {"search": "paired", "playout": "strategy", "iterations": 100, "trust": 1.0}
       for game in ("tricks", "collection", "numwin")},
    # a stop decided by a few cards: 100 playouts a move and trust 1 only matched the strategy bot
    "sequence": {"search": "paired", "playout": "strategy", "iterations": 300, "trust": 0.5},
}
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
                 horizon: str = "round", reward: str = "margin", playout: str | None = None,
                 search: str | None = None, trust: str | float | None = None):
        self.game = game
        defaults = GAME_DEFAULTS.get(game, GAME_DEFAULTS["rows"])
        search = defaults["search"] if search is None else search
        playout = defaults["playout"] if playout is None else playout
        trust = defaults["trust"] if trust is None else trust
        self.seconds = None if seconds is None else _number("seconds", str(seconds).removesuffix("s"), float,
                                                            0.001, MAX_SECONDS)
        if iterations is None:
            iterations = MAX_ITERATIONS if self.seconds is not None else defaults["iterations"]
        self.iterations = _number("iterations", str(iterations), int, 1, MAX_ITERATIONS)
        #: the games the last move's search drew (a time budget makes it vary)
        self.searched = 0
        self.explore = _number("explore", str(explore), float, 0.0, 100.0)
        self.horizon = _choice("horizon", horizon, HORIZONS)
        self.reward = _margins if _choice("reward", reward, REWARDS) == "margin" else _shares
        self.playout = _choice("playout", playout, PLAYOUTS)
        self.search = _choice("search", search, SEARCHES)
        self.trust = _number("trust", str(trust), float, 0.0, 100.0)
        self.rules = rules

    def act(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.searched = 0
        if len(legal) == 1:
            return legal[0]
        if self.search == "paired":
            return self._paired(observation, legal, rng)
        return self._tree(observation, legal, rng)

    def _budget(self, count: int) -> Iterator[int]:
        """``0 … count - 1``, fewer once the time budget is spent (the clock is read only when
        there is one, and never before the first), counted in ``searched``."""
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        for i in range(count):
            if i and deadline is not None and clock() >= deadline:
                return
            self.searched = i + 1
            yield i

    def _playout_to(self, state: Any, rng: random.Random, until: int | None) -> bool:
        """The playout of this bot's kind (random or strategy) from ``state``."""
        if self.playout == "random":
            return _playout(state, rng, until)
        return _guided_playout(state, rng, until, self._playout_bots(state.num_players))

    def _tree(self, info: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """ISMCTS proper: one tree of action strings shared by every game drawn."""
        me = info.player
        root = _Node(me)
        explore = self.explore
        reward = self.reward
        low, high = 0.0, 1.0  # the rewards seen so far (a margin's scale is the game's)
        for _ in self._budget(self.iterations):
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
            finished = self._playout_to(state, rng, until)
            shares = reward(state, players) if finished else [0.0] * players
            low, high = min(low, *shares), max(high, *shares)
            for visited in path:
                visited.visits += 1
                visited.wins += shares[visited.player]
        return self._most_visited(root, legal, info)

    def _paired(self, info: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Every legal action tried on the same drawn game with the same future chance and
        playout draws (common random numbers), so that the actions are compared on the same
        luck; the strategy bot's choice stands unless another beats it by ``trust`` standard
        errors of the paired difference."""
        me = info.player
        label = info.action_to_string
        keys = [label(a) for a in legal]
        prefer = keys.index(label(self._playout_bots(1)[0].act(info.observation, legal, random.Random(rng.random()))))
        k = len(keys)
        total, diff, diff2 = [0.0] * k, [0.0] * k, [0.0] * k
        games = 0
        for _ in self._budget(max(1, self.iterations // k)):
            drawn = info.sample(rng)
            until = drawn.round_index() if self.horizon == "round" else None
            seed = rng.getrandbits(64)
            moves = {drawn.action_to_string(a): a for a in drawn.legal_actions()}
            if any(key not in moves for key in keys):  # (a drawn game where one is not legal)
                continue
            values = []
            for key in keys:
                state = drawn.clone()
                state.apply_legal(moves[key])
                finished = self._playout_to(state, random.Random(seed), until)
                values.append(self.reward(state, state.num_players)[me] if finished else 0.0)
            games += 1
            base = values[prefer]
            for i, v in enumerate(values):
                total[i] += v
                diff[i] += v - base
                diff2[i] += (v - base) ** 2
        best = max(range(k), key=lambda i: (total[i], i == prefer))
        if best != prefer:  # the standard error of the mean paired difference (none from one game)
            mean = diff[best] / max(games, 1)
            spread = math.sqrt(max(diff2[best] / games - mean * mean, 0.0) / (games - 1)) if games > 1 else math.inf
            if mean <= self.trust * spread:
                best = prefer
        return legal[best]

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
