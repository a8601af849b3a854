"""Num Plis refusals and steps as a table reads them (issue 25, item 6): French under --lang fr,
a card played earlier said to be played (not "given twice"), seats without a name in French."""

from __future__ import annotations

import pytest

from cardforge.cli import main
from cardforge.errors import UsageError
from cardforge.games.tricks import check_players, new_game, round_points
from cardforge.i18n import Message


def french(call, *args, **kwargs) -> str:
    with pytest.raises(UsageError) as caught:
        call(*args, **kwargs)
    return caught.value.message.text("fr")


@pytest.mark.parametrize("call, args, kwargs, expected", [
    (round_points, (2, 4, 3), {}, "plis faits 4 : impossible avec 3 cartes, attendu de 0 à 3"),
    (round_points, (4, 0, 3), {}, "l'annonce 4 est impossible avec 3 cartes"),
    (check_players, (5, True), {}, "la variante en équipes se joue à 4, 6 ou 8 joueurs, pas 5"),
    (check_players, (2,), {}, "tricks se joue de 3 à 10 joueurs, pas 2"),
    (new_game, (4,), {"team": True, "rounds": 0}, "la variante en équipes compte au moins 1 manche"),
    (new_game, (4,), {"start_cards": 40}, "start_cards va de 1 à 8 à 4 joueurs, pas 40"),
])
def test_tricks_refusals_are_french_under_lang_fr(call, args, kwargs, expected):
    assert expected in french(call, *args, **kwargs)


def test_score_with_tricks_won_out_of_range_is_french_on_the_command_line(capsys):
    with pytest.raises(SystemExit):
        main(["referee", "tricks", "score", "-b", "1", "-w", "5", "-c", "3", "--lang", "fr"])
    err = capsys.readouterr().err
    assert "plis faits 5 : impossible avec 3 cartes" in err and "tricks won" not in err


def test_a_seat_without_a_name_takes_the_article_in_french():
    """« le combo du joueur 1 », « → le joueur 1 a le plus bas score » (not « de joueur 1 »)."""
    assert Message("numwin.incomplete", player=Message("seat.n", n=1), n=2, full=5).text("fr").startswith(
        "le combo du joueur 1 a 2 cartes")
    assert Message("numwin.lowest_summary", players=[Message("seat.n", n=1)], n=3, count=1).text("fr") == \
        "le joueur 1 a le plus bas score, 3 points"
    assert Message("error.tricks.in_hand", card="RB3", player=Message("seat.n", n=2)).text("fr") == \
        "RB3 est déjà dans la main du joueur 2"
    assert Message("demo.of", player="Ana").text("fr") == "la carte d'Ana"


def test_french_steps_of_a_ruling_read_as_french_is_written(capsys):
    """« RB4, SH4 ; RB11 » (the French semicolon), one minus sign in a formula, « la carte
    distribuée » for one card (issue 25)."""
    def steps(*args):
        try:
            main(["referee", "tricks", *args, "--lang", "fr"])
        except SystemExit as exc:
            assert not exc.code
        return " ".join(capsys.readouterr().out.split())

    assert "sont retirées : RB4, SH4 ; RB11, SH11." in steps("trick", "RB4", "SH4", "RB11", "SH11")
    assert "−(10 + 5 × 1) = −15." in steps("score", "-b", "0", "-w", "1", "-c", "1")
    assert "−3 × |2 − 4| = −6." in steps("score", "-b", "2", "-w", "4", "-c", "5")
    one = steps("score", "-b", "0", "-w", "0", "-c", "1")
    assert "la carte distribuée à chaque joueur" in one and "les 1" not in one
    assert "les 3 cartes distribuées" in steps("score", "-b", "0", "-w", "0", "-c", "3")
