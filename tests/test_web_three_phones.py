"""Issue 28's done-when, end to end in Debian's Chromium: three phones on one match at once — each
sees every move and its ruling without a reload (pushed by ``/m/ID/events``) — and the server
killed mid-round: every phone says it is offline, nothing confirmed is lost, and once the laptop
is back every phone is back on the same position without a reload."""

from __future__ import annotations

from tests.web_browser import all_of, click, css, new_match, require_browser, start_browser, tap, wait
from tests.web_support import Server

#: a rows round's first reveals, each made from another phone in turn
REVEALS = [("R1", "SH1"), ("R2", "G2"), ("R3", "G3"), ("R4", "B5"), ("R6", "Y1"), ("R8", "Y2")]


def _reveal(phone, cards) -> None:
    for code in cards:
        tap(phone, code)
    click(phone, "form.move button.primary")


def _shows(phone, n: int) -> bool:
    """The phone shows the position after ``n`` reveals with the last ruling's outcome."""
    heading = all_of(phone, "#live h2")
    return bool(heading) and f"Reveals {n}/10" in heading[0].text and bool(all_of(phone, ".verdict.last .summary"))


def _offline(phone) -> bool:
    banner = all_of(phone, "#offline")
    return bool(banner) and banner[0].is_displayed()


def test_three_phones_see_every_move_and_a_killed_server_loses_nothing(tmp_path):
    require_browser()
    server = Server(tmp_path / "table.sqlite3", tmp_path / "cache")
    phones = []
    try:
        phones = [start_browser(tmp_path / f"phone{i}") for i in range(3)]
        match = new_match(phones[0], server, "rows", "Ana, Ben")
        for phone in phones[1:]:
            phone.get(f"{server.url}/m/{match}")
            wait(phone, lambda d: all_of(d, "form.move"))
        for phone in phones:
            phone.execute_script("window.notReloaded = true")
        for n, cards in enumerate(REVEALS[:4], 1):
            _reveal(phones[n % 3], cards)
            for phone in phones:
                wait(phone, lambda d, n=n: _shows(d, n))
                summary = css(phone, ".verdict.last .summary")
                assert summary.is_displayed() and summary.text
        assert all(phone.execute_script("return window.notReloaded === true") for phone in phones)

        server.kill()  # mid-round: the laptop's lid closed, the process gone
        for phone in phones:
            wait(phone, _offline)
            assert "Offline" in css(phone, "#offline").text and _shows(phone, 4)  # what it showed stays
        server.stop()
        server = Server(server.db, tmp_path / "cache", port=server.port)  # the laptop is back
        for phone in phones:
            wait(phone, lambda d: not _offline(d))
            wait(phone, lambda d: _shows(d, 4))
        _reveal(phones[1], REVEALS[4])
        for phone in phones:
            wait(phone, lambda d: _shows(d, 5))
        assert all(phone.execute_script("return window.notReloaded === true") for phone in phones)
        from cardforge.table.store import Store

        with Store(server.db) as store:
            assert len(store.digest(match).positions) == 5  # every confirmed reveal, each once
    finally:
        for phone in phones:
            phone.quit()
        server.stop()
