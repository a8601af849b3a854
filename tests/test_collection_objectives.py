"""The scorecard table of ``collection`` (sheet 000, section 5): every line with the sheet's
numbers, the Rainbow joker note, and the best set to validate together."""

from __future__ import annotations

import pytest

from cardforge.games.objectives import OBJECTIVES, best_validation, candidates, find_objectives, objective
from tests.pushluck_support import cards


def found(codes: str, exclude=()) -> dict[str, tuple[int, list[str]]]:
    return {m.id: (m.points, [c.code for c in m.cards]) for m in find_objectives(cards(codes), set(exclude))}


def test_table_matches_the_sheet():
    """The ten lines, in the sheet's order, with names, base points and conditions."""
    rows = [(o.id, o.name.fr, o.base, o.condition.fr, o.family.fr) for o in OBJECTIVES]
    assert rows == [
        ("pair", "Paire", 2, "2 cartes même valeur", "Valeur"),
        ("three_of_a_kind", "Brelan", 6, "3 cartes même valeur", "Valeur"),
        ("four_of_a_kind", "Carré", 15, "4 cartes même valeur", "Valeur"),
        ("flush", "Couleur", 8, "5 cartes+ même couleur", "Couleur"),
        ("grand_flush", "Grande Couleur", 20, "8 cartes+ même couleur", "Couleur"),
        ("small_straight", "Petite Suite", 5, "3 valeurs consécutives", "Suite"),
        ("large_straight", "Grande Suite", 12, "5 valeurs consécutives", "Suite"),
        ("straight_flush", "Suite Couleur", 20, "5 valeurs consécutives, même couleur", "Suite"),
        ("rainbow_set", "Arc-en-ciel", 10, "1 carte de chaque couleur classique + 1 Rainbow", "Indépendant"),
        ("rainbow_straight", "Rainbow", 12, "Suite de 3 valeurs consécutives, uniquement Rainbow", "Indépendant"),
    ]


def test_5_1_pair():
    """COLLECTION-5.1 « Paire | 2 cartes même valeur | 2 + plus haute carte »."""
    assert found("R7 G7")["pair"] == (9, ["R7", "G7"])
    assert found("R3 G3 R9 B9")["pair"] == (11, ["R9", "B9"])
    assert "pair" not in found("R7 G8")


def test_5_2_three_of_a_kind():
    """COLLECTION-5.2 « Brelan | 3 cartes même valeur | 6 + plus haute carte »."""
    assert found("R7 G7 B7")["three_of_a_kind"] == (13, ["R7", "G7", "B7"])
    assert "three_of_a_kind" not in found("R7 G7 B8")


def test_5_3_four_of_a_kind():
    """COLLECTION-5.3 « Carré | 4 cartes même valeur | 15 + plus haute carte »."""
    assert found("R7 G7 B7 Y7")["four_of_a_kind"] == (22, ["R7", "G7", "B7", "Y7"])
    assert found("R7 G7 B7 RB7")["four_of_a_kind"][0] == 22  # a Rainbow 7 is a 7
    assert "four_of_a_kind" not in found("R7 G7 B7 Y6")


def test_5_4_flush():
    """COLLECTION-5.4 « Couleur | 5 cartes+ même couleur | 8 (+2/carte au-delà de 5) + plus
    haute carte »."""
    assert found("R1 R3 R5 R7 R9")["flush"] == (17, ["R9", "R7", "R5", "R3", "R1"])
    assert found("R1 R3 R5 R7 R9 R11 R13")["flush"][0] == 8 + 2 * 2 + 13
    assert "flush" not in found("R1 R3 R5 R7 G9")


def test_5_5_grand_flush():
    """COLLECTION-5.5 « Grande Couleur | 8 cartes+ même couleur | 20 + plus haute carte »."""
    assert found("G1 G2 G3 G5 G7 G9 G11 G13")["grand_flush"][0] == 33
    assert found("G1 G2 G3 G5 G7 G9 G11 G13 G15")["grand_flush"][0] == 35
    assert "grand_flush" not in found("G1 G2 G3 G5 G7 G9 G11")


