"""Issue 24, "French all the way": under ``--lang fr`` or ``CARDFORGE_LANG=fr`` the command line's
refusals are French, not English inside « cardforge : erreur : … ».

Two checks: the command modules raise their refusals through the catalogue (``refusal``), never
with an English literal; and a handful of commands that used to answer in English now answer in
French (and still in the same English without French settings)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.cli_helpers import one_line_error
from tests.french_refusals import english_words

CLI = Path(__file__).resolve().parent.parent / "cardforge" / "cli"

#: ``path:line`` of a cardforge error raised with a literal message that must stay so (none today).
ALLOWED: set[str] = set()


def _literal(node: ast.AST) -> bool:
    """A message written in the code: a string, an f-string, or one joined to another."""
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, ast.BinOp):
        return _literal(node.left) or _literal(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _literal(node.func.value)
    return False


def _literal_refusals(source: str, where: str) -> list[str]:
    from cardforge import errors

    ours = set(errors.__all__) | {"BadParameter", "Exit"}
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ours and node.exc.args and _literal(node.exc.args[0]):
                place = f"{where}:{node.lineno}"
                if place not in ALLOWED:
                    found.append(f"{place}: {name}({ast.unparse(node.exc.args[0])[:60]})")
    return found


def test_the_check_finds_a_literal_refusal():
    assert _literal_refusals('raise UsageError(f"unknown paper {p!r}")', "x.py")
    assert _literal_refusals('raise errors.OutputError("cannot " + what)', "x.py")
    assert not _literal_refusals('raise refusal(UsageError, "error.render.paper", paper=p)', "x.py")
    assert not _literal_refusals('raise AttributeError(f"no {name}")', "x.py")  # a programming error


def test_no_command_module_refuses_with_an_english_literal():
    found = [hit for path in sorted(CLI.rglob("*.py"))
             for hit in _literal_refusals(path.read_text(encoding="utf-8"), path.relative_to(CLI.parent).as_posix())]
    assert not found, "refuse through cardforge.i18n.refusal (a catalogue key), not a literal:\n" + "\n".join(found)


#: Option values that are English words (a paper size, a variant), said as typed in any language.
VALUES = {"letter", "team"}

CASES = [
    (("render", "rows", "--paper", "x"), "papier inconnu 'x'\u00a0: attendu a4 ou letter",
     "unknown paper 'x': expected a4 or letter"),
    (("rulebook", "rows", "--paper", "x"), "format de papier inconnu 'x'\u00a0: attendu a5 ou a4",
     "unknown paper size 'x': expected a5 or a4"),
    (("simulate", "rows", "--jobs", "0"), "--jobs doit valoir au moins 1, pas 0", "--jobs must be at least 1, not 0"),
    (("render",), "JEU manquant\u00a0: donnez un jeu", "missing GAME: give a game"),
    (("deck", "show", "rows", "--mode", "zz"), "mode inconnu 'zz' pour rows (modes possibles\u00a0: aucun)",
     "unknown mode 'zz' for rows: modes are none"),
    (("rulebook", "rowz"), "jeu inconnu 'rowz'\u00a0: attendu collection, sequence, tricks, rows, numwin ou all"
     "\u202f; vouliez-vous dire 'rows'\u202f?", "did you mean 'rows'?"),
]


@pytest.mark.parametrize("args, french, english", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_the_refusal_is_french_under_french_settings(cli, args, french, english):
    configured = cli(*args, env={"CARDFORGE_LANG": "fr"})
    one_line_error(configured, "cardforge\u00a0: erreur\u00a0: ", french)
    assert not [w for w in english_words(configured.err) if w not in VALUES], configured.err
    one_line_error(cli(*args), "cardforge: error: ", english)


def test_lang_fr_on_the_command_line_says_it_in_french_too_and_json_carries_the_same_text(cli):
    typed = cli("deck", "show", "rows", "--mode", "zz", "--lang", "fr", "--json")
    one_line_error(typed, "mode inconnu 'zz' pour rows")
    assert typed.json()["error"]["message"] == typed.err.removeprefix("cardforge\u00a0: erreur\u00a0: ").rstrip("\n")


def test_what_the_options_reach_is_french_too(cli, tmp_path):
    """Below the command modules: the score sheet, the output folders, the option callbacks and
    cardforge.toml refuse in French as well."""
    blocker = tmp_path / "afile"
    blocker.write_text("", encoding="utf-8")
    french = {"CARDFORGE_LANG": "fr", "CARDFORGE_DB": str(tmp_path / "t.sqlite3")}
    for args, said in [
        (("table", "new", "rows", "-p", "Ana,ana"), "--players 'Ana,ana'\u00a0: 'Ana' et 'ana' sont le même nom"),
        (("table", "new", "tricks", "-p", "a,b,c", "--variant", "zz"),
         "variante inconnue 'zz' pour tricks (variantes possibles\u00a0: team)"),
        (("render", "rows", "--gutter", "30"), "--gutter 30 invalide\u00a0: attendu de 0 à 20 mm"),
        (("render", "rows", "--out", str(blocker / "x")),
         f"impossible de créer le dossier de sortie {str(blocker / 'x')!r}\u00a0: {str(blocker)!r} est un fichier, "
         "pas un dossier\u202f; choisissez un autre chemin"),
        (("build", "rows", "--jobs", "0"), "0 est inférieur à 1\u00a0: attendu un nombre entier à partir de 1"),
        (("new", "Bad"), "nom de paquet invalide 'Bad'\u00a0: utilisez des minuscules"),
    ]:
        result = cli(*args, env=french, cwd=tmp_path)
        one_line_error(result, "cardforge\u00a0: erreur\u00a0: ", said)
        assert not [w for w in english_words(result.err) if w not in VALUES], result.err
    (tmp_path / "cardforge.toml").write_text("langue = 'fr'\n", encoding="utf-8")
    broken = cli("render", "rows", "--lang", "fr", cwd=tmp_path)
    one_line_error(broken, "clé inconnue 'langue'\u202f; vouliez-vous dire 'lang'\u202f?")


def test_the_commands_own_lines_are_french_too(cli, tmp_path):
    """Not only refusals: what a command says it did ("wrote …", "next: …") is French under
    French settings, and the same English otherwise."""
    made = cli("new", "mydeck", env={"CARDFORGE_LANG": "fr"}, cwd=tmp_path)
    assert made.code == 0, made.err
    lines = made.out.splitlines()
    assert lines[0].endswith("fichiers écrits dans mydeck") and lines[1].startswith("ensuite\u00a0: cardforge validate")
    english = cli("new", "other", cwd=tmp_path)
    assert english.out.splitlines()[0].startswith("wrote ") and english.out.splitlines()[1].startswith("next: ")
    schema = cli("--lang", "fr", "schema", "--out", str(tmp_path / "deck.schema.json"))  # the root --lang
    assert schema.code == 0 and schema.out.startswith("écrit\u00a0: "), (schema.out, schema.err)
