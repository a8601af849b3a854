"""``cardforge referee sequence …``: does a sequence stop, why, and what does it score.

The verdicts are built by plain functions (``check_verdict``, ``score_verdict``) that the
rulebook can reuse; the typer commands only parse the command line.

    cardforge referee sequence check R3 G5 B5
    cardforge referee sequence check --mode discovery R3 RB7 G9 joker
    cardforge referee sequence score "R3 G5 B7" "Y2 RB4"
"""

from __future__ import annotations

from collections.abc import Sequence

import typer

from cardforge.options import HelpCommand, HelpGroup
from cardforge.cards import Card
from cardforge.games.house import parse_house_rules
from cardforge.games.sequence import CITES, HouseRules, check_sequence, sequence_points
from cardforge.referee.pushluck import (
    HOUSE_OPTION,
    JSON_OPTION,
    LANG_OPTION,
    MODE_OPTION,
    check_lang,
    check_mode,
    add_play_command,
    parse_table_cards,
    stop_verdict,
)
from cardforge.i18n import Message
from cardforge.options import ARGUMENT_TEXT
from cardforge.referee.verdict import Verdict, emit

__all__ = ["app", "check_verdict", "score_verdict"]

#: The house rules the checks apply (any other key is refused, never ignored).
HOUSE_KEYS = ("stop_cost", "rainbow_colour")

app = typer.Typer(
    cls=HelpGroup,
    add_completion=False,
    help="Num Séquence: STOP conditions and the score of secured sequences.",
    no_args_is_help=True,
)


def check_verdict(cards: Sequence[Card], mode: str = "classic", rules: HouseRules | None = None) -> Verdict:
    """Whether the sequence (cards in draw order) stopped and what it scores if secured now."""
    return stop_verdict("sequence", cards, check_sequence(cards, rules), mode, CITES)


def score_verdict(sequences: Sequence[Sequence[Card]], mode: str = "classic", rules: HouseRules | None = None) -> Verdict:
    """A player's round total: each secured sequence checked, then scored (SEQUENCE-6.2)."""
    verdict = Verdict(game="sequence", question=Message("seq.q.total", n=len(sequences), mode=Message(f"mode.{mode}")),
                      result={})
    rows, total = [], 0
    for cards in sequences:
        check = check_sequence(cards, rules)
        codes = " ".join(c.code for c in cards)
        if check.stop and check.lost:
            verdict.say(CITES["stop_discard"], "seq.score_stopped", cards=codes, card=cards[check.index].code)
            points = 0
        else:
            points = sequence_points(check.kept, mode)
            rule = CITES["points_discovery" if mode == "discovery" else "points_classic"]
            verdict.say(rule, "seq.score_line", cards=" ".join(c.code for c in check.kept), n=points)
            if check.extra_draws:
                verdict.say(CITES["rainbow"], "seq.score_rainbow_end", cards=codes)
        if any(c.is_action for c in cards):
            verdict.say(CITES["actions_no_points"], "seq.actions_nothing")
        rows.append({"cards": [c.code for c in cards], "stop": check.stop, "lost": check.stop and check.lost,
                     "extra_draws": check.extra_draws, "points": points})
        total += points
    verdict.say("SEQUENCE-6.2", "seq.total", n=total)
    verdict.result = {"sequences": rows, "total": total, "mode": mode}
    verdict.summary = Message("seq.round_scores", n=total)
    return verdict


@app.command("check", cls=HelpCommand)
def check(
    cards: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="CARD...", help="The cards of one sequence in draw order (e.g. R3 G5 RB7 joker)."),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Does this sequence STOP (Shadow, colour, value), and what does it score if secured now?

    Example: cardforge referee sequence check R3 G5 RB7
    """
    check_lang(lang)
    mode = check_mode(mode)
    verdict = check_verdict(parse_table_cards("sequence", cards, mode), mode,
                            parse_house_rules(HouseRules, house, applies=HOUSE_KEYS, where="'referee sequence check'"))
    emit(verdict, as_json=as_json, lang=lang)


@app.command("score", cls=HelpCommand)
def score(
    sequences: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="SEQUENCE...", help='Secured sequences, one quoted argument each ("R3 G5" "B7 Y2").'),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """A player's round total from their secured sequences.

    Example: cardforge referee sequence score "R3 G5" "B7 Y2"
    """
    check_lang(lang)
    mode = check_mode(mode)
    parsed = [parse_table_cards("sequence", s.replace(",", " ").split(), mode) for s in sequences]
    verdict = score_verdict(parsed, mode, parse_house_rules(HouseRules, house, applies=HOUSE_KEYS,
                                                            where="'referee sequence score'"))
    emit(verdict, as_json=as_json, lang=lang)


add_play_command(app, "sequence")
