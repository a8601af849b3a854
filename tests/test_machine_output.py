"""Machine-readable and pipe-friendly: ``--json`` errors on stdout, ``--json`` on the commands
that write files, no wrapping into a pipe, Ctrl-C in one line, ``CARDFORGE_DECKS`` checked,
the deck cache pruned."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import one_line_error

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_columns(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)


def _error_json(result) -> dict:
    """The one ``{"error": {...}}`` object a failed ``--json`` command prints on stdout."""
    one_line_error(result)
    lines = result.out.splitlines()
    assert len(lines) == 1, result.out
    data = json.loads(lines[0])
    assert data["error"]["message"] in result.err
    return data["error"]


def test_json_errors_are_one_object_on_stdout(cli, tmp_path):
    """With --json an error printed nothing on stdout: a script saw empty output."""
    error = _error_json(cli("referee", "tricks", "trick", "RB17", "SH3", "--json"))
    assert error["token"] == "RB17" and error["suggestion"] == "RB16"
    assert _error_json(cli("render", "rowz", "--json"))["kind"] == "UsageError"
    assert "No such option" in _error_json(cli("decks", "--json", "--bogus"))["message"]
    db = str(tmp_path / "t.db")
    assert "no match" in _error_json(cli("table", "show", "--json", "--db", db))["message"]


def test_validate_json_locates_the_problem(cli, tmp_path):
    bad = tmp_path / "rows.yaml"
    bad.write_text("kind: game\nid: rows\ntitle: [unclosed\n", encoding="utf-8")
    result = cli("validate", str(ROOT / "decks" / "rows.yaml"), str(bad), "--json")
    assert result.code == 1 and result.err == ""
    data = json.loads(result.out)
    first = data["findings"][0]
    assert data["ok"] is False and first["file"] == str(bad) and first["line"] >= 3 and first["severity"] == "error"
    assert [f["ok"] for f in data["files"]] == [True, False]
    good = cli("validate", str(ROOT / "decks" / "rows.yaml"), "--json")
    assert good.code == 0 and json.loads(good.out)["ok"] is True


def test_render_and_rulebook_json_say_what_was_written(cli, tmp_path):
    page = cli("render", "--calibrate", "--out", str(tmp_path), "--json")
    assert page.code == 0, page.err
    written = json.loads(page.out)["written"]
    assert len(written) == 1 and Path(written[0]).is_file()
    book = cli("rulebook", "rows", "--lang", "fr", "--out", str(tmp_path), "--json")
    assert book.code == 0, book.err
    assert [Path(p).name for p in json.loads(book.out)["written"]] == \
        ["rows-fr.pdf", "rows-reference-fr.pdf", "rows-comprehensive-fr.pdf"]  # the three books


def test_build_json_lists_the_files(tmp_path, monkeypatch, capsys):
    from cardforge import scheduler as build
    from cardforge.cli import main

    full_plan = build.plan
    monkeypatch.setattr(build, "plan", lambda out, **kw: [t for t in full_plan(out, **kw) if t.name == "reference"])
    with pytest.raises(SystemExit) as done:
        main(["build", "--out", str(tmp_path), "--json"])
    assert done.value.code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["groups"] == {"reference": 3} and all(Path(p).is_file() for p in data["written"])


def test_a_pipe_gets_unwrapped_untruncated_lines(cli):
    """Into a pipe rich wrapped at 80 columns: rule IDs on their own line, names cut with '…'."""
    ruling = cli("referee", "rows", "play", "--row", "R=R0,R5,R9,R11", "p1=R7", "p2=SH3", "p3=RB9")
    assert ruling.code == 0
    lines = ruling.out.splitlines()
    # the question, 7 steps, the result: a one-off ruling (--row, nothing kept) shows no board since
    # the live model (a kept match's board is its own: README's tour, test_live.py)
    assert len(lines) == 9, lines
    assert lines[0].startswith("Reveal p1=R7 p2=SH3 p3=RB9 on rows ") and lines[-1] == "→ p1 takes R0 R5 R9 R11 (+25)"
    assert all(line == line.rstrip() for line in lines)
    assert any(line.startswith("  3. ") and line.endswith("[ROWS-R2 · Two rows equally close]") for line in lines)
    decks = cli("decks")
    assert "classic, discovery" in decks.out and "…" not in decks.out


def test_columns_still_sets_a_width(cli):
    result = cli("referee", "rows", "play", "--row", "R=R0,R5,R9,R11", "p1=R7", "p2=SH3", "p3=RB9",
                 env={"COLUMNS": "60"})
    assert max(len(line) for line in result.out.splitlines()) <= 60


def _rasterised(cache: Path) -> set[str]:
    """The faces the face cache holds a picture of (``<digest><variant>.png``)."""
    return {re.match(r"[0-9a-f]+", p.name).group() for p in cache.glob("*.png")}


def test_ctrl_c_during_png_workers_is_one_line(tmp_path):
    """Ctrl-C while the PNG workers run printed a worker's 20-line KeyboardInterrupt traceback;
    queued batches are dropped: after the signal only the batches already running finish."""
    from tests.render_support import png_render_under_way

    out = tmp_path / "cards"
    proc = png_render_under_way(out)
    assert proc.poll() is None, "the render ended before it could be interrupted"
    before = _rasterised(out / ".faces")
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole process group
    _, err = proc.communicate(timeout=60)  # a hang only reaches that
    assert err == "cardforge: interrupted\n" and proc.returncode == 130
    # batches of 8 faces (render/raster.py): one running on each worker, and the workers + 1 the
    # process pool has already handed to its call queue, which no cancel reaches
    handed_out = 2 * (os.cpu_count() or 1) + 1
    assert len(_rasterised(out / ".faces") - before) <= handed_out * 8  # of the deck's 103 faces
    assert not [p for p in out.rglob("*.part")]


def test_ctrl_c_in_process_is_one_line(monkeypatch, capsys):
    from cardforge.cli import main
    from cardforge.cli import decks as deck_cli

    def interrupted(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(5)

    monkeypatch.setattr(deck_cli, "_print_json", interrupted)
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(SystemExit) as done:
        main(["decks", "--json"])
    assert done.value.code == 130 and capsys.readouterr().err == "cardforge: interrupted\n"
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize("args", [("decks",), ("deck", "show", "rows"), ("render", "rows"), ("box",)])
def test_cardforge_decks_must_be_a_folder(cli, tmp_path, args):
    """`CARDFORGE_DECKS=/nonexistent cardforge decks` listed no deck, exit 0."""
    one_line_error(cli(*args, env={"CARDFORGE_DECKS": str(tmp_path / "nonexistent")}),
                   "CARDFORGE_DECKS=", "does not exist")
    (tmp_path / "file").write_text("x")
    one_line_error(cli(*args, env={"CARDFORGE_DECKS": str(tmp_path / "file")}), "is not a folder")


def test_the_deck_cache_keeps_one_entry_per_deck_file(cli, tmp_path, monkeypatch):
    """~/.cache/cardforge kept every version of every deck ever loaded (27 files after a day)."""
    decks = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", decks)
    cache = tmp_path / "cache"
    folder = cache / "cardforge"
    folder.mkdir(parents=True)
    legacy = folder / ("deck-" + "ab" * 16 + ".json")
    legacy.write_text("{}")
    env = {"CARDFORGE_DECKS": str(decks), "XDG_CACHE_HOME": str(cache)}
    monkeypatch.delenv("CARDFORGE_NO_CACHE", raising=False)
    assert cli("decks", "--json", env=env).code == 0
    entries = sorted(p.name for p in folder.glob("deck-*.json"))
    assert len(entries) == 5 and legacy.name not in entries  # one per game deck
    for edit in range(3):
        path = decks / "rows.yaml"
        path.write_text(path.read_text(encoding="utf-8") + f"\n# edit {edit}\n", encoding="utf-8")
        assert cli("decks", "--json", env=env).code == 0
    after = sorted(p.name for p in folder.glob("deck-*.json"))
    assert len(after) == 5 and len(set(after) - set(entries)) == 1  # only rows' entry was replaced


def test_ctrl_c_while_the_cli_is_still_importing_is_one_line():
    """Ctrl-C in the first few hundred ms (typer and the commands still importing) printed an
    import traceback ending in KeyboardInterrupt."""
    code = (
        "import builtins, os, signal, sys\n"
        "from cardforge import __main__ as entry\n"
        "real = builtins.__import__\n"
        "def hooked(name, *args, **kwargs):\n"
        "    if name == 'typer':\n"
        "        os.kill(os.getpid(), signal.SIGINT)\n"
        "    return real(name, *args, **kwargs)\n"
        "builtins.__import__ = hooked\n"
        "sys.argv = ['cardforge', 'decks']\n"
        "entry.run()\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert (proc.returncode, proc.stderr, proc.stdout) == (130, "cardforge: interrupted\n", "")


def test_the_script_entry_point_catches_interrupts_first():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["cardforge"] == "cardforge.__main__:run"


def test_new_and_table_export_print_json_and_schema_invents_no_folder(cli, tmp_path):
    """Issue 24: ``--json`` was missing on ``new`` and ``table export``; ``schema --out
    /x/y/z.json`` silently created ``/x/y``."""
    made = cli("new", str(tmp_path / "mine"), "--json")
    assert made.code == 0, made.err
    data = made.json()
    assert data["folder"] == str(tmp_path / "mine") and str(tmp_path / "mine" / "mine.yaml") in data["written"]
    db = str(tmp_path / "t.db")
    assert cli("table", "new", "rows", "--players", "Ana,Ben", "--db", db).code == 0
    export = cli("table", "export", "--csv", "--out", str(tmp_path / "s.csv"), "--db", db, "--json")
    assert export.code == 0 and export.json() == {"folder": str(tmp_path), "written": [str(tmp_path / "s.csv")]}
    target = tmp_path / "no" / "such" / "schema.json"
    refused = cli("schema", "--out", str(target))
    assert refused.code == 2 and refused.err.count("\n") == 1 and "does not exist" in refused.err
    assert not (tmp_path / "no").exists()


def test_validate_speaks_like_a_linter_in_every_format(cli, tmp_path):
    """Issue 24: findings went to stderr with a ``cardforge: error:`` prefix and exit 2, like a
    usage error.  Now: stdout, ``file:line:col: severity: message``, exit 1; every problem of
    every file in one run; ``--format github`` and a SARIF 2.1.0 log for CI annotators."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: game\nid: rows\ntitle: [unclosed\n", encoding="utf-8")
    missing = tmp_path / "missing.yaml"
    good = str(ROOT / "decks" / "rows.yaml")
    text = cli("validate", str(bad), good, str(missing))
    assert text.code == 1 and text.err == ""
    lines = text.out.splitlines()
    assert lines[0].startswith(f"{bad}:4:1: error: YAML syntax error") and lines[1].startswith(f"{good}: ok (")
    assert lines[2] == f"{missing}:1:1: error: file not found"
    github = cli("validate", str(bad), "--format", "github")
    assert github.code == 1 and github.out.startswith(f"::error file={bad},line=4,col=1::YAML syntax error")
    sarif = cli("validate", str(bad), str(missing), "--format", "sarif")
    assert sarif.code == 1
    log = sarif.json()
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    run = log["runs"][0]
    assert run["tool"]["driver"]["name"] == "cardforge"
    rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
    first, second = run["results"]
    assert first["ruleId"] in rules and first["level"] == "error" and first["message"]["text"].startswith("YAML")
    where = first["locations"][0]["physicalLocation"]
    assert where == {"artifactLocation": {"uri": str(bad)}, "region": {"startLine": 4, "startColumn": 1}}
    assert second["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == str(missing)
    assert cli("validate", good, "--format", "sarif").json()["runs"][0]["results"] == []
    usage = cli("validate", good, "--format", "xml")
    assert usage.code == 2 and usage.err.startswith("cardforge: error: unknown format 'xml'")
    assert cli("validate").code == 2  # no file: a usage error, not a finding
