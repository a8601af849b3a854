"""Malformed decks give one line — file:line:column, key path, expected, found — and exit 2,
never a traceback (issue 2)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardforge.deck import validate_file
from cardforge.errors import DeckError

ROOT = Path(__file__).resolve().parent.parent
GOOD = """\
id: mini
extends: base
title: {fr: Mini, en: Mini}
players: {min: 2, max: 4}
families:
  R: {}
  RB: {values: {min: 1, max: 5}}
actions:
  flash:
    count: 1
    effect: {fr: Annule le pli., en: Cancels the trick.}
"""


@pytest.fixture
def deck_dir(tmp_path):
    shutil.copy(ROOT / "decks" / "base.yaml", tmp_path / "base.yaml")
    return tmp_path


def write(folder: Path, text: str) -> Path:
    path = folder / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def error_for(folder: Path, text: str) -> DeckError:
    with pytest.raises(DeckError) as info:
        validate_file(write(folder, text))
    return info.value


def test_good_deck_validates(deck_dir):
    assert "ok (mini: 23 cards" in validate_file(write(deck_dir, GOOD))


def test_syntax_error_has_line_and_column(deck_dir):
    err = error_for(deck_dir, GOOD.replace("players: {min: 2, max: 4}", "players: {min: 2, max: 4"))
    assert err.file.endswith("mini.yaml") and err.line is not None and err.column is not None
    assert "YAML syntax error" in str(err)


def test_duplicate_key_is_an_error(deck_dir):
    err = error_for(deck_dir, GOOD + "players: {min: 3, max: 5}\n")
    assert "duplicate key" in str(err) and err.line == 12


def test_unknown_key_suggests_the_right_one(deck_dir):
    err = error_for(deck_dir, GOOD.replace("    count: 1", "    cont: 1"))
    assert err.path == "actions.flash.cont"
    assert (err.line, err.column) == (10, 5)
    assert "unknown key 'cont'; did you mean 'count'?" in str(err)


def test_wrong_type_says_expected_and_found(deck_dir):
    err = error_for(deck_dir, GOOD.replace("count: 1", "count: one"))
    assert err.path == "actions.flash.count" and (err.line, err.column) == (10, 12)
    assert "expected a valid integer" in str(err) and "found 'one'" in str(err)


def test_yaml_1_1_booleans_do_not_happen(deck_dir):
    # `no` stays the string "no" under YAML 1.2, so it is a type error, not False.
    err = error_for(deck_dir, GOOD.replace("count: 1", "count: no"))
    assert "found 'no'" in str(err)


def test_bad_value_range_is_positioned(deck_dir):
    err = error_for(deck_dir, GOOD.replace("{min: 1, max: 5}", "{min: 1, max: 40}"))
    assert err.path == "families.RB.values" and err.line == 7
    assert "outside the Rainbow family's 0–16" in str(err)
    err = error_for(deck_dir, GOOD.replace("{min: 1, max: 5}", "{min: 9, max: 5}"))
    assert "min (9) must not exceed max (5)" in str(err)


def test_unknown_family_and_action(deck_dir):
    err = error_for(deck_dir, GOOD.replace("  R: {}", "  Q: {}"))
    assert "unknown family 'Q'" in str(err) and err.line == 6
    err = error_for(deck_dir, GOOD.replace("  flash:", "  flsh:"))
    assert "unknown action card 'flsh'; did you mean 'flash'?" in str(err)


def test_missing_key(deck_dir):
    err = error_for(deck_dir, GOOD.replace("players: {min: 2, max: 4}\n", ""))
    assert "missing required key 'players'" in str(err)


def test_missing_file_and_empty_file(deck_dir):
    with pytest.raises(DeckError, match="file not found"):
        validate_file(deck_dir / "nope.yaml")
    with pytest.raises(DeckError, match="the file is empty"):
        validate_file(write(deck_dir, ""))


@pytest.mark.parametrize(
    "mutation, fragment",
    [
        (("count: 1", "count: one"), "mini.yaml:10:12: actions.flash.count: expected a valid integer"),
        (("    count: 1", "    cont: 1"), "mini.yaml:10:5: actions.flash.cont: unknown key 'cont'"),
        (("players: {min: 2, max: 4}", "players: {min: 2, max: 4"), "mini.yaml:5:9: YAML syntax error"),
    ],
)
def test_cli_validate_prints_one_finding_and_exits_1(deck_dir, cli, mutation, fragment):
    """A linter's convention: the finding on stdout, exit 1 (2 is for usage errors)."""
    path = write(deck_dir, GOOD.replace(*mutation))
    result = cli("validate", str(path))
    assert result.code == 1 and result.err == ""
    place, _, rest = fragment.partition(": ")
    assert f"{place}: error: {rest}" in result.out, result.out
    assert len(result.out.strip().splitlines()) == 1


def test_cli_validate_missing_file(cli, tmp_path):
    result = cli("validate", str(tmp_path / "missing.yaml"))
    assert result.code == 1 and f"{tmp_path / 'missing.yaml'}:1:1: error: file not found" in result.out


def test_all_shipped_decks_validate(cli):
    paths = sorted(str(p) for p in (ROOT / "decks").glob("*.yaml"))
    result = cli("validate", *paths)
    assert result.code == 0, result.err
    assert result.out.count(": ok") == len(paths)
