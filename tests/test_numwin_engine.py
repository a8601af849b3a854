"""The Num Win engine, one test per rule sentence (NUMWIN-1.* … 6.*, 8.*) and per engine ruling
(R3–R7, R9–R17), on rigged positions: moves are given as their strings (``"swap 1"``)."""

from __future__ import annotations

from collections import Counter

import pytest

from cardforge.deck import load_deck
from cardforge.errors import IllegalActionError, UsageError
from cardforge.games.numwin import Phase, Slot, new_game

DECK = load_deck("numwin")


def cards(text: str):
    return DECK.parse_many(text)


def rig(players=3, combos=None, deck=None, discard="", memory=False, turn=None, **house):
    """A game whose combos, deck top (first listed = top) and discard pile (last = top) are set;
    the rest of the Num Win deck lies under the listed cards, so every card is still there once."""
    game = new_game(players, seed=0, memory=memory, **house)
    if combos is not None:
        game.combos = [[Slot(c) for c in cards(text)] for text in combos]
        game.locked_pairs = [[] for _ in range(players)]
    game.discard = cards(discard)
    if deck == "":  # an empty deck
        game.deck = []
    elif deck is not None:
        top = cards(deck)
        placed = Counter(top) + Counter(game.discard) + Counter(s.card for c in game.combos for s in c)
        game.deck = list((DECK.counts() - placed).elements()) + top[::-1]
    if turn is not None:
        game.turn = turn
    return game


def moves(game) -> list[str]:
    return [str(m) for m in game.legal_actions()]


def play(game, *texts: str) -> None:
    for text in texts:
        legal = {str(m): m for m in game.legal_actions()}
        assert text in legal, f"{text!r} not legal for p{game.current_player()}: {list(legal)}"
        game.apply_action(legal[text])


def seen(game, viewer: int, owner: int) -> list:
    return [s["card"] for s in game.observation(viewer)["combos"][owner]]


# -- 1. goal and setup ---------------------------------------------------------------------------


def test_1_1_and_8_3_fewest_points_wins():
    """'Objectif : terminer avec le moins de points.' / 'Le total le plus bas gagne.'"""
    game = new_game(3)
    game.totals = [10, 3, 7]
    assert game.winners() == [1]


def test_r15_ties_win_together():
    game = new_game(3)
    game.totals = [4, 9, 4]
    assert game.winners() == [0, 2]


def test_1_2_combo_of_five_cards_add_stops_at_five():
    """'Construire un combo de 5 cartes.' — adding from the discard pile stops at 5 (R9)."""
    game = rig(combos=["R1 R2 R3 R4", "G1 G2", "B1 B2"], discard="SH9", turn=0)
    play(game, "take")
    assert "add" in moves(game)
    play(game, "add")
    assert len(game.combos[0]) == 5
    game2 = rig(combos=["R1 R2 R3 R4 R5", "G1 G2", "B1 B2"], discard="SH9", turn=0)
    play(game2, "take")
    assert "add" not in moves(game2)


def test_1_3_two_face_down_cards_each_unseen_r3():
    """'Chaque joueur reçoit 2 cartes face cachée au départ' — not even their owner sees them (R3)."""
    game = new_game(4, seed=3)
    for p in range(4):
        assert len(game.combos[p]) == 2
        assert not any(s.face_up for s in game.combos[p])
        assert seen(game, p, p) == [None, None]


def test_r3_house_start_peek():
    game = new_game(3, seed=3, start_peek=1)
    own = seen(game, 0, 0)
    assert own[0] == game.combos[0][0].card.code and own[1] is None
    assert seen(game, 1, 0) == [None, None]


def test_1_4_and_r16_deck_and_empty_discard_first_player_left_of_dealer():
    """'Deck central + pile de défausse' — the discard pile starts empty (R16)."""
    game = new_game(4, seed=1)
    assert len(game.deck) == DECK.total() - 8 and game.discard == []
    assert game.dealer == 0 and game.current_player() == 1
    assert moves(game) == ["draw"]


def test_1_5_action_cards_two_of_each():
    """'Cartes Action dans le deck : Swipe ×2, Flip ×2, Quantum ×2, Flash ×2'."""
    counts = new_game(2).card_count()
    assert {c.action: n for c, n in counts.items() if c.is_action} == {"swipe": 2, "flip": 2, "quantum": 2, "flash": 2}


