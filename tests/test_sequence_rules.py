"""Every sentence of the ``sequence`` sheet (001), one test each, on the engine.

Each docstring quotes the sheet; each test would fail if the engine broke that sentence.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cardforge.cards import Card, FamilyKind
from cardforge.deck import load_deck
from cardforge.games.pushluck import Phase
from cardforge.games.sequence import new_game, sequence_points
from tests.pushluck_support import cards, codes, give, moves, play, stack


@pytest.fixture
def game():
    return new_game(2, seed=7)


def test_1_1_components():
    """SEQUENCE-1.1 « cartes classiques + Rainbow + Shadow + spéciales : Infini, Simple, Double,
    Passe Ton Tour, Flip, Swipe, Éclair, Tornade, Quantique, Joker »."""
    state = new_game(3, seed=0)
    held = Counter(state.cards)
    actions = {c.action for c in held if c.is_action}
    assert actions == {"infini", "simple", "double", "passe", "flip", "swipe", "eclair", "tornade", "quantique", "joker"}
    kinds = {state_kind for state_kind in (load_deck("sequence").system.kind_of(c) for c in held if c.is_numbered)}
    assert kinds == {FamilyKind.CLASSIC, FamilyKind.RAINBOW, FamilyKind.SHADOW}


def test_1_2_two_piles_shuffled_separately(game):
    """SEQUENCE-1.2 « deux pioches distinctes ..., mélangées séparément »: drawing from B
    leaves A untouched, and together they hold the whole deck."""
    assert len(game.piles) == 2 and abs(len(game.piles[0]) - len(game.piles[1])) <= 1
    assert Counter(game.piles[0] + game.piles[1]) == Counter(game.cards)
    top_a, top_b = game.piles[0][-1], game.piles[1][-1]
    stack(game, b="R3")
    play(game, "draw B")
    assert game.piles[0][-1] == top_a and game.piles[1][-1] == top_b


def test_1_3_reserve_is_face_up(game):
    """SEQUENCE-1.3 « une réserve de cartes action (2 emplacements max, face visible devant
    lui) pour garder une carte piochée et l'activer plus tard »."""
    stack(game, a="flip")
    play(game, "draw A", "keep flip")
    assert codes(game.reserves[0]) == ["flip"]
    assert game.observation(1)["reserves"][0] == ["flip"]  # the opponent sees it


def test_1_4_goal_is_points_from_sequences():
    """SEQUENCE-1.4 « maximiser ses points en construisant des séquences de cartes »: the
    score is what secured sequences are worth."""
    state = new_game(2, seed=3, rounds=1, turns=1)
    stack(state, a="R9 G10", b="B4")
    play(state, "draw A", "draw A", "lock", "draw B", "lock")
    assert state.is_terminal() and state.returns() == [19, 4]


def test_1_5_discovery_has_no_action_cards():
    """SEQUENCE-1.5 « En Mode Découverte, aucune carte spéciale n'est incluse dans la pioche »."""
    state = new_game(2, seed=1, mode="discovery")
    assert not any(c.is_action for c in state.cards)
    assert any(c.is_action for c in new_game(2, seed=1).cards)


def test_2_1_before_the_first_draw_lock_or_draw(game):
    """SEQUENCE-2.1 « Avant sa première pioche du tour, le joueur choisit : verrouiller sa
    séquence en cours (STOP immédiat, sécurise ses points), ou piocher »."""
    give(game, 0, sequence="R3 G5")
    assert moves(game) == ["draw A", "draw B", "lock"]
    play(game, "lock")
    assert codes(game.secured[0][0]) == ["R3", "G5"] and game.player == 1


def test_2_2_draw_from_either_pile(game):
    """SEQUENCE-2.2 « il tire une carte, au choix dans l'une des deux pioches »."""
    stack(game, a="R3", b="G7")
    play(game, "draw B")
    assert codes(game.sequences[0]) == ["G7"]
    play(game, "draw A")
    assert codes(game.sequences[0]) == ["G7", "R3"]


def test_2_3_numbered_card_joins_unless_stop(game):
    """SEQUENCE-2.3 « Carte classique → ajoutée à la séquence si aucune condition de STOP n'est
    déclenchée »."""
    stack(game, a="R3 G5 B5")
    play(game, "draw A", "draw A")
    assert codes(game.sequences[0]) == ["R3", "G5"]
    play(game, "draw A")  # B5 after G5: value STOP
    assert "B5" not in codes(game.sequences[0]) and "B5" in codes(game.discard)


