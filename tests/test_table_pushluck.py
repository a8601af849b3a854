"""Score sheets of Num Séquence and Num Collection (issue 9).

Séquence: "Mode Classique : additionner la valeur faciale des cartes sécurisées", "Mode
Découverte : compter le nombre de cartes sécurisées", "Fin de partie : après le nombre de
manches convenu. Le joueur avec le plus de points gagne."
Collection: the scorecard table ("Paire | 2 + plus haute carte", "Couleur | 8 (+2/carte
au-delà de 5) + plus haute carte" …), "Un objectif validé est acquis et figé pour toute la
partie", "La partie se termine dès qu'un joueur valide ses 10 objectifs — mais seulement à
l'issue de la manche en cours", "Mode Découverte : le plus d'objectifs validés gagne (points en
cas d'égalité seulement)".
"""

from __future__ import annotations

from cardforge.i18n import say

from table_helpers import keeper, refuse, sheet  # noqa: F401  (fixtures)


def test_sequence_full_match_through_the_cli(sheet):
    sheet.ok("new", "sequence", "--players", "Ana,Ben", "--rounds", "2")
    sheet.ok("round", "Ana=R5,G7,B2", "Ana=RB3,Y9", "Ben=R1,G2,R3")   # 14 + 12 | 6
    sheet.ok("round", "Ben=B10,G12")                                  # 0 | 22
    data = sheet.show()
    assert [r["points"] for r in data["rounds"]] == [{"Ana": 26, "Ben": 6}, {"Ana": 0, "Ben": 22}]
    assert data["totals"] == {"Ana": 26, "Ben": 28}
    assert data["over"] and data["winners"] == ["Ben"] and data["rules"] == ["SEQUENCE-6.3", "SEQUENCE-6.4"]


def test_sequence_discovery_counts_cards_and_rounds_default(keeper):
    """Discovery counts secured cards; without --rounds the engine's default applies (SEQUENCE-R13)."""
    from cardforge.games.sequence import DEFAULT_ROUNDS

    s = keeper.new_match("sequence", "Ana,Ben", mode="discovery")
    assert say(s.next_round) == f"round 1 of {DEFAULT_ROUNDS}"
    s = keeper.record_round(["Ana=R5,G7,B2", "Ben=R16"])
    assert s.rounds[0].points == {"Ana": 3, "Ben": 1}


def test_sequence_that_stopped_cannot_be_secured(keeper):
    """"3 cartes consécutives de même couleur" and "2 cartes consécutives de même valeur" STOP."""
    keeper.new_match("sequence", "Ana,Ben")
    refuse(keeper, ["Ana=R1,R2,R3"], "STOP (colour at R3)")
    refuse(keeper, ["Ana=R1,G1"], "STOP (value at G1)")
    refuse(keeper, ["Ana=R1,SH4"], "STOP (shadow")


def test_sequence_ending_on_a_rainbow_is_refused_unless_the_piles_were_empty(sheet):
    """SEQUENCE-R5: a Rainbow forces one more draw before securing; the obligation lapses only
    when both piles are empty, which the table writes with a last item ``secure-empty``."""
    sheet.ok("new", "sequence", "--players", "Ana,Ben")
    err = sheet.refused("round", "Ana=R3,G5,RB7", says="ends on RB7")
    assert err == ("cardforge: error: Ana=R3,G5,RB7: this sequence ends on RB7, which forces one more draw before "
                   "locking (SEQUENCE-R5); if both piles were empty, write Ana=R3,G5,RB7,secure-empty\n")
    sheet.refused("round", "Ana=R3,R5,R9,joker", says="ends on joker, which forces one more draw before locking "
                                                      "(SEQUENCE-3.14)")
    sheet.ok("round", "Ana=R3,G5,RB7,secure-empty", "Ben=RB3,Y9")
    data = sheet.show()
    assert data["rounds"][0]["points"] == {"Ana": 15, "Ben": 12}


def test_collection_full_match_in_discovery_through_the_cli(sheet):
    sheet.ok("new", "collection", "--players", "Ana,Ben", "--mode", "discovery")
    sheet.ok("round", "Ben=flush:G1,G2,G3,G4,G6")                                  # 8 + 6
    sheet.ok("round", "Ana=pair:R7,G7", "Ana=petite_suite:R3,G4,B5")                # 2+7 | 5+5
    sheet.refused("round", "Ben=flush:B1,B2,B3,B4,B9", says="already validated flush in round 1")
    sheet.ok("round", "Ana=brelan:B9,Y9,R9", "Ben=pair:R8,G8")                     # 6+9 | 2+8
    data = sheet.show()
    assert data["totals"] == {"Ana": 34, "Ben": 24}
    assert data["tallies"]["objectives"] == {"Ana": 3, "Ben": 2}
    assert data["over"] and data["winners"] == ["Ana"]  # 3 rounds max in Discovery
    assert data["rules"] == ["COLLECTION-8.2", "COLLECTION-8.4"]


