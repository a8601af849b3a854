"""The five decks against their rule sheets, and the family box (issue 2)."""

from __future__ import annotations

from collections import Counter


from cardforge.box import compute_box
from cardforge.cards import Card


def codes(counter: Counter) -> Counter:
    return Counter({c.code: n for c, n in counter.items()})


def family_span(deck, code):
    fam = deck.families[code]
    return fam.min_value, fam.max_value


def test_rows_is_102_cards_six_families_0_to_16(decks):
    """003: « 102 cartes : 6 familles de valeurs 0 à 16 (Rouge, Vert, Bleu, Jaune, Rainbow,
    Shadow). Aucune autre carte spéciale. »"""
    deck = decks["rows"]
    assert deck.total() == 102
    assert set(deck.families) == {"R", "G", "B", "Y", "RB", "SH"}
    assert all(family_span(deck, f) == (0, 16) for f in deck.families)
    assert not deck.actions


def test_tricks_rainbow_shadow_1_16_and_four_action_cards(decks):
    """002: « Rainbow 1–16 : 16 cartes · Shadow 1–16 : 16 cartes · Num-X ×1, Flash ×1, Flip ×1,
    Quantique ×1 »; « À partir de 7 joueurs … une famille de couleur supplémentaire (1 à 16) »."""
    deck = decks["tricks"]
    c = codes(deck.counts(players=4))
    assert sum(1 for k in c if k.startswith("RB")) == 16 and sum(1 for k in c if k.startswith("SH")) == 16
    assert {k: c[k] for k in ("numx", "flash", "flip", "quantique")} == {"numx": 1, "flash": 1, "flip": 1, "quantique": 1}
    assert deck.total(players=6) == 36
    assert deck.total(players=7) == 52
    assert "V1" in codes(deck.counts(players=7)) and "V1" not in c


def test_numwin_action_cards_two_of_each(decks):
    """004: « Cartes Action dans le deck : Swipe ×2, Flip ×2, Quantum ×2, Flash ×2 »"""
    c = codes(decks["numwin"].counts())
    assert {k: c[k] for k in ("swipe", "flip", "quantum", "flash")} == {"swipe": 2, "flip": 2, "quantum": 2, "flash": 2}
    assert decks["numwin"].total() == 110


def test_sequence_has_its_ten_action_cards_and_none_in_discovery(decks):
    """001: « spéciales : Infini, Simple, Double, Passe Ton Tour, Flip, Swipe, Éclair, Tornade,
    Quantique, Joker »; « En Mode Découverte, aucune carte spéciale n'est incluse »."""
    deck = decks["sequence"]
    assert set(deck.actions) == {"infini", "simple", "double", "passe", "flip", "swipe", "eclair", "tornade", "quantique", "joker"}
    assert deck.total(mode="classic") == 102 + 20  # DECK-R1: two of each
    assert deck.total(mode="discovery") == 102


def test_collection_six_action_cards_classic_only(decks):
    """000: « 6 cartes spéciales (Mode Classique uniquement) : Joker, Double, Passe Ton Tour,
    Flip, Swipe, Quantique »; Mode Découverte : « aucune carte spéciale »."""
    deck = decks["collection"]
    assert set(deck.actions) == {"joker", "double", "passe", "flip", "swipe", "quantique"}
    assert deck.total(mode="classic") == 102 + 12
    assert deck.total(mode="discovery") == 102
    assert deck.modes["classic"].rounds == 5 and deck.modes["discovery"].rounds == 3


def test_every_action_card_has_effect_text_in_both_languages(decks):
    for deck in decks.values():
        for action in deck.actions.values():
            assert action.effect.fr and action.effect.en and action.effect.fr != action.effect.en


def test_box_takes_the_maximum_count_and_marks_users():
    box = compute_box()
    assert box.counts["RB0"] == 1 and "tricks" not in box.uses["RB0"]   # tricks Rainbow starts at 1
    assert box.uses["RB1"] == ("collection", "sequence", "tricks", "rows", "numwin")
    assert box.counts["flash"] == 2 and box.uses["flash"] == ("tricks", "numwin")
    assert box.counts["V16"] == 1 and box.uses["V16"] == ("tricks",)
    assert box.counts["quantum"] == 2 and box.counts["numx"] == 1
    # 102 numbered + 16 Violet + actions (max over games)
    assert box.total == 102 + 16 + sum(box.counts[a] for a in box.counts if not a[-1].isdigit())


def test_box_of_one_game_is_that_deck(decks):
    box = compute_box(["rows"])
    assert box.total == 102 and set(box.uses.values()) == {("rows",)}
    box = compute_box(["tricks"])
    assert box.total == decks["tricks"].all_counts().total() == 52


def test_deck_cards_are_a_multiset_of_the_counts(decks):
    deck = decks["numwin"]
    assert Counter(deck.cards()) == deck.counts()
    assert deck.cards().count(Card(action="flash")) == 2


def test_deck_listings_speak_french_and_name_the_families(cli):
    """Issue 24: ``deck show``/``decks`` headings stayed English under ``--lang fr``; ``box``
    had no ``--lang``; family lists showed codes only."""
    env = {"COLUMNS": "160"}
    decks_fr = cli("decks", "--lang", "fr", env=env)
    assert decks_fr.code == 0 and "paquets cardforge" in decks_fr.out and "numérotées" in decks_fr.out
    assert "(+16 optionnelles)" in decks_fr.out and "numbered" not in decks_fr.out
    show = cli("deck", "show", "tricks", "--lang", "fr", env=env)
    assert show.code == 0 and "Num Plis — 36 cartes" in show.out and "valeurs / effet" in show.out, show.out
    assert "(à partir de 7 joueurs)" in show.out and "count" not in show.out
    box = cli("box", "rows", "tricks", "--lang", "fr", env=env)
    assert box.code == 0, box.err
    assert "Boîte pour rows et tricks — " in box.out and "exemplaires" in box.out and "utilisées par" in box.out
    assert "R0–R16 (Rouge)" in box.out and "V1–V16 (Violet)" in box.out
    english = cli("box", "rows", env=env)
    assert "R0–R16 (Red)" in english.out and "used by" in english.out
