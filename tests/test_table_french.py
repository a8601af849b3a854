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
    ("tricks", "Ana,Ben,Chloé", "manche 1 sur 11 : 1 carte chacun", "round 1 of 11: 1 card each"),
    ("numwin", "Ana,Ben", "manche 1 sur 2 : Ana distribue", "round 1 of 2: Ana deals"),
    ("sequence", "Ana,Ben", "manche 1 sur 3", "round 1 of 3"),
])
def test_a_new_match_says_the_next_round_in_french(sheet, game, players, fr, en):
    assert _new(sheet, game, players) == f"partie commencée : Partie 1 · {game} · à suivre : {fr}"
    assert sheet.ok("show", "--json").json()["next_round"] == en  # JSON keeps the English text


def test_the_french_sheet_names_its_rows_and_the_outcome_says_why_in_french(sheet):
    _new(sheet, "rows", "Ana,Ben")
    for _ in range(2):
        assert "enregistrée" in sheet.ok("round", "Ana=R5,B3", "Ben=SH4", "--lang", "fr").out
    out = sheet.ok("round", "Ana=R9", "Ben=-", "--lang", "fr").out
    assert out.startswith("manche 3 enregistrée")
    assert "Manche" in out and "Manches gagnées" in out and "Round" not in out
    assert "Partie 1 · rows · terminée : Ana gagne (Ana a gagné 3 manches) [ROWS-7.4]" in " ".join(out.split())
    remembered = " ".join(sheet.ok("show").out.split())  # the match keeps the language it started in
    assert "Partie 1 · rows · terminée" in remembered and "Num Rangées — partie 1" in remembered
    english = " ".join(sheet.ok("show", "--lang", "en").out.split())
    assert "Match 1 · rows · over: Ana wins (Ana won 3 rounds) [ROWS-7.4]" in english and "Rounds won" in english
    assert sheet.show()["reason"] == "Ana won 3 rounds"


def test_a_shared_win_is_said_in_french(keeper):
    keeper.new_match("numwin", "Ana,Ben")
    for _ in range(2):
        standings = keeper.record_round(["Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G6"], {})
    from cardforge.table.display import status_line

    assert status_line(standings, "fr").endswith(
        "terminée : Ana et Ben gagnent (chaque joueur a distribué une fois ; le plus petit total "
        "(égalité : la victoire est partagée)) [NUMWIN-8.1, NUMWIN-8.3, NUMWIN-R15]")
    assert say(standings.outcome.reason) == "every player dealt once; lowest total (a tie: the win is shared)"


@pytest.mark.parametrize("args, fr", [
    (("Ana=R5", "Bne=SH4"), "'Bne=SH4' : 'Bne' ne joue pas dans cette partie ; vouliez-vous dire 'Ben' ?"),
    (("Ana=R5", "Ana=B3"), "'Ana=B3' : Ana est donné deux fois dans cette manche"),
    (("Ana=R5", "Zoé=B3"), "'Zoé=B3' : 'Zoé' ne joue pas dans cette partie (joueurs : Ana et Ben)"),
])
def test_a_refused_round_is_refused_in_french(sheet, args, fr):
    _new(sheet, "rows", "Ana,Ben")
    err = sheet.refused("round", *args, "--lang", "fr")
    assert err.strip() == f"cardforge : erreur : {fr}"


def test_an_over_match_refuses_a_round_in_french(sheet):
    _new(sheet, "numwin", "Ana,Ben")
    for _ in range(2):
        sheet.ok("round", "Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G7")
    err = sheet.refused("round", "Ana=R1,R2,R3,R4,R6", "Ben=G1,G2,G3,G4,G7", "--lang", "fr")
    assert "la partie 1 est terminée (chaque joueur a distribué une fois ; le plus petit total)" in err


def test_the_list_of_matches_in_french(sheet):
    assert "aucune partie pour l'instant" in sheet.ok("list", "--lang", "fr").out
    _new(sheet, "rows", "Ana,Ben")
    out = sheet.ok("list", "--lang", "fr").out
    assert "Feuilles de score" in out and "joueurs" in out and "en cours" in out and "status" not in out


def test_an_unknown_language_is_refused(sheet):
    sheet.refused("show", "--lang", "de", says="unknown language 'de'")


@pytest.mark.parametrize("game, players, args, fr", [
    ("sequence", "Ana,Ben", ("Ana=R5,R6,R7",),
     "Ana=R5,R6,R7 : cette séquence a fait STOP (couleur sur R7) et ne rapporte rien ; retirez-la"),
    ("tricks", "Ana,Ben,Chloé", ("Ana=1/1", "Ben=0/1", "Chloé=0/0"),
     "la manche 1 compte 1 pli (1 carte chacun) mais les plis faits font 2 ; indiquez --void N pour les plis "
     "que personne n'a gagnés (Flash) (TABLE-R1)"),
    ("tricks", "Ana,Ben,Chloé", ("Ana=1/x", "Ben=0/1", "Chloé=0/0"),
     "Ana='1/x' : attendu ANNONCE/PLIS, deux nombres entiers, par ex. Ana=2/1"),
    ("tricks", "Ana,Ben,Chloé", (),
     "aucun résultat donné : attendu NOM=ANNONCE/PLIS (l'annonce, puis les plis faits) pour chaque joueur, "
     "par ex. Ana=1/1 Ben=0/0 Chloé=1/0"),
    ("numwin", "Ana,Ben", ("Ana=R1", "Ben=R2"),
     "Ana='R1' : un combo final a au moins 5 cartes, 1 donnée (un joueur qui n'a pas 5 cartes pioche pour "
     "compléter, NUMWIN-6.3)"),
    ("collection", "Ana,Ben", ("Ana=paire:R1,G1", "Ana=paire:R2,G2"),
     "Ana='paire:R2,G2' : pair est donné deux fois pour Ana dans cette manche"),
])
def test_each_game_refuses_a_round_in_french(sheet, game, players, args, fr):
    _new(sheet, game, players)
    if args:
        err = sheet.refused("round", *args, "--lang", "fr")
    else:  # typer needs one argument: the empty round is checked in-process
        from cardforge.errors import UsageError
        from cardforge.table.scorekeeper import Scorekeeper
        from cardforge.table.store import Store

        with Store(sheet.db) as store, pytest.raises(UsageError) as caught:
            Scorekeeper(store).record_round([], {})
        err = "cardforge : erreur : " + caught.value.message.text("fr")
    assert err.strip() == f"cardforge : erreur : {fr}"
