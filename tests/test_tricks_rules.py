"""Every sentence of the Num Plis rule sheet (002), tested with the sheet's own wording.

Each test names the rule ID it checks; ``test_every_rule_is_tested`` makes sure no rule of the
catalogue is left without one.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tricks_helpers import bid_all, cancelled, cards, game_with_hands, winner

from cardforge.cards import Card
from cardforge.errors import UsageError
from cardforge.games.tricks import (
    Phase,
    bid_points,
    deck_for,
    legal_plays,
    new_game,
    resolve_trick,
    round_points,
    streak_bonus,
)
from cardforge.rules import load_rules

SHEET = Path(__file__).parent / "sheets" / "002_f8ab3122aa571346.txt"


def codes(cs) -> list[str]:
    return [c.code for c in cs]


# -- the catalogue itself ------------------------------------------------------------------------

def test_every_rule_is_tested():
    """Every rule and ruling ID of cardforge/rules/tricks.yaml is exercised by a tricks test."""
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_tricks_*.py"))
    cited = set(re.findall(r"TRICKS-R?\d+(?:\.\d+)?", text))
    missing = [i for i in load_rules("tricks").ids() if i not in cited]
    assert not missing, f"rules without a test: {missing}"


@pytest.mark.skipif(not SHEET.is_file(), reason="rule sheet not available")
def test_catalogue_french_is_the_sheet():
    """The French text of each rule is the sheet's wording (table rows joined 'cell : cell')."""
    sheet = SHEET.read_text(encoding="utf-8")
    flat = re.sub(r"\s*\|\s*", " | ", sheet)
    for section in load_rules("tricks").sections:
        for rule in section.rules:
            fr = rule.text.fr
            if fr in sheet:
                continue
            cells = [c.strip() for c in fr.split(" : ", 1)]
            assert " | ".join(cells) in flat, (rule.id, fr)


@pytest.mark.skipif(not SHEET.is_file(), reason="rule sheet not available")
def test_every_line_of_the_sheet_is_a_rule():
    """No sentence of the sheet is missing from the catalogue (table rows as 'cell : cell')."""
    texts = {r.text.fr for s in load_rules("tricks").sections for r in s.rules}
    headers = {("Carte", "Effet"), ("Situation", "Points"), ("Série exacte", "Bonus")}
    for line in SHEET.read_text(encoding="utf-8").splitlines():
        line = line.strip().removeprefix("- ")
        if not line or set(line) <= set("|-: "):
            continue
        if line.startswith("|"):
            cells = tuple(c.strip() for c in line.strip("|").split("|"))
            if cells in headers:
                continue
            line = " : ".join(cells)
        if line in texts:
            continue
        # a line holding several sentences is split into rules, one per sentence
        parts = [t for t in texts if t in line]
        assert parts and sum(map(len, parts)) >= len(line) - len(parts) - 2, line


# -- components (TRICKS-1.x) ---------------------------------------------------------------------

def test_components_rainbow_shadow_and_four_actions():
    """TRICKS-1.1 "Rainbow 1–16 : 16 cartes", TRICKS-1.2 "Shadow 1–16 : 16 cartes",
    TRICKS-1.3 "Num-X ×1, Flash ×1, Flip ×1, Quantique ×1"."""
    deck = Counter(deck_for(4))
    assert sorted(c.value for c in deck if c.family == "RB") == list(range(1, 17))
    assert sorted(c.value for c in deck if c.family == "SH") == list(range(1, 17))
    actions = {c.action: n for c, n in deck.items() if c.is_action}
    assert actions == {"numx": 1, "flash": 1, "flip": 1, "quantique": 1}
    assert sum(deck.values()) == 36


# -- progressive rounds (TRICKS-2.x) -------------------------------------------------------------

