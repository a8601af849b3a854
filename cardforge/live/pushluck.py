"""Live Num Séquence and Num Collection: ``cardforge.live.match``'s adapter for both games.

A match's history has one entry per engine step: a move, by the player and as the engine writes
it (``Ana=draw A``, ``Ben=play reserve[0] simple -> p0``), or what the table turned over
(``deal Ana=R3``; Flip's tops ``deal Ana=R3 G5``; Tornade's re-deal ``deal Ana=p1 p0``).
Replayed through a ``chance="table"`` engine, every rule is the engine's: whose turn it is, every action card,
draws owed after a Rainbow, a Joker or Simple/Double, STOPs, the 2-card reserve, round and game
end with the winner; a card already somewhere is refused with where it is.

What the table types (one or more ``NAME=VALUE`` tokens, docs/notation.md):

* ``Ana=R3`` — Ana turns over R3 (from pile A, ``Ana=R3@B`` from pile B); ``Ana=R3,G5`` two
  cards one after the other; an action card drawn (``Ana=simple``) is then kept
  (``Ana=keep``) or played (``Ana=simple>Ben``, ``Ana=play``; ``Ana=simple>Ben`` at once when
  drawn);
* ``Ana=secure`` (lock the sequence), ``Ana=end`` (end the turn), ``Ana=declare``
  (collection: declare the end of the round), ``Ana=accept`` (a STOP, with a Joker held);
* ``Ana=play:double>Ben`` — play a card of the reserve (``play:quantique>B`` aims at a pile);
  after a STOP, ``Ana=joker`` plays the reserve's Joker;
* what an action card turns over: Flip's tops ``Ana=R3,G5`` (``?`` unseen, ``-`` empty pile),
  Quantique's three cards ``Ana=R3,G5,B7`` then ``Ana=keep:G5`` (or ``Ana=keep:none``),
  Tornade's re-deal ``Ana=Ben Ben=Ana`` (Ana receives Ben's sequence);
* collection's end of round: ``Ana=pair`` (validate an objective, by id or name), ``Ana=done``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import CardCodeError, IllegalActionError, UsageError
from cardforge.i18n import DEFAULT_LANG, Message, refusal
from cardforge.live.adapter import CHANCE_PREFIX, Adapter
from cardforge.live.base import check_seats, seated

__all__ = ["PushLuckAdapter", "apply_entry"]

SECURE_WORDS = frozenset({"secure", "secure-empty", "securise", "sécurise", "lock", "verrouille", "verrouiller"})
END_WORDS = frozenset({"end", "fin", "stop"})
KEEP_WORDS = frozenset({"keep", "garde"})
#: how a format-1 position's history wrote what the table turned over (``= R3``)
_OLD_CHANCE = "= "


class PushLuckAdapter(Adapter):
    """The adapter of ``sequence`` or ``collection`` (``cardforge/live/<game>.py`` make one each)."""

    options = {"mode": str, "rounds": int, "turns": int}
    max_players = 6

    def __init__(self, game: str):
        self.game = game  # type: ignore[misc]

    def engine(self, match: Any) -> Any:
        from cardforge.games import engine_module

        if len(match.players) < 2:
            raise refusal(UsageError, "error.pl.players", game=_title(self.game))
        options = {k: v for k, v in match.options if k != "turns" or self.game == "sequence"}
        state = engine_module(self.game).new_game(len(match.players), chance="table", house=list(match.house),
                                                  **options)
        state.seat_names = match.players
        return state

    def seats(self, tokens: Sequence[str]) -> tuple[str, ...]:
        raise refusal(UsageError, "error.pl.players", game=_title(self.game))

    def entries(self, match: Any, state: Any, tokens: Sequence[str]) -> list[str]:
        if not tokens:
            raise refusal(UsageError, "error.seq.one_move")
        move = seated(tokens, "move", "Ana=R3, Ana=secure")
        check_seats([name for name, _ in move], match.players)
        entries: list[str] = []
        _Typed(state.clone(), match.players, entries).play(move)
        return entries

    def replay(self, match: Any, state: Any, entry: str) -> None:
        apply_entry(state, entry)

    def verdict(self, match: Any, before: Any, state: Any, entries: Sequence[str]) -> Any:
        from cardforge.live.pushluck_words import describe

        return describe(match, before, state, entries, apply_entry)

    def migrate(self, position: dict[str, Any]) -> dict[str, Any] | None:
        return _migrated(self, position)

    def describe(self, entry: str, players: Sequence[str] = ()) -> Any:
        """A move as the table would have typed it (``Ana=secure``; a draw: ``Ana=CARD``)."""
        name, _, written = entry.partition("=")
        if written in ("draw A", "draw B"):
            return Message("live.pl.spoken_draw", player=name, pile="@B" if written == "draw B" else "")
        typed = {"lock": "secure", "end turn": "end", "accept STOP": "accept", "declare end of round": "declare"}
        return Message("live.pl.change", player=name, move=typed.get(written, written))

    def view(self, match: Any, state: Any) -> dict[str, Any]:
        names = match.players
        return {
            "open": {p: tuple(c.code for c in state.sequences[q]) for q, p in enumerate(names) if state.sequences[q]},
            "secured": {p: tuple(tuple(c.code for c in s) for s in state.secured[q])
                        for q, p in enumerate(names) if state.secured[q]},
            "reserves": {p: tuple(c.code for c in state.reserves[q]) for q, p in enumerate(names) if state.reserves[q]},
            "pending": (names[state.player],) if state.phase == "elimination" else (),
            "current": None if state.is_terminal() else names[state.player],
            "round": state.round,
            "mode": state.mode,
            "scores": dict(zip(names, state.returns())),
            "over": state.is_terminal(),
            "winners": [names[q] for q in state.winners()] if state.is_terminal() else [],
        }


def _migrated(adapter: PushLuckAdapter, position: dict[str, Any]) -> dict[str, Any] | None:
    """A format-1 ``SequencePosition`` / ``CollectionPosition`` (its history as the engine wrote
    it: ``p0: draw A``, ``= R3``) as a format-2 match, replayed to check it; ``None`` if it is not one."""
    from cardforge.errors import CardforgeError
    from cardforge.live.match import LiveMatch

    players, house, history = position.get("players"), position.get("house", []), position.get("history")
    if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in (players, house, history)):
        return None
    options = {k: position[k] for k in adapter.options if position.get(k) is not None}
    entries: list[str] = []
    starts: list[int] = []  # where each move begins: a player's step; what is turned over joins it
    if history:
        try:
            state = adapter.engine(LiveMatch(adapter.game, tuple(players), tuple(house), tuple(sorted(options.items()))))
            for old in history:
                if old.startswith(_OLD_CHANCE):
                    entry = f"{CHANCE_PREFIX}{players[state.player]}={old[len(_OLD_CHANCE):]}"
                else:
                    seat, _, written = old.partition(": ")
                    entry = f"{players[int(seat.removeprefix('p'))]}={written}"
                    starts.append(len(entries))
                apply_entry(state, entry)
                entries.append(entry)
        except (CardforgeError, IndexError, ValueError):
            return None
    ends = [*starts[1:], len(entries)] if entries else []
    return {"players": players, "house": house, "options": options, "lang": DEFAULT_LANG, "history": entries,
            "moves": [[end, None] for end in ends]}


def _title(game: str) -> Any:
    """The game as a sentence names it: its deck's title (« Num Séquence »), never its id."""
    from cardforge.deck import load_deck

    return load_deck(game).title


