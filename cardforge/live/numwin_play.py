"""Num Win followed card by card (a live match with the ``cards`` option): the full engine.

The match replays its history into ``cardforge.games.numwin``'s ``chance="table"`` engine, so
every rule is the engine's: turns, reflex windows, every action card, NUM WIN, the cards that
complete a short combo, the round's scores, the game's end and its winner (NUMWIN-8.*).

History entries: a player's move, ``NAME=WORD`` — ``Ana=draw``, ``Ana=take``, ``Ana=discard``,
``Ana=add``, ``Ana=swap:2``, ``Ben=pass``, ``Ben=claim:1`` (a card of your own combo, counted
from 1), ``Ben=claim>Ana:2`` (an opponent's card, the memory extension), ``Ana=numwin``,
``Ana=continue``, ``Ana=swipe:1>Ben:2``, ``Ana=flip:1``, ``Ana=quantum>Ben:2``,
``Ana=flash>Ben:3`` — and each card taken from the deck (dealt, drawn, a penalty card, a card
completing a combo), ``deal R7``, the table naming it as the engine asks for it.  ``Ana=draw
G7`` types the move and the card drawn at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal
from cardforge.live.adapter import CHANCE_PREFIX
from cardforge.live.base import check_seats

__all__ = ["engine", "entries", "replay", "verdict", "view", "move_text", "parse_move", "MOVE_WORDS", "words", "sheet_tokens",
           "now", "move_message"]

#: the move words (``Move.kind``) a player types
MOVE_WORDS = ("draw", "take", "discard", "add", "swap", "pass", "claim", "numwin", "continue", "swipe", "flip",
              "quantum", "flash")
#: a listed refusal shows every allowed move up to this many, else their words
_SHOWN = 12


def engine(match):
    """A table engine for the match's seats, house rules and options (``memory``, ``rounds``)."""
    from cardforge.games.house import parse_house_rules
    from cardforge.games.numwin import HouseRules, new_game

    if not match.players:
        raise refusal(UsageError, "error.live.numwin.needs_players")
    rounds = match.option("rounds", 0) or None
    state = new_game(len(match.players), rules=parse_house_rules(HouseRules, match.house), chance="table",
                     memory=bool(match.option("memory", False)), rounds=rounds)
    state.seat_names = match.players
    return state


def move_text(move, players: Sequence[str]) -> str:
    """An engine move as the table types it: slots counted from 1, a target by name."""
    text = move.kind
    if move.slot is not None:
        text += f":{move.slot + 1}"
    if move.target is not None:
        text += f">{players[move.target]}:{move.target_slot + 1}"
    return text


def move_message(text: str, players: Sequence[str]) -> Message:
    """A move word as the table says it: ``swap:2`` → "swap with card 2" (« échanger avec la
    carte 2 »), ``claim>Ben:1`` → "reflex with Ben's card 1"."""
    move = parse_move(text, players)
    target = None if move.target is None else players[move.target]
    key = "claim_of" if move.kind == "claim" and target is not None else move.kind
    return Message(f"live.numwin.move.{key}", n=None if move.slot is None else move.slot + 1, player=target,
                   t=None if move.target_slot is None else move.target_slot + 1)


def _bad(text: str) -> UsageError:
    return refusal(UsageError, "error.live.numwin.bad_move", token=repr(text), words=", ".join(MOVE_WORDS))


