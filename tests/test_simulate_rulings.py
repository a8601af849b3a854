"""The reviewed rulings quote simulations anyone can re-run: each reason (fr and en) gives the
``cardforge simulate … --compare KEY`` command of its own house rule, and that command runs."""

from __future__ import annotations

import re
import shlex

import pytest
import yaml

from tests.conftest import ROOT

REVIEWED = {"COLLECTION-R20": "collection", "NUMWIN-R12": "numwin", "TRICKS-R14": "tricks", "TRICKS-R4": "tricks"}


def _ruling(rid: str, game: str) -> dict:
    data = yaml.safe_load((ROOT / "cardforge" / "rules" / f"{game}.yaml").read_text(encoding="utf-8"))
    found = [r for r in data["rulings"] if r["id"] == rid]
    assert found, rid
    return found[0]


@pytest.mark.parametrize("rid", sorted(REVIEWED))
def test_reason_gives_the_command_that_reproduces_it(rid, cli, tmp_path):
    ruling = _ruling(rid, REVIEWED[rid])
    commands = []
    for lang in ("fr", "en"):
        text = " ".join(ruling["reason"][lang].split())
        match = re.search(r"`(cardforge simulate [^`]+)`", text)
        assert match, f"{rid} ({lang}) quotes no simulate command"
        commands.append(match.group(1))
    assert commands[0] == commands[1], "the French and English reasons quote the same run"
    args = shlex.split(commands[0])[2:]
    assert args[args.index("--compare") + 1] == ruling["house_rule"]
    assert "--seed" in args and "%" not in ruling["reason"]["en"].split("Reproduce")[1]
    args[args.index("--games") + 1] = "3"  # the same command, small
    result = cli("simulate", *args, "--jobs", "1", "--out", str(tmp_path / "r"))
    assert result.code == 0, result.err
