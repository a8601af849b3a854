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

import typer

from cardforge.cli.options import HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_lang

from cardforge.cards import Card, FamilyKind, nearest
from cardforge.errors import UsageError
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
from cardforge.referee.verdict import Verdict, emit

__all__ = [
    "app",
    "play_verdict",
    "score_verdict",
    "round_verdict",
    "parse_rows",
    "parse_plays",
    "parse_piles",
]

app = typer.Typer(help="Num Rangées: place a simultaneous reveal, score captured piles.", no_args_is_help=True)

VARIANTS = ("explosion",)


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
    table = "  ".join(f"{colour}: {_joined(rows[colour])}" for colour in ROW_COLOURS)
    reveal = " ".join(f"{p}={c.code}" for p, c in plays.items())
    verdict = Verdict(
        game="rows",
        question=f"Reveal {reveal} on rows {table}" + (" (explosion variant)" if explosion else ""),
        result={
            "rows": {colour: _codes(result.rows[colour]) for colour in ROW_COLOURS},
            "captured": {p: _codes(cards) for p, cards in result.captured.items()},
            "points": {p: score_pile(cards) for p, cards in result.captured.items()},
            "discarded": _codes(result.discarded),
            "order": [{"player": p, "card": c.code} for p, c in result.order],
            "variant": "explosion" if explosion else None,
        },
    )
    verdict.question_fr = f"Révélation {reveal} sur les rangées {table}" + (" (variante explosion)" if explosion else "")
    verdict.steps.extend(result.steps)
    takers = [(p, cards) for p, cards in result.captured.items() if cards]
    en = [f"{p} takes {_joined(c)} ({score_pile(c):+d})" for p, c in takers] or ["nobody takes a card"]
    fr = [f"{p} récupère {_joined(c)} ({score_pile(c):+d})" for p, c in takers] or ["personne ne récupère de carte"]
    if result.discarded:
        en.append(f"discarded: {_joined(result.discarded)}")
        fr.append(f"défaussées : {_joined(result.discarded)}")
    verdict.summary = "; ".join(en)
    verdict.summary_fr = " ; ".join(fr)
    return verdict


def _check_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise UsageError(f"card {card.code!r} is given twice: the rows deck has one copy of each card")
        seen.add(card)


def _add_card_steps(verdict: Verdict, cards: Sequence[Card]) -> None:
    for card in cards:
        points = card_points(card)
        kind = card_kind(card)
        if kind is FamilyKind.SHADOW:
            verdict.add("ROWS-7.2", f"{card.code}: Shadow, negative face value: {points:+d}",
                        f"{card.code} : Shadow, valeur faciale en négatif : {points:+d}")
        elif kind is FamilyKind.RAINBOW:
            verdict.add("ROWS-4.3", f"{card.code}: Rainbow, positive face value: {points:+d}",
                        f"{card.code} : Rainbow, valeur faciale en positif : {points:+d}")
        else:
            verdict.add("ROWS-7.1", f"{card.code}: classic card, face value: {points:+d}",
                        f"{card.code} : carte classique, valeur faciale : {points:+d}")


def score_verdict(cards: Sequence[Card]) -> Verdict:
    """Points of one pile of captured cards (ROWS-7.1, ROWS-7.2, ROWS-4.3)."""
    _check_distinct(cards)
    points = score_pile(cards)
    verdict = Verdict("rows", f"Points of the pile {_joined(cards)}", {"points": points, "cards": _codes(cards)},
                      question_fr=f"Points de la pile {_joined(cards)}")
    _add_card_steps(verdict, cards)
    verdict.summary = f"{points} points"
    verdict.summary_fr = f"{points} points"
    return verdict


def round_verdict(piles: Mapping[str, list[Card]], rules: HouseRules | None = None) -> Verdict:
    """Each player's points at the end of a round and who wins it (ROWS-7.1–7.3, ROWS-R6)."""
    check_player_count(len(piles), "piles")
    _check_distinct([c for pile in piles.values() for c in pile])
    scores = {p: score_pile(pile) for p, pile in piles.items()}
    winners = round_winners(scores, rules)
    verdict = Verdict(
        "rows",
        "Who wins the round with " + "  ".join(f"{p}: {_joined(c)}" for p, c in piles.items()),
        {"points": scores, "winners": winners},
        question_fr="Qui gagne la manche avec " + "  ".join(f"{p} : {_joined(c)}" for p, c in piles.items()),
    )
    for player, pile in piles.items():
        verdict.add("ROWS-7.1", f"{player}: {_joined(pile)} = {scores[player]} points",
                    f"{player} : {_joined(pile)} = {scores[player]} points")
    best = max(scores.values(), default=0)
    tied = [p for p, s in scores.items() if s == best]
    verdict.add("ROWS-7.3", f"Most points: {best} ({', '.join(tied)})", f"Le plus de points : {best} ({', '.join(tied)})")
    if len(tied) > 1:
        if winners:
            verdict.add("ROWS-R6", "A tie: each tied player wins the round.", "Égalité : chaque joueur à égalité gagne la manche.")
        else:
            verdict.add("ROWS-R6", "A tie: nobody wins the round (house rule).", "Égalité : personne ne gagne la manche (règle maison).")
    verdict.summary = f"Round won by {', '.join(winners)}" if winners else "Nobody wins the round"
    verdict.summary_fr = f"Manche gagnée par {', '.join(winners)}" if winners else "Personne ne gagne la manche"
    return verdict


