"""What each page shows, as plain template data built from the table's and referee's objects.

Nothing here decides a rule: standings come from ``cardforge.table`` (the engines' scoring),
verdicts from ``cardforge.referee``; this module only lays them out for the templates (a side's
cells, the entry form's fields, a verdict's steps with their rules' titles and texts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardforge.cards import Card
from cardforge.i18n import say
from cardforge.referee.verdict import Verdict
from cardforge.table.standings import Standings

__all__ = ["RuleRef", "rule_ref", "verdict_view", "sheet_view", "next_round", "entry_fields", "picker", "split_entry",
           "move_tokens", "live_view", "legal_verdict", "numwin_move_label"]


@dataclass(frozen=True)
class RuleRef:
    """A rule ID with what it says, for ``<details>``: tap the ID to read the rule."""

    id: str
    title: str
    text: str


def rule_ref(rule_id: str, lang: str) -> RuleRef:
    """The rule's title (rulings have one) and text in ``lang``; the bare ID if unknown."""
    from cardforge.rules import rule

    try:
        found = rule(rule_id)
    except KeyError:
        return RuleRef(rule_id, "", "")
    title = getattr(found, "title", None)
    return RuleRef(rule_id, title(lang) if title is not None else "", found.text(lang))


def verdict_view(verdict: Verdict, lang: str) -> dict[str, Any]:
    """A verdict's question, steps (each with its rule) and summary in ``lang``."""
    data = verdict.to_json(lang)
    return {
        "question": data["question"],
        "summary": data["summary"],
        "steps": [{"text": s["text"], "rule": rule_ref(s["rule"], lang)} for s in data["steps"]],
        "result": {k: v for k, v in data.items() if k not in ("question", "summary", "steps", "rules", "game")},
    }


def sheet_view(standings: Standings, lang: str) -> dict[str, Any]:
    """Totals, tallies, each round's cells and the outcome of one match, per side."""
    from cardforge.table.cells import number, signed

    game = standings.match.game
    sides = list(standings.sides)
    rounds = []
    running = dict.fromkeys(sides, 0)
    for r in standings.rounds:  # oldest first, as a paper sheet: each cell with the total so far
        for s in sides:
            running[s] += r.points.get(s, 0)
        typed: dict[str, list[str]] = {}
        for token in r.typed:  # the entry as typed, to correct it (a sequence: several per player)
            name, _, value = token.partition("=")
            typed.setdefault(name, []).append(value)
        rounds.append({
            "number": r.number,
            "seq": r.seq,
            "winners": list(r.winners),
            "cells": [{"side": s, "detail": _detail(standings, r.cells.get(s, {}), lang),
                       "points": signed(r.points.get(s, 0)), "running": number(running[s]),
                       "typed": "; ".join(typed.get(s, ())),
                       "won": s in r.winners} for s in sides],
        })
    from cardforge.table.adapters import adapter_for

    leaders = adapter_for(standings.match).leaders(standings.totals) if standings.rounds else ()
    tallies = [{"label": t.label(lang), "counts": [t.values.get(s, 0) for s in sides]} for t in standings.tallies]
    outcome = standings.outcome
    return {
        "sides": [{"name": s, "total": number(standings.totals.get(s, 0)), "winner": s in outcome.winners,
                   "leader": s in leaders} for s in sides],
        "tallies": tallies,
        "rounds": rounds,
        "over": outcome.over,
        "reason": say(outcome.reason, lang),
        "rules": [rule_ref(r, lang) for r in outcome.rules],
        "next_round": next_round(standings, lang),
        "last_seq": max((r.seq for r in standings.rounds), default=0),
    }


def _detail(standings: Standings, cell: dict[str, Any], lang: str) -> str:
    """A cell as the sheet shows it: the objectives by their names in ``lang`` (never their ids)."""
    from cardforge.table.adapters import adapter_for
    from cardforge.table.cells import cell_detail

    if "objectives" in cell:
        adapter = adapter_for(standings.match)
        return ", ".join(f"{adapter.objective_name(o['objective'], lang)} {o['points']}"
                         for o in cell["objectives"]) or "—"
    return cell_detail(standings.match.game, cell)


