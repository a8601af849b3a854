"""``decks_frozen()``: a simulation's games take their deck as loaded once, without looking at
its files per game; outside it an edited deck file is read again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from cardforge.deck import decks_frozen, load_deck

ROOT = Path(__file__).resolve().parent.parent


def _touch(path: Path, step: int) -> None:
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + step * 1_000_000_000))


def test_a_frozen_deck_is_not_looked_at_again_and_is_after(tmp_path, monkeypatch):
    decks = tmp_path / "decks"
    shutil.copytree(ROOT / "decks", decks)
    monkeypatch.setenv("CARDFORGE_DECKS", str(decks))
    first = load_deck("sequence")
    with decks_frozen():
        held = load_deck("sequence")
        _touch(decks / "sequence.yaml", 1)
        assert load_deck("sequence") is held  # not checked on disk while frozen
        (decks / "sequence.yaml").unlink()
        assert load_deck("sequence") is held
        with decks_frozen():  # nested: the same decks
            assert load_deck("sequence") is held
    shutil.copy(ROOT / "decks" / "sequence.yaml", decks / "sequence.yaml")
    _touch(decks / "sequence.yaml", 2)
    again = load_deck("sequence")
    assert again is not first and again.total() == first.total()  # read again once thawed


def test_a_simulation_batch_plays_on_frozen_decks(monkeypatch):
    """The batch does not stat the deck files per game: a sequence batch loads its deck from
    disk once, however many games it plays."""
    import cardforge.deck.loader as loader
    from cardforge.simulate import SimSpec
    from cardforge.simulate.play import play_batch

    reads = []
    real = loader._load_deck
    monkeypatch.setattr(loader, "_load_deck", lambda name: reads.append(name) or real(name))
    play_batch(SimSpec("sequence", 3, ("random",), games=10), 0, 10)
    assert reads == ["sequence"]
