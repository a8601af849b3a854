"""Score sheets of Num Plis: bids and tricks won, streak bonuses, the team variant (issue 9).

Hand computations from the sheet's points table (TRICKS-9.*): "Annonce exacte : 10 + (3 × plis
annoncés)", "Annonce non respectée (pari non nul) : −(3 × écart)", "Annonce 0 réussie : 20 +
(2 × cartes de la manche)", "Annonce 0 échouée : −(10 + 5 × plis faits)", and the streak table
(TRICKS-10.*: "2 consécutives : +5 pts", "3 : +10 pts").
"""

from __future__ import annotations

from cardforge.i18n import say

from table_helpers import keeper, refuse, sheet  # noqa: F401  (fixtures)


def test_full_match_with_streak_bonuses_through_the_cli(sheet):
    """Three rounds of 1, 2, 3 cards; Ana bids exactly three times in a row."""
    sheet.ok("new", "tricks", "--players", "Ana,Ben,Chloé", "--rounds", "3")
    sheet.ok("round", "Ana=1/1", "Ben=0/0", "Chloé=1/0")      # 13 | 20+2×1=22 | −3
    sheet.ok("round", "Ana=1/1", "Ben=0/0", "chloe=2/1")      # 13+5 | 20+2×2+5 | −3
    sheet.ok("round", "Ana=2/2", "Ben=0/1", "Chloé=0/0")      # 16+10 | −(10+5) | 20+2×3
    data = sheet.show()
    assert [r["points"] for r in data["rounds"]] == [
        {"Ana": 13, "Ben": 22, "Chloé": -3},
        {"Ana": 18, "Ben": 29, "Chloé": -3},
        {"Ana": 26, "Ben": -15, "Chloé": 26},
    ]
    assert [r["cells"]["Ana"]["bonus"] for r in data["rounds"]] == [0, 5, 10]
    assert data["totals"] == {"Ana": 57, "Ben": 36, "Chloé": 20}
    assert data["tallies"]["streak"] == {"Ana": 3, "Ben": 0, "Chloé": 1}  # "Un échec réinitialise la série."
    assert data["over"] and data["winners"] == ["Ana"]
    assert {"TRICKS-2.1", "TRICKS-R20"} <= set(data["rules"])
    sheet.refused("round", "Ana=1/1", "Ben=0/0", "Chloé=0/0", says="is over")


def test_team_variant_five_rounds_of_six_cards(sheet):
    """"Se joue en équipes de 2 joueurs", "6 cartes par joueur", "5 manches ; le score cumulé du
    binôme détermine l'équipe gagnante". Partners sit opposite (TRICKS-R17); each partner bids
    and keeps a streak (TRICKS-R18)."""
    sheet.ok("new", "tricks", "--players", "Ana,Ben,Chloé,David", "--variant", "team")
    rounds = [
        ("Ana=2/2", "Ben=1/1", "Chloé=2/2", "David=1/1"),  # 16 13 16 13
        ("Ana=2/2", "Ben=1/1", "Chloé=2/1", "David=1/2"),  # 16+5 13+5 −3 −3
        ("Ana=0/0", "Ben=3/3", "Chloé=2/2", "David=1/1"),  # 20+12+10 19+10 16 13
        ("Ana=1/0", "Ben=2/3", "Chloé=2/2", "David=1/1"),  # −3 −3 16+5 13+5
        ("Ana=0/0", "Ben=1/0", "Chloé=3/3", "David=3/3"),  # 32 −3 19+10 19+10
    ]
    for entry in rounds:
        sheet.ok("round", *entry)
    data = sheet.show()
    assert data["teams"] == [["Ana", "Chloé"], ["Ben", "David"]]
    assert [r["points"] for r in data["rounds"]] == [
        {"Ana & Chloé": 32, "Ben & David": 26},
        {"Ana & Chloé": 18, "Ben & David": 15},
        {"Ana & Chloé": 58, "Ben & David": 42},
        {"Ana & Chloé": 18, "Ben & David": 15},
        {"Ana & Chloé": 61, "Ben & David": 26},
    ]
    assert data["totals"] == {"Ana & Chloé": 187, "Ben & David": 124}
    assert data["over"] and data["winners"] == ["Ana & Chloé"] and "TRICKS-11.6" in data["rules"]