def next_round(standings: Standings, lang: str) -> str:
    """``Round 2 of 11: 2 cards each`` in the page's language: the adapter's own description of
    the next round (the one ``table show`` prints), capitalised for a heading."""
    said = say(standings.next_round, lang)
    return said[:1].upper() + said[1:]


def _each(n: int, lang: str) -> str:
    from cardforge.web.i18n import words

    return words(lang)["card_each"] if n == 1 else words(lang)["cards_each"].format(n=n)


def entry_fields(standings: Standings, live: Any = None, lang: str = "en") -> dict[str, Any]:
    """The round-entry form of a match: one field per player, in the table syntax's terms,
    filled in from the live table where it knows the answer (tricks won, sequences secured)."""
    from cardforge.table.adapters import adapter_for

    adapter = adapter_for(standings.match)
    game = standings.match.game
    examples = adapter.example_specs()
    number = len(standings.rounds) + 1
    fields = []
    for i, player in enumerate(standings.match.players):
        fields.append({"player": player, "name": f"p{i}", "example": examples[i % len(examples)] if examples else ""})
    dealt = None
    schedule = getattr(adapter, "schedule", None)
    if schedule is not None and number <= len(schedule):
        dealt = schedule[number - 1]
    return {
        "kind": "bid_won" if game == "tricks" else "cards",
        "fields": fields,
        "prefill": _prefill(standings, live),
        "several": game in ("sequence", "collection"),
        "dealt": dealt,
        "dealt_text": "" if dealt is None else _each(dealt, lang),
        "syntax": say(adapter.syntax, lang),
    }


def _prefill(standings: Standings, live: Any) -> dict[str, str]:
    if live is None or not live.moves:
        return {}
    position, players = live.position, standings.match.players
    if standings.match.game == "tricks":
        bids = {f"p{i}_bid": str(b) for i, p in enumerate(players)
                if (b := (getattr(position, "bids", None) or {}).get(p)) is not None}
        if not getattr(position, "tricks", 0):
            return bids  # the bids announced stay through the first trick (issue 28)
        filled = {**bids, **{f"p{i}_won": str(position.won.get(p, 0)) for i, p in enumerate(players)}}
        void = position.tricks - sum(position.won.values())  # tricks nobody won (TRICKS-R12)
        return {**filled, "void": str(void)} if void else filled
    if standings.match.game == "sequence":
        return {f"p{i}_cards": "; ".join(",".join(s) for s in position.secured.get(p, ()))
                for i, p in enumerate(players) if position.secured.get(p)}
    if standings.match.game == "collection":
        best = {p: best_set(standings, position, p) for p in players}
        return {f"p{i}_cards": "; ".join(f"{m['id']}:{','.join(m['cards'])}" for m in best[p].result["best"])
                for i, p in enumerate(players) if best[p] is not None and best[p].result["best"]}
    return {}


def validated(standings: Standings, player: str) -> dict[str, tuple[int, int]]:
    """Collection: the objectives ``player`` validated so far → (round, points)."""
    done = {}
    for r in standings.rounds:
        for line in r.cells.get(player, {}).get("objectives", []):
            done[line["objective"]] = (r.number, line["points"])
    return done


def best_set(standings: Standings, position: Any, player: str) -> Verdict | None:
    """Collection: the referee's best set of objectives for the cards ``player`` secured this
    round, leaving out those validated in earlier rounds (``None`` with no card secured)."""
    from cardforge.deck import load_deck
    from cardforge.referee.collection import objectives_verdict

    cards = [c for s in position.secured.get(player, ()) for c in s]
    if not cards:
        return None
    return objectives_verdict(load_deck("collection").parse_many(cards), set(validated(standings, player)),
                              best=True, mode=standings.match.mode or "classic")


def scorecard(standings: Standings, player: str, lang: str) -> list[dict[str, Any]]:
    """Collection: a player's personal scorecard, one line per objective of the sheet."""
    from cardforge.games.objectives import OBJECTIVES

    done = validated(standings, player)
    return [{"name": o.name(lang), "round": done.get(o.id, ("", ""))[0], "points": done.get(o.id, ("", ""))[1]}
            for o in OBJECTIVES]


