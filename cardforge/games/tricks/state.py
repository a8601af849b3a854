"""The Num Plis game engine: a seeded game from the deal to the final scores.

Phases per round: (team variant) each player sets aside 2 cards for their partner, then bids,
then tricks are played until hands are empty; the round is scored and the next one dealt.
Actions are ``Card`` (a card to pass or play; Num-X declared as ``numx=0``/``numx=17``) or
``int`` (a bid).  Chance is the shuffle of each round, from the seed given to ``new_game``
(``cardforge.games.tricks.start``).

    >>> from cardforge.games.tricks import new_game
    >>> game = new_game(3, seed=1)
    >>> game.phase.value, game.cards_per_player, game.current_player(), game.legal_actions()
    ('bid', 1, 0, [0, 1])
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain
from enum import Enum
from typing import Any

from cardforge.cards import Card
from cardforge.errors import IllegalActionError
from cardforge.games.base import TERMINAL, GameState
from cardforge.games.chance import shuffle
from cardforge.games.tricks.following import NUMX_CHOICES, follow_step, options_of, playable
from cardforge.games.tricks.house_rules import HouseRules
from cardforge.games.tricks.resolution import NUMX, TrickResult, resolve_trick, trick_outcome
from cardforge.games.tricks.scoring import RoundScore, round_score
from cardforge.games.tricks.setup import PASS_COUNT, TEAM_CARDS, TEAM_ROUNDS, deck_for, round_schedule
from cardforge.i18n import refusal

__all__ = ["Phase", "Action", "GameConfig", "TricksState", "round_schedule", "deck_for",
           "TEAM_CARDS", "TEAM_ROUNDS", "PASS_COUNT"]

Action = Card | int

class Phase(str, Enum):
    PASS = "pass"
    BID = "bid"
    PLAY = "play"
    OVER = "over"
    #: a chance node of a table-fed game (``chance="table"``): a hand is being dealt
    DEAL = "deal"


_PASS, _BID, _PLAY, _OVER = Phase.PASS, Phase.BID, Phase.PLAY, Phase.OVER


@dataclass(frozen=True)
class GameConfig:
    """The static facts of one game (OpenSpiel's ``Game``): players, rules, deck, schedule."""

    players: int
    rules: HouseRules
    team: bool
    deck: tuple[Card, ...]
    schedule: tuple[int, ...]
    #: groups of seats scored together: each player, or each team with ``team_bids=joint``
    units: tuple[tuple[int, ...], ...] = field(default=())

    def partner(self, seat: int) -> int:
        return (seat + self.players // 2) % self.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted((seat, self.partner(seat)))) if self.team else (seat,)

    @functools.cached_property
    def tables(self) -> Tables:
        """What every position of this game looks up, computed once (``new_game`` caches configs)."""
        return Tables(self)

    def __getstate__(self) -> dict[str, Any]:
        """Copied or pickled without its tables: a copy computes its own (they key by identity)."""
        return {k: v for k, v in self.__dict__.items() if k != "tables"}


class Tables:
    """Facts of a ``GameConfig`` computed once: each card's rank in the deck order (hands are
    sorted by it), its code, the bids of each deal size, the seats' scoring units and the
    deck positions the deal shuffles.  Never copied: a copied config or state computes its own."""

    def __init__(self, config: GameConfig):
        deck = config.deck
        #: the deck's own card objects and the declared Num-X, kept alive so their ids stay theirs
        self.cards = (*dict.fromkeys(deck), *NUMX_CHOICES)
        #: card code by ``id(card)`` for those objects (any other card: ``card.code``)
        self.code_of = {id(c): c.code for c in self.cards}
        self.order = {card: i for i, card in enumerate(dict.fromkeys(deck))}
        self.rank = tuple(self.order[card] for card in deck)
        self.distinct = len(self.order) == len(deck)
        self.numx = next((c for c in deck if c.action == NUMX), None)
        self.bids = {size: tuple(range(size + 1)) for size in set(config.schedule)}
        self.unit_of = {seat: u for u, unit in enumerate(config.units) for seat in unit}
        self.seat_units = tuple(tuple(dict.fromkeys(self.unit_of[p] for p in config.team_of(seat)))
                                for seat in range(config.players))
        self.own_totals = self.seat_units == tuple((seat,) for seat in range(config.players))
        self.solo = config.units == tuple((seat,) for seat in range(config.players))  # each seat scored alone
        self.positions = list(range(len(deck)))
        self.no_passing = ((),) * config.players
        #: round_score's results, by (bid, won, cards, streak before, final round)
        self.scores: dict[tuple[int, int, int, int, bool], RoundScore] = {}


@dataclass
class RoundRecord:
    """What happened in one finished round, per scoring unit."""

    number: int
    cards: int
    bids: list[int]
    won: list[int]
    scores: list[RoundScore]
    #: each seat's own bid and tricks won (the units' are their sums with team_bids=joint)
    seat_bids: list[int] = field(default_factory=list)
    seat_won: list[int] = field(default_factory=list)


class TricksState(GameState[Action]):
    """One position of a game of Num Plis.

    Hands, the trick and the piles are plain lists of ``Card`` (the deck's own objects, so the
    engine finds a played card by identity); the phase, the leader and the player to act are
    the engine's to change.  ``trick_log`` keeps each trick played as ``(leader, cards, winner
    position or None, cancelled positions)``: the simulator counts its events from it.
    """

    game = "tricks"

    def __init__(self, config: GameConfig, seed: int = 0, *, record_chance: bool = False):
        self.config = config
        import random  # here: a referee ruling plays no seeded game

        self._tables = config.tables
        self._rules = config.rules
        self._n = config.players
        self._rng = random.Random(seed)
        self.totals = [0] * len(config.units)
        self.streaks = [0] * len(config.units)
        self.history: list[RoundRecord] = []
        self.trick_log: list[tuple[int, list[Card], int | None, list[int]]] = []
        self._explained: tuple[Any, TrickResult] | None = None
        self.round = -1
        self.phase = Phase.BID
        self.last_leader = 0
        if record_chance:
            self.chance_log = []
        self._deal_next_round()

    def clone(self) -> TricksState:
        """A fast independent copy: the cards and the config are shared (the engine finds cards
        by identity), every container the engine changes is copied.  A subclass (the table
        engine, with its own fields) is deep-copied whole, as ``GameState.clone`` does."""
        if type(self) is not TricksState:
            return super().clone()
        other = object.__new__(TricksState)
        other.__dict__.update(self.__dict__)
        other._rng = type(self._rng)()
        other._rng.setstate(self._rng.getstate())
        for name in ("totals", "streaks", "history", "trick_log", "set_aside", "bids", "won", "trick", "_laid"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(hand) for hand in self.hands]
        other.taken = [list(pile) for pile in self.taken]
        if self.config.team:
            other.passing = [list(cards) for cards in self.passing]
        if self._reserve is not None:
            other._reserve = list(self._reserve)
        if self.chance_log is not None:
            other.chance_log = list(self.chance_log)
        other._legal = None
        return other

    def round_index(self) -> int:
        return self.round

    def resample_from_infostate(self, player: int, rng: Any) -> TricksState:
        """A copy where the other hands, the cards they set aside for a partner and the
        undealt cards are dealt again from ``rng`` (``GameState.resample_from_infostate``)."""
        from cardforge.games.chance import card_code, redeal, reseeded

        other = self.clone()
        other._reserve = list(other.reserve)
        others = [q for q in range(self._n) if q != player]
        passing = [other.passing[q] for q in others] if self.config.team else []
        redeal(rng, [*(other.hands[q] for q in others), *passing, other._reserve], card_code)
        for q in others:
            other.hands[q] = other._sorted(other.hands[q])
        other._rng = reseeded(rng)
        return other

    def __getstate__(self) -> dict[str, Any]:
        """Copied (``clone``) or pickled without the config's tables, which key by identity."""
        return {k: v for k, v in self.__dict__.items() if k != "_tables"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._tables = self.config.tables

    # -- GameState interface -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def cards_per_player(self) -> int:
        return self.config.schedule[self.round]

    @property
    def last_trick(self) -> TrickResult | None:
        """The last trick completed, explained (kept across the deal, so the round's final trick
        is visible); resolved again with its steps only when asked."""
        if not self.trick_log:
            return None
        entry = self.trick_log[-1]
        if self._explained is None or self._explained[0] is not entry:
            self._explained = (entry, resolve_trick(entry[1], self._n, self._rules))
        return self._explained[1]

    @property
    def reserve(self) -> list[Card]:
        """The cards not dealt this round, in shuffled order."""
        if self._reserve is None:
            order, dealt = self._undealt
            deck = self.config.deck
            self._reserve = [deck[i] for i in order[dealt:]]
        return self._reserve

    @reserve.setter
    def reserve(self, cards: list[Card]) -> None:
        self._reserve = cards

    def current_player(self) -> int:
        return self._player

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _PLAY:  # the trick's follow facts are kept as it grows (follow_step)
            hand = self.hands[self._player]
            target = self._target
            legal = options_of(hand) if target is None else playable(hand, target, self._laid, self._rules)
            return legal[:] if legal is hand else legal
        if phase is _BID:
            return list(self._bid_options)
        if phase is _PASS:
            return list(self.hands[self._player])
        return []

    def apply_action(self, action: Action) -> None:
        legal = self.legal_actions()
        for option in legal:
            if option is action:
                break
        else:
            if action not in legal:
                raise refusal(IllegalActionError, "error.tricks.illegal", action=repr(self.action_to_string(action)),
                              player=self.seat_name(self._player), phase=self.phase.value,
                              legal=", ".join(self.action_to_string(a) for a in legal) or "—")
            action = legal[legal.index(action)]  # the position's own object (an equal card, True for 1)
        self.apply_legal(action)

    def legal_count(self) -> int:
        """``len(legal_actions())``; the plays found are kept for the ``apply_index`` that
        follows (any move forgets them)."""
        phase = self.phase
        if phase is _PLAY:
            hand = self.hands[self._player]
            target = self._target
            self._legal = legal = options_of(hand) if target is None else playable(hand, target, self._laid, self._rules)
            return len(legal)
        if phase is _BID:
            return len(self._bid_options)
        if phase is _PASS:
            return len(self.hands[self._player])
        return 0

    def apply_index(self, index: int) -> None:
        """``apply_legal(legal_actions()[index])``, from the plays ``legal_count`` kept: the
        engine's one implementation of a card played and of a bid."""
        phase = self.phase
        if phase is _PLAY:
            seat = self._player
            hand = self.hands[seat]
            legal = self._legal
            if legal is None:  # not counted first: counted now
                self.legal_count()
                legal = self._legal
            self._legal = None
            card = legal[index]
            if legal is not hand:  # the position in hand of a legal play (the same object, or Num-X declared)
                index = 0
                for held in hand:
                    if held is card:
                        break
                    index += 1
                else:
                    index = self._index_of(hand, card)
            del hand[index]
            trick = self.trick
            trick.append(card)
            if len(trick) < self._n:
                self._player = (seat + 1) % self._n
                self._target = follow_step(trick, self._target, self._laid, self._rules)
            else:
                self._end_trick()
        elif phase is _BID:
            seat = self._player
            self.bids[seat] = self._bid_options[index]
            seat = (seat + 1) % self._n
            if seat == self.leader:  # before the first trick, the leader is the round's first player
                self.phase = _PLAY
            self._player = seat
        elif phase is _PASS:
            self._pass(self.hands[self._player][index])
        else:
            raise IllegalActionError("the game is over: no action is legal")

    def apply_legal(self, action: Action) -> None:
        phase = self.phase
        if phase is _PLAY:
            self._legal = (action,)  # the one play to make, for apply_index
            self.apply_index(0)
        elif phase is _BID:
            self.apply_index(self._bid_options.index(action))
        elif phase is _PASS:
            self._pass(action)
        else:
            raise IllegalActionError(f"the game is over: no action is legal, not {self.action_to_string(action)!r}")

    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def returns(self) -> list[int]:
        """Each player's total; in teams, the team's total for both partners (TRICKS-11.6)."""
        totals = self.totals
        if self._tables.own_totals:
            return list(totals)
        return [sum(totals[u] for u in units) for units in self._tables.seat_units]

    def winners(self) -> list[int]:
        """Once the game is over, the seats with the highest total (ties share the win, ruling
        TRICKS-R20; in teams, both partners); ``[]`` before."""
        if self.phase is not _OVER:
            return []
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def observation(self, player: int) -> dict[str, Any]:
        last = self.trick_log[-1] if self.trick_log else None
        code = self._tables.code_of.get
        if self._reserve is None:
            order, dealt = self._undealt
            reserve_size = len(order) - dealt
        else:
            reserve_size = len(self._reserve)
        return {
            "round": self.round + 1,
            "cards": self.cards_per_player,
            "phase": self.phase.value,
            "current_player": self._player,
            "hand": [code(id(c)) or c.code for c in self.hands[player]],
            "passing": [code(id(c)) or c.code for c in self.passing[player]],
            "bids": list(self.bids),
            "won": list(self.won),
            "trick": [code(id(c)) or c.code for c in self.trick],
            "leader": self.leader,
            "reserve_size": reserve_size,
            "last_trick": None if last is None else {
                "cards": [code(id(c)) or c.code for c in last[1]],
                "winner": None if last[2] is None else (last[0] + last[2]) % self._n,
            },
            "returns": self.returns(),
            "streaks": list(self.streaks),
        }

    def card_count(self) -> Counter[Card]:
        counts = Counter(chain(*self.hands, *self.passing, *self.taken, self.reserve, self.set_aside))
        counts.update(card.undeclared() for card in self.trick)  # Num-X is played declared
        return counts

    def action_to_string(self, action: Action) -> str:
        if isinstance(action, int):
            return f"bid {action}"
        return f"pass {action.code}" if self.phase is Phase.PASS else action.code

    def actions_played(self) -> int:
        """Every pass, bid and card played so far (the simulator's turns)."""
        n, team = self._n, self.config.team
        done = sum(n * (size + 1 + (PASS_COUNT if team else 0)) for size in self.config.schedule[:len(self.history)])
        if self.phase is Phase.OVER:
            return done
        in_hands = sum(map(len, self.hands)) + sum(map(len, self.passing))
        played = n * self.cards_per_player - in_hands
        passes = sum(map(len, self.passing)) if self.phase is Phase.PASS else n * PASS_COUNT if team else 0
        return done + passes + sum(b is not None for b in self.bids) + played

    def __str__(self) -> str:
        lines = [f"tricks: round {self.round + 1}/{len(self.config.schedule)}, {self.cards_per_player} card(s), "
                 f"phase {self.phase.value}, to act: {self.current_player()}"]
        for seat, hand in enumerate(self.hands):
            lines.append(f"  p{seat}: bid {self.bids[seat]} won {self.won[seat]} | {' '.join(c.code for c in hand)}")
        lines.append(f"  trick: {' '.join(c.code for c in self.trick) or '-'} | returns {self.returns()}")
        return "\n".join(lines)

    # -- card conservation and chance as text ----------------------------------------------------

    def seat_name(self, seat: int) -> Any:
        """A seat as a refusal names it: the player's name, else « player 2 » (a ``Message``)."""
        from cardforge.i18n import Message

        names = self.seat_names
        return names[seat] if names is not None and 0 <= seat < len(names) else Message("seat.n", n=seat + 1)

    @property
    def round_start(self) -> int:
        """Where this round's tricks start in ``trick_log`` (each trick is won, or its cards set aside)."""
        return len(self.trick_log) - sum(self.won) - len(self.set_aside) // self._n

    def where(self, card: Card) -> Any:
        """Where the physical ``card`` is this round, as a ``Message`` ("RB12 was played in
        trick 2"), or ``None`` when the table has not seen it (in a hidden hand or the reserve)."""
        from cardforge.i18n import Message

        card = card.undeclared()
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return Message("error.tricks.in_hand", card=card.code, player=self.seat_name(seat))
        for seat, cards in enumerate(self.passing):
            if card in cards:
                return Message("error.tricks.in_passing", card=card.code, player=self.seat_name(seat))
        if card in (c.undeclared() for c in self.trick):
            return Message("error.tricks.in_trick", card=card.code)
        for n, entry in enumerate(self.trick_log[self.round_start:], start=1):
            if card in (c.undeclared() for c in entry[1]):
                return Message("error.tricks.played_in", card=card.code, n=n)
        return None

    def deals_tuple(self) -> bool:
        return True  # a chance outcome is a hand

    # -- phases ---------------------------------------------------------------------------------

    def first_player_of_round(self) -> int:
        """The player left of the dealer: seat 0 in round 1, then rotating (ruling TRICKS-R2)."""
        return self.round % self._n

    def _seat_order(self) -> list[int]:
        first = self.first_player_of_round()
        return [(first + i) % self._n for i in range(self._n)]

    def _deal_next_round(self) -> None:
        """The next round, its cards shuffled from the seed and dealt (the seeded chance)."""
        size = self._new_round()
        tables, n = self._tables, self._n
        order = tables.positions.copy()  # deck positions, shuffled as the cards would be
        shuffle(self._rng, order)
        deck, key, hands = self.config.deck, None if tables.distinct else tables.rank.__getitem__, []
        for start in range(0, n * size, size):
            dealt = order[start:start + size]
            dealt.sort(key=key)
            hands.append([deck[i] for i in dealt])
        self.hands = hands
        self._undealt = order, n * size
        if self.chance_log is not None:
            self.chance_log.extend(tuple(hand) for hand in hands)

    def _new_round(self) -> int:
        """Everything of the next round but its cards: the round's deal size."""
        self.round += 1
        tables, n = self._tables, self._n
        size = self.config.schedule[self.round]
        self._reserve: list[Card] | None = None  # the undealt cards, built when asked for
        #: cards set aside for the partner (team variant; no one passes otherwise)
        self.passing: list[list[Card]] = [[] for _ in range(n)] if self.config.team else tables.no_passing
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        self.set_aside: list[Card] = []
        self.bids: list[int | None] = [None] * n
        self.won = [0] * n
        # the trick in progress: its cards, what the next card must beat (follow_step), the
        # numbered values laid, whether a declared Num-X is among them (reset after each trick)
        self.trick, self._target, self._laid, self._declared = [], None, [], False
        self.leader = self._player = self.round % n  # first_player_of_round
        self.phase = _PASS if self.config.team else _BID
        #: the plays ``legal_count`` found, for the ``apply_index`` that follows
        self._legal: Sequence[Card] | None = None
        self._bid_options = tables.bids[size]
        return size

    def _sorted(self, cards: list[Card]) -> list[Card]:
        return sorted(cards, key=self._tables.order.__getitem__)

    def _index_of(self, hand: list[Card], card: Card) -> int:
        """Where ``card`` is in ``hand`` when it is not the hand's own object: a declared Num-X
        is the hand's Num-X, any other card an equal one."""
        if card.action == NUMX and card.value is not None:
            self._declared = True
            for i, held in enumerate(hand):
                if held.action == NUMX:
                    return i
        return hand.index(card)

    def _pass(self, card: Card) -> None:
        seat = self._player
        hand = self.hands[seat]
        i = next((i for i, held in enumerate(hand) if held is card), None)
        del hand[self._index_of(hand, card) if i is None else i]
        self.passing[seat].append(card)
        if len(self.passing[seat]) < PASS_COUNT:
            return
        seat = (seat + 1) % self._n
        if seat != self.leader:
            self._player = seat
            return
        for giver in range(self._n):  # every choice made: the cards change hands at once
            receiver = self.config.partner(giver)
            self.hands[receiver] = self._sorted(self.hands[receiver] + self.passing[giver])
        self.passing = [[] for _ in range(self._n)]
        self.phase = _BID
        self._player = self.leader

    def _end_trick(self) -> None:
        trick, n = self.trick, self._n
        laid = self._laid  # the values of the numbered cards before the last one
        if trick[-1].action is None:
            laid.append(trick[-1].value)
        winner, gone = trick_outcome(trick, n, self._rules, laid=laid)
        leader = self.last_leader = self.leader
        self.trick_log.append((leader, trick, winner, gone))  # the list is the engine's no more
        if self._declared:  # Num-X goes to the piles as the physical card
            numx = self._tables.numx
            trick = [numx if c.action == NUMX else c for c in trick]
            self._declared = False
        if winner is None:
            self.set_aside.extend(trick)
            if self._rules.no_winner_lead == "next":
                leader = (leader + 1) % n
        else:
            leader = (leader + winner) % n
            self.won[leader] += 1
            self.taken[leader].extend(trick)
        self.leader = self._player = leader
        self.trick, self._target, self._laid = [], None, []  # _declared is already False
        if not self.hands[0]:
            self._score_round()

    def _score_round(self) -> None:
        final = self.round == len(self.config.schedule) - 1
        size = self.cards_per_player
        bids, won, streaks, totals = self.bids, self.won, self.streaks, self.totals
        memo = self._tables.scores  # round_score is pure: each (bid, won, cards, streak, final) once
        if self._tables.solo:
            units, unit_bids, unit_won = range(self._n), list(bids), list(won)
            cards = [size] * self._n
        else:
            units = range(len(self.config.units))
            unit_bids = [sum(bids[p] for p in unit) for unit in self.config.units]
            unit_won = [sum(won[p] for p in unit) for unit in self.config.units]
            cards = [size * len(unit) for unit in self.config.units]
        scores = []
        for u in units:
            key = (unit_bids[u], unit_won[u], cards[u], streaks[u], final)
            score = memo.get(key)
            if score is None:
                score = memo[key] = round_score(*key[:4], self._rules, final)
            totals[u] += score.total
            streaks[u] = score.streak_after
            scores.append(score)
        self.history.append(RoundRecord(self.round + 1, size, unit_bids, unit_won, scores, list(bids), list(won)))
        if final:
            self.phase = _OVER
            self._player = TERMINAL
        else:
            self._deal_next_round()