# -- 2. a turn -----------------------------------------------------------------------------------


def test_2_1_draw_or_take_the_discard_top():
    """'Piocher depuis le deck OU prendre le dessus de la défausse'."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], discard="SH3 SH9", turn=0)
    assert moves(game) == ["draw", "take"]
    play(game, "take")
    assert game.held == cards("SH9")[0] and game.discard == cards("SH3")


def test_2_2_from_deck_discard_or_swap_never_add():
    """'Si depuis le deck → défausser OU échanger avec une de ses cartes'."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="SH9", turn=0)
    play(game, "draw")
    assert moves(game) == ["discard", "swap 0", "swap 1"]
    play(game, "swap 1")
    assert [s.card.code for s in game.combos[0]] == ["R1", "SH9"]
    assert game.discard[-1].code == "R2"
    assert seen(game, 0, 0) == [None, "SH9"] and seen(game, 1, 0) == [None, None]


def test_2_3_from_discard_swap_or_add_third_card():
    """'Si depuis la défausse → échanger avec une de ses cartes OU ajouter comme 3e/4e/5e carte'."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], discard="SH9", turn=0)
    play(game, "take")
    assert moves(game) == ["swap 0", "swap 1", "add"]
    play(game, "add")
    assert [s.card.code for s in game.combos[0]] == ["R1", "R2", "SH9"]
    assert seen(game, 2, 0) == [None, None, "SH9"]  # everyone saw it on the discard pile


# -- 3. action cards (drawn from the deck, R4) -----------------------------------------------------


def test_3_1_swipe_swaps_your_card_with_an_opponents():
    """'Swipe : échange votre carte avec celle d'un adversaire'."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="swipe", turn=0)
    play(game, "draw", "swipe 0 p2:1")
    assert [s.card.code for s in game.combos[0]] == ["B2", "R2"]
    assert [s.card.code for s in game.combos[2]] == ["B1", "R1"]
    assert game.discard[-1].action == "swipe"


def test_3_2_flip_secretly_look_at_one_of_your_cards():
    """'Flip : regardez en secret une de vos cartes face cachée'."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="flip", turn=0)
    play(game, "draw")
    assert [m for m in moves(game) if m.startswith("flip")] == ["flip 0", "flip 1"]
    play(game, "flip 1")
    assert seen(game, 0, 0) == [None, "R2"]
    assert seen(game, 1, 0) == [None, None]


def test_3_3_quantum_reveals_and_locks_r10():
    """'Quantum : révèle une carte — reste visible jusqu'à la fin (verrouillée)' — any combo (R10)."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="quantum", turn=0)
    play(game, "draw")
    assert "quantum p0:0" in moves(game)  # your own card too
    play(game, "quantum p1:0")
    slot = game.combos[1][0]
    assert slot.face_up and slot.lock == "quantum"
    assert seen(game, 2, 1)[0] == "G1"
    game.turn, game.phase, game.held, game.held_from = 1, Phase.PLACE, cards("SH5")[0], "deck"
    assert "swap 0" not in moves(game)  # locked: the owner cannot swap it out either


def test_3_4_flash_discards_an_opponents_card_of_your_choice_r6_r17():
    """'Flash : défausse n'importe quelle carte au choix d'un adversaire' — the player picks
    the opponent and the card (R17), then a reflex window (R6)."""
    game = rig(combos=["R1 R2", "G7 G2", "B1 B7"], deck="flash", turn=0)
    play(game, "draw")
    flashes = [m for m in moves(game) if m.startswith("flash")]
    assert flashes == ["flash p1:0", "flash p1:1", "flash p2:0", "flash p2:1"]  # never your own
    play(game, "flash p1:0")
    assert [c.code for c in game.discard] == ["flash", "G7"]
    assert game.phase is Phase.REFLEX and game.current_player() == 1


def test_r6_house_no_reflex_on_action_discard():
    game = rig(combos=["R1 R2", "G7 G2", "B1 B7"], deck="flash", turn=0, reflex_on_action=False)
    play(game, "draw", "flash p1:0")
    assert game.phase is Phase.DRAW and game.current_player() == 1


