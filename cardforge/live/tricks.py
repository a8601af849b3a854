"""The live position of Num Plis: the game's history as the table typed it, replayed through the
engine (``cardforge.games.tricks``, ``chance="table"``) — no rule is decided here.

``TricksPosition`` holds the seats in playing order (seat 1 bids first and leads round 1), the
house rules, the options (``start_cards``, ``rounds``, ``team``, ``count``: the player count fixed
when the game starts) and ``history``: one entry per move or chance outcome, in notation text::

    Ana=hand=RB3,SH12   a hand dealt (``Ana=hand=?``: a hand the table does not show)
    Ana=bid=1           a bid (TRICKS-4.1)
    Ana=pass=RB3        a card set aside for the partner (team variant, TRICKS-11.3)
    Ana=RB12            a card laid (Num-X as declared: ``Ana=numx=17``)

What the table types (``parse_move``): the same tokens, several at once (``Ana=bid=1 Ben=bid=0``),
or bare ones laid by the next seats in play order once the seats are known (``RB9 SH4``,
``bid=1 bid=0``).  A round starts with its deal: the hands not typed are hidden (``?``), so a
table that only types bids and cards plays as it always does.  The engine settles each trick,
scores each round for everyone and names the game's winners; the verdict says so with the
rules applied (``cardforge.referee.tricks``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from cardforge.errors import CardforgeError, UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.base import Position, check_seats

__all__ = ["TricksPosition", "Lay", "POSITIONS"]

#: the engine options a position keeps (``count``: the player count, once known)
_OPTIONS = ("start_cards", "rounds", "team")
#: what a token's value starts with, for each kind of entry but a card laid
_KINDS = ("hand", "bid", "pass")


@dataclasses.dataclass(frozen=True)
class Lay:
    """History entries to append, in order: (player, kind, value) with kind ``hand``, ``bid``,
    ``pass`` or ``card``."""

    plays: tuple[tuple[str, str, str], ...]


@dataclasses.dataclass(frozen=True)
class TricksPosition(Position):
    game = "tricks"
    history: tuple[str, ...] = ()
    count: int | None = None
    start_cards: int | None = None
    rounds: int | None = None
    team: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "_engine", None)

    def __hash__(self) -> int:
        return hash((self.players, self.history))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TricksPosition) and self.to_json() == other.to_json()

    # -- the engine, replayed ------------------------------------------------------------------

    def engine(self) -> Any:
        """The engine state after the whole history (replayed once, then kept)."""
        if self._engine is None:
            state = self._new_engine()
            for entry in self.history:
                _apply_entry(state, self.players, entry)
            object.__setattr__(self, "_engine", state)
        return self._engine

    def _new_engine(self) -> Any:
        from cardforge.games.tricks import new_game

        options = {k: getattr(self, k) for k in _OPTIONS if getattr(self, k) not in (None, False)}
        house = dict(pair.split("=", 1) for pair in self.house)
        return new_game(len(self.players), chance="table", seat_names=self.players, **options, **house)

    # -- what the faces show ----------------------------------------------------------------------

    @property
    def leader(self) -> str | None:
        """Who leads the trick in progress (``None`` before the seats are known)."""
        return self.players[self.engine().leader] if self.players else None

    @property
    def trick(self) -> tuple[tuple[str, str], ...]:
        """The trick in progress: (player, card code) in play order."""
        if not self.players:
            return ()
        state, n = self.engine(), len(self.players)
        return tuple((self.players[(state.leader + i) % n], c.code) for i, c in enumerate(state.trick))

    @property
    def played(self) -> tuple[str, ...]:
        """The cards of this round's finished tricks."""
        if not self.players:
            return ()
        state = self.engine()
        return tuple(c.code for entry in state.trick_log[state.round_start:] for c in entry[1])

    @property
    def won(self) -> dict[str, int]:
        return dict(zip(self.players, self.engine().won)) if self.players else {}

    @property
    def tricks(self) -> int:
        """Tricks finished this round."""
        if not self.players:
            return 0
        state = self.engine()
        return len(state.trick_log) - state.round_start

    @property
    def phase(self) -> str:
        """``bid``, ``pass`` or ``play`` (a round being dealt asks for its bids: hands not given stay hidden)."""
        phase = self.engine().phase.value
        return ("pass" if self.team else "bid") if phase == "deal" else phase

    @property
    def bids(self) -> dict[str, int | None]:
        """This round's bids so far."""
        return dict(zip(self.players, self.engine().bids)) if self.players else {}

    def to_act(self) -> list[str]:
        """The seats still to bid (or pass) this round, in order."""
        if not self.players:
            return []
        state = self.engine()
        n, first = len(self.players), state.leader
        order = [self.players[(first + i) % n] for i in range(n)]
        if self.phase == "bid":
            return [p for p in order if self.bids[p] is None]
        passing = state.passing
        return [p for p, seat in ((p, self.players.index(p)) for p in order) if len(passing[seat]) < 2]

    @property
    def cards(self) -> int | None:
        return self.engine().cards_per_player if self.players else None

    # -- JSON ---------------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        if isinstance(data, dict) and "trick" in data and "history" not in data:  # before the engine kept it
            raise refusal(UsageError, "error.tricks.old_position")
        position = super().from_json(data)
        try:
            position.engine()
        except CardforgeError as exc:
            raise refusal(UsageError, "error.position.malformed", game=cls.game, why=str(exc)) from None
        return position

    # -- moves ------------------------------------------------------------------------------------

    def parse_move(self, tokens: Sequence[str]) -> Lay:
        if not tokens:
            raise refusal(UsageError, "error.tricks.no_card")
        if isinstance(tokens, str):
            tokens = [tokens]
        named = [t for t in tokens if _named(t)]
        if named and len(named) != len(tokens):
            raise refusal(UsageError, "error.tricks.mixed", token=next(t for t in tokens if not _named(t)))
        if not named:
            return Lay(tuple(self._bare(tokens)))
        plays = []
        for token in tokens:
            name, _, value = token.partition("=")
            name, value = name.strip(), value.strip()
            if not name or not value:
                raise refusal(UsageError, "error.seat.malformed", what="card", token=repr(token), example="Ana=RB12")
            kind, _, rest = value.partition("=")
            if kind.lower() in _KINDS:
                plays.append((name, kind.lower(), rest.strip()))
            else:
                plays.append((name, "card", value))
        return Lay(tuple(plays))

    def _bare(self, tokens: Sequence[str]) -> list[tuple[str, str, str]]:
        """Bare tokens (``RB9``, ``bid=1``) for the next seats in play order."""
        if not self.players:
            from cardforge.referee.tricks import parse_cards

            parse_cards([t for t in tokens if t.partition("=")[0].lower() not in _KINDS])  # a bad card first
            raise refusal(UsageError, "error.tricks.seats_unknown")
        state = self.clone_engine()
        plays = []
        for token in tokens:
            kind, _, rest = token.partition("=")
            kind = kind.lower() if kind.lower() in _KINDS else "card"
            seat = _fill_deal(state, self.players, []) if kind != "hand" else state.dealing_seat
            if seat is None:
                raise refusal(UsageError, "error.tricks.hand_late", player=self.players[state.current_player()])
            if seat < 0:
                raise refusal(UsageError, "error.tricks.over")
            plays.append((self.players[seat], kind, rest if kind != "card" else token))
            _apply_entry(state, self.players, _entry(*plays[-1]))
        return plays

    def clone_engine(self) -> Any:
        return self.engine().clone()

    def apply(self, move: Lay) -> tuple[TricksPosition, Any]:
        players = self.players
        position = self
        if not players:
            names = list(dict.fromkeys(name for name, _, _ in move.plays))
            count = self.count or len(names)
            if len(names) != count or len(names) < 2:
                if self.count and len(names) != self.count:
                    raise refusal(UsageError, "error.tricks.names_count", n=self.count, count=len(names), names=names)
                raise refusal(UsageError, "error.tricks.seats_unknown")
            position = self.replace(players=tuple(names), count=count)
            players = position.players
        check_seats([name for name, _, _ in move.plays], players)
        state = position.engine().clone()
        before = _Snapshot(state)
        history = list(position.history)
        hands = sorted((p for p in move.plays if p[1] == "hand"), key=lambda p: players.index(p[0]))
        for name, kind, value in [*hands, *(p for p in move.plays if p[1] != "hand")]:
            if kind == "hand":
                if state.phase.value != "deal" or players.index(name) < state.dealing_seat:
                    raise refusal(UsageError, "error.tricks.hand_late", player=name)
                while players.index(name) > state.dealing_seat:  # the hands before it: not shown
                    history.append(_entry(players[state.dealing_seat], "hand", "?"))
                    _apply_entry(state, players, history[-1])
            else:
                _fill_deal(state, players, history)
                _check_turn(state, players, name, kind)
            history.append(_entry(name, kind, value))
            _apply_entry(state, players, history[-1])
        after = position.replace(history=tuple(history))
        object.__setattr__(after, "_engine", state)
        verdict = _verdict(after, before, state, sum(kind == "card" for _, kind, _ in move.plays))
        verdict.result["position"] = after.to_json()
        return after, verdict