def test_2_4_action_card_play_or_keep(game):
    """SEQUENCE-2.4 « Carte action → le joueur l'active immédiatement ou la garde dans sa
    réserve (2 max) pour plus tard »."""
    stack(game, a="tornade")
    play(game, "draw A")
    assert game.phase == Phase.ACTION_DRAWN
    assert moves(game) == ["play tornade", "keep tornade"]


def test_2_5_go_on_or_stop_at_any_time(game):
    """SEQUENCE-2.5 « continuer à piocher autant de fois qu'il veut, ou s'arrêter
    volontairement (STOP sécurisé) à tout moment avant une nouvelle pioche »."""
    stack(game, a="R1 G2 B3 Y4 R5 G6")
    for _ in range(6):
        assert "draw A" in moves(game)
        play(game, "draw A")
    assert "lock" in moves(game)
    play(game, "lock")
    assert codes(game.secured[0][0]) == ["R1", "G2", "B3", "Y4", "R5", "G6"]


def test_2_6_rainbow_forces_an_extra_draw(game):
    """SEQUENCE-2.6 « Rainbow est ajouté à la séquence, puis le joueur doit piocher
    immédiatement une nouvelle carte supplémentaire »."""
    stack(game, a="RB7 R2")
    play(game, "draw A")
    assert codes(game.sequences[0]) == ["RB7"]
    assert moves(game) == ["draw A", "draw B"]  # no lock, no end
    play(game, "draw A")
    assert "lock" in moves(game)


def test_3_1_infini_survives_an_elimination_card(game):
    """SEQUENCE-3.1 Infini « Continuer à piocher malgré une carte d'élimination, sans être
    éliminé »."""
    give(game, 0, sequence="R3", reserve="infini")
    stack(game, a="SH9")
    play(game, "play reserve[0] infini", "draw A")
    assert codes(game.sequences[0]) == ["R3"] and codes(game.table) == ["SH9"]


def test_3_2_infini_turn_goes_on(game):
    """SEQUENCE-3.2 Infini « Le tour continue »: same player, free to draw or stop."""
    give(game, 0, sequence="R3", reserve="infini")
    stack(game, a="R3 SH9".split()[1])
    play(game, "play reserve[0] infini", "draw A")
    assert game.player == 0 and game.phase == Phase.TURN
    assert {"draw A", "lock", "end turn"} <= set(moves(game))


def test_3_3_simple_one_more_card(game):
    """SEQUENCE-3.3 Simple « Oblige un joueur à piocher 1 carte de plus »."""
    give(game, 0, reserve="simple", sequence="R3")
    play(game, "play reserve[0] simple -> p1", "lock")
    assert game.player == 1 and moves(game) == ["draw A", "draw B"]
    stack(game, a="G4")
    play(game, "draw A")
    assert "lock" in moves(game)


def test_3_4_double_two_more_cards(game):
    """SEQUENCE-3.4 Double « Oblige un joueur à piocher 2 cartes de plus »."""
    give(game, 0, reserve="double", sequence="R3")
    play(game, "play reserve[0] double -> p1", "lock")
    stack(game, a="G4 B6")
    play(game, "draw A")
    assert moves(game) == ["draw A", "draw B"]
    play(game, "draw A")
    assert "lock" in moves(game)


def test_3_5_passe_skips_the_next_turn(game):
    """SEQUENCE-3.5 Passe Ton Tour « Un adversaire ciblé passe son prochain tour (ne pioche
    pas) »."""
    give(game, 0, reserve="passe", sequence="R3")
    play(game, "play reserve[0] passe -> p1", "lock")
    assert game.player == 1 and game.phase == Phase.SKIPPED
    assert not any(m.startswith("draw") for m in moves(game))
    play(game, "end turn")
    assert game.player == 0


def test_3_6_skipped_sequence_stays_live(game):
    """SEQUENCE-3.6 « Sa séquence reste active pendant ce tour sauté — il peut y activer une
    carte de sa réserve »."""
    give(game, 1, sequence="G2 B4", reserve="simple")
    give(game, 0, reserve="passe", sequence="R3 Y9")
    play(game, "play reserve[0] passe -> p1", "lock")
    assert codes(game.sequences[1]) == ["G2", "B4"]
    assert "play reserve[0] simple -> p0" in moves(game)


