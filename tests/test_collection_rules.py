"""Every sentence of the ``collection`` sheet (000) outside the scorecard table, one test each,
on the engine.  The turn and the action cards are the shared core (tested in depth with
``sequence``); here each sentence is checked again on a ``collection`` game."""

from __future__ import annotations

from collections import Counter

import pytest

from cardforge.games.collection import new_game
from cardforge.games.pushluck import Phase
from tests.pushluck_support import codes, give, moves, play, simple_round, stack


@pytest.fixture
def game():
    return new_game(2, seed=11)


def test_1_1_components():
    """COLLECTION-1.1 « cartes classiques + Rainbow + Shadow + 6 cartes spéciales (Mode Classique
    uniquement) : Joker, Double, Passe Ton Tour, Flip, Swipe, Quantique »."""
    held = Counter(new_game(2).cards)
    assert {c.action for c in held if c.is_action} == {"joker", "double", "passe", "flip", "swipe", "quantique"}
    assert {c.family for c in held if c.is_numbered} == {"R", "G", "B", "Y", "RB", "SH"}


def test_1_2_two_piles(game):
    """COLLECTION-1.2 « deux pioches distinctes ..., mélangées séparément »."""
    assert len(game.piles) == 2 and Counter(game.piles[0] + game.piles[1]) == Counter(game.cards)
    stack(game, a="R3", b="G4")
    play(game, "draw B")
    assert codes(game.sequences[0]) == ["G4"] and game.piles[0][-1].code == "R3"


def test_1_3_reserve(game):
    """COLLECTION-1.3 « une réserve de cartes action (2 emplacements max, face visible devant
    lui) »."""
    stack(game, a="swipe")
    play(game, "draw A", "keep swipe")
    assert game.observation(1)["reserves"][0] == ["swipe"]


def test_1_4_goal_validate_objectives(game):
    """COLLECTION-1.4 « valider un maximum d'objectifs de collection façon poker/Yam's ... sur son
    scorecard personnel »."""
    simple_round(game, {0: "R7 G7"})
    assert game.phase == Phase.VALIDATE and game.player == 0
    play(game, "validate pair R7 G7")
    assert list(game.scorecards[0]) == ["pair"] and game.scores[0] == 9


def test_1_5_classic_five_rounds_points_win():
    """COLLECTION-1.5 « Mode Classique : 5 manches max, victoire au total de points »."""
    state = new_game(2, seed=1)
    assert state.max_rounds == 5
    simple_round(state, {0: "R7 G9", 1: "B7 Y7"})
    play(state, "done", "validate pair B7 Y7", "done")
    assert state.returns() == [0, 9] and state.winners() == [1]


def test_1_6_discovery_no_actions_three_rounds_objectives_win():
    """COLLECTION-1.6 « Mode Découverte : aucune carte spéciale, 3 manches max, victoire au nombre
    d'objectifs validés (points en cas d'égalité seulement) »."""
    state = new_game(2, seed=1, mode="discovery")
    assert state.max_rounds == 3 and not any(c.is_action for c in state.cards)
    simple_round(state, {0: "R2 G2 B3 Y4 R5", 1: "B16 Y16"})
    play(state, "validate pair R2 G2", "validate small_straight B3 Y4 R5", "done")
    play(state, "validate pair B16 Y16", "done")
    assert state.returns() == [2, 1] and state.scores == [14, 18] and state.winners() == [0]


def test_2_1_declare_instead_of_lock_or_draw(game):
    """COLLECTION-2.1 « verrouiller sa séquence en cours ..., piocher, ou déclarer la fin de manche
    anticipée si les conditions sont réunies »."""
    give(game, 0, sequence="R3", secured="G1")
    give(game, 1, secured="B2")
    assert "declare end of round" not in moves(game)
    game.turns_played = 3
    assert moves(game) == ["draw A", "draw B", "lock", "declare end of round"]
    stack(game, a="Y9")
    play(game, "draw A")
    assert "declare end of round" not in moves(game)  # only before the first draw


def test_2_2_draw_either_pile(game):
    """COLLECTION-2.2 « il tire une carte, au choix dans l'une des deux pioches »."""
    assert moves(game) == ["draw A", "draw B"]


def test_2_3_numbered_card_joins_unless_stop(game):
    """COLLECTION-2.3 « Carte classique → ajoutée à la séquence si aucune condition de STOP »."""
    stack(game, a="R3 G4 B4")
    play(game, "draw A", "draw A", "draw A")
    assert game.sequences[0] == [] and game.player == 1


def test_2_4_action_card_play_or_keep(game):
    """COLLECTION-2.4 « Carte action → le joueur l'active immédiatement ou la garde »."""
    stack(game, a="double")
    play(game, "draw A")
    assert moves(game) == ["play double -> p0", "play double -> p1", "keep double"]


