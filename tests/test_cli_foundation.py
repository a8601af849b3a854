"""The foundation CLI: decks, deck show, box, schema, --version, errors (issue 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_decks_lists_all_five_with_totals(cli):
    result = cli("decks", "--json")
    assert result.code == 0, result.err
    totals = {d["game"]: d["cards"] for d in result.json()["decks"]}
    assert totals == {"collection": 114, "sequence": 122, "tricks": 36, "rows": 102, "numwin": 110}


def test_decks_table_is_readable(cli):
    result = cli("decks")
    assert result.code == 0 and "rows" in result.out and "102" in result.out


def test_deck_show_counts_for_players_and_mode(cli):
    data = cli("deck", "show", "tricks", "--players", "7", "--json").json()
    assert data["total"] == 52
    data = cli("deck", "show", "sequence", "--mode", "discovery", "--json", "--lang", "fr").json()
    assert data["total"] == 102 and data["title"] == "Num Séquence"


def test_deck_show_errors_are_one_line_exit_2(cli):
    for args, fragment in [
        (("deck", "show", "rowz"), "unknown game 'rowz'"),
        (("deck", "show", "rows", "--mode", "turbo"), "unknown mode 'turbo'"),
        (("deck", "show", "tricks", "--players", "2"), "3–10 players"),
        (("deck", "show", "rows", "--lang", "de"), "unknown language 'de'"),
    ]:
        result = cli(*args)
        assert result.code == 2, args
        assert fragment in result.err and "Traceback" not in result.err


def test_box_json(cli):
    data = cli("box", "rows", "tricks", "--json").json()
    assert data["total"] == 122 and data["games"] == ["rows", "tricks"]
    assert cli("box", "chess").code == 2


def test_schema_matches_committed_copy(cli):
    result = cli("schema")
    assert result.code == 0
    committed = json.loads((ROOT / "docs" / "deck.schema.json").read_text(encoding="utf-8"))
    assert json.loads(result.out) == committed, "run: python -m cardforge schema --out docs/deck.schema.json"


def test_rulings_doc_is_generated_from_the_catalogue():
    from cardforge.rules.markdown import rulings_markdown

    committed = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert committed == rulings_markdown(), "run: python -m cardforge.rules > docs/rulings.md"


def test_version_and_help(cli):
    assert cli("--version").out.strip().startswith("cardforge ")
    help_text = cli("--help").out
    for command in ("decks", "deck", "box", "validate", "schema", "referee", "build"):
        assert command in help_text


def test_help_does_not_import_heavy_libraries():
    code = (
        "import sys; sys.argv=['cardforge','--help']\n"
        "try:\n    import cardforge.cli as c; c.main()\nexcept SystemExit: pass\n"
        "heavy=[m for m in ('reportlab','PIL','pydantic','ruamel','jinja2') if m in sys.modules]\n"
        "print('HEAVY:' + ','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip().splitlines()[-1] == "HEAVY:", f"heavy modules imported by --help: {out}"


def test_unknown_command_is_a_usage_error(cli):
    result = cli("frobnicate")
    assert result.code == 2


def test_command_line_usage_errors_are_one_line(cli):
    for args, fragment in [
        (("decks", "--bogus"), "No such option: --bogus"),
        (("deck", "show", "rows", "--players", "x"), "'x' is not a valid int"),
        (("deck", "show"), "Missing argument"),
    ]:
        result = cli(*args)
        assert result.code == 2, args
        assert result.err.startswith("cardforge: error: ") and fragment in result.err
        assert len(result.err.strip().splitlines()) == 1, result.err


def test_output_into_a_closed_pipe_is_quiet():
    """`cardforge … | head` must not end in a traceback when head leaves early."""
    proc = subprocess.run(
        f"{sys.executable} -m cardforge deck show sequence | head -1",
        shell=True, capture_output=True, text=True, cwd=ROOT,
    )
    assert "Traceback" not in proc.stderr and "Error" not in proc.stderr, proc.stderr


@pytest.mark.parametrize("command", ["deck show sequence", "--help", "rulebook --help", "referee rows --help"])
def test_a_reader_leaving_early_is_success(command):
    """`cardforge … | head -c 10` under ``set -o pipefail``: the reader had what it wanted, so the
    command succeeds quietly (click alone would exit 1 after a help page into a closed pipe)."""
    proc = subprocess.run(["bash", "-c", f"set -o pipefail; {sys.executable} -m cardforge {command} | head -c 10"],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "COLUMNS": "100"})
    assert proc.returncode == 0 and proc.stderr == "", (proc.returncode, proc.stderr)


@pytest.mark.parametrize("game", ["rows", "tricks", "sequence", "collection", "numwin"])
def test_a_referee_game_help_offers_no_shell_completion_options(game):
    """Shell completion is installed from ``cardforge --install-completion``; a game's referee help
    (run on its own by the start-up fast path) lists only that game's commands."""
    out = subprocess.run([sys.executable, "-m", "cardforge", "referee", game, "--help"],
                         capture_output=True, text=True, env={**os.environ, "COLUMNS": "100"})
    assert out.returncode == 0 and "Commands" in out.stdout, out.stderr
    assert "completion" not in out.stdout