def test_3_7_skipped_sequence_discarded_unless_secured():
    """SEQUENCE-3.7 « Si elle n'est pas sécurisée à la fin de ce tour, elle est défaussée »."""
    for last, expect in (("end turn", []), ("lock", [["G2", "B4"]])):
        state = new_game(2, seed=7)
        give(state, 1, sequence="G2 B4")
        give(state, 0, reserve="passe", sequence="R3")
        play(state, "play reserve[0] passe -> p1", "lock", last)
        assert state.sequences[1] == [] and [codes(s) for s in state.secured[1]] == expect


def test_3_8_flip_peeks_then_draw_or_stop(game):
    """SEQUENCE-3.8 Flip « Regarde la 1re carte de chacune des deux pioches (sans les piocher),
    puis le joueur pioche une carte de plus ou dit stop »."""
    give(game, 0, sequence="R3", reserve="flip")
    stack(game, a="G8", b="Y1")
    play(game, "play reserve[0] flip")
    assert game.observation(0)["peek"] == ["G8", "Y1"] and "peek" not in game.observation(1)
    assert moves(game) == ["draw A", "draw B", "lock"]
    assert game.piles[0][-1] == Card("G", 8)


def test_3_9_swipe_swaps_with_a_neighbour(game):
    """SEQUENCE-3.9 Swipe « Échange votre séquence avec celle d'un voisin, à condition qu'elle
    ne soit pas déjà sécurisée »."""
    give(game, 0, sequence="R3", reserve="swipe")
    give(game, 1, secured="B1 G9")
    assert not any("swipe" in m for m in moves(game))  # only a secured sequence: no target
    give(game, 1, sequence="G2 B4")
    play(game, "play reserve[0] swipe -> p1")
    assert codes(game.sequences[0]) == ["G2", "B4"] and codes(game.sequences[1]) == ["R3"]


def test_3_10_eclair_resets_an_opponent(game):
    """SEQUENCE-3.10 Éclair « Remet à zéro la séquence non sécurisée d'un adversaire ciblé »."""
    give(game, 0, reserve="eclair")
    give(game, 1, sequence="G2 B4", secured="Y5")
    play(game, "play reserve[0] eclair -> p1")
    assert game.sequences[1] == [] and codes(game.secured[1][0]) == ["Y5"]
    assert {"G2", "B4"} <= set(codes(game.discard))


def test_3_11_tornade_redistributes_unsecured_sequences():
    """SEQUENCE-3.11 Tornade « Mélange et redistribue toutes les séquences non sécurisées »."""
    outcomes = set()
    for seed in range(12):
        state = new_game(3, seed=seed)
        give(state, 0, reserve="tornade", sequence="R3")
        give(state, 1, sequence="G2 B4")
        give(state, 2, sequence="Y7", secured="B9")
        play(state, "play reserve[0] tornade")
        seqs = tuple(tuple(codes(s)) for s in state.sequences)
        assert sorted(seqs) == sorted([("R3",), ("G2", "B4"), ("Y7",)])
        assert codes(state.secured[2][0]) == ["B9"]
        outcomes.add(seqs)
    assert len(outcomes) > 1


def test_3_12_quantique_draw_three_keep_one(game):
    """SEQUENCE-3.12 Quantique « Piochez 3 cartes, gardez-en une seule ou aucune, défaussez le
    reste »."""
    give(game, 0, reserve="quantique")
    stack(game, a="R3 G9 SH2")
    play(game, "play reserve[0] quantique pile A")
    assert sorted(game.observation(0)["quantique"]) == ["G9", "R3", "SH2"]
    assert "quantique" not in game.observation(1)
    play(game, "keep G9")
    assert codes(game.sequences[0]) == ["G9"] and {"R3", "SH2"} <= set(codes(game.discard))


def test_3_13_quantique_is_the_last_action(game):
    """SEQUENCE-3.13 Quantique « Dernière action du tour »."""
    give(game, 0, reserve="quantique")
    stack(game, a="R3 G9 B2")
    play(game, "play reserve[0] quantique pile A", "keep none")
    assert game.player == 1


def test_3_14_joker_second_chance(game):
    """SEQUENCE-3.14 Joker « Seconde chance : rejouez immédiatement après une carte
    d'élimination »: the sequence survives and the player draws again at once."""
    give(game, 0, sequence="R3 G5", reserve="joker")
    stack(game, a="B5 Y8")
    play(game, "draw A")
    assert game.phase == Phase.ELIMINATION and moves(game) == ["play reserve[0] joker", "accept STOP"]
    play(game, "play reserve[0] joker")
    assert codes(game.sequences[0]) == ["R3", "G5"] and moves(game) == ["draw A", "draw B"]