def test_r4_drawn_action_may_be_discarded_swapped_or_played():
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="flip", turn=0)
    play(game, "draw")
    assert moves(game) == ["discard", "swap 0", "swap 1", "flip 0", "flip 1"]
    rigged = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="flip", turn=0, drawn_action="must_play")
    play(rigged, "draw")
    assert moves(rigged) == ["flip 0", "flip 1"]


def test_r4_action_taken_from_discard_has_no_effect():
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], discard="flash", turn=0)
    play(game, "take")
    assert moves(game) == ["swap 0", "swap 1", "add"]


# -- 4. reflex -----------------------------------------------------------------------------------


def test_4_1_and_4_2_reflex_seizes_the_discard_pair_revealed_and_locked_r11():
    """'si une carte est défaussée et qu'un joueur a la même valeur dans son combo → il peut la
    saisir immédiatement' / 'Les deux cartes sont révélées et restent visibles, verrouillées'."""
    game = rig(combos=["R1 R2", "G7 G2", "B1 B2"], deck="SH7", turn=0)
    play(game, "draw", "discard")
    assert game.current_player() == 1 and moves(game) == ["pass", "claim 0", "claim 1"]
    play(game, "claim 0")
    assert [(s.card.code, s.lock) for s in game.combos[1]] == [("G7", "pair"), ("G2", None), ("SH7", "pair")]
    assert game.discard == []
    assert seen(game, 2, 1) == ["G7", None, "SH7"]
    assert game.locked_pairs[1] == [tuple(cards("G7 SH7"))]


def test_4_3_locked_pair_untouchable_by_action_cards():
    """'Une paire verrouillée ne peut plus être affectée par les cartes Action'."""
    game = rig(combos=["R1 R2", "G7 G2", "B1 B2"], deck="SH7 flash", turn=0)
    play(game, "draw", "discard", "claim 0")
    play(game, "draw")  # p1's turn now: draws flash
    play(game, "discard")
    game.turn, game.phase, game.held, game.held_from = 2, Phase.PLACE, cards("swipe")[0], "deck"
    targets = [m for m in moves(game) if m.startswith("swipe")]
    assert not any("p1:0" in m or "p1:2" in m for m in targets)
    assert any("p1:1" in m for m in targets)


def test_4_4_locked_pair_removed_at_scoring():
    """'Toute paire de même valeur (verrouillée ...) est supprimée au décompte' (end of round)."""
    game = rig(combos=["R1 R2 R3 R4", "G2", "B1 B2"], deck="flip flip Y10 Y11 Y12 Y13 Y14", discard="SH9", turn=0,
               rounds=1)
    game.combos[1] += [Slot(c, True, "pair") for c in cards("G7 SH7")]
    game.locked_pairs[1] = [tuple(cards("G7 SH7"))]
    play(game, "take", "add", "numwin", "draw", "discard", "draw", "discard")
    last = game.history[-1]
    assert last["locked_pairs"][1] == [["G7", "SH7"]]
    assert last["combos"][1] == ["G2", "G7", "SH7", "Y10", "Y11"]
    assert last["points"][1] == 2 + 10 + 11


def test_r5_reflex_order_clockwise_discarder_last_or_first():
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="SH7", turn=1)
    play(game, "draw", "discard")
    assert game.window.queue == [2, 0, 1]
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="SH7", turn=1, reflex_priority="discarder_first")
    play(game, "draw", "discard")
    assert game.window.queue == [1, 2, 0]


def test_r5_first_valid_claim_closes_the_window():
    game = rig(combos=["R1 R2", "G7 G2", "B7 B2"], deck="SH7", turn=0)
    play(game, "draw", "discard", "claim 0")
    assert game.window is None and game.current_player() == 1 and game.phase is Phase.DRAW


def test_r8_no_reflex_window_on_an_action_card():
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="flash", turn=0)
    play(game, "draw", "discard")
    assert game.phase is Phase.DRAW and game.current_player() == 1


def test_r9_reflex_takes_a_combo_beyond_five():
    game = rig(combos=["R1 R2", "G7 G2 G3 G4 G5", "B1 B2"], deck="SH7", turn=0)
    play(game, "draw", "discard", "claim 0")
    assert len(game.combos[1]) == 6


