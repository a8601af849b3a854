"""The docs' commands run as the docs show them (issue 24): every ``$ cardforge …`` line of a
fenced block in README.md and docs/*.md runs, in the document's order, in a fresh folder (the
bundled decks linked in as ``decks/``, an empty ``docs/``, its own database and home), and
exits as shown: 2 when the next line is a ``cardforge: error:`` line, 1 when it is a validate
finding, else 0.  ``$ export NAME=VALUE`` lines hold for the rest of the document.

It also prints what the document shows: the lines under a command (up to the next ``$`` line or
the fence's end; blank lines at the end left out) appear in what it prints (stdout, then stderr
when it exits non-zero), in order and one after another, trailing spaces aside.  A line that is
only ``…`` (or ``...``) stands for any run of lines; a line that ends with ``…`` shows the start
of a line, one that starts with ``…`` its end.  The shown lines may be a part of the output: a
document need not show every line.

Only the commands of ``SKIP`` are not run, each for the reason given.  What the others print does
not vary from run to run (the games are seeded, the paths relative to the folder), so nothing is
normalised: the outputs that hold times or absolute paths are those of skipped commands.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GENERATED = {"cli.md", "rulings.md"}  # --help and the rule catalogue: checked by their own tests

#: fragment of a command → why it is not run here
SKIP = {
    "cardforge serve": "a server: tests/test_web_server.py runs it",
    "cardforge watch": "watches until Ctrl-C: tests/test_build.py runs it",
    "cardforge build": "a whole build: tests/test_build.py and make build run it",
    "--games 2000": "thousands of games: tests/test_simulate.py plays fewer",
    "rulebook all": "every book of every game: tests/test_rulebook_books.py builds them",
    "--profile": "a whole deck's print-on-demand files: tests/test_render_outputs.py",
    "disk is full": "a situation the doc describes, not reproduced here: tests/test_table_failures.py",
    "shared.sqlite3": "a read-only database the doc describes: tests/test_table_failures.py",
    "broken.sqlite3": "a damaged database the doc describes: tests/test_table_failures.py",
    "contacts.db": "another program's database the doc describes: tests/test_table_failures.py",
    "edited by hand": "a hand-edited log the doc describes: tests/test_table_failures.py",
    "mistakes on its rows": "a broken card table the doc describes: tests/test_scaffold_table.py",
}

_ERROR = re.compile(r"^cardforge[ \u00a0]?: (error|erreur)[ \u00a0]?:")
_FINDING = re.compile(r"^\S+:\d+:\d+: error: ")
_ELLIPSES = ("…", "...")


class Step(NamedTuple):
    """One ``$ …`` line of a fenced block: the command, the exit code shown (``None`` for an
    export), the lines shown under it, and its line number in the document."""

    command: str
    code: int | None
    shown: tuple[str, ...]
    line: int


def _steps(doc: Path) -> list[Step]:
    """The ``$ …`` lines of the fenced blocks of ``doc``, in order, each with the lines under it
    (up to the next ``$`` line or the fence's end, trailing spaces and blank lines at the end cut)."""
    found: list[tuple[str, int, list[str]]] = []
    fenced = open_step = False
    for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            fenced, open_step = not fenced, False
        elif fenced and line.startswith("$ "):
            found.append((line[2:], number, []))
            open_step = True
        elif open_step:
            found[-1][2].append(line.rstrip())
    steps = []
    for command, number, shown in found:
        while shown and not shown[-1]:
            shown.pop()
        after = shown[0] if shown else ""
        code = None if command.startswith("export ") else \
            2 if _ERROR.match(after) else 1 if _FINDING.match(after) else 0
        steps.append(Step(command, code, tuple(shown), number))
    return steps


def _matches(shown: str, printed: str) -> bool:
    """Whether the printed line is the shown one: the same, or its start (``start…``) or its end
    (``…end``)."""
    printed = printed.rstrip()
    if shown.endswith("…"):
        return printed.startswith(shown[:-1].rstrip())
    if shown.lstrip().startswith("…"):
        return printed.endswith(shown.lstrip()[1:].lstrip())
    return printed == shown


def _missing(shown: tuple[str, ...], printed: list[str]) -> str | None:
    """The first shown line not found where it should be in ``printed``, else None: the shown
    lines between two ellipsis lines follow one another in the printed lines, each such run after
    the run before it."""
    runs: list[list[str]] = [[]]
    for line in shown:
        if line.strip() in _ELLIPSES:
            runs.append([])
        else:
            runs[-1].append(line)
    at = 0
    for run in filter(None, runs):
        found = next((i for i in range(at, len(printed) - len(run) + 1)
                      if all(_matches(s, p) for s, p in zip(run, printed[i:i + len(run)]))), None)
        if found is None:
            return _longest_prefix_miss(run, printed[at:])
        at = found + len(run)
    return None


def _longest_prefix_miss(run: list[str], printed: list[str]) -> str:
    """The line of ``run`` that fails after the longest start of it found in ``printed``."""
    best = 0
    for i in range(len(printed)):
        n = 0
        while n < len(run) and i + n < len(printed) and _matches(run[n], printed[i + n]):
            n += 1
        best = max(best, n)
    return run[min(best, len(run) - 1)]


def _skipped(command: str) -> bool:
    return any(fragment in command for fragment in SKIP)


def _documents() -> list[Path]:
    """The documents with a command to run (all of render.md's and simulate.md's are in SKIP)."""
    return [d for d in DOCS if d.name not in GENERATED
            and any(step.code is not None and not _skipped(step.command) for step in _steps(d))]


@pytest.mark.parametrize("doc", _documents(), ids=lambda d: d.name)
def test_the_commands_of_a_document_exit_and_print_as_it_shows(doc, tmp_path):
    folder = tmp_path / "work"
    folder.mkdir()
    (folder / "decks").symlink_to(ROOT / "decks")
    (folder / "docs").mkdir()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "cardforge"
    wrapper.write_text(f'#!/bin/sh\nexec {shlex.quote(sys.executable)} -m cardforge "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
           "HOME": str(tmp_path / "home"), "CARDFORGE_DB": str(tmp_path / "table.sqlite3"), "COLUMNS": "200",  # the docs show a wide terminal's lines, none wrapped
           "CARDFORGE_CONFIG": str(tmp_path / "home" / "cardforge.toml")}  # config set writes there
    exports: list[str] = []
    ran = 0
    for step in _steps(doc):
        if step.code is None:
            exports.append(step.command)
            continue
        if _skipped(step.command):
            continue
        script = "\n".join([*exports, step.command])  # an export's comment ends at its line
        result = subprocess.run(["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True,
                                timeout=600)
        where = f"{doc.name}:{step.line}: $ {step.command}"
        assert "Traceback" not in result.stderr, (where, result.stderr)
        assert result.returncode == step.code, f"{where}\nexit {result.returncode}, shown {step.code}\n" \
                                               f"{result.stdout[-800:]}{result.stderr[-800:]}"
        printed = result.stdout + (result.stderr if result.returncode else "")
        if step.shown:
            missing = _missing(step.shown, printed.splitlines())
            assert missing is None, f"{where}\nshown but not printed: {missing!r}\nprinted:\n{printed}"
        ran += 1
    assert ran, f"no command of {doc.name} ran"


def test_the_skip_list_stays_small_and_every_entry_is_used():
    commands = [step.command for d in DOCS if d.name not in GENERATED for step in _steps(d) if step.code is not None]
    assert len(SKIP) <= 12
    unused = [fragment for fragment in SKIP if not any(fragment in c for c in commands)]
    assert not unused, f"SKIP entries no document needs any more: {unused}"
    skipped = sum(1 for c in commands if _skipped(c))
    assert skipped <= len(commands) // 3, (skipped, len(commands))


def test_a_shown_output_matches_line_by_line_with_ellipses():
    printed = ["title", "  1. first", "  2. second", "  3. third", "→ verdict"]
    assert _missing(("  1. first", "  2. second"), printed) is None
    assert _missing(("title", "…", "  3. third", "→ verdict"), printed) is None
    assert _missing(("title", "...", "→ ver…"), printed) is None
    assert _missing(("…  2. second", "  3. th…"), printed) is None
    assert _missing(("title", "  2. second"), printed) == "  2. second"  # not one after the other
    assert _missing(("  3. third", "…", "title"), printed) == "title"  # not in order
    assert _missing(("→ verdict!",), printed) == "→ verdict!"