def test_2_5_go_on_or_stop(game):
    """COLLECTION-2.5 « continuer à piocher autant de fois qu'il veut, ou s'arrêter
    volontairement (STOP sécurisé) »."""
    stack(game, a="R1 G2 B3")
    play(game, "draw A", "draw A", "draw A", "lock")
    assert codes(game.collection(0)) == ["R1", "G2", "B3"]


def test_2_6_rainbow_extra_draw(game):
    """COLLECTION-2.6 « Rainbow est ajouté à la séquence, puis le joueur doit piocher
    immédiatement une nouvelle carte supplémentaire »."""
    stack(game, a="RB5")
    play(game, "draw A")
    assert moves(game) == ["draw A", "draw B"]


def test_3_1_joker_second_chance(game):
    """COLLECTION-3.1 Joker « Seconde chance : rejouez immédiatement après une carte
    d'élimination »."""
    give(game, 0, sequence="R3 G5", reserve="joker")
    stack(game, a="Y5")
    play(game, "draw A", "play reserve[0] joker")
    assert codes(game.sequences[0]) == ["R3", "G5"] and moves(game) == ["draw A", "draw B"]


def test_3_2_joker_turn_goes_on(game):
    """COLLECTION-3.2 Joker « Le tour continue »."""
    give(game, 0, sequence="R3", reserve="joker")
    stack(game, a="SH4 B9")
    play(game, "draw A", "play reserve[0] joker", "draw A")
    assert game.player == 0 and "lock" in moves(game)


def test_3_3_double(game):
    """COLLECTION-3.3 Double « Oblige un joueur à piocher 2 cartes de plus »."""
    give(game, 0, reserve="double", sequence="R3")
    play(game, "play reserve[0] double -> p1", "lock")
    assert game.forced[1] == 2 and moves(game) == ["draw A", "draw B"]


def test_3_4_passe_skips(game):
    """COLLECTION-3.4 Passe Ton Tour « Un adversaire ciblé passe son prochain tour (ne pioche
    pas) »."""
    give(game, 0, reserve="passe", sequence="R3")
    play(game, "play reserve[0] passe -> p1", "lock")
    assert game.phase == Phase.SKIPPED and moves(game) == ["end turn"]


def test_3_5_skipped_sequence_live(game):
    """COLLECTION-3.5 « Sa séquence reste active pendant ce tour sauté — il peut y activer une
    carte de sa réserve »."""
    give(game, 1, sequence="G2", reserve="double")
    give(game, 0, reserve="passe", sequence="R3")
    play(game, "play reserve[0] passe -> p1", "lock")
    assert moves(game) == ["lock", "play reserve[0] double -> p0", "end turn"]


def test_3_6_skipped_sequence_discarded(game):
    """COLLECTION-3.6 « Si elle n'est pas sécurisée à la fin de ce tour, elle est défaussée »."""
    give(game, 1, sequence="G2 B4")
    give(game, 0, reserve="passe", sequence="R3")
    play(game, "play reserve[0] passe -> p1", "lock", "end turn")
    assert game.sequences[1] == [] and {"G2", "B4"} <= set(codes(game.discard))


def test_3_7_flip(game):
    """COLLECTION-3.7 Flip « Regarde la 1re carte de chacune des deux pioches (sans les piocher),
    puis le joueur pioche une carte de plus ou dit stop »."""
    give(game, 0, reserve="flip", sequence="R3")
    stack(game, a="G1", b="B2")
    play(game, "play reserve[0] flip")
    assert game.observation(0)["peek"] == ["G1", "B2"] and moves(game) == ["draw A", "draw B", "lock"]


def test_3_8_swipe(game):
    """COLLECTION-3.8 Swipe « Échange votre séquence avec celle d'un voisin, à condition qu'elle ne
    soit pas déjà sécurisée »."""
    give(game, 0, reserve="swipe", sequence="R3")
    give(game, 1, sequence="G4 B5", secured="Y1")
    play(game, "play reserve[0] swipe -> p1")
    assert codes(game.sequences[0]) == ["G4", "B5"] and codes(game.collection(1)) == ["Y1"]


def test_3_9_quantique(game):
    """COLLECTION-3.9 Quantique « Piochez 3 cartes, gardez-en une seule ou aucune, défaussez le
    reste »."""
    give(game, 0, reserve="quantique")
    stack(game, b="R3 G4 B5")
    play(game, "play reserve[0] quantique pile B", "keep B5")
    assert codes(game.sequences[0]) == ["B5"] and {"R3", "G4"} <= set(codes(game.discard))


def test_3_10_quantique_last_action(game):
    """COLLECTION-3.10 Quantique « Dernière action du tour »."""
    give(game, 0, reserve="quantique")
    play(game, "play reserve[0] quantique pile A", "keep none")
    assert game.player == 1


