"""``table show`` / ``list`` / ``export`` only read: they work on a full disk and in a read-only
folder, to standard output too; exported text cells cannot start a spreadsheet formula (issue #31,
item 10)."""

from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.table_helpers import Sheet

NAMES = ("@SUM(9*9)", "-9*9", "@cmd|'calc'!A0")


@pytest.fixture
def sheet(cli, tmp_path):
    return Sheet(cli, tmp_path / "t.db")


def _tricks_round(sheet: Sheet, names=("Ana", "Ben", "Chloé")) -> None:
    sheet.ok("new", "tricks", "--players", ",".join(names), "--rounds", "2")
    # "--" before names that start with "-", so --db goes first
    result = sheet.cli("table", "round", "--db", str(sheet.db), "--", f"{names[0]}=1/1", *(f"{n}=0/0" for n in names[1:]))
    assert result.code == 0, result.err


def test_exported_names_cannot_start_a_formula(sheet, tmp_path):
    """Issue #31: "`table export --csv` writes names such as `@SUM(9*9)`, `-9*9`, `@cmd|'calc'!A0`
    unescaped" — OWASP: a text cell starting with = + - @ tab or CR is written after a '."""
    _tricks_round(sheet, NAMES)
    sheet.ok("export", "--csv", "--out", str(tmp_path / "s.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "s.csv").read_text(encoding="utf-8"))))
    assert [r["side"] for r in rows] == [f"'{n}" for n in NAMES]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for r in rows for cell in r.values())
    assert [r["points"] for r in rows] == ["13", "22", "22"]  # numbers stay numbers


def test_spreadsheet_safe_keeps_numbers_and_plain_text():
    from cardforge.table.export import spreadsheet_safe

    assert [spreadsheet_safe(v) for v in ("=1+1", "+1", "\tx", "\rx", "Ana", "", -3, 0)] == [
        "'=1+1", "'+1", "'\tx", "'\rx", "Ana", "", -3, 0]


def test_export_to_standard_output(sheet):
    _tricks_round(sheet)
    result = sheet.ok("export", "--csv", "--out", "-")
    assert result.out.splitlines()[0].startswith("match,game,round,side") and "Chloé" in result.out
    assert not os.path.exists("-")


def _mount(folder, *options: str) -> None:
    folder.mkdir(exist_ok=True)
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(("size=1m", *options)), "tmpfs", str(folder)],
                            capture_output=True)
    if result.returncode:
        pytest.skip("needs to mount a small tmpfs (root in a container with CAP_SYS_ADMIN)")


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB file system holding a score sheet with one round (unmounted at the end)."""
    folder = tmp_path / "disk"
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("needs root to mount a small tmpfs")
    _mount(folder)
    yield folder
    subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.parametrize("how", ["full", "read-only"])
def test_show_list_and_export_only_read(cli, small_disk, how):
    """Issue #31: "on a full disk `table show` and `export` fail although they only read"."""
    sheet = Sheet(cli, small_disk / "t.db")
    _tricks_round(sheet)
    if how == "full":
        with open(small_disk / "filler", "wb") as filler:
            try:
                while True:
                    filler.write(b"\0" * 65536)
            except OSError:
                pass
    else:
        subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    before = sorted(p.name for p in small_disk.iterdir())
    assert "Chloé" in sheet.ok("show").out
    assert sheet.ok("show", "--json").json()["rounds"]
    assert "tricks" in sheet.ok("list").out
    assert "Chloé" in sheet.ok("export", "--csv", "--out", "-").out
    pdf = subprocess.run([sys.executable, "-m", "cardforge", "table", "export", "--pdf", "--out", "-", "--db", str(sheet.db)],
                         capture_output=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert pdf.returncode == 0 and pdf.stdout.startswith(b"%PDF"), pdf.stderr
    assert sorted(p.name for p in small_disk.iterdir()) == before  # no -wal, -shm or lock file
    refused = sheet("round", "Ana=1/1", "Ben=0/0", "Chloé=0/0")
    assert refused.code == 2 and len(refused.err.splitlines()) == 1
