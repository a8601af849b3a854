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
