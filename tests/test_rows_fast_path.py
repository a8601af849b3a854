"""The rows engine's fast path: the placement core on card ids, the inlined shuffle, the unchecked
``apply_legal`` and the capture log the simulator counts — each proved equal to the explained,
checked or library way of doing the same thing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardforge.cards import Card, parse_cards
from cardforge.games.rows import (
    ROW_COLOURS,
    HouseRules,
    tables,
    _flags,
    _place,
    _SEAT_BITS,
    _SEAT_MASK,
    deck_cards,
    new_game,
    place_cards,
)
from cardforge.simulate.events import RowsTracker
from rows_helpers import RULING_CHOICES, placement_record, random_reveal

GOLDEN = Path(__file__).resolve().parent / "golden" / "rows" / "placements.jsonl"
CARDS = sorted(set(deck_cards()), key=lambda c: (c.family, c.value))


def test_explained_placements_are_those_of_the_golden_file():
    """240 random reveals, every ruling and the variant, explained: the events (rule IDs and
    facts), rows, captures, discards and order are those the implementation before the fast
    core wrote into ``golden/rows/placements.jsonl`` (never regenerated)."""
    rng = random.Random(2027)
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    assert len(expected) == 240
    for i, line in enumerate(expected):
        rows, plays = random_reveal(rng, CARDS)
        rules = RULING_CHOICES[i % len(RULING_CHOICES)]
        explosion = i % 3 == 0
        result = place_cards(rows, plays, HouseRules(**rules), explosion)
        assert placement_record(rows, plays, rules, explosion, _as_written(result)) == line, f"reveal {i}"


#: events issue #25 renamed for their words (the facts are the same), and the one it added
_RENAMED = {"lower_fifth_explode": "lower_fifth", "tie_order_classic": "tie_order"}
_ADDED = {"rainbow_goes"}


def _as_written(result):
    """``result`` with its events as the golden file names them (before issue #25's wording
    fixes): renamed events under their old name, the added ROWS-4.2 step left out."""
    import dataclasses

    events = tuple(dataclasses.replace(e, what=_RENAMED.get(e.what, e.what)) for e in result.events
                   if e.what not in _ADDED)
    return dataclasses.replace(result, events=events)


def test_engine_core_places_as_the_explained_path():
    """The engine's path (``_place`` on ids, no notes) and the referee's (``place_cards`` with
    explanations) give the same rows, captures, discards and order on 3000 random reveals; the
    capture log holds exactly each seat's captures."""
    d = tables()
    rng = random.Random(99)
    for i in range(3000):
        rows, plays = random_reveal(rng, CARDS)
        rules = HouseRules(**RULING_CHOICES[i % len(RULING_CHOICES)])
        explosion = i % 4 == 0
        explained = place_cards(rows, plays, rules, explosion)
        table = [[d.card_id(c) for c in rows[colour]] for colour in ROW_COLOURS]
        captured: list[list[int]] = [[] for _ in plays]
        discarded: list[int] = []
        log: list = []
        reveal = [d.card_id(c) << _SEAT_BITS | seat for seat, c in enumerate(plays.values())]
        order = _place(table, reveal, _flags(rules), explosion, captured, discarded, log)
        names = list(plays)
        assert {colour: [d.cards[x] for x in row] for colour, row in zip(ROW_COLOURS, table)} == explained.rows
        assert {n: [d.cards[x] for x in pile] for n, pile in zip(names, captured)} == explained.captured
        assert [d.cards[x] for x in discarded] == explained.discarded
        assert [(names[o & _SEAT_MASK], d.cards[o >> _SEAT_BITS]) for o in order] == explained.order
        from_log: list[list[int]] = [[] for _ in plays]
        for seat, _, cards in log:
            assert not from_log[seat], "one capture per seat and reveal"
            from_log[seat].extend(cards)
        assert from_log == captured


def test_place_cards_keeps_the_objects_given_and_refuses_foreign_cards():
    from cardforge.errors import UsageError

    rows = {colour: [Card(family=colour, value=0)] for colour in ROW_COLOURS}
    play = parse_cards("B7")[0]
    result = place_cards(rows, {"ann": play})
    assert result.rows["B"][1] is play and result.rows["R"][0] is rows["R"][0]
    with pytest.raises(UsageError, match="not a Num Rangées card"):
        place_cards(rows, {"ann": Card(family="B", value=40)}, check=False)


@pytest.mark.parametrize("seed", range(0, 400, 7))
def test_inlined_shuffle_draws_the_library_stream(seed):
    """The engine's shuffle is ``random.Random.shuffle`` card for card, and leaves the generator
    in the same state (the golden playthroughs depend on both)."""
    d = tables()
    mine, theirs = random.Random(seed), random.Random(seed)
    for _ in range(3):
        expected = list(d.dealt)
        theirs.shuffle(expected)
        assert d.shuffled(mine) == expected
    assert mine.getstate() == theirs.getstate()