def test_collection_discovery_objectives_before_points(keeper):
    """Discovery: the most objectives wins even with fewer points."""
    keeper.new_match("collection", "Ana,Ben", mode="discovery")
    keeper.record_round(["Ana=pair:R2,G2", "Ana=small_straight:R4,G5,B6",          # 2+2, 5+6
                         "Ben=grand_flush:B1,B2,B3,B4,B5,B7,B8,B9"])               # 20+9
    keeper.record_round(["Ben=pair:R1,G1"])                                         # 2+1
    s = keeper.record_round(["Ana=rainbow_straight:RB1,RB2,RB3"])                   # 12+3
    assert s.totals == {"Ana": 30, "Ben": 32}
    assert s.tallies[0].values == {"Ana": 3, "Ben": 2}
    assert s.outcome.over and s.outcome.winners == ("Ana",)


def test_collection_completed_scorecard_ends_the_match(keeper):
    """The match ends at the end of the round in which a scorecard is complete (Classic mode)."""
    keeper.new_match("collection", "Ana,Ben")
    keeper.record_round([
        "Ana=pair:R1,G1", "Ana=three_of_a_kind:R2,G2,B2", "Ana=four_of_a_kind:R3,G3,B3,Y3",
        "Ana=flush:Y5,Y6,Y7,Y8,Y10", "Ana=small_straight:R4,G5,B6",
    ])
    s = keeper.record_round([
        "Ana=grand_flush:G8,G9,G10,G11,G12,G13,G14,G15", "Ana=large_straight:R1,B2,Y3,R4,B5",
        "Ana=straight_flush:B10,B11,B12,B13,B14", "Ana=rainbow_set:R0,G0,B0,Y0,RB0",
        "Ana=rainbow_straight:RB5,RB6,RB7", "Ben=pair:R16,G16",
    ])
    assert s.tallies[0].values == {"Ana": 10, "Ben": 1}
    assert s.outcome.over and s.outcome.winners == ("Ana",)
    assert s.outcome.rules == ("COLLECTION-8.1", "COLLECTION-8.3")
    # 2+1, 6+2, 15+3, 8+10, 5+6 | 20+15, 12+5, 20+14, 10+0, 12+7
    assert s.totals == {"Ana": 3 + 8 + 18 + 18 + 11 + 35 + 17 + 34 + 10 + 19, "Ben": 18}


def test_objective_cards_are_checked(keeper):
    keeper.new_match("collection", "Ana,Ben")
    refuse(keeper, ["Ana=pair:R5,G6"], "do not make Pair")
    refuse(keeper, ["Ana=pair:R5,G5,B5"], "its cards would be")
    refuse(keeper, ["Ana=paire:R5,G5", "Ana=small_straight:R5,G6,B7"], "COLLECTION-R17")
    refuse(keeper, ["Ana=pear:R5,G5"], "did you mean 'pair'")


def test_sequence_tie_is_shared(keeper):
    """SEQUENCE-R19: "Des joueurs à égalité au total partagent la victoire"."""
    keeper.new_match("sequence", "Ana,Ben", rounds=1)
    s = keeper.record_round(["Ana=R5,G7", "Ben=B5,Y7"])
    assert s.outcome.winners == ("Ana", "Ben") and "SEQUENCE-R19" in s.outcome.rules


def test_collection_round_where_nobody_validated_is_recorded(sheet):
    """``-`` is "validated nothing this round", as in rows and sequence (issue 24): a round of
    ``Ana=- Ben=-`` counts as a round played (toward the mode's limit) with no points."""
    sheet.ok("new", "collection", "--players", "Ana,Ben", "--mode", "discovery")
    sheet.ok("round", "Ana=-", "Ben=-")
    sheet.ok("round", "Ana=pair:R7,G7", "Ben=-")
    data = sheet.show()
    assert [r["points"] for r in data["rounds"]] == [{"Ana": 0, "Ben": 0}, {"Ana": 9, "Ben": 0}]
    sheet.refused("round", "Ana=-", "Ana=pair:R5,G5", says="Ana=")
