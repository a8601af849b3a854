"""``cardforge referee numwin …``: score final combos, check reflex and memory claims.

The verdicts are built by plain functions (``score_verdict``, ``reflex_verdict``,
``round_verdict``) that the rulebook reuses; the typer commands only parse and print.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from collections.abc import Sequence
from typing import Any
from pathlib import Path

import typer

from cardforge.options import (ARGUMENT_TEXT, HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_message_lang as check_lang,
                               HelpCommand, HelpGroup)

from cardforge.cards import Card, format_cards
from cardforge.errors import UsageError
from cardforge.games.numwin_scoring import HouseRules, check_reflex, score_combo
from cardforge.i18n import Message, refusal
from cardforge.referee.live import (
    DB_OPTION,
    MATCH_OPTION,
    MOVE_ID_OPTION,
    STATE_OPTION,
    TABLE_OPTION,
    VERSION_OPTION,
    add_undo_command,
    storage_for,
)
from cardforge.referee.live import play as live_play
from cardforge.referee.verdict import Verdict, emit

__all__ = ["app", "score_verdict", "reflex_verdict", "round_verdict", "parse_locked"]

app = typer.Typer(
    cls=HelpGroup,
    add_completion=False,
    help="Num Win: score final combos, check reflex and memory claims (lowest total wins).",
    no_args_is_help=True,
)

GAME = "numwin"
#: NUMWIN-1.2: « Construire un combo de 5 cartes ».
COMBO_SIZE = 5


def _deck():
    from cardforge.deck import load_deck

    return load_deck(GAME)


#: The house rules each command applies (any other key is refused, never ignored).
HOUSE_KEYS = {
    "score": ("same_value", "rainbow_zero", "locked_count"),
    "round": ("same_value", "rainbow_zero", "locked_count"),
    "reflex": ("own_miss_penalty",),
    "memory": (),
    "play": tuple(f.name for f in fields(HouseRules)),  # the whole game: every house rule
}


def _rules(house: Sequence[str] | None, command: str) -> HouseRules:
    from cardforge.games.house import parse_house_rules

    return parse_house_rules(HouseRules, house, applies=HOUSE_KEYS[command], where=f"'referee numwin {command}'")


def _cards(tokens: Sequence[str] | None, what: str) -> list[Card]:
    cards = _deck().parse_many(" ".join(tokens or []))
    if not cards:
        raise refusal(UsageError, "error.numwin.no_combo")
    return cards


def _one_card(token: str | None, option: str) -> Card:
    if token is None or not token.strip():
        raise refusal(UsageError, "error.numwin.missing_card", option=option)
    return _deck().parse(token)


def parse_locked(tokens: Sequence[str] | None) -> list[tuple[Card, Card]]:
    """``["R7+G7"]`` → ``[(R7, G7)]`` (cards checked against the Num Win deck)."""
    pairs = []
    for token in tokens or []:
        parts = token.replace(",", "+").split("+")
        if len(parts) != 2:
            raise refusal(UsageError, "error.numwin.locked", token=repr(token))
        a, b = (_deck().parse(p) for p in parts)
        pairs.append((a, b))
    return pairs


# -- verdicts (plain functions, reused by the rulebook) -----------------------------------------


def score_verdict(
    cards: Sequence[Card], locked_pairs: Sequence[tuple[Card, Card]] = (), rules: HouseRules | None = None
) -> Verdict:
    """The score of one final combo (NUMWIN-7.*), step by step."""
    result = score_combo(cards, locked_pairs, rules)
    combo = format_cards(cards)
    verdict = Verdict(
        GAME,
        Message("numwin.q.score", combo=combo),
        {"combo": [c.code for c in cards], **result.to_dict()},
        list(result.steps),
        summary=Message("points", n=result.points),
    )
    verdict.say("NUMWIN-1.1", "numwin.adds", n=result.points)
    _warn_incomplete(verdict, None, cards, list(locked_pairs), rules)
    verdict.result["incomplete"] = combo_size(cards, list(locked_pairs), rules) < COMBO_SIZE
    return verdict


def reflex_verdict(
    discarded: Card, claimed: Card, rules: HouseRules | None = None, *, from_opponent: bool = False
) -> Verdict:
    """Is a reflex (or, ``from_opponent``, memory) claim valid, and what happens (4.*, 5.*)."""
    result = check_reflex(discarded, claimed, rules, from_opponent=from_opponent)
    kind = "memory" if from_opponent else "reflex"
    outcome = "valid" if result.valid else ("penalty" if result.penalty else "nothing")
    return Verdict(
        GAME,
        Message("numwin.q.memory" if from_opponent else "numwin.q.reflex", claimed=claimed.code, discarded=discarded.code),
        result.to_dict(),
        list(result.steps),
        summary=Message(f"numwin.outcome_{outcome}", kind=kind, claimed=claimed.code, discarded=discarded.code),
    )


def combo_size(cards: Sequence[Card], locked: Sequence[tuple[Card, Card]], rules: HouseRules | None) -> int:
    """Cards counted among the combo's 5: locked pairs count unless ``locked_count=false``
    (NUMWIN-R7)."""
    return len(cards) + (2 * len(locked) if (rules or HouseRules()).locked_count else 0)


def _warn_incomplete(verdict: Verdict, player: Any, cards: Sequence[Card], locked: Sequence[tuple[Card, Card]],
                     rules: HouseRules | None) -> None:
    size = combo_size(cards, locked, rules)
    if size < COMBO_SIZE:
        key = "numwin.incomplete" if player is not None else "numwin.incomplete_this"
        verdict.say("NUMWIN-R14", key, player=player, n=size, full=COMBO_SIZE)
        if locked and not (rules or HouseRules()).locked_count:
            verdict.say("NUMWIN-R7", "numwin.locked_not_counted")


def round_verdict(combos: Sequence[Sequence[Card]], rules: HouseRules | None = None, *,
                  names: Sequence[str] | None = None,
                  locked: Sequence[Sequence[tuple[Card, Card]]] | None = None) -> Verdict:
    """Score every player's final combo of a round and name the lowest (NUMWIN-7.*, 8.3, R15).

    ``names`` (one per combo) names the players in the answer; ``locked`` gives each player's
    pairs locked by a reflex (``R7+G7``).  JSON: ``points`` in seat order, ``lowest`` the
    1-based seat numbers, ``lowest_players`` their names (``null`` without names)."""
    verdict = Verdict(GAME, Message("numwin.q.round"), {})
    who = list(names) if names else [Message("seat.n", n=i) for i in range(1, len(combos) + 1)]
    pairs = list(locked) if locked else [() for _ in combos]
    points = []
    for player, cards, held in zip(who, combos, pairs):
        result = score_combo(cards, held, rules)
        points.append(result.points)
        shown = " ".join([*(f"{a}+{b}" for a, b in held), format_cards(cards)]).strip()
        verdict.say(result.steps[0].rule if result.steps else "NUMWIN-7.1", "numwin.combo_line",
                    player=player, cards=shown, n=result.points)
        _warn_incomplete(verdict, player, cards, held, rules)
    low = min(points)
    best = [p for p, v in enumerate(points, 1) if v == low]
    best_who = [who[p - 1] for p in best]
    verdict.say("NUMWIN-8.3", "numwin.lowest", n=low, players=best_who)
    if len(best) > 1:
        verdict.say("NUMWIN-R15", "numwin.tie")
    verdict.result = {"players": list(names) if names else None, "points": points, "lowest": best,
                      "lowest_players": [who[p - 1] for p in best] if names else None,
                      "incomplete": [i for i, (c, h) in enumerate(zip(combos, pairs), 1)
                                     if combo_size(c, h, rules) < COMBO_SIZE],
                      "totals": None, "position": None}  # filled by a kept position (cardforge.live.numwin)
    verdict.summary = Message("numwin.lowest_summary", players=best_who, n=low, count=len(best))
    return verdict


# -- commands --------------------------------------------------------------------------------

@app.command(cls=HelpCommand)
def score(
    cards: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="CARD...", help="The final combo, e.g. R7 G7 RB3 SH2 flash."),
    locked: list[str] = typer.Option(None, "--locked", metavar="PAIR", help="A pair locked by a reflex, e.g. R7+G7 (repeatable)."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Score one final combo: face values, pairs removed, lone Rainbow 0, action cards +5.

    Example: cardforge referee numwin score R7 G7 RB3 SH2 flash
    """
    lang = check_lang(lang)
    locked_pairs = parse_locked(locked)
    combo = _cards(cards, "combo")
    in_pairs = Counter(card for pair in locked_pairs for card in pair)
    _deck().check_copies(list((Counter(combo) | in_pairs).elements()))
    emit(score_verdict(combo, locked_pairs, _rules(house, "score")), as_json=as_json, lang=lang)