def test_joint_team_bids_score_the_team_as_one_bidder(keeper):
    """TRICKS-R18 with team_bids=joint: bid = sum of bids, tricks = sum, one streak."""
    keeper.new_match("tricks", "Ana,Ben,Chloé,David", variant="team", house=["team_bids=joint"], rounds=2)
    keeper.record_round(["Ana=2/2", "Ben=1/1", "Chloé=2/2", "David=1/1"])  # AC 4/4: 10+12; BD 2/2: 10+6
    s = keeper.record_round(["Ana=1/1", "Ben=1/2", "Chloé=2/2", "David=1/1"])  # AC 3/3: 19+5; BD 2/3: −3
    assert [r.points for r in s.rounds] == [{"Ana & Chloé": 22, "Ben & David": 16},
                                            {"Ana & Chloé": 24, "Ben & David": -3}]
    assert s.tallies[0].values == {"Ana & Chloé": 2, "Ben & David": 0}
    assert s.outcome.winners == ("Ana & Chloé",)


def test_void_tricks_complete_the_count(keeper):
    """A Flash trick has no winner ("aucun vainqueur"): tricks won + void = cards (TABLE-R2)."""
    keeper.new_match("tricks", "Ana,Ben,Chloé", start_cards=2, rounds=1)
    s = keeper.record_round(["Ana=1/1", "Ben=1/0", "Chloé=0/0"], {"void": 1})
    assert s.totals == {"Ana": 13, "Ben": -3, "Chloé": 24}


def test_invalid_rounds_are_refused_and_change_nothing(sheet):
    sheet.ok("new", "tricks", "--players", "Ana,Ben,Chloé")
    sheet.refused("round", "Ana=1/1", "Ben=0/0", "Chloé=1/1", says="add up to 2")  # 1 card: 1 trick


def test_invalid_rounds_in_process(keeper):
    keeper.new_match("tricks", "Ana,Ben,Chloé")
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=0/0"])
    refuse(keeper, ["Ana=1/1", "Ben=0/0", "Chloé=1/0"], "add up to 1")  # 2 cards: 2 tricks
    refuse(keeper, ["Ana=1/1", "Zoé=1/1", "Chloé=0/0"], "'Zoé' is not a player")
    refuse(keeper, ["Ana=1/1", "Ben=1/1"], "no result for Chloé")
    refuse(keeper, ["Ana=3/2", "Ben=0/0", "Chloé=0/0"], "bid 3 is impossible")
    refuse(keeper, ["Ana=one/1", "Ben=0/0", "Chloé=1/1"], "expected BID/WON")
    refuse(keeper, ["Ana=1/1", "Ben=0/0", "Chloé=0/0"], "plus 2 void", void=2)


def test_schedule_comes_from_the_engine(keeper):
    """"manche 1 = 1 carte/joueur …, manche 2 = 2 cartes"; 4 players stop at 8 rounds (TRICKS-R1)."""
    s = keeper.new_match("tricks", "Ana,Ben,Chloé,David")
    assert say(s.next_round) == "round 1 of 8: 1 card each"


def test_house_rules_reach_the_engine(keeper):
    """TRICKS-R14 switched (streak_payout=once): the streak is paid once, when it ends or at the
    last round — the sheet passes the match's house rules to ``round_points``."""
    keeper.new_match("tricks", "Ana,Ben,Chloé", rounds=3, house=["streak_payout=once"])
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=1/0"])
    keeper.record_round(["Ana=1/1", "Ben=0/0", "Chloé=2/1"])
    s = keeper.record_round(["Ana=2/2", "Ben=0/1", "Chloé=0/0"])
    assert [r.cells["Ana"]["bonus"] for r in s.rounds] == [0, 0, 10]   # streak of 3 paid at the end
    assert [r.cells["Ben"]["bonus"] for r in s.rounds] == [0, 0, 5]    # streak of 2 paid when it broke