def _named(token: str) -> bool:
    """``Ana=RB12`` (not ``numx=17``, ``bid=1``, ``hand=?``)."""
    head = token.partition("=")[0].strip().lower()
    return "=" in token and head != "numx" and head not in _KINDS


def _entry(name: str, kind: str, value: str) -> str:
    return f"{name}={value}" if kind == "card" else f"{name}={kind}={value}"


def _fill_deal(state: Any, players: Sequence[str], history: list[str]) -> int:
    """At a deal, the hands not typed are hidden (``?``); the seat to act then."""
    while state.phase.value == "deal":
        entry = _entry(players[state.dealing_seat], "hand", "?")
        history.append(entry)
        _apply_entry(state, players, entry)
    return state.current_player()


def _check_turn(state: Any, players: Sequence[str], name: str, kind: str) -> None:
    """The player named is the one to act, with the kind of move the phase asks for."""
    phase, seat = state.phase.value, state.current_player()
    if seat < 0:
        raise refusal(UsageError, "error.tricks.over")
    expected = players[seat]
    wanted = {"bid": "bid", "play": "card", "pass": "pass"}[phase]
    if kind != wanted:
        raise refusal(UsageError, f"error.tricks.phase_{phase}", player=expected, token=_entry(name, kind, "…"))
    if name != expected:
        key = "error.tricks.turn_lead" if phase == "play" and not state.trick else "error.tricks.turn_next"
        raise refusal(UsageError, key, expected=expected, name=name)


