"""One test per sentence of the rows rule sheet (003), quoting it; plus the catalogue's fidelity."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
from rows_helpers import card, codes, place, row_codes, table

from cardforge.cards import Card
from cardforge.games.rows import (
    HAND_SIZE,
    ROW_COLOURS,
    new_game,
    round_winners,
    score_pile,
)
from cardforge.rules import load_rules

ROOT = Path(__file__).resolve().parent.parent
SHEET_COPY = ROOT / "tests" / "sheets" / "003_6096a9b6c0c3896a.txt"


def _play_step(state, picks: list[Card]) -> None:
    for pick in picks:
        state.apply_action(pick)


# -- 1. Composition & mise en place ------------------------------------------------------


def test_1_1_deck_has_102_cards_in_6_families_0_to_16(decks):
    """ROWS-1.1 « 102 cartes : 6 familles de valeurs 0 à 16 (Rouge, Vert, Bleu, Jaune, Rainbow, Shadow). »"""
    deck = decks["rows"]
    counts = deck.counts()
    assert deck.total() == 102
    assert sorted(deck.families) == sorted(["R", "G", "B", "Y", "RB", "SH"])
    for family in deck.families:
        assert [counts[Card(family=family, value=v)] for v in range(17)] == [1] * 17


def test_1_2_no_other_special_card(decks):
    """ROWS-1.2 « Aucune autre carte spéciale. »"""
    assert not any(c.is_action for c in decks["rows"].cards())


def test_1_3_four_rows_each_start_with_its_zero():
    """ROWS-1.3 « Placer 4 rangées centrales : Bleu, Rouge, Jaune, Vert — chacune commence avec
    la carte 0 de sa couleur. »"""
    state = new_game(3, seed=1)
    assert list(state.rows) == ["B", "R", "Y", "G"] == list(ROW_COLOURS)
    assert {c: codes(r) for c, r in state.rows.items()} == {"B": ["B0"], "R": ["R0"], "Y": ["Y0"], "G": ["G0"]}


def test_1_4_ten_cards_dealt_to_each_player_all_colours_mixed():
    """ROWS-1.4 « Distribuer 10 cartes à chaque joueur (toutes couleurs mélangées). »"""
    state = new_game(8, seed=4)
    assert [len(h) for h in state.hands] == [HAND_SIZE] * 8
    dealt = [c for h in state.hands for c in h]
    assert len(set(dealt)) == 80
    assert {c.family for c in dealt} == {"R", "G", "B", "Y", "RB", "SH"}  # mixed, not by colour


# -- 2. Tour simultané ---------------------------------------------------------------------


def test_2_1_each_player_chooses_one_card_face_down():
    """ROWS-2.1 « Tous les joueurs choisissent 1 carte et la posent face cachée. »"""
    state = new_game(3, seed=2)
    pick = state.legal_actions()[0]
    state.apply_action(pick)
    assert state.current_player() == 1
    assert state.observation(0)["chosen"] == pick.code
    seen_by_p1 = state.observation(1)
    visible = [v for value in seen_by_p1.values() for v in (value if isinstance(value, list) else [value])]
    visible += [c for pile in seen_by_p1["captured"].values() for c in pile]
    visible += [c for row in seen_by_p1["rows"].values() for c in row]
    assert pick.code not in visible  # hidden from the others
    assert seen_by_p1["waiting_for"] == ["p1", "p2"]
    assert len(state.hands[0]) == HAND_SIZE - 1


def test_2_2_cards_are_revealed_only_when_all_have_chosen():
    """ROWS-2.2 « Révélation simultanée. »"""
    state = new_game(3, seed=2)
    before = {c: list(r) for c, r in state.rows.items()}
    picks = []
    for _ in range(2):
        picks.append(state.legal_actions()[-1])
        state.apply_action(picks[-1])
        assert state.rows == before and state.last_result is None
    picks.append(state.legal_actions()[-1])
    state.apply_action(picks[-1])
    assert sorted(c for _, c in state.last_result.order) == sorted(picks)


def test_2_3_cards_are_placed_in_ascending_order():
    """ROWS-2.3 « On place chaque carte sur sa rangée de couleur en ordre croissant. »

    Red row R0 R2; p1 reveals R5, p2 reveals R1.  R1 goes first (lower than R2: p2 takes R0),
    then R5 is added after it.  In the other order R5 would be added first and R1 would end
    the row."""
    result = place(table(R="R0 R2"), p1="R5", p2="R1")
    assert [c.code for _, c in result.order] == ["R1", "R5"]
    assert row_codes(result)["R"] == "R2 R1 R5"
    assert codes(result.captured["p2"]) == ["R0"]


def test_2_4_equal_values_shadow_then_rainbow_then_classic():
    """ROWS-2.4 « En cas de même valeur, priorité : Shadow, puis Rainbow, puis couleurs classiques. »

    Blue row B0 B4; SH5, RB5 and B5 revealed: SH5 then RB5 join the Blue row, so B5 is its 5th
    card and takes B0 B4 SH5 RB5."""
    result = place(table(B="B0 B4"), p1="B5", p2="RB5", p3="SH5")
    assert [c.code for _, c in result.order] == ["SH5", "RB5", "B5"]
    assert codes(result.captured["p1"]) == ["B0", "B4", "SH5", "RB5"]
    assert "ROWS-2.4" in result.rules()


def test_2_5_rainbow_and_shadow_go_after_a_card_of_the_same_value():
    """ROWS-2.5 « Rainbow et Shadow se placent toujours après une carte de même valeur déjà en
    dernière position de rangée. »"""
    rows = table(R="R0 R6", Y="Y0 Y7", B="B0 B3", G="G0 G2")
    assert row_codes(place(rows, p1="RB7"))["Y"] == "Y0 Y7 RB7"
    assert row_codes(place(rows, p1="SH7"))["Y"] == "Y0 Y7 SH7"


# -- 3. Placement & récupération ---------------------------------------------------------


def test_3_1_lower_card_placed_at_end_and_player_takes_first_card():
    """ROWS-3.1 « Inférieure à la dernière | Placée en fin de rangée + joueur récupère la 1re
    carte de la rangée »"""
    result = place(table(B="B0 B5"), p1="B3")
    assert row_codes(result)["B"] == "B5 B3"
    assert codes(result.captured["p1"]) == ["B0"]
    assert "ROWS-3.1" in result.rules()


def test_3_2_higher_or_equal_card_is_added_without_capture():
    """ROWS-3.2 « Supérieure ou égale | Ajoutée en fin de rangée, sans récupération (sauf si
    c'est la 5e carte) »"""
    higher = place(table(B="B0 B3"), p1="B7")
    equal = place(table(B="B0 RB5"), p1="B5")
    assert row_codes(higher)["B"] == "B0 B3 B7" and higher.captured["p1"] == []
    assert row_codes(equal)["B"] == "B0 RB5 B5" and equal.captured["p1"] == []
    fifth = place(table(B="B0 B1 B2 B3"), p1="B7")  # « sauf si c'est la 5e carte »
    assert codes(fifth.captured["p1"]) == ["B0", "B1", "B2", "B3"]


# -- 4. Règle Rainbow ----------------------------------------------------------------------


def test_4_1_rainbow_goes_where_the_closest_lower_or_equal_card_is():
    """ROWS-4.1 « Rainbow se place sur la rangée où une carte strictement inférieure ou égale la
    plus proche est présente. »  Last cards B5 R9 Y12 G0: RB10 is closest above R9."""
    result = place(table(B="B0 B5", R="R0 R9", Y="Y0 Y12"), p1="RB10")
    assert row_codes(result)["R"] == "R0 R9 RB10"
    assert result.captured["p1"] == []


def test_4_2_rainbow_fitting_nowhere_goes_to_closest_row_and_takes_its_first_card():
    """ROWS-4.2 « Si Rainbow ne peut être supérieure ou égale à aucune rangée → posée sur la
    rangée dont la dernière carte est la plus proche en valeur, puis le joueur récupère la
    première carte de cette rangée. »  Last cards B5 R3 Y8 G9: RB2 goes on Red, takes R0."""
    result = place(table(B="B0 B5", R="R0 R3", Y="Y0 Y8", G="G0 G9"), p1="RB2")
    assert row_codes(result)["R"] == "R3 RB2"
    assert codes(result.captured["p1"]) == ["R0"]
    assert "ROWS-4.2" in result.rules()


def test_4_3_captured_rainbow_scores_positive():
    """ROWS-4.3 « Une Rainbow récupérée = points positifs. »"""
    result = place(table(G="RB9 G10 G11 G12"), p1="G13")
    assert codes(result.captured["p1"]) == ["RB9", "G10", "G11", "G12"]
    assert score_pile(result.captured["p1"]) == 9 + 10 + 11 + 12
    assert score_pile([card("RB7")]) == 7


# -- 5. Règle Shadow -----------------------------------------------------------------------


def test_5_1_shadow_goes_where_the_closest_lower_or_equal_card_is():
    """ROWS-5.1 « Shadow se place sur la rangée où une carte strictement inférieure ou égale la
    plus proche est présente. »"""
    result = place(table(B="B0 B5", R="R0 R9", Y="Y0 Y12"), p1="SH10")
    assert row_codes(result)["R"] == "R0 R9 SH10"
    assert result.captured["p1"] == []


def test_5_2_shadow_fitting_nowhere_is_taken_by_its_player():
    """ROWS-5.2 « Si Shadow ne peut être supérieure à aucune rangée → récupérée directement par
    son joueur = points négatifs. »"""
    rows = table(B="B0 B5", R="R0 R3", Y="Y0 Y8", G="G0 G9")
    result = place(rows, p1="SH2")
    assert codes(result.captured["p1"]) == ["SH2"]
    assert result.rows == rows
    assert score_pile(result.captured["p1"]) == -2


def test_5_3_captured_shadow_always_scores_negative():
    """ROWS-5.3 « Une Shadow récupérée compte toujours en points négatifs. »  However it was
    taken: forced, with a 5th card, or as a row's first card."""
    assert score_pile([card("SH16")]) == -16
    lower = place(table(B="SH4 B9"), p1="B6")  # a lower card takes the first card, SH4
    assert codes(lower.captured["p1"]) == ["SH4"] and score_pile(lower.captured["p1"]) == -4


def test_5_4_even_a_forced_shadow_capture_scores_negative():
    """ROWS-5.4 « Shadow est toujours un risque — même récupération forcée = points négatifs ! »"""
    result = place(table(B="B0 B12", R="R0 R11", Y="Y0 Y14", G="G0 G10"), p1="SH9", p2="R16")
    assert codes(result.captured["p1"]) == ["SH9"]
    assert score_pile(result.captured["p1"]) == -9


# -- 6. Récupération de rangée (5e carte) ------------------------------------------------


def test_6_1_fifth_card_takes_all_but_itself():
    """ROWS-6.1 « Quand une rangée atteint 5 cartes : Le joueur qui pose la 5e carte récupère
    toutes les cartes sauf la dernière posée. »"""
    result = place(table(Y="Y0 Y3 Y5 Y8"), p1="Y9", p2="R4")
    assert codes(result.captured["p1"]) == ["Y0", "Y3", "Y5", "Y8"]
    assert result.captured["p2"] == []


def test_6_2_fifth_card_becomes_the_rows_new_first_card():
    """ROWS-6.2 « La dernière posée devient la nouvelle 1re carte de la rangée. »  The next card
    on that row then compares with it."""
    result = place(table(Y="Y0 Y3 Y5 Y8"), p1="Y9", p2="Y12")
    assert row_codes(result)["Y"] == "Y9 Y12"


def test_6_3_shadows_taken_with_a_row_score_negative():
    """ROWS-6.3 « Les Shadow récupérées comptent en points négatifs. »"""
    result = place(table(B="B0 SH4 B6 B8"), p1="B9")
    assert codes(result.captured["p1"]) == ["B0", "SH4", "B6", "B8"]
    assert score_pile(result.captured["p1"]) == 0 - 4 + 6 + 8


# -- 7. Score & fin de partie ------------------------------------------------------------


def _play_round(state) -> None:
    """Everyone plays their lowest card until the round is over."""
    start = state.round_no
    while state.round_no == start and not state.is_terminal():
        state.apply_action(state.legal_actions()[0])


def test_7_1_round_ends_after_ten_cards_and_scores_classic_and_rainbow_positive():
    """ROWS-7.1 « Quand tous les joueurs ont joué leurs 10 cartes : Classiques + Rainbow
    récupérées = points positifs (valeur faciale). »"""
    state = new_game(4, seed=7)
    actions = 0
    while not state.history:
        state.apply_action(state.legal_actions()[0])
        actions += 1
    assert actions == 4 * HAND_SIZE
    done = state.history[0]
    for pile, points in zip(done.piles, done.points):
        positive = sum(c.value for c in pile if c.family != "SH")
        negative = sum(c.value for c in pile if c.family == "SH")
        assert points == positive - negative
    assert any(c.family != "SH" and c.value for pile in done.piles for c in pile)


def test_7_2_captured_shadows_score_negative_face_value():
    """ROWS-7.2 « Shadow récupérées = points négatifs (valeur faciale). »"""
    assert score_pile([card("SH3"), card("SH12")]) == -15
    assert score_pile([card("R5"), card("SH5")]) == 0


def test_7_3_most_points_wins_the_round():
    """ROWS-7.3 « Le joueur avec le plus de points gagne la manche. »"""
    assert round_winners({"ann": 12, "bob": 30, "cy": -4}) == ["bob"]
    state = new_game(3, seed=5)
    _play_round(state)
    done = state.history[0]
    best = max(done.points)
    assert [done.points[i] for i in done.winners] == [best] * len(done.winners)


@pytest.mark.parametrize("target", [1, 3])
def test_7_4_first_to_three_round_wins_takes_the_game(target):
    """ROWS-7.4 « Le premier joueur à gagner 3 manches remporte la partie. »"""
    state = new_game(3, seed=11, target_wins=target)
    while not state.is_terminal():
        assert max(state.wins) < target or state.wins.count(max(state.wins)) > 1
        _play_round(state)
    assert max(state.wins) >= target
    assert state.wins.count(max(state.wins)) == 1
    assert state.winner() == state.wins.index(max(state.wins))
    assert new_game(3, seed=11).target_wins == 3


# -- 8. Variante : explosion ---------------------------------------------------------------


def test_8_1_fifth_card_makes_the_row_explode():
    """ROWS-8.1 « Quand un joueur pose la 5e carte sur une rangée, la rangée explose. »"""
    result = place(table(B="B0 B3 B5 B8"), explosion=True, p1="B9")
    assert "ROWS-8.1" in result.rules()
    assert row_codes(result)["B"] == "B9"


def test_8_2_exploded_cards_are_discarded_not_captured():
    """ROWS-8.2 « Les cartes sont défaussées (pas récupérées). »"""
    result = place(table(B="B0 B3 B5 B8"), explosion=True, p1="B9")
    assert codes(result.discarded) == ["B0", "B3", "B5", "B8"]
    assert result.captured["p1"] == []


def test_8_3_no_points_for_an_exploded_row():
    """ROWS-8.3 « Aucun point n'est marqué pour cette rangée. »  In a whole game with the
    variant, no one's points ever include a discarded card."""
    result = place(table(B="B0 B3 B5 B8"), explosion=True, p1="B9", p2="SH1")
    assert score_pile(result.captured["p1"]) == 0
    state = new_game(4, seed=3, explosion=True)
    while not state.history:
        state.apply_action(state.legal_actions()[-1])
    assert state.history[0].points == tuple(score_pile(p) for p in state.history[0].piles)


def test_8_4_variant_turns_an_opportunity_into_a_loss():
    """ROWS-8.4 « Cette variante augmente la tension : il faut mieux anticiper et parfois
    renoncer à une opportunité pour ne pas tout perdre. »  The same 5th card is worth 25 points
    in the base game and nothing with the variant."""
    rows = table(R="R0 R5 R9 R11")
    assert score_pile(place(rows, p1="R12").captured["p1"]) == 25
    assert score_pile(place(rows, explosion=True, p1="R12").captured["p1"]) == 0


# -- the catalogue itself ----------------------------------------------------------------


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFC", text).replace("’", "'").casefold()
    return re.sub(r"\s+", " ", text).strip()


def _sheet_text() -> str:
    return SHEET_COPY.read_text(encoding="utf-8")


def _sheet_sentences() -> list[str]:
    """The sheet's rule sentences: bullets and plain lines, not titles or the table header."""
    out = []
    for line in _sheet_text().splitlines():
        line = re.sub(r"^(\d\ufe0f?\u20e3|[^\w«(|-])+", "", line).strip()  # leading emoji
        line = line.lstrip("- ").strip()
        if not line or line.startswith("|---") or line.startswith("| Carte"):
            continue
        if line.startswith("|"):
            out.extend(cell.strip() for cell in line.strip("|").split("|"))
            continue
        if len(line.split()) <= 5 and not line.endswith("."):  # a title
            continue
        out.extend(part.rstrip(":").strip() for part in re.split(r"(?<=[.!])\s+(?=[A-ZÀ-Ý])", line))
    return out


def test_every_sheet_sentence_is_a_rule_in_french():
    """Each sentence of the sheet appears, in French, in some rule of the catalogue."""
    rules = [_norm(r.text.fr) for s in load_rules("rows").sections for r in s.rules]
    missing = [s for s in _sheet_sentences() if not any(_norm(s) in r for r in rules)]
    assert not missing


#: Rules written from the sheet's table or a lead-in line plus its bullet: the sheet pieces
#: they are made of (every other rule's French is a sentence of the sheet, verbatim).
COMPOSED = {
    "ROWS-3.1": ("Carte jouée", "Inférieure à la dernière", "de la rangée",
                 "Placée en fin de rangée + joueur récupère la 1re carte de la rangée"),
    "ROWS-3.2": ("Carte jouée", "Supérieure ou égale", "de la rangée",
                 "Ajoutée en fin de rangée, sans récupération (sauf si c'est la 5e carte)"),
    "ROWS-6.1": ("Quand une rangée atteint 5 cartes :",
                 "e joueur qui pose la 5e carte récupère toutes les cartes sauf la dernière posée."),
    "ROWS-7.1": ("Quand tous les joueurs ont joué leurs 10 cartes :",
                 "Classiques + Rainbow récupérées = points positifs (valeur faciale)."),
}


def test_every_rule_is_french_from_the_sheet():
    """No rule text is invented: each rule's French is a sentence of the sheet, or is made of
    the sheet's pieces (table cells, a lead-in and its bullet) in the sheet's order."""
    sheet = _norm(_sheet_text())
    for section in load_rules("rows").sections:
        for rule in section.rules:
            text = _norm(rule.text.fr)
            pieces = COMPOSED.get(rule.id, (rule.text.fr,))
            position = 0
            for piece in (_norm(p).rstrip(" .:!") for p in pieces):
                assert piece in sheet, (rule.id, piece)
                position = text.index(piece, position) + len(piece)


def test_every_rule_id_is_tested():
    """Each rule and ruling ID of the catalogue is cited by a rows test."""
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_rows_*.py"))
    untested = [i for i in load_rules("rows").ids() if i not in text]
    assert not untested


def test_rule_ids_follow_the_sections():
    book = load_rules("rows")
    for section in book.sections:
        assert [r.id for r in section.rules] == [f"ROWS-{section.id}.{n}" for n in range(1, len(section.rules) + 1)]
    assert [r.id for r in book.rulings] == [f"ROWS-R{n}" for n in range(1, len(book.rulings) + 1)]
    assert Counter(book.ids()).most_common(1)[0][1] == 1
    assert all(r.text.en and r.text.fr for s in book.sections for r in s.rules)
