"""Num Win scoring table (NUMWIN-7.*), pair removal (4.4), reflex check (4.1–4.3, 5.2, 5.4) and
the scoring rulings (R1, R2, R8, R12), through ``score_combo`` and ``check_reflex``."""

from __future__ import annotations

import pytest

from cardforge.deck import load_deck
from cardforge.errors import UsageError
from cardforge.games.numwin_scoring import HouseRules, check_reflex, score_combo

DECK = load_deck("numwin")


def cards(text: str):
    return DECK.parse_many(text)


def pair(text: str):
    a, b = cards(text)
    return (a, b)


def points(text: str, locked=(), **house) -> int:
    return score_combo(cards(text), [pair(p) for p in locked], HouseRules(**house)).points


# -- the table, line by line ---------------------------------------------------------------------


def test_7_1_classic_rainbow_shadow_face_value():
    """'Classiques, Rainbow, Shadow | Valeur faciale' (two Rainbows left: R2)."""
    assert points("R3 G4 B5 Y6 SH7") == 25
    assert points("RB3 RB9 SH1") == 13


def test_7_2_pair_of_equal_value_scores_zero_and_both_removed():
    """'Paire de même valeur dans la combinaison finale | 0 pt — les deux supprimées'."""
    result = score_combo(cards("R7 SH7 B2"))
    assert result.points == 2
    assert set(result.pairs[0]) == set(cards("R7 SH7"))
    assert set(result.removed) == set(cards("R7 SH7"))


def test_7_2_and_4_4_locked_pair_removed_too():
    """'(verrouillée ou découverte en fin de manche)': a locked pair also scores 0."""
    result = score_combo(cards("R9 G9 B1"), [pair("R9 G9")])
    assert result.points == 1
    assert result.locked_pairs == (pair("R9 G9"),)
    assert [s.rule for s in result.steps][0] == "NUMWIN-4.4"


def test_locked_pair_cards_count_even_when_left_out_of_cards():
    assert points("B1", locked=["R9 G9"]) == 1


def test_7_3_lone_rainbow_scores_zero():
    """'Rainbow seul dans le combo final | 0 pt'."""
    assert points("RB12 G4") == 4
    rule = {cp.card.code: cp.rule for cp in score_combo(cards("RB12 G4")).breakdown}
    assert rule["RB12"] == "NUMWIN-7.3"


def test_7_4_two_rainbows_one_paired_the_other_scores_zero():
    """'2 Rainbow dont une forme une paire | Paire supprimée + Rainbow restante = 0 pt'."""
    result = score_combo(cards("RB7 R7 RB9"))
    assert result.points == 0
    assert {cp.card.code: cp.rule for cp in result.breakdown}["RB9"] == "NUMWIN-7.4"


def test_7_5_action_cards_five_points_each():
    """'Cartes Action | +5 pts chacune'."""
    assert points("swipe flip quantum flash") == 20
    assert points("R2 flash") == 7


def test_breakdown_adds_up_and_cites_rules():
    result = score_combo(cards("R7 G7 RB3 SH2 flash"))
    assert result.points == sum(cp.points for cp in result.breakdown) == 7
    assert {s.rule for s in result.steps} == {"NUMWIN-7.2", "NUMWIN-7.3", "NUMWIN-7.1", "NUMWIN-7.5"}


# -- rulings ------------------------------------------------------------------------------------


def test_r1_three_of_a_value_one_pair_removed_one_scores():
    assert points("R6 G6 B6") == 6
    assert points("R6 G6 B6 Y6") == 0


def test_r1_pairing_most_favourable_keeps_the_rainbow():
    """R7 G7 RB7: pairing R7+G7 leaves a lone Rainbow (0) rather than a 7."""
    assert points("R7 G7 RB7") == 0


def test_r1_locked_pair_stays_as_locked():
    """A locked R7+RB7 cannot be re-paired: the extra G7 scores 7."""
    assert points("R7 RB7 G7", locked=["R7 RB7"]) == 7


def test_r1_house_all_removes_every_card_of_a_repeated_value():
    assert points("R6 G6 B6 SH1", same_value="all") == 1
    assert points("R7 RB7 G7", locked=["R7 RB7"], same_value="all") == 0


def test_r2_only_a_lone_rainbow_scores_zero_unless_house_every():
    assert points("RB3 RB9") == 12
    assert points("RB3 RB9", rainbow_zero="every") == 0


def test_r8_action_cards_of_one_name_never_pair():
    assert points("flash flash") == 10


def test_locked_pair_must_be_equal_values():
    with pytest.raises(UsageError, match="R7\\+G8"):
        score_combo(cards("R7 G8"), [pair("R7 G8")])


# -- reflex check ---------------------------------------------------------------------------------


