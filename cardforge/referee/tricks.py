"""``cardforge referee tricks …``: settle a Num Plis trick, a legal play, a round's points.

The verdicts are built by plain functions (``trick_verdict``, ``legal_verdict``,
``score_verdict``, ``rounds_verdict``) from parsed values, so the rulebook can reuse them; the
typer commands below only parse the command line and print.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from cardforge.cli.options import HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_lang

from cardforge.cards import Card
from cardforge.errors import UsageError
from cardforge.games.house import parse_house_rules
from cardforge.games.tricks import (
    DEFAULT_RULES,
    HouseRules,
    bid_points,
    bid_rule,
    cancelled_positions,
    check_players,
    deck_for,
    follow_target,
    legal_plays,
    resolve_trick,
    round_points,
    round_schedule,
    streak_rule,
)
from cardforge.games.tricks.resolution import codes
from cardforge.i18n import Message
from cardforge.referee.live import DB_OPTION, MATCH_OPTION, STATE_OPTION, TABLE_OPTION, storage_for
from cardforge.referee.live import play as live_play
from cardforge.referee.verdict import Step, Verdict, emit

__all__ = ["app", "parse_cards", "trick_verdict", "legal_verdict", "score_verdict", "rounds_verdict"]

GAME = "tricks"

app = typer.Typer(
    help="Num Plis: who wins a trick, which cards may be played, how many points a round earns.",
    no_args_is_help=True,
)


# -- parsing -------------------------------------------------------------------------------------

def parse_cards(tokens: Sequence[str] | str, *, players: int | None = None,
                rules: HouseRules = DEFAULT_RULES, taken: Sequence[Card] = ()) -> list[Card]:
    """Card codes → cards of the tricks deck; ``UsageError`` for a card given twice (also
    against ``taken``) or an extra-family card at a table that does not use it."""
    from cardforge.deck import load_deck

    cards = load_deck(GAME).parse_many(tokens)
    in_play = None if players is None else set(deck_for(players, rules))
    seen = {c.undeclared() for c in taken}
    for card in cards:
        physical = card.undeclared()
        if physical in seen:
            raise UsageError(f"card {card.code!r} is given twice: each card exists once in the deck (TRICKS-1.1)")
        seen.add(physical)
        if in_play is not None and physical not in in_play:
            why = "the extra family is switched off (TRICKS-R19)" if players >= 7 else "it is added from 7 players only (TRICKS-3.1)"
            raise UsageError(f"card {card.code!r} is not in play with {players} players: {why}")
    return cards


# -- verdicts ------------------------------------------------------------------------------------

def trick_verdict(cards: Sequence[Card], players: int, rules: HouseRules | None = None,
                  names: Sequence[str] | None = None) -> Verdict:
    """Who wins a complete trick (cards in play order, the leader's first); ``names`` (the seat
    of each card, in the same order) lets the answer name the winner.

    JSON: ``winner`` is the winning card's position in play order counted from 1 (as the text
    says "card 3"), ``winner_player`` its player's name (``null`` without names)."""
    rules = rules or DEFAULT_RULES
    check_players(players)
    if len(cards) != players:
        raise UsageError(f"{len(cards)} card(s) for {players} players: a trick has one card per player (TRICKS-8.1)")
    if names is not None and len(names) != len(cards):
        raise UsageError("each card of the trick needs its player's name, e.g. Ana=RB12 Ben=SH3")
    result = resolve_trick(cards, players, rules)
    winner = result.winner
    laid = " ".join(f"{n}={c.code}" for n, c in zip(names, cards)) if names else codes(cards)
    verdict = Verdict(
        GAME,
        Message("tricks.q.trick", cards=laid, n=players),
        {
            "players": players,
            "seats": list(names) if names else None,
            "cards": [c.code for c in cards],
            "winner": None if winner is None else winner + 1,
            "winner_player": None if winner is None or not names else names[winner],
            "winning_card": None if winner is None else cards[winner].code,
            "cancelled": [c.code for c in result.cancelled],
        },
    )
    verdict.steps.extend(result.steps)
    if winner is None:
        leader = names[0] if names else None
        if rules.no_winner_lead == "same":
            key = "tricks.no_winner_same_named" if names else "tricks.no_winner_same"
        else:
            key = "tricks.no_winner_next_named" if names else "tricks.no_winner_next"
            leader = names[1 % len(names)] if names else None
        verdict.summary = Message(key, player=leader)
        verdict.steps.append(Step("TRICKS-R12", verdict.summary))
    else:
        card = cards[winner].code
        verdict.summary = Message("tricks.wins_named", player=names[winner], card=card) if names \
            else Message("tricks.wins", n=winner + 1, card=card)
        verdict.steps.append(Step("TRICKS-8.6", verdict.summary))
    return verdict


