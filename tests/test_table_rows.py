"""Score sheets of Num Rangées: captured cards per round, first to 3 round wins (issue 9).

"Classiques + Rainbow récupérées = points positifs (valeur faciale)", "Shadow récupérées = points
négatifs", "Le joueur avec le plus de points gagne la manche", "Le premier joueur à gagner 3
manches remporte la partie."
"""

from __future__ import annotations

from table_helpers import keeper, refuse, sheet  # noqa: F401  (fixtures)


def test_full_match_to_three_round_wins_through_the_cli(sheet):
    sheet.ok("new", "rows", "--players", "Ana,Ben,Chloé")
    sheet.ok("round", "Ana=R5,RB3,SH2", "Ben=G4", "Chloé=-")      # 5+3−2=6 | 4 | 0
    sheet.ok("round", "Ana=B10", "Ben=SH9,R1")                    # 10 | 1−9=−8 | 0
    sheet.ok("round", "Ana=Y7", "Ben=Y6", "Chloé=G2,G3")          # 7 | 6 | 5
    data = sheet.show()
    assert [r["points"] for r in data["rounds"]] == [
        {"Ana": 6, "Ben": 4, "Chloé": 0}, {"Ana": 10, "Ben": -8, "Chloé": 0}, {"Ana": 7, "Ben": 6, "Chloé": 5}]
    assert [r["winners"] for r in data["rounds"]] == [["Ana"], ["Ana"], ["Ana"]]
    assert data["tallies"]["wins"] == {"Ana": 3, "Ben": 0, "Chloé": 0}
    assert data["totals"] == {"Ana": 23, "Ben": 2, "Chloé": 5}
    assert data["over"] and data["winners"] == ["Ana"] and data["rules"] == ["ROWS-7.4"]


def test_round_ties_and_two_players_at_three_wins_play_on(keeper):
    """ROWS-R6: every tied player wins the round; ROWS-R9: several reaching 3 together play on
    until one alone has the most round wins."""
    keeper.new_match("rows", "Ana,Ben")
    for _ in range(3):
        s = keeper.record_round(["Ana=R5", "Ben=G5"])
    assert s.tallies[0].values == {"Ana": 3, "Ben": 3}
    assert not s.outcome.over and s.outcome.rules == ("ROWS-R9",)
    s = keeper.record_round(["Ana=R9", "Ben=G5"])
    assert s.outcome.over and s.outcome.winners == ("Ana",) and s.outcome.rules == ("ROWS-7.4", "ROWS-R9")


def test_round_tie_house_rule_nobody_wins(keeper):
    """ROWS-R6 switched (round_tie=nobody): a tied round is won by nobody."""
    keeper.new_match("rows", "Ana,Ben", house=["round_tie=nobody"])
    s = keeper.record_round(["Ana=R5", "Ben=G5"])
    assert s.rounds[0].winners == () and s.tallies[0].values == {"Ana": 0, "Ben": 0}


def test_a_card_not_in_the_deck_is_refused_through_the_cli(sheet):
    sheet.ok("new", "rows", "--players", "Ana,Ben")
    sheet.refused("round", "Ana=RB17", says="unknown card 'RB17'")


def test_invalid_captures_are_refused(keeper):
    keeper.new_match("rows", "Ana,Ben")
    keeper.record_round(["Ana=R5", "Ben=G6"])
    refuse(keeper, ["Ana=R5", "Ben=R5"], "deck has 1 copy")   # one R5 in 102 cards
    refuse(keeper, ["Anna=R5"], "did you mean 'Ana'")
    refuse(keeper, ["Ana=flash"], "not in Num Rows")
    refuse(keeper, ["Ana:R5"], "expected NAME=")
    refuse(keeper, ["Ana=R5", "ana=R6"], "given twice")