def test_4_1_reflex_valid_on_same_value_any_family():
    """'si une carte est défaussée et qu'un joueur a la même valeur dans son combo → il peut la saisir'."""
    result = check_reflex(*cards("R7 RB7"))
    assert result.valid and not result.penalty
    assert result.to_dict()["locked_pair"] == ["RB7", "R7"]
    assert [s.rule for s in result.steps] == ["NUMWIN-4.1", "NUMWIN-R11", "NUMWIN-4.2", "NUMWIN-4.3", "NUMWIN-4.4"]


def test_4_1_reflex_invalid_on_other_value_no_penalty_r12():
    result = check_reflex(*cards("R7 G8"))
    assert not result.valid and not result.penalty
    assert result.steps[-1].rule == "NUMWIN-R12"


def test_r12_house_own_miss_penalty():
    assert check_reflex(*cards("R7 G8"), HouseRules(own_miss_penalty=True)).penalty


def test_r8_no_reflex_on_action_cards():
    assert not check_reflex(*cards("flash flash")).valid
    assert check_reflex(*cards("flash flash")).steps[0].rule == "NUMWIN-R8"


def test_5_2_memory_claim_valid_takes_both():
    result = check_reflex(*cards("R7 SH7"), from_opponent=True)
    assert result.valid
    assert [s.rule for s in result.steps][:3] == ["NUMWIN-5.1", "NUMWIN-4.1", "NUMWIN-5.2"]


def test_5_4_memory_mistake_costs_a_penalty_card():
    """'Erreur chez un adversaire (mémoire) : ... le joueur fautif pioche une carte de pénalité'."""
    result = check_reflex(*cards("R7 SH8"), from_opponent=True)
    assert not result.valid and result.penalty
    assert result.steps[-1].rule == "NUMWIN-5.4"


def test_claiming_with_the_discarded_card_itself_is_a_usage_error():
    with pytest.raises(UsageError, match="discarded card itself"):
        check_reflex(*cards("R7 R7"))


# -- the engine's path: the points alone ------------------------------------------------------------


def _random_combos(seed: int, n: int):
    """Random combos with many repeated values and Rainbows, some with locked pairs."""
    import random
    from collections import Counter

    rng = random.Random(seed)
    every = list(DECK.counts().elements())
    for _ in range(n):
        values = rng.sample(range(17), rng.randint(1, 4))
        pool = [c for c in every if c.is_action or c.value in values]
        unlocked = rng.sample(pool, rng.randint(0, min(9, len(pool))))
        rest = Counter(every) - Counter(unlocked)
        locked = []
        for _ in range(rng.randint(0, 2)):
            value = rng.choice(values)
            same = [c for c in rest.elements() if c.is_numbered and c.value == value]
            if len(same) >= 2:
                a, b = rng.sample(same, 2)
                rest.subtract([a, b])
                locked.append((a, b))
        yield unlocked, locked


@pytest.mark.parametrize("house", [{}, {"same_value": "all"}, {"rainbow_zero": "every"},
                                   {"same_value": "all", "rainbow_zero": "every"}])
def test_unlocked_points_is_score_combo_without_the_explanation(house):
    """The engine scores with ``unlocked_points``; the referee and the score sheet with
    ``score_combo``: the same points for every combo, locked pairs and house rules."""
    from cardforge.games.numwin_scoring import unlocked_points

    rules = HouseRules(**house)
    checked = 0
    for unlocked, locked in _random_combos(len(house), 3000):
        whole = unlocked + [c for p in locked for c in p]
        expected = score_combo(whole, locked, rules).points
        assert unlocked_points(unlocked, {a.value for a, _ in locked}, rules) == expected, (whole, locked)
        checked += 1
    assert checked == 3000


@pytest.mark.parametrize("text,locked,house,expected", [
    ("RB5 RB7 R1", (), {}, 13),  # two Rainbows left: neither scores 0 (R2)
    ("RB5 G5 RB5 R1", (), {}, 1),  # the odd 5 may be the Rainbow: it is, alone, 0
    ("RB5 G5 B5 RB9", (), {}, 5),  # 9 has only a Rainbow: it is the lone one, the 5 a G or B
    ("RB5 RB9 RB3 G3 B3", (), {}, 17),  # two values with only Rainbows: no Rainbow scores 0
    ("RB5 RB9 R1", (), {"rainbow_zero": "every"}, 1),
    ("R7 G7 B7 Y2", (), {"same_value": "all"}, 2),
    ("R7 Y2", ("G7 B7",), {"same_value": "all"}, 2),  # R7 goes with the locked 7s (R1 all)
    ("R7 Y2", ("G7 B7",), {}, 9),
    ("flash swipe R0", (), {}, 10),
])
def test_unlocked_points_cases(text, locked, house, expected):
    from cardforge.games.numwin_scoring import unlocked_points

    pairs = [pair(p) for p in locked]
    rules = HouseRules(**house)
    assert score_combo(cards(text) + [c for p in pairs for c in p], pairs, rules).points == expected
    assert unlocked_points(cards(text), {a.value for a, _ in pairs}, rules) == expected
