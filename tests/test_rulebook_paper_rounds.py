"""What one round of each game played on paper from the player's book alone had to guess
(issue 27, docs/playtests/paper-rounds.md): each answer is now printed, in both languages, and
agrees with the engine."""

from __future__ import annotations

import re

import pytest

from cardforge.deck import load_deck
from cardforge.rulebook.words import for_players
from tests.rulebook_support import flat


def _book_text(game: str, lang: str) -> str:
    """The player's book as its template renders it (prose, tables, captions), flattened."""
    from cardforge.rulebook.books import render_markup

    return flat(" ".join(render_markup(game, lang).root.itertext()))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_an_engine_step_naming_a_rainbow_still_reads_as_a_sentence(lang):
    """« Rainbow 9 est une Rainbow : … » once said "Rainbow 9 is: the player must draw…"."""
    from cardforge.i18n import text

    deck = load_deck("sequence")
    said = for_players(text("pl.rainbow_draw", lang, card="RB9"), deck, lang)
    assert re.match(r"Rainbow 9[\s\u00a0]?:", said), said
    assert not re.search(r"\b(is|est)[\s\u00a0]?:", said), said


def test_english_texts_name_the_action_cards_in_english():
    """The referee said "the cards Quantique turns over", "an Infini" in English (paper round)."""
    from cardforge.i18n.en import MESSAGES

    french = r"\b(Infini|Quantique|Tornade|Passe Ton Tour|Éclair)\b"
    assert [k for k, v in MESSAGES.items() if re.search(french, v)] == []


#: What the two push-your-luck books had to answer alike (fr, en).
PUSHLUCK = [
    ("does locking end the turn", ("Dans les deux cas, votre tour s'arrête", "Either way, your turn ends")),
    ("is an action card a forced draw", ("elle compte comme cette pioche", "it counts as that draw")),
    ("a draw card played on oneself", ("vous, aussitôt ; un adversaire, au début de son prochain tour",
                                      "you, at once; an opponent, at the start of their next turn")),
    ("may a reserve card be played before drawing", ("quand aucune pioche n'est due", "whenever no draw is owed")),
    ("the reserve at a new round", ("toutes les cartes, réserves comprises, forment deux nouvelles pioches",
                                    "all the cards, reserves included, make two new draw piles")),
    # the French paper round (2026-12, docs/playtests/paper-rounds.md)
    ("does locking a kept sequence end the turn", ("d'un tour précédent (votre tour s'arrête alors)",
                                                  "from an earlier turn (your turn then ends)")),
    ("may a turn pass without a draw", ("sinon, piochez au moins une carte", "otherwise, draw at least one card")),
]

