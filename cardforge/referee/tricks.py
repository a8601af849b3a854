"""``cardforge referee tricks …``: settle a Num Plis trick, a legal play, a round's points.

The verdicts are built by plain functions (``trick_verdict``, ``legal_verdict``,
``score_verdict``, ``rounds_verdict``) from parsed values, so the rulebook can reuse them; the
typer commands below only parse the command line and print.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from cardforge.options import ARGUMENT_TEXT, HelpCommand, HelpGroup, HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_message_lang as check_lang

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
from cardforge.games.steps import Step
from cardforge.games.tricks.resolution import codes
from cardforge.i18n import Message, refusal
from cardforge.referee.live import (DB_OPTION, MATCH_OPTION, MOVE_ID_OPTION, STATE_OPTION, TABLE_OPTION,
                                   VERSION_OPTION, add_undo_command, storage_for)
from cardforge.referee.live import play as live_play
from cardforge.referee.verdict import Verdict, emit

__all__ = ["app", "parse_cards", "trick_verdict", "legal_verdict", "score_verdict", "rounds_verdict",
           "round_verdict_steps"]

GAME = "tricks"

app = typer.Typer(
    cls=HelpGroup,
    add_completion=False,
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
            raise refusal(UsageError, "error.tricks.twice", card=repr(card.code))
        seen.add(physical)
        if in_play is not None and physical not in in_play:
            raise refusal(UsageError, "error.tricks.extra_off" if players >= 7 else "error.tricks.extra_from_7",
                          card=repr(card.code), n=players)
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
        raise refusal(UsageError, "error.tricks.count", cards=len(cards), n=players)
    if names is not None and len(names) != len(cards):
        raise refusal(UsageError, "error.tricks.names")
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
            # filled by a kept position (cardforge.live.tricks); present in every answer
            "settled": True, "next": None, "won": None, "position": None,
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
        verdict.result["next"] = leader
        verdict.steps.append(Step("TRICKS-R12", verdict.summary))
    else:
        card = cards[winner].code
        verdict.summary = Message("tricks.wins_named", player=names[winner], card=card) if names \
            else Message("tricks.wins", n=winner + 1, card=card)
        verdict.result["next"] = names[winner] if names else None
        verdict.steps.append(Step("TRICKS-8.6", verdict.summary))
    return verdict


def round_verdict_steps(record: Any, config: Any, names: Sequence[str]) -> list[Step]:
    """The steps of a round the engine scored (``RoundRecord``): each bidder's points, streak
    bonus and new total, with the line of the points table applied (TRICKS-9.x, 10.x)."""
    steps = []
    for unit, bid, won, score in zip(config.units, record.bids, record.won, record.scores):
        who = [names[seat] for seat in unit]
        key = "live.tricks.round_line_bonus" if score.bonus else "live.tricks.round_line"
        steps.append(Step(bid_rule(bid, won), Message(key, players=who, bid=bid, won=won, points=score.points,
                                                       bonus=score.bonus, n=score.total)))
        if score.bonus:
            steps.append(Step(streak_rule(score.streak_after), Message("tricks.streak_bonus", n=score.streak_after,
                                                                       bonus=score.bonus)))
    return steps


def legal_verdict(trick: Sequence[Card], hand: Sequence[Card], rules: HouseRules | None = None) -> Verdict:
    """Which cards of ``hand`` may be played on ``trick`` (the cards laid so far)."""
    rules = rules or DEFAULT_RULES
    if not hand:
        raise refusal(UsageError, "error.tricks.empty_hand")
    from cardforge.deck import load_deck

    most = load_deck(GAME).players_max - 1
    if len(trick) > most:
        raise refusal(UsageError, "error.tricks.trick_long", n=len(trick), players=most + 1, most=most)
    for card in trick:
        if card.action == "numx" and card.value is None:
            raise refusal(UsageError, "error.tricks.numx")
    hand = [c.undeclared() for c in hand]
    legal = legal_plays(trick, hand, rules)
    target = follow_target(trick, rules)
    verdict = Verdict(
        GAME,
        Message("tricks.q.legal", trick=codes(trick), hand=codes(hand)) if trick
        else Message("tricks.q.legal_empty", hand=codes(hand)),
        {"legal": [c.code for c in legal], "target": target, "trick": [c.code for c in trick],
         "hand": [c.code for c in hand]},
    )
    all_options = legal_plays([], hand, rules)
    gone = [trick[p] for p in cancelled_positions(trick, rules)] if rules.follow_target == "valid" else []
    cancelled = Message("tricks.cancelled_note", cards=codes(gone)) if gone else ""
    if not trick:
        verdict.say("TRICKS-8.1", "tricks.lead_any")
    elif target is None:
        verdict.say("TRICKS-R5", "tricks.no_value", cancelled=cancelled)
    else:
        what = Message("tricks.target_played") if rules.follow_target == "played" \
            else Message("tricks.target_valid", cancelled=cancelled)
        verdict.say("TRICKS-R5", "tricks.target", n=target, what=what)
        if any(c.action == "flip" for c in trick):
            verdict.say("TRICKS-6.3", "tricks.flip_still_higher")
        higher = [c for c in all_options if c.value is not None and c.value > target
                  and (c.is_numbered or rules.action_cards == "follow")]
        if not higher:
            verdict.say("TRICKS-5.1", "tricks.none_higher", n=target)
        else:
            verdict.say("TRICKS-5.1", "tricks.must_higher", cards=codes(higher))
            laid = {c.value for c in trick if c.is_numbered}
            equal = [c for c in legal if c.is_numbered and c.value in laid]
            if equal:
                verdict.say("TRICKS-5.2", "tricks.equal_allowed", cards=codes(equal))
            actions = [c for c in all_options if c.is_action]
            if actions:
                if rules.action_cards == "always":
                    verdict.say("TRICKS-R4", "tricks.actions_always", cards=codes(actions))
                else:
                    verdict.say("TRICKS-R4", "tricks.actions_follow")
    if any(c.action == "numx" for c in legal):
        verdict.say("TRICKS-6.2", "tricks.numx_declared")
    verdict.summary = Message("tricks.legal", cards=codes(legal))
    return verdict


def score_verdict(bid: int, won: int, cards: int, streak: int | None = None,
                  rules: HouseRules | None = None, *, final: bool = False) -> Verdict:
    """One player's points for a round; with ``streak`` (exact bids in a row before it), the
    streak bonus too.  JSON: ``streak``, ``streak_after``, ``bonus``, ``total`` are always
    present (``null`` without a streak)."""
    rules = rules or DEFAULT_RULES
    score = round_points(bid, won, cards, streak or 0, rules, final=final)  # validates the numbers
    points = bid_points(bid, won, cards)
    line = bid_rule(bid, won)
    formula = {"TRICKS-9.1": "tricks.f.exact", "TRICKS-9.2": "tricks.f.missed",
               "TRICKS-9.3": "tricks.f.zero_made", "TRICKS-9.4": "tricks.f.zero_missed"}[line]
    verdict = Verdict(GAME, Message("tricks.q.score_streak" if streak is not None else "tricks.q.score",
                                    bid=bid, won=won, cards=cards, streak=streak),
                      {"bid": bid, "won": won, "cards": cards, "points": points,
                       "streak": streak, "streak_after": None, "bonus": None, "total": None})
    verdict.say(line, formula, bid=bid, won=won, cards=cards, n=points)
    if line == "TRICKS-9.3":
        verdict.say("TRICKS-R16", "tricks.round_cards", cards=cards)
    verdict.summary = Message("tricks.points", n=points)
    if streak is None:
        return verdict
    verdict.result.update({"streak": streak, "streak_after": score.streak_after, "bonus": score.bonus, "total": score.total})
    if bid == won:
        verdict.say("TRICKS-10.1", "tricks.streak_grows", before=streak, after=score.streak_after)
    else:
        verdict.say("TRICKS-10.10", "tricks.streak_reset")
    if rules.streak_payout == "each_round":
        if score.bonus:
            verdict.say(streak_rule(score.streak_after), "tricks.streak_bonus", n=score.streak_after, bonus=score.bonus)
        verdict.say("TRICKS-R14", "tricks.one_line")
    else:
        paid = streak if bid != won else score.streak_after
        verdict.say("TRICKS-R14", "tricks.paid_once_for" if score.bonus else "tricks.paid_once",
                    bonus=score.bonus, n=paid)
    verdict.summary = Message("tricks.points_bonus", points=points, bonus=score.bonus, n=score.total,
                              streak=score.streak_after)
    return verdict


def rounds_verdict(players: int, rules: HouseRules | None = None, *, start_cards: int = 1,
                   team: bool = False) -> Verdict:
    """How many cards each round deals, and the reserve left, for a table of ``players``."""
    rules = rules or DEFAULT_RULES
    check_players(players, team)
    deck = len(deck_for(players, rules))
    schedule = round_schedule(players, deck, start_cards=start_cards, team=team, rules=rules)
    verdict = Verdict(GAME, Message("tricks.q.rounds_team" if team else "tricks.q.rounds", n=players),
                      {"players": players, "deck": deck, "rounds": list(schedule),
                       "reserve": [deck - players * n for n in schedule]})
    if players >= 7:
        verdict.say("TRICKS-3.1" if rules.extra_family else "TRICKS-R19",
                    "tricks.deck_extra" if rules.extra_family else "tricks.deck_no_extra", n=deck)
    if team:
        verdict.say("TRICKS-11.2", "tricks.team_deal")
        verdict.say("TRICKS-11.6", "tricks.team_rounds")
    else:
        verdict.say("TRICKS-2.1", "tricks.first_deal", n=start_cards)
        verdict.say("TRICKS-R1", "tricks.last_deal_reserve" if rules.last_round == "reserve" else "tricks.last_deal_full",
                    n=schedule[-1])
    verdict.summary = Message("tricks.schedule", n=len(schedule), deals=", ".join(map(str, schedule)),
                              last=schedule[-1])
    return verdict


# -- commands ------------------------------------------------------------------------------------

#: The house rules each command applies (any other key is refused, never ignored).
HOUSE_KEYS = {
    "trick": ("triple_annulation", "flip_quantique", "quantique_fallback", "no_winner_lead", "extra_family"),
    "legal": ("action_cards", "follow_target", "equal_value", "triple_annulation"),
    "score": ("streak_payout", "streak_beyond_7"),
    "rounds": ("last_round", "extra_family"),
    # a game played through the engine (``play``, or ``trick`` on a kept game): every rule
    "play": tuple(f.name for f in dataclasses.fields(HouseRules)),
}


def _house(pairs: list[str] | None, command: str, typed: str | None = None) -> HouseRules:
    """The house rules given, refusing the keys ``command`` does not apply (named as ``typed``)."""
    return parse_house_rules(HouseRules, pairs, applies=HOUSE_KEYS[command],
                             where=f"'referee tricks {typed or command}'")


def _emit(verdict: Verdict, as_json: bool, lang: str) -> None:
    emit(verdict, as_json=as_json, lang=check_lang(lang))



@app.command("trick", cls=HelpCommand)
def trick(
    ctx: typer.Context,
    cards: list[str] = typer.Argument(..., click_type=ARGUMENT_TEXT, metavar="CARD...|PLAYER=CARD...",
                                      help="The trick's cards in play order, the leader's first: "
                                           "RB12 SH3 … or, by name, Ana=RB12 Ben=SH3 …"),
    players: int | None = typer.Option(None, "--players", "-p", metavar="N", help="Players at the table (default: number of cards)."),
    start_cards: int | None = typer.Option(None, "--start-cards", metavar="N", help="Kept game: cards dealt in round 1 (TRICKS-2.1)."),
    rounds: int | None = typer.Option(None, "--rounds", metavar="N", help="Kept game: fewer rounds than the rules' maximum (TRICKS-R1)."),
    team: bool | None = typer.Option(None, "--team/--no-team", help="Kept game: the team variant (TRICKS-11)."),
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
    """Who wins a trick, with the annulations and action cards applied in order.

    With --state or --table the whole game is kept (also as 'referee tricks play'): the bids
    start each round (Ana=bid=1 Ben=bid=0 …), the hands dealt may be given (Ana=hand=RB3,SH12;
    a hand not given stays hidden), partners pass in the team variant (Ana=pass=RB3,SH5); cards
    may be laid a few at a time (Ana=RB12, then Ben=SH3 …), the trick is settled when every seat
    has laid, the winner leads the next one, each round is scored and the game's winner named.

    Example: cardforge referee tricks trick Ana=RB13 Ben=RB2 Chloé=SH13 Dan=flip
    """
    storage = storage_for(state, table, db, match)
    kept = storage is not None or ctx.info_name == "play"  # 'play' without a store: a game on the command line
    rules = _house(house, "play" if kept else "trick", ctx.info_name)
    named = any("=" in c and not c.lower().startswith("numx=") for c in cards)
    entry = next((c for c in cards if c.partition("=")[2].partition("=")[0].lower() in ("bid", "hand", "pass")
                  or c.partition("=")[0].lower() in ("bid", "hand", "pass")), None)
    if not kept and entry is not None:
        raise refusal(UsageError, "error.tricks.live_only", token=entry)
    if kept:
        game = {"count": players, "start_cards": start_cards, "rounds": rounds, "team": team}
        _emit(live_play(GAME, storage, cards, _fixed(game), house=house or (), version=on, move_id=move_id),
              as_json, lang)
        return
    if named:
        from cardforge.live.base import seated

        pairs = seated(cards, "card", "Ana=RB12")
        names = [n for n, _ in pairs]
        count = len(pairs) if players is None else players
        played = parse_cards([c for _, c in pairs], players=count, rules=rules)
        check_players(count)
        _emit(trick_verdict(played, count, rules, names), as_json, lang)
        return
    from cardforge.cards import split_cards

    tokens = split_cards(cards)  # "RB12 SH3", "RB12,SH3" or one card per argument
    count = len(tokens) if players is None else players
    played = parse_cards(tokens, players=count, rules=rules)  # a bad card is the first thing to report
    check_players(count)
    _emit(trick_verdict(played, count, rules), as_json, lang)


add_undo_command(app, GAME)
app.command("play", cls=HelpCommand, help="A game of Num Plis move by move: bids, hands dealt, passes, cards laid, every "
                         "house rule applied; kept between calls with --state or --table (the same as "
                         "'trick' then), else the moves given make one game.\n\n"
                         "Example: cardforge referee tricks play --state soir.json --rounds 2 "
                         "Ana=bid=1 Ben=bid=0 Chloé=bid=0")(trick)


def _fixed(options: dict[str, int | bool | None]):
    """``--players``, ``--start-cards``, ``--rounds``, ``--team`` on a kept game: the options of
    a new game, refused once the game has started with others."""
    given = {k: v for k, v in options.items() if v is not None}

    def prepare(position):
        for key, value in given.items():
            started = position.option(key)
            if key == "count" and position.players:
                started = len(position.players)
            if (position.history or key == "count") and started is not None and started != value:
                what = "--players" if key == "count" else "--" + key.replace("_", "-")
                raise refusal(UsageError, "error.tricks.count_fixed" if key == "count" else "error.tricks.option_fixed",
                              n=started, given=value, option=what)
        changes = {k: v for k, v in given.items() if position.option(k) != v and not (k == "count" and position.players)}
        return position.replace(**changes) if changes else position

    return prepare


@app.command("legal", cls=HelpCommand)
def legal(
    trick_cards: str = typer.Option("", "--trick", "-t", metavar="CARDS", help='Cards already in the trick, e.g. "RB10 SH4".'),
    hand: str = typer.Option(..., "--hand", metavar="CARDS", help='Cards in your hand, e.g. "RB3 SH12 flip".'),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """Which cards of a hand may be played now.

    Example: cardforge referee tricks legal --trick "RB10 SH4" --hand "RB3 SH12 flip"
    """
    rules = _house(house, "legal")
    laid = parse_cards(trick_cards, rules=rules)
    held = parse_cards(hand, rules=rules, taken=laid)
    _emit(legal_verdict(laid, held, rules), as_json, lang)


@app.command("score", cls=HelpCommand)
def score(
    bid: int = typer.Option(..., "--bid", "-b", metavar="N", help="Tricks bid."),
    won: int = typer.Option(..., "--won", "-w", metavar="N", help="Tricks won."),
    cards: int = typer.Option(..., "--cards", "-c", metavar="N", help="Cards dealt to each player this round."),
    streak: int | None = typer.Option(None, "--streak", "-s", metavar="N", help="Exact bids in a row before this round."),
    final: bool = typer.Option(False, "--final", help="This is the game's last round (streak_payout=once)."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """A round's points for one player, and the streak bonus with --streak.

    Example: cardforge referee tricks score --bid 2 --won 2 --cards 5 --streak 1
    """
    _emit(score_verdict(bid, won, cards, streak, _house(house, "score"), final=final), as_json, lang)


@app.command("rounds", cls=HelpCommand)
def rounds(
    players: int = typer.Option(..., "--players", "-p", metavar="N", help="Players at the table."),
    start_cards: int = typer.Option(1, "--start-cards", metavar="N", help="Cards dealt in round 1."),
    team: bool = typer.Option(False, "--team", help="The team variant."),
    house: list[str] = HOUSE_OPTION,
    as_json: bool = JSON_OPTION,
    lang: str = LANG_OPTION,
) -> None:
    """How many rounds a game has and how many cards each deals.

    Example: cardforge referee tricks rounds --players 5
    """
    _emit(rounds_verdict(players, _house(house, "rounds"), start_cards=start_cards, team=team), as_json, lang)