def legal_verdict(trick: Sequence[Card], hand: Sequence[Card], rules: HouseRules | None = None) -> Verdict:
    """Which cards of ``hand`` may be played on ``trick`` (the cards laid so far)."""
    rules = rules or DEFAULT_RULES
    if not hand:
        raise UsageError("the hand is empty: give the cards held with --hand \"RB3 SH12 flip\"")
    from cardforge.deck import load_deck

    most = load_deck(GAME).players_max - 1
    if len(trick) > most:
        raise UsageError(f"{len(trick)} cards already in the trick: with at most {most + 1} players, "
                         f"at most {most} are laid before you (TRICKS-8.1, R13)")
    for card in trick:
        if card.action == "numx" and card.value is None:
            raise UsageError("Num-X in the trick must be written as declared: 'numx=17' or 'numx=0' (TRICKS-6.2)")
    hand = [c.undeclared() for c in hand]
    legal = legal_plays(trick, hand, rules)
    target = follow_target(trick, rules)
    verdict = Verdict(
        GAME,
        f"Play on {codes(trick) or '(empty trick)'} from {codes(hand)}",
        {"legal": [c.code for c in legal], "target": target, "trick": [c.code for c in trick],
         "hand": [c.code for c in hand]},
        question_fr=f"Jouer sur {codes(trick) or '(pli vide)'} depuis {codes(hand)}",
    )
    all_options = legal_plays([], hand, rules)
    gone = [trick[p] for p in cancelled_positions(trick, rules)] if rules.follow_target == "valid" else []
    why_en = f"; {codes(gone)} are cancelled and no longer count" if gone else ""
    why_fr = f" ; {codes(gone)} sont annulées et ne comptent plus" if gone else ""
    if not trick:
        verdict.add("TRICKS-8.1", "The leader may lead any card.", "Le meneur peut jouer n'importe quelle carte.")
    elif target is None:
        verdict.add("TRICKS-R5", f"No valid card of the trick has a value{why_en}: any card may be played.",
                    f"Aucune carte valide du pli n'a de valeur{why_fr} : toute carte peut être jouée.")
    else:
        if rules.follow_target == "played":
            what_en, what_fr = "the highest card laid, cancelled or not: house rule", "la plus haute carte posée, annulée ou non : règle maison"
        else:
            what_en, what_fr = f"the highest valid card{why_en}", f"la plus haute carte valide{why_fr}"
        verdict.add("TRICKS-R5", f"The card to beat is worth {target} ({what_en}).",
                    f"La carte à battre vaut {target} ({what_fr}).")
        if any(c.action == "flip" for c in trick):
            verdict.add("TRICKS-6.3", "Flip is in the trick, but players still go higher.",
                        "Flip est dans le pli, mais on continue à monter.")
        if legal == all_options:
            verdict.add("TRICKS-5.1", f"No card of the hand is strictly higher than {target}: any card may be played.",
                        f"Aucune carte de la main n'est strictement plus haute que {target} : toute carte peut être jouée.")
        else:
            higher = [c for c in legal if c.value is not None and c.value > target and (c.is_numbered or rules.action_cards == "follow")]
            verdict.add("TRICKS-5.1", f"A strictly higher card can be played, so one must be: {codes(higher)}.",
                        f"Une carte strictement plus haute peut être jouée, il faut donc la jouer : {codes(higher)}.")
            laid = {c.value for c in trick if c.is_numbered}
            equal = [c for c in legal if c.is_numbered and c.value in laid]
            if equal:
                verdict.add("TRICKS-5.2", f"Equal value allowed, to provoke an annulation: {codes(equal)}.",
                            f"Valeur égale permise, pour provoquer une annulation : {codes(equal)}.")
            actions = [c for c in all_options if c.is_action]
            if actions:
                if rules.action_cards == "always":
                    verdict.add("TRICKS-R4", f"Action cards may always be played: {codes(actions)}.",
                                f"Les cartes action peuvent toujours être jouées : {codes(actions)}.")
                else:
                    verdict.add("TRICKS-R4", "House rule: action cards only when not forced to go higher.",
                                "Règle maison : cartes action seulement quand on n'est pas obligé de monter.")
    if any(c.action == "numx" for c in legal):
        verdict.add("TRICKS-6.2", "Num-X is declared 17 or 0 as it is played.", "Num-X est déclarée 17 ou 0 en la jouant.")
    verdict.summary = f"Legal: {codes(legal)}."
    verdict.summary_fr = f"Jouables : {codes(legal)}."
    return verdict