def test_5_6_small_straight():
    """COLLECTION-5.6 « Petite Suite | 3 valeurs consécutives | 5 + plus haute carte »."""
    assert found("R4 G5 B6")["small_straight"] == (11, ["R4", "G5", "B6"])
    assert found("R4 G5 B6 Y7")["small_straight"][0] == 12
    assert "small_straight" not in found("R4 G5 B7")


def test_5_7_large_straight():
    """COLLECTION-5.7 « Grande Suite | 5 valeurs consécutives | 12 + plus haute carte »."""
    assert found("R4 G5 B6 Y7 R8")["large_straight"] == (20, ["R4", "G5", "B6", "Y7", "R8"])
    assert "large_straight" not in found("R4 G5 B6 Y7 R9")


def test_5_8_straight_flush():
    """COLLECTION-5.8 « Suite Couleur | 5 valeurs consécutives, même couleur | 20 + plus haute
    carte »."""
    assert found("B4 B5 B6 B7 B8")["straight_flush"] == (28, ["B4", "B5", "B6", "B7", "B8"])
    assert "straight_flush" not in found("B4 B5 B6 B7 G8")


def test_5_9_rainbow_set():
    """COLLECTION-5.9 « Arc-en-ciel | 1 carte de chaque couleur classique + 1 Rainbow | 10 + plus
    haute carte »."""
    assert found("R2 G3 B4 Y5 RB1")["rainbow_set"] == (15, ["R2", "G3", "B4", "Y5", "RB1"])
    assert "rainbow_set" not in found("R2 G3 B4 Y5 Y9")


def test_5_10_rainbow_straight():
    """COLLECTION-5.10 « Rainbow | Suite de 3 valeurs consécutives, uniquement Rainbow | 12 + plus
    haute carte »."""
    assert found("RB3 RB4 RB5")["rainbow_straight"] == (17, ["RB3", "RB4", "RB5"])
    assert "rainbow_straight" not in found("R3 RB4 RB5")


def test_5_11_rainbow_is_a_colour_joker_only_for_colour_and_straight_flush():
    """COLLECTION-5.11 « Rainbow joue le rôle de joker de couleur pour les familles Couleur et
    Suite Couleur uniquement — elle reste une carte comme les autres (utilisée une seule fois) »."""
    assert found("R1 R3 R5 R7 RB9")["flush"] == (17, ["RB9", "R7", "R5", "R3", "R1"])
    assert found("B4 B5 RB6 B7 B8")["straight_flush"][0] == 28
    assert found("Y1 Y2 Y3 Y4 Y5 Y6 Y7 RB9")["grand_flush"][0] == 29  # the Couleur family (COLLECTION-R19)
    assert "rainbow_set" not in found("R2 G3 B4 RB1 RB9")  # no joker for Arc-en-ciel
    best = best_validation(cards("R1 R3 R5 R7 RB9 G2 B4 Y6"))
    used = [c for m in best for c in m.cards]
    assert len(used) == len(set(used))  # used once


def test_highest_card_is_the_objectives_own():
    """COLLECTION-R18: the bonus is the highest card among the objective's own cards."""
    assert found("R2 G2 B16")["pair"][0] == 4


def test_rainbows_alone_are_one_colour():
    """COLLECTION-R19: Couleur « 5 cartes+ même couleur », Suite Couleur « 5 valeurs consécutives,
    même couleur »: five Rainbows are of one colour (« chaque couleur classique » implies colours
    that are not classic), whether as their own family or as jokers all standing for one colour."""
    assert found("RB1 RB3 RB5 RB7 RB9")["flush"] == (17, ["RB9", "RB7", "RB5", "RB3", "RB1"])
    assert found("RB3 RB4 RB5 RB6 RB7")["straight_flush"] == (27, ["RB3", "RB4", "RB5", "RB6", "RB7"])
    assert "straight_flush" not in found("RB3 RB4 RB5 RB6 RB8")


def test_exclude_leaves_validated_objectives_out():
    """COLLECTION-6.5: a validated objective is not offered again."""
    assert set(found("R7 G7 B7", exclude={"pair"})) == {"three_of_a_kind"}


def test_candidates_best_first():
    found_pairs = candidates("pair", cards("R3 G3 R9 B9 Y5 G5"))
    assert [m.points for m in found_pairs] == [11, 7, 5]


