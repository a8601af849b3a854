"""The Num Plis game engine: a seeded game from the deal to the final scores.

Phases per round: (team variant) each player sets aside 2 cards for their partner, then bids,
then tricks are played until hands are empty; the round is scored and the next one dealt.
Actions are ``Card`` (a card to pass or play; Num-X declared as ``numx=0``/``numx=17``) or
``int`` (a bid).  Chance is the shuffle of each round, from the seed given to ``new_game``.

    >>> game = new_game(3, seed=1)
    >>> game.phase.value, game.cards_per_player, game.current_player(), game.legal_actions()
    ('bid', 1, 0, [0, 1])
"""

from __future__ import annotations

from itertools import chain
from collections import Counter
import dataclasses
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from cardforge.cards import Card
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.base import TERMINAL, GameState
from cardforge.games.house import parse_house_rules
from cardforge.games.tricks.following import legal_plays
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules
from cardforge.games.tricks.resolution import TrickResult, resolve_trick
from cardforge.games.tricks.scoring import RoundScore, round_points

__all__ = ["Phase", "Action", "GameConfig", "TricksState", "new_game", "round_schedule", "deck_for",
           "TEAM_CARDS", "TEAM_ROUNDS", "PASS_COUNT"]

Action = Card | int

#: Team variant: 6 cards each, 2 passed, 5 rounds (TRICKS-11.2, 11.3, 11.6).
TEAM_CARDS, PASS_COUNT, TEAM_ROUNDS = 6, 2, 5


class Phase(str, Enum):
    PASS = "pass"
    BID = "bid"
    PLAY = "play"
    OVER = "over"


def deck_for(players: int, rules: HouseRules = DEFAULT_RULES) -> list[Card]:
    """The physical cards in play: the extra family from 7 players unless switched off
    (TRICKS-3.1, ruling TRICKS-R19)."""
    from cardforge.deck import load_deck

    return load_deck("tricks").cards(players if rules.extra_family else None)


def _player_range(team: bool) -> tuple[int, int]:
    from cardforge.deck import load_deck

    deck = load_deck("tricks")
    return (4, 8) if team else (deck.players_min, deck.players_max)


def check_players(players: int, team: bool = False) -> None:
    """``UsageError`` unless the player count is allowed (ruling TRICKS-R13)."""
    low, high = _player_range(team)
    if not isinstance(players, int) or not low <= players <= high or (team and players % 2):
        what = "the team variant plays with 4, 6 or 8 players" if team else f"tricks plays with {low}–{high} players"
        raise UsageError(f"{what}, not {players!r} (TRICKS-R13)")


def round_schedule(
    players: int, deck_size: int, *, start_cards: int = 1, rounds: int | None = None,
    team: bool = False, rules: HouseRules = DEFAULT_RULES,
) -> tuple[int, ...]:
    """Cards dealt to each player in each round (TRICKS-2.1, ruling TRICKS-R1; team: 11.2, 11.6)."""
    if team:
        if rounds is not None and rounds < 1:
            raise UsageError(f"rounds must be at least 1 in the team variant (5 by default, TRICKS-11.6), not {rounds!r}")
        return (TEAM_CARDS,) * (TEAM_ROUNDS if rounds is None else rounds)
    largest = deck_size // players if rules.last_round == "full" else (deck_size - 1) // players
    if not 1 <= start_cards <= largest:
        raise UsageError(f"start_cards must be 1 to {largest} with {players} players, not {start_cards!r} (TRICKS-R1)")
    count = largest - start_cards + 1 if rounds is None else rounds
    if not 1 <= count <= largest - start_cards + 1:
        raise UsageError(f"rounds must be 1 to {largest - start_cards + 1} with {players} players starting at "
                         f"{start_cards} card(s), not {rounds!r} (TRICKS-R1)")
    return tuple(range(start_cards, start_cards + count))


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


@dataclass
class RoundRecord:
    """What happened in one finished round, per scoring unit."""

    number: int
    cards: int
    bids: list[int]
    won: list[int]
    scores: list[RoundScore]