def test_3_11_reserve_limit(game):
    """COLLECTION-3.11 « si elle est pleine, il faut en activer une pour en garder une nouvelle »."""
    give(game, 0, reserve="flip swipe")
    stack(game, a="double")
    play(game, "draw A")
    assert "keep double" not in moves(game) and "play reserve[0] flip" in moves(game)
    play(game, "play reserve[0] flip")
    assert codes(game.reserves[0]) == ["swipe", "double"]


def test_4_1_shadow_stops_stays_on_table(game):
    """COLLECTION-4.1 « Shadow piochée → séquence stoppée ; la Shadow reste sur la table »."""
    stack(game, a="R3 SH8")
    play(game, "draw A", "draw A")
    assert codes(game.table) == ["SH8"] and game.sequences[0] == []


def test_4_2_joker_saves_from_shadow(game):
    """COLLECTION-4.2 « Le joueur peut jouer un Joker pour rejouer immédiatement avec sa
    séquence »."""
    give(game, 0, reserve="joker", sequence="R3")
    stack(game, a="SH8")
    play(game, "draw A", "play reserve[0] joker")
    assert codes(game.sequences[0]) == ["R3"] and game.void == [False, False]


def test_4_3_shadow_discards_the_sequence_no_objective_from_it():
    """COLLECTION-4.3 « il défausse toute la séquence : 0 point, aucun objectif de cette manche
    pour lui »: no objective at all this round, not even from a sequence secured before (only the
    sequence's own cards with the house rule ``shadow_voids_round=false`` of COLLECTION-R20)."""
    for house, expected in ((None, ["done"]), (["shadow_voids_round=false"], ["validate pair R7 G7", "done"])):
        state = new_game(2, seed=11, house=house)
        give(state, 0, secured="R7 G7", sequence="B7")
        stack(state, a="SH8")
        play(state, "draw A")
        assert state.sequences[0] == [] and "B7" in codes(state.discard)
        give(state, 1, secured="B9")
        state.turns_played = 3
        play(state, "declare end of round")
        give(state, 0, sequence="Y3")
        play(state, "lock")
        assert state.phase == Phase.VALIDATE and state.player == 0 and moves(state) == expected


@pytest.mark.parametrize("seq, card, stops", [("R3 R5", "R9", True), ("R3 G5", "R9", False)])
def test_4_4_three_same_colour(game, seq, card, stops):
    """COLLECTION-4.4 « 3 cartes consécutives de même couleur dans la séquence »."""
    give(game, 0, sequence=seq)
    stack(game, a=card)
    play(game, "draw A")
    assert (game.sequences[0] == []) == stops


@pytest.mark.parametrize("seq, card, stops", [("G5", "B5", True), ("G5", "B4", False)])
def test_4_5_two_same_value(game, seq, card, stops):
    """COLLECTION-4.5 « 2 cartes consécutives de même valeur dans la séquence »."""
    give(game, 0, sequence=seq)
    stack(game, a=card)
    play(game, "draw A")
    assert (game.sequences[0] == []) == stops


def test_6_1_several_rounds():
    """COLLECTION-6.1 « La partie se joue en plusieurs manches successives »."""
    state = new_game(2, seed=2)
    simple_round(state, {0: "R1", 1: "G2"})
    play(state, "done", "done")
    assert state.round == 2 and not state.is_terminal()


def test_6_2_personal_scorecard_of_ten():
    """COLLECTION-6.2 « Chaque joueur a un scorecard personnel avec les 10 objectifs »."""
    state = new_game(3, seed=2)
    assert state.scorecards == [{}, {}, {}]
    simple_round(state, {0: "R7 G7", 1: "B4 Y4"})
    play(state, "validate pair R7 G7", "done")
    assert list(state.scorecards[0]) == ["pair"] and state.scorecards[1] == {}


def test_6_3_piles_rebuilt_collection_from_zero():
    """COLLECTION-6.3 « Au début de chaque manche, les pioches sont reconstituées et la collection
    de chaque joueur repart de zéro »."""
    state = new_game(2, seed=2)
    simple_round(state, {0: "R7 G7", 1: "B3"})
    play(state, "done", "done")
    assert state.collection(0) == [] and Counter(state.piles[0] + state.piles[1]) == Counter(state.cards)


def test_6_4_choose_which_to_validate():
    """COLLECTION-6.4 « le joueur voit les combinaisons possibles ... et choisit lesquelles valider
    — il peut refuser une combinaison réussie »."""
    state = new_game(2, seed=2)
    simple_round(state, {0: "R7 G7 B7"})
    assert moves(state) == ["validate pair R7 G7", "validate three_of_a_kind R7 G7 B7", "done"]
    play(state, "done")
    assert state.scorecards[0] == {}