def _apply_entry(state: Any, players: Sequence[str], entry: str) -> None:
    """One history entry into the engine (the engine refuses what the rules forbid)."""
    from cardforge.deck import load_deck

    name, _, value = entry.partition("=")
    kind, _, rest = value.partition("=")
    deck = load_deck("tricks")
    if kind == "hand":
        state.apply_chance(state.parse_chance(rest.replace(",", " ")))
    elif kind == "bid":
        try:
            bid = int(rest)
        except ValueError:
            raise refusal(UsageError, "error.tricks.bid_number", token=entry) from None
        if bid not in state.legal_actions():
            raise refusal(UsageError, "error.tricks.bid_range", bid=repr(bid), cards=state.cards_per_player)
        state.apply_action(bid)
    elif kind == "pass":
        for card in deck.parse_many(rest):
            state.apply_action(card)
    else:
        from cardforge.referee.tricks import parse_cards

        (card,) = parse_cards([value])
        state.apply_action(card)


class _Snapshot:
    """What the verdict compares: the tricks and rounds finished before the move."""

    def __init__(self, state: Any):
        self.tricks, self.rounds = len(state.trick_log), len(state.history)
        self.bids = list(state.bids)


def _verdict(position: TricksPosition, before: _Snapshot, state: Any, lays: int):
    from cardforge.referee.tricks import round_verdict_steps, trick_verdict
    from cardforge.referee.verdict import Verdict

    players, n = position.players, len(position.players)
    rules = state.config.rules
    if len(state.trick_log) > before.tricks:  # a trick was settled (the last one of the move)
        leader, cards, _, _ = state.trick_log[-1]
        names = [players[(leader + i) % n] for i in range(n)]
        verdict = trick_verdict(list(cards), n, rules, names)
    elif position.trick:
        laid = " ".join(f"{p}={c}" for p, c in position.trick)
        verdict = Verdict("tricks", Message("tricks.q.trick", cards=laid, n=n), {})
        for name, code in position.trick[-lays:]:
            verdict.say("TRICKS-8.1", "live.tricks.laid", player=name, card=code)
    else:
        verdict = Verdict("tricks", Message("live.tricks.q.round", n=state.round + 1, cards=state.cards_per_player), {})
        first = state.first_player_of_round()
        for seat in (players.index(p) for p in players[first:] + players[:first]):
            if state.bids[seat] is not None and before.bids[seat] is None:
                verdict.say("TRICKS-4.1", "live.tricks.bid", player=players[seat], n=state.bids[seat])
    result = verdict.result
    for key, default in (("players", n), ("seats", list(players)), ("cards", []), ("winner", None),
                         ("winner_player", None), ("winning_card", None), ("cancelled", [])):
        result.setdefault(key, default)
    result["settled"] = len(state.trick_log) > before.tricks
    result["round_over"] = len(state.history) > before.rounds
    result["round"] = None
    if result["round_over"]:
        record = state.history[-1]
        result["round"] = {"number": record.number, "cards": record.cards,
                           "bids": dict(zip(players, record.seat_bids)), "won": dict(zip(players, record.seat_won))}
        verdict.steps.extend(round_verdict_steps(record, state.config, players))
        verdict.summary = Message("live.tricks.round_end", summary=verdict.summary or "", n=record.number)
    result["game_over"] = state.is_terminal()
    result["totals"] = dict(zip(players, state.returns()))
    result["winners"] = [players[p] for p in state.winners()]
    if state.is_terminal():
        verdict.say("TRICKS-R20", "live.tricks.game_won", players=result["winners"], n=max(state.returns()),
                    count=len(result["winners"]))
        verdict.summary = verdict.steps[-1].message
    else:
        _next(verdict, position, state)
    result["won"] = position.won
    result["next"] = players[state.current_player()] if state.current_player() >= 0 else None
    result["phase"] = state.phase.value
    return verdict


def _next(verdict: Any, position: TricksPosition, state: Any) -> None:
    """The board: tricks won this round (or the totals after a round), and who acts next."""
    players = position.players
    phase, seat = state.phase.value, state.current_player()
    if phase == "deal":  # the hands not typed will be hidden: the table goes on with the bids
        phase, seat = ("pass" if state.config.team else "bid"), state.leader
    if verdict.result["round_over"]:
        verdict.board.append(Message("live.tricks.totals", counts=[Message("live.tricks.count", player=p, n=t)
                                                                  for p, t in verdict.result["totals"].items()]))
    elif state.trick_log[state.round_start:]:
        verdict.board.append(Message("live.tricks.won", counts=[Message("live.tricks.count", player=p, n=w)
                                                               for p, w in position.won.items()]))
    key = "live.tricks.next" if phase == "play" else f"live.tricks.next_{phase}"
    waiting = Message(key, player=players[seat], n=state.cards_per_player, round=state.round + 1)
    verdict.board.append(waiting)
    if verdict.summary is None:
        verdict.summary = waiting


POSITIONS = {"tricks": TricksPosition}
