"""Random seeded rows matches with the issue's invariants checked at every step, and the golden
playthroughs replayed."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from cardforge.games.playthrough import random_playthrough, record
from cardforge.games.rows import ROW_CAPACITY, HouseRules, RowsState, deck_cards, new_game

GOLDEN = Path(__file__).resolve().parent / "golden" / "rows"
FULL = frozenset(deck_cards())
FULL_KEYS = frozenset((c.family, c.value) for c in FULL)  # cheaper to hash than Card

#: (players, options) cycled over the seeds: every player count, the variant, every house rule.
SETUPS = [
    (2, {}),
    (3, {"explosion": True}),
    (4, {"house": "compare_with=any"}),
    (5, {"house": "row_tie=fewest_cards,lower_fifth=first_card"}),
    (6, {"house": "shadow_equal=strict", "explosion": True}),
    (7, {"house": "round_tie=nobody"}),
    (8, {}),
    (4, {"explosion": True, "house": "lower_fifth=first_card"}),
]


def _points(pile) -> int:
    """Points written out independently of the engine: Shadows negative, the rest positive."""
    return sum(-c.value if c.family == "SH" else c.value for c in pile)


class Invariants:
    """The checks made after the deal and after every action of a random match."""

    def __init__(self) -> None:
        self.steps = 0
        self.rounds = 0
        self.previous_wins: list[int] | None = None

    def __call__(self, state: RowsState, action) -> None:
        self.steps += 1
        for row in state.rows.values():
            assert 1 <= len(row) < ROW_CAPACITY, state  # every row keeps 1–4 cards
        chosen = [c for c in state.pending if c is not None]
        zones = (state.stock, state.discard, chosen, *state.hands, *state.rows.values(), *state.captured)
        assert sum(map(len, zones)) == 102, state
        if not chosen:  # a step was just resolved, or a round dealt: every card exactly once
            assert {(c.family, c.value) for c in itertools.chain(*zones)} == FULL_KEYS, state
            assert len({len(h) for h in state.hands}) == 1
            assert state.points() == [_points(p) for p in state.captured]
            if len(state.history) != self.rounds:
                self.rounds = len(state.history)
                done = state.history[-1]
                assert list(done.points) == [_points(p) for p in done.piles]
        if self.previous_wins is not None:
            assert all(a >= b for a, b in zip(state.wins, self.previous_wins))
        self.previous_wins = list(state.wins)
        leader = max(state.wins)
        assert state.is_terminal() == (leader >= state.target_wins and state.wins.count(leader) == 1)


def _run(seeds) -> int:
    steps = 0
    for seed, (players, options) in zip(seeds, itertools.cycle(SETUPS)):
        check = Invariants()
        state, log = random_playthrough("rows", players=players, seed=seed, check=check, **options)
        assert state.is_terminal() and len(log) == check.steps - 1
        steps += check.steps
    return steps


def test_random_matches_keep_the_invariants():
    """300 seeded matches over every player count, the variant and every house rule."""
    assert _run(range(300)) > 300 * 60


@pytest.mark.slow
def test_thousands_of_random_matches_keep_the_invariants():
    """1200 more seeds (1500 matches in all with the test above)."""
    assert _run(range(300, 1500)) > 1200 * 60


def test_same_seed_same_match_and_clone_is_independent():
    a, log_a = random_playthrough("rows", players=4, seed=42)
    b, log_b = random_playthrough("rows", players=4, seed=42)
    assert log_a == log_b and a.history == b.history
    state = new_game(3, seed=1)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.hands[0]) == 10 and len(copy.hands[0]) == 9
    assert state.legal_actions() == new_game(3, seed=1).legal_actions()


def test_illegal_actions_are_refused():
    from cardforge.cards import Card
    from cardforge.errors import IllegalActionError

    state = new_game(2, seed=3)
    outside = next(c for c in FULL if c not in state.hands[0] and c.value)
    with pytest.raises(IllegalActionError, match="not in their hand"):
        state.apply_action(outside)
    with pytest.raises(IllegalActionError):
        state.apply_action(Card(family="R", value=0))  # on the table


def test_observation_hides_other_players_hands_and_choices():
    state = new_game(3, seed=8)
    secret = state.legal_actions()[3]
    state.apply_action(secret)
    for player in (1, 2):
        seen = state.observation(player)
        assert seen["hand"] == [c.code for c in state.hands[player]]
        assert seen["chosen"] is None
        assert secret.code not in seen["hand"] and all(secret.code not in r for r in seen["rows"].values())


def test_options_are_checked():
    from cardforge.errors import UsageError

    with pytest.raises(UsageError, match="unknown rows option"):
        new_game(3, jokers=True)
    with pytest.raises(UsageError, match="expected true or false"):
        new_game(3, explosion="maybe")
    assert new_game(3, explosion="true").explosion is True
    assert new_game(3, rules=HouseRules(row_tie="fewest_cards")).rules.row_tie == "fewest_cards"


# -- golden playthroughs -------------------------------------------------------------------


def _golden_files() -> list[Path]:
    return sorted(GOLDEN.glob("*.txt"), key=lambda p: p.name)


def _header(path: Path) -> tuple[int, int, dict[str, str]]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.match(r"# rows players=(\d+) seed=(\d+)(.*)$", first)
    assert match, first
    options = dict(pair.split("=", 1) for pair in match.group(3).split())
    return int(match.group(1)), int(match.group(2)), options


@pytest.mark.parametrize("path", [p for p in _golden_files() if p.name.startswith("match-")], ids=lambda p: p.stem)
def test_golden_playthrough_replays(path):
    """Each golden file is reproduced exactly, and its actions replay legally on a fresh game
    to the recorded round wins.  Regenerate: ``python -m cardforge.games.playthrough rows
    --players N --seed S [--option explosion=true] > tests/golden/rows/match-….txt``."""
    players, seed, options = _header(path)
    text = path.read_text(encoding="utf-8")
    assert record("rows", players=players, seed=seed, **options) == text
    state = new_game(players, seed=seed, **options)
    lines = text.splitlines()
    for line in lines[1:-1]:
        who, code = line.split(": ")
        assert who == f"p{state.current_player()}"
        action = next(a for a in state.legal_actions() if state.action_to_string(a) == code)
        state.apply_action(action)
    assert state.is_terminal()
    assert lines[-1] == "returns: " + " ".join(map(str, state.returns()))


def test_golden_files_exist():
    names = {p.name for p in _golden_files()}
    assert {"match-3p-seed1.txt", "match-5p-seed7-explosion.txt"} <= names


def test_place_cards_on_random_tables_conserves_cards_and_cites_known_rules():
    """place_cards on 1500 random legal tables, every house rule and the variant: no card lost
    or duplicated, rows keep 1–4 cards, players take only cards of this table, every step cites
    a rule of the catalogue."""
    import random

    from cardforge.games.rows import place_cards
    from cardforge.rules import load_rules
    from rows_helpers import RULING_CHOICES, random_reveal

    known = set(load_rules("rows").ids())
    rng = random.Random(2026)
    cards = sorted(FULL, key=lambda c: (c.family, c.value))
    for i in range(1500):
        rows, plays = random_reveal(rng, cards)
        rules = HouseRules(**RULING_CHOICES[i % len(RULING_CHOICES)])
        result = place_cards(rows, plays, rules, explosion=i % 3 == 0)
        before = [c for r in rows.values() for c in r] + list(plays.values())
        after = [c for r in result.rows.values() for c in r] + result.discarded
        after += [c for pile in result.captured.values() for c in pile]
        assert set(before) == set(after) and len(before) == len(after)
        assert all(1 <= len(r) <= 4 for r in result.rows.values()), (rows, plays)
        takeable = {c for r in rows.values() for c in r} | set(plays.values())
        assert all(c in takeable for pile in result.captured.values() for c in pile)
        # a player never takes their own card, except a Shadow that fits nowhere (ROWS-5.2)
        assert all(c != plays[p] or c.family == "SH" for p, pile in result.captured.items() for c in pile)
        assert {s.rule for s in result.steps} <= known