class TricksState(GameState[Action]):
    """One position of a game of Num Plis."""

    game = "tricks"

    def __init__(self, config: GameConfig, seed: int = 0):
        self.config = config
        import random  # here: a referee ruling plays no seeded game

        self._rng = random.Random(seed)
        self._order = {card: i for i, card in enumerate(dict.fromkeys(config.deck))}
        self.unit_of = {seat: u for u, unit in enumerate(config.units) for seat in unit}
        self.totals = [0] * len(config.units)
        self.streaks = [0] * len(config.units)
        self.history: list[RoundRecord] = []
        self.round = -1
        self.phase = Phase.BID
        self._legal: list[Action] | None = None  # cache of legal_actions() for this position
        #: the last trick completed (kept across the deal, so the round's final trick is visible)
        self.last_trick: TrickResult | None = None
        self.last_leader = 0
        self._deal_next_round()

    # -- GameState interface -------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    def cards_per_player(self) -> int:
        return self.config.schedule[self.round]

    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.PLAY:
            return (self.leader + len(self.trick)) % self.num_players
        return self.first_player_of_round() if self._turn is None else self._turn

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal_actions()
        return list(self._legal)

    def _compute_legal_actions(self) -> list[Action]:
        if self.phase is Phase.OVER:
            return []
        seat = self.current_player()
        if self.phase is Phase.PASS:
            return list(self.hands[seat])
        if self.phase is Phase.BID:
            return list(range(self.cards_per_player + 1))
        return legal_plays(self.trick, self.hands[seat], self.config.rules)

    def apply_action(self, action: Action) -> None:
        if action not in (self._legal if self._legal is not None else self.legal_actions()):
            raise IllegalActionError(
                f"illegal action {self.action_to_string(action)!r} for player {self.current_player()} "
                f"in phase {self.phase.value}: legal are "
                f"{', '.join(self.action_to_string(a) for a in self.legal_actions()) or 'none'}"
            )
        self.apply_legal(action)

    def apply_legal(self, action: Action) -> None:
        seat = self.current_player()
        self._legal = None
        if self.phase is Phase.PASS:
            self._pass(seat, action)
        elif self.phase is Phase.BID:
            self._bid(seat, action)
        else:
            self._play(seat, action)

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def returns(self) -> list[int]:
        """Each player's total; in teams, the team's total for both partners (TRICKS-11.6)."""
        out = []
        for seat in range(self.num_players):
            units = dict.fromkeys(self.unit_of[p] for p in self.config.team_of(seat))
            out.append(sum(self.totals[u] for u in units))
        return out

    def winners(self) -> list[int]:
        """Seats with the highest total (ties share the win, ruling TRICKS-R20)."""
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def observation(self, player: int) -> dict[str, Any]:
        last = self.last_trick
        return {
            "round": self.round + 1,
            "cards": self.cards_per_player,
            "phase": self.phase.value,
            "current_player": self.current_player(),
            "hand": [c.code for c in self.hands[player]],
            "passing": [c.code for c in self.passing[player]],
            "bids": list(self.bids),
            "won": list(self.won),
            "trick": [c.code for c in self.trick],
            "leader": self.leader,
            "reserve_size": len(self.reserve),
            "last_trick": None if last is None else {
                "cards": [c.code for c in last.cards],
                "winner": None if last.winner is None else (self.last_leader + last.winner) % self.num_players,
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

    def __str__(self) -> str:
        lines = [f"tricks: round {self.round + 1}/{len(self.config.schedule)}, {self.cards_per_player} card(s), "
                 f"phase {self.phase.value}, to act: {self.current_player()}"]
        for seat, hand in enumerate(self.hands):
            lines.append(f"  p{seat}: bid {self.bids[seat]} won {self.won[seat]} | {' '.join(c.code for c in hand)}")
        lines.append(f"  trick: {' '.join(c.code for c in self.trick) or '-'} | returns {self.returns()}")
        return "\n".join(lines)

    # -- phases ---------------------------------------------------------------------------------

    def first_player_of_round(self) -> int:
        """The player left of the dealer: seat 0 in round 1, then rotating (ruling TRICKS-R2)."""
        return self.round % self.num_players

    def _seat_order(self) -> list[int]:
        first = self.first_player_of_round()
        return [(first + i) % self.num_players for i in range(self.num_players)]

    def _deal_next_round(self) -> None:
        self.round += 1
        n, size = self.num_players, self.config.schedule[self.round]
        deck = list(self.config.deck)
        self._rng.shuffle(deck)
        self.hands = [self._sorted(deck[p * size:(p + 1) * size]) for p in range(n)]
        self.reserve = deck[n * size:]
        self.passing: list[list[Card]] = [[] for _ in range(n)]
        self.taken: list[list[Card]] = [[] for _ in range(n)]
        self.set_aside: list[Card] = []
        self.bids: list[int | None] = [None] * n
        self.won = [0] * n
        self.trick: list[Card] = []
        self.leader = self.first_player_of_round()
        self.phase = Phase.PASS if self.config.team else Phase.BID
        self._turn: int | None = None

    def _sorted(self, cards: list[Card]) -> list[Card]:
        return sorted(cards, key=self._order.__getitem__)

    def _advance_turn(self) -> bool:
        """Move to the next seat in round order; False once everyone has acted."""
        order = self._seat_order()
        current = self.current_player()
        index = order.index(current) + 1
        if index == len(order):
            self._turn = None
            return False
        self._turn = order[index]
        return True

    def _pass(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.passing[seat].append(card)
        if len(self.passing[seat]) < PASS_COUNT or self._advance_turn():
            return
        for giver in range(self.num_players):  # every choice made: the cards change hands at once
            receiver = self.config.partner(giver)
            self.hands[receiver] = self._sorted(self.hands[receiver] + self.passing[giver])
        self.passing = [[] for _ in range(self.num_players)]
        self.phase = Phase.BID

    def _bid(self, seat: int, bid: int) -> None:
        self.bids[seat] = bid
        if not self._advance_turn():
            self.phase = Phase.PLAY

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card.undeclared())
        self.trick.append(card)
        if len(self.trick) < self.num_players:
            return
        result = resolve_trick(self.trick, self.num_players, self.config.rules)
        physical = [c.undeclared() for c in self.trick]
        self.last_trick, self.last_leader = result, self.leader
        if result.winner is None:
            self.set_aside.extend(physical)
            if self.config.rules.no_winner_lead == "next":
                self.leader = (self.leader + 1) % self.num_players
        else:
            winner = (self.leader + result.winner) % self.num_players
            self.won[winner] += 1
            self.taken[winner].extend(physical)
            self.leader = winner
        self.trick = []
        if not self.hands[0]:
            self._score_round()

    def _score_round(self) -> None:
        final = self.round == len(self.config.schedule) - 1
        size = self.cards_per_player
        record = RoundRecord(self.round + 1, size, [], [], [])
        for u, unit in enumerate(self.config.units):
            bid = sum(self.bids[p] for p in unit)
            won = sum(self.won[p] for p in unit)
            score = round_points(bid, won, size * len(unit), self.streaks[u], self.config.rules, final=final)
            self.totals[u] += score.total
            self.streaks[u] = score.streak_after
            record.bids.append(bid)
            record.won.append(won)
            record.scores.append(score)
        self.history.append(record)
        if final:
            self.phase = Phase.OVER
        else:
            self._deal_next_round()


def _as_int(name: str, value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise UsageError(f"option {name!r}: expected a whole number, found {value!r}") from None


def _as_bool(name: str, value: Any) -> bool:
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise UsageError(f"option {name!r}: expected true or false, found {value!r}")


def new_game(players: int, seed: int = 0, **options: Any) -> TricksState:
    """A new game of Num Plis, shuffled from ``seed``.

    Options: ``start_cards`` (cards in round 1, default 1), ``rounds`` (default: up to the last
    round of ruling TRICKS-R1; team: 5), ``team=True`` (the team variant, partners opposite), ``rules`` (a
    ``HouseRules``); any other keyword is a house rule (``triple_annulation="pair"``).
    """
    players = _as_int("players", players)
    team = _as_bool("team", options.pop("team", False))
    start_cards = _as_int("start_cards", options.pop("start_cards", 1))
    rounds = options.pop("rounds", None)
    rounds = None if rounds is None else _as_int("rounds", rounds)
    rules = options.pop("rules", None) or DEFAULT_RULES
    if options:
        rules = parse_house_rules(HouseRules, [*_pairs(rules), *(f"{k}={v}" for k, v in options.items())])
    check_players(players, team)
    deck = tuple(deck_for(players, rules))
    if team and TEAM_CARDS * players > len(deck):
        raise UsageError(f"the team variant deals {TEAM_CARDS} cards each: {players} players need "
                         f"{TEAM_CARDS * players} cards, the deck has {len(deck)} (TRICKS-R13, R19)")
    schedule = round_schedule(players, len(deck), start_cards=start_cards, rounds=rounds, team=team, rules=rules)
    if team and rules.team_bids == "joint":
        units = tuple((i, i + players // 2) for i in range(players // 2))
    else:
        units = tuple((p,) for p in range(players))
    return TricksState(GameConfig(players, rules, team, deck, schedule, units), seed)


def _pairs(rules: HouseRules) -> list[str]:
    """A ``HouseRules`` as ``key=value`` pairs, so keyword options can override some of them."""
    return [f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules)]