def _claim_command(name: str, *, from_opponent: bool, claimed_help: str, doc: str) -> None:
    """Register ``reflex`` (own card) or ``memory`` (an opponent's card): same options, one verdict."""

    def command(
        discarded: str = typer.Option(None, "--discarded", metavar="CARD", help="The card just discarded."),
        claimed: str = typer.Option(None, "--claimed", metavar="CARD", help=claimed_help),
        house: list[str] = HOUSE_OPTION,
        as_json: bool = JSON_OPTION,
        lang: str = LANG_OPTION,
    ) -> None:
        lang = check_lang(lang)
        verdict = reflex_verdict(
            _one_card(discarded, "--discarded"), _one_card(claimed, "--claimed"), _rules(house, name), from_opponent=from_opponent
        )
        emit(verdict, as_json=as_json, lang=lang)

    command.__doc__ = doc
    app.command(name, cls=HelpCommand)(command)


_claim_command(
    "reflex", from_opponent=False, claimed_help="Your card shown to seize it.",
    doc="Is a reflex claim with one of your own cards valid, and what happens?\n\n"
        "Example: cardforge referee numwin reflex --discarded R7 --claimed G7",
)
_claim_command(
    "memory", from_opponent=True, claimed_help="The opponent's card you named.",
    doc="Memory extension: is a claim with an opponent's card valid, or does it cost a penalty card?\n\n"
        "Example: cardforge referee numwin memory --discarded R7 --claimed G7",
)