def split_entry(game: str, player: str, values: dict[str, str]) -> list[str]:
    """The table tokens (``Ana=2/1``, ``Ana=R5,G7``) a player's form fields stand for: the
    same syntax ``cardforge table round`` reads, so the page and the CLI share every message."""
    if game == "tricks":
        bid, won = values.get("bid", "").strip(), values.get("won", "").strip()
        return [f"{player}={bid}/{won}"] if bid or won else []
    text = values.get("cards", "").strip()
    if not text:
        return []
    parts = [p.strip() for p in text.split(";")] if game in ("sequence", "collection") else [text]
    return [f"{player}={p}" for p in parts if p]


def picker(game: str, players: int | None = None) -> list[dict[str, Any]]:
    """The cards one can tap, one tab per family (then the action cards), in deck order: each
    card with its code and the short label its tile shows; an action the player declares a
    value for (Num-X: 17 or 0, the deck's ``declare``) is one tile per value."""
    from cardforge.deck import load_deck

    deck = load_deck(game)
    groups: list[dict[str, Any]] = []
    for fam in deck.families.values():
        if players is not None and fam.from_players is not None and players < fam.from_players:
            continue
        cards = [Card(family=fam.code, value=v) for v in fam.values]
        groups.append({"code": fam.code, "name": fam.family.name, "color": fam.style.color, "ink": fam.style.ink,
                       "cards": [{"code": c.code, "base": c.code, "label": str(c.value)} for c in cards]})
    actions = []
    for a in deck.actions.values():
        declared = a.action.declare or (None,)
        for value in declared:
            code = Card(action=a.slug, value=value).code
            actions.append({"code": code, "base": a.slug,
                            "label": a.action.name, "value": value})
    if actions:
        groups.append({"code": "actions", "name": None, "color": "#ffffff", "ink": "#1b1b1f", "cards": actions})
    return groups


def codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


# -- the live table ---------------------------------------------------------------------------


def move_tokens(form: dict[str, str]) -> list[str]:
    """A live move's tokens from its form: ``n0``/``c0``, ``n1``/``c1``… (player, cards) in
    play order, or ``secure`` (a player securing a sequence)."""
    if form.get("secure"):
        return [f"{form['secure']}=secure"]
    if form.get("act") in TURN_ACTS and form.get("n0"):  # sequence/collection: end the turn, accept a STOP
        return [f"{form['n0']}={form['act']}"]
    named = form.get("c0", "").replace(",", " ").split()  # numwin: the cards the deck gave, as named
    if form.get("word") and form.get("n0"):  # numwin: the move tapped (a card drawn may come with it)
        return [f"{form['n0']}={form['word']}", *named]
    if form.get("kind") == "deal":
        return named
    kind = form.get("kind", "")  # tricks: the values are bids or passes (``Ana=bid=1``)
    prefix = f"{kind}=" if kind in ("bid", "pass") else ""
    tokens = []
    for k in range(64):
        name = form.get(f"n{k}")
        if name is None:
            break
        cards = form.get(f"c{k}", "").strip()
        if cards:
            tokens.append(f"{name}={prefix}{cards}")
    return tokens


#: what a sequence or collection player says besides drawing (the notation's words, docs/notation.md)
TURN_ACTS = ("secure", "end", "accept")


def _seat_order(players: Sequence[str], leader: str | None) -> list[str]:
    if not leader or leader not in players:
        return list(players)
    start = list(players).index(leader)
    return [players[(start + i) % len(players)] for i in range(len(players))]