def test_r10_owner_may_reflex_with_a_quantum_card():
    game = rig(combos=["R1 R2", "G7 G2", "B1 B2"], deck="quantum SH7", turn=0)
    play(game, "draw", "quantum p1:0")
    play(game, "draw", "discard")  # p1 discards SH7 … p1 is the discarder, comes last
    play(game, "pass")  # p2 passes
    play(game, "pass")  # p0 passes
    assert "claim 0" in moves(game)
    play(game, "claim 0")
    assert game.combos[1][0].lock == "pair"


def test_r12_wrong_own_claim_shown_to_all_no_penalty():
    game = rig(combos=["R1 R2", "G8 G2", "B1 B2"], deck="SH7 Y3", turn=0)
    play(game, "draw", "discard", "claim 0")
    assert [s.card.code for s in game.combos[1]] == ["G8", "G2"]
    assert seen(game, 2, 1) == ["G8", None] and game.combos[1][0].lock is None
    assert game.window.queue[0] == 2  # the window stays open for the others


def test_r12_house_own_miss_penalty():
    game = rig(combos=["R1 R2", "G8 G2", "B1 B2"], deck="SH7 Y3", turn=0, own_miss_penalty=True)
    play(game, "draw", "discard", "claim 0")
    assert [s.card.code for s in game.combos[1]] == ["G8", "G2", "Y3"]


# -- 5. memory extension ---------------------------------------------------------------------------


def test_5_1_memory_claims_exist_only_with_the_extension():
    """'la paire peut aussi se faire avec une carte d'un adversaire (pas seulement les siennes)'."""
    plain = rig(combos=["R1 R2", "G1 G2", "B7 B2"], deck="SH7", turn=0)
    play(plain, "draw", "discard")
    assert not any("p" in m for m in moves(plain) if m.startswith("claim"))
    game = rig(combos=["R1 R2", "G1 G2", "B7 B2"], deck="SH7", turn=0, memory=True)
    play(game, "draw", "discard")
    assert "claim p2:0" in moves(game)


def test_5_2_memory_success_takes_both_cards_and_may_announce():
    """'le joueur récupère les deux cartes et les ajoute à sa propre combinaison — il peut alors
    annoncer Num Win'."""
    game = rig(combos=["R1 R2", "G1 G2 G3 G4", "B7 B2"], deck="SH7", turn=0, memory=True)
    play(game, "draw", "discard", "claim p2:0")
    assert [s.card.code for s in game.combos[1]] == ["G1", "G2", "G3", "G4", "B7", "SH7"]
    assert [s.card.code for s in game.combos[2]] == ["B2"]
    assert game.phase is Phase.ANNOUNCE and game.current_player() == 1
    play(game, "numwin")
    assert game.announcer == 1 and game.turn == 2 and game.last_turns == [0]  # p0's turn is over: one more (R13)


def test_5_3_memory_relies_on_what_you_saw():
    """'Ça repose entièrement sur la mémoire de la carte adverse visée' — a card you saw taken from
    the discard pile stays known to you; an unseen one does not."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], discard="SH9", turn=0, memory=True)
    play(game, "take", "swap 0")
    assert seen(game, 2, 0)[0] == "SH9" and seen(game, 2, 0)[1] is None


def test_5_4_memory_mistake_nothing_moves_penalty_unseen():
    """'rien ne change, les cartes restent en place ; le joueur fautif pioche une carte de pénalité
    qu'il pose sans la regarder dans son propre combo'."""
    game = rig(combos=["R1 R2", "G1 G2", "B8 B2"], deck="SH7 Y3", turn=0, memory=True)
    play(game, "draw", "discard", "claim p2:0")
    assert [s.card.code for s in game.combos[2]] == ["B8", "B2"]
    assert [s.card.code for s in game.combos[1]] == ["G1", "G2", "Y3"]
    assert seen(game, 1, 1)[2] is None  # put down without looking
    assert game.discard[-1].code == "SH7"


# -- 6. NUM WIN ----------------------------------------------------------------------------------


def test_6_1_announce_after_your_turn_with_five_cards():
    """'Annoncez « NUM WIN » après votre tour quand vous avez 5 cartes dans votre combo'."""
    game = rig(combos=["R1 R2 R3 R4", "G1 G2", "B1 B2"], discard="SH9", turn=0)
    play(game, "take", "add")
    assert game.phase is Phase.ANNOUNCE and moves(game) == ["numwin", "continue"]
    four = rig(combos=["R1 R2 R3", "G1 G2", "B1 B2"], discard="SH9", turn=0)
    play(four, "take", "add")
    assert four.phase is Phase.DRAW


def test_r7_locked_pairs_count_toward_five_unless_house():
    combos = ["R1 R2", "G7 G2 G3 G4", "B1 B2"]
    game = rig(combos=combos, deck="SH7 flip", turn=0)
    play(game, "draw", "discard", "claim 0")
    play(game, "draw", "discard")
    assert game.phase is Phase.ANNOUNCE  # p1: G7 SH7 locked + 3 = 5 cards
    strict = rig(combos=combos, deck="SH7 flip", turn=0, locked_count=False)
    play(strict, "draw", "discard", "claim 0")
    play(strict, "draw", "discard")
    assert strict.phase is not Phase.ANNOUNCE


def _lock(game, player: int, *pairs: tuple[int, int]) -> None:
    """Make pairs of ``player``'s slots locked pairs, as a reflex leaves them."""
    combo = game.combos[player]
    for i, j in pairs:
        for k in (i, j):
            combo[k].face_up, combo[k].lock = True, "pair"
        game.locked_pairs[player].append((combo[i].card, combo[j].card))