def _play(players: int, seed: int, fast: bool, **options) -> tuple[list[str], list[str], list[int]]:
    state = new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    log, dumps = [], []
    while not state.is_terminal():
        actions = state.legal_actions()
        action = actions[rng.randrange(len(actions))]
        log.append(action.code)
        (state.apply_legal if fast else state.apply_action)(action)
        dumps.append(f"{state} {state.pending} {state.captured} {state.discard}")
    return log, dumps, state.returns()


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"explosion": True}), (5, {"house": "compare_with=any,row_tie=fewest_cards"}),
                                                  (8, {"house": "lower_fifth=first_card,shadow_equal=strict"})])
def test_apply_legal_plays_as_apply_action(players, options):
    for seed in range(4):
        assert _play(players, seed, True, **options) == _play(players, seed, False, **options)


def test_apply_legal_given_an_equal_copy_or_an_edited_hand_still_plays_the_card():
    state = new_game(3, seed=5)
    first = state.legal_actions()[2]
    state.apply_legal(Card(family=first.family, value=first.value))  # equal, not the hand's object
    assert state.pending[0] == first and first not in state.hands[0]
    swapped = state.stock[0]
    state.hands[1] = [swapped, *state.hands[1][1:]]  # hidden cards edited (tests do, to hide information)
    state.apply_legal(swapped)
    assert state.pending[1] == swapped and len(state.hands[1]) == 9


def _recount(players: int, seed: int, **options) -> dict:
    """Per-seat events counted step by step from ``last_result`` (the placement's captures and
    order), the way the tracker counted them before the engine logged its captures."""
    state = new_game(players, seed=seed, **options)
    rng = random.Random(seed ^ 1)
    events: dict[str, list[int]] = {}
    turns, last = 0, 0

    def note(name: str, seat: int, count: int = 1) -> None:
        events.setdefault(name, [0] * players)[seat] += count

    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        if state.steps != last:
            last, turns = state.steps, turns + 1
            result = state.last_result
            played = dict(result.order)
            for seat in range(players):
                taken = result.captured[f"p{seat}"]
                if len(taken) == 1 and taken[0] == played[f"p{seat}"]:
                    note("shadow_kept", seat)
                elif taken:
                    note("capture_row" if len(taken) >= 4 else "capture_first", seat)
                    if any(c.family == "SH" for c in taken):
                        note("shadow_taken", seat, sum(c.family == "SH" for c in taken))
    tracker = RowsTracker(players)
    report = tracker.finish(state)
    return {"recount": (turns, len(state.history), dict(sorted(events.items()))),
            "tracker": (report["turns"], report["rounds"], report["events"])}


@pytest.mark.parametrize(("players", "options"), [(4, {}), (3, {"explosion": True}), (6, {"house": "lower_fifth=first_card,shadow_equal=strict"})])
def test_tracker_counts_the_captures_of_every_step(players, options):
    """The simulator's rows events, read once from the engine's capture log, are those counted
    reveal by reveal from the placements."""
    for seed in range(6):
        counted = _recount(players, seed, **options)
        assert counted["tracker"] == counted["recount"]
        assert counted["tracker"][2], "some captures happen in a match"


def test_last_result_is_the_last_placement_even_once_the_round_is_over():
    """``last_result`` (built on demand) is ``place_cards`` of the last reveal on the rows it was
    placed on, also when that reveal ended the round; a clone keeps its own."""
    state = new_game(2, seed=3)
    assert state.last_result is None
    while not state.history:
        rows, plays = state.rows, {}
        for name in ("p0", "p1"):
            plays[name] = state.legal_actions()[0]
            state.apply_action(plays[name])
        expected = place_cards(rows, plays, explain=False)
        result = state.last_result
        assert (result.rows, result.captured, result.discarded, result.order) == (
            expected.rows, expected.captured, expected.discarded, expected.order)
    assert all(len(row) == 1 for row in state.rows.values())  # a new round is dealt
    copy = state.clone()
    assert copy.last_result == result
    copy.apply_action(copy.legal_actions()[0])
    copy.apply_action(copy.legal_actions()[0])
    assert state.last_result == result and copy.last_result != result