def test_round_one_deals_one_card_then_one_more_each_round():
    """TRICKS-2.1 "manche 1 = 1 carte/joueur …, manche 2 = 2 cartes, etc." """
    game = new_game(4, seed=3)
    seen = []
    while not game.is_terminal():
        if game.phase is Phase.BID and game.current_player() == game.first_player_of_round():
            if game.cards_per_player not in seen:
                seen.append(game.cards_per_player)
                assert all(len(h) == game.cards_per_player for h in game.hands)
        game.apply_action(game.legal_actions()[0])
    assert seen == list(range(1, len(seen) + 1)) and len(seen) > 2


def test_starting_count_is_configurable():
    """TRICKS-2.1 "(nombre de départ configurable)"."""
    game = new_game(4, seed=0, start_cards=3)
    assert [len(h) for h in game.hands] == [3, 3, 3, 3]
    assert game.config.schedule[:2] == (3, 4)


def test_leftover_cards_form_a_reserve_never_played():
    """TRICKS-2.2 "Les cartes en trop forment la réserve (face cachée, jamais jouée …)"."""
    game = new_game(5, seed=11, start_cards=4, rounds=1)
    reserve = set(game.reserve)
    assert len(reserve) == 36 - 5 * 4
    for seat in range(5):
        seen = game.observation(seat)
        assert not {c.code for c in reserve} & {*seen["hand"], *seen["trick"], *seen["passing"]}
    assert "reserve_size" in game.observation(0) and "reserve" not in game.observation(0)
    played = []
    while not game.is_terminal():
        action = game.legal_actions()[-1]
        if isinstance(action, Card):
            played.append(action.undeclared())
        game.apply_action(action)
    assert not reserve & set(played)


# -- extra family (TRICKS-3.x) -------------------------------------------------------------------

def test_extra_family_from_seven_players():
    """TRICKS-3.1 "À partir de 7 joueurs, vous pouvez ajouter une famille de couleur
    supplémentaire (1 à 16)"."""
    assert not any(c.family == "V" for c in deck_for(6))
    extra = sorted(c.value for c in deck_for(7) if c.family == "V")
    assert extra == list(range(1, 17))


def test_extra_family_cancels_like_rainbow_and_shadow():
    """TRICKS-3.2 "Les cartes de même valeur … s'annulent selon la même logique que Rainbow et
    Shadow" and TRICKS-7.4 "La même logique s'applique à toute famille supplémentaire"."""
    assert cancelled("V9 RB9 SH2 RB4 SH7 RB1 SH3") == ["V9", "RB9"]
    assert winner("V9 RB9 SH2 RB4 SH7 RB1 SH3") == "SH7"
    assert cancelled("V9 SH9 RB2 RB4 SH7 RB1 SH3") == ["V9", "SH9"]


# -- bids (TRICKS-4.x) ---------------------------------------------------------------------------

def test_each_player_bids_before_playing():
    """TRICKS-4.1 "Avant de jouer, chaque joueur annonce le nombre de plis …"."""
    game = new_game(3, seed=0, start_cards=2)
    assert game.phase is Phase.BID
    for expected in (0, 1, 2):
        assert game.current_player() == expected
        game.apply_action(1)
    assert game.phase is Phase.PLAY and game.bids == [1, 1, 1]


def test_no_hook_any_value_for_every_bidder():
    """TRICKS-4.2 "Pas de verrouillage — on peut annoncer n'importe quelle valeur"."""
    game = new_game(3, seed=0, start_cards=3)
    game.apply_action(1)
    game.apply_action(1)
    assert game.legal_actions() == [0, 1, 2, 3]  # the last bidder is not restricted


def test_total_of_bids_may_equal_tricks_available():
    """TRICKS-4.3 "Le total des annonces peut égaler le nombre de plis possibles"."""
    game = new_game(3, seed=0, start_cards=3)
    for bid in (1, 1, 1):
        game.apply_action(bid)
    assert sum(game.bids) == 3 and game.phase is Phase.PLAY


# -- obligation to play (TRICKS-5.x, 8.2, 8.3) ---------------------------------------------------

