"""The verdict of a live ``sequence``/``collection`` move: what the engine did, step by step.

``describe`` replays the move's history entries on a copy of the engine before it and says, for
each, what changed — a card joining the sequence, a STOP and what it cost, an action card drawn
or played and its effect, a sequence secured, the turn passing, the round and the game ending
with the winner named — citing the game's rule IDs (``CITES``).  Nothing here decides a rule:
every fact is read from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardforge.games.objectives import objective
from cardforge.games.pushluck import is_rainbow, sequence_points, stop_reason
from cardforge.i18n import Message
from cardforge.live.adapter import CHANCE_PREFIX
from cardforge.referee.verdict import Verdict

__all__ = ["describe"]



def describe(match: Any, before: Any, after: Any, entries: Sequence[str],
             apply_entry: Callable[[Any, str], None]) -> Verdict:
    """The verdict of a move: ``entries``, each applied by ``apply_entry``, took ``before`` to ``after``."""
    from cardforge.games import engine_module

    cites = engine_module(match.game).CITES
    names = match.players
    verdict = Verdict(match.game, Message("live.pl.q", moves="; ".join(entries)),
                      {"player": names[before.player], "stop": False, "reason": None, "lost": False})
    state = before.clone()
    for entry in entries:
        prior = _Facts(state)
        apply_entry(state, entry)
        _say(verdict, cites, names, prior, state, entry)
    _close(verdict, cites, names, before, after)
    return verdict


class _Facts:
    """What a step may change, read before it."""

    def __init__(self, state: Any):
        self.player = state.player
        self.phase = state.phase
        self.kind = state.chance_kind()
        self.sequence = list(state.sequences[state.player])
        self.sequences = [list(s) for s in state.sequences]
        self.secured = [len(s) for s in state.secured]
        self.round = state.round
        self.pending = state.pending
        self.reserve = list(state.reserves[state.player])
        self.scores = list(state.scores)
        self.shield = state.shield


def _say(verdict: Verdict, cites: Any, names: Sequence[str], prior: _Facts, state: Any, entry: str) -> None:
    p = prior.player
    name = names[p]
    if entry.startswith(CHANCE_PREFIX):
        _card(verdict, cites, names, prior, state, entry[len(CHANCE_PREFIX):].partition("=")[2])
    else:
        written = entry.partition("=")[2]
        if written == "lock":
            if state.round != prior.round:  # the lock ended the round: the new one emptied the zones
                cards = prior.sequence
            else:
                cards = state.secured[p][-1] if prior.secured[p] < len(state.secured[p]) else []
            verdict.say(cites["secure"], "live.seq.secured", player=name, cards=" ".join(c.code for c in cards))
            if state.game == "sequence":
                verdict.result["points"] = sequence_points(cards, state.mode)
        elif written == "end turn":
            verdict.say(cites["secure"], "live.pl.ends", player=name)
        elif written.startswith("keep") and prior.phase == "action_drawn":
            verdict.say(cites["action"], "live.pl.kept", player=name, card=prior.pending.code)
        elif written.startswith("keep"):  # Quantique's choice
            verdict.say(cites.get("card:quantique", cites["action"]), "live.pl.quantique_kept", player=name,
                        card=written[len("keep "):])
        elif written == "accept STOP":
            verdict.say(cites["stop_discard"], "live.pl.accepts", player=name)
        elif written == "declare end of round":
            verdict.say(cites.get("declare", cites["action"]), "live.pl.declares", player=name)
        elif written.startswith("validate "):
            found = objective(written.split()[1])  # named in the reader's language, never by its id
            verdict.say(found.rule, "live.pl.validates", player=name, objective=found.name,
                        n=state.scores[p] - prior.scores[p])
        elif written.startswith("play "):
            _played(verdict, cites, names, prior, state, written)
    _turn_passed(verdict, cites, names, prior, state)


def _card(verdict: Verdict, cites: Any, names: Sequence[str], prior: _Facts, state: Any, text: str) -> None:
    p, name = prior.player, names[prior.player]
    if prior.kind == "tornade":
        verdict.say(cites["card:tornade"], "live.pl.tornade_dealt",
                    seqs=[Message("live.pl.holds", player=names[q], cards=" ".join(c.code for c in s) or "—")
                          for q, s in enumerate(state.sequences) if s or prior.sequences[q]])
        return
    if prior.kind == "flip":
        verdict.say(cites["card:flip"], "live.pl.flip_seen", player=name, cards=text)
        return
    if prior.kind == "quantique":
        if state.phase == "quantique":
            verdict.say(cites["card:quantique"], "live.pl.quantique_cards", player=name,
                        cards=" ".join(c.code for c in state.quantique))
        return
    card = state.parse_chance(text)
    if card.is_action:
        verdict.say(cites["action"], "live.pl.action_drawn", player=name, card=card.code)
        if len(prior.reserve) >= 2:
            verdict.say(cites["reserve"], "live.pl.reserve_full", player=name)
        return
    reason = stop_reason(prior.sequence, card, state.house.rainbow_colour)
    if reason is None:
        verdict.say(cites["classic"], "pl.joins", card=card.code)
        if is_rainbow(card) and state.forced[p]:
            verdict.say(cites["rainbow"], "pl.rainbow_draw", card=card.code)
        return
    verdict.result.update(stop=True, reason=reason)
    rule = {"shadow": "stop_shadow", "color": "stop_color", "value": "stop_value"}[reason]
    shown = " ".join(c.code for c in {"shadow": [], "color": prior.sequence[-2:], "value": prior.sequence[-1:]}[reason])
    verdict.say(cites[rule], "pl.stop_after" if shown else "pl.stop", card=card.code, after=shown,
                why=Message(f"pl.reason.{reason}"))
    if prior.shield:
        verdict.say(cites["infini"], "pl.infini_ahead_saves", card=card.code)
    elif state.phase == "elimination":
        verdict.say(cites["joker_save"], "live.pl.stop_waits", player=name)
    elif not state.sequences[p] and prior.sequence:
        verdict.result["lost"] = True
        verdict.say(cites["stop_discard"], "pl.discarded_infini" if state.game == "sequence" else "pl.discarded")
        _void(verdict, cites, name, state, p, reason)
    elif reason != "shadow":
        verdict.say(cites["stop_cost"], "pl.turn_cost", card=card.code)
    else:
        _void(verdict, cites, name, state, p, reason)


def _void(verdict: Verdict, cites: Any, name: str, state: Any, p: int, reason: str) -> None:
    """Collection: a Shadow without a Joker leaves no objective this round (R20), as ``collection check`` says."""
    void = getattr(state, "void", None)
    if reason == "shadow" and void is not None and void[p]:
        verdict.say(cites["void"], "coll.void_round")
        verdict.result["round_void"] = True


def _played(verdict: Verdict, cites: Any, names: Sequence[str], prior: _Facts, state: Any, written: str) -> None:
    p, name = prior.player, names[prior.player]
    card = prior.pending if "reserve[" not in written else prior.reserve[int(written.split("[")[1].split("]")[0])]
    action = card.action
    target = int(written.rsplit("-> p", 1)[1].split()[0]) if "-> p" in written else None
    rule = cites.get(f"card:{action}", cites["action"])
    params: dict[str, Any] = {"player": name, "card": card.code,
                              "target": names[target] if target is not None else ""}
    if prior.phase == "elimination":
        verdict.say(cites["joker_save"], "pl.saves", card=card.code, stop=prior.pending.code)
        if action == "joker" and state.forced[p]:
            verdict.say(cites["joker"], "live.pl.owed.joker", player=name)
        return
    key = {"simple": "live.pl.does.force", "double": "live.pl.does.force", "passe": "live.pl.does.passe",
           "flip": "live.pl.does.flip", "swipe": "live.pl.does.swipe", "eclair": "live.pl.does.eclair",
           "tornade": "live.pl.does.tornade", "quantique": "live.pl.does.quantique", "infini": "live.pl.does.infini",
           "joker": "live.pl.does.joker"}.get(action, "live.pl.does.nothing")
    if target is None and action in ("simple", "double", "passe", "swipe", "eclair"):
        key = "live.pl.does.nothing"
    verdict.say(rule, key, n=2 if action == "double" else 1, **params)
    if action == "quantique" and " pile " in written:
        verdict.say(cites["last_action"], "live.pl.last_action", player=name)


def _turn_passed(verdict: Verdict, cites: Any, names: Sequence[str], prior: _Facts, state: Any) -> None:
    if state.round != prior.round or (state.is_terminal() and prior.phase != "over"):
        _round_over(verdict, cites, names, state, prior.round)
        return
    if state.phase == "validate" and prior.phase != "validate":
        verdict.say(cites["round_end"], "live.pl.validate_now", player=names[state.player])
        return
    if state.is_chance_node() or state.player == prior.player or state.is_terminal():
        return
    if state.phase == "skipped":
        verdict.say(cites["skipped"], "live.pl.skipped", player=names[state.player])
    elif state.phase == "validate":
        verdict.say(cites["round_end"], "live.pl.validate_now", player=names[state.player])


def _round_over(verdict: Verdict, cites: Any, names: Sequence[str], state: Any, number: int) -> None:
    totals = [Message("live.pl.total", player=names[q], n=state.returns()[q]) for q in range(len(names))]
    verdict.say(cites["round_score"], "live.pl.round_over", round=number, totals=totals)
    verdict.result["round_over"] = number
    if state.is_terminal():
        winners = [names[q] for q in state.winners()]
        verdict.say(cites["winner"], "live.pl.game_over", players=winners, n=len(winners))
        verdict.result["winners"] = winners


def _close(verdict: Verdict, cites: Any, names: Sequence[str], before: Any, state: Any) -> None:
    """Result, summary and board of the position reached."""
    result = verdict.result
    p = state.player
    result["current"] = None if state.is_terminal() else names[p]
    result["round"] = state.round
    result["scores"] = dict(zip(names, state.returns()))
    owed = state.forced[p] if not state.is_terminal() and state.phase == "turn" and any(state.piles) else 0
    result["extra_draws"] = owed
    result["securable"] = bool(state.sequences[p]) and not owed and state.phase == "turn"
    result["sequence"] = [c.code for c in state.sequences[p]]
    if state.is_terminal():
        winners = [names[q] for q in state.winners()]
        verdict.summary = Message("live.pl.game_over", players=winners, n=len(winners))
    elif state.is_chance_node():
        verdict.summary = Message(f"live.pl.wait.{state.chance_kind()}", player=names[p])
    elif owed:
        why = state.owed_by[p] or "rainbow"
        verdict.summary = Message("live.pl.must_draw", player=names[p], n=owed, why=Message(f"live.pl.why.{why}"))
    elif state.phase == "elimination":
        verdict.summary = Message("live.pl.stop_waits", player=names[p])
    elif state.phase == "action_drawn":
        verdict.summary = Message("live.pl.choose_action", player=names[p], card=state.pending.code)
    elif state.phase == "quantique":
        verdict.summary = Message("live.pl.choose_quantique", player=names[p])
    elif state.phase == "validate":
        verdict.summary = Message("live.pl.validate_now", player=names[p])
    else:
        verdict.summary = Message("live.pl.to_play", player=names[p])
    for q, name in enumerate(names):
        verdict.board.append(Message("live.pl.board", player=name,
                                     cards=" ".join(c.code for c in state.sequences[q]) or "—",
                                     n=len(state.secured[q]),
                                     reserve=" ".join(c.code for c in state.reserves[q]) or "—"))
    verdict.board.append(Message("live.pl.piles", a=len(state.piles[0]), b=len(state.piles[1]), round=state.round))