def score_verdict(bid: int, won: int, cards: int, streak: int | None = None,
                  rules: HouseRules | None = None, *, final: bool = False) -> Verdict:
    """One player's points for a round; with ``streak`` (exact bids in a row before it), the
    streak bonus too."""
    rules = rules or DEFAULT_RULES
    score = round_points(bid, won, cards, streak or 0, rules, final=final)  # validates the numbers
    points = bid_points(bid, won, cards)
    line = bid_rule(bid, won)
    formula = {
        "TRICKS-9.1": (f"Exact bid: 10 + 3 × {bid} = {points}.", f"Annonce exacte : 10 + 3 × {bid} = {points}."),
        "TRICKS-9.2": (f"Missed bid: −3 × |{bid} − {won}| = {points}.", f"Annonce manquée : −3 × |{bid} − {won}| = {points}."),
        "TRICKS-9.3": (f"0 bid made: 20 + 2 × {cards} cards = {points}.", f"Annonce 0 réussie : 20 + 2 × {cards} cartes = {points}."),
        "TRICKS-9.4": (f"0 bid missed: −(10 + 5 × {won}) = {points}.", f"Annonce 0 échouée : −(10 + 5 × {won}) = {points}."),
    }[line]
    verdict = Verdict(GAME, f"Bid {bid}, won {won}, {cards} card(s)" + ("" if streak is None else f", streak {streak}"),
                      {"bid": bid, "won": won, "cards": cards, "points": points},
                      question_fr=f"Annonce {bid}, plis faits {won}, {cards} carte(s)"
                      + ("" if streak is None else f", série {streak}"))
    verdict.add(line, *formula)
    if line == "TRICKS-9.3":
        verdict.add("TRICKS-R16", f"The cards of the round are the {cards} dealt to each player.",
                    f"Les cartes de la manche sont les {cards} distribuées à chaque joueur.")
    verdict.summary, verdict.summary_fr = f"{points} points.", f"{points} points."
    if streak is None:
        return verdict
    verdict.result.update({"streak": streak, "streak_after": score.streak_after, "bonus": score.bonus, "total": score.total})
    if bid == won:
        verdict.add("TRICKS-10.1", f"Exact bid: the streak goes from {streak} to {score.streak_after}.",
                    f"Annonce exacte : la série passe de {streak} à {score.streak_after}.")
    else:
        verdict.add("TRICKS-10.10", "Missed bid: the streak is reset to 0.", "Annonce manquée : la série repart à 0.")
    if rules.streak_payout == "each_round":
        if score.bonus:
            verdict.add(streak_rule(score.streak_after), f"Streak of {score.streak_after}: +{score.bonus}.",
                        f"Série de {score.streak_after} : +{score.bonus}.")
        verdict.add("TRICKS-R14", "One line of the table only, paid at the end of the round.",
                    "Une seule ligne du tableau, payée à la fin de la manche.")
    else:
        paid = streak if bid != won else score.streak_after
        verdict.add("TRICKS-R14", f"House rule: a streak is paid once, when it ends: +{score.bonus}"
                    + (f" for {paid}." if score.bonus else "."),
                    f"Règle maison : une série est payée une fois, quand elle s'arrête : +{score.bonus}"
                    + (f" pour {paid}." if score.bonus else "."))
    verdict.summary = f"{points} + bonus {score.bonus} = {score.total} points; streak now {score.streak_after}."
    verdict.summary_fr = f"{points} + bonus {score.bonus} = {score.total} points ; série désormais {score.streak_after}."
    return verdict


def rounds_verdict(players: int, rules: HouseRules | None = None, *, start_cards: int = 1,
                   team: bool = False) -> Verdict:
    """How many cards each round deals, and the reserve left, for a table of ``players``."""
    rules = rules or DEFAULT_RULES
    check_players(players, team)
    deck = len(deck_for(players, rules))
    schedule = round_schedule(players, deck, start_cards=start_cards, team=team, rules=rules)
    verdict = Verdict(GAME, f"Rounds for {players} players" + (" (teams)" if team else ""),
                      {"players": players, "deck": deck, "rounds": list(schedule),
                       "reserve": [deck - players * n for n in schedule]},
                      question_fr=f"Manches pour {players} joueurs" + (" (équipes)" if team else ""))
    if players >= 7:
        verdict.add("TRICKS-R19" if not rules.extra_family else "TRICKS-3.1",
                    f"{deck} cards in play" + (" with the extra family." if rules.extra_family else " (extra family off)."),
                    f"{deck} cartes en jeu" + (" avec la famille supplémentaire." if rules.extra_family else " (sans famille supplémentaire)."))
    if team:
        verdict.add("TRICKS-11.2", "Every round deals 6 cards each.", "Chaque manche distribue 6 cartes chacun.")
        verdict.add("TRICKS-11.6", "The game is played over 5 rounds.", "La partie se joue en 5 manches.")
    else:
        verdict.add("TRICKS-2.1", f"Round 1 deals {start_cards}, each round one more.",
                    f"La manche 1 distribue {start_cards}, chaque manche une de plus.")
        verdict.add("TRICKS-R1", f"The last round deals {schedule[-1]}, the largest deal "
                    + ("that keeps a reserve." if rules.last_round == "reserve" else "possible."),
                    f"La dernière manche distribue {schedule[-1]}, la plus grande distribution "
                    + ("qui garde une réserve." if rules.last_round == "reserve" else "possible."))
    verdict.summary = f"{len(schedule)} rounds: {', '.join(map(str, schedule))} cards."
    verdict.summary_fr = f"{len(schedule)} manches : {', '.join(map(str, schedule))} cartes."
    return verdict