def test_must_play_strictly_higher_when_able():
    """TRICKS-5.1 / TRICKS-8.2 "si vous pouvez jouer une carte strictement plus haute, vous
    devez le faire"."""
    assert codes(legal_plays(cards("RB10"), cards("SH3 SH12"))) == ["SH12"]
    assert codes(legal_plays(cards("RB10"), cards("SH3 SH4"))) == ["SH3", "SH4"]


def test_equal_value_may_be_played_to_cancel():
    """TRICKS-5.2 / TRICKS-8.3 "on peut jouer une valeur égale (pour provoquer une annulation
    avec la carte d'un adversaire)"."""
    assert codes(legal_plays(cards("RB10"), cards("SH3 SH10 SH12"))) == ["SH10", "SH12"]
    assert winner("RB10 SH10 RB6") == "RB6"


def test_engine_rejects_a_lower_card_when_a_higher_one_is_held():
    """TRICKS-8.2 in the engine: playing low while holding higher is an illegal action."""
    from cardforge.errors import IllegalActionError

    game = game_with_hands(3, ["RB10 RB11", "SH3 SH12", "RB1 RB2"])
    game.apply_action(cards("RB10")[0])
    with pytest.raises(IllegalActionError, match="illegal action 'SH3'") as refused:
        game.apply_action(cards("SH3")[0])
    assert refused.value.message.text("fr").startswith("coup interdit 'SH3' pour le joueur 2 en phase de jeu : sont permis SH12")
    game.apply_action(cards("SH12")[0])


# -- card effects (TRICKS-6.x) -------------------------------------------------------------------

@pytest.mark.parametrize("trick", ["flash RB16 SH2", "RB16 flash SH2", "RB16 SH2 flash"])
def test_flash_cancels_the_trick_whatever_its_position(trick):
    """TRICKS-6.1 "Flash : Annule le pli — aucun vainqueur, quel que soit l'ordre …"."""
    assert winner(trick) is None


def test_numx_is_worth_17_or_0_as_declared():
    """TRICKS-6.2 "Num-X : Vaut 17 ou 0 au choix, déclaré au moment d'être jouée"."""
    assert winner("RB16 numx=17 SH15") == "numx=17"
    assert winner("RB16 numx=0 SH15") == "RB16"
    assert winner("RB16 numx=0 flip") == "numx=0"
    with pytest.raises(UsageError, match="numx=17"):
        resolve_trick([Card("RB", 3), Card(action="numx"), Card("SH", 4)], 3)
    assert [c.code for c in legal_plays([], cards("numx"))] == ["numx=0", "numx=17"]


def test_flip_lowest_valid_card_wins():
    """TRICKS-6.3 "Flip : Inverse le pli : la plus petite carte valide gagne"."""
    assert winner("RB12 SH14 flip RB3") == "RB3"
    assert winner("RB12 SH14 flip") == "RB12"


def test_flip_players_still_follow_higher():
    """TRICKS-6.3 "(on continue à monter sur la plus haute pendant le pli)"."""
    assert codes(legal_plays(cards("RB12 flip"), cards("SH3 SH14"))) == ["SH14"]


@pytest.mark.parametrize("trick, expected", [("RB12 SH15 quantique RB7", "RB12"),
                                             ("RB12 SH9 quantique RB14 SH3", "SH9")])
def test_quantique_parity_follows_player_count(trick, expected):
    """TRICKS-6.4 "Si joueurs pairs : plus haute carte paire gagne ; si joueurs impairs :
    plus haute carte impaire gagne" (4 players: even; 5 players: odd)."""
    assert winner(trick) == expected


def test_highest_value_wins_otherwise():
    """TRICKS-6.5 "Rainbow/Shadow 1–16 : Plus haute valeur gagne, sauf annulations et effets
    des cartes action"."""
    assert winner("RB3 SH16 RB15") == "SH16"
    assert winner("RB3 SH16 RB16 RB15") == "RB15"  # except annulations


