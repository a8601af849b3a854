"""Shared by the table tests: a score sheet driven through the real CLI, or in-process."""

from __future__ import annotations

from pathlib import Path

import pytest

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

    def refused(self, *args: str, says: str = "") -> str:
        """Run an entry that must be refused: exit 2, one line on stderr, sheet unchanged."""
        before = self.show()
        result = self(*args)
        assert result.code == 2, (result.out, result.err)
        assert result.err.count("\n") == 1 and "Traceback" not in result.err, result.err
        assert says.lower() in result.err.lower(), result.err
        assert self.show() == before
        return result.err


@pytest.fixture
def sheet(cli, tmp_path):
    return Sheet(cli, tmp_path / "table.sqlite3")


@pytest.fixture
def keeper(tmp_path):
    """The same operations in-process (fast), on a fresh database."""
    with Store(tmp_path / "keeper.sqlite3") as store:
        yield Scorekeeper(store)