def test_r7_adding_counts_cards_as_announcing_does():
    """With `locked_count=false` a locked pair is not among the '3e/4e/5e carte' either: a
    combo may add from the discard pile up to 5 cards besides its locked pairs, and so announce.
    (Counted over every card, a combo of locked pairs only could never reach 5 counted cards:
    random players' rounds ran forever.)"""
    for locked_count in (True, False):
        game = rig(combos=["R7 SH7 R1 R2 R3", "G1 G2", "B1 B2"], discard="Y1", turn=0, locked_count=locked_count)
        _lock(game, 0, (0, 1))
        play(game, "take")
        assert ("add" in moves(game)) is not locked_count
        stuck = rig(combos=["R7 SH7 G4 Y4 B9 RB9", "G1 G2", "B1 B2"], discard="Y1", turn=0,
                    locked_count=locked_count)
        _lock(stuck, 0, (0, 1), (2, 3), (4, 5))
        if locked_count:  # 6 cards: nothing to take for, and p0 may already call NUM WIN
            assert moves(stuck) == ["draw"]
            continue
        for _ in range(5):
            play(stuck, "take", "add")
            if stuck.phase is Phase.ANNOUNCE:
                break
            stuck.turn, stuck.discard = 0, [*stuck.discard, stuck.deck.pop()]
        assert len(stuck.combos[0]) == 11 and moves(stuck) == ["numwin", "continue"]


def test_r7_completing_counts_cards_as_announcing_does():
    """'Les joueurs sans 5 cartes piochent pour compléter': with `locked_count=false` a locked
    pair is not among those 5 cards either (as the table sheet already reads it)."""
    for locked_count, p1_final in ((True, "G7 G2 SH7 Y10 Y11"), (False, "G7 G2 SH7 Y10 Y11 Y12 Y13")):
        game = rig(combos=["R1 R2 R3 R4", "G7 G2", "B1 B2"], deck="SH7 flip Y10 Y11 Y12 Y13 Y14 Y15 Y16",
                   discard="SH9", turn=0, rounds=1, locked_count=locked_count)
        play(game, "take", "add", "numwin")  # p0 calls NUM WIN with 5 cards
        play(game, "draw", "discard", "pass", "pass", "claim 0")  # p1 locks G7+SH7 by reflex
        play(game, "draw", "discard")  # p2's last turn: the round ends, short combos are completed
        assert game.history[-1]["combos"][1] == p1_final.split(), locked_count


def test_6_2_others_play_one_last_turn_r13():
    """'Les autres joueurs jouent un dernier tour' — then the round ends."""
    game = rig(combos=["R1 R2 R3 R4", "G1 G2", "B1 B2"], deck="flip flip Y3 Y4 Y5 Y6 Y7 Y8", discard="SH9",
               turn=0, rounds=1)
    play(game, "take", "add", "numwin")
    assert game.last_turns == [2] and game.current_player() == 1
    play(game, "draw", "discard")
    assert game.current_player() == 2
    play(game, "draw", "discard")
    assert game.is_terminal()


