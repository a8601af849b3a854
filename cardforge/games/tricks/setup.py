"""Who plays Num Plis with which cards, over how many rounds: the deck in play for a player
count, the allowed player counts and the rounds' schedule — what the referee and the score
sheet need without the engine (``state``)."""

from __future__ import annotations

from cardforge.cards import Card
from cardforge.errors import UsageError
from cardforge.i18n import refusal
from cardforge.games.tricks.house_rules import DEFAULT_RULES, HouseRules

__all__ = ["TEAM_CARDS", "PASS_COUNT", "TEAM_ROUNDS", "OPTIONS", "deck_for", "check_players", "round_schedule"]

#: the options of ``new_game`` beside ``rules`` (``cardforge.games.option_names``); any other
#: keyword is a house rule
OPTIONS = ("team", "start_cards", "rounds", "deck_edit")

#: Team variant: 6 cards each, 2 passed, 5 rounds (TRICKS-11.2, 11.3, 11.6).
TEAM_CARDS, PASS_COUNT, TEAM_ROUNDS = 6, 2, 5


def deck_for(players: int, rules: HouseRules = DEFAULT_RULES) -> list[Card]:
    """The physical cards in play: the extra family from 7 players unless switched off
    (TRICKS-3.1, ruling TRICKS-R19)."""
    from cardforge.deck import load_deck

    return load_deck("tricks").cards(players if rules.extra_family else None)


def _player_range(team: bool) -> tuple[int, int]:
    from cardforge.deck import load_deck

    deck = load_deck("tricks")
    return (4, 8) if team else (deck.players_min, deck.players_max)


def check_players(players: int, team: bool = False) -> None:
    """``UsageError`` unless the player count is allowed (ruling TRICKS-R13)."""
    low, high = _player_range(team)
    if not isinstance(players, int) or not low <= players <= high or (team and players % 2):
        if team:
            raise refusal(UsageError, "error.tricks.team_players", n=repr(players))
        raise refusal(UsageError, "error.tricks.players", low=low, high=high, n=repr(players))


def round_schedule(
    players: int, deck_size: int, *, start_cards: int = 1, rounds: int | None = None,
    team: bool = False, rules: HouseRules = DEFAULT_RULES,
) -> tuple[int, ...]:
    """Cards dealt to each player in each round (TRICKS-2.1, ruling TRICKS-R1; team: 11.2, 11.6)."""
    if team:
        if rounds is not None and rounds < 1:
            raise refusal(UsageError, "error.tricks.team_rounds", rounds=repr(rounds))
        return (TEAM_CARDS,) * (TEAM_ROUNDS if rounds is None else rounds)
    largest = deck_size // players if rules.last_round == "full" else (deck_size - 1) // players
    if not 1 <= start_cards <= largest:
        raise refusal(UsageError, "error.tricks.start_cards", largest=largest, players=players, given=repr(start_cards))
    count = largest - start_cards + 1 if rounds is None else rounds
    if not 1 <= count <= largest - start_cards + 1:
        raise refusal(UsageError, "error.tricks.rounds", most=largest - start_cards + 1, players=players,
                      start=start_cards, given=repr(rounds))
    return tuple(range(start_cards, start_cards + count))
