"""Num Win at the table on the full engine (issue #25): the ``cards`` option follows the game
card by card — every move, every card taken from the deck, the rounds scored by the engine, the
game's end with the winner — and seeded games typed one call at a time through a state file and
through the table store agree with the simulator at every step, under the house rules."""

from __future__ import annotations

import json
import random

import pytest

from cardforge.errors import UsageError
from cardforge.games.numwin import new_game
from cardforge.live.match import LiveMatch
from cardforge.live.numwin_play import move_text
from cardforge.live.storage import MatchSlot, StateFile

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Émile")
#: (players, house rules as typed, engine options): every house rule and the memory extension
SETUPS = [(2, (), {"rounds": 1}), (3, ("same_value=all", "own_miss_penalty=true"), {"memory": True, "rounds": 1}),
          (4, ("drawn_action=must_play", "reflex_priority=discarder_first"), {"rounds": 1}),
          (3, ("start_peek=1", "locked_count=false", "reflex_on_action=true"), {"rounds": 1})]


def _engine_options(house, options):
    return {**dict(h.split("=") for h in house), **options}


def typed_game(seed: int, players: int, house, options):
    """A seeded game as the table types it: per call, a move and the cards taken after it."""
    seeded = new_game(players, seed, record_chance=True, **_engine_options(house, options))
    names = NAMES[:players]
    rng = random.Random(seed)
    done = len(seeded.chance_log)
    yield seeded, ["deal", *(c.code for c in seeded.chance_log)]
    while not seeded.is_terminal():
        actions = seeded.legal_actions()
        action = actions[rng.randrange(len(actions))]
        token = f"{names[seeded.current_player()]}={move_text(action, names)}"
        seeded.apply_action(action)
        yield seeded, [token, *(c.code for c in seeded.chance_log[done:])]
        done = len(seeded.chance_log)


def _same(state, seeded, where):
    for seat in range(seeded.num_players):
        assert state.observation(seat) == seeded.observation(seat), (where, seat)
    assert state.returns() == seeded.returns() and state.winners() == seeded.winners(), where
    assert state.is_terminal() == seeded.is_terminal(), where


def _storages(tmp_path, seed, players, house, options):
    from cardforge.table.events import MatchCreated
    from cardforge.table.store import Store

    names = NAMES[:players]
    start = LiveMatch.start("numwin", names, house, cards=True, **options)
    state_file = StateFile(tmp_path / f"s{seed}.json")
    state_file.save(start)
    db = tmp_path / f"t{seed}.db"
    with Store(db) as store:
        mid = store.create_match(MatchCreated(game="numwin", players=names, house=house)).match_id
    slot = MatchSlot(db, mid)
    slot.save(start)
    return state_file, slot


@pytest.mark.parametrize("seed", range(4))
def test_seeded_games_typed_through_the_state_file_and_the_table_store_agree(tmp_path, seed):
    players, house, options = SETUPS[seed % len(SETUPS)]
    storages = _storages(tmp_path, seed, players, house, options)
    steps = 0
    for seeded, tokens in typed_game(seed, players, house, options):
        for storage in storages:  # one call per move, as the referee makes: load, play, save
            with storage.transaction():
                match, verdict = storage.load("numwin").play(tokens, version=None)
                storage.save(match)
            _same(match.state(), seeded, (seed, steps, tokens))
            if steps % 25 == 0:  # the stored history replayed afresh
                _same(storage.load("numwin").state(), seeded, (seed, steps, tokens))
        steps += 1
    for storage in storages:
        _same(storage.load("numwin").state(), seeded, (seed, "end"))
    assert verdict.result["over"] and verdict.result["winners"] == [NAMES[p] for p in seeded.winners()]
    assert steps > 20


@pytest.mark.slow
def test_hundreds_of_seeded_games_typed_call_by_call_agree():
    for seed in range(100):
        players, house, options = SETUPS[seed % len(SETUPS)]
        match = LiveMatch.start("numwin", NAMES[:players], house, cards=True, **options)
        for seeded, tokens in typed_game(seed, players, house, options):
            match, verdict = match.play(tokens)
            _same(match.state(), seeded, (seed, tokens))
        _same(LiveMatch.from_json(match.to_json()).state(), seeded, (seed, "stored"))


