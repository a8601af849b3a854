"""Small helpers shared by the tricks tests: card parsing and positioned game states."""

from __future__ import annotations

from cardforge.cards import Card
from cardforge.games.tricks import HouseRules, Phase, TricksState, new_game, resolve_trick


def cards(text: str) -> list[Card]:
    """``"RB5 SH5 numx=17"`` → cards of the tricks deck."""
    from cardforge.deck import load_deck

    return load_deck("tricks").parse_many(text)


def winner(text: str, players: int | None = None, **house: str) -> str | None:
    """The winning card's code of a trick written as text (``None``: no winner)."""
    trick = cards(text)
    result = resolve_trick(trick, players or len(trick), HouseRules(**house))
    return None if result.winner is None else trick[result.winner].code


def cancelled(text: str, players: int | None = None, **house: str) -> list[str]:
    trick = cards(text)
    return [c.code for c in resolve_trick(trick, players or len(trick), HouseRules(**house)).cancelled]


def bid_all(state: TricksState, bid: int = 0) -> None:
    """Every player bids ``bid`` (the game must be in its bidding phase)."""
    assert state.phase is Phase.BID
    while state.phase is Phase.BID:
        state.apply_action(bid)


def game_with_hands(players: int, hands: list[str], **options) -> TricksState:
    """A game in its first round, bids done (0 each), with the given hands swapped in."""
    sizes = {len(h.split()) for h in hands}
    assert len(sizes) == 1, "every hand must have the same size"
    size = sizes.pop()
    state = new_game(players, seed=0, start_cards=size, **options)
    given = [cards(h) for h in hands]
    pool = [c for hand in state.hands for c in hand] + state.reserve
    wanted = {c for hand in given for c in hand}
    state.reserve = [c for c in pool if c not in wanted]
    state.hands = [list(h) for h in given]
    bid_all(state)
    return state
