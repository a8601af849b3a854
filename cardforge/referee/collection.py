"""``cardforge referee collection …``: which objectives a collection achieves, which set to
validate together, and whether a sequence stops.

The verdicts are built by plain functions (``objectives_verdict``, ``check_verdict``) that the
rulebook and the score sheets can reuse; the typer commands only parse the command line.

    cardforge referee collection objectives R7 G7 B7 Y2 RB3
    cardforge referee collection objectives --best --scorecard card.txt R1 R2 R3 R4 R5 G5
    cardforge referee collection check R3 G5 SH2
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path

import typer

from cardforge.options import HelpCommand, HelpGroup
from cardforge.cards import Card, nearest
from cardforge.errors import UsageError
from cardforge.options import ARGUMENT_TEXT
from cardforge.games import pushluck
from cardforge.games.collection import CITES, HouseRules
from cardforge.games.house import parse_house_rules
from cardforge.games.objectives import (
    OBJECTIVE_IDS,
    ObjectiveMatch,
    best_validation,
    find_objectives,
    objective,
    objective_id,
)
from cardforge.games.pushluck import is_shadow
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
from cardforge.games.steps import Step
from cardforge.i18n import Message, refusal
from cardforge.referee.verdict import Verdict, emit

__all__ = ["app", "objectives_verdict", "check_verdict", "load_scorecard", "parse_objectives", "collection_cards"]

app = typer.Typer(
    cls=HelpGroup,
    add_completion=False,
    help="Num Collection: objectives of a collection, the best set to validate, STOP checks.",
    no_args_is_help=True,
)


#: A scorecard lists at most ten objective ids; anything larger is not one (``/dev/zero``…).
SCORECARD_MAX_BYTES = 64 * 1024


def load_scorecard(path: Path) -> set[str]:
    """The objective ids already validated, from a file: JSON (a list of ids, an object whose
    keys are ids, or ``{"validated": [...]}``) or text (ids separated by spaces, commas or
    lines; ``#`` starts a comment)."""
    from cardforge.userfile import UnreadableFile, json_problem, read_user_file

    try:
        text = read_user_file(path, limit=SCORECARD_MAX_BYTES).decode("utf-8-sig")  # a BOM, as decks accept
    except UnreadableFile as exc:
        raise refusal(UsageError, "error.scorecard.unreadable", path=repr(str(path)), why=exc.message) from None
    except UnicodeDecodeError:
        raise refusal(UsageError, "error.scorecard.not_utf8", path=repr(str(path))) from None
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise refusal(UsageError, "error.scorecard.json", path=repr(str(path)), msg=json_problem(exc.msg), line=exc.lineno) from None
        if isinstance(data, dict):
            data = data.get("validated", list(data))
        if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
            raise refusal(UsageError, "error.scorecard.shape", path=repr(str(path)), found=json.dumps(data)[:60])
        ids = data
    else:
        ids = [name.strip() for line in text.splitlines() for name in line.split("#", 1)[0].split(",")]
        # one name per comma or line; a name may hold spaces (« Petite Suite ») but ids do not
        ids = [part for name in ids if name for part in ([name] if objective_id(name) else name.split())]
    return parse_objectives(ids, Message("error.scorecard.where", path=repr(str(path))))


def parse_objectives(names: Iterable[str], where: Message | str = "--validated") -> set[str]:
    """Objective ids from what a player writes: ids or French/English names (``paire``,
    ``arc-en-ciel``, ``Petite Suite``), in any case, with or without accents."""
    found = set()
    for typed in names:
        oid = objective_id(typed)
        if oid is None:
            guess = nearest(typed.replace(" ", "_").replace("-", "_").lower(), OBJECTIVE_IDS)
            hint = Message("error.card.hint", suggestion=repr(guess)) if guess else \
                Message("error.objective.ids", ids=", ".join(OBJECTIVE_IDS))
            raise refusal(UsageError, "error.objective.unknown", where=where, typed=repr(typed), hint=hint)
        found.add(oid)
    return found


def collection_cards(tokens: Sequence[str]) -> list[Card]:
    """Cards of a collection: in the deck, each at most as often as the deck holds it, and
    neither Shadow nor action card (neither ever joins a collection)."""
    cards = parse_table_cards("collection", tokens)
    for card in cards:
        if card.is_action or is_shadow(card):
            raise refusal(UsageError, "error.collection.action" if card.is_action else "error.collection.shadow",
                          card=repr(card.code))
    return cards


def _match_message(match: ObjectiveMatch) -> Message:
    obj = objective(match.id)
    extra = obj.per_extra_card * max(len(match.cards) - obj.min_cards, 0)
    sums = f"{obj.base}" + (f" + {extra}" if extra else "") + f" + {match.highest} = {match.points}"
    return Message("coll.match", name=obj.name, cards=" ".join(c.code for c in match.cards), sums=sums)


_COLOUR_OBJECTIVES = ("flush", "grand_flush", "straight_flush")


def objectives_verdict(
    cards: Sequence[Card],
    exclude: Iterable[str] = frozenset(),
    *,
    best: bool = False,
    mode: str = "classic",
    rules: HouseRules | None = None,
) -> Verdict:
    """Every objective the collection achieves (at its best choice of cards), leaving out those
    in ``exclude``; with ``best``, also the set to validate together that scores best, its own
    cards shown (they are what ``table round`` takes)."""
    from cardforge.games.pushluck import is_rainbow

    rules = rules or HouseRules()
    done = set(exclude)
    codes = " ".join(c.code for c in cards)
    verdict = Verdict(game="collection", question=Message("coll.q.objectives", cards=codes), result={})
    matches = find_objectives(cards, done)
    for oid in OBJECTIVE_IDS:
        if oid in done:
            verdict.say("COLLECTION-6.5", "coll.already", name=objective(oid).name,
                        the=Message(f"objective.the.{oid}"), gender=Message(f"objective.gender.{oid}"))
    for match in matches:
        verdict.steps.append(Step(objective(match.id).rule, _match_message(match)))
        if match.id in _COLOUR_OBJECTIVES and any(is_rainbow(c) for c in match.cards):
            alone = all(is_rainbow(c) for c in match.cards)
            verdict.say("COLLECTION-R19", "coll.rainbows_alone" if alone else "coll.rainbow_stands_in")
    if matches:
        verdict.say("COLLECTION-R18", "coll.bonus_highest")
    result = {"objectives": [{**m.to_json(), "name": objective(m.id).name.en} for m in matches],
              "validated": sorted(done, key=OBJECTIVE_IDS.index), "mode": mode,
              "best": None, "best_points": None, "best_count": None}
    if best:
        chosen = best_validation(cards, done, mode=mode, share_cards=rules.share_cards)
        points = sum(m.points for m in chosen)
        verdict.say("COLLECTION-R17", "coll.share" if rules.share_cards else "coll.no_share")
        names = [objective(m.id).name for m in chosen]
        sets = [Message("coll.best_item", name=objective(m.id).name, cards=" ".join(c.code for c in m.cards),
                        n=m.points) for m in chosen]
        verdict.say("COLLECTION-8.4" if mode == "discovery" else "COLLECTION-8.3",
                    "coll.best_discovery" if mode == "discovery" else "coll.best_classic",
                    sets=sets or [Message("coll.nothing")], n=points)
        result["best"] = [m.to_json() for m in chosen]
        result["best_points"] = points
        result["best_count"] = len(chosen)
        verdict.summary = Message("coll.validate", sets=sets or [Message("coll.nothing")], n=points) if names \
            else Message("coll.validate_nothing")
    else:
        verdict.summary = Message("coll.achievable", n=len(matches))
    verdict.result = result
    return verdict


def check_verdict(cards: Sequence[Card], rules: HouseRules | None = None) -> Verdict:
    """Whether the sequence (cards in draw order) stopped; a Joker right after a STOP card saves it."""
    rules = rules or HouseRules()
    check = pushluck.check_sequence(cards, rules, cites=CITES, savers=("joker",))
    verdict = stop_verdict("collection", cards, check, None, CITES)
    if check.reason == "shadow":
        if rules.shadow_voids_round:
            verdict.say("COLLECTION-R20", "coll.void_round")
            verdict.summary = Message("coll.and_void", first=verdict.summary)
        else:
            verdict.say("COLLECTION-R20", "coll.void_not")
    verdict.result["round_void"] = check.reason == "shadow" and rules.shadow_voids_round
    return verdict


@app.command("objectives", cls=HelpCommand)
def objectives(
    cards: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="CARD...", help="The cards of a player's collection this round."),
    scorecard: Path | None = typer.Option(None, "--scorecard", metavar="FILE", help="File of objectives already validated "
                                                                    "(ids or French/English names)."),
    validated: str = typer.Option("", "--validated", metavar="OBJECTIVES", help="Objectives already validated, e.g. pair,flush or "
                                                          "\"paire, arc-en-ciel\" (with or beside --scorecard)."),
    best: bool = typer.Option(False, "--best", help="Also choose the best set of objectives to validate together."),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Every objective this collection achieves, each at its best-scoring choice of cards.

    Example: cardforge referee collection objectives --best R1 R2 R3 R4 R5 G5 RB6 B5 Y5
    """
    check_lang(lang)
    rules = parse_house_rules(HouseRules, house, applies=("share_cards",), where="'referee collection objectives'")
    exclude = load_scorecard(scorecard) if scorecard is not None else set()
    exclude |= parse_objectives([n for n in validated.split(",") if n.strip()])
    verdict = objectives_verdict(collection_cards(cards), exclude, best=best, mode=check_mode(mode), rules=rules)
    emit(verdict, as_json=as_json, lang=lang)


@app.command("check", cls=HelpCommand)
def check(
    cards: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="CARD...", help="The cards of one sequence in draw order (e.g. R3 G5 RB7 joker)."),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Does this sequence STOP (Shadow, colour, value)?  Discovery mode has no Joker.

    Example: cardforge referee collection check R3 G5 SH2
    """
    check_lang(lang)
    parsed = parse_table_cards("collection", cards, check_mode(mode))
    verdict = check_verdict(parsed, parse_house_rules(HouseRules, house, applies=("stop_cost", "rainbow_colour",
                                                                                  "shadow_voids_round"),
                                                      where="'referee collection check'"))
    emit(verdict, as_json=as_json, lang=lang)


add_play_command(app, "collection")
