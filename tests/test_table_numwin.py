"""Score sheets of Num Win: final combos per round, one round per dealer, lowest total wins.

"Paire de même valeur dans la combinaison finale : 0 pt", "Rainbow seul dans le combo final :
0 pt", "Cartes Action : +5 pts chacune", "Chaque joueur distribue une fois. On additionne les
scores de toutes les manches. Le total le plus bas gagne."
"""

from __future__ import annotations

from table_helpers import keeper, refuse, sheet  # noqa: F401  (fixtures)


def test_full_match_one_round_per_dealer_through_the_cli(sheet):
    sheet.ok("new", "numwin", "--players", "Ana,Ben")
    data = sheet.ok("round", "Ana=R5+G5,SH3,flash,RB2", "Ben=B1,Y2,G3,R4,B6", "--json").json()
    assert data["rounds"][0]["points"] == {"Ana": 3 + 5 + 0, "Ben": 16}
    assert data["next_round"] == "round 2 of 2: Ben deals"
    sheet.ok("round", "Ana=R10,G11,B12,Y13,R14", "Ben=R1,G2,B3,Y4,swipe")   # 60 | 10+5
    data = sheet.show()
    assert data["totals"] == {"Ana": 68, "Ben": 31}
    assert data["over"] and data["winners"] == ["Ben"] and data["rules"] == ["NUMWIN-8.1", "NUMWIN-8.3"]


def test_equal_lowest_totals_win_together(keeper):
    """NUMWIN-R15: "Les joueurs à égalité au total le plus bas gagnent ensemble"."""
    keeper.new_match("numwin", "Ana,Ben")
    keeper.record_round(["Ana=R1,G2,B3,Y4,R5", "Ben=R6,G9,B0,Y0,R0"])   # 15 | 6+9 (a pair of 0s, one 0)
    s = keeper.record_round(["Ana=R7,G7,B1,Y1,R2", "Ben=G1,R1,Y2,R0,G0"])  # two pairs gone: 2 | 2
    assert s.totals == {"Ana": 17, "Ben": 17}
    assert s.outcome.over and s.outcome.winners == ("Ana", "Ben") and "NUMWIN-R15" in s.outcome.rules


def test_combo_entries_are_checked(keeper):
    keeper.new_match("numwin", "Ana,Ben")
    refuse(keeper, ["Ana=R5,G5,SH3,flash", "Ben=B1,Y2,G3,R4,B6"], "at least 5 cards")
    refuse(keeper, ["Ana=R5+G6,SH3,flash,R1", "Ben=B1,Y2,G3,R4,B6"], "locked pair")
    refuse(keeper, ["Ana=R5,G5,SH3,flash,R1"], "no result for Ben")
    refuse(keeper, ["Ana=R5,G5,SH3,joker,R1", "Ben=B1,Y2,G3,R4,B6"], "not in Num Win")
