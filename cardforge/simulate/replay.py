"""The audit trail: ``--records FILE`` writes one JSON line per game (its seeds, seats, bots,
every move with the engine's words for it, every chance outcome, the result), and
``simulate replay --records FILE --game I`` prints a game move by move after replaying it from
its seed and moves, so what is printed is what the engine plays, not only what was written.
``--replay I`` prints game I of a simulation without a file (a game that never ends as well:
its moves up to the limit, then the error)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardforge.errors import UsageError
from cardforge.i18n import refusal, text
from cardforge.simulate.spec import SimSpec

__all__ = ["write_records", "read_record", "replay_moves", "print_recorded", "print_played", "trace_lines"]

#: what a line of the records file always has
FIELDS = ("index", "game", "players", "seed", "bots", "moves", "chance", "scores", "winners")


def write_records(path: Path, records: list[dict[str, Any]]) -> None:
    """The games as JSON lines, by index, written atomically."""
    from cardforge.atomic import atomic_write_text

    lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in sorted(records, key=lambda r: r["index"])]
    atomic_write_text(path, "\n".join(lines) + "\n")


def read_record(path: Path, index: int) -> dict[str, Any]:
    """Game ``index`` of the records file, or a one-line ``UsageError``."""
    if not path.is_file():
        raise refusal(UsageError, "error.simulate.records_missing", path=str(path))
    indices = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            try:
                record = json.loads(line)
                missing = [f for f in FIELDS if f not in record]
                if missing:
                    raise ValueError(f"no {missing[0]!r}")
            except (ValueError, TypeError) as exc:
                raise refusal(UsageError, "error.simulate.records_line", path=str(path), line=number,
                              why=str(exc).split(":")[0]) from None
            if record["index"] == index:
                return record
            indices.append(record["index"])
    raise refusal(UsageError, "error.simulate.replay_game", index=index, path=str(path),
                  first=min(indices, default=0), last=max(indices, default=0))


def replay_moves(record: dict[str, Any]) -> Any:
    """The record's game replayed from its seed and moves (by their index among the legal
    moves); ``UsageError`` if a move's words differ from the engine's (a file from another
    version or edited)."""
    from cardforge.simulate.play import new_game_traced

    spec = SimSpec(record["game"], record["players"], tuple(dict.fromkeys(record["bots"])), tuple(record.get("house", ())),
                   options=tuple(record.get("options", ())))
    state = new_game_traced(spec, record["seed"], spec.engine_options())
    for step, (seat, i, words, _chance) in enumerate(record["moves"], start=1):
        legal = state.legal_actions()
        if state.current_player() != seat or i >= len(legal) or state.action_to_string(legal[i]) != words:
            raise refusal(UsageError, "error.simulate.replay_move", index=record["index"], step=step, words=repr(words))
        state.apply_legal(legal[i])
    return state


def trace_lines(record: dict[str, Any], lang: str) -> list[str]:
    """The game move by move: the chance outcomes as they come, each move by its seat and bot."""
    bots = ", ".join(f"{seat + 1}: {bot}" for seat, bot in enumerate(record["bots"]))
    out = [text("sim.replay.header", lang, game=record["game"], index=record["index"], seed=record["seed"],
                players=record["players"], bots=bots)]
    chance = record["chance"]
    shown = 0
    for n, (seat, _i, words, before) in enumerate(record["moves"], start=1):
        while shown < min(before, len(chance)):
            out.append("  " + text("sim.replay.chance", lang, outcome=chance[shown]))
            shown += 1
        player = f"{seat + 1} ({record['bots'][seat]})"
        out.append(text("sim.replay.move", lang, n=n, player=player, move=words))
    for outcome in chance[shown:]:
        out.append("  " + text("sim.replay.chance", lang, outcome=outcome))
    if "winners" in record and record.get("scores") is not None:
        winners = [str(w + 1) for w in record["winners"]]
        out.append(text("sim.replay.result", lang, winners=winners, count=len(winners),
                        scores=" ".join(str(s) for s in record["scores"])))
    return out


def print_recorded(path: Path, index: int, lang: str, echo: Callable[[str], None]) -> None:
    """``simulate replay --records FILE --game I``: check the game against the engine, print it."""
    record = read_record(path, index)
    state = replay_moves(record)
    if list(state.returns()) != list(record["scores"]):
        raise refusal(UsageError, "error.simulate.replay_scores", index=index, scores=list(state.returns()),
                      recorded=record["scores"])
    for line in trace_lines(record, lang):
        echo(line)


def print_played(spec: SimSpec, index: int, lang: str, echo: Callable[[str], None]) -> None:
    """``--replay I``: play game ``index`` of ``spec`` traced and print it; a game that never
    ends is printed up to the limit, then reported as the simulator reports it."""
    from cardforge.simulate.play import RunawayGame, play_game

    try:
        record = play_game(spec, index, trace=True)
    except RunawayGame as error:
        for line in trace_lines(error.trace or {}, lang):
            echo(line)
        from cardforge.simulate.runner import runaway_error

        raise runaway_error(spec, error) from None
    for line in trace_lines(record, lang):
        echo(line)

