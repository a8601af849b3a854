"""``cardforge referee rows …``: where revealed cards go, who takes what, and what a pile scores.

The verdicts are built by plain functions (``play_verdict``, ``score_verdict``,
``round_verdict``) that the rulebook reuses for worked examples; the typer commands below only
parse the command line and call them.

    cardforge referee rows play --row R=R0,R5,R9 p1=R7 p2=SH3
    cardforge referee rows score R5 RB7 SH3
    cardforge referee rows round p1=R5,RB7 p2=SH3,B12
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import typer

from cardforge.options import ARGUMENT_TEXT, HelpCommand, HelpGroup, HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_message_lang as check_lang

from cardforge.cards import Card, FamilyKind, nearest
from cardforge.errors import UsageError
from cardforge.games.house import parse_house_rules
from cardforge.games.rows import (
    ROW_COLOURS,
    HouseRules,
    card_kind,
    card_points,
    check_player_count,
    default_rows,
    place_cards,
    round_winners,
    score_pile,
)
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

__all__ = [
    "app",
    "play_verdict",
    "score_verdict",
    "round_verdict",
    "parse_rows",
    "parse_piles",
]

app = typer.Typer(
    cls=HelpGroup,
    add_completion=False,
    help="Num Rangées: place a simultaneous reveal, score captured piles.",
    no_args_is_help=True,
)

VARIANTS = ("explosion",)

#: The house rules each command applies (any other key is refused, never ignored).
PLACEMENT_KEYS = ("compare_with", "row_tie", "lower_fifth", "shadow_equal")
ROUND_KEYS = ("round_tie",)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [c.code for c in cards]


def _joined(cards: Sequence[Card]) -> str:
    return " ".join(_codes(cards)) or "—"


# -- verdicts (no command-line parsing here) ----------------------------------------------


def play_verdict(
    rows: Mapping[str, list[Card]],
    plays: Mapping[str, Card],
    rules: HouseRules | None = None,
    explosion: bool = False,
) -> Verdict:
    """Where each revealed card goes and what each player takes (ROWS-2 to ROWS-6, ROWS-8)."""
    result = place_cards(rows, plays, rules, explosion)
    table = rows_line(rows)
    reveal = " ".join(f"{p}={c.code}" for p, c in plays.items())
    verdict = Verdict(
        game="rows",
        question=Message("rows.q.play_explosion" if explosion else "rows.q.play", reveal=reveal, table=table),
        result={
            "rows": {colour: _codes(result.rows[colour]) for colour in ROW_COLOURS},
            "captured": {p: _codes(cards) for p, cards in result.captured.items()},
            "points": {p: score_pile(cards) for p, cards in result.captured.items()},
            "discarded": _codes(result.discarded),
            "order": [{"player": p, "card": c.code} for p, c in result.order],
            "variant": "explosion" if explosion else None,
        },
    )
    verdict.steps.extend(result.steps)
    parts = [Message("rows.takes", player=p, cards=_joined(c), points=score_pile(c))
             for p, c in result.captured.items() if c] or [Message("rows.nobody_takes")]
    if result.discarded:
        parts.append(Message("rows.discarded", cards=_joined(result.discarded)))
    verdict.summary = Message("rows.summary", parts=parts)
    return verdict


def rows_line(rows: Mapping[str, Sequence[Card | str]]) -> list[Message]:
    """The rows as one table line (``B: B0 SH3  R: R0 R7``, French « B : B0 SH3 »)."""
    return [Message("rows.row_line", colour=colour, cards=" ".join(getattr(c, "code", c) for c in rows[colour]) or "—")
            for colour in ROW_COLOURS if colour in rows]


def _check_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise refusal(UsageError, "error.rows.twice", card=repr(card.code))
        seen.add(card)


def _add_card_steps(verdict: Verdict, cards: Sequence[Card]) -> None:
    for card in cards:
        points = card_points(card)
        kind = card_kind(card)
        if kind is FamilyKind.SHADOW:
            verdict.say("ROWS-7.2", "rows.card_shadow", card=card.code, points=points)
        elif kind is FamilyKind.RAINBOW:
            verdict.say("ROWS-4.3", "rows.card_rainbow", card=card.code, points=points)
        else:
            verdict.say("ROWS-7.1", "rows.card_classic", card=card.code, points=points)


def score_verdict(cards: Sequence[Card]) -> Verdict:
    """Points of one pile of captured cards (ROWS-7.1, ROWS-7.2, ROWS-4.3)."""
    _check_distinct(cards)
    points = score_pile(cards)
    verdict = Verdict("rows", Message("rows.q.score", cards=_joined(cards)), {"points": points, "cards": _codes(cards)})
    _add_card_steps(verdict, cards)
    verdict.summary = Message("points", n=points)
    return verdict


def round_verdict(piles: Mapping[str, list[Card]], rules: HouseRules | None = None) -> Verdict:
    """Each player's points at the end of a round and who wins it (ROWS-7.1–7.3, ROWS-R6)."""
    check_player_count(len(piles), "piles")
    _check_distinct([c for pile in piles.values() for c in pile])
    scores = {p: score_pile(pile) for p, pile in piles.items()}
    winners = round_winners(scores, rules)
    lines = [Message("rows.pile_line", player=p, cards=_joined(c)) for p, c in piles.items()]
    verdict = Verdict("rows", Message("rows.q.round", piles=lines), {"points": scores, "winners": winners})
    for player, pile in piles.items():
        verdict.say("ROWS-7.1", "rows.pile_points", player=player, cards=_joined(pile), n=scores[player])
    best = max(scores.values(), default=0)
    tied = [p for p, s in scores.items() if s == best]
    verdict.say("ROWS-7.3", "rows.most", best=best, players=tied)
    if len(tied) > 1:
        verdict.say("ROWS-R6", "rows.tie_all" if winners else "rows.tie_nobody")
    verdict.summary = Message("rows.won_by", players=winners) if winners else Message("rows.nobody_wins")
    return verdict


