"""Every command's ``--help``, walked from typer's click tree (``cardforge.cli.reference``):
placeholders a user can read, one meaning per short option, nothing said twice, nothing that
points into files a wheel does not ship (issue 24)."""

from __future__ import annotations

import re

import pytest

from cardforge.cli.reference import PAGE_ENV, command_paths, help_text


def _walk(**env: str) -> dict[tuple[str, ...], str]:
    """Every command's help, in the page's environment with ``env`` on top."""
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {**PAGE_ENV, **env}.items():
            patch.setenv(name, value)
        return {path: help_text(path) for path in command_paths()}


@pytest.fixture(scope="module")
def helps() -> dict[tuple[str, ...], str]:
    return _walk()


def test_every_command_is_walked(helps):
    assert ("build",) in helps and ("referee", "rows", "score") in helps and ("table", "export") in helps
    assert ("house",) in helps


@pytest.mark.parametrize("leak", ["<nonempty_path>", "<int range>", "<str>", "<int>", "<float>", "<path>", "[x>=", "sequence sequence", "docs/rulings.md"])
def test_no_placeholder_leak_nor_stutter(helps, leak):
    where = [" ".join(p) for p, h in helps.items() if leak in h]
    assert not where, f"{leak!r} in the help of {where}"


def test_an_environment_variable_is_named_once_per_option(helps):
    for path, text in helps.items():
        for option in re.split(r"│\s+(?=--)", text):  # one option's lines, wrapped or not
            for name in set(re.findall(r"CARDFORGE_[A-Z_]+", option)):
                assert option.count(name) == 1, f"{' '.join(path)}: {option.strip()}"


def test_short_options_mean_one_thing_everywhere(helps):
    """``-q`` printed nothing but errors on build, "no progress bar" on simulate; ``-p`` was
    --profile on render and --players elsewhere."""
    longs: dict[str, set[str]] = {}
    quiet: set[str] = set()
    for text in helps.values():
        for match in re.finditer(r"│\s+(--[a-z-]+)\s+(-[a-zA-Z])\s+(?:[A-Z=|.]+\s+)?(.+?)\s+│", text):
            longs.setdefault(match.group(2), set()).add(match.group(1))
            if match.group(2) == "-q":
                quiet.add(match.group(3))
    assert all(len(names) == 1 for names in longs.values()), longs
    assert longs["-h"] == {"--help"} and longs["-V"] == {"--version"} and longs["-v"] == {"--verbose"}
    assert quiet == {"Print nothing but errors."}, quiet


def test_h_is_help_everywhere_and_v_says_the_settings(cli):
    assert cli("-h").out == cli("--help").out
    assert "Usage: cardforge referee rows score" in cli("referee", "rows", "score", "-h").out  # run alone
    assert cli("-V").out == cli("--version").out
    verbose = cli("-v", "decks", "--json")
    assert verbose.code == 0 and verbose.err.startswith("cardforge: settings: lang=en (default)")


def test_house_help_names_the_command_that_lists_the_switches(helps, cli):
    assert "'cardforge house' lists" in helps[("referee", "rows", "play")]
    listed = cli("house", "rows", "--json")
    assert listed.code == 0, listed.err
    keys = [s["key"] for s in listed.json()["house_rules"]["rows"]]
    assert "row_tie" in keys and listed.json()["house_rules"]["rows"][1]["ruling"] == "ROWS-R2"
    unknown = cli("house", "chess")
    assert unknown.code == 2 and unknown.err.count("\n") == 1 and "unknown game 'chess'" in unknown.err


#: Sentences of the English help that must never show in the French help (the command list and
#: the options every command shares).
ENGLISH = ["List the decks", "Print exactly one JSON object.", "Language of the output", "House rule switch",
           "Score-sheet database", "Keep a match's score sheet", "Settle rulings at the table",
           "Record one round", "Start a match", "Print nothing but errors.", "Show the version and exit."]


@pytest.fixture(scope="module")
def french_helps() -> dict[tuple[str, ...], str]:
    return _walk(CARDFORGE_LANG="fr")


def test_help_speaks_french_when_the_language_is_french(french_helps):
    """Issue 24: ``--help`` was English only.  The command lists and the shared options are
    French; the rest is measured (a paragraph missing from ``fr.HELP`` stays English)."""
    for path, text in french_helps.items():
        for sentence in ENGLISH:
            assert sentence not in text, f"{' '.join(path)}: {sentence!r}"
    assert "Liste les paquets" in french_helps[()] and "Exemple : cardforge house rows" in french_helps[("house",)]