# -- annulations (TRICKS-7.x) --------------------------------------------------------------------

def test_rainbow_x_and_shadow_x_are_cancelled_and_removed():
    """TRICKS-7.1 "Rainbow X + Shadow X de même valeur dans le même pli → les deux cartes sont
    annulées et retirées."; TRICKS-7.2 "Le reste du pli se résout normalement." """
    assert cancelled("RB13 RB2 SH13") == ["RB13", "SH13"]
    assert winner("RB13 RB2 SH13") == "RB2"


def test_several_pairs_cancel_at_once():
    """TRICKS-7.3 "Plusieurs paires : annulation simultanée de toutes les paires"."""
    assert cancelled("RB13 SH8 SH13 RB8 RB1") == ["RB13", "SH8", "SH13", "RB8"]
    assert winner("RB13 SH8 SH13 RB8 RB1") == "RB1"


def test_flip_with_one_valid_card_left_after_annulations():
    """TRICKS-7.5 "Si Flip est actif et qu'il ne reste qu'une carte valide après annulations,
    cette carte gagne le pli"."""
    result = resolve_trick(cards("RB5 SH5 flip SH16"), 4)
    assert result.winner == 3
    assert "TRICKS-7.5" in [s.rule for s in result.steps]


def test_flip_does_not_cite_7_5_when_quantique_left_the_single_card():
    """TRICKS-7.5 speaks of one card left "après annulations": when Quantique's parity (not an
    annulation) leaves one card, the step cites Flip's own rule, TRICKS-6.3."""
    result = resolve_trick(cards("flip RB4 quantique SH7 RB8"), 5)  # odd: only SH7
    assert result.winning_card.code == "SH7"
    assert "TRICKS-7.5" not in result.rules and result.rules[-1] == "TRICKS-6.3"


# -- playing a trick (TRICKS-8.x) ----------------------------------------------------------------

def test_each_player_lays_one_card():
    """TRICKS-8.1 "Chaque joueur pose 1 carte." — the trick resolves after one card each."""
    game = game_with_hands(3, ["RB10 RB11", "SH3 SH12", "RB1 RB2"])
    for code in ("RB10", "SH12"):
        game.apply_action(cards(code)[0])
        assert game.won == [0, 0, 0] and len(game.trick) > 0
    game.apply_action(cards("RB1")[0])
    assert game.trick == [] and game.won == [0, 1, 0]


def test_annulations_before_action_cards():
    """TRICKS-8.4 "Appliquez les annulations …" then TRICKS-8.5 "Appliquez ensuite les cartes
    action selon les priorités.": Quantique (3 players: odd) cannot pick the cancelled SH5."""
    result = resolve_trick(cards("SH5 RB5 quantique RB2"), 3)
    rules = [s.rule for s in result.steps]
    assert rules.index("TRICKS-7.1") < rules.index("TRICKS-R11")
    assert cards("SH5 RB5 quantique RB2")[result.winner].code == "RB2"


def test_winner_takes_the_trick_and_leads_the_next():
    """TRICKS-8.6 "Le gagnant remporte le pli et commence le suivant."""
    game = game_with_hands(3, ["RB10 RB11", "SH3 SH12", "RB1 RB2"])
    for code in ("RB10", "SH12", "RB1"):
        game.apply_action(cards(code)[0])
    assert game.won == [0, 1, 0] and game.current_player() == 1
    assert Counter(game.taken[1]) == Counter(cards("RB10 SH12 RB1"))


# -- points (TRICKS-9.x) -------------------------------------------------------------------------

