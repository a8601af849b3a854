"""Issue #25's property through the live path, in bulk: seeded games of the five games, played
by the simulator's bots (``strategy`` and ``random`` in turn round the table), every move and
chance outcome typed one call at a time through the state file (``referee GAME play --state``)
and through the table store (``referee GAME play --table`` and the page's live table in turn,
each going on from the other's move).  After each step's calls, the engine of each storage —
replayed afresh from the state file, the page's position for the store — shows every seat
what the simulator's shows it, with the same scores, player to act, end and winners; at the end
the store's match replayed afresh agrees too, and the last verdict of each path names the
simulator's winners.

House rules: every combination for rows (32 cases), sequence (24) and collection (96); each
value alone for tricks (6,144 combinations: 14 cases) and numwin (384: 10 cases).  Seed ``s``
plays case ``s mod len(cases)``, the game's variant (rows' explosion, tricks' teams, the modes
of sequence and collection, numwin's memory extension) switching every ``len(cases)`` seeds; 2
to 5 players.

By default a few games per game and path keep the suite's budget (seeds spread over the cases
and variants); ``CARDFORGE_LIVE_SEEDS=N`` plays seeds 0 to N-1 of each game, and
``CARDFORGE_LIVE_SEEDS=rows=64,collection=192`` of those games (``2 × len(cases)`` seeds cover
every case in both variants).  docs/table.md ("The live model") has the costs and the figures
of a long run.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from cardforge.games import engine_module
from cardforge.games.house import parse_house_rules
from cardforge.simulate.spec import HOUSE_ARGUMENT
from tests.live_paths import (NAMES, StateFilePath, StorePath, bot_picker, house_cases, named_winners, snapshot,
                              typed_steps)

pytestmark = pytest.mark.slow

#: games per game and path in the default run (the suite's budget), spread over the cases and
#: variants; the knob plays more
DEFAULT_GAMES = {"rows": 4, "tricks": 4, "sequence": 2, "collection": 1, "numwin": 4}
GAMES = ("rows", "tricks", "sequence", "collection", "numwin")


def seeds(game: str, knob: str = os.environ.get("CARDFORGE_LIVE_SEEDS", "")) -> list[int]:
    """The seeds ``game`` plays: ``CARDFORGE_LIVE_SEEDS=N`` (every game) or ``rows=64,numwin=200``
    (those games; the others their default) plays seeds 0 to N-1; by default a few seeds spread
    over ``2 × len(cases)``, so that they meet both variants."""
    counts = dict(pair.split("=") if "=" in pair else ("*", pair) for pair in knob.replace(" ", "").split(",") if pair)
    count = counts.get(game, counts.get("*"))
    if count is not None:
        return list(range(int(count)))
    span, n = 2 * len(house_cases(engine_module(game))[0]), DEFAULT_GAMES[game]
    return [i * span // n + i % 5 for i in range(n)]


@dataclass
class Setup:
    """One seeded game: its seats, house rules and options, for the engine and for the table."""

    players: int
    house: tuple[str, ...]
    variant: bool
    engine: dict[str, Any] = field(default_factory=dict)  # the engine's options (not the house rules)
    first: list[str] = field(default_factory=list)  # the first referee call's options
    created: dict[str, Any] = field(default_factory=dict)  # the store's MatchCreated fields

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[:self.players]


def setup(game: str, seed: int) -> Setup:
    """Seed ``seed``'s game: case ``seed mod len(cases)``, the variant switching every
    ``len(cases)`` seeds (see the module docstring)."""
    cases, _ = house_cases(engine_module(game))
    house, variant = cases[seed % len(cases)], seed // len(cases) % 2 == 1
    flags = [f"--house={pair}" for pair in house]
    if game == "tricks":
        from cardforge.table.adapters.tricks import opposite_teams

        players = 4 if variant else 3 + seed % 3
        names = NAMES[:players]
        rounds, start = (1, None) if variant else (2, 1 + seed % 2)
        engine = {"rounds": rounds, **({"team": True} if variant else {"start_cards": start})}
        first = ["--players", str(players), "--rounds", str(rounds), *(["--team"] if variant else ["--start-cards", str(start)])]
        created = {"rounds": rounds, "start_cards": start, **({"variant": "team", "teams": opposite_teams(names)} if variant else {})}
        return Setup(players, house, variant, engine, flags + first, {"players": names, "house": house, **created})
    players = 2 + seed % 4
    names = NAMES[:players]
    if game == "rows":
        return Setup(players, house, variant, {"explosion": variant}, flags + (["--variant", "explosion"] if variant else []),
                     {"players": names, "house": house, "variant": "explosion" if variant else None})
    if game == "numwin":
        return Setup(players, house, variant, {"memory": variant, "rounds": 1},
                     [*flags, "--players", ",".join(names), "--rounds", "1", *(["--memory"] if variant else [])],
                     {"players": names, "house": house, "rounds": 1})
    mode = "discovery" if variant else "classic"  # sequence, collection: the rounds and turns the table plays
    return Setup(players, house, variant, {"mode": mode}, [*flags, "--players", ",".join(names), "--mode", mode],
                 {"players": names, "house": house, "mode": mode})


FACTS = ("every seat's observation", "returns", "is_terminal", "winners", "current_player")


def first_difference(got: tuple, expected: tuple) -> str:
    """What differs between two ``snapshot``s, named (the first seat, the first fact)."""
    for name, a, b in zip(FACTS, got, expected, strict=True):
        if a != b:
            if name == FACTS[0]:
                seat = next(p for p in range(len(b)) if a[p] != b[p])
                keys = sorted(k for k in {*a[seat], *b[seat]} if a[seat].get(k) != b[seat].get(k))
                return f"seat {seat}'s observation differs in {keys}: table {[a[seat].get(k) for k in keys]!r}, " \
                       f"simulator {[b[seat].get(k) for k in keys]!r}"
            return f"{name}: table {a!r}, simulator {b!r}"
    return ""


def play_through_both_paths(game: str, seed: int, where: Path) -> int:
    """Seed ``seed`` of ``game`` played by the bots, typed through both paths and compared after
    every step (``AssertionError`` naming the game, seed, house rules, step and call); the
    calls made per path."""
    s = setup(game, seed)
    module = engine_module(game)
    rules = parse_house_rules(module.HouseRules, list(s.house))
    seeded = module.new_game(s.players, seed, record_chance=True, **s.engine, **{HOUSE_ARGUMENT[game]: rules})
    paths = [StateFilePath(game, where / f"{game}-{seed}.json", s.first),
             StorePath(game, where / f"{game}-{seed}.sqlite3", s.first, **s.created)]
    pick = bot_picker(game, seed, s.players, rules)
    verdicts: list[dict[str, Any]] = [{}, {}]
    for step, calls in enumerate(typed_steps(game, seeded, s.names, pick)):
        expected = snapshot(seeded)
        for i, path in enumerate(paths):
            said = f"{game} seed {seed}, house {list(s.house)}, variant {s.variant}, step {step}, {type(path).__name__}"
            for tokens in calls:
                verdicts[i] = path.call(tokens)
            diff = first_difference(snapshot(path.state()), expected)
            assert not diff, f"{said} after {calls}: {diff}"
    winners = [s.names[p] for p in seeded.winners()]
    assert snapshot(paths[1].replayed()) == snapshot(seeded), (game, seed, "the store replayed")
    for verdict in verdicts:
        assert named_winners(verdict) == winners, (game, seed, verdict.get("summary"))
    return paths[0].calls


@pytest.fixture
def where(tmp_path):
    """A folder for the state files and stores: in memory (``/dev/shm``) where there is one, as
    a machine's own folder costs an fsync per call."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        with tempfile.TemporaryDirectory(dir=shm, prefix="cardforge-live-") as folder:
            yield Path(folder)
    else:
        yield tmp_path


@pytest.mark.parametrize("game", GAMES)
def test_seeded_games_typed_through_the_state_file_and_the_table_store_agree_at_every_step(game, where):
    chosen = seeds(game)
    calls = sum(play_through_both_paths(game, seed, where) for seed in chosen)
    assert calls > len(chosen) * 5


def test_the_cases_are_every_combination_or_each_value_alone():
    """The docstring's counts: every combination where there are at most 100, else each value
    alone (the defaults, then one rule away from its default)."""
    counts = {game: (len(cases), how) for game in GAMES for cases, how in [house_cases(engine_module(game))]}
    assert counts == {"rows": (32, "every combination"), "tricks": (14, "each value alone"),
                      "sequence": (24, "every combination"), "collection": (96, "every combination"),
                      "numwin": (10, "each value alone")}
    assert house_cases(engine_module("numwin"))[0][:3] == [(), ("same_value=all",), ("rainbow_zero=every",)]


def test_the_knob_chooses_the_seeds():
    assert seeds("rows", "3") == [0, 1, 2] and seeds("numwin", "rows=2, numwin=4") == [0, 1, 2, 3]
    assert seeds("rows", "numwin=4") == seeds("rows", "") == [0, 17, 34, 51]  # 64 seeds: both variants met
