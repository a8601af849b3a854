"""Shared by the table tests: a score sheet driven through the real CLI, or in-process."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

import pytest

from cardforge.errors import CardforgeError
from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store


class Sheet:
    """``sheet("round", "Ana=2/1")`` runs ``cardforge table round Ana=2/1 --db <tmp db>``."""

    def __init__(self, cli, db: Path):
        self.cli, self.db = cli, db

    def __call__(self, *args: str):
        return self.cli("table", *args, "--db", str(self.db))

    def ok(self, *args: str):
        result = self(*args)
        assert result.code == 0, result.err
        return result

    def show(self) -> dict:
        return self.ok("show", "--json").json()

    def state(self) -> dict | None:
        """The current sheet read in-process (``None`` before any match)."""
        with Store(self.db) as store:
            try:
                return Scorekeeper(store).standings().to_json()
            except CardforgeError:
                return None

    def refused(self, *args: str, says: str = "") -> str:
        """Run an entry that must be refused: exit 2, one line on stderr, sheet unchanged."""
        before = self.state()
        result = self(*args)
        assert result.code == 2, (result.out, result.err)
        assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
        assert says.lower() in result.err.lower(), result.err
        assert self.state() == before
        return result.err


def refuse(keeper: Scorekeeper, tokens: list[str], says: str, **options) -> None:
    """In-process: the round is refused with a message containing ``says``; nothing changes."""
    before = keeper.standings().to_json()
    with pytest.raises(CardforgeError) as info:
        keeper.record_round(tokens, options)
    assert says.lower() in str(info.value).lower(), str(info.value)
    assert "\n" not in str(info.value)
    assert keeper.standings().to_json() == before


@pytest.fixture
def sheet(cli, tmp_path):
    return Sheet(cli, tmp_path / "table.sqlite3")


@pytest.fixture
def keeper(tmp_path):
    """The same operations in-process (fast), on a fresh database."""
    with Store(tmp_path / "keeper.sqlite3") as store:
        yield Scorekeeper(store)
