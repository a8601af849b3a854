"""Output paths: write, never clobber.  A symlink is written through to its target, a FIFO or a
device is refused in one line, a killed writer's ``.part`` files are swept by the next write, a
failed command leaves no empty folders."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import one_line_error

from cardforge.atomic import atomic_write_text
from cardforge.errors import OutputError

ROOT = Path(__file__).resolve().parent.parent


def _device(path: Path) -> Path:
    """A character device like /dev/full (1, 7), made in a scratch folder (needs root)."""
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    return path


def test_schema_out_through_a_symlink_keeps_the_link(cli, tmp_path):
    """`schema --out link.json` turned the symlink into a regular file."""
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "schema.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = cli("schema", "--out", str(link))
    assert result.code == 0, result.err
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text().startswith("{")
    assert [p.name for p in (tmp_path / "real").iterdir()] == ["schema.json"]  # no .part left


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "out.csv"
    link.symlink_to(tmp_path / "made.csv")
    atomic_write_text(link, "a,b\n")
    assert link.is_symlink() and (tmp_path / "made.csv").read_text() == "a,b\n"


def test_a_symlink_loop_is_one_error(tmp_path):
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    with pytest.raises(OutputError, match="symlink loop"):
        atomic_write_text(tmp_path / "a", "x")


def test_a_fifo_is_refused_and_left_alone(cli, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    one_line_error(cli("schema", "--out", str(fifo)), "FIFO", "not a regular file")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_device_is_refused_and_left_alone(cli, tmp_path):
    """As root `--out /dev/full` replaced the device node with a regular file."""
    device = _device(tmp_path / "full")
    one_line_error(cli("schema", "--out", str(device)), "a device")
    assert stat.S_ISCHR(device.lstat().st_mode)
    link = tmp_path / "to-device.json"
    link.symlink_to(device)
    one_line_error(cli("schema", "--out", str(link)), "a device")
    assert link.is_symlink() and stat.S_ISCHR(device.lstat().st_mode)


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_db_that_is_a_special_file_is_refused(cli, tmp_path, kind):
    db = tmp_path / "scores.sqlite3"
    if kind == "fifo":
        os.mkfifo(db)
    else:
        _device(db)
    result = cli("table", "new", "rows", "--players", "Ana,Ben", "--db", str(db))
    one_line_error(result, "not a regular file")
    assert not stat.S_ISREG(db.lstat().st_mode)


def test_a_killed_writer_leaves_parts_the_next_write_removes(tmp_path):
    """`kill -9` during a build left hidden `.NAME.xxxx.part` files that no later run removed."""
    from cardforge.atomic import sweep_stale_parts

    out = tmp_path / "deck.pdf"
    code = ("import sys, time; from pathlib import Path; from cardforge.atomic import atomic_open\n"
            "with atomic_open(Path(sys.argv[1])) as f:\n"
            "    f.write(b'half'); f.flush(); print('writing', flush=True); time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(out)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout.readline().strip() == "writing"
    parts = list(tmp_path.glob(".deck.pdf.*.part"))
    assert len(parts) == 1
    assert sweep_stale_parts(tmp_path) == []  # its writer still runs: kept
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert parts[0].exists() and not out.exists()
    atomic_write_text(tmp_path / "other.txt", "next run")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.txt"]


def test_old_parts_without_a_pid_are_swept_young_ones_kept(tmp_path):
    from cardforge.atomic import sweep_stale_parts

    old = tmp_path / ".R7.png.k2j3h4.part"
    young = tmp_path / ".R8.png.a9b8c7.part"
    for p in (old, young):
        p.write_bytes(b"x")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    assert sweep_stale_parts(tmp_path) == [old]
    assert young.exists()


def _broken_decks(tmp_path: Path) -> Path:
    decks = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", decks)
    (decks / "rows.yaml").write_text("kind: game\nid: rows\ntitle: [unclosed\n", encoding="utf-8")
    return decks


def test_a_failed_render_leaves_no_empty_folders(cli, tmp_path):
    decks = _broken_decks(tmp_path)
    out = tmp_path / "new" / "deep" / "cards"
    result = cli("render", "rows", "--out", str(out), env={"CARDFORGE_DECKS": str(decks), "CARDFORGE_NO_CACHE": "1"})
    one_line_error(result, "rows.yaml")
    assert not (tmp_path / "new").exists()


def test_a_failed_render_keeps_folders_that_existed_or_hold_files(cli, tmp_path):
    decks = _broken_decks(tmp_path)
    out = tmp_path / "kept"
    out.mkdir()
    result = cli("render", "rows", "--out", str(out / "sub"), env={"CARDFORGE_DECKS": str(decks)})
    assert result.code == 2
    assert out.is_dir() and not (out / "sub").exists()


@pytest.mark.parametrize("args", [("render", "--calibrate", "--out"), ("schema", "--out"), ("table", "list", "--db")])
def test_a_name_too_long_is_one_line(cli, tmp_path, args):
    """ENAMETOOLONG escaped from Path.exists()/is_dir() as a traceback."""
    one_line_error(cli(*args, str(tmp_path / ("x" * 300))), "too long")
