"""The worked examples the issue found wrong or contradictory, each checked against the engine:
the Joker comes from the reserve (COLLECTION-R3 / SEQUENCE-R3), secured sequences hold numbered
cards only, a colour STOP is not said to cost the round's objectives (COLLECTION-R2)."""

from __future__ import annotations

import pytest

from cardforge.deck import load_deck
from cardforge.errors import IllegalActionError
from cardforge.games import pushluck
from cardforge.rulebook.examples import examples_for
from tests.pushluck_support import codes, give, play, stack

GAMES = ("collection", "sequence")


def _check(game: str, text: str, reserve):
    module = __import__(f"cardforge.games.{game}", fromlist=["CITES", "HouseRules"])
    return pushluck.check_sequence(load_deck(game).parse_many(text), module.HouseRules(), cites=module.CITES,
                                   savers=("joker",), reserve=reserve)


@pytest.mark.parametrize("game", GAMES)
def test_a_joker_after_a_stop_cannot_have_been_drawn(game):
    """Nothing is drawn after a STOP card: a Joker there is played from the reserve, so a
    reserve without one makes the sequence impossible; one in reserve, or drawn and kept
    earlier, saves it."""
    with pytest.raises(IllegalActionError, match=r"joker after SH3: nothing is drawn after a STOP.*holds nothing"):
        _check(game, "R5 SH3 joker G8", reserve=())
    assert _check(game, "R5 SH3 joker G8", reserve=("joker",)).saved == (1,)
    assert not _check(game, "joker R5 SH3 joker G8", reserve=()).stop
    assert _check(game, "R5 SH3 joker G8", reserve=None).saved == (1,)  # the referee: reserve unknown


@pytest.mark.parametrize("game", GAMES)
def test_the_joker_example_is_a_legal_playthrough(game):
    """The book's Joker example replayed move by move in the game engine: the Joker starts in
    the reserve, the Shadow stops the drawing, the Joker is played from the reserve, the draw
    it demands comes next, and the sequence is what the book says."""
    example = next(e for e in examples_for(game)[0] if e.id == f"{game}-joker")
    assert "réserve" in example.setup.fr and "reserve" in example.setup.en
    cards = list(example.before[0].codes)
    joker = cards.index("joker")
    drawn, after = cards[:joker], cards[joker + 1:]
    state = __import__(f"cardforge.games.{game}", fromlist=["new_game"]).new_game(3, seed=1)
    give(state, state.player, reserve="joker")
    stack(state, a=" ".join(drawn + after))
    play(state, *["draw A"] * len(drawn))
    assert str(state.phase) == "elimination" and "draw A" not in [state.action_to_string(m) for m in state.legal_actions()]
    play(state, "play reserve[0] joker", *["draw A"] * len(after))
    assert codes(state.sequences[state.player]) == example.facts["kept"]


def test_the_colour_stop_example_does_not_cite_the_shadow_rule():
    """COLLECTION-4.3 says "no objective this round", which COLLECTION-R2 keeps for the Shadow:
    the colour-STOP example cites R2, never 4.3."""
    example = next(e for e in examples_for("collection")[0] if e.id == "collection-colour")
    cited = set(example.rules) | {r for rules, _ in example.steps for r in rules}
    assert "COLLECTION-4.3" not in cited and "COLLECTION-R2" in cited


def test_secured_sequences_in_the_points_table_hold_numbered_cards_only():
    deck = load_deck("sequence")
    table = examples_for("sequence")[1][0]
    for row in table.rows:
        assert all(card.is_numbered for card in deck.parse_many(row[0])), row
