"""Bad input anywhere on the command line: exit code 2 and exactly one line on stderr saying
what was wrong and what was expected, never a traceback.  One test per class of problem."""

from __future__ import annotations

import os
import stat

import pytest

from cardforge.atomic import atomic_write_text
from cardforge.errors import OutputError

HUGE = "9" * 25  # beyond any 64-bit integer


def one_line_error(result, *fragments: str) -> None:
    assert result.code == 2, (result.code, result.err)
    assert "Traceback" not in result.err
    assert len(result.err.splitlines()) == 1 and result.err.startswith("cardforge: error: "), result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def test_an_output_path_that_is_a_folder(cli, tmp_path):
    """`--out DIR` where a file is expected: os.replace failed with IsADirectoryError."""
    one_line_error(cli("schema", "--out", str(tmp_path)), "it is a folder", "expected a file name")


def test_atomic_write_into_a_folder_is_an_output_error(tmp_path):
    with pytest.raises(OutputError, match="it is a folder"):
        atomic_write_text(tmp_path, "x")
    assert [p.name for p in tmp_path.iterdir()] == []  # no temporary file left behind


def test_written_files_are_not_private(tmp_path):
    """mkstemp makes a 0600 file; an exported sheet must get the usual umask mode (0644 with
    umask 022), and a rewritten file keeps its own mode."""
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.csv", "a")
        assert stat.S_IMODE((tmp_path / "new.csv").stat().st_mode) == 0o644
        (tmp_path / "kept.csv").write_text("a")
        os.chmod(tmp_path / "kept.csv", 0o640)
        atomic_write_text(tmp_path / "kept.csv", "b")
        assert stat.S_IMODE((tmp_path / "kept.csv").stat().st_mode) == 0o640
    finally:
        os.umask(old)


@pytest.mark.parametrize("args", [("score", ""), ("score", " , "), ("round", "R1 G2", " ")])
def test_an_empty_combo_is_refused(cli, args):
    """`score ''` used to score an empty combo 0 points with exit 0."""
    one_line_error(cli("referee", "numwin", *args), "no combo given", "expected card codes")


def test_zero_start_cards_is_refused_not_read_as_one(cli, tmp_path):
    """`--start-cards 0` used to start a match dealing 1 card (0 was taken as 'not given')."""
    result = cli("table", "new", "tricks", "--players", "Ana,Ben,Chloé", "--start-cards", "0",
                 "--db", str(tmp_path / "t.db"))
    one_line_error(result, "start_cards must be 1 to", "not 0")


@pytest.mark.parametrize("args", [("resume", HUGE), ("show", "--match", HUGE), ("undo", "--match", "-" + HUGE)])
def test_a_match_id_beyond_64_bits_is_no_such_match(cli, tmp_path, args):
    """sqlite3 raised OverflowError on an ID it cannot store."""
    db = str(tmp_path / "t.db")
    assert cli("table", "new", "numwin", "--players", "Ana,Ben", "--db", db).code == 0
    one_line_error(cli("table", *args, "--db", db), "no match", "cardforge table list")


@pytest.mark.parametrize("args", [(), ("referee",), ("referee", "numwin")])
def test_a_command_group_alone_prints_help_and_one_error_line(cli, args):
    result = cli(*args)
    one_line_error(result, "needs a command", "--help")
    assert "Usage" in result.out


@pytest.mark.parametrize("args", [
    ("render", "numwin", "--out", ""),
    ("rulebook", "numwin", "--out", " "),
    ("build", "--out", ""),
    ("schema", "--out", ""),
    ("table", "list", "--db", ""),
])
def test_an_empty_path_is_refused_not_read_as_the_current_folder(cli, args):
    """`--out ''` became Path('.'): `build --out ''` wrote a whole build into the current folder."""
    one_line_error(cli(*args), "the path is empty", "expected a file or folder name")


