"""The driver of the three-phone evenings (``tests/test_web_evenings.py``): one match of a
``tests.web_evenings.Evening`` played from three Chromium phones at once against a real
``cardforge serve``, each step from the next phone in turn.

After every step each phone must show the same match part as the phone that moved — the same
last event (``#match[data-seq]``) and the same ruling (``.verdict.last .summary``) — pushed to
it (``/m/ID/events``), never reloaded (``window.notReloaded`` set once stays set).  The first
``TAPPED`` moves of each round are entered with the page's real controls: the card tiles of the
picker (their colour's tab first), the seat select, the number fields, the tray's buttons; the
rest go through the same tray form faster (its fields set by script, then its button clicked).
At ``Evening.kill_at`` the server is killed (``kill -9``): every phone shows the offline banner,
the phone whose move got no answer offers "Send again"; the server comes back on the same
file and port, every banner goes, the move is sent again (same move id) and stored once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from tests.web_browser import all_of, click, css, tap, wait
from tests.web_evenings import Evening, Step
from tests.web_support import Server

#: moves entered by tapping the page's controls at the start of each round
TAPPED = 2

_FILL = """
const [values, player, button] = arguments;
const form = document.querySelector('form.move');
if (player !== null && form.elements['n0'] && form.elements['n0'].tagName === 'SELECT') form.elements['n0'].value = player;
values.forEach((v, i) => { form.elements['c' + i].value = v; });
const sel = button ? `button[name="${button[0]}"][value="${button[1]}"]` : 'button.primary.big';
form.querySelector(sel).click();
"""


def seq(phone) -> str:
    """The last event of the match the phone shows."""
    return phone.execute_script("const m = document.querySelector('#match'); return m ? m.dataset.seq : ''")


def ruling(phone) -> str:
    found = all_of(phone, ".verdict.last .summary")
    return found[0].text if found else ""


def _offline(phone) -> bool:
    banner = all_of(phone, "#offline")
    return bool(banner) and banner[0].is_displayed()


def _rounds_shown(phone) -> int:
    return len(all_of(phone, "#sheet table.grid tbody tr"))


@dataclass
class Table:
    """Three phones on one evening's match (see the module docstring)."""

    phones: list[Any]
    server: Server
    evening: Evening
    match: int = 0
    tapped: int = 0
    rulings: int = 0
    timings: dict[str, float] = field(default_factory=dict)

    def start(self) -> None:
        """The match started from the first phone's home page (its options in the form), the
        others opening its page."""
        from selenium.webdriver.support.ui import Select

        first = self.phones[0]
        first.get(self.server.url + "/lang/en?next=/")
        Select(css(first, "#game")).select_by_value(self.evening.game)
        css(first, "#players").send_keys(self.evening.players)
        for name, value in self.evening.options.items():
            target = css(first, f"#{name}")
            if target.tag_name == "select":
                Select(target).select_by_value(value)
            else:
                target.send_keys(value)
        click(first, "form[action='/matches'] button[type=submit]")
        wait(first, lambda d: "/m/" in d.current_url)
        self.match = int(first.current_url.rsplit("/", 1)[1])
        for phone in self.phones[1:]:
            phone.get(f"{self.server.url}/lang/en?next=/m/{self.match}")
        for phone in self.phones:
            wait(phone, lambda d: seq(d))
            phone.execute_script("window.notReloaded = true")

    def play(self) -> None:
        """Every step of the evening, the server killed at ``kill_at``."""
        since_round, rounds = 0, 0
        for i, step in enumerate(self.evening.steps):
            phone = self.phones[i % len(self.phones)]
            if i == self.evening.kill_at:
                self._killed_during(phone, step)
            else:
                self._step(phone, step, tapping=since_round < TAPPED)
            now = _rounds_shown(phone)
            since_round = 0 if now != rounds else since_round + 1
            rounds = now

    def _send(self, phone, step: Step, *, tapping: bool) -> None:
        if step.by_hand:  # the round as the live table filled it in, sent from its form
            click(phone, "details.by-hand summary")
            click(phone, "details.by-hand button[type=submit]")
        elif tapping and self._tap(phone, step):
            self.tapped += 1
        else:
            phone.execute_script(_FILL, list(step.values), step.player, list(step.button) if step.button else None)

    def _tap(self, phone, step: Step) -> bool:
        """The step entered with the page's controls; ``False`` (nothing entered) when a value
        is not a picker's card nor a number (then the form is filled by script)."""
        from selenium.webdriver.support.ui import Select

        codes = [[c for c in v.replace(",", " ").split()] for v in step.values]
        known = all(all_of(phone, f"button.pick[data-code='{c}']") or c.isdigit() for v in codes for c in v)
        if not known:
            return False
        if step.player and all_of(phone, "form.move select#n0"):
            Select(css(phone, "form.move select#n0")).select_by_visible_text(step.player)
        for i, cards in enumerate(codes):
            for code in cards:
                if code.isdigit():  # a bid: typed into its seat's number field
                    css(phone, f"#c{i}").send_keys(code)
                else:
                    tap(phone, code)
        button = f"form.move button[name='{step.button[0]}'][value='{step.button[1]}']" if step.button \
            else "form.move button.primary.big"
        click(phone, button)
        return True

    def _step(self, phone, step: Step, *, tapping: bool = False) -> None:
        before = seq(phone)
        self._send(phone, step, tapping=tapping)
        self._everyone_sees(phone, before)

    def _everyone_sees(self, phone, before: str) -> None:
        """The move answered on its phone (no refusal), then the same part on every phone."""
        def answered(d) -> bool:
            if all_of(d, "#error"):
                raise AssertionError(f"{self.evening.game}: refused: {css(d, '#error').text}")
            return seq(d) not in ("", before)

        wait(phone, answered)
        now, said = seq(phone), ruling(phone)
        self.rulings += bool(said)
        for other in self.phones:
            wait(other, lambda d: seq(d) == now and ruling(d) == said)

    def _killed_during(self, phone, step: Step) -> None:
        """``kill -9`` mid-round, the move sent meanwhile, the server back, the move sent again."""
        started = time.perf_counter()
        before = seq(phone)
        self.server.kill()
        for each in self.phones:
            wait(each, _offline)
            assert "Offline" in css(each, "#offline").text and seq(each) == before  # what it showed stays
        self._send(phone, step, tapping=False)  # no answer: the phone offers to send it again
        wait(phone, lambda d: css(d, "#offline .retry").is_displayed())
        self.server.stop()
        self.server = Server(self.server.db, self.server.cache, port=self.server.port)
        for each in self.phones:
            if each is not phone:
                wait(each, lambda d: not _offline(d))
        wait(phone, lambda d: "not sent yet" in css(d, "#offline").text)  # back, the move still to send
        click(phone, "#offline .retry")
        self._everyone_sees(phone, before)
        for each in self.phones:
            wait(each, lambda d: not _offline(d))
        self.timings["kill to recovered"] = time.perf_counter() - started

    def finish(self) -> tuple[str, ...]:
        """The end: every phone names the same winners the store has; none was reloaded."""
        from cardforge.table.scorekeeper import Scorekeeper
        from cardforge.table.store import Store

        with Store(self.server.db) as store:
            standings = Scorekeeper(store).standings(self.match)
        assert standings.outcome.over and len(standings.rounds) == self.evening.rounds
        with Store(self.server.db) as store:  # every move stored once, the one sent again too
            assert len(store.digest(self.match).positions) == len(self.evening.steps)
        winners = ", ".join(standings.outcome.winners)
        for phone in self.phones:
            outcome = wait(phone, lambda d: all_of(d, "#sheet .outcome"))[0].text
            assert "Match over" in outcome and f"Winners: {winners}" in outcome, outcome
            assert phone.execute_script("return window.notReloaded === true")
        return standings.outcome.winners
