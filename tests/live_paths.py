"""Seeded games typed at the table (issue #25), shared by the live tests: an engine's house-rule
cases, what must agree between two engines (``snapshot``), the moves of each game as the table
types them, and the two places a face keeps a match between calls — a state file written by
``cardforge referee GAME play --state FILE``, and the table store written by the web page's live
table (``cardforge.web.live.LiveTable``) and by ``referee GAME play --table``."""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

NAMES = ("Ana", "Ben", "Chloé", "Dan", "Émile", "Fanny", "Gus")


# -- house rules -------------------------------------------------------------------------------

def house_values(module) -> list[list[str]]:
    """Each house rule of the game's ``HouseRules`` with every value it takes, as ``key=value``
    lists (the default first)."""
    choices = []
    for f in fields(module.HouseRules):
        values = f.metadata.get("choices") or ((True, False) if isinstance(f.default, bool) else (f.default,))
        values = [f.default, *(v for v in values if v != f.default)]
        choices.append([f"{f.name}={str(v).lower()}" for v in values])
    return choices


def house_combos(module) -> list[list[str]]:
    """Every combination of the game's house rules, as ``key=value`` lists."""
    return [list(c) for c in itertools.product(*house_values(module))]


def house_cases(module, most: int = 100) -> tuple[list[tuple[str, ...]], str]:
    """The house-rule cases a property runs: every combination when there are at most ``most``,
    else the defaults and each other value of each rule alone; and which of the two it is.  A
    case lists the rules set away from their default (``()``: the defaults)."""
    values = house_values(module)
    combos = list(itertools.product(*values))
    if len(combos) <= most:
        defaults = {v[0] for v in values}
        return [tuple(p for p in combo if p not in defaults) for combo in combos], "every combination"
    return [(), *((other,) for rule in values for other in rule[1:])], "each value alone"


def snapshot(state) -> tuple:
    """What must agree: every seat's observation, the returns, terminal, the winners."""
    return ([state.observation(p) for p in range(state.num_players)], state.returns(), state.is_terminal(),
            state.winners() if state.is_terminal() else None, state.current_player())


# -- moves as the table types them ---------------------------------------------------------------

def tricks_token(seeded, action, names) -> str:
    """A tricks engine action as the table types it (``Ana=bid=1``, ``Ana=pass=RB3``, ``Ana=RB12``)."""
    name = names[seeded.current_player()]
    if isinstance(action, int):
        return f"{name}=bid={action}"
    if seeded.phase.value == "pass":
        return f"{name}=pass={action.code}"
    return f"{name}={action.code}"


def pushluck_calls(state, move, outcomes, names) -> list[list[str]]:
    """The calls a ``sequence``/``collection`` table makes for one engine move and the cards it
    turned over (``state``: the engine before the move)."""
    name = names[state.player]
    kind = move.kind
    codes = [state.chance_to_string(o) for o in outcomes]
    if kind == "draw":
        return [[f"{name}={codes[0]}" + ("@B" if move.pile == 1 else "")]]
    words = {"lock": "secure", "end": "end", "keep": "keep", "accept": "accept", "declare": "declare", "done": "done"}
    if kind in words:
        return [[f"{name}={words[kind]}"]]
    if kind == "choose":
        return [[f"{name}=keep:" + ("none" if move.slot is None else state.quantique[move.slot].code)]]
    if kind == "validate":
        return [[f"{name}={move.choice[0]}"]]
    card = state.pending if move.slot is None else state.reserves[state.player][move.slot]
    aim = f">{names[move.target]}" if move.target is not None else f">{'AB'[move.pile]}" if move.pile is not None else ""
    calls = [[f"{name}={'play' if move.slot is None else 'play:' + card.code}{aim}"]]
    if codes and card.action == "tornade":  # one token per holder: whose sequence it receives
        holders = [q for q, seq in enumerate(state.sequences) if seq]
        calls.append([f"{names[q]}={names[outcomes[0][k]]}" for k, q in enumerate(holders)])
    elif codes:
        calls.append([f"{name}=" + ",".join(c.replace(" ", ",") for c in codes)])
    return calls


def _hands(seeded, start: int, names: Sequence[str], game: str) -> list[list[str]]:
    """The hands ``seeded`` dealt from its ``start``-th outcome as the table types them: a rows
    deal in one call (a hand not typed would be hidden), tricks hands one call each but the
    game's first deal, which seats the players."""
    log = seeded.chance_log[start:]
    if not log:
        return []
    dealt = [",".join(c.code for c in hand) for hand in log]
    n = seeded.num_players
    if game == "rows":
        return [["deal", *(f"{names[(start + i) % n]}={hand}" for i, hand in enumerate(dealt))]]
    calls = [[f"{names[(start + i) % n]}=hand={hand}"] for i, hand in enumerate(dealt)]
    return [[c for call in calls for c in call]] if start == 0 else calls