def live_view(live: Any, lang: str, standings: Standings | None = None) -> dict[str, Any]:
    """The live position as template data (cards as codes, players by name)."""
    from cardforge.deck import load_deck

    position, game = live.position, live.match.game
    view: dict[str, Any] = {"game": game, "moves": live.moves, "version": getattr(position, "version", 0),
                            "verdict": None if live.verdict is None else verdict_view(live.verdict, lang)}
    placed = [] if live.verdict is None else live.verdict.result.get("order", [])
    view["fresh"] = [o["card"] for o in placed if isinstance(o, dict) and "card" in o]
    if live.verdict is not None:
        view["verdict"]["board"] = [line.text(lang) for line in live.verdict.board]
    players = list(position.players or live.match.players)
    view["used"] = sorted(_seen(position, game))
    if game == "rows":
        from cardforge.games.rows import HAND_SIZE, score_pile

        deck = load_deck("rows")
        view.update(
            rows=[{"code": c, "name": deck.families[c].family.name(lang), "cards": list(cards)}
                  for c, cards in position.rows.items()],
            reveal=position.reveals, total=HAND_SIZE, round=position.round,
            seats=[{"name": p, "captured": list(position.captured.get(p, ())),
                    "points": score_pile(deck.parse_many(list(position.captured.get(p, ())))),
                    "wins": position.wins.get(p, 0)} for p in players])
    elif game == "numwin":
        view.update(_numwin_view(position, lang))
    elif game == "tricks":
        order = _seat_order(players, position.leader)
        laid = dict(position.trick)
        phase = position.phase if position.players else "bid"
        view.update(
            trick=[{"name": p, "card": laid.get(p)} for p in order],
            # bids (and the team variant's passes) are asked of every seat from the round's first
            waiting=[p for p in order if p not in laid] if phase == "play" else position.waiting_seats,
            phase=phase, bids=[{"name": p, "n": b} for p, b in position.bids.items()],
            number=position.tricks + 1, leader=position.leader,
            won=[{"name": p, "n": position.won.get(p, 0)} for p in players])
    else:
        view["current"] = getattr(position, "current", None)
        view["securable"] = True if live.verdict is None else live.verdict.result.get("securable", True)
        view.update(seats=[{"name": p, "open": list(position.open.get(p, ())),
                            "secured": [list(s) for s in position.secured.get(p, ())],
                            "pending": p in position.pending} for p in players])
        if game == "collection" and standings is not None:
            for seat in view["seats"]:
                best = best_set(standings, position, seat["name"])
                seat["best"] = None if best is None else verdict_view(best, lang)
                seat["scorecard"] = scorecard(standings, seat["name"], lang)
    return view


def _numwin_view(match: Any, lang: str) -> dict[str, Any]:
    """Num Win followed card by card: whose turn and what to do (the engine's words), the
    discard top and the card held, each combo (locked cards marked), the totals so far."""
    from cardforge.live.numwin_play import now

    shown = match.view()
    return {
        "nw": shown, "current": shown["to_play"], "now": now(match, match.state()).text(lang),
        "moves_offered": [{"word": m, "label": numwin_move_label(m, match.players, lang)} for m in shown["moves"]],
        "seats": [{"name": p, "combo": [{"code": c.rstrip("*"), "locked": c.endswith("*")} for c in combo],
                   "total": shown["totals"][p], "dealer": p == shown["dealer"]}
                  for p, combo in shown["combos"].items()],
    }


def numwin_move_label(word: str, players: Sequence[str], lang: str) -> str:
    """A Num Win move word (``swap:2``, ``claim>Ben:1``) as its button says it in ``lang``: the
    live model's words for it, capitalised."""
    from cardforge.live.numwin_play import move_message

    said = move_message(word, players).text(lang)
    return said[:1].upper() + said[1:]


def _seen(position: Any, game: str) -> set[str]:
    """Cards the table shows face up, which nobody can play again this round (greyed out in the
    picker): the rows and captured piles, the tricks played, the sequences open and locked."""
    if game == "rows":
        return {c for cards in (*position.rows.values(), *position.captured.values()) for c in cards}
    if game == "tricks":
        return {c.split("=")[0] for c in (*position.played, *(c for _, c in position.trick))}
    if game in ("sequence", "collection"):  # the open sequences and those locked this round
        return {c.split("=")[0].split("@")[0] for cards in (*position.open.values(),
                *(s for locked in position.secured.values() for s in locked)) for c in cards}
    return set()


def legal_verdict(live: Any, hand: str) -> Verdict:
    """Which cards of ``hand`` the next player may lay on the trick in progress."""
    from cardforge.games.house import parse_house_rules
    from cardforge.games.tricks import HouseRules
    from cardforge.referee.tricks import legal_verdict as legal, parse_cards

    position = live.position
    trick = parse_cards([c for _, c in position.trick])
    held = parse_cards(hand.replace(",", " ").split(), taken=[*parse_cards(list(position.played)), *trick])
    return legal(trick, held, parse_house_rules(HouseRules, position.house))
