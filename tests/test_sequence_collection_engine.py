"""The push-your-luck engine's speed devices play exactly as the plain rules do.

- ``apply_legal`` (unchecked) and ``apply_action`` (checked) give the same games, cards
  conserved at every step, over many seeds, table sizes and house rules of both games;
- the legal-move list ``apply_action`` reuses is the one of the current position: a move made
  since, or a zone edited by hand before asking again, is never judged on a stale list;
- the engine's ``tally`` (what the simulator reports) counts what a per-action observer of the
  old tracker counted;
- the objectives search answers as it did before it was made faster.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict

import pytest

from cardforge.errors import IllegalActionError
from cardforge.games import new_game
from cardforge.games.pushluck import Move, Phase, stop_reason
from tests.pushluck_support import give, moves, play, stack

HOUSES = {
    "sequence": [None, ["stop_cost=turn"], ["rainbow_colour=wild", "open_sequences=stop_secures"],
                 ["rainbow_colour=none", "skip_joker=none"]],
    "collection": [None, ["share_cards=true", "stop_cost=turn"], ["shadow_voids_round=false", "rainbow_colour=wild"],
                   ["open_sequences=stop_secures", "skip_joker=none"]],
}
CASES = [(game, seed) for game in HOUSES for seed in range(8)]


def _game(game: str, seed: int):
    house = HOUSES[game][seed % 4]
    mode = "discovery" if seed % 3 == 1 else "classic"
    return new_game(game, players=2 + seed % 4, seed=seed, mode=mode, house=house)


def _play(game: str, seed: int, fast: bool) -> tuple[list[str], list[int], list[str]]:
    state = _game(game, seed)
    full = Counter(state.cards)
    rng = random.Random(seed)
    log, dumps = [], []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        log.append(state.action_to_string(action))
        (state.apply_legal if fast else state.apply_action)(action)
        dumps.append(f"{state} {state.piles} {state.reserves} {state.secured} {state.scores}")
        assert state.card_count() == full, f"{game}: cards not conserved after {log[-1]}"
    return log, list(state.returns()), dumps


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_unchecked_moves_play_as_checked_ones(game, seed):
    assert _play(game, seed, fast=True) == _play(game, seed, fast=False)


def _all_moves(state) -> list[Move]:
    """Every move shape the engine knows, legal or not here."""
    n = state.num_players
    shapes = [Move("draw", pile=0), Move("draw", pile=1), Move("lock"), Move("end"), Move("keep"), Move("accept"),
              Move("choose"), Move("declare"), Move("done")]
    for slot in (None, 0, 1):
        shapes += [Move("activate", slot=slot), Move("activate", slot=slot, pile=0), Move("activate", slot=slot, pile=1)]
        shapes += [Move("activate", slot=slot, target=t) for t in range(n)]
    shapes += [Move("choose", slot=i) for i in range(3)]
    return shapes


@pytest.mark.parametrize(("game", "seed"), [("sequence", 4), ("collection", 8)])
def test_apply_action_judges_the_current_position(game, seed):
    """At every step, every move shape is accepted exactly when it is legal now, whether the
    engine's list is fresh, from the previous position, or never asked for; a refused move
    changes nothing."""
    state = _game(game, seed)
    rng = random.Random(seed)
    previous: list[Move] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        shown = (str(state), state.card_count())
        for move in {*_all_moves(state), *previous}:
            for asked in (True, False):
                if move in legal:
                    trial = state.clone()
                    if not asked:
                        trial._legal = None
                    trial.apply_action(move)
                    continue
                state.legal_actions() if asked else setattr(state, "_legal", None)
                with pytest.raises(IllegalActionError):
                    state.apply_action(move)
                assert (str(state), state.card_count()) == shown
        previous = state.legal_actions()
        state.apply_action(previous[rng.randrange(len(previous))])
        trial = state.clone()  # holds the list asked before the move, not asked again
        now = state.legal_actions()
        for move in previous:  # legal before the move, not since: refused
            if move not in now:
                with pytest.raises(IllegalActionError):
                    trial.apply_action(move)


def test_moves_follow_zones_edited_between_two_questions():
    state = new_game("sequence", players=3, seed=5)
    stack(state, a="R3 G5")
    assert moves(state) == ["draw A", "draw B"]  # nothing to lock, nothing drawn yet
    give(state, 0, sequence="B4")  # edited by hand after the question
    assert "lock" in moves(state)
    play(state, "lock")
    assert state.player == 1 and [c.code for c in state.secured[0][0]] == ["B4"]
    with pytest.raises(IllegalActionError):
        state.apply_action(Move("lock"))  # p1 has no sequence: the answer given to p0 is not reused


class OldTracker:
    """The simulator's push-your-luck tracker as it was, observing every action (the oracle)."""

    def __init__(self, players: int):
        self.turns = 0
        self.draws = 0  # cards drawn from the piles (the playing-time estimate counts them)
        self.events: dict[str, list[int]] = defaultdict(lambda: [0] * players)

    def note(self, name: str, seat: int, count: int = 1) -> None:
        self.events[name][seat] += count

    def before(self, state, player, action) -> None:
        self._where = (state.round, state.turns_played, state.phase)
        drawn = None
        if action.kind == "draw":
            self.draws += 1
            drawn = state.piles[action.pile][-1]
        elif action.kind == "choose" and action.slot is not None:
            drawn = state.quantique[action.slot]
        if drawn is not None and drawn.is_numbered:
            reason = stop_reason(state.sequences[player], drawn, state.house.rainbow_colour)
            if reason is not None:
                self.note(f"stop:{reason}", player)
                if state.shield:
                    self.note("stop_saved", player)
        elif action.kind == "activate":
            card = state.pending if action.slot is None else state.reserves[player][action.slot]
            self.note(f"action:{card.action}", player)
            if state.phase == Phase.ELIMINATION:
                self.note("stop_saved", player)

    def after(self, state, player, action) -> None:
        round_, played, phase = self._where
        if state.round == round_:
            self.turns += state.turns_played - played
        elif phase != Phase.VALIDATE:
            self.turns += 1
        if state.phase == Phase.VALIDATE and phase != Phase.VALIDATE:
            for seat, void in enumerate(state.void):
                if void:
                    self.note("round_voided", seat)

    def finish(self, state) -> dict:
        if hasattr(state, "validated_in"):
            for seat, validated in enumerate(state.validated_in):
                empty = sum(1 for r in range(1, state.round + 1) if r not in validated.values())
                if empty:
                    self.note("round_without_objective", seat, empty)
        return {"turns": self.turns, "rounds": state.round, "events": {k: list(v) for k, v in sorted(self.events.items())},
                "draws": self.draws}