# -- command-line parsing ------------------------------------------------------------------


def _deck():
    from cardforge.deck import load_deck

    return load_deck("rows")


def _parse_list(value: str) -> list[Card]:
    return _deck().parse_many(value)


def parse_rows(options: Sequence[str], base: Mapping[str, list[Card]] | None = None) -> dict[str, list[Card]]:
    """``["R=R0,R5,R9"]`` → the four rows; those not given are as in ``base`` (default: each
    starting with its colour's 0)."""
    rows = {c: list(cards) for c, cards in base.items()} if base is not None else default_rows()
    given: set[str] = set()
    for option in options:
        colour, sep, value = (part.strip() for part in option.partition("="))
        if not sep or not colour:
            raise refusal(UsageError, "error.rows.row_malformed", option=repr(option))
        colour = colour.upper()
        if colour not in ROW_COLOURS:
            guess = nearest(colour, ROW_COLOURS)
            raise refusal(UsageError, "error.rows.row_unknown", colour=repr(colour), option=repr(option),
                          rows=" ".join(ROW_COLOURS),
                          hint=Message("error.card.hint", suggestion=repr(guess)) if guess else "")
        if colour in given:
            raise refusal(UsageError, "error.rows.row_twice", colour=repr(colour), option=repr(option))
        cards = _parse_list(value)
        if not cards:
            raise refusal(UsageError, "error.rows.row_empty", option=repr(option), colour=colour)
        given.add(colour)
        rows[colour] = cards
    return rows


def parse_piles(pairs: Sequence[str]) -> dict[str, list[Card]]:
    """``["p1=R5,RB7", "p2=-"]`` → each player's captured pile (``-`` or nothing: an empty
    pile, as ``table round`` writes it)."""
    from cardforge.live.base import seated

    if not pairs:
        raise refusal(UsageError, "error.rows.no_pile")
    return {player: [] if value in ("", "-", "—") else _parse_list(value)
            for player, value in seated(pairs, "pile", "Ana=R5,RB7 Ben=-", value_required=False)}