#: Per game, the question the paper round could not answer from the book, and the words (fr, en)
#: that now answer it; each answer is the engine's (the checks below).
ANSWERS = {
    "collection": [
        *PUSHLUCK,
        ("how many action cards", ("12 cartes action, deux de chacune", "12 action cards, two each of")),
        ("a Shadow and later sequences", ("que vous verrouillez avant elle ou après elle", "you lock before it or after it")),
        ("which turns count", ("tous joueurs confondus", "all players' turns together")),
        ("which pile Quantum draws from", ("piochez 3 cartes de la pioche de votre choix", "draw 3 cards from the pile of your choice")),
        ("where Quantum's kept card goes", ("Gardée, une carte numérotée rejoint votre séquence (STOP compris",
                                           "A numbered card kept joins your sequence (STOPs included")),
        ("is the sequence locked after Quantum", ("Votre tour s'arrête alors, la séquence reste ouverte",
                                                 "Your turn then ends, the sequence left open")),
        ("does a skipped turn count", ("à la fin de ce tour, qui compte comme un tour joué", "end of that turn, which counts as a turn played")),
    ],
    "sequence": [
        *PUSHLUCK,
        ("how many numbered cards", ("102 cartes numérotées", "102 numbered cards")),
        ("a full reserve", ("Réserve pleine ? Jouez-en une", "Reserve full? Play one")),
        ("where Quantum's kept card goes", ("(numérotée : dans votre séquence, STOP compris ; action : en réserve)",
                                           "(numbered: into your sequence, STOPs included; action: into your reserve)")),
        ("is the sequence locked after Quantum", ("Votre tour s'arrête, la séquence reste ouverte", "Your turn ends, the sequence left open")),
        ("how long Infinity protects", ("la prochaine carte d'élimination du tour est écartée, sans STOP",
                                        "the next elimination card of the turn is set aside, no STOP")),
        ("does a skipped turn count among the 6", ("Ce tour compte parmi ses 6", "That turn counts among their 6")),
    ],
    "tricks": [
        ("who leads after a Flash", ("où qu'elle soit posée ; celui qui l'a entamé entame le suivant",
                                     "wherever it was laid; whoever led it leads the next")),
    ],
    "rows": [
        ("a lower card that is the 5th", ("5ᵉ carte de la rangée, plus grande ou plus petite", "the row's 5th card, higher or lower")),
        ("a Rainbow or Shadow as the 5th card", ("Si la Rainbow ou la Shadow est la 5ᵉ carte de sa rangée, vous récupérez les 4 autres",
                                                 "If the Rainbow or the Shadow is its row's 5th card, you capture the 4 others")),
    ],
    "numwin": [
        ("two unpaired Rainbows", ("s'il en reste deux ou plus, chacune vaut sa valeur", "two or more left: each scores its value")),
        ("must one call NUM WIN", ("vous pouvez annoncer « NUM WIN »", 'you may call “NUM WIN”')),
        ("may a card Quantum locked seize", ("son propriétaire peut encore s'en servir pour un réflexe", "its owner may still use it for a reflex")),
        ("does Swipe show the cards", ("sans les regarder : chacune reste face cachée", "without looking: both stay face down")),
    ],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize(("game", "question", "words"),
                         [(g, q, w) for g, answers in ANSWERS.items() for q, w in answers])
def test_the_book_answers_what_the_paper_round_had_to_guess(game, question, words, lang):
    wanted = words[0] if lang == "fr" else words[1]
    assert flat(wanted) in _book_text(game, lang).replace("’", "'"), f"{game}-{lang}: {question}"


def _live(game: str, *tokens: str):
    from cardforge.live import apply, new_position

    position = new_position(game, ("Ana", "Ben"))
    for token in tokens:
        position, verdict = apply(position, position.parse_move([token]))
    return verdict.result


@pytest.mark.parametrize("game", ["collection", "sequence"])
def test_an_action_card_drawn_counts_as_the_card_a_rainbow_owes(game):
    assert _live(game, "Ana=RB3")["extra_draws"] == 1
    result = _live(game, "Ana=RB3", "Ana=flip", "Ana=keep")
    assert result["extra_draws"] == 0 and result["securable"]


@pytest.mark.parametrize(("game", "card", "owed"), [("collection", "double", 2), ("sequence", "simple", 1)])
def test_a_draw_card_played_on_oneself_is_drawn_at_once(game, card, owed):
    result = _live(game, "Ana=R3", f"Ana={card}>Ana")
    assert (result["current"], result["extra_draws"]) == ("Ana", owed)
    assert _live(game, "Ana=R3", f"Ana={card}>Ben", "Ana=end")["extra_draws"] == owed  # Ben's, at his turn


def test_numwin_two_unpaired_rainbows_score_their_values(capsys):
    import json

    from cardforge.cli import main

    for combo, points in ((["RB3", "RB9", "R5"], 17), (["RB3", "R5"], 5)):
        try:
            main(["referee", "numwin", "score", *combo, "--json"])
        except SystemExit as exc:
            assert not exc.code
        assert json.loads(capsys.readouterr().out)["points"] == points


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["collection", "sequence", "tricks", "rows", "numwin"])
def test_the_quick_reference_uses_the_glossary_words(game, lang):
    """The quick reference is one of the three books: « verrouiller », never « sécuriser », and no
    « nb joueurs » shorthand (issue 27, "terms drift"; still in Collection's turn line)."""
    from cardforge.rulebook.glossary import violations
    from cardforge.rules import load_rules

    info = load_rules(game).book
    text = " ".join(line(lang) for line in (*info.turn, *info.scoring))
    assert violations(text, lang, game) == []
    assert "nb joueurs" not in text and "players + 1 turns were" not in text


def test_a_card_face_speaks_plain_english():
    """The Flip card of Num Tricks said "players still follow higher" (issue 27, "language")."""
    deck = load_deck("tricks")
    assert "follow higher" not in deck.actions["flip"].effect("en")


#: The words with which a legend names each card mark (cardforge/rulebook/figures: marks).
MARK_WORDS = {"cancel": ("barrée", "crossed-out"), "win": ("encadrée", "framed"),
              "take": ("pointillé", "dashed frame"), "zero": ("marquée d’un 0", "marked with a 0")}


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game", ["collection", "sequence", "tricks", "rows", "numwin"])
def test_the_card_mark_legend_comes_first_and_names_every_mark(game, lang):
    """Issue 27: "the legend for crossed-out cards on p13 although the first one is on p8";
    Num Win framed the seizing card and never said what a frame means."""
    from cardforge.rulebook.books import render_markup

    order = list(render_markup(game, lang).root.iter())
    legend = next(i for i, el in enumerate(order) if el.tag == "side")
    examples = [i for i, el in enumerate(order) if el.tag == "example"]
    assert examples and legend < examples[0]
    words = "".join(order[legend].itertext())
    used = {m for el in order for m in (el.get("marks") or "").split()} - {"-"}
    for mark in used:
        assert MARK_WORDS[mark][lang == "en"] in words, f"{game}-{lang}: the legend does not say what {mark!r} means"


def test_a_note_is_set_at_body_size():
    """« La Shadow coûte cher » was set at 8.9 pt in a 9.5 pt book (issue 27: body ≥ 9.5 pt)."""
    from cardforge.rulebook.styles import Palette, make_styles, page_for

    styles = make_styles(page_for("a5"), Palette("#000000", "#FFFFFF"), "fr")
    assert styles.note.fontSize >= 9.5 and styles.example_title.fontSize >= 9.5


