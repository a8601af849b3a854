"""What a referee reads aloud and types (issue 13): explanations true to their rule, players by
name, one card-list notation, and French a French player would write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardforge.cli import main
from cardforge.i18n import Message, catalogue, languages


@pytest.fixture
def ref(capsys):
    """``cardforge referee ARGS`` in-process: (exit code, stdout with lines unwrapped, stderr)."""

    def run(*args: str):
        try:
            main(["referee", *args])
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
        out, err = capsys.readouterr()
        return code, " ".join(out.split()), err

    return run


def answer(ref, *args):
    code, out, err = ref(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def step_texts(data, rule):
    return [s["text"] for s in data["steps"] if s["rule"] == rule]


# -- 1. explanations that agree with their rule ------------------------------------------------------


@pytest.mark.parametrize("trick, hand, lang, higher", [
    ("RB5", "SH9", "en", "SH9"), ("RB5 SH9", "SH10 flip", "en", "SH10"), ("SH3", "SH4 flip", "fr", "SH4"),
])
def test_tricks_legal_never_says_no_card_is_higher_when_one_is(ref, trick, hand, lang, higher):
    data = answer(ref, "tricks", "legal", "--trick", trick, "--hand", hand, "--lang", lang)
    (text,) = step_texts(data, "TRICKS-5.1")
    assert higher in text and "No card" not in text and "Aucune carte" not in text


def test_a_rainbow_at_the_end_is_a_draw_owed_not_a_secured_sequence(ref):
    for game in ("sequence", "collection"):
        data = answer(ref, game, "check", "R3", "G5", "RB7")
        assert data["securable"] is False and data["extra_draws"] == 1
        assert "must draw" in data["summary"] and "can be secured" not in data["summary"]
    fr = answer(ref, "sequence", "check", "R3", "G5", "RB7", "--lang", "fr")
    assert "doit piocher immédiatement 1 carte de plus" in fr["summary"] and "(s)" not in fr["summary"]
    scored = answer(ref, "sequence", "score", "R3 RB5")
    assert any("ends on a Rainbow" in t for t in step_texts(scored, "SEQUENCE-2.6"))


def test_a_wrong_reflex_card_goes_back_face_down(ref):
    data = answer(ref, "numwin", "reflex", "--discarded", "R5", "--claimed", "G6")
    (text,) = step_texts(data, "NUMWIN-R12")
    assert "face down" in text and "face up" not in text


def test_an_all_rainbow_flush_cites_collection_r19(ref):
    data = answer(ref, "collection", "objectives", "RB1", "RB3", "RB5", "RB7", "RB9")
    assert "flush" in [o["id"] for o in data["objectives"]] and "COLLECTION-R19" in data["rules"]


def test_infini_played_in_advance_saves_the_next_stop(ref):
    data = answer(ref, "sequence", "check", "R3", "infini", "R5", "R7")
    assert data["stop"] is False and data["saved"] == [4] and data["sequence"] == ["R3", "R5"]
    assert any("in advance" in t for t in step_texts(data, "SEQUENCE-3.1"))
    lost = answer(ref, "sequence", "check", "R3", "R5", "R7")
    assert "Joker or an Infinity" in " ".join(s["text"] for s in lost["steps"])


def test_stop_cost_turn_keeps_the_sequence_and_its_points(ref):
    data = answer(ref, "sequence", "check", "R3", "R5", "R7", "--house", "stop_cost=turn")
    assert data["stop"] and data["lost"] is False and data["points"] == 8
    assert "the turn ends" in data["summary"]


# -- 3. players by name, one convention for positions ------------------------------------------------


def test_tricks_trick_by_name_names_the_winner_and_counts_from_one(ref):
    data = answer(ref, "tricks", "trick", "Ana=RB12", "Ben=SH3", "Chloé=RB9")
    assert (data["winner"], data["winner_player"], data["next"]) == (1, "Ana", "Ana")
    assert data["summary"] == "Ana (RB12) wins the trick and leads the next one."
    positional = answer(ref, "tricks", "trick", "RB5", "SH9", "RB3")
    assert positional["winner"] == 2 and positional["summary"].startswith("Card 2 (SH9)")
    _, fr, _ = ref("tricks", "trick", "Ana=RB12", "Ben=SH3", "Chloé=RB9", "--lang", "fr")
    assert "Ana (RB12) remporte le pli et commence le suivant." in fr


def test_numwin_round_by_name_with_locked_pairs_and_a_short_combo(ref):
    data = answer(ref, "numwin", "round", "Inès=R7+G7,RB3,B2,Y1", "Olivier=R1 G2")
    assert data["players"] == ["Inès", "Olivier"] and data["points"] == [3, 3]
    assert data["lowest_players"] == ["Inès", "Olivier"] and data["incomplete"] == [2]
    assert "NUMWIN-R14" in data["rules"]
    _, fr, _ = ref("numwin", "round", "Inès=R7+G7,RB3,B2,Y1", "Olivier=R1 G2", "--lang", "fr")
    assert "Inès et Olivier ont le plus bas score, 3 points" in fr
    assert "le combo d'Olivier a 2 cartes, pas 5" in fr


# -- 4. one notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ("collection", "objectives", "R7,G7,B7"), ("collection", "check", "R3,G5"), ("sequence", "check", "R3,G5"),
    ("tricks", "trick", "RB12,SH3,RB9"), ("sequence", "score", "R3,G5"), ("numwin", "score", "R1,G2"),
])
def test_commas_or_spaces_everywhere(ref, args):
    code, _, err = ref(*args)
    assert code == 0, err


def test_rows_round_takes_an_empty_pile_as_dash(ref):
    data = answer(ref, "rows", "round", "p1=R5", "p2=-")
    assert data["points"] == {"p1": 5, "p2": 0}


def test_objectives_by_french_names_validated_inline_and_the_best_set_with_its_cards(ref, tmp_path):
    card = tmp_path / "card.txt"
    card.write_text("paire\narc-en-ciel # done\n", encoding="utf-8")
    data = answer(ref, "collection", "objectives", "--scorecard", str(card), "--validated", "Brelan, flush",
                  "--best", "R1", "R2", "R3", "G5", "B5", "Y5", "RB5")
    assert data["validated"] == ["pair", "three_of_a_kind", "flush", "rainbow_set"]
    best = {b["id"]: b["cards"] for b in data["best"]}
    for oid, cards in best.items():
        assert " ".join(cards) in data["summary"]
    code, _, err = ref("collection", "objectives", "--validated", "paires", "R1")
    assert code == 2 and "did you mean" in err


def test_mode_in_french(ref):
    data = answer(ref, "sequence", "check", "--mode", "découverte", "R3", "G5")
    assert data["mode"] == "discovery"
    assert answer(ref, "collection", "check", "--mode", "decouverte", "R3")["stop"] is False


@pytest.mark.parametrize("variants", [
    [("tricks", "score", "--bid", "2", "--won", "2", "--cards", "5"),
     ("tricks", "score", "--bid", "2", "--won", "2", "--cards", "5", "--streak", "1")],
    [("collection", "objectives", "R1", "R2"), ("collection", "objectives", "--best", "R1", "R2")],
    [("tricks", "trick", "RB1", "SH2", "RB3"), ("tricks", "trick", "Ana=RB1", "Ben=SH2", "Chloé=RB3"),
     ("tricks", "trick", "flash", "SH2", "RB3")],
    [("numwin", "round", "R1 G2", "B3"), ("numwin", "round", "Ana=R1", "Ben=B3")],
    [("sequence", "check", "R3"), ("sequence", "check", "R3", "SH2")],
])
def test_every_json_key_is_in_every_answer(ref, variants):
    keys = [set(answer(ref, *args)) for args in variants]
    assert all(k == keys[0] for k in keys), [k ^ keys[0] for k in keys]


# -- 5. French a French player would write ---------------------------------------------------------


def test_catalogues_have_every_key_and_the_same_fields():
    import string

    english = catalogue("en").MESSAGES
    for lang in languages():
        messages = catalogue(lang).MESSAGES
        assert set(english) <= set(messages), f"{lang} lacks {sorted(set(english) - set(messages))}"
        for key, template in english.items():
            fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
            theirs = {f for _, f, _, _ in string.Formatter().parse(messages[key]) if f}
            assert theirs <= fields | {"the", "gender"}, (lang, key)


@pytest.mark.parametrize("key, params, expected", [
    ("points", {"n": 0}, "0 point"), ("points", {"n": 1}, "1 point"), ("points", {"n": 2}, "2 points"),
    ("rows.append", {"player": "Ana", "card": "R3", "row": Message("rows.row.R")},
     "R3 d'Ana est supérieure ou égale à la dernière carte de la rangée Rouge : ajoutée en fin de rangée."),
    ("rows.append", {"player": "Émile", "card": "R3", "row": Message("rows.row.R")},
     "R3 d'Émile est supérieure ou égale à la dernière carte de la rangée Rouge : ajoutée en fin de rangée."),
    ("rows.shadow_nowhere", {"player": "Ben", "card": "SH3"},
     "SH3 de Ben ne va sur aucune rangée : Ben la récupère, en points négatifs."),
    ("rows.won_by", {"players": ["Inès", "Olivier"]}, "Manche gagnée par Inès et Olivier"),
    ("rows.won_by", {"players": ["Ana", "Ben", "Chloé"]}, "Manche gagnée par Ana, Ben et Chloé"),
    ("live.tricks.next", {"player": "Yves"}, "Au tour d'Yves de poser"),
    ("live.tricks.next", {"player": "Yann"}, "Au tour de Yann de poser"),
    ("live.tricks.next", {"player": "Hélène"}, "Au tour d'Hélène de poser"),
    ("seq.owed", {"n": 1}, "pas de STOP, mais le joueur doit piocher immédiatement 1 carte de plus : "
                           "pas de verrouillage avant"),
    ("coll.achievable", {"n": 1}, "1 objectif réalisable"), ("coll.achievable", {"n": 3}, "3 objectifs réalisables"),
    ("coll.already", {"name": "Paire", "the": Message("objective.the.pair"), "gender": Message("objective.gender.pair")},
     "La Paire est déjà validée : impossible de la retenter"),
    ("coll.already", {"name": "Brelan", "the": Message("objective.the.three_of_a_kind"),
                      "gender": Message("objective.gender.three_of_a_kind")},
     "Le Brelan est déjà validé : impossible de le retenter"),
    ("coll.already", {"name": "Arc-en-ciel", "the": Message("objective.the.rainbow_set"),
                      "gender": Message("objective.gender.rainbow_set")},
     "L'Arc-en-ciel est déjà validé : impossible de le retenter"),
    ("numwin.outcome_nothing", {"kind": "reflex", "claimed": "G6", "discarded": "R5"}, "réflexe raté : rien ne change"),
    ("numwin.outcome_penalty", {"kind": "memory", "claimed": "G6", "discarded": "R5"},
     "saisie mémoire ratée : piochez une carte de pénalité"),
    ("tricks.parity", {"players": 4, "parity": "even", "listed": "RB6"},
     "Quantique à 4 joueurs : seules les cartes paires comptent (RB6)."),
    ("error.rows.missing", {"missing": ["Chloé"], "players": ["Ana", "Ben", "Chloé"]},
     "Chloé n'a pas révélé de carte : chaque joueur révèle une carte à chaque tour (ROWS-2.1) ; "
     "les joueurs sont Ana, Ben et Chloé"),
    ("error.rows.missing", {"missing": ["Ben", "Chloé"], "players": ["Ana", "Ben", "Chloé"]},
     "Ben et Chloé n'ont pas révélé de carte : chaque joueur révèle une carte à chaque tour (ROWS-2.1) ; "
     "les joueurs sont Ana, Ben et Chloé"),
    ("table.rounds_played", {"n": 1}, "1 manche jouée"),
])
def test_tricky_french_forms(key, params, expected):
    assert Message(key, **params).text("fr") == expected


@pytest.mark.parametrize("key, params, expected", [
    ("points", {"n": 1}, "1 point"), ("points", {"n": 0}, "0 points"),
    ("table.rounds_played", {"n": 1}, "1 round played"), ("table.rounds_played", {"n": 3}, "3 rounds played"),
    ("rows.won_by", {"players": ["Ana", "Ben", "Chloé"]}, "Round won by Ana, Ben and Chloé"),
    ("tricks.schedule", {"n": 1, "deals": "6", "last": 6}, "1 round: 6 cards."),
])
def test_english_plurals_too(key, params, expected):
    assert Message(key, **params).text("en") == expected


def test_under_lang_fr_errors_are_french_too(ref):
    code, _, err = ref("tricks", "trick", "RB17", "SH3", "RB2", "--lang", "fr")
    assert code == 2 and err == ("cardforge : erreur : carte inconnue 'RB17' : dans Num Plis, les valeurs de Rainbow "
                                 "vont de 1 à 16 ; vouliez-vous dire 'RB16' ?\n")
    code, _, err = ref("rows", "play", "Ana=R5", "--house", "round_tie=nobody", "--lang", "fr")
    assert code == 2 and "ne s'applique pas" in err
    code, _, err = ref("tricks", "trick", "RB17", "SH3", "RB2")
    assert "unknown card 'RB17': Rainbow values are 1–16 in Num Tricks; did you mean 'RB16'?" in err
    for args, french in [
        (("rows", "play", "--row", "Q=Q1", "Ana=R5"), "rangée inconnue 'Q' dans --row 'Q=Q1'"),
        (("rows", "round", "Ana=R5", "Ana=R6"), "le joueur 'Ana' est donné deux fois"),
        (("collection", "objectives", "--validated", "paires", "R1"), "--validated : objectif inconnu 'paires'"),
        (("collection", "check", "--mode", "découverte", "R3", "joker"), "ne se joue pas en mode découverte"),
        (("numwin", "score", "R1", "--locked", "R7"), "attendu deux cartes jointes par « + »"),
        (("sequence", "play", "--state", str(Path(__file__).parent), "Ana=R3"), "impossible de lire le fichier d'état"),
        (("tricks", "legal", "--hand", "SH3", "--trick", "numx"), "Num-X dans le pli s'écrit telle que déclarée"),
    ]:
        code, _, err = ref(*args, "--lang", "fr")
        assert code == 2 and french in err, (args, err)


@pytest.mark.parametrize("args", [
    ("rows", "play", "Ana=R7", "Ben=SH3", "Chloé=RB9"), ("rows", "round", "p1=R5", "p2=B5"),
    ("tricks", "legal", "--trick", "RB5 SH9", "--hand", "SH10 flip"), ("tricks", "score", "-b", "0", "-w", "0", "-c", "1"),
    ("tricks", "rounds", "-p", "7"), ("sequence", "check", "R3", "G5", "RB7"), ("sequence", "score", "R3 G5"),
    ("collection", "objectives", "--best", "R7", "G7", "B7", "Y2"), ("collection", "check", "R3", "SH2"),
    ("numwin", "score", "R1", "G1", "RB3"), ("numwin", "reflex", "--discarded", "R5", "--claimed", "G5"),
])
def test_no_english_leftovers_and_no_bracketed_plurals_in_french(ref, args):
    code, out, err = ref(*args, "--lang", "fr")
    assert code == 0, err
    body = out.split("[")  # rule titles in brackets are the rule file's
    for leftover in ("(s)", " the ", " card ", " cards ", "(classic)", "(discovery)", " wild", " pt ", "points points"):
        assert leftover not in " ".join(body), (leftover, out)


def test_a_third_language_is_one_new_catalogue(ref, tmp_path, monkeypatch):
    """A catalogue module dropped beside en.py/fr.py makes --lang accept its language; keys it
    lacks fall back to English; no code changes."""
    import cardforge.i18n as i18n

    (tmp_path / "de.py").write_text('''
NAME = "Deutsch"
SEMICOLON = "; "

def plural(n):
    return 0 if n == 1 else 1

def join(items):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]

MESSAGES = {
    "points": "{n} {n:plural:Punkt|Punkte}",
    "rows.q.score": "Punkte des Stapels {cards}",
    "rows.card_classic": "{card}: klassische Karte, Nennwert: {points:+d}",
}
''', encoding="utf-8")
    monkeypatch.setattr(i18n, "__path__", [*i18n.__path__, str(tmp_path)])
    i18n.languages.cache_clear()
    i18n.catalogue.cache_clear()
    try:
        assert i18n.languages() == ("en", "de", "fr")
        code, out, err = ref("rows", "score", "R5", "R1", "--lang", "de")
        assert code == 0, err
        assert "Punkte des Stapels R5 R1" in out and "R5: klassische Karte, Nennwert: +5" in out and "→ 6 Punkte" in out
        assert Message("points", n=1).text("de") == "1 Punkt"
        assert Message("rows.won_by", players=["Ana", "Ben"]).text("de") == "Round won by Ana and Ben"  # English fallback
    finally:
        import sys

        monkeypatch.undo()
        i18n.languages.cache_clear()
        i18n.catalogue.cache_clear()
        sys.modules.pop("cardforge.i18n.de", None)
    code, _, err = ref("rows", "score", "R5", "--lang", "de")
    assert code == 2 and "unknown language 'de'" in err


def test_the_readme_referee_tour_is_real_output(cli, tmp_path):
    """Every command of the README's referee tour prints what the README shows (docs stay true)."""
    import re

    from conftest import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text[text.index("### Referee"):text.index("### Printing the cards")]
    code = block[block.index("```") + 4:block.rindex("```")]
    env = {"COLUMNS": "200", "CARDFORGE_STATE": ""}
    checked = 0
    for part in re.split(r"^\$ ", code, flags=re.M)[1:]:
        first, _, expected = part.partition("\n")
        if first.startswith("export CARDFORGE_STATE"):
            env["CARDFORGE_STATE"] = str(tmp_path / "partie.json")
            continue
        import shlex

        args = shlex.split(first.split("  #")[0])[1:]
        result = cli(*args, env={k: v for k, v in env.items() if v})
        got = (result.out + result.err).strip()
        lines = [ln for ln in expected.strip().splitlines() if ln.strip() not in ("", "…")]
        assert all(ln in got for ln in lines) if "…" in expected else got == expected.strip(), (first, got)
        checked += 1
    assert checked >= 6


def test_the_tie_order_step_only_when_a_shadow_or_a_rainbow_ties(ref):
    """ROWS-2.4 orders equal values Shadow, Rainbow, classic: said only when one of them meets
    another card of its value (issue 25), never for two classic cards alone."""
    classic = answer(ref, "rows", "play", "Ana=R5", "Ben=B5")
    assert not any("Shadow" in text for text in step_texts(classic, "ROWS-2.4"))
    special = answer(ref, "rows", "play", "Ana=R5", "Ben=SH5")
    assert step_texts(special, "ROWS-2.4") == ["Equal values: Shadow first, then Rainbow, then classic colours."]
