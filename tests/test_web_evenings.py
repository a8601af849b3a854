"""Issue 28's done-when, end to end in Debian's Chromium: a whole evening of each of the five
games — a complete match to its end, the winner named — played from three phones at once
(``tests/web_evening.py``: each step from the next phone), every phone showing every move and
its ruling without a reload, and the server killed mid-round once: every phone says it is
offline, the move sent meanwhile is offered again and stored once, nothing confirmed is lost.

What each evening plays is ``tests/web_evenings.py``'s: rows, 3 rounds of 10 reveals for two
players; tricks, 2 agreed rounds for three (bids, then 1 and 2 tricks); sequence, 2 agreed
rounds for three (a draw and a lock each, the round sent as the live table filled it in);
collection in Discovery, 3 rounds for three (a pair, a small straight, three or four of a
kind); Num Win card by card, a seeded 2-player game, one round per dealer: 64 moves and 3
deals named from the picker.  The
first two moves of every round are tapped on the picker and the tray (cards by their tiles,
bids typed, the seat chosen, the tray's buttons); the others fill the same tray form by script
and click its button."""

from __future__ import annotations

import time

import pytest

from tests.web_browser import require_browser, start_browser
from tests.web_evening import Table
from tests.web_evenings import EVENINGS
from tests.web_support import Server


@pytest.fixture(scope="module")
def phones(tmp_path_factory):
    require_browser()
    started = [start_browser(tmp_path_factory.mktemp(f"phone{i}")) for i in range(3)]
    yield started
    for phone in started:
        phone.quit()


@pytest.mark.parametrize("game", list(EVENINGS))
def test_a_whole_evening_on_three_phones_with_the_server_killed_mid_round(game, phones, tmp_path):
    evening = EVENINGS[game]()
    started = time.perf_counter()
    table = Table(phones, Server(tmp_path / "table.sqlite3", tmp_path / "cache"), evening)
    try:
        table.start()
        table.play()
        winners = table.finish()
    finally:
        table.server.stop()
    if evening.winners:
        assert winners == evening.winners
    assert table.tapped >= 2 and table.rulings > 0
    print(f"\n{game}: {len(evening.steps)} steps, {evening.rounds} rounds, {table.tapped} tapped, "
          f"{table.rulings} rulings on every phone, winners {', '.join(winners)}, "
          f"{time.perf_counter() - started:.1f} s ({table.timings['kill to recovered']:.1f} s from the kill to recovered)")