@pytest.mark.parametrize("game", ["collection", "sequence"])
def test_a_reserve_card_may_be_played_before_the_first_draw(game):
    """The books said "between two draws"; the engine lets a reserve card open a turn."""
    result = _live(game, "Ana=R3", "Ana=flip", "Ana=keep", "Ana=end", "Ben=G5", "Ben=end", "Ana=play:flip")
    assert result["current"] == "Ana"


# -- the French paper round (2026-12): what the book now says is what the engine does -----------


@pytest.mark.parametrize("game", ["collection", "sequence"])
def test_locking_a_kept_sequence_before_drawing_ends_the_turn(game):
    assert _live(game, "Ana=R3", "Ana=end", "Ben=G5", "Ben=end", "Ana=secure")["current"] == "Ben"


@pytest.mark.parametrize("game", ["collection", "sequence"])
def test_a_turn_with_nothing_to_lock_starts_with_a_draw(game):
    from cardforge.errors import UsageError

    with pytest.raises(UsageError):
        _live(game, "Ana=R3", "Ana=secure", "Ben=G5", "Ben=secure", "Ana=end")


@pytest.mark.parametrize("game", ["collection", "sequence"])
def test_quantum_ends_the_turn_with_its_card_in_the_open_sequence(game):
    kept = _live(game, "Ana=quantique>A", "Ana=R3,G5,B7", "Ana=keep:G5")
    assert kept["current"] == "Ben"
    back = _live(game, "Ana=quantique>A", "Ana=R3,G5,B7", "Ana=keep:G5", "Ben=R9", "Ben=end")
    assert (back["current"], back["sequence"], back["securable"]) == ("Ana", ["G5"], True)


def test_numwin_a_card_quantum_revealed_still_seizes_by_reflex():
    """Ben reveals his own RB11 with Quantum, later discards B11: he may seize it with RB11."""
    from cardforge.games import new_game

    state = new_game("numwin", players=3, seed=5)
    moves = ["draw", "quantum p1:0", "draw", "swap 1", "pass", "pass", "pass",
             "draw", "discard", "pass", "pass", "pass", "draw", "swap 1", "pass", "pass"]
    for move in moves:
        state.apply_action({state.action_to_string(a): a for a in state.legal_actions()}[move])
    assert (state.current_player(), str(state.combos[1][0].card)) == (1, "RB11")
    assert "claim 0" in [state.action_to_string(a) for a in state.legal_actions()]


def test_the_referee_french_does_not_gender_the_player():
    """« Chloé voit-il », « du tour de Ana », « une Simple a été jouée contre lui » (paper round)."""
    from cardforge.i18n.fr import MESSAGES

    assert [k for k, v in MESSAGES.items() if re.search(r"\}\s+voit-il|\bde \{player\}|contre lui\b", v)] == []
    assert "un Simple" in MESSAGES["live.pl.why.simple"] and "un Double" in MESSAGES["live.pl.why.double"]


def _lines(game: str, lang: str, out) -> list[str]:
    from cardforge.rulebook.books import build_book
    from tests.rulebook_support import text_lines

    return [text for page in text_lines(build_book(game, lang, out)) for _, _, text in page]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_numwin_never_breaks_a_line_inside_num_win(lang, tmp_path):
    """The cover and the end of round read « NUM / WIN » across two lines."""
    lines = _lines("numwin", lang, tmp_path)
    assert any("NUM\u00a0WIN" in line or "NUM WIN" in line for line in lines)
    assert [line for line in lines if re.search(r"NUM\s*$", line)] == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_tricks_evening_table_headers_keep_their_words(lang, tmp_path):
    """« Annonc / e »: the Bid column of Chloé's evening was too narrow for its header."""
    from cardforge.rulebook.books import build_book
    from tests.rulebook_support import text_lines

    header = ("Manche", "Cartes", "Annonce", "Plis", "Points", "Série", "Total") if lang == "fr" else \
        ("Round", "Cards", "Bid", "Tricks", "Points", "Streak", "Total")
    pages = text_lines(build_book("tricks", lang, tmp_path))
    page, top = next((page, top) for page in pages for top, _, text in page if text.split() == [header[0]])
    assert sorted(text.strip() for t, _, text in page if abs(t - top) < 1) == sorted(header)


def test_the_lock_that_ends_a_round_says_its_cards():
    """The French round's last lock printed « Chloé verrouille » with no cards (the new round had
    already emptied the locked sequences), and its points as 0."""
    from cardforge.live import apply, new_position

    position = new_position("sequence", ("Ana", "Ben"), turns=1)
    for token in ("Ana=R3", "Ana=secure", "Ben=G5", "Ben=Y9"):
        position, verdict = apply(position, position.parse_move([token]))
    position, verdict = apply(position, position.parse_move(["Ben=secure"]))
    assert verdict.result["round"] == 2
    assert "Ben locks G5 Y9" in [step.text("en") for step in verdict.steps]
    assert verdict.result["points"] == 14