def _explosion(variant: str | None) -> bool:
    if variant is None:
        return False
    if variant.lower() not in VARIANTS:
        raise refusal(UsageError, "error.rows.variant", variant=repr(variant), variants=", ".join(VARIANTS))
    return True


@app.command("play", cls=HelpCommand)
def play(
    reveals: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="PLAYER=CARD...", help="Revealed cards, e.g. Ana=R7 Ben=SH3."),
    row: list[str] = typer.Option(None, "--row", metavar="COLOUR=CARD,CARD",
                                  help="A row's cards (B R Y G) as the table shows them; the others are kept "
                                       "(from the last reveal, or their 0)."),
    variant: str | None = typer.Option(None, "--variant", metavar="VARIANT", help="explosion: the 5th card makes the row explode."),
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
    """Place a simultaneous reveal on the rows: where each card goes, who takes what, and why.

    With --state or --table the match is kept between calls (its moves, replayed by the
    engine), so the next reveal needs only the cards.  'deal Ana=R1,R4,…' enters a hand a tool
    dealt.

    Example: cardforge referee rows play --state soir.json Ana=R7 Ben=SH3 Chloé=RB9
    """
    check_lang(lang)
    storage = storage_for(state, table, db, match)
    # a kept match ends its rounds, where the round's tie rule applies
    rules = parse_house_rules(HouseRules, house, applies=PLACEMENT_KEYS + (ROUND_KEYS if storage else ()),
                              where="'referee rows play'" + ("" if storage else " without --state/--table"))
    explosion = _explosion(variant)
    if storage is None:  # a one-off ruling on the rows the table shows (their 0s by default)
        verdict = _one_off(parse_rows(row or []), reveals or [], rules, explosion)
    else:
        if row:
            raise refusal(UsageError, "error.rows.row_kept")
        changes = {"explosion": explosion} if variant is not None else {}
        verdict = live_play("rows", storage, reveals or [], house=house or (), version=on, move_id=move_id, **changes)
    emit(verdict, as_json=as_json, lang=lang)


def _one_off(rows: Mapping[str, list[Card]], tokens: Sequence[str], rules: HouseRules, explosion: bool) -> Verdict:
    """The ruling on one reveal onto the rows given (nothing kept)."""
    from cardforge.games.rows import check_table
    from cardforge.live.base import seated

    if not tokens:
        raise refusal(UsageError, "error.rows.no_reveal")
    deck = _deck()
    plays = {name: deck.parse(code) for name, code in seated(tokens, "reveal", "Ana=R7")}
    check_table(rows, plays)
    return play_verdict(rows, plays, rules, explosion)


@app.command("score", cls=HelpCommand)
def score(
    cards: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="CARD...", help="The captured cards, e.g. R5 RB7 SH3."),
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Points of a pile of captured cards (Shadows count negative).

    Example: cardforge referee rows score R5 RB7 SH3
    """
    check_lang(lang)
    pile = _parse_list(" ".join(cards or []))
    emit(score_verdict(pile), as_json=as_json, lang=lang)


@app.command("round", cls=HelpCommand)
def round_(
    piles: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="PLAYER=CARD,CARD...", help="Each player's captured pile, e.g. p1=R5,RB7 p2=SH3."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Score every player's captured pile at the end of a round and name the round's winner(s).

    Example: cardforge referee rows round Ana=R5,RB7 Ben=SH3,G2
    """
    check_lang(lang)
    rules = parse_house_rules(HouseRules, house, applies=ROUND_KEYS, where="'referee rows round'")
    emit(round_verdict(parse_piles(piles or []), rules), as_json=as_json, lang=lang)


add_undo_command(app, "rows")
