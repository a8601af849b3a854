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


def test_a_live_match_is_replayed_on_frozen_decks(monkeypatch):
    """A kept match is replayed at each referee call: its deck is read from disk once for the
    replay, not once per card the history holds (a 300-entry sequence match took 26 ms, 6 now)."""
    import cardforge.deck.loader as loader
    from cardforge.live.match import LiveMatch

    match = LiveMatch.start("sequence", ("Ana", "Ben"))
    for token in ("Ana=R3", "Ana=end", "Ben=G5", "Ben=end", "Ana=B7", "Ana=end"):
        match, _ = match.play([token])
    reads = []
    real = loader._load_deck
    monkeypatch.setattr(loader, "_load_deck", lambda name: reads.append(name) or real(name))
    LiveMatch.from_json(match.to_json()).state()
    assert reads == ["sequence"]


def test_decks_are_frozen_for_the_thread_that_froze_them_only(monkeypatch):
    """A web server's other requests (threads) go on looking at the deck files while one
    request replays a match on frozen decks."""
    import threading

    import cardforge.deck.loader as loader

    reads = []
    real = loader._load_deck
    monkeypatch.setattr(loader, "_load_deck", lambda name: reads.append(threading.current_thread().name) or real(name))
    with decks_frozen():
        load_deck("sequence")
        other = threading.Thread(target=lambda: [load_deck("sequence") for _ in range(2)], name="other")
        other.start()
        other.join()
        load_deck("sequence")
    assert reads == [threading.current_thread().name, "other", "other"]