# -- commands ------------------------------------------------------------------------------------

def _house(pairs: list[str] | None) -> HouseRules:
    return parse_house_rules(HouseRules, pairs)


def _emit(verdict: Verdict, as_json: bool, lang: str) -> None:
    emit(verdict, as_json=as_json, lang=check_lang(lang))



@app.command("trick")
def trick(
    cards: list[str] = typer.Argument(..., metavar="CARD...|PLAYER=CARD...",
                                      help="The trick's cards in play order, the leader's first: "
                                           "RB12 SH3 … or, by name, Ana=RB12 Ben=SH3 …"),
    players: int | None = typer.Option(None, "--players", "-p", help="Players at the table (default: number of cards)."),
    house: list[str] = HOUSE_OPTION,
    state: Path | None = STATE_OPTION,
    table: bool = TABLE_OPTION,
    db: Path | None = DB_OPTION,
    match: int | None = MATCH_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Who wins a trick, with the annulations and action cards applied in order.

    With --state or --table the round goes on trick by trick: cards may be laid a few at a
    time (Ana=RB12, then Ben=SH3 …), the trick is settled when every seat has laid, and the
    winner must lead the next one."""
    rules = _house(house)
    storage = storage_for(state, table, db, match)
    named = any("=" in c and not c.lower().startswith("numx=") for c in cards)
    if storage is not None:
        def prepare(position):
            return position.replace(house=tuple(house)) if house else position
        _emit(live_play(GAME, storage, cards, prepare), as_json, lang)
        return
    if named:
        from cardforge.live.base import seated

        pairs = seated(cards, "card", "CARD, e.g. Ana=RB12")
        names = [n for n, _ in pairs]
        count = len(pairs) if players is None else players
        played = parse_cards([c for _, c in pairs], players=count, rules=rules)
        check_players(count)
        _emit(trick_verdict(played, count, rules, names), as_json, lang)
        return
    count = len(cards) if players is None else players
    played = parse_cards(cards, players=count, rules=rules)  # a bad card is the first thing to report
    check_players(count)
    _emit(trick_verdict(played, count, rules), as_json, lang)


@app.command("legal")
def legal(
    trick_cards: str = typer.Option("", "--trick", "-t", help='Cards already in the trick, e.g. "RB10 SH4".'),
    hand: str = typer.Option(..., "--hand", help='Cards in your hand, e.g. "RB3 SH12 flip".'),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Which cards of a hand may be played now."""
    rules = _house(house)
    laid = parse_cards(trick_cards, rules=rules)
    held = parse_cards(hand, rules=rules, taken=laid)
    _emit(legal_verdict(laid, held, rules), as_json, lang)


@app.command("score")
def score(
    bid: int = typer.Option(..., "--bid", "-b", help="Tricks bid."),
    won: int = typer.Option(..., "--won", "-w", help="Tricks won."),
    cards: int = typer.Option(..., "--cards", "-c", help="Cards dealt to each player this round."),
    streak: int | None = typer.Option(None, "--streak", "-s", help="Exact bids in a row before this round."),
    final: bool = typer.Option(False, "--final", help="This is the game's last round (streak_payout=once)."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """A round's points for one player, and the streak bonus with --streak."""
    _emit(score_verdict(bid, won, cards, streak, _house(house), final=final), as_json, lang)


@app.command("rounds")
def rounds(
    players: int = typer.Option(..., "--players", "-p", help="Players at the table."),
    start_cards: int = typer.Option(1, "--start-cards", help="Cards dealt in round 1."),
    team: bool = typer.Option(False, "--team", help="The team variant."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """How many rounds a game has and how many cards each deals."""
    _emit(rounds_verdict(players, _house(house), start_cards=start_cards, team=team), as_json, lang)