def test_6_5_validated_objective_is_frozen():
    """COLLECTION-6.5 « Un objectif validé est acquis et figé pour toute la partie — impossible de
    le retenter ou de l'écraser ensuite »."""
    state = new_game(2, seed=2)
    simple_round(state, {0: "R3 G3"})
    play(state, "validate pair R3 G3", "done", "done")
    simple_round(state, {0: "B16 Y16 R16"})  # round 2: p1 declares and validates first
    play(state, "done")
    assert moves(state) == ["validate three_of_a_kind R16 B16 Y16", "done"]
    assert state.scorecards[0]["pair"].points == 5


def test_7_1_declaration_replaces_lock_or_draw(game):
    """COLLECTION-7.1 « Un joueur peut déclarer la fin de la manche en cours (au lieu de
    verrouiller/piocher) »: declaring ends the turn, the sequence is not secured."""
    give(game, 0, sequence="R3", secured="G1")
    give(game, 1, secured="B2")
    game.turns_played = 3
    play(game, "declare end of round")
    assert game.player == 1 and codes(game.sequences[0]) == ["R3"] and game.declared_by == 0


def test_7_2_every_player_has_secured(game):
    """COLLECTION-7.2 « Chaque joueur a déjà sécurisé au moins une séquence cette manche »."""
    give(game, 0, secured="G1")
    game.turns_played = 10
    assert "declare end of round" not in moves(game)
    give(game, 1, secured="B1")
    assert "declare end of round" in moves(game)


def test_7_3_players_plus_one_turns():
    """COLLECTION-7.3 « Un minimum de (nb joueurs + 1) tours a été joué cette manche »."""
    state = new_game(3, seed=1)
    for p in range(3):
        give(state, p, secured=["R1", "G2", "B3"][p])
    state.turns_played = 3
    assert "declare end of round" not in moves(state)
    state.turns_played = 4
    assert "declare end of round" in moves(state)


def test_7_4_every_other_player_has_one_last_turn():
    """COLLECTION-7.4 « Chaque autre joueur a alors un dernier tour avant l'évaluation »."""
    state = new_game(3, seed=1)
    for p in range(3):
        give(state, p, secured=["R1", "G2", "B3"][p])
    state.turns_played = 4
    play(state, "declare end of round")
    stack(state, a="Y5 Y9")
    play(state, "draw A", "lock")
    assert state.player == 2 and state.phase == Phase.TURN
    play(state, "draw A", "lock")
    assert state.phase == Phase.VALIDATE


def test_8_1_full_scorecard_ends_the_game_at_round_end():
    """COLLECTION-8.1 « La partie se termine dès qu'un joueur valide ses 10 objectifs — mais
    seulement à l'issue de la manche en cours »."""
    from cardforge.games.objectives import OBJECTIVES, ObjectiveMatch

    state = new_game(2, seed=3)
    for o in OBJECTIVES[1:]:
        state.scorecards[0][o.id] = ObjectiveMatch(o.id, 0, ())
    simple_round(state, {0: "R4 G4", 1: "B5 Y5"})
    play(state, "validate pair R4 G4", "done")
    assert not state.is_terminal()  # the other player still validates
    play(state, "validate pair B5 Y5", "done")
    assert state.is_terminal() and state.round == 1


@pytest.mark.parametrize("mode, rounds", [("classic", 5), ("discovery", 3)])
def test_8_2_fallback_end(mode, rounds):
    """COLLECTION-8.2 « Fin de secours : 5 manches max en Mode Classique, 3 manches max en Mode
    Découverte, même sans scorecard complet »."""
    state = new_game(2, seed=3, mode=mode)
    for _ in range(rounds):
        assert not state.is_terminal()
        simple_round(state, {})
        play(state, "done", "done")
    assert state.is_terminal() and state.round == rounds


def test_8_3_classic_most_points_wins():
    """COLLECTION-8.3 « le plus de points cumulés gagne (valider ses 10 objectifs en premier ne
    garantit pas la victoire) »."""
    state = new_game(2, seed=3, rounds=1)
    simple_round(state, {0: "R2 G2 B3 Y4 R5", 1: "B16 Y16"})
    play(state, "validate pair R2 G2", "validate small_straight B3 Y4 R5", "done")
    play(state, "validate pair B16 Y16", "done")
    assert state.scores == [14, 18] and len(state.scorecards[0]) == 2 and state.winners() == [1]


def test_8_4_discovery_most_objectives_points_break_ties():
    """COLLECTION-8.4 « Mode Découverte : le plus d'objectifs validés gagne (points en cas
    d'égalité seulement) »."""
    state = new_game(2, seed=3, mode="discovery", rounds=1)
    simple_round(state, {0: "R2 G2", 1: "B16 Y16"})
    play(state, "validate pair R2 G2", "done", "validate pair B16 Y16", "done")
    assert state.returns() == [1, 1] and state.winners() == [1]