def test_points_table():
    """TRICKS-9.1 "Annonce exacte : 10 + (3 × plis annoncés)", TRICKS-9.2 "Annonce non
    respectée (pari non nul) : −(3 × écart)", TRICKS-9.3 "Annonce 0 réussie : 20 + (2 × cartes
    de la manche)", TRICKS-9.4 "Annonce 0 échouée : −(10 + 5 × plis faits)"."""
    assert bid_points(3, 3, cards=5) == 19
    assert bid_points(3, 1, cards=5) == -6 and bid_points(1, 3, cards=5) == -6
    assert bid_points(0, 0, cards=5) == 30
    assert bid_points(0, 2, cards=5) == -20


# -- streaks (TRICKS-10.x) -----------------------------------------------------------------------

def test_exact_bid_extends_the_streak():
    """TRICKS-10.1 "Chaque annonce exacte fait progresser la série de précision du joueur"."""
    assert round_points(2, 2, 4, streak_before=0).streak_after == 1
    assert round_points(0, 0, 4, streak_before=3).streak_after == 4


@pytest.mark.parametrize("streak, bonus, rule", [
    (1, 0, "TRICKS-10.1"), (2, 5, "TRICKS-10.2"), (3, 10, "TRICKS-10.3"), (4, 15, "TRICKS-10.4"),
    (5, 20, "TRICKS-10.5"), (6, 30, "TRICKS-10.6"), (7, 40, "TRICKS-10.7"), (8, 50, "TRICKS-10.8"),
    (9, 60, "TRICKS-10.8"),
])
def test_streak_table(streak, bonus, rule):
    """TRICKS-10.2 … 10.8: "2 consécutives : +5 pts" … "7 : +40 pts", "8 et + : +10 pts par
    réussite consécutive supplémentaire"."""
    from cardforge.games.tricks import streak_rule

    assert streak_bonus(streak) == bonus
    if streak >= 2:
        assert streak_rule(streak) == rule


def test_bonus_once_per_round_on_the_longest_streak():
    """TRICKS-10.9 "Le bonus s'applique une fois à la fin de la manche, sur la plus longue
    série." — a streak of 4 earns the 4 line (15), not 5 + 10 + 15."""
    score = round_points(1, 1, 3, streak_before=3)
    assert (score.points, score.bonus, score.total) == (13, 15, 28)


def test_a_miss_resets_the_streak():
    """TRICKS-10.10 "Un échec réinitialise la série." """
    score = round_points(2, 1, 3, streak_before=5)
    assert (score.streak_after, score.bonus) == (0, 0)
    assert round_points(1, 1, 3, score.streak_after).bonus == 0  # a new streak of 1


def test_engine_scores_rounds_with_streaks():
    """TRICKS-10.1 in the engine: a player bidding exactly twice running gets the +5 line."""
    game = new_game(3, seed=5, rounds=2)
    while not game.is_terminal():
        if game.phase is Phase.BID:
            game.apply_action(0)
        else:
            game.apply_action(game.legal_actions()[0])
    first, second = game.history
    for seat in range(3):
        expected = round_points(0, first.won[seat], 1).total
        expected += round_points(0, second.won[seat], 2, first.scores[seat].streak_after).total
        assert game.returns()[seat] == expected


# -- team variant (TRICKS-11.x) ------------------------------------------------------------------

def test_teams_of_two_partners_share_the_score():
    """TRICKS-11.1 "Se joue en équipes de 2 joueurs"."""
    game = new_game(4, seed=2, team=True)
    assert [game.config.partner(p) for p in range(4)] == [2, 3, 0, 1]
    while not game.is_terminal():
        game.apply_action(game.legal_actions()[-1])
    r = game.returns()
    assert r[0] == r[2] and r[1] == r[3]
    assert r[0] == game.totals[0] + game.totals[2]


def test_team_rounds_deal_six_cards_straight_away():
    """TRICKS-11.2 "Chaque manche commence directement avec 6 cartes par joueur"."""
    game = new_game(4, seed=2, team=True)
    assert game.config.schedule == (6, 6, 6, 6, 6)
    assert [len(h) for h in game.hands] == [6, 6, 6, 6]


