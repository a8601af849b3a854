"""Words of ``sequence`` and ``collection`` fixed at their root in the catalogue (issue #25): no
internal id inside a French sentence, a draw owed to a Joker not called a Rainbow's, an action
card never shown in a sequence."""

from __future__ import annotations

import pytest

from tests.test_sequence_referee import run


@pytest.mark.parametrize("argv, said", [
    (("sequence", "check", "R3", "R3"), "le paquet de Num Séquence en a 1 exemplaire"),
    (("collection", "check", "--mode", "discovery", "R3", "joker"), "en mode découverte de Num Collection"),
    (("sequence", "check", "R3", "RB99"), "dans Num Séquence, les valeurs"),
])
def test_french_names_the_game_not_its_id(capsys, argv, said):
    code, _, err = run(capsys, "referee", *argv, "--lang", "fr")
    assert code == 2 and said in err and " sequence" not in err and " collection" not in err


def test_an_action_card_drawn_is_never_shown_in_the_open_sequence():
    """Issue #25: "simple is an action card: it never enters the sequence" was followed by
    "open sequence: R3 simple"."""
    from cardforge.live import apply, new_position

    position = new_position("sequence", ("Ana", "Ben"))
    position, _ = apply(position, position.parse_move(["Ana=R3"]))
    position, verdict = apply(position, position.parse_move(["Ana=simple"]))
    board = [line.text() for line in verdict.board]
    assert "never enters the sequence" in verdict.steps[0].text()
    assert board[0].startswith("Ana: open R3; ") and "simple" not in board[0].split(";")[0]
    assert "n'entre jamais dans la séquence" in verdict.steps[0].text("fr")


def test_a_draw_owed_to_a_joker_is_not_called_a_rainbows():
    from cardforge.live import apply, new_position

    position = new_position("collection", ("Ana", "Ben"))
    for token in ("Ana=joker", "Ana=keep", "Ana=R3", "Ana=G3", "Ana=joker"):
        position, verdict = apply(position, position.parse_move([token]))
    assert "Rainbow" not in verdict.summary.text() and "Joker" in verdict.summary.text()
    with pytest.raises(Exception, match="Ana must draw again first: the Joker") as refused:
        apply(position, position.parse_move(["Ana=secure"]))
    assert "Rainbow" not in refused.value.message.text("fr") and "Joker" in refused.value.message.text("fr")
