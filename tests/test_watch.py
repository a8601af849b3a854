"""``cardforge watch`` driven as a real subprocess: saves, a deck error, the output folder removed
mid-rebuild, the deck folder replaced (a git checkout), Ctrl-C.

Every wait is bounded by a generous timeout only a hang reaches; nothing asserts elapsed time.
"""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.render_support import MINI_DECK, RECOLOURED, ROOT, write_mini_deck


class Watcher:
    """A running ``cardforge watch mini`` whose output lines are read by a thread (never blocking the test)."""

    def __init__(self, decks: Path, out: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDFORGE_DECKS": str(decks), "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "cardforge", "watch", "mini", "--out", str(out)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=env)
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self._queue.put(line)
        self._queue.put(None)

    def wait_for(self, *words: str, timeout: float = 120) -> str:
        """The next line holding one of ``words``; fails on end of output or after ``timeout``."""
        while True:
            try:
                line = self._queue.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"none of {words} within {timeout} s in {self.lines}") from None
            if line is None:
                raise AssertionError(f"watch ended (exit {self.proc.wait(10)}) before {words}: {self.lines}")
            self.lines.append(line)
            if any(word in line for word in words):
                return line

    def rest(self, timeout: float = 60) -> list[str]:
        """Every line still to come, once the process has ended."""
        lines = []
        while (line := self._queue.get(timeout=timeout)) is not None:
            lines.append(line)
        return lines

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
        self.proc.wait(30)


@pytest.fixture
def deck_dir(tmp_path):
    folder = tmp_path / "decks"
    write_mini_deck(folder)
    return folder


@pytest.fixture
def watcher(deck_dir, tmp_path):
    running = Watcher(deck_dir, tmp_path / "out")
    running.wait_for("watching")
    yield running
    running.stop()


def test_watch_rebuilds_on_save_and_survives_a_deck_error(deck_dir, watcher):
    """A real file change: save a colour, see the rebuild; save a broken deck, see one line; fix it."""
    deck = deck_dir / "mini.yaml"
    deck.write_text(RECOLOURED, encoding="utf-8")
    line = watcher.wait_for("rebuilt")
    assert "cards:mini" in line and "2 faces rasterised" in line
    deck.write_text(MINI_DECK.replace("families:", "familles:"), encoding="utf-8")
    error = watcher.wait_for("cardforge: error:")
    assert "mini.yaml" in error
    deck.write_text(MINI_DECK, encoding="utf-8")
    watcher.wait_for("rebuilt")
    assert watcher.proc.poll() is None, "still watching"


def remove_while_written(folder: Path, attempts: int = 200) -> None:
    """Remove `folder` while the rebuild writes into it, as `rm -rf` retried would.

    A file created between rmtree's listing and its rmdir makes one attempt fail
    (ENOTEMPTY, or ENOENT for a temporary file renamed away): the next one goes on.
    """
    for _ in range(attempts):
        try:
            shutil.rmtree(folder)
            return
        except FileNotFoundError:
            if not folder.exists():
                return
        except OSError:
            pass
    raise AssertionError(f"{folder} could not be removed in {attempts} attempts")


def test_the_output_folder_removed_mid_rebuild_is_made_again(deck_dir, tmp_path, watcher):
    """Issue #31: "removing the output folder mid-rebuild ends it ('cannot continue', exit 2)"."""
    out = tmp_path / "out"
    (deck_dir / "mini.yaml").write_text(RECOLOURED, encoding="utf-8")
    watcher.wait_for("changed:")
    remove_while_written(out)  # the rebuild has started: it is writing into this folder
    line = watcher.wait_for("rebuilt", "cardforge: error:")
    assert line.startswith("rebuilt cards:mini"), watcher.lines
    assert any((out / "cards" / "mini").iterdir())


def test_the_output_folder_removed_again_and_again_never_ends_the_watch(deck_dir, tmp_path, watcher):
    out = tmp_path / "out"
    done = threading.Event()

    def keep_removing() -> None:
        while not done.is_set():
            shutil.rmtree(out, ignore_errors=True)
            done.wait(0.005)

    remover = threading.Thread(target=keep_removing)
    (deck_dir / "mini.yaml").write_text(RECOLOURED, encoding="utf-8")
    remover.start()
    try:
        watcher.wait_for("rebuilt", "cardforge: error:")
    finally:
        done.set()
        remover.join()
    (deck_dir / "mini.yaml").write_text(MINI_DECK, encoding="utf-8")
    assert watcher.wait_for("rebuilt").startswith("rebuilt cards:mini"), watcher.lines
    assert "cannot continue" not in "".join(watcher.lines)


def test_a_deck_folder_removed_and_created_again_is_watched_again(deck_dir, watcher):
    """Issue #31: "after the decks folder is removed and re-created (a git checkout) it … never rebuilds"."""
    shutil.rmtree(deck_dir)
    write_mini_deck(deck_dir, RECOLOURED)
    line = watcher.wait_for("rebuilt")
    assert "cards:mini" in line
    (deck_dir / "mini.yaml").write_text(MINI_DECK, encoding="utf-8")  # and the new folder is watched
    assert "cards:mini" in watcher.wait_for("rebuilt")


def test_ctrl_c_ends_the_watch_with_130_and_one_line(watcher):
    """Issue #31: "Ctrl-C exits 0 with watchfiles' 'KeyboardInterrupt caught'"."""
    watcher.proc.send_signal(signal.SIGINT)
    assert watcher.proc.wait(60) == 130
    after = watcher.rest()
    assert after == ["cardforge: interrupted\n"], after