def test_the_usage_line_is_french_on_a_french_help_page(french_helps, helps, cli):
    """Issue 24: typer printed « Usage: » on a French page.  Every command's class is
    ``options.HelpCommand``/``HelpGroup``, whose ``format_usage`` writes click's
    ``write_usage(prefix=…)`` in the page's language; English pages keep click's own words."""
    wrong = [" ".join(path) for path, text in french_helps.items()
             if "Usage:" in text or "Utilisation\u00a0: cardforge" not in text]
    assert not wrong, f"French help pages without « Utilisation : »: {wrong[:5]}"
    assert all("Usage: cardforge" in text for text in helps.values())
    ruling = cli("referee", "rows", "play", "-h", env={"COLUMNS": "100", "CARDFORGE_LANG": "fr"})  # the fast path
    assert ruling.code == 0 and "Utilisation\u00a0: cardforge referee rows play" in ruling.out, ruling.out


def test_french_help_coverage_is_measured():
    """The share of help paragraphs (commands and options) ``fr.HELP`` translates."""
    import typer

    from cardforge.cli.application import app
    from cardforge.i18n import fr

    texts: list[str] = []

    def walk(command, name):
        texts.extend(" ".join(p.split()) for p in (command.help or "").split("\n\n") if not p.startswith("Example:"))
        texts.extend(" ".join(p.help.split()) for p in command.params if getattr(p, "help", None))
        if hasattr(command, "list_commands"):
            ctx = command.context_class(command, info_name=name)
            for sub in command.list_commands(ctx):
                walk(command.get_command(ctx, sub), sub)

    walk(typer.main.get_command(app), "cardforge")
    covered = sum(1 for t in texts if t in fr.HELP) / len(texts)
    print(f"French help coverage: {covered:.0%} of {len(texts)} paragraphs")
    missing = sorted({t for t in texts if t not in fr.HELP})
    assert not missing, f"help paragraphs with no French text in fr.HELP: {missing[:5]}"


def test_the_cli_reference_page_is_up_to_date():
    """docs/cli.md is every command's --help (``python -m cardforge.cli.reference`` writes it)."""
    from pathlib import Path

    from cardforge.cli.reference import reference_page

    with pytest.MonkeyPatch.context() as patch:
        for name, value in PAGE_ENV.items():
            patch.setenv(name, value)
        page = reference_page()
    written = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    assert written == page, "docs/cli.md is out of date: run python -m cardforge.cli.reference"


def test_typer_s_own_help_words_speak_french(cli):
    """Issue 24 (French all the way): the panel titles and marks typer prints itself stayed
    English in a French help page (« Commands », « [required] », « Show this message and exit. »)."""
    group = cli("--lang", "fr", "table", "-h", env={"COLUMNS": "100"})
    assert group.code == 0 and "Commandes" in group.out and "Commands" not in group.out
    page = cli("table", "new", "-h", env={"COLUMNS": "100", "CARDFORGE_LANG": "fr"})
    assert "[obligatoire]" in page.out and "[required]" not in page.out
    assert "Affiche cette aide et quitte." in page.out and "Show this message" not in page.out
    assert "[variable d'environnement\u00a0: CARDFORGE_TABLE_DB]" in " ".join(page.out.split("│"))
    english = cli("table", "new", "-h", env={"COLUMNS": "100", "CARDFORGE_LANG": "en"})
    assert "[required]" in english.out and "Show this message and exit." in english.out


def test_lang_before_the_command_translates_that_command_s_help(cli):
    """``cardforge --lang fr table new -h`` showed the English page: the value ``fr`` was taken
    for a command name."""
    page = cli("--lang", "fr", "table", "new", "-h", env={"COLUMNS": "100"})
    assert "Commence une partie" in page.out and "Start a match" not in page.out


def test_the_compiled_library_texts_are_up_to_date():
    """``cardforge/i18n/locale/*/messages.mo`` is what ``LIBRARY`` in each catalogue compiles to
    (``python -m cardforge.i18n.library_texts`` writes it)."""
    import gettext

    from cardforge.i18n import fr
    from cardforge.i18n.library_texts import LOCALE, main

    assert main(["--check"]) == 0
    compiled = gettext.translation("messages", str(LOCALE), languages=["fr"])
    assert all(compiled.gettext(english) == french for english, french in fr.LIBRARY.items())