def test_a_round_is_scored_by_the_engine_and_explained():
    players, house, options = 2, (), {"rounds": 1}
    match = LiveMatch.start("numwin", NAMES[:2], house, cards=True, **options)
    for seeded, tokens in typed_game(3, players, house, options):
        match, verdict = match.play(tokens)
    assert match.state().is_terminal() and verdict.result["totals"] == dict(zip(NAMES, seeded.returns()))
    assert [s for s in verdict.rules if s.startswith("NUMWIN-8.3")]
    assert verdict.result["rounds_scored"][-1] == dict(zip(NAMES, seeded.history[-1]["points"]))
    assert "End of the game" in verdict.summary_text()


def _dealt():
    match = LiveMatch.start("numwin", ("Ana", "Ben"), cards=True)
    return match.play(["deal", "R1", "R2", "R3", "R4"])[0]


@pytest.mark.parametrize("tokens, message", [
    (["Ana=draw"], "Ana cannot play now: Ben is to draw from the deck or take the discard top"),
    (["Ben=fly"], "unknown Num Win move 'fly'"),
    (["Ben=draw", "Ben=swap:1"], "the card taken from the deck comes first: type it, e.g. deal R7"),
    (["Ben=draw", "G7", "Ben=swap:9"], "Ben cannot play swap:9 now: allowed are discard, swap:1 and swap:2"),
    (["Zoé=draw"], "unknown player 'Zoé'"),
])
def test_refusals_are_one_line_and_change_nothing(tokens, message):
    match = _dealt()
    with pytest.raises(UsageError, match=message) as caught:
        match.play(tokens)
    assert "\n" not in str(caught.value) and caught.value.message.text("fr") != str(caught.value)
    assert match.version == 4


def test_players_come_first():
    with pytest.raises(UsageError, match="name the players first"):
        LiveMatch.start("numwin", cards=True).play(["deal", "R1"])


def test_referee_numwin_play_keeps_the_game_in_a_state_file(cli, tmp_path):
    from tests.cli_helpers import one_line_error

    state = str(tmp_path / "evening.json")
    first = cli("referee", "numwin", "play", "--state", state, "--players", "Ana,Ben", "deal", "R1", "R2", "R3", "R4")
    assert first.code == 0 and "Ben is to draw from the deck" in first.out, first.err
    drawn = cli("referee", "numwin", "play", "--state", state, "--json", "Ben=draw", "G7")
    assert json.loads(drawn.out)["held"] == "G7"
    one_line_error(cli("referee", "numwin", "play", "--state", state, "Ben=swap:3"), "allowed are discard, swap:1 and swap:2")
    french = cli("referee", "numwin", "play", "--state", state, "--lang", "fr", "Ana=draw")
    assert french.code == 2 and "Ana ne peut pas jouer maintenant" in french.err
    undone = cli("referee", "numwin", "undo", "--state", state, "--json")
    assert json.loads(undone.out)["undone"] == ["Ben=draw", "deal G7"]


def test_a_stale_move_says_what_was_played_meanwhile_in_words():
    """A phone that sends a move on an old version hears the moves made since in the table's
    words ("Ben: draw; Ben: swap with card 2"), not the notation (``swap:2``), in fr and en."""
    match = _dealt()
    version = match.version
    match, _ = match.play(["Ben=draw", "G7"])
    match, _ = match.play(["Ben=swap:2"])
    with pytest.raises(UsageError) as refused:
        match.play(["Ana=draw", "B5"], version=version)
    said = refused.value.message
    assert "Ben: draw" in said.text("en") and "Ben: swap with card 2" in said.text("en")
    assert "swap:2" not in said.text("en")
    assert "Ben\u00a0: échanger avec la carte 2" in said.text("fr")


def test_a_deal_says_how_many_cards_the_engine_still_expects_and_for_whom():
    """Issue 28: the first deal of a round said only "the next card is awaited"; the table
    must know how many cards to type (2 each, from the dealer's left, NUMWIN-R16)."""
    from cardforge.live.numwin_play import now

    match = LiveMatch.start("numwin", ("Ana", "Ben"), cards=True)
    said = now(match, match.state())
    assert "4 more cards" in said.text("en") and "Ben, Ana, Ben, Ana" in said.text("en")
    assert "encore 4\u00a0cartes" in said.text("fr") or "encore 4 cartes" in said.text("fr")
    match, _ = match.play(["deal", "R1", "R2", "R3"])
    assert "1 more card " in now(match, match.state()).text("en") + " "