@pytest.mark.parametrize("args", [("--players", "\udcff,Ben"), ("--players", "Ana,Ben", "--title", "caf\udce9")])
def test_non_utf8_names_are_refused_before_the_database(cli, tmp_path, args):
    """A Latin-1 terminal sends byte 0xFF: Python holds a lone surrogate, and SQLite raised
    UnicodeEncodeError while storing the match."""
    result = cli("table", "new", "numwin", *args, "--db", str(tmp_path / "t.db"))
    one_line_error(result, "is not UTF-8 text", "expected text typed in a UTF-8 terminal")


@pytest.mark.parametrize("game", ["rows", "tricks", "numwin"])
def test_a_huge_player_list_gives_a_short_line(cli, tmp_path, game):
    """3000 names used to be echoed back in full: a 20 kB 'line'."""
    names = ",".join(f"P{i}" for i in range(3000))
    result = cli("table", "new", game, "--players", names, "--db", str(tmp_path / "t.db"))
    one_line_error(result, "not 3000")
    assert len(result.err) < 300, result.err


@pytest.mark.parametrize("option,name", [("--db", "t.db"), ("--out", "sheet.csv")])
def test_a_file_where_a_folder_is_expected(cli, tmp_path, option, name):
    """`--db FILE/t.db` said only 'File exists'; now it names the file in the way."""
    (tmp_path / "notes").write_text("x")
    db = tmp_path / "t.db"
    assert cli("table", "new", "numwin", "--players", "Ana,Ben", "--db", str(db)).code == 0
    target = str(tmp_path / "notes" / "sub" / name)
    args = ("table", "list", "--db", target) if option == "--db" else ("table", "export", "--csv", "--out", target, "--db", str(db))
    one_line_error(cli(*args), f"{str(tmp_path / 'notes')!r} is a file, not a folder")


@pytest.mark.parametrize("args", [
    ("referee", "sequence", "check", "R3", "RB17", "--lang", "fr"),  # the fast path (a referee game alone)
    ("referee", "sequence", "check", "R3", "RB17", "--lang=fr"),
    ("render", "rows", "--lang", "fr", "--nope"),                      # the full typer application
])
def test_under_lang_fr_the_error_prefix_is_french(cli, args):
    result = cli(*args)
    assert result.code == 2 and len(result.err.splitlines()) == 1, result.err
    assert result.err.startswith("cardforge : erreur : "), result.err


def test_the_error_prefix_stays_english_otherwise_and_json_keeps_its_shape(cli):
    english = cli("referee", "sequence", "check", "R3", "RB17", "--lang", "de")
    assert english.err.startswith("cardforge: error: unknown language 'de'"), english.err
    french = cli("referee", "sequence", "check", "R3", "RB17", "--lang", "fr", "--json")
    assert french.err.startswith("cardforge : erreur : carte inconnue 'RB17'"), french.err
    assert french.json() == {"error": {"message": french.err.removeprefix("cardforge : erreur : ").rstrip("\n"),
                                       "kind": "CardCodeError", "token": "RB17", "suggestion": "RB16"}}


@pytest.mark.parametrize("args, french", [
    (("decks", "--bogus"), "cardforge : erreur : option inconnue : --bogus (voir « cardforge decks --help »)"),
    (("decks", "--jsn"), "option inconnue : --jsn (options possibles : --json)"),
    (("table", "new"), "argument manquant : 'GAME'"),
    (("nope",), "commande inconnue : 'nope'"),
    (("decks", "extra"), "argument(s) en trop : extra"),
    (("table", "new", "rows", "-p", "a,b", "--rounds", "1.5"), "valeur invalide pour '--rounds' : '1.5' n'est pas un nombre entier"),
])
def test_clicks_own_errors_are_french_under_lang_fr(cli, args, french):
    """Issue 24: click's errors stayed English inside « cardforge : erreur : »."""
    result = cli(*args, "--lang", "fr")
    assert result.code == 2 and result.err.count("\n") == 1 and french in result.err, result.err
    configured = cli(*args, env={"CARDFORGE_LANG": "fr"})
    assert configured.err == result.err
    assert cli(*args).err.startswith("cardforge: error: ") and "(see 'cardforge" in cli(*args).err