def parse_combo(text: str) -> tuple[list[Card], list[tuple[Card, Card]]]:
    """``"R7+G7, B2 SH3"`` → the loose cards and the locked pairs (``split_cards`` notation,
    a pair joined by ``+``)."""
    from cardforge.cards import split_cards

    loose, pairs = [], []
    for item in split_cards(text):
        if "+" in item:
            pairs.extend(parse_locked([item]))
        else:
            loose.append(_deck().parse(item))
    if not loose and not pairs:
        raise refusal(UsageError, "error.numwin.no_combo")
    return loose, pairs


@app.command("round", cls=HelpCommand)
def round_(
    combos: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="COMBO...", help="One combo per player: by name, Ana=R7+G7,B2 Ben=SH2,B9, or "
                                                  "positional, one quoted combo each ('R7 G7 RB3' 'SH2 B9')."),
    house: list[str] = HOUSE_OPTION,
    state: Path | None = STATE_OPTION,
    table: bool = TABLE_OPTION,
    db: Path | None = DB_OPTION,
    match: int | None = MATCH_OPTION,
    on: int | None = VERSION_OPTION,
    move_id: str | None = MOVE_ID_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Score every player's final combo of a round and name the lowest.

    With --state or --table the totals carry over from round to round (by name), and the game
    ends after one round per dealer with the lowest total named (NUMWIN-8.1, 8.3).

    Example: cardforge referee numwin round Inès=R7+G7,RB3,SH2,flash Olivier=R1,G2
    """
    lang = check_lang(lang)
    storage = storage_for(state, table, db, match)
    if storage is not None:
        _rules(house, "round")

        emit(live_play(GAME, storage, combos or [], house=house or (), version=on, move_id=move_id),
             as_json=as_json, lang=lang)
        return
    if not combos:
        raise refusal(UsageError, "error.numwin.no_combos")
    names = None
    if all("=" in c for c in combos):
        from cardforge.live.base import seated

        pairs = seated(combos, "combo", "Ana=R7+G7,RB3")
        names, combos = [n for n, _ in pairs], [c for _, c in pairs]
    parsed = [parse_combo(c) for c in combos]
    every = [card for loose, held in parsed for card in (*loose, *(c for pair in held for c in pair))]
    _deck().check_copies(every, len(parsed), where=" in this round")
    verdict = round_verdict([loose for loose, _ in parsed], _rules(house, "round"), names=names,
                            locked=[held for _, held in parsed])
    emit(verdict, as_json=as_json, lang=lang)


@app.command("play", cls=HelpCommand)
def play(
    move: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="PLAYER=MOVE|CARD",
                                     help="What the table does, as the engine asks for it: a move (Ana=draw, "
                                          "Ana=swap:2, Ben=claim:1, Ana=numwin, Ana=flash>Ben:3) or the card "
                                          "taken from the deck (deal R7); several at once (Ana=draw G7)."),
    players: str = typer.Option("", "--players", metavar="NAMES",
                                help="The players in seat order (Ana,Ben,Chloé), for the first move of a game."),
    memory: bool = typer.Option(False, "--memory", help="Play with the memory extension (NUMWIN-5.*)."),
    rounds: int = typer.Option(0, "--rounds", min=0, max=1000, metavar="N", help="Rounds to play (default: one per dealer)."),
    house: list[str] = HOUSE_OPTION,
    state: Path | None = STATE_OPTION,
    table: bool = TABLE_OPTION,
    db: Path | None = DB_OPTION,
    match: int | None = MATCH_OPTION,
    on: int | None = VERSION_OPTION,
    move_id: str | None = MOVE_ID_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """A game of Num Win card by card, as the table plays it: every move, every card taken from
    the deck, the rounds scored and the winner. With --state or --table the game is kept between calls.

    Example: cardforge referee numwin play --state soir.json --players Ana,Ben deal R1 R2 R3 R4
    """
    import dataclasses

    check_lang(lang)
    _rules(house, "play")
    seats = tuple(n.strip() for n in players.split(",") if n.strip())

    def prepare(position):  # a game under way keeps its seats and options
        if position.history:
            return position
        options = {"cards": True, **({"memory": True} if memory else {}), **({"rounds": rounds} if rounds else {})}
        position = position.replace(**options)
        return dataclasses.replace(position, players=seats) if seats else position

    emit(live_play(GAME, storage_for(state, table, db, match), move or [], prepare, house=house or (),
                   version=on, move_id=move_id), as_json=as_json, lang=lang)


add_undo_command(app, GAME)