def test_6_3_players_without_five_cards_draw_to_complete_r14():
    """'Les joueurs sans 5 cartes piochent pour compléter' — an action card so drawn scores +5."""
    game = rig(combos=["R1 R2 R3 R4", "G1 G2", "B1 B2"], deck="flip flip Y10 Y11 Y12 flash Y13 Y14", discard="SH9",
               turn=0, rounds=1)
    play(game, "take", "add", "numwin", "draw", "discard", "draw", "discard")
    last = game.history[-1]
    assert last["combos"] == [["R1", "R2", "R3", "R4", "SH9"], ["G1", "G2", "Y10", "Y11", "Y12"],
                              ["B1", "B2", "flash", "Y13", "Y14"]]
    assert last["points"] == [19, 36, 35]
    assert game.winners() == [0]


def test_r14_empty_deck_reshuffles_the_discard_but_its_top():
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="", discard="SH1 SH2 SH3", turn=0)
    play(game, "draw")
    assert game.held.code in {"SH1", "SH2"} and [c.code for c in game.discard] == ["SH3"]


def test_r14_the_deck_is_rebuilt_once_a_round_then_the_round_ends():
    """Rebuilt once from the discard pile; when that deck runs out too the round ends at the end
    of the turn, and the short combos are still completed (from the discard pile again)."""
    game = rig(combos=["R1 R2", "G1 G2", "B1 B2"], deck="", discard="SH10 SH11 SH12", turn=0, rounds=1)
    play(game, "draw", "discard", "pass", "pass", "pass")  # p0 draws from the rebuilt deck (SH10 SH11)
    assert game.rebuilt and len(game.deck) == 1 and game.phase is Phase.DRAW
    play(game, "draw", "discard", "pass", "pass", "pass")  # p1 draws its last card
    assert game.is_terminal() and not game.deck and len(game.discard) == 1
    # completing from p1 (left of the dealer): the discard pile rebuilt again, all but its top
    assert [len(combo) for combo in game.history[-1]["combos"]] == [2, 4, 2]


def test_r14_no_round_lasts_forever_among_players_who_never_call():
    """Strategy bots whose combos are all locked pairs (0 points, locked_count=false) never add
    the high cards left, so nobody could ever call NUM WIN: the deck's one rebuild ends it."""
    import random

    from cardforge.bots import make_bot

    game = new_game(4, seed=0, locked_count=False)
    bots = [make_bot("numwin", "strategy") for _ in range(4)]
    rng = random.Random(0)
    for _step in range(20_000):
        if game.is_terminal():
            break
        player = game.current_player()
        game.apply_action(bots[player].act(game.observation(player), game.legal_actions(), rng))
    assert game.is_terminal()


# -- 8. rounds -----------------------------------------------------------------------------------


def test_8_1_and_8_2_each_player_deals_once_scores_added():
    """'Chaque joueur distribue une fois.' / 'On additionne les scores de toutes les manches.'"""
    from cardforge.games.playthrough import random_playthrough

    game, _ = random_playthrough("numwin", players=3, seed=5)
    assert [h["dealer"] for h in game.history] == [0, 1, 2]
    assert game.returns() == [sum(h["points"][p] for h in game.history) for p in range(3)]


def test_bad_options_are_usage_errors():
    with pytest.raises(UsageError, match="2–8 players"):
        new_game(9)
    with pytest.raises(UsageError, match="rounds"):
        new_game(3, rounds="x")
    with pytest.raises(UsageError, match="unknown house rule"):
        new_game(3, same_vlue="all")


def test_illegal_move_is_refused():
    from cardforge.games.numwin import Move

    game = new_game(3)
    with pytest.raises(IllegalActionError, match="'take'.*legal: draw"):
        game.apply_action(Move("take"))


def test_clone_is_independent_and_replays_the_same():
    game = new_game(3, seed=4)
    twin = game.clone()
    play(game, "draw", "discard")
    assert twin.phase is Phase.DRAW and len(twin.deck) == len(game.deck) + 1
    play(twin, "draw", "discard")
    assert twin.observation(0) == game.observation(0) and twin.card_count() == game.card_count()
