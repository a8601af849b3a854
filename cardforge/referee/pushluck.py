"""Pieces shared by the ``sequence`` and ``collection`` referees: command-line options, cards
checked against the game's deck, and the STOP check verdict both games use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import typer

from cardforge.cards import Card
from cardforge.cli.options import HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_lang
from cardforge.errors import CardCodeError, UsageError
from cardforge.games.pushluck import SequenceCheck, sequence_points
from cardforge.referee.verdict import Verdict

__all__ = ["JSON_OPTION", "LANG_OPTION", "HOUSE_OPTION", "MODE_OPTION", "check_lang", "check_mode", "parse_table_cards",
           "stop_verdict"]

MODE_OPTION = typer.Option("classic", "--mode", help="classic or discovery.")


def check_mode(mode: str) -> str:
    if mode not in ("classic", "discovery"):
        raise UsageError(f"unknown mode {mode!r}: expected classic or discovery")
    return mode


def parse_table_cards(game: str, tokens: Sequence[str], mode: str | None = None) -> list[Card]:
    """Card codes checked against ``game``'s deck (in ``mode``, when given: Discovery has no
    action cards), including how many copies it holds."""
    from cardforge.deck import load_deck

    deck = load_deck(game)
    if not tokens:
        raise UsageError("no cards given: expected card codes such as R3 G5 RB7")
    cards = deck.parse_many(list(tokens))
    if mode is not None:
        held = deck.counts(mode=mode)
        for card in dict.fromkeys(c.undeclared() for c in cards):
            if not held[card]:
                why = "it has no action cards" if card.is_action else "it does not hold that card"
                raise CardCodeError(f"card {card.code!r} is not played in {game}'s {mode} mode ({why}); leave it out "
                                    f"or use --mode classic", card.code)
    deck.check_copies(cards, mode=mode)
    return cards


def stop_verdict(game: str, cards: Sequence[Card], check: SequenceCheck, mode: str | None, cites: Mapping[str, str]) -> Verdict:
    """A verdict on one sequence: STOP or not, why, and (when ``mode`` is given: ``sequence``
    scores sequences, ``collection`` does not) what it scores if secured now."""
    codes = " ".join(c.code for c in cards)
    verdict = Verdict(
        game=game,
        question=f"Sequence {codes}" + (f" ({mode})" if mode else ""),
        question_fr=f"Séquence {codes}" + (f" ({_MODE_FR[mode]})" if mode else ""),
        result={
            "stop": check.stop,
            "reason": check.reason,
            "index": check.index,
            "card": cards[check.index].code if check.index is not None else None,
            "sequence": [c.code for c in check.kept],
            "saved": list(check.saved),
            "extra_draws": check.extra_draws,
        },
    )
    for step in check.steps:
        verdict.add(step.rule, step.en, step.fr)
    if check.stop:
        card = cards[check.index].code
        verdict.summary = f"STOP ({check.reason}) at {card}: the sequence is lost"
        verdict.summary_fr = f"STOP ({_REASON_FR[check.reason]}) sur {card} : la séquence est perdue"
    else:
        owed = f"; {check.extra_draws} draw(s) still owed" if check.extra_draws else ""
        owed_fr = f" ; encore {check.extra_draws} pioche(s) due(s)" if check.extra_draws else ""
        verdict.summary = f"no STOP: it can be secured{owed}"
        verdict.summary_fr = f"pas de STOP : elle peut être sécurisée{owed_fr}"
    if mode:
        _add_points(verdict, check, mode, cites)
    return verdict


def _add_points(verdict: Verdict, check: SequenceCheck, mode: str, cites: Mapping[str, str]) -> None:
    """What the sequence scores if secured now: 0 after a STOP, else face values or cards."""
    points = 0 if check.stop else sequence_points(check.kept, mode)
    verdict.result["points"] = points
    verdict.result["mode"] = mode
    if check.stop:
        verdict.summary += ", 0 points"
        verdict.summary_fr += ", 0 point"
        return
    if mode == "discovery":
        en, fr = (f"Discovery mode counts the secured cards: {points}",
                  f"le Mode Découverte compte les cartes sécurisées : {points}")
    else:
        en, fr = (f"Classic mode adds up the face values: {points}",
                  f"le Mode Classique additionne les valeurs faciales : {points}")
    verdict.add(cites["points_discovery" if mode == "discovery" else "points_classic"], en, fr)
    verdict.summary += f"; secured now it scores {points}"
    verdict.summary_fr += f" ; sécurisée maintenant, elle rapporte {points}"


_REASON_FR = {"shadow": "Shadow", "color": "couleur", "value": "valeur"}
_MODE_FR = {"classic": "classique", "discovery": "découverte"}

