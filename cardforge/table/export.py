"""Exports of a match's sheet: CSV (one line per round and side) and the printable PDF pad.

Both are written atomically (``cardforge.atomic``).  The PDF uses the pad drawing of
``cardforge.table.pad`` with the bundled, embedded DejaVu fonts; reportlab is imported only
here, when a PDF is asked for.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from cardforge.cards import Text
from cardforge.table.adapters import adapter_for
from cardforge.table.adapters.base import GameAdapter
from cardforge.table.cells import cell_detail, number
from cardforge.table.events import MatchCreated
from cardforge.table.pad import Pad, PadColumn
from cardforge.table.standings import Standings

__all__ = ["write_csv", "write_pdf", "pdf_data", "png_data", "standings_pad", "blank_pad", "csv_text", "spreadsheet_safe"]

_T = {
    "round": Text("Manche", "Round"),
    "total": Text("Total", "Total"),
    "sheet": Text("Feuille de score", "Score pad"),
    "date": Text("Date", "Date"),
    "place": Text("Lieu", "Place"),
    "player": Text("Joueur", "Player"),
    "team": Text("Équipe", "Team"),
    "winner": Text("Vainqueur", "Winner"),
    "winners": Text("Vainqueurs (égalité)", "Winners (tie)"),
    "mode": Text("Mode", "Mode"),
    "variant": Text("Variante", "Variant"),
    "house": Text("Règles maison", "House rules"),
    "match": Text("Partie", "Match"),
    "objective": Text("Objectif", "Objective"),
}


# -- CSV --------------------------------------------------------------------------------------

#: A text cell starting with one of these is a formula to a spreadsheet program (OWASP's "CSV
#: injection": ``@SUM(9*9)``, ``-9*9``, ``@cmd|'calc'!A0``): it is written after a ``'``.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """A text cell a spreadsheet shows as text (prefixed with ``'`` if it would start a formula);
    numbers as they are (a negative score stays a number).

    >>> spreadsheet_safe("@SUM(9*9)"), spreadsheet_safe("-9*9"), spreadsheet_safe(-3), spreadsheet_safe("Ana")
    ("'@SUM(9*9)", "'-9*9", -3, 'Ana')
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(standings: Standings) -> str:
    """The sheet as CSV: ``match, game, round, side, entry, points, total, round_winner``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["match", "game", "round", "side", "entry", "points", "total", "round_winner"])
    running = {side: 0 for side in standings.sides}
    for r in standings.rounds:
        for side in standings.sides:
            running[side] += r.points.get(side, 0)
            entry = _entry(standings, r.cells, side)
            writer.writerow([spreadsheet_safe(cell) for cell in (
                standings.match_id, standings.match.game, r.number, side, entry,
                r.points.get(side, 0), running[side], int(side in r.winners))])
    return buffer.getvalue()


def _entry(standings: Standings, cells: dict[str, dict[str, Any]], side: str) -> str:
    m = standings.match
    if m.teams:
        team = m.teams[m.sides.index(side)]
        return " ".join(f"{p}:{cell_detail(m.game, cells[p])}" for p in team)
    return cell_detail(m.game, cells.get(side, {}))


def write_csv(standings: Standings, path: Path, lang: str = "en") -> Path:
    from cardforge.atomic import atomic_write_text

    atomic_write_text(Path(path), csv_text(standings))
    return Path(path)


# -- PDF pad ----------------------------------------------------------------------------------

def _columns(adapter: GameAdapter, lang: str) -> list[PadColumn]:
    if adapter.pad_layout == "scorecard":
        return [PadColumn(c.label(lang), c.width) for c in adapter.scorecard_columns]
    cols = [PadColumn(c.label(lang), c.width) for c in adapter.columns]
    return cols + [PadColumn(_T["total"](lang), 1.0, bold=True)]


def _left(adapter: GameAdapter, lang: str) -> list[PadColumn]:
    if adapter.pad_layout == "scorecard":
        return [PadColumn(c.label(lang), c.width, bold=i == 0) for i, c in enumerate(adapter.scorecard_left)]
    return [PadColumn(_T["round"](lang), 1.9, bold=True)] + [PadColumn(c.label(lang), c.width)
                                                            for c in adapter.round_columns]


def _notes(adapter: GameAdapter, lang: str) -> list[str]:
    """The rule reminders printed under the grid, from the rule catalogue (a tuple of IDs is
    printed on one line, e.g. the streak table)."""
    from cardforge.rules import RULES_DIR, load_rules, player_text

    if not adapter.pad_rules or not (RULES_DIR / f"{adapter.game}.yaml").is_file():
        return []
    book = load_rules(adapter.game)

    def text(rule_id: str) -> str:  # a ruling in its players' words (no house-rule key)
        item = book.get(rule_id)
        return " ".join((player_text(item, lang) if "-R" in rule_id else item.text(lang)).split())

    notes = []
    for entry in adapter.pad_rules:
        if isinstance(entry, tuple):
            notes.append(f"{entry[0]}–{entry[-1].rsplit('-', 1)[-1]}  " + " · ".join(text(r) for r in entry))
        else:
            notes.append(f"{entry}  {text(entry)}")
    return notes


def _frame(adapter: GameAdapter, lang: str, info_top: str, info: list[str]) -> dict[str, Any]:
    deck = adapter.deck
    return {
        "title": deck.title(lang),
        "subtitle": _T["sheet"](lang),
        "band": deck.style.back.color,
        "accent": deck.style.back.accent,
        "info": [info_top, *info],
        "left": _left(adapter, lang),
        "columns": _columns(adapter, lang),
        "notes": _notes(adapter, lang),
    }


def _options_line(match: MatchCreated, lang: str) -> str:
    parts = []
    if match.mode:
        parts.append(f"{_T['mode'](lang)} : {match.mode}" if lang == "fr" else f"Mode: {match.mode}")
    if match.variant:
        parts.append(f"{_T['variant'](lang)}{' :' if lang == 'fr' else ':'} {match.variant}")
    if match.house:
        parts.append(f"{_T['house'](lang)}{' :' if lang == 'fr' else ':'} {', '.join(match.house)}")
    return " · ".join(parts)


def _label(key: str, lang: str) -> str:
    return f"{_T[key](lang)}{' :' if lang == 'fr' else ':'}"


def standings_pad(standings: Standings, lang: str = "en") -> Pad:
    """The filled pad of a match: its rounds, then blank lines up to the game's round limit."""
    adapter = adapter_for(standings.match)
    m = standings.match
    date = standings.created_at[:10]
    info = [f"{_label('date', lang)} {date}    {_label('match', lang)} {standings.match_id}"
            + (f" — {m.title}" if m.title else "")]
    options = _options_line(m, lang)
    if options:
        info.append(options)
    if adapter.pad_layout == "scorecard":
        body = adapter.scorecard_rows(standings, lang)
    else:
        body = _round_rows(adapter, standings, lang)
    pad = Pad(**_frame(adapter, lang, f"cardforge · {m.game}", info), sides=list(m.sides), rows=body[0],
              marked=body[1], foot=_foot(standings, lang))
    if standings.outcome.over:
        key = "winners" if len(standings.outcome.winners) > 1 else "winner"
        rules = f"  ({', '.join(standings.outcome.rules)})" if standings.outcome.rules else ""
        pad.result = f"{_label(key, lang)} {' & '.join(standings.outcome.winners)}{rules}"
    return pad


def _round_rows(adapter: GameAdapter, standings: Standings, lang: str) -> tuple[list, set]:
    rows, marked = [], set()
    running = {side: 0 for side in standings.sides}
    for r in standings.rounds:
        cells = []
        for i, side in enumerate(standings.sides):
            running[side] += r.points.get(side, 0)
            cell = r.cells.get(side, {})
            cells.append([adapter.pad_cell(c, cell, lang) for c in adapter.columns] + [number(running[side])])
            if side in r.winners:
                marked.add((len(rows), i))
        rows.append(([str(r.number), *adapter.round_cells(r.number)], cells))
    limit = adapter.round_limit() or max(adapter.blank_rounds, len(rows) + 3)
    for n in range(len(rows) + 1, limit + 1):
        rows.append(([str(n), *adapter.round_cells(n)], [[] for _ in standings.sides]))
    return rows, marked


def _foot(standings: Standings, lang: str) -> list[tuple[str, list[str]]]:
    winners = set(standings.outcome.winners)
    foot = [(_T["total"](lang), [number(standings.totals[s]) + (" ★" if s in winners else "") for s in standings.sides])]
    m = standings.match
    for tally in standings.tallies:
        values = []
        for side in m.sides:
            if side in tally.values:
                values.append(str(tally.values[side]))
            else:
                team = m.teams[m.sides.index(side)]
                values.append(" / ".join(str(tally.values.get(p, 0)) for p in team))
        foot.append((tally.label(lang), values))
    return foot


def blank_pad(game: str, lang: str = "en") -> Pad:
    """A blank pad to print and fill by hand."""
    from cardforge.table.adapters import adapter_class

    from cardforge.deck import load_deck

    cls = adapter_class(game)
    # as many columns as the game's largest table (issue 27), names written by hand
    match = MatchCreated(game=game, players=("",) * max(cls.blank_players, load_deck(game).players_max))
    adapter = cls(match)
    info = [f"{_label('date', lang)} ____________________    {_label('place', lang)} ____________________"]
    if adapter.pad_layout == "scorecard":
        rows, marked = adapter.scorecard_rows(None, lang)
    else:
        limit = adapter.blank_round_count()
        rows = [([str(n), *adapter.round_cells(n)], [[] for _ in match.players]) for n in range(1, limit + 1)]
        marked = set()
    foot = [(_T["total"](lang), [""] * len(match.players))] + [
        (label(lang), [mark] * len(match.players)) for label, mark in adapter.blank_tallies]
    side = _T["team"] if adapter.team_variant and match.teams else _T["player"]
    return Pad(**_frame(adapter, lang, "cardforge", info), sides=[""] * len(match.players), rows=rows,
               marked=marked, foot=foot, side_label=side(lang))


def _pad_canvas(standings: Standings, lang: str) -> Any:
    from cardforge.table.pad import draw_pads

    return draw_pads([standings_pad(standings, lang)], title=f"{standings.match.game} score sheet")


def pdf_data(standings: Standings, lang: str = "en") -> bytes:
    """The filled score pad of a match, as PDF bytes (``export --out -``)."""
    from cardforge.render.pdf import pdf_bytes

    return pdf_bytes(_pad_canvas(standings, lang))


def png_data(standings: Standings, lang: str = "en", dpi: int = 150) -> bytes:
    """The filled score pad as a PNG (its PDF's first page rasterised by PDFium): the final
    sheet a phone shares."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf_data(standings, lang))
    try:
        image = document[0].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def write_pdf(standings: Standings, path: Path, lang: str = "en") -> Path:
    """The filled score pad of a match."""
    from cardforge.render.pdf import save_pdf

    return save_pdf(_pad_canvas(standings, lang), Path(path))


def write_blank_pdf(game: str, path: Path, lang: str = "en") -> Path:
    """A blank score pad of ``game`` (French page then English page)."""
    from cardforge.render.pdf import save_pdf
    from cardforge.table.pad import draw_pads

    canv = draw_pads([blank_pad(game, "fr"), blank_pad(game, "en")] if lang == "both" else [blank_pad(game, lang)],
                     title=f"{game} score sheet")
    return save_pdf(canv, Path(path))
