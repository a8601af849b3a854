"""Shell completion of option values (issue 24): every option with a closed set completes its
values through click's completion protocol (``_CARDFORGE_COMPLETE=complete_bash`` with
``COMP_WORDS``/``COMP_CWORD``, as the installed bash script calls it)."""

from __future__ import annotations

import pytest


def complete(cli, words: str, env: dict | None = None) -> list[str]:
    """What bash would offer after ``words`` (a trailing space: a new, empty word)."""
    parts = words.split(" ")
    result = cli(env={"_CARDFORGE_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(parts) - 1),
                      **(env or {})})
    assert result.code == 0, result.err
    return result.out.split()


@pytest.mark.parametrize("words, offered", [
    ("cardforge render rows --paper ", ["a4", "letter"]),
    ("cardforge render rows --lang ", ["en", "fr"]),
    ("cardforge render rows --format sheets,p", ["sheets,pod", "sheets,png"]),
    ("cardforge render rows --profile home-", ["home-a4", "home-letter"]),
    ("cardforge render b", ["box"]),
    ("cardforge simulate r", ["rows"]),
    ("cardforge simulate numwin --bots random,", ["random,random", "random,strategy", "random,blind", "random,ismcts"]),
    ("cardforge validate x.yaml --format ", ["text", "json", "github", "sarif"]),
    ("cardforge referee rows play --house row_", ["row_tie=sheet_order", "row_tie=fewest_cards"]),
    ("cardforge table new sequence --mode ", ["classic", "discovery"]),
    ("cardforge table new rows --variant ", ["explosion"]),
    ("cardforge rulebook rows --lang ", ["en", "fr", "all"]),
    ("cardforge house n", ["numwin"]),
])
def test_closed_sets_complete_their_values(cli, words, offered):
    assert complete(cli, words) == offered


def test_match_ids_complete_from_the_database(cli, tmp_path):
    db = str(tmp_path / "t.db")
    for _ in range(2):
        assert cli("table", "new", "rows", "--players", "Ana,Ben", "--db", db).code == 0
    assert complete(cli, "cardforge table resume ", env={"CARDFORGE_DB": db}) == ["1", "2"]
    assert complete(cli, f"cardforge table show --db {db} --match ") == ["1", "2"]