# -- command-line parsing ------------------------------------------------------------------


def _deck():
    from cardforge.deck import load_deck

    return load_deck("rows")


def _split_pair(text: str, what: str, example: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UsageError(f"malformed {what} {text!r}: expected {example}")
    return key.strip(), value.strip()


def _parse_list(value: str) -> list[Card]:
    deck = _deck()
    return [deck.parse(token) for token in value.replace(",", " ").split()]


def parse_rows(options: Sequence[str]) -> dict[str, list[Card]]:
    """``["R=R0,R5,R9"]`` → the four rows, those not given starting with their colour's 0."""
    rows = default_rows()
    given: set[str] = set()
    for option in options:
        colour, value = _split_pair(option, "--row", "COLOUR=CARD,CARD,… e.g. R=R0,R5,R9")
        colour = colour.upper()
        if colour not in ROW_COLOURS:
            guess = nearest(colour, ROW_COLOURS)
            hint = f"; did you mean {guess!r}?" if guess else ""
            raise UsageError(f"unknown row {colour!r} in --row {option!r}: rows are {' '.join(ROW_COLOURS)}{hint}")
        if colour in given:
            raise UsageError(f"row {colour!r} is given twice (--row {option!r})")
        cards = _parse_list(value)
        if not cards:
            raise UsageError(f"malformed --row {option!r}: a row holds 1 to 4 cards, e.g. {colour}={colour}0,{colour}5")
        given.add(colour)
        rows[colour] = cards
    return rows


def parse_plays(pairs: Sequence[str]) -> dict[str, Card]:
    """``["p1=R5", "p2=SH3"]`` → ``{"p1": R5, "p2": SH3}``."""
    if not pairs:
        raise UsageError("no revealed card: expected PLAYER=CARD arguments, e.g. p1=R5 p2=SH3")
    plays: dict[str, Card] = {}
    for pair in pairs:
        player, code = _split_pair(pair, "reveal", "PLAYER=CARD, e.g. p1=R5")
        if player in plays:
            raise UsageError(f"player {player!r} is given twice ({pair!r}): each player reveals one card")
        if not code:
            raise UsageError(f"malformed reveal {pair!r}: expected PLAYER=CARD, e.g. {player}=R5")
        plays[player] = _deck().parse(code)
    return plays


def parse_piles(pairs: Sequence[str]) -> dict[str, list[Card]]:
    """``["p1=R5,RB7", "p2="]`` → each player's captured pile."""
    if not pairs:
        raise UsageError("no pile: expected PLAYER=CARD,CARD… arguments, e.g. p1=R5,RB7 p2=SH3")
    piles: dict[str, list[Card]] = {}
    for pair in pairs:
        player, value = _split_pair(pair, "pile", "PLAYER=CARD,CARD…, e.g. p1=R5,RB7")
        if player in piles:
            raise UsageError(f"player {player!r} is given twice ({pair!r})")
        piles[player] = _parse_list(value)
    return piles


def _explosion(variant: str | None) -> bool:
    if variant is None:
        return False
    if variant.lower() not in VARIANTS:
        raise UsageError(f"unknown variant {variant!r}: expected {', '.join(VARIANTS)}")
    return True


@app.command("play")
def play(
    reveals: list[str] = typer.Argument(None, metavar="PLAYER=CARD...", help="Revealed cards, e.g. p1=R5 p2=SH3."),
    row: list[str] = typer.Option(None, "--row", metavar="COLOUR=CARD,CARD", help="A row's cards (B R Y G); rows not given start with their 0."),
    variant: str | None = typer.Option(None, "--variant", help="explosion: the 5th card makes the row explode."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Place a simultaneous reveal on the rows: where each card goes, who takes what, and why."""
    check_lang(lang)
    rules = HouseRules.parse(house)
    explosion = _explosion(variant)
    rows = parse_rows(row or [])
    plays = parse_plays(reveals or [])
    emit(play_verdict(rows, plays, rules, explosion), as_json=as_json, lang=lang)


@app.command("score")
def score(
    cards: list[str] = typer.Argument(None, metavar="CARD...", help="The captured cards, e.g. R5 RB7 SH3."),
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Points of a pile of captured cards (Shadows count negative)."""
    check_lang(lang)
    pile = _parse_list(" ".join(cards or []))
    emit(score_verdict(pile), as_json=as_json, lang=lang)


@app.command("round")
def round_(
    piles: list[str] = typer.Argument(None, metavar="PLAYER=CARD,CARD...", help="Each player's captured pile, e.g. p1=R5,RB7 p2=SH3."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Score every player's captured pile at the end of a round and name the round's winner(s)."""
    check_lang(lang)
    rules = HouseRules.parse(house)
    emit(round_verdict(parse_piles(piles or []), rules), as_json=as_json, lang=lang)
