"""Standings as text: the rich table ``table show`` prints, and the one-line status.

The table reads like the score pad: one line per round, one column per player (or team), each
cell the round's entry (``2/1``), its points and the running total; then the totals, the game's
tallies (round wins, objectives, streaks) and who leads or won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardforge.i18n import text
from cardforge.table.cells import cell_detail, number, signed
from cardforge.table.sheet import Tally

if TYPE_CHECKING:
    from cardforge.table.standings import Standings

__all__ = ["status_line", "standings_table", "game_title"]


def status_line(standings: Standings, lang: str = "en") -> str:
    """``Match 3 · tricks · next: round 4 of 8: 4 cards each`` or who won and why, in ``lang``
    (« Partie 3 · tricks · à suivre : manche 4 sur 8 : 4 cartes chacun »)."""
    head = text("table.status.head", lang, match=standings.match_id, game=standings.match.game)
    out = standings.outcome
    if out.over:
        rules = f" [{', '.join(out.rules)}]" if out.rules else ""
        return text("table.status.over", lang, head=head, names=list(out.winners), reason=out.reason, rules=rules)
    return text("table.status.next", lang, head=head, next=standings.next_round)


def game_title(game: str, lang: str) -> str:
    """The game's title in ``lang`` from its deck (« Num Rangées »), the slug if it has none."""
    from cardforge.deck import load_deck

    try:
        return load_deck(game).title(lang)
    except Exception:  # a deck folder without this game: the sheet still shows
        return game


def standings_table(standings: Standings, lang: str = "en") -> Any:
    """A ``rich.table.Table`` of the whole sheet, in ``lang``.  Every user text (title, names,
    what was typed) is a ``rich.text.Text``, so ``[/]`` or ``[red]Ana`` print as typed, never
    as markup."""
    from rich.table import Table
    from rich.text import Text

    m = standings.match
    title = m.title or text("table.title", lang, game=game_title(m.game, lang), match=standings.match_id)
    options = [x for x in (m.mode, m.variant) if x] + list(m.house)
    table = Table(title=Text(title), caption=Text(status_line(standings, lang)), title_style="bold",
                  show_lines=False, caption_justify="left")
    heading = text("table.column.round", lang)
    table.add_column(Text(heading + (f" ({', '.join(options)})" if options else "")), justify="right", style="dim")
    for side in m.sides:
        table.add_column(Text(side), justify="right")
    running = {side: 0 for side in m.sides}
    for r in standings.rounds:
        row = [str(r.number)]
        for side in m.sides:
            running[side] += r.points.get(side, 0)
            cell = r.cells.get(side, {})
            detail = cell_detail(m.game, cell) if not m.teams else _team_detail(standings, r.cells, side)
            star = " ✓" if side in r.winners else ""
            row.append(Text.assemble(detail, "  ", (signed(r.points.get(side, 0)), "bold"),
                                     f" = {number(running[side])}{star}"))
        table.add_row(*row)
    table.add_section()
    winners = set(standings.outcome.winners)
    table.add_row(text("table.column.total", lang), *[Text.assemble((number(standings.totals[s]), "bold"), " 🏆" if s in winners else "")
                             for s in m.sides])
    for tally in standings.tallies:
        table.add_row(Text(tally.label(lang)), *[Text(_tally_cell(standings, tally, s)) for s in m.sides])
    return table


def _team_detail(standings: Standings, cells: dict[str, dict[str, Any]], side: str) -> str:
    team = standings.match.teams[standings.match.sides.index(side)]
    return " · ".join(f"{p} {cell_detail(standings.match.game, cells[p])}" for p in team)


def _tally_cell(standings: Standings, tally: Tally, side: str) -> str:
    """A tally kept per player is shown per team as the members' values (``2 / 0``)."""
    if side in tally.values:
        return str(tally.values[side])
    team = standings.match.teams[standings.match.sides.index(side)]
    return " / ".join(str(tally.values.get(p, 0)) for p in team)
