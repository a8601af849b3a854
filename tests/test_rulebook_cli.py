"""``cardforge rulebook`` on the command line, A4 paper, and examples that guard their promise."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardforge.cards import Text
from cardforge.rulebook.examples import ExampleError


def test_cli_builds_one_book_on_a4(cli, tmp_path: Path):
    """``--paper a4`` gives an A4 book (210 × 297 mm) next to the A5 ones, written atomically
    (no temporary file left behind)."""
    from pypdf import PdfReader

    result = cli("rulebook", "numwin", "--lang", "en", "--kind", "player", "--paper", "a4", "--out", str(tmp_path))
    assert result.code == 0, result.err
    path = tmp_path / "rulebooks" / "numwin-en-a4.pdf"
    assert result.out.strip() == f"wrote {path}"
    box = PdfReader(path).pages[3].mediabox
    assert (round(float(box.width) / 72 * 25.4), round(float(box.height) / 72 * 25.4)) == (210, 297)
    assert [p.name for p in (tmp_path / "rulebooks").iterdir()] == ["numwin-en-a4.pdf"]


def test_cli_builds_the_three_books_of_a_game(cli, tmp_path: Path):
    """Without ``--kind``: the player's book, the quick reference and the comprehensive rules."""
    result = cli("rulebook", "rows", "--lang", "fr", "--out", str(tmp_path))
    assert result.code == 0, result.err
    names = sorted(p.name for p in (tmp_path / "rulebooks").iterdir())
    assert names == ["rows-comprehensive-fr.pdf", "rows-fr.pdf", "rows-reference-fr.pdf"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rulebook", "rowz"], "unknown game 'rowz': expected collection, sequence, tricks, rows, numwin or all; did you mean 'rows'?"),
        (["rulebook", "rows", "--lang", "de"], "unknown language 'de': expected fr, en or all"),
        (["rulebook", "rows", "--paper", "a3"], "unknown paper size 'a3': expected a5 or a4"),
        (["rulebook", "rows", "--kind", "judge"], "unknown book 'judge': expected player, reference, comprehensive or all"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(cli, args, message):
    result = cli(*args)
    assert result.code == 2
    assert result.err == f"cardforge: error: {message}\n"


def test_an_example_that_stops_showing_its_rule_fails_the_build():
    """If a rule change meant the 5th card no longer took the row, the book would not silently
    print a pointless example: building it fails, naming the example."""
    from cardforge.rulebook.examples import rows

    with pytest.raises(ExampleError, match="'rows-test' no longer shows a capture"):
        rows._example("rows-test", Text("t", "t"), ("ROWS-6.1",), Text("s", "s"), rows._table(B="B0 B3 B5 B8"),
                      rows._plays(Bruno="B9"), "a capture", lambda result: False)


def test_every_example_prints_a_referee_command_that_agrees():
    """The command printed under each example (``$ cardforge referee …``) runs, and the
    referee's JSON answer has the same facts the book states: book and referee never disagree."""
    import json
    import shlex

    from typer.testing import CliRunner

    from cardforge.cli import app
    from cardforge.deck import GAMES
    from cardforge.rulebook.examples import examples_for

    runner = CliRunner()
    for game in GAMES:
        for example in examples_for(game)[0]:
            args = shlex.split(example.command)
            assert args[:3] == ["cardforge", "referee", game], example.command
            result = runner.invoke(app, [*args[1:], "--json"])
            assert result.exit_code == 0, (example.command, result.output)
            answer = json.loads(result.output)
            shared = set(answer) & set(example.facts)
            assert shared, f"{example.id}: no fact to compare with the referee's answer"
            assert {k: answer[k] for k in shared} == {k: example.facts[k] for k in shared}, example.id