def _position(text: str, original: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 99:
        raise _bad(original)
    return int(text) - 1


def parse_move(text: str, players: Sequence[str]):
    """``swipe:1>Ben:2`` → the engine's ``Move("swipe", 0, 1, 1)``; ``UsageError`` otherwise."""
    from cardforge.games.numwin import Move

    head, _, target = text.partition(">")
    kind, _, slot = head.partition(":")
    kind = kind.strip().lower()
    if kind not in MOVE_WORDS:
        raise _bad(text)
    seat = target_slot = None
    if target:
        name, _, where = target.rpartition(":")
        if not name:
            raise _bad(text)
        check_seats([name], players)
        seat, target_slot = players.index(name), _position(where, text)
    return Move(kind, _position(slot, text) if slot else None, seat, target_slot)


def words(state, players: Sequence[str]) -> list[str]:
    """The moves the player to act may type now (a chance node: none)."""
    if state.is_chance_node() or state.is_terminal():
        return []
    return [move_text(m, players) for m in state.legal_actions()]


def entries(match, state, tokens: Sequence[str]) -> list[str]:
    """The entries typed: ``NAME=WORD`` moves, and card codes (``deal`` before them optional)."""
    from cardforge.deck import load_deck

    if not match.players:
        raise refusal(UsageError, "error.live.numwin.needs_players")
    deck = load_deck("numwin")
    out: list[str] = []
    for token in tokens:
        if token.lower() == CHANCE_PREFIX.strip():
            continue
        if "=" in token:
            name, _, text = token.partition("=")
            check_seats([name], match.players)
            out.append(f"{name}={move_text(parse_move(text, match.players), match.players)}")
        else:
            out.append(CHANCE_PREFIX + deck.parse(token).code)
    if not out:
        raise refusal(UsageError, "error.live.numwin.no_move")
    return out


def replay(match, state, entry: str) -> None:
    """One entry into the engine, refused (in the catalogue's words) where the engine says no."""
    if entry.startswith(CHANCE_PREFIX):
        state.apply_chance(state.parse_chance(entry[len(CHANCE_PREFIX):]))
        return
    players = match.players
    name, _, text = entry.partition("=")
    if state.is_terminal():
        raise refusal(UsageError, "error.numwin.over", n=state.rounds)
    if state.is_chance_node():
        raise refusal(UsageError, "error.live.numwin.card_first")
    seat = players.index(name)
    expected = players[state.current_player()]
    if seat != state.current_player():
        raise refusal(UsageError, "error.live.numwin.not_turn", player=name, expected=expected,
                      phase=Message(f"live.numwin.phase.{state.phase.value}"))
    move = parse_move(text, players)
    legal = state.legal_actions()
    if move not in legal:
        allowed = [move_text(m, players) for m in legal]
        if len(allowed) > _SHOWN:
            allowed = list(dict.fromkeys(m.kind for m in legal))
        raise refusal(UsageError, "error.live.numwin.illegal", player=name, move=text, allowed=allowed)
    state.apply_legal(move)


def _claim_steps(state, move, verdict) -> None:
    """A claim's ruling (NUMWIN-4.*, 5.*), from the position it was made in."""
    from cardforge.referee.numwin import reflex_verdict

    claimer = state.current_player()
    owner = claimer if move.target is None else move.target
    slot = move.slot if move.target is None else move.target_slot
    ruling = reflex_verdict(state.discard[-1], state.combos[owner][slot].card, state.rules,
                            from_opponent=move.target is not None)
    verdict.steps.extend(ruling.steps)


def _round_steps(match, record: dict[str, Any], verdict) -> Message:
    """A round the engine scored, explained combo by combo (NUMWIN-7.*, 8.3)."""
    from cardforge.deck import load_deck
    from cardforge.referee.numwin import round_verdict

    deck = load_deck("numwin")
    loose_of = [[deck.parse(code) for code in loose] for loose, _ in _split(record)]
    locked_of = [[(deck.parse(a), deck.parse(b)) for a, b in pairs] for _, pairs in _split(record)]
    scored = round_verdict(loose_of, _rules(match), names=list(match.players),
                           locked=locked_of)
    verdict.steps.extend(scored.steps)
    verdict.result.setdefault("rounds_scored", []).append(dict(zip(match.players, record["points"])))
    return scored.summary


def _split(record: dict[str, Any]) -> list[tuple[list[str], list[list[str]]]]:
    """Each combo of a scored round as (its loose card codes, its locked pairs)."""
    from collections import Counter

    split = []
    for combo, pairs in zip(record["combos"], record["locked_pairs"]):
        paired = Counter(code for pair in pairs for code in pair)
        loose = []
        for code in combo:
            if paired[code]:
                paired[code] -= 1
            else:
                loose.append(code)
        split.append((loose, pairs))
    return split


def sheet_tokens(match, record: dict[str, Any]) -> list[str]:
    """A scored round as the score sheet takes it: ``Ana=R7+G7,RB3`` per player."""
    return [f"{p}=" + ",".join([*(f"{a}+{b}" for a, b in pairs), *loose])
            for p, (loose, pairs) in zip(match.players, _split(record))]


def _rules(match):
    from cardforge.games.house import parse_house_rules
    from cardforge.games.numwin import HouseRules

    return parse_house_rules(HouseRules, match.house)


def verdict(match, before, state, new: Sequence[str]):
    """What the entries did, step by step: claims ruled, rounds scored, the game's end."""
    from cardforge.referee.verdict import Verdict

    result = Verdict("numwin", Message("live.numwin.q.move", moves=" ".join(new)), {})
    work = before.clone()
    said: list[Any] = []
    for entry in new:
        if not entry.startswith(CHANCE_PREFIX):
            move = parse_move(entry.partition("=")[2], match.players)
            if move.kind == "claim":
                _claim_steps(work, move, result)
            said.append(Message("live.numwin.played", player=entry.partition("=")[0],
                                move=move_message(entry.partition("=")[2], match.players)))
        rounds = len(work.history)
        replay(match, work, entry)
        for record in work.history[rounds:]:
            said.append(_round_steps(match, record, result))
    drawn = sum(e.startswith(CHANCE_PREFIX) for e in new)
    if drawn:  # the cards named first: then what they led to
        said.insert(0 if not said or new[0].startswith(CHANCE_PREFIX) else 1, Message("live.numwin.dealt", n=drawn))
    result.summary = said[0] if len(said) == 1 else Message("live.numwin.then", parts=said)
    totals = dict(zip(match.players, state.totals))
    result.board.append(Message("live.numwin.totals", n=len(state.history), totals=[
        Message("live.tricks.count", player=p, n=totals[p]) for p in match.players]))
    result.board.append(now(match, state))
    result.result.update(view(match, state))
    if state.is_terminal():
        winners = [match.players[i] for i in state.winners()]
        agreed = "" if state.rounds == len(match.players) else "_agreed"  # not one round per dealer (--rounds)
        result.say("NUMWIN-8.3", f"live.numwin.game_won{agreed}", players=winners, n=min(state.totals), rounds=state.rounds)
        result.summary = Message("live.numwin.game_over", summary=result.summary, players=winners)
    return result


def now(match, state) -> Message:
    """Who is to do what now (a board line)."""
    shown = min(state.round + 1, state.rounds)
    if state.is_terminal():
        return Message("live.numwin.now_over", rounds=state.rounds)
    if state.is_chance_node():
        kind, data = state.pending
        if kind == "deal":  # the seats still to receive a card, in dealing order
            return Message("live.numwin.now_deal", round=shown, rounds=state.rounds, n=len(data),
                           seats=", ".join(match.players[p] for p in data))
        return Message("live.numwin.now_card", round=shown, rounds=state.rounds)
    return Message("live.numwin.now", round=shown, rounds=state.rounds, player=match.players[state.current_player()],
                   phase=Message(f"live.numwin.phase.{state.phase.value}"))


def view(match, state) -> dict[str, Any]:
    """The position as the faces show it: every card the table named is shown (``*`` locked)."""
    names = match.players
    to_play = None if state.is_terminal() or state.is_chance_node() else names[state.current_player()]
    return {
        "cards": True,
        "round": min(state.round + 1, state.rounds),
        "rounds": state.rounds,
        "dealer": names[state.dealer % len(names)],
        "phase": state.phase.value,
        "to_play": to_play,
        "moves": words(state, names),
        "awaiting": state.pending[0] if state.pending else None,
        "deck": len(state.deck),
        "discard": [c.code for c in state.discard[-3:]],
        "held": state.held.code if state.held is not None else None,
        "held_from": state.held_from if state.held is not None else None,  # "deck" or "discard"
        "combos": {p: [s.card.code + ("*" if s.lock else "") for s in combo] for p, combo in zip(names, state.combos)},
        "seen": {p: [i + 1 for i, s in enumerate(combo) if s.seen_by(q)]  # what each owner knows (NUMWIN-R3)
                 for q, (p, combo) in enumerate(zip(names, state.combos))},
        "totals": dict(zip(names, state.totals)),
        "over": state.is_terminal(),
        "winners": [names[i] for i in state.winners()] if state.is_terminal() else [],
    }
