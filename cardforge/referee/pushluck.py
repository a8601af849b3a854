"""Pieces shared by the ``sequence`` and ``collection`` referees: command-line options, cards
checked against the game's deck, and the STOP check verdict both games use."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
import typer

from cardforge.cards import Card
from cardforge.errors import CardCodeError, UsageError
from cardforge.games.pushluck import SequenceCheck, sequence_points
from cardforge.referee.verdict import Verdict

__all__ = ["JSON_OPTION", "LANG_OPTION", "HOUSE_OPTION", "MODE_OPTION", "check_lang", "check_mode", "parse_table_cards",
           "stop_verdict"]

JSON_OPTION = typer.Option(False, "--json", help="Print exactly one JSON object.")
LANG_OPTION = typer.Option("en", "--lang", help="Language of the ruling: fr or en.")
HOUSE_OPTION = typer.Option(None, "--house", help="House rule KEY=VALUE (repeatable); see docs/rulings.md.")
MODE_OPTION = typer.Option("classic", "--mode", help="classic or discovery.")


def check_lang(lang: str) -> str:
    if lang not in ("fr", "en"):
        raise UsageError(f"unknown language {lang!r}: expected fr or en")
    return lang


def check_mode(mode: str) -> str:
    if mode not in ("classic", "discovery"):
        raise UsageError(f"unknown mode {mode!r}: expected classic or discovery")
    return mode


def parse_table_cards(game: str, tokens: Sequence[str]) -> list[Card]:
    """Card codes checked against ``game``'s deck, including how many copies it holds."""
    from cardforge.deck import load_deck

    deck = load_deck(game)
    if not tokens:
        raise UsageError("no cards given: expected card codes such as R3 G5 RB7")
    cards = deck.parse_many(list(tokens))
    held = deck.counts()
    for card, count in Counter(cards).items():
        if count > held[card]:
            raise CardCodeError(f"card {card.code!r} given {count} times: the {game} deck has {held[card]}", card.code)
    return cards


def stop_verdict(game: str, cards: Sequence[Card], check: SequenceCheck, mode: str, cites: Mapping[str, str]) -> Verdict:
    """A verdict on one sequence: STOP or not, why, and what it scores if secured now."""
    points = 0 if check.stop else sequence_points(check.kept, mode)
    codes = " ".join(c.code for c in cards)
    verdict = Verdict(
        game=game,
        question=f"Sequence {codes} ({mode})",
        result={
            "stop": check.stop,
            "reason": check.reason,
            "index": check.index,
            "card": cards[check.index].code if check.index is not None else None,
            "points": points,
            "mode": mode,
            "sequence": [c.code for c in check.kept],
            "saved": list(check.saved),
            "extra_draws": check.extra_draws,
        },
    )
    for step in check.steps:
        verdict.add(step.rule, step.en, step.fr)
    if check.stop:
        card = cards[check.index].code
        verdict.summary = f"STOP ({check.reason}) at {card}: the sequence scores 0"
        verdict.summary_fr = f"STOP ({_REASON_FR[check.reason]}) sur {card} : la séquence rapporte 0"
    else:
        if mode == "discovery":
            en, fr = (f"Discovery mode counts the secured cards: {points}",
                      f"le Mode Découverte compte les cartes sécurisées : {points}")
        else:
            en, fr = (f"Classic mode adds up the face values: {points}",
                      f"le Mode Classique additionne les valeurs faciales : {points}")
        rule = cites.get("points_discovery" if mode == "discovery" else "points_classic")
        if rule:
            verdict.add(rule, en, fr)
        owed = f"; {check.extra_draws} draw(s) still owed" if check.extra_draws else ""
        owed_fr = f" ; encore {check.extra_draws} pioche(s) due(s)" if check.extra_draws else ""
        verdict.summary = f"no STOP: secured now, it scores {points}{owed}"
        verdict.summary_fr = f"pas de STOP : sécurisée maintenant, elle rapporte {points}{owed_fr}"
    return verdict


_REASON_FR = {"shadow": "Shadow", "color": "couleur", "value": "valeur"}