@pytest.mark.parametrize("codes, mode, expected, points", [
    ("R1 R2 R3 R4 R5 G5 RB6 B5 Y5", "classic", {"three_of_a_kind", "straight_flush"}, 37),
    ("R7 G7 B7 Y7", "classic", {"four_of_a_kind"}, 22),
    ("R7 G7 B7 Y7", "discovery", {"four_of_a_kind"}, 22),  # one objective at most: points decide
    # Couleur "8 + plus haute carte" with Y9 Y6 Y0 RB10 RB1 (18) leaves Y13 Y14 B15 for a Petite
    # Suite "5 + plus haute carte" (20): 38, where the seven-card Couleur alone makes 26
    ("R3 RB10 B5 Y14 B15 Y13 Y9 RB1 Y0 Y6", "classic", {"flush", "small_straight"}, 38),
    ("R1 R13 Y14 RB9 RB7 RB11 G6 B15 R2 B6", "classic", {"pair", "flush", "small_straight"}, 47),
    # a Petite Suite G10 RB11 B12 (17) rather than R10 RB11 B12 leaves R10 G9 B9 Y12 RB12 for an
    # Arc-en-ciel « 1 carte de chaque couleur classique + 1 Rainbow » (22): 39, not 34
    ("G10 RB11 B12 B9 Y12 G9 R10 RB12", "classic", {"small_straight", "rainbow_set"}, 39),
])
def test_best_validation(codes, mode, expected, points):
    """COLLECTION-R17: the best set uses each card once; Classic maximises points, Discovery the
    number of objectives (then points)."""
    best = best_validation(cards(codes), mode=mode)
    assert {m.id for m in best} == expected and sum(m.points for m in best) == points


def test_best_validation_discovery_prefers_more_objectives():
    best = best_validation(cards("R7 G7 B7 Y7 R3 G3"), mode="discovery")
    assert len(best) == 2


def test_best_validation_share_cards_house_rule():
    """COLLECTION-R17 with share_cards: the same 7s serve pair, three and four of a kind."""
    best = best_validation(cards("R7 G7 B7 Y7"), share_cards=True)
    assert {m.id for m in best} == {"pair", "three_of_a_kind", "four_of_a_kind"}
    assert objective("pair").rule == "COLLECTION-5.1"


POOL = [c for c in __import__("cardforge.deck", fromlist=["load_deck"]).load_deck("collection").cards(mode="discovery")
        if c.family != "SH"]


@pytest.mark.parametrize("seed", range(25))
def test_best_validation_properties(seed):
    """On random collections: the best set uses each card once, only cards of the collection,
    never an excluded objective, and beats or equals every single objective on its own."""
    import random

    from cardforge.games.objectives import OBJECTIVE_IDS, validation_key

    rng = random.Random(seed)
    hand = rng.sample(POOL, rng.randrange(4, 20))
    exclude = set(rng.sample(OBJECTIVE_IDS, rng.randrange(0, 4)))
    for mode in ("classic", "discovery"):
        best = best_validation(hand, exclude, mode=mode)
        used = [c for m in best for c in m.cards]
        assert len(used) == len(set(used)) and set(used) <= set(hand)
        assert not {m.id for m in best} & exclude
        for single in find_objectives(hand, exclude):
            assert validation_key(best, mode) >= validation_key([single], mode)


def test_no_match_takes_fewer_cards_than_find_objectives_skips_below():
    """``find_objectives`` does not ask an objective's finder about fewer cards than its
    fewest: on random collections of every size (Shadows and action cards included), every way
    ``candidates`` finds takes at least that many cards, and the skipping search answers as
    asking every objective does."""
    import random

    from cardforge.deck import load_deck
    from cardforge.games.objectives import OBJECTIVE_IDS, _fewest

    rng = random.Random(18)
    pool = list(load_deck("collection").cards(mode="classic"))
    for _ in range(400):
        hand = rng.sample(pool, rng.randrange(0, 26))
        every = [m for oid in OBJECTIVE_IDS for m in candidates(oid, hand)[:1]]
        for oid in OBJECTIVE_IDS:
            assert all(len(m.cards) >= _fewest()[oid] for m in candidates(oid, hand)), oid
        assert find_objectives(hand) == every
