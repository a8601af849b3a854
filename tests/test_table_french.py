"""The score sheet speaks the table's language: ``--lang fr`` on every ``table`` command gives
the sheet, the next round, the outcome and its reason, the headlines and the refusals in
French — the same sheet the English one shows, no English word left in between."""

from __future__ import annotations

import pytest

from cardforge.i18n import say
from table_helpers import keeper, sheet  # noqa: F401  (fixtures)


def _new(sheet, game: str, players: str, *extra: str, lang: str = "fr") -> str:
    return sheet.ok("new", game, "--players", players, *extra, "--lang", lang).out.strip()


@pytest.mark.parametrize("game, players, fr, en", [
    ("rows", "Ana,Ben", "manche 1 (le premier à 3 manches gagnées l'emporte)", "round 1 (first to 3 round wins)"),
    ("tricks", "Ana,Ben,Chloé", "manche 1 sur 11 : 1 carte chacun", "round 1 of 11: 1 card each"),
    ("numwin", "Ana,Ben", "manche 1 sur 2 : Ana distribue", "round 1 of 2: Ana deals"),
    ("sequence", "Ana,Ben", "manche 1 sur 3", "round 1 of 3"),
])
def test_a_new_match_says_the_next_round_in_french(sheet, game, players, fr, en):
    assert _new(sheet, game, players) == f"partie commencée : Partie 1 · {game} · à suivre : {fr}"
    assert sheet.ok("show", "--json").json()["next_round"] == en  # JSON keeps the English text


def test_the_french_sheet_names_its_rows_and_the_outcome_says_why_in_french(sheet):
    _new(sheet, "rows", "Ana,Ben")
    for _ in range(2):
        assert "enregistrée" in sheet.ok("round", "Ana=R5,B3", "Ben=SH4", "--lang", "fr").out
    out = sheet.ok("round", "Ana=R9", "Ben=-", "--lang", "fr").out
    assert out.startswith("manche 3 enregistrée")
    assert "Manche" in out and "Manches gagnées" in out and "Round" not in out
    assert "Partie 1 · rows · terminée : Ana gagne (Ana a gagné 3 manches) [ROWS-7.4]" in " ".join(out.split())
    english = " ".join(sheet.ok("show").out.split())
    assert "Match 1 · rows · over: Ana wins (Ana won 3 rounds) [ROWS-7.4]" in english and "Rounds won" in english
    assert sheet.show()["reason"] == "Ana won 3 rounds"


def test_a_shared_win_is_said_in_french(keeper):
    keeper.new_match("numwin", "Ana,Ben")
    for _ in range(2):
        standings = keeper.record_round(["Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G6"], {})
    from cardforge.table.display import status_line

    assert status_line(standings, "fr").endswith(
        "terminée : Ana et Ben gagnent (chaque joueur a distribué une fois ; le plus petit total "
        "(égalité : la victoire est partagée)) [NUMWIN-8.1, NUMWIN-8.3, NUMWIN-R15]")
    assert say(standings.outcome.reason) == "every player dealt once; lowest total (a tie: the win is shared)"


@pytest.mark.parametrize("args, fr", [
    (("Ana=R5", "Bne=SH4"), "'Bne=SH4' : 'Bne' ne joue pas dans cette partie ; vouliez-vous dire 'Ben' ?"),
    (("Ana=R5", "Ana=B3"), "'Ana=B3' : Ana est donné deux fois dans cette manche"),
    (("Ana=R5", "Zoé=B3"), "'Zoé=B3' : 'Zoé' ne joue pas dans cette partie (joueurs : Ana et Ben)"),
])
def test_a_refused_round_is_refused_in_french(sheet, args, fr):
    _new(sheet, "rows", "Ana,Ben")
    err = sheet.refused("round", *args, "--lang", "fr")
    assert err.strip() == f"cardforge : erreur : {fr}"


def test_an_over_match_refuses_a_round_in_french(sheet):
    _new(sheet, "numwin", "Ana,Ben")
    for _ in range(2):
        sheet.ok("round", "Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G7")
    err = sheet.refused("round", "Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G7", "--lang", "fr")
    assert "la partie 1 est terminée (chaque joueur a distribué une fois ; le plus petit total)" in err


def test_the_list_of_matches_in_french(sheet):
    assert "aucune partie pour l'instant" in sheet.ok("list", "--lang", "fr").out
    _new(sheet, "rows", "Ana,Ben")
    out = sheet.ok("list", "--lang", "fr").out
    assert "Feuilles de score" in out and "joueurs" in out and "en cours" in out and "status" not in out


def test_an_unknown_language_is_refused(sheet):
    sheet.refused("show", "--lang", "de", says="unknown language 'de'")