def test_two_cards_passed_to_partner_before_bidding():
    """TRICKS-11.3 "Avant les annonces, chaque joueur transmet 2 cartes à son partenaire";
    TRICKS-11.5 "Après l'échange, les partenaires annoncent"."""
    game = new_game(4, seed=2, team=True)
    assert game.phase is Phase.PASS
    before = [list(h) for h in game.hands]
    given = {}
    for _ in range(8):
        seat = game.current_player()
        card = game.legal_actions()[0]
        given.setdefault(seat, []).append(card)
        game.apply_action(card)
    assert game.phase is Phase.BID
    for seat in range(4):
        partner = game.config.partner(seat)
        assert set(given[seat]) <= set(game.hands[partner])
        assert not set(given[seat]) & set(game.hands[seat])
        assert len(game.hands[seat]) == 6
        assert set(game.hands[seat]) == (set(before[seat]) - set(given[seat])) | set(given[partner])


def test_exchange_without_prior_information():
    """TRICKS-11.4 "L'échange se fait sans information préalable": a partner cannot see the
    cards chosen for them until everyone has chosen."""
    game = new_game(4, seed=2, team=True)
    chosen = game.legal_actions()[0]
    game.apply_action(chosen)
    assert chosen.code in game.observation(0)["passing"]
    assert chosen.code not in str(game.observation(2))


def test_team_game_is_five_rounds_and_pair_total_decides():
    """TRICKS-11.6 "La partie se joue sur 5 manches ; le score cumulé du binôme détermine
    l'équipe gagnante"."""
    game = new_game(4, seed=9, team=True)
    while not game.is_terminal():
        game.apply_action(game.legal_actions()[0])
    assert len(game.history) == 5
    best = max(game.returns())
    assert game.winners() == [p for p in range(4) if game.returns()[p] == best]
    assert len(game.winners()) in (2, 4)


@pytest.mark.parametrize("rounds", [0, -1])
def test_team_rounds_option_must_be_positive(rounds):
    """TRICKS-11.6 plays 5 rounds; a ``rounds`` override below 1 is an error, not 5 rounds
    (0 was silently ignored) nor an IndexError (-1 crashed the deal)."""
    with pytest.raises(UsageError, match="rounds must be at least 1 in the team variant"):
        new_game(4, team=True, rounds=rounds)
    assert new_game(4, team=True, rounds=2).config.schedule == (6, 6)


def test_bid_all_helper_sanity():
    """The helper used above really finishes the bidding phase (guards the other tests)."""
    game = new_game(3, seed=0)
    bid_all(game)
    assert game.phase is Phase.PLAY


# -- properties over random tricks -----------------------------------------------------------------

@st.composite
def tricks(draw):
    """A random complete trick of 3–10 distinct cards of the deck, Num-X declared."""
    players = draw(st.integers(3, 10))
    deck = [c if c.action != "numx" else Card(action="numx", value=draw(st.sampled_from([0, 17])))
            for c in deck_for(players)]
    trick = draw(st.lists(st.sampled_from(deck), min_size=players, max_size=players, unique=True))
    return trick, players, draw(st.permutations(range(players)))


@settings(max_examples=300, deadline=None)
@given(tricks())
def test_outcome_does_not_depend_on_play_order(case):
    """TRICKS-7.3 "annulation simultanée de toutes les paires" and TRICKS-6.1 "quel que soit
    l'ordre": with the default rulings the cancelled cards and the winning card are the same
    whatever order the cards were laid in; a winning card is valid and never an action card
    without a value; Flash always means no winner."""
    trick, players, order = case
    first = resolve_trick(trick, players)
    other = resolve_trick([trick[i] for i in order], players)
    assert set(first.cancelled) == set(other.cancelled)
    assert first.winning_card == other.winning_card
    if first.winning_card is not None:
        assert first.winning_card.value is not None and first.winning_card not in first.cancelled
    if any(c.action == "flash" for c in trick):
        assert first.winner is None