@pytest.mark.parametrize(("game", "seed"), CASES)
def test_the_engine_tally_counts_what_the_old_tracker_counted(game, seed):
    from cardforge.bots import make_bot
    from cardforge.simulate.events import tracker_for

    state = _game(game, seed)
    bots = [make_bot(game, "strategy" if p % 2 else "random") for p in range(state.num_players)]
    rng = random.Random(seed)
    old = OldTracker(state.num_players)
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].act(state.observation(player), state.legal_actions(), rng)
        old.before(state, player, action)
        state.apply_legal(action)
        old.after(state, player, action)
    assert tracker_for(game, state.num_players).finish(state) == old.finish(state)


def test_objectives_search_answers_as_the_plain_definitions():
    """``find_objectives`` is each objective's best candidate; the search's cards, once sorted,
    stay sorted when some are taken away (so it may skip sorting them again)."""
    from cardforge.deck import load_deck
    from cardforge.games.objectives import OBJECTIVES, _usable, candidates, find_objectives

    deck = load_deck("collection").cards(4, "classic")
    rng = random.Random(3)
    for _ in range(300):
        cards = rng.sample(deck, rng.randrange(0, 30))
        exclude = set(rng.sample([o.id for o in OBJECTIVES], rng.randrange(0, 4)))
        plain = [found[0] for o in OBJECTIVES if o.id not in exclude for found in [candidates(o.id, cards)] if found]
        assert find_objectives(cards, exclude=exclude) == plain
        usable = _usable(cards)
        assert _usable(usable) == usable
        kept = [c for c in usable if rng.random() < 0.7]
        assert _usable(kept) == kept


def test_a_move_naming_an_empty_slot_is_refused_in_words():
    state = new_game("collection", players=2, seed=1)
    with pytest.raises(IllegalActionError, match=r"'play reserve\[1\] nothing -> p0'"):
        state.apply_action(Move("activate", slot=1, target=0))
    with pytest.raises(IllegalActionError, match="'draw 2'"):
        state.apply_action(Move("draw", pile=2))


def test_best_validation_is_the_same_whether_equal_copies_are_one_object_or_several():
    """The search remembers positions by the cards' identities: two R7 read from a command line
    are two objects, two R7 of the deck one; the answer is the same."""
    from cardforge.games.objectives import best_validation
    from tests.pushluck_support import cards

    rng = random.Random(7)
    for codes in ("R7 R7 G7 B7 RB7 Y2 Y3 Y4 Y5 Y6", "R1 R2 R3 R3 G4 G4 RB5 B5 Y5 G9 B11 Y12", "RB1 RB2 RB3 RB3 R4 G4 B4 Y4"):
        parsed = cards(codes)
        shared = {c: c for c in parsed}
        one_object = [shared[c] for c in parsed]
        for mode in ("classic", "discovery"):
            for share in (False, True):
                order = rng.sample(range(len(parsed)), len(parsed))
                a = best_validation([parsed[i] for i in order], mode=mode, share_cards=share)
                b = best_validation([one_object[i] for i in order], mode=mode, share_cards=share)
                assert [(m.id, m.points, m.cards) for m in a] == [(m.id, m.points, m.cards) for m in b]


@pytest.mark.parametrize("colour", ["own", "wild", "none"])
def test_a_drawn_card_stops_the_sequence_exactly_when_stop_reason_says(colour):
    """The draw checks the STOP conditions inline (``stop_reason`` for the default Rainbow
    colour, written out): on random open sequences and drawn cards it finds the STOP, and its
    reason, that ``stop_reason`` finds, or lets the card join the sequence."""
    rng = random.Random(colour)
    first = new_game("sequence", players=2, seed=0, house=[f"rainbow_colour={colour}"])
    numbered = sorted({c for c in first.cards if c.is_numbered})
    for trial in range(600):
        state = new_game("sequence", players=2, seed=trial, house=[f"rainbow_colour={colour}"])
        *seq, card = rng.sample(numbered, rng.randrange(1, 4))
        give(state, 0, sequence=" ".join(c.code for c in seq))
        stack(state, a=card.code)
        expected = stop_reason(seq, card, colour)
        play(state, "draw A")
        stops = {name for (name, _seat) in state.tally if name.startswith("stop:")}
        assert stops == ({f"stop:{expected}"} if expected else set()), (seq, card)
        if expected is None:
            assert state.sequences[0] == [*seq, card]