def test_3_15_joker_turn_goes_on(game):
    """SEQUENCE-3.15 Joker « Le tour continue »."""
    give(game, 0, sequence="R3", reserve="joker")
    stack(game, a="SH1 G8")
    play(game, "draw A", "play reserve[0] joker", "draw A")
    assert game.player == 0 and codes(game.sequences[0]) == ["R3", "G8"] and "lock" in moves(game)


def test_3_16_full_reserve_play_one_to_keep_one(game):
    """SEQUENCE-3.16 « Réserve limitée à 2 cartes action max : si elle est pleine, il faut en
    activer une pour en garder une nouvelle »."""
    give(game, 0, reserve="tornade infini")
    stack(game, a="flip")
    play(game, "draw A")
    assert "keep flip" not in moves(game)
    play(game, "play reserve[1] infini")
    assert codes(game.reserves[0]) == ["tornade", "flip"] and game.shield


def test_4_1_shadow_stops_and_stays_on_the_table(game):
    """SEQUENCE-4.1 « Shadow piochée → séquence stoppée ; la Shadow reste sur la table »."""
    give(game, 0, sequence="R3")
    stack(game, a="SH6")
    play(game, "draw A")
    assert codes(game.table) == ["SH6"] and "SH6" not in codes(game.discard) and game.player == 1


def test_4_2_joker_saves_from_a_shadow(game):
    """SEQUENCE-4.2 « Le joueur peut jouer un Joker pour rejouer immédiatement avec sa
    séquence, sans être éliminé »."""
    give(game, 0, sequence="R3 G4", reserve="joker")
    stack(game, a="SH6")
    play(game, "draw A", "play reserve[0] joker")
    assert codes(game.sequences[0]) == ["R3", "G4"] and game.player == 0 and codes(game.table) == ["SH6"]


def test_4_3_otherwise_whole_sequence_discarded():
    """SEQUENCE-4.3 « Sinon → il défausse toute la séquence : 0 point »."""
    state = new_game(2, seed=7, rounds=1, turns=1)
    give(state, 0, sequence="R13 G14")
    stack(state, a="SH6", b="B2")
    play(state, "draw A")
    assert state.sequences[0] == [] and {"R13", "G14"} <= set(codes(state.discard))
    play(state, "draw B", "lock")
    assert state.returns() == [0, 2]


@pytest.mark.parametrize("seq, card, stops", [("R3 R5", "R9", True), ("R3 G5", "R9", False), ("G3 R5", "R9", False)])
def test_4_4_three_consecutive_same_colour(game, seq, card, stops):
    """SEQUENCE-4.4 « 3 cartes consécutives de même couleur dans la séquence »."""
    give(game, 0, sequence=seq)
    stack(game, a=card)
    play(game, "draw A")
    assert (card not in codes(game.sequences[0])) == stops


@pytest.mark.parametrize("seq, card, stops", [("G5", "B5", True), ("G5", "B6", False), ("G5 R1", "B5", False)])
def test_4_5_two_consecutive_same_value(game, seq, card, stops):
    """SEQUENCE-4.5 « 2 cartes consécutives de même valeur dans la séquence »."""
    give(game, 0, sequence=seq)
    stack(game, a=card)
    play(game, "draw A")
    assert (card not in codes(game.sequences[0])) == stops


def _one_round(mode: str):
    state = new_game(2, seed=5, mode=mode, rounds=1, turns=1)
    stack(state, a="R16 G15", b="B0 Y1 R2")
    play(state, "draw A", "draw A", "lock", "draw B", "draw B", "draw B", "lock")
    return state


def test_5_1_discovery_counts_cards():
    """SEQUENCE-5.1 « Mode Découverte : compter le nombre de cartes sécurisées, peu importe leur
    valeur faciale »."""
    assert _one_round("discovery").returns() == [2, 3]


def test_5_2_discovery_most_cards_wins():
    """SEQUENCE-5.2 « Le joueur avec le plus de cartes gagne »."""
    assert _one_round("discovery").winners() == [1]


def test_5_3_classic_adds_face_values():
    """SEQUENCE-5.3 « Mode Classique : additionner la valeur faciale des cartes sécurisées »."""
    assert _one_round("classic").returns() == [31, 3]


