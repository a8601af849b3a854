"""Pieces shared by the ``sequence`` and ``collection`` referees: command-line options, cards
checked against the game's deck, and the STOP check verdict both games use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import typer

from cardforge.cards import Card
from cardforge.options import ARGUMENT_TEXT, HelpCommand, HOUSE_OPTION, JSON_OPTION, LANG_OPTION, check_message_lang as check_lang, completion
from cardforge.errors import CardCodeError, UsageError
from cardforge.games.pushluck import SequenceCheck, sequence_points
from cardforge.i18n import Message, localised, refusal
from cardforge.referee.live import (DB_OPTION, MATCH_OPTION, MOVE_ID_OPTION, STATE_OPTION, TABLE_OPTION, VERSION_OPTION,
                                    storage_for)
from cardforge.referee.live import play as live_play
from cardforge.referee.verdict import Verdict

__all__ = ["JSON_OPTION", "LANG_OPTION", "HOUSE_OPTION", "MODE_OPTION", "check_lang", "check_mode", "parse_table_cards",
           "stop_verdict", "add_play_command"]

MODE_OPTION = typer.Option("classic", "--mode", metavar="MODE", autocompletion=completion("modes"), help="classic or discovery (French: classique, découverte).")

#: Mode names a table may write, French included, → the mode.
_MODES = {"classic": "classic", "discovery": "discovery", "classique": "classic", "decouverte": "discovery",
          "découverte": "discovery"}


def check_mode(mode: str) -> str:
    """The mode named (``classic``/``discovery``, or the sheet's French ``classique``/``découverte``)."""
    found = _MODES.get(mode.strip().lower())
    if found is None:
        raise refusal(UsageError, "error.mode", mode=repr(mode))
    return found


def parse_table_cards(game: str, tokens: Sequence[str], mode: str | None = None) -> list[Card]:
    """Card codes checked against ``game``'s deck (in ``mode``, when given: Discovery has no
    action cards), including how many copies it holds."""
    from cardforge.deck import load_deck

    deck = load_deck(game)
    if not tokens:
        raise refusal(UsageError, "error.no_cards")
    cards = deck.parse_many(list(tokens))
    if mode is not None:
        held = deck.counts(mode=mode)
        for card in dict.fromkeys(c.undeclared() for c in cards):
            if not held[card]:
                key = "error.mode.no_actions" if card.is_action else "error.mode.no_card"
                message = Message(key, card=repr(card.code), game=deck.title, mode=Message(f"mode.{mode}"))
                raise localised(CardCodeError(message.text("en"), card.code), message)
    deck.check_copies(cards, mode=mode)
    return cards


def stop_verdict(game: str, cards: Sequence[Card], check: SequenceCheck, mode: str | None, cites: Mapping[str, str]) -> Verdict:
    """A verdict on one sequence: STOP or not, why, and (when ``mode`` is given: ``sequence``
    scores sequences, ``collection`` does not) what it scores if secured now.

    JSON positions (``index``, ``saved``) count the cards given from 1."""
    codes = " ".join(c.code for c in cards)
    verdict = Verdict(
        game=game,
        question=Message("seq.q.mode", cards=codes, mode=Message(f"mode.{mode}")) if mode
        else Message("seq.q", cards=codes),
        result={
            "stop": check.stop,
            "reason": check.reason,
            "index": check.index + 1 if check.index is not None else None,
            "card": cards[check.index].code if check.index is not None else None,
            "lost": check.stop and check.lost,
            "sequence": [c.code for c in check.kept],
            "saved": [i + 1 for i in check.saved],
            "extra_draws": check.extra_draws,
            "securable": not check.stop and not check.extra_draws,
        },
    )
    for step in check.steps:
        verdict.add(step.rule, step.message)
    reason = Message(f"seq.reason.{check.reason}") if check.reason else ""
    if check.stop and check.lost:
        verdict.summary = Message("seq.stop_lost", reason=reason, card=cards[check.index].code)
    elif check.stop:
        verdict.summary = Message("seq.stop_turn", reason=reason, card=cards[check.index].code)
    elif check.extra_draws:
        verdict.summary = Message("seq.owed", n=check.extra_draws)
        if cards[-1].action == "joker":  # a Joker that saved a STOP: "rejouez immédiatement"
            verdict.say(cites["joker"], "seq.owed_joker")
        else:
            verdict.say(cites["rainbow"], "seq.owed_step", n=check.extra_draws)
    else:
        verdict.summary = Message("seq.securable")
    if mode:
        _add_points(verdict, check, mode, cites)
    return verdict


def _add_points(verdict: Verdict, check: SequenceCheck, mode: str, cites: Mapping[str, str]) -> None:
    """What the sequence scores if secured now: 0 after a STOP that costs it, else face values
    or cards (after a ``stop_cost=turn`` STOP, of the cards still open)."""
    points = 0 if check.stop and check.lost else sequence_points(check.kept, mode)
    verdict.result["points"] = points
    verdict.result["mode"] = mode
    if check.stop and check.lost:
        verdict.summary = Message("seq.then", first=verdict.summary, then=Message("points", n=0))
        return
    key = "seq.points_discovery" if mode == "discovery" else "seq.points_classic"
    verdict.say(cites["points_discovery" if mode == "discovery" else "points_classic"], key, n=points)
    key = "seq.then_would_score" if check.extra_draws and not check.stop else "seq.then_scores"
    verdict.summary = Message(key, first=verdict.summary, n=points)


def add_play_command(app: typer.Typer, game: str) -> None:
    """Register ``referee <game> play``: one move on a kept position (``cardforge.live``), card
    by card — ``Ana=R3`` (drawn), ``Ana=joker``, ``Ana=secure``.  Every house rule of the game
    applies: the match is played on the engine, which plays them all."""
    def play(
        move: list[str] = typer.Argument(None, click_type=ARGUMENT_TEXT, metavar="PLAYER=CARDS|PLAYER=secure",
                                         help="What the player to act does: cards turned over (Ana=R3, "
                                              "Ana=R3@B), Ana=secure, Ana=end, Ana=keep, Ana=play:double>Ben, "
                                              "Ana=joker after a STOP (docs/notation.md)."),
        mode: str = MODE_OPTION,
        players: str = typer.Option("", "--players", metavar="NAMES",
                                    help="The players in seat order (Ana,Ben,Chloé), for the first move of a game."),
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
        import dataclasses

        from cardforge.games.house import parse_house_rules
        from cardforge.referee.verdict import emit

        check_lang(lang)
        chosen = check_mode(mode)
        module = __import__(f"cardforge.games.{game}", fromlist=["HouseRules"])
        parse_house_rules(module.HouseRules, house)  # a bad key or value refused before the store is read

        seats = tuple(n.strip() for n in players.split(",") if n.strip())

        def prepare(position):  # a game under way keeps its seats and mode
            if position.history:
                return position
            position = position.replace(mode=chosen)
            return dataclasses.replace(position, players=seats) if seats else position

        emit(live_play(game, storage_for(state, table, db, match), move or [], prepare, house=house or (),
                       version=on, move_id=move_id), as_json=as_json, lang=lang)

    play.__doc__ = (f"A game of {game} move by move, as the table plays it: whose turn it is, every action card, "
                    "STOPs, rounds and the winner. With --state or --table the game is kept between calls.\n\n"
                    f"Example: cardforge referee {game} play --state soir.json --players Ana,Ben Ana=R3")
    app.command("play", cls=HelpCommand)(play)