def typed_steps(game: str, seeded, names: Sequence[str], pick) -> Iterator[list[list[str]]]:
    """Play ``seeded`` (built with ``record_chance=True``) to its end, ``pick(state)`` choosing
    each action, and yield per step the calls the table makes for it — the deal, a rows reveal
    (every seat's card), one move and the cards it turned over — once ``seeded`` has made it."""
    from cardforge.live.numwin_play import move_text

    done = len(seeded.chance_log)
    if done:
        yield _hands(seeded, 0, names, game) if game in ("rows", "tricks") else [["deal", *(c.code for c in seeded.chance_log)]]
    while not seeded.is_terminal():
        if game == "rows":  # a reveal: each seat's card, then the table types them together
            plays = {}
            for _ in range(seeded.num_players):
                plays[seeded.current_player()] = action = pick(seeded)
                seeded.apply_action(action)
            calls = [[f"{names[p]}={plays[p].code}" for p in sorted(plays)]]
        else:
            before = seeded.clone() if game in ("sequence", "collection") else seeded
            action = pick(seeded)
            if game == "tricks":
                calls = [[tricks_token(seeded, action, names)]]
            elif game == "numwin":
                calls = [[f"{names[seeded.current_player()]}={move_text(action, names)}"]]
            seeded.apply_action(action)
            if game in ("sequence", "collection"):
                calls = pushluck_calls(before, action, seeded.chance_log[done:], names)
            elif game == "numwin" and len(seeded.chance_log) > done:
                calls.append(["deal", *(c.code for c in seeded.chance_log[done:])])
        if game in ("rows", "tricks"):
            calls += _hands(seeded, done, names, game)
        done = len(seeded.chance_log)
        yield calls


def bot_picker(game: str, seed: int, players: int, rules) -> Any:
    """``pick(state)``: the simulator's bots choosing for each seat (``strategy`` and ``random``
    in turn round the table), from what the seat sees, with their own seeded stream."""
    from cardforge.bots import RandomBot, make_bot

    bots = [make_bot(game, ("strategy", "random")[(seed + p) % 2], rules=rules) for p in range(players)]
    rng = random.Random(seed ^ 0xB075)

    def pick(state):
        bot, legal = bots[state.current_player()], state.legal_actions()
        if type(bot) is RandomBot:
            return legal[int(rng.random() * len(legal))]
        return bot.act(state.observation(state.current_player()) if bot.sees else None, legal, rng)

    return pick


# -- the live paths ----------------------------------------------------------------------------

@functools.cache
def _referee_play(game: str):
    """The command ``cardforge referee GAME play`` runs (the CLI's own dispatcher builds it)."""
    from cardforge.cli.fastpath import route

    return route(["referee", game, "play"])[0]


def referee(game: str, *args: str) -> dict[str, Any]:
    """``cardforge referee GAME play ARGS --json`` run in-process; its JSON answer (a refusal
    raises ``AssertionError`` with what it said)."""
    from click.testing import CliRunner

    result = CliRunner().invoke(_referee_play(game), ["play", *args, "--json"], prog_name=f"cardforge referee {game}")
    if result.exit_code != 0:
        raise AssertionError(f"referee {game} play {' '.join(args)}: exit {result.exit_code}: {result.output.strip()}"
                             + (f" {result.exception!r}" if result.exception and result.exit_code != 2 else ""))
    return json.loads(result.stdout)


class StateFilePath:
    """A match kept in a state file, each call ``referee GAME play --state FILE`` (the first with
    the table's options, as a table starts a game)."""

    def __init__(self, game: str, path: Path, first: Sequence[str]):
        self.game, self.path, self.first, self.calls = game, Path(path), list(first), 0

    def call(self, tokens: Sequence[str]) -> dict[str, Any]:
        options = self.first if self.calls == 0 else []
        self.calls += 1
        return referee(self.game, "--state", str(self.path), *options, *tokens)

    def state(self):
        """The engine replayed afresh from what the file holds."""
        from cardforge.live.storage import StateFile

        return StateFile(self.path).load(self.game).state()


class StorePath:
    """A match kept in the table store, created as the page's new-match form creates it; the
    calls alternate between ``referee GAME play --table`` (the first, with the table's options)
    and the page's live table, each continuing from the other's move."""

    def __init__(self, game: str, db: Path, first: Sequence[str], **created: Any):
        from cardforge.table.events import MatchCreated
        from cardforge.table.store import Store

        self.game, self.db, self.first, self.calls = game, Path(db), list(first), 0
        with Store(self.db) as store:
            self.match_id = store.create_match(MatchCreated(game=game, **created)).match_id

    def call(self, tokens: Sequence[str]) -> dict[str, Any]:
        from cardforge.web.live import LiveTable

        self.calls += 1
        if self.calls % 2:
            options = self.first if self.calls == 1 else []
            return referee(self.game, "--table", "--db", str(self.db), "--match", str(self.match_id), *options, *tokens)
        return LiveTable(self.db, self.match_id).move(list(tokens)).verdict.to_json("en")

    def state(self):
        """The engine of the position the page shows now."""
        from cardforge.web.live import LiveTable

        return LiveTable(self.db, self.match_id).view().position.state()

    def replayed(self):
        """The engine replayed afresh from the store (what ``--table`` loads)."""
        from cardforge.live.storage import MatchSlot

        return MatchSlot(self.db, self.match_id).load(self.game).state()


def named_winners(result: dict[str, Any]) -> list[str] | None:
    """The winners a verdict names (rows names one ``winner``)."""
    if result.get("winners") is not None:
        return list(result["winners"])
    return [result["winner"]] if result.get("winner") else None