def test_5_4_classic_most_points_wins():
    """SEQUENCE-5.4 « Le joueur avec le plus de points gagne »."""
    assert _one_round("classic").winners() == [0]


def test_5_5_action_cards_do_not_score():
    """SEQUENCE-5.5 « Cartes Action : s'activent à la défausse — ne sont pas comptées »."""
    assert sequence_points(cards("R3 joker G4"), "classic") == 7
    assert sequence_points(cards("R3 joker G4"), "discovery") == 2
    state = new_game(2, seed=7)
    stack(state, a="tornade")
    play(state, "draw A", "play tornade")
    assert codes(state.discard) == ["tornade"]


def test_5_6_reserve_does_not_score():
    """SEQUENCE-5.6 « Celles restant en réserve en fin de manche ne comptent pas non plus »."""
    state = new_game(2, seed=7, rounds=1, turns=1)
    give(state, 0, reserve="joker infini", sequence="R4")
    play(state, "lock")
    stack(state, a="G2")
    play(state, "draw A", "lock")
    assert state.returns() == [4, 2]


def test_6_1_round_ends_after_the_turns_or_empty_piles():
    """SEQUENCE-6.1 « Fin de manche : les deux pioches sont vides OU le nombre de tours
    prédéfinis est joué »."""
    state = new_game(2, seed=7, rounds=2, turns=2)
    stack(state, a="R1 G2 B3 Y4")
    for _ in range(3):
        play(state, "draw A", "end turn")
    assert state.round == 1
    play(state, "draw A", "end turn")
    assert state.round == 2
    empty = new_game(2, seed=7, rounds=2, turns=0)
    empty.piles[0][:] = empty.piles[0][-1:]
    empty.discard += empty.piles[1]
    empty.piles[1].clear()
    stack_top = empty.piles[0][-1]
    play(empty, "draw A")
    if empty.phase == Phase.ACTION_DRAWN:
        play(empty, f"keep {stack_top}")
    play(empty, "end turn")
    assert empty.round == 2


def test_6_2_each_player_totals_secured_sequences():
    """SEQUENCE-6.2 « Chaque joueur totalise ses séquences sécurisées »: two sequences add up,
    an open one does not."""
    state = new_game(2, seed=7, rounds=1, turns=2)
    stack(state, a="R3 G4 B5 Y6 R8")
    play(state, "draw A", "lock")           # p0: R3
    give(state, 1, secured="B9")
    play(state, "draw A", "end turn")       # p1: G4 left open
    play(state, "draw A", "lock")           # p0: B5
    play(state, "draw A", "end turn")       # p1: G4 Y6 still open
    assert state.returns() == [8, 9]


def test_6_3_game_ends_after_the_agreed_rounds():
    """SEQUENCE-6.3 « Fin de partie : après le nombre de manches convenu »."""
    state = new_game(2, seed=7, rounds=2, turns=1)
    for _ in range(2):
        assert not state.is_terminal()
        stack(state, a="R1 G2")
        play(state, "draw A", "end turn", "draw A", "end turn")
    assert state.is_terminal() and state.round == 2


def test_6_4_most_points_wins():
    """SEQUENCE-6.4 « Le joueur avec le plus de points gagne » (over all rounds)."""
    state = new_game(2, seed=7, rounds=2, turns=1)
    stack(state, a="R9", b="G1")
    play(state, "draw A", "lock", "draw B", "lock")
    stack(state, a="B2", b="Y10")
    play(state, "draw B", "lock", "draw A", "lock")  # round 2 starts with p1
    assert state.returns() == [11, 11] and state.winners() == [0, 1]


@pytest.mark.parametrize("seed", range(20))
def test_engine_and_referee_agree_on_stops(seed):
    """SEQUENCE-4.4/4.5/4.1 on random draws: the engine stops exactly where ``check_sequence``
    says, keeping the same cards."""
    import random

    from cardforge.games.sequence import check_sequence

    rng = random.Random(seed)
    state = new_game(2, seed=seed, mode="discovery")
    drawn = rng.sample([c for c in state.cards if c.family != "RB"], 8)
    stack(state, a=" ".join(c.code for c in drawn))
    verdict = check_sequence(drawn)
    draws = 0
    while state.player == 0 and draws < len(drawn):
        play(state, "draw A")
        draws += 1
    if verdict.stop:
        assert draws == verdict.index + 1 and state.player == 1 and state.sequences[0] == []
        assert drawn[verdict.index] in state.discard + state.table
    else:
        assert state.sequences[0] == list(verdict.kept)