def _command(path: tuple[str, ...]):
    """The click command ``cardforge PATH…`` runs."""
    import typer

    from cardforge.cli.application import app

    command = typer.main.get_command(app)
    for word in path:
        command = command.get_command(command.context_class(command, info_name=word), word)
    return command


#: Every command a user runs (the groups only list theirs).
LEAVES = [path for path in command_paths() if not hasattr(_command(path), "list_commands")]


def _example(path: tuple[str, ...]) -> str:
    """The command line of the ``Example:`` paragraph of ``cardforge PATH…``'s help."""
    examples = [" ".join(p.split())[len("Example: "):] for p in (_command(path).help or "").split("\n\n")
                if p.lstrip().startswith("Example: ")]
    assert len(examples) == 1, f"{' '.join(path)}: {len(examples)} examples"
    return examples[0]


def test_every_command_s_help_shows_one_example_of_itself(helps, french_helps):
    """Issue 24: help with one example per command, in English and in French (``help.example``
    keeps the command), each a command line of that very command."""
    import shlex

    assert len(LEAVES) > 40 and ("referee", "numwin", "undo") in LEAVES and ("deck", "show") in LEAVES
    for path in LEAVES:
        name = " ".join(path)
        assert helps[path].count("Example: cardforge ") == 1, f"{name}:\n{helps[path]}"
        assert french_helps[path].count("Exemple\u00a0: cardforge ") == 1, f"{name}:\n{french_helps[path]}"
        assert "Example:" not in french_helps[path], name
        words = shlex.split(_example(path))
        assert words[0] == "cardforge" and tuple(words[1:1 + len(path)]) == path, (name, _example(path))
        assert len(f" Example: {_example(path)}") <= 100, f"{name}: the example wraps at the page's width"


#: Examples that continue another command's example (a match started, a deck folder made): they
#: run after it, in the same folder.
CONTINUES = {
    ("validate",): ("new",),
    ("referee", "tricks", "undo"): ("referee", "tricks", "play"),
    ("referee", "rows", "undo"): ("referee", "rows", "play"),
    ("referee", "numwin", "undo"): ("referee", "numwin", "play"),
    ("table", "round"): ("table", "new"),
    ("table", "show"): ("table", "round"),
    ("table", "undo"): ("table", "round"),
    ("table", "list"): ("table", "new"),
    ("table", "resume"): ("table", "new"),
    ("table", "export"): ("table", "round"),
}

#: Examples that do not end by themselves → why they are not run here.
NOT_RUN = {
    ("serve",): "a server until Ctrl-C: tests/test_web_server.py runs it",
    ("watch",): "watches until Ctrl-C: tests/test_watch.py runs it",
}


#: Examples that write a whole deck's outputs (seconds each).
WHOLE_OUTPUTS = {("build",), ("rulebook",)}


@pytest.mark.parametrize("path", [pytest.param(p, marks=[pytest.mark.slow] if p in WHOLE_OUTPUTS else [])
                                  for p in LEAVES], ids=" ".join)
def test_every_help_example_runs(path, cli, tmp_path):
    """Each help's example, run as typed (after the example it continues) in an empty folder with
    its own home, config and score-sheet database, exits 0 with no traceback."""
    import shlex

    if path in NOT_RUN:
        pytest.skip(NOT_RUN[path])
    chain = [path]
    while chain[0] in CONTINUES:
        chain.insert(0, CONTINUES[chain[0]])
    env = {"HOME": str(tmp_path / "home"), "CARDFORGE_CONFIG": str(tmp_path / "home" / "cardforge.toml"),
           "CARDFORGE_TABLE_DB": str(tmp_path / "table.sqlite3"), "COLUMNS": "100"}
    for step in chain:
        line = _example(step)
        result = cli(*shlex.split(line)[1:], input="", env=env, cwd=tmp_path)  # play reads its moves from stdin
        assert "Traceback" not in result.err, (line, result.err)
        assert result.code == 0, f"$ {line}\nexit {result.code}\n{result.out[-800:]}{result.err[-800:]}"
