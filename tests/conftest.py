"""Shared fixtures: decks, the card system, and running the CLI in-process or as a process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# the pure-Python engines are the reference the suite tests, even where `make fast` compiled some
# (cardforge/games/compiled.py); tests/test_compiled_engines.py compares the compiled ones with them
os.environ["CARDFORGE_PURE"] = "1"

import cardforge.deck  # noqa: F401  # gives CardSystem.default() (parse_card without a deck) the base deck's system

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True, scope="session")
def _no_user_cache(tmp_path_factory):
    """Keep the deck cache and the user's config out of the tests."""
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    # no user's cardforge.toml, CARDFORGE_* defaults nor French locale decide what a test sees
    os.environ["CARDFORGE_CONFIG"] = str(tmp_path_factory.mktemp("config") / "cardforge.toml")
    for name in ("CARDFORGE_LANG", "CARDFORGE_PAPER", "CARDFORGE_DB", "CARDFORGE_PLAYERS", "LC_ALL", "LC_MESSAGES"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"
    yield


@pytest.fixture(scope="session")
def decks():
    from cardforge.deck import load_all

    return load_all()


@pytest.fixture(scope="session")
def system():
    from cardforge.cards import CardSystem

    return CardSystem.default()


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err

    def json(self):
        return json.loads(self.out)


def run_cli(*args: str, input: str | None = None, env: dict | None = None, timeout: float = 120,
            cwd: Path | None = None) -> CliResult:
    """Run ``python -m cardforge ARGS`` as a real process (exit codes and stderr as users see them),
    in ``cwd`` (default: the checkout)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.run(
        [sys.executable, "-m", "cardforge", *args],
        capture_output=True, text=True, input=input, env=full_env, cwd=cwd or ROOT, timeout=timeout,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture(scope="session")
def all_books(tmp_path_factory):
    """Every book (5 games × fr/en × player, reference, comprehensive), built once per session."""
    from tests.rulebook_support import build_books_once

    return build_books_once(tmp_path_factory.mktemp("rulebooks"))


@pytest.fixture(scope="session")
def books(all_books):
    """The comprehensive rules (the judge's document) of each game and language."""
    return {(g, lang): book for (g, lang, k), book in all_books.items() if k == "comprehensive"}


@pytest.fixture(scope="session")
def player_books(all_books):
    """The player's rulebook of each game and language."""
    return {(g, lang): book for (g, lang, k), book in all_books.items() if k == "player"}
