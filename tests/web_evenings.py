"""Whole evenings of the five games as the page's tray plays them: each a complete match, to its
end with the winner named, as a list of ``Step``s — what one phone enters for one move (or the
round form, filled in by the live table, sent as it is).  Shared by the in-process tests and the
three-phone browser tests (``tests/web_evening.py``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cardforge.games.numwin import new_game
from cardforge.live.numwin_play import move_text


@dataclass(frozen=True)
class Step:
    """One move on the tray: ``values`` go into the tray's card fields in their order (``c0``,
    ``c1``… — the seats as the tray lists them), ``player`` is the seat chosen (sequence,
    collection) or the seat to act (numwin), ``button`` the submit button's ``(name, value)``
    (``None``: the big one).  ``by_hand``: the round form as the live table filled it in."""

    values: tuple[str, ...] = ()
    player: str | None = None
    button: tuple[str, str] | None = None
    by_hand: bool = False

    def form(self) -> dict[str, str]:
        """The move form's fields, as the page sends them (numwin and sequence: seat ``n0``)."""
        fields = {f"c{i}": v for i, v in enumerate(self.values)}
        if self.player:
            fields["n0"] = self.player
        if self.button:
            fields[self.button[0]] = self.button[1]
        return fields


@dataclass(frozen=True)
class Evening:
    """A match from its new-match form to its end: ``steps`` in order, ``kill_at`` the step a
    phone sends while the server is down (mid-round), ``rounds`` on the finished sheet."""

    game: str
    players: str
    options: dict[str, str]
    steps: list[Step]
    rounds: int
    kill_at: int
    winners: tuple[str, ...] = field(default=())


#: a rows round of two players, reveal by reveal (Ben wins it, so Ben wins the match)
ROWS_ANA = ["R1", "R2", "R3", "R4", "R6", "R8", "B3", "B4", "Y5", "G7"]
ROWS_BEN = ["SH1", "G2", "G3", "B5", "Y1", "Y2", "Y3", "R10", "RB4", "G11"]


def rows() -> Evening:
    """Three rows rounds of ten reveals: the first to win three rounds wins (ROWS-7.4)."""
    steps = [Step((a, b)) for _ in range(3) for a, b in zip(ROWS_ANA, ROWS_BEN, strict=True)]
    return Evening("rows", "Ana, Ben", {}, steps, rounds=3, kill_at=15)


def tricks() -> Evening:
    """Two rounds agreed (1 card, then 2 cards each): bids for the whole round, then the tricks
    seat by seat from the leader."""
    steps = [Step(("0", "1", "0")), Step(("RB10", "SH12", "RB2")),
             Step(("0", "1", "1")), Step(("RB5", "SH10", "RB7")), Step(("SH4", "RB8", "RB9"))]
    return Evening("tricks", "Ana, Ben, Chloé", {"rounds": "2"}, steps, rounds=2, kill_at=3)


def _locking(turns: list[list[tuple[str, str]]]) -> list[Step]:
    """Each turn a card drawn and locked at once; the round then sent from the filled form."""
    steps: list[Step] = []
    for turn in turns:
        for player, cards in turn:
            steps += [Step((cards,), player), Step((), player, ("act", "secure"))]
    return [*steps, Step(by_hand=True)]


def sequence() -> Evening:
    """Two rounds agreed; each player draws two cards, locks them; the round as locked."""
    turn = [("Ana", "R7,G3"), ("Ben", "B7,Y2"), ("Chloé", "G7,R1")]
    steps = _locking([turn]) + _locking([[("Ana", "R2,G4"), ("Ben", "B9,Y8"), ("Chloé", "G1,R5")]])
    return Evening("sequence", "Ana, Ben, Chloé", {"rounds": "2"}, steps, rounds=2, kill_at=3)