def _choice_with_place_cards(observation, legal):
    """The strategy bot's rule written with ``place_cards`` on Card objects (as it was first)."""
    from cardforge.games.rows import ROW_CAPACITY, card_points

    rows = {colour: parse_cards(" ".join(codes)) if codes else [] for colour, codes in observation["rows"].items()}
    best, best_value = legal[0], None
    for option in legal:
        result = place_cards(rows, {"me": option}, check=False, explain=False)
        value = sum(card_points(c) for c in result.captured["me"])
        value -= sum(0.5 * sum(max(c.value, 0) for c in row) for colour, row in result.rows.items()
                     if len(row) == ROW_CAPACITY - 1 and len(rows[colour]) < ROW_CAPACITY - 1)
        value -= option.value / 100
        if best_value is None or value > best_value:
            best, best_value = option, value
    return best


def test_strategy_bot_on_ids_chooses_as_with_place_cards():
    from cardforge.bots.rows import StrategyBot

    bot, checked = StrategyBot(), 0
    for seed in range(12):
        state = new_game(4, seed=seed, explosion=seed % 3 == 0)
        rng = random.Random(seed)
        while not state.is_terminal():
            player, legal = state.current_player(), state.legal_actions()
            seen = state.observation(player)
            choice = bot.act(seen, legal, rng)
            assert choice is _choice_with_place_cards(seen, legal)
            checked += 1
            state.apply_action(legal[rng.randrange(len(legal))])
    assert checked > 2000


def test_a_pickled_or_deep_copied_match_plays_on_as_the_original():
    """The tables key the deck's Cards by ``id()``: a copy made by pickle or ``deepcopy`` holds
    other Card objects, which the engine takes back into its own before playing them."""
    import copy
    import pickle

    original = new_game(4, seed=21)
    for _ in range(7):
        original.apply_legal(original.legal_actions()[1])
    for other in (pickle.loads(pickle.dumps(original)), copy.deepcopy(original)):
        mine, theirs = original.clone(), other
        rng = random.Random(3)
        while not mine.is_terminal():
            k = rng.randrange(len(mine.legal_actions()))
            mine.apply_legal(mine.legal_actions()[k])
            theirs.apply_legal(theirs.legal_actions()[k])
            assert str(mine) == str(theirs) and mine.card_count() == theirs.card_count()
        assert theirs.is_terminal() and mine.returns() == theirs.returns() and mine.history == theirs.history


def test_hands_built_on_demand_take_edits_on_every_path():
    """``hands`` is built only when asked for; once it is, an edit (a card swapped with the
    stock, as the hidden-information tests do) is what every path then plays, counts and shows."""
    state = new_game(3, seed=8)
    assert state._hands is None  # dealt as ids only
    first_hand = [c.code for c in state.hands[0]]
    assert state.observation(0)["hand"] == first_hand
    swapped = state.stock[0]
    state.hands[0][3] = swapped
    full = state.card_count()
    assert full[swapped] == 2 and sum(full.values()) == len(deck_cards())  # the edit is counted
    assert state.legal_count() == 10 and state.legal_actions()[3] is swapped
    assert state.observation(0)["hand"][3] == swapped.code
    copy = state.clone()
    state.apply_index(3)
    assert state.pending[0] == swapped and swapped not in state.hands[0] and len(state.hands[0]) == 9
    assert copy.legal_actions()[3] is swapped and copy.hands[0] is not state.hands[0]
    copy.apply_legal(swapped)
    assert copy.pending == state.pending and copy.hands == state.hands


def test_round_result_keeps_ids_and_shows_cards():
    state = new_game(2, seed=3)
    while not state.history:
        state.apply_index(0)
    done = state.history[0]
    cards = tables().cards
    assert done.piles == tuple(tuple(cards[c] for c in pile) for pile in done.pile_ids)
    assert sum(map(len, done.piles)) > 0


@pytest.mark.parametrize("explosion", [False, True])
def test_engine_keeps_each_rows_last_value_under_every_ruling(explosion):
    """The engine hands ``_place`` the value of each row's last card, kept between reveals:
    after every step of random matches it is the rows' own, and each reveal is placed as
    ``_place`` places it without them (as ``place_cards`` and ``place_ids`` call it)."""
    value = tables().value
    for seed, ruling in enumerate(RULING_CHOICES):
        rules = HouseRules(**ruling)
        state = new_game(4, seed=seed, explosion=explosion, rules=rules)
        rng = random.Random(seed)
        reveals = 0
        while not state.is_terminal():
            last_seat = state.current_player() == 3
            rows, pending = [list(row) for row in state._rows], list(state._pending)
            state.apply_index(rng.randrange(state.legal_count()))
            assert state._lasts == [value[row[-1]] for row in state._rows]
            if last_seat:  # the reveal just placed, placed again without the kept values
                pending[3] = state._last[0][[o & _SEAT_MASK for o in state._last[0]].index(3)]
                _place(rows, pending, _flags(rules), explosion, [[] for _ in range(4)], [], [])
                assert rows == state._last[1]
                reveals += 1
        assert reveals == state.steps > 0
