"""The docs' commands run as the docs show them (issue 24): every ``$ cardforge …`` line of a
fenced block in README.md and docs/*.md runs, in the document's order, in a fresh folder (the
bundled decks linked in as ``decks/``, an empty ``docs/``, its own database and home), and
exits as shown: 2 when the next line is a ``cardforge: error:`` line, 1 when it is a validate
finding, else 0.  ``$ export NAME=VALUE`` lines hold for the rest of the document.

Only the commands of ``SKIP`` are not run, each for the reason given.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

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


def _steps(doc: Path) -> list[tuple[str, int | None]]:
    """``(command line, exit code shown)`` of each ``$ …`` line in the fenced blocks of ``doc``
    (``None`` for an export)."""
    steps: list[tuple[str, int | None]] = []
    fenced = False
    lines = doc.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if not fenced or not line.startswith("$ "):
            continue
        command = line[2:]
        if command.startswith("export "):
            steps.append((command, None))
            continue
        after = lines[i + 1] if i + 1 < len(lines) else ""
        code = 2 if _ERROR.match(after) else 1 if _FINDING.match(after) else 0
        steps.append((command, code))
    return steps


def _skipped(command: str) -> bool:
    return any(fragment in command for fragment in SKIP)


def _documents() -> list[Path]:
    """The documents with a command to run (all of render.md's and simulate.md's are in SKIP)."""
    return [d for d in DOCS if d.name not in GENERATED
            and any(code is not None and not _skipped(c) for c, code in _steps(d))]


@pytest.mark.parametrize("doc", _documents(), ids=lambda d: d.name)
def test_the_commands_of_a_document_exit_as_it_shows(doc, tmp_path):
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
           "HOME": str(tmp_path / "home"), "CARDFORGE_DB": str(tmp_path / "table.sqlite3"), "COLUMNS": "100",
           "CARDFORGE_CONFIG": str(tmp_path / "home" / "cardforge.toml")}  # config set writes there
    exports: list[str] = []
    ran = 0
    for command, shown in _steps(doc):
        if shown is None:
            exports.append(command)
            continue
        if _skipped(command):
            continue
        script = "\n".join([*exports, command])  # an export's comment ends at its line
        result = subprocess.run(["bash", "-c", script], cwd=folder, env=env, capture_output=True, text=True,
                                timeout=600)
        assert "Traceback" not in result.stderr, (command, result.stderr)
        assert result.returncode == shown, f"{doc.name}: $ {command}\nexit {result.returncode}, shown {shown}\n" \
                                           f"{result.stdout[-800:]}{result.stderr[-800:]}"
        ran += 1
    assert ran, f"no command of {doc.name} ran"


def test_the_skip_list_stays_small_and_every_entry_is_used():
    commands = [c for d in DOCS if d.name not in GENERATED for c, code in _steps(d) if code is not None]
    assert len(SKIP) <= 12
    unused = [fragment for fragment in SKIP if not any(fragment in c for c in commands)]
    assert not unused, f"SKIP entries no document needs any more: {unused}"
    skipped = sum(1 for c in commands if _skipped(c))
    assert skipped <= len(commands) // 3, (skipped, len(commands))