def collection() -> Evening:
    """Discovery mode, three rounds: a pair, a small straight, then three (or four) of a kind,
    one card locked a turn; the best set the referee found is what the round form sends."""
    hands = {"Ana": ["R7 G7", "R3 G4 B5", "R1 G1 B1 Y1"], "Ben": ["B5 Y5", "R8 G9 B10", "R9 G9 B9 -"],
             "Chloé": ["R2 G2", "Y1 R2 G3", "Y4 R4 G4 -"]}
    steps: list[Step] = []
    for number in range(3):
        cards = {p: hand[number].split() for p, hand in hands.items()}
        turns = [[(p, cards[p][t]) for p in hands if cards[p][t] != "-"] for t in range(len(cards["Ana"]))]
        steps += _locking(turns)
    return Evening("collection", "Ana, Ben, Chloé", {"mode": "discovery"}, steps, rounds=3, kill_at=5)


def numwin(seed: int = 3, players: int = 2) -> Evening:
    """A seeded Num Win game card by card (every move, every card the deck gave), one round per
    dealer, to the lowest total (the seed makes it short for two players: 64 moves and 3 deals; the cards the deck gave
    after a move other than a draw are named on their own)."""
    names = ("Ana", "Ben", "Chloé")[:players]
    game = new_game(players, seed, record_chance=True)
    rng = random.Random(seed)
    steps = [Step((" ".join(c.code for c in game.chance_log),))]
    done = len(game.chance_log)
    while not game.is_terminal():
        actions = game.legal_actions()
        action = actions[rng.randrange(len(actions))]
        player = names[game.current_player()]
        game.apply_action(action)
        drawn = " ".join(c.code for c in game.chance_log[done:])
        done = len(game.chance_log)
        if action.kind == "draw":  # the card drawn typed with the move
            steps.append(Step((drawn,), player, ("word", "draw")))
            continue
        steps.append(Step((), player, ("word", move_text(action, names))))
        if drawn:  # the cards the deck gave after it (a new round's deal, a penalty card)
            steps.append(Step((drawn,)))
    winners = tuple(names[i] for i in game.winners())
    return Evening("numwin", ", ".join(names), {}, steps, rounds=players, kill_at=len(steps) // 3, winners=winners)


EVENINGS = {"rows": rows, "tricks": tricks, "sequence": sequence, "collection": collection, "numwin": numwin}


def _hidden(form_html: str) -> dict[str, str]:
    import html
    import re

    return {name: html.unescape(value) for name, value in
            re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form_html)}


def played_in_process(web, evening: Evening, steps: int | None = None) -> int:
    """The evening played through the in-process client, each step sent as the page's form
    would send it (the hidden fields the page shows, the step's values); the match's number.
    ``steps``: stop after that many (a match left mid-game)."""
    import html
    import re

    created = web.post("/matches", data={"game": evening.game, "players": evening.players, **evening.options})
    assert created.status_code == 303, created.text
    match = int(created.headers["location"].rsplit("/", 1)[1])
    for i, step in enumerate(evening.steps[:steps]):
        page = web.get(f"/m/{match}").text
        if step.by_hand:
            entry = re.search(r'<section class="entry".*?</form>', page, re.S).group(0)
            data = {k: html.unescape(v) for k, v in re.findall(r'name="(p\d+_\w+|void)"[^>]*value="([^"]*)"', entry)}
            path = "round"
        else:
            tray = re.search(r'<form [^>]*class="move tray">.*?</form>', page, re.S).group(0)
            data = {**{k: v for k, v in _hidden(tray).items() if k not in ("n0",) or not step.player}, **step.form()}
            if step.player and "n0" in _hidden(tray):  # numwin: the page names the seat to act
                assert _hidden(tray)["n0"] == step.player, (i, step)
            path = "move"
        answer = web.post(f"/m/{match}/{path}", data=data)
        assert answer.status_code == 303, (i, step, re.findall(r'id="error">(.*?)<', answer.text))
    return match
