"""User text is text, not markup: titles, player names, typed entries and deck texts print as
typed, and a display that fails after a write says the write happened."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_markup_in_a_title_and_names_prints_as_typed(cli, tmp_path):
    """A match titled `[/]` was recorded, then the display crashed (MarkupError): the user retyped
    the round and recorded it twice.  `[red]Ana` was shown in red as `Ana`."""
    db = str(tmp_path / "t.db")
    assert cli("table", "new", "rows", "--players", "[red]Ana,[bold]Ben", "--title", "[/]", "--db", db).code == 0
    for args in (("round", "[red]Ana=R5", "[bold]Ben=G4"), ("show",), ("list",), ("undo",), ("resume", "1")):
        result = cli("table", *args, "--db", db)
        assert result.code == 0 and "Traceback" not in result.err, (args, result.err)
        assert "[red]Ana" in result.out, (args, result.out)
        if args[0] != "list":
            assert "[/]" in result.out and "[bold]Ben" in result.out, (args, result.out)


def test_deck_texts_with_markup_print_as_written(cli, tmp_path):
    decks = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", decks)
    source = (decks / "sequence.yaml").read_text(encoding="utf-8")
    edited = source.replace("en: Forces a player to draw 1 more card.", "en: '[/] draws [red]1[/red] more card.'")
    assert edited != source
    (decks / "sequence.yaml").write_text(edited, encoding="utf-8")
    result = cli("deck", "show", "sequence", env={"CARDFORGE_DECKS": str(decks), "CARDFORGE_NO_CACHE": "1"})
    assert result.code == 0, result.err
    assert "[/] draws [red]1[/red] more card." in result.out


def test_a_display_failing_after_a_write_says_it_was_saved(tmp_path, monkeypatch, capsys):
    from cardforge.cli import main
    from cardforge.table import display

    db = str(tmp_path / "t.db")
    with pytest.raises(SystemExit) as done:
        main(["table", "new", "rows", "--players", "Ana,Ben", "--db", db])
    assert done.value.code == 0

    def broken(standings):
        raise RuntimeError("terminal gone")

    monkeypatch.setattr(display, "standings_table", broken)
    with pytest.raises(SystemExit) as done:
        main(["table", "round", "Ana=R5", "Ben=G4", "--db", db])
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert err.count("\n") == 1 and "recorded round 1 (saved" in err and "do not enter it again" in err
    monkeypatch.undo()
    with pytest.raises(SystemExit):
        main(["table", "show", "--json", "--db", db])
    assert '"typed": ["Ana=R5", "Ben=G4"]' in capsys.readouterr().out  # recorded once