def apply_entry(state: Any, entry: str) -> None:
    """Apply one history entry to the engine: what the table turned over, or a move."""
    if entry.startswith(CHANCE_PREFIX):
        _, _, outcome = entry[len(CHANCE_PREFIX):].partition("=")
        state.apply_chance(state.parse_chance(outcome))
        return
    _, _, written = entry.partition("=")
    for move in state.legal_actions():
        if state.action_to_string(move) == written:
            state.apply_action(move)
            return
    raise refusal(UsageError, "error.pl.history", entry=repr(entry))


class _Typed:
    """What the table typed, applied to ``state`` step by step; each step appended to ``entries``."""

    def __init__(self, state: Any, players: tuple[str, ...], entries: list[str]):
        self.state, self.players, self.entries = state, players, entries

    def play(self, move: Sequence[tuple[str, str]]) -> None:
        state = self.state
        if state.chance_kind() == "tornade":
            self._tornade(move)
            return
        for name, value in move:
            for part in [value] if state.chance_kind() == "flip" else _parts(value):
                self._one(name, part)

    def _seat(self, name: str) -> int:
        return self.players.index(name)

    def _turn(self, name: str) -> None:
        state = self.state
        if state.is_terminal():
            raise refusal(UsageError, "error.pl.over", winners=[self.players[q] for q in state.winners()])
        acting = self.players[state.player]
        if name != acting:
            raise refusal(UsageError, "error.pl.turn", player=acting, name=name)

    def _move(self, wanted: Any) -> None:
        """Apply the legal move equal to ``wanted`` (a predicate), or refuse with what is possible."""
        state = self.state
        for move in state.legal_actions():
            if wanted(move):
                self.entries.append(f"{self.players[state.player]}={state.action_to_string(move)}")
                state.apply_action(move)
                return
        if state.phase == "turn" and state.forced[state.player] and any(state.piles):
            why = Message(f"live.pl.why.{state.owed_by[state.player] or 'rainbow'}")
            raise refusal(UsageError, "error.pl.owed", player=self.players[state.player], why=why)
        raise refusal(UsageError, "error.pl.not_now", player=self.players[state.player],
                      moves=[self._spoken(m) for m in state.legal_actions()])

    def _spoken(self, move: Any) -> str | Message:
        """A legal move in the notation the table types."""
        state, name = self.state, self.players[self.state.player]
        kind = move.kind
        if kind == "draw":
            return Message("live.pl.spoken_draw", player=name, pile="@B" if move.pile == 1 else "")
        words = {"lock": "secure", "end": "end", "keep": "keep", "accept": "accept", "declare": "declare",
                 "done": "done"}
        if kind in words:
            return f"{name}={words[kind]}"
        if kind == "choose":
            return f"{name}=keep:" + ("none" if move.slot is None else state.quantique[move.slot].code)
        if kind == "validate":
            return f"{name}={move.choice[0]}"
        card = state.pending if move.slot is None else state.reserves[state.player][move.slot]
        aim = f">{self.players[move.target]}" if move.target is not None else (
            f">{'AB'[move.pile]}" if move.pile is not None else "")
        return f"{name}={'' if move.slot is None else 'play:'}{card.code}{aim}"

    def _chance(self, text: str) -> None:
        state = self.state
        drawer = self.players[state.player]  # before the card, which may pass the turn (a STOP)
        try:
            outcome = state.parse_chance(text)
            state.apply_chance(outcome)
        except (IllegalActionError, CardCodeError) as exc:
            raise _usage(exc) from None
        self.entries.append(f"{CHANCE_PREFIX}{drawer}={state.chance_to_string(outcome)}")

    def _one(self, name: str, value: str) -> None:
        state = self.state
        self._turn(name)
        word = value.strip().lower()
        kind = state.chance_kind()
        if kind == "flip":
            self._chance(value.replace(",", " "))
            return
        if kind in ("draw", "quantique"):
            self._chance(value)
            return
        phase = state.phase
        if phase == "validate":
            self._validate(word)
            return
        if phase == "quantique":
            chosen = word.removeprefix("keep:").removeprefix("garde:")
            self._move(lambda m: m.kind == "choose" and (
                m.slot is None if chosen in ("none", "aucune") else
                m.slot is not None and state.quantique[m.slot].code.lower() == chosen))
            return
        if word in SECURE_WORDS:
            self._move(lambda m: m.kind == "lock")
        elif word in END_WORDS:
            self._move(lambda m: m.kind == "end")
        elif word in KEEP_WORDS:
            self._move(lambda m: m.kind == "keep")
        elif word in ("accept", "accepte"):
            self._move(lambda m: m.kind == "accept")
        elif word in ("declare", "déclare", "declare-end"):
            self._move(lambda m: m.kind == "declare")
        elif word.startswith("play:") or word.startswith("joue:"):
            self._activate(word.split(":", 1)[1], reserve=True)
        elif phase == "elimination":
            self._activate(word, reserve=True)
        elif phase == "action_drawn":
            self._activate(word, reserve=False)
        else:
            self._draw(value)

    def _draw(self, value: str) -> None:
        code, _, pile = value.partition("@")
        code, _, aim = code.partition(">")
        state = self.state
        wanted = {"a": 0, "b": 1}.get(pile.strip().lower(), None if not pile else -1)
        if wanted == -1:
            raise refusal(UsageError, "error.pl.pile", typed=repr(value))
        if wanted is None:
            wanted = 0 if state.piles[0] else 1
        self._move(lambda m: m.kind == "draw" and m.pile == wanted)
        self._chance(code)
        if aim:
            self._activate(f"{code}>{aim}", reserve=False)

    def _activate(self, typed: str, *, reserve: bool) -> None:
        state = self.state
        card, _, aim = typed.partition(">")
        card = card.strip()
        target = pile = None
        if aim:
            if aim.strip().upper() in ("A", "B"):
                pile = "AB".index(aim.strip().upper())
            else:
                names = {p.lower(): q for q, p in enumerate(self.players)}
                if aim.strip().lower() not in names:
                    check_seats([aim.strip()], self.players)
                target = names[aim.strip().lower()]
        if card in ("play", "joue"):
            card = state.pending.code if state.pending is not None else ""

        def wanted(m: Any) -> bool:
            if m.kind != "activate" or (m.slot is not None) != reserve:
                return False
            held = state.pending if m.slot is None else state.reserves[state.player][m.slot]
            return held.code.lower() == card and (aim == "" or (m.target, m.pile) == (target, pile))
        self._move(wanted)

    def _validate(self, word: str) -> None:
        if word in ("done", "fini", "fin"):
            self._move(lambda m: m.kind == "done")
            return
        from cardforge.referee.collection import parse_objectives

        (oid,) = parse_objectives([word], where=Message.literal(word))
        self._move(lambda m: m.kind == "validate" and m.choice[0] == oid)

    def _tornade(self, move: Sequence[tuple[str, str]]) -> None:
        state = self.state
        holders = state.tornade_holders()
        names = [self.players[q] for q in holders]
        given = dict(move)
        check_seats(list(given) + list(given.values()), self.players)
        if sorted(given) != sorted(names) or sorted(given.values()) != sorted(names):
            raise refusal(UsageError, "error.pl.tornade_typed", holders=names)
        self._chance(" ".join(f"p{self._seat(given[self.players[q]])}" for q in holders))


def _parts(value: str) -> list[str]:
    """``R3,G5`` → two cards; a Flip's tops (two codes) or a word stay whole."""
    if ":" in value or ">" in value and "," not in value:
        return [value]
    return [v for v in (p.strip() for p in value.split(",")) if v] or [value]


def _usage(exc: Exception) -> UsageError:
    """An engine refusal as the face's one-line error (its catalogue message kept)."""
    error = UsageError(str(exc))
    message = getattr(exc, "message", None)
    if message is not None:
        error.message = message
    return error

