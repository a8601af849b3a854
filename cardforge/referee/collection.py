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

from cardforge.cards import Card, nearest
from cardforge.errors import UsageError
from cardforge.games import pushluck
from cardforge.games.collection import CITES, HouseRules
from cardforge.games.house import parse_house_rules
from cardforge.games.objectives import OBJECTIVE_IDS, ObjectiveMatch, best_validation, find_objectives, objective
from cardforge.games.pushluck import is_shadow
from cardforge.referee.pushluck import (
    HOUSE_OPTION,
    JSON_OPTION,
    LANG_OPTION,
    MODE_OPTION,
    check_lang,
    check_mode,
    parse_table_cards,
    stop_verdict,
)
from cardforge.referee.verdict import Verdict, emit

__all__ = ["app", "objectives_verdict", "check_verdict", "load_scorecard", "collection_cards"]

app = typer.Typer(help="Num Collection: objectives of a collection, the best set to validate, STOP checks.",
                  no_args_is_help=True)


#: A scorecard lists at most ten objective ids; anything larger is not one (``/dev/zero``…).
SCORECARD_MAX_BYTES = 64 * 1024


def load_scorecard(path: Path) -> set[str]:
    """The objective ids already validated, from a file: JSON (a list of ids, an object whose
    keys are ids, or ``{"validated": [...]}``) or text (ids separated by spaces, commas or
    lines; ``#`` starts a comment)."""
    from cardforge.userfile import UnreadableFile, read_user_file

    try:
        text = read_user_file(path, limit=SCORECARD_MAX_BYTES).decode("utf-8")
    except UnreadableFile as exc:
        raise UsageError(f"cannot read scorecard {str(path)!r}: {exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"scorecard {str(path)!r} is not UTF-8 text: expected objective ids such as pair flush") from None
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise UsageError(f"scorecard {str(path)!r} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
        if isinstance(data, dict):
            data = data.get("validated", list(data))
        if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
            raise UsageError(f"scorecard {str(path)!r}: expected a list of objective ids such as "
                             f'["pair", "flush"], found {json.dumps(data)[:60]}')
        ids = data
    else:
        ids = " ".join(line.split("#", 1)[0] for line in text.splitlines()).replace(",", " ").split()
    for oid in ids:
        if oid not in OBJECTIVE_IDS:
            guess = nearest(oid, OBJECTIVE_IDS)
            hint = f"; did you mean {guess!r}?" if guess else f" (ids: {', '.join(OBJECTIVE_IDS)})"
            raise UsageError(f"scorecard {str(path)!r}: unknown objective {oid!r}{hint}")
    return set(ids)


def collection_cards(tokens: Sequence[str]) -> list[Card]:
    """Cards of a collection: in the deck, each at most as often as the deck holds it, and
    neither Shadow nor action card (neither ever joins a collection)."""
    cards = parse_table_cards("collection", tokens)
    for card in cards:
        if card.is_action or is_shadow(card):
            why = "an action card never joins a sequence (COLLECTION-2.4)" if card.is_action else \
                "a Shadow stops the sequence and stays on the table (COLLECTION-4.1)"
            raise UsageError(f"{card.code!r} cannot be in a collection: {why}")
    return cards


def _match_text(match: ObjectiveMatch, lang: str) -> str:
    obj = objective(match.id)
    codes = " ".join(c.code for c in match.cards)
    extra = obj.per_extra_card * max(len(match.cards) - obj.min_cards, 0)
    sums = f"{obj.base}" + (f" + {extra}" if extra else "") + f" + {match.highest} = {match.points}"
    return f"{obj.name(lang)}: {codes} → {sums}"


def objectives_verdict(
    cards: Sequence[Card],
    exclude: Iterable[str] = frozenset(),
    *,
    best: bool = False,
    mode: str = "classic",
    rules: HouseRules | None = None,
) -> Verdict:
    """Every objective the collection achieves (at its best choice of cards), leaving out those
    in ``exclude``; with ``best``, also the set to validate together that scores best."""
    rules = rules or HouseRules()
    done = set(exclude)
    codes = " ".join(c.code for c in cards)
    verdict = Verdict(game="collection", question=f"Objectives of the collection {codes}",
                      question_fr=f"Objectifs de la collection {codes}", result={})
    matches = find_objectives(cards, done)
    for oid in OBJECTIVE_IDS:
        if oid in done:
            name = objective(oid).name
            verdict.add("COLLECTION-6.5", f"{name.en} is already validated: it cannot be tried again",
                        f"{name.fr} est déjà validé : impossible de le retenter")
    for match in matches:
        verdict.add(objective(match.id).rule, _match_text(match, "en"), _match_text(match, "fr"))
        if any(c.family != match.cards[0].family for c in match.cards) and match.id in ("flush", "grand_flush",
                                                                                          "straight_flush"):
            verdict.add("COLLECTION-R19", "a Rainbow stands in for the colour", "une Rainbow remplace la couleur")
    if matches:
        verdict.add("COLLECTION-R18", "each bonus is the highest card among the objective's own cards",
                    "chaque bonus est la plus haute carte parmi les cartes de l'objectif")
    result = {"objectives": [{**m.to_json(), "name": objective(m.id).name.en} for m in matches],
              "validated": sorted(done, key=OBJECTIVE_IDS.index), "mode": mode}
    if best:
        chosen = best_validation(cards, done, mode=mode, share_cards=rules.share_cards)
        points = sum(m.points for m in chosen)
        share = ("a card may serve several objectives (house rule)", "une carte peut servir plusieurs objectifs (règle maison)") \
            if rules.share_cards else ("each card serves one objective only", "chaque carte ne sert qu'un objectif")
        verdict.add("COLLECTION-R17", share[0], share[1])
        goal = ("most objectives, then points", "le plus d'objectifs, puis de points") if mode == "discovery" else \
            ("most points", "le plus de points")
        names = ", ".join(objective(m.id).name.en for m in chosen) or "nothing"
        names_fr = ", ".join(objective(m.id).name.fr for m in chosen) or "rien"
        verdict.add("COLLECTION-8.4" if mode == "discovery" else "COLLECTION-8.3",
                    f"best set ({goal[0]}): {names} = {points} points",
                    f"meilleur ensemble ({goal[1]}) : {names_fr} = {points} points")
        result["best"] = [m.to_json() for m in chosen]
        result["best_points"] = points
        result["best_count"] = len(chosen)
        verdict.summary = f"validate {names}: {points} points"
        verdict.summary_fr = f"valider {names_fr} : {points} points"
    else:
        verdict.summary = f"{len(matches)} objective(s) achievable"
        verdict.summary_fr = f"{len(matches)} objectif(s) réalisable(s)"
    verdict.result = result
    return verdict


def check_verdict(cards: Sequence[Card], rules: HouseRules | None = None) -> Verdict:
    """Whether the sequence (cards in draw order) stopped; a Joker right after a STOP card saves it."""
    rules = rules or HouseRules()
    check = pushluck.check_sequence(cards, rules, cites=CITES, savers=("joker",))
    verdict = stop_verdict("collection", cards, check, None, CITES)
    if check.reason == "shadow":
        if rules.shadow_voids_round:
            verdict.add("COLLECTION-R20", "and the player validates no objective at the end of this round",
                        "et le joueur ne valide aucun objectif à la fin de cette manche")
            verdict.summary += ", and no objective this round"
            verdict.summary_fr += ", et aucun objectif pour cette manche"
        else:
            verdict.add("COLLECTION-R20", "sequences already secured this round still count (house rule)",
                        "les séquences déjà sécurisées dans la manche comptent encore (règle maison)")
    verdict.result["round_void"] = check.reason == "shadow" and rules.shadow_voids_round
    return verdict


@app.command("objectives")
def objectives(
    cards: list[str] = typer.Argument(..., help="The cards of a player's collection this round."),
    scorecard: Path | None = typer.Option(None, "--scorecard", help="File of objective ids already validated."),
    best: bool = typer.Option(False, "--best", help="Also choose the best set of objectives to validate together."),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Every objective this collection achieves, each at its best-scoring choice of cards."""
    check_lang(lang)
    rules = parse_house_rules(HouseRules, house)
    exclude = load_scorecard(scorecard) if scorecard is not None else set()
    verdict = objectives_verdict(collection_cards(cards), exclude, best=best, mode=check_mode(mode), rules=rules)
    emit(verdict, as_json=as_json, lang=lang)


@app.command("check")
def check(
    cards: list[str] = typer.Argument(..., help="The cards of one sequence in draw order (e.g. R3 G5 RB7 joker)."),
    mode: str = MODE_OPTION,
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Does this sequence STOP (Shadow, colour, value)?  Discovery mode has no Joker."""
    check_lang(lang)
    parsed = parse_table_cards("collection", cards, check_mode(mode))
    verdict = check_verdict(parsed, parse_house_rules(HouseRules, house))
    emit(verdict, as_json=as_json, lang=lang)
