"""Worked examples of Num Rangées, resolved by ``cardforge.games.rows.place_cards``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardforge.cards import Text, parse_cards
from cardforge.games import rows as engine
from cardforge.rulebook.examples import PLAYERS, Example, Figure, Table, points, require, signed, steps_of

__all__ = ["examples", "tables"]

_ROW_NAMES = {"B": Text("Bleu", "Blue"), "R": Text("Rouge", "Red"), "Y": Text("Jaune", "Yellow"), "G": Text("Vert", "Green")}


def _table(**given: str) -> dict[str, list]:
    """The four rows: each colour's 0 unless given as codes (``B="B0 B3"``)."""
    rows = engine.default_rows()
    for colour, codes in given.items():
        rows[colour] = parse_cards(codes)
    return rows


def _plays(**given: str) -> dict[str, Any]:
    """Revealed cards: ``_plays(Bruno="B9")`` → {"Bruno": Card("B9")}."""
    return {player: parse_cards(code)[0] for player, code in given.items()}


def _facts(result: engine.PlacementResult) -> dict[str, Any]:
    return {
        "rows": {c: [card.code for card in result.rows[c]] for c in engine.ROW_COLOURS},
        "captured": {p: [card.code for card in cards] for p, cards in result.captured.items()},
        "discarded": [card.code for card in result.discarded],
        "points": {p: engine.score_pile(cards) for p, cards in result.captured.items()},
    }


def _row_figures(rows: Mapping[str, list], colours: list[str]) -> tuple[Figure, ...]:
    return tuple(Figure(tuple(c.code for c in rows[colour]), label=_ROW_NAMES[colour]) for colour in colours)


def _outcome(facts: Mapping[str, Any]) -> Text:
    fr, en = [], []
    for player, codes in facts["captured"].items():
        if codes:
            pts = points(facts["points"][player])
            fr.append(f"{player} récupère {' '.join(codes)} ({pts})")
            en.append(f"{player} takes {' '.join(codes)} ({pts})")
        else:
            fr.append(f"{player} ne récupère rien")
            en.append(f"{player} takes nothing")
    if facts["discarded"]:
        fr.append(f"{' '.join(facts['discarded'])} sont défaussées")
        en.append(f"{' '.join(facts['discarded'])} are discarded")
    return Text(fr="Résultat : " + " ; ".join(fr) + ".", en="Result: " + "; ".join(en) + ".")


def _command(rows: Mapping[str, list], plays: Mapping[str, Any], explosion: bool) -> str:
    start = engine.default_rows()
    parts = ["cardforge referee rows play"]
    parts += [f"--row {c}={','.join(x.code for x in rows[c])}" for c in engine.ROW_COLOURS if rows[c] != start[c]]
    if explosion:
        parts.append("--variant explosion")
    parts += [f"{p}={card.code}" for p, card in plays.items()]
    return " ".join(parts)


def _example(id: str, title: Text, rules: tuple[str, ...], setup: Text, rows: dict, plays: dict,
             promise: str, shows, *, explosion: bool = False, all_rows: bool = False) -> Example:
    """Resolve one reveal with the engine and turn it into an example showing the touched rows."""

    def recompute() -> dict[str, Any]:
        return _facts(engine.place_cards(rows, plays, explosion=explosion))

    result = engine.place_cards(rows, plays, explosion=explosion)
    facts = _facts(result)
    require(shows(result), id, promise)
    touched = [c for c in engine.ROW_COLOURS if facts["rows"][c] != [x.code for x in rows[c]]]
    shown = list(engine.ROW_COLOURS) if all_rows else touched
    taken = [(p, codes) for p, codes in facts["captured"].items() if codes]
    return Example(
        id=id, title=title, rules=rules, setup=setup,
        before=_row_figures(rows, shown) + (
            Figure(tuple(card.code for card in plays.values()), label=Text("Révélées", "Revealed"),
                   captions=tuple(plays)),),
        after=_row_figures(result.rows, touched) + tuple(
            Figure(tuple(codes), label=Text(p, p), marks=("take",) * len(codes)) for p, codes in taken),
        before_caption=Text("Avant la révélation", "Before the reveal"),
        after_caption=Text("Après le placement", "After placement"),
        steps=steps_of(result.steps), outcome=_outcome(facts), facts=facts, recompute=recompute,
        command=_command(rows, plays, explosion),
    )


def _shows(rule: str):
    """The promise "the engine applied ``rule``"."""
    return lambda result: any(e.rule == rule for e in result.events)


def examples() -> list[Example]:
    """The examples of the Num Rangées rulebook, each a reveal on given rows."""
    a, b, c = PLAYERS[:3]
    fifth_rows = {"B": "B0 B3 B5 B8"}
    fifth_setup = Text(f"La rangée Bleue a 4 cartes ; {a} révèle B9 et {b} B12.",
                       f"The Blue row holds 4 cards; {a} reveals B9 and {b} B12.")
    # (id, title, rules, setup, rows, plays, promise, shows, options)
    specs = [
        ("rows-lower", Text("Ordre croissant et carte inférieure", "Ascending order and a lower card"),
         ("ROWS-3.1", "ROWS-2.3", "ROWS-3.2"),
         Text(f"{a} révèle R4, {b} R9 et {c} R11 ; la rangée Rouge finit par R6.",
              f"{a} reveals R4, {b} R9 and {c} R11; the Red row ends with R6."),
         {"R": "R2 R6"}, {a: "R4", b: "R9", c: "R11"}, "a lower card taking the first card", _shows("ROWS-3.1"), {}),
        ("rows-rainbow", Text("Une Rainbow sur la rangée la plus proche", "A Rainbow on the closest row"),
         ("ROWS-4.1", "ROWS-4.2"),
         Text(f"{a} révèle RB7 et {b} RB1 ; les rangées finissent par B5, R3, Y8 et G2.",
              f"{a} reveals RB7 and {b} RB1; the rows end with B5, R3, Y8 and G2."),
         {"B": "B0 B5", "Y": "Y0 Y8", "R": "R0 R3", "G": "G4 G2"}, {a: "RB7", b: "RB1"},
         "a Rainbow placed and a Rainbow that fits nowhere",
         lambda r: {e.rule for e in r.events} >= {"ROWS-4.1", "ROWS-4.2"}, {"all_rows": True}),
        ("rows-shadow", Text("Une Shadow qui ne va nulle part", "A Shadow that fits nowhere"), ("ROWS-5.2", "ROWS-5.1"),
         Text(f"Toutes les rangées finissent au-dessus de 4 ; {a} révèle SH4 et {b} SH12.",
              f"Every row ends above 4; {a} reveals SH4 and {b} SH12."),
         {"B": "B0 B9", "R": "R0 R5", "Y": "Y0 Y7", "G": "G0 G11"}, {a: "SH4", b: "SH12"},
         "a Shadow taken by its own player", _shows("ROWS-5.2"), {"all_rows": True}),
        ("rows-fifth", Text("La 5e carte récupère la rangée", "The 5th card takes the row"),
         ("ROWS-6.1", "ROWS-6.2", "ROWS-6.3"), fifth_setup, fifth_rows, {a: "B9", b: "B12"},
         "a 5th-card capture", _shows("ROWS-6.1"), {}),
        ("rows-explosion", Text("La même révélation avec la variante Explosion", "The same reveal with the explosion variant"),
         ("ROWS-8.1", "ROWS-8.2", "ROWS-8.3"),
         Text(f"Mêmes cartes que l'exemple précédent. {fifth_setup.fr}", f"Same cards as the previous example. {fifth_setup.en}"),
         fifth_rows, {a: "B9", b: "B12"}, "an explosion", lambda r: bool(r.discarded), {"explosion": True}),
    ]
    return [_example(id, title, rules, setup, _table(**rows), _plays(**plays), promise, shows, **options)
            for id, title, rules, setup, rows, plays, promise, shows, options in specs]


def tables() -> list[Table]:
    """A scoring table: what a few captured piles are worth (``score_pile``)."""
    piles = ["R5 RB7 B0", "G12 SH3", "SH9 SH2 Y4", "RB16 R1 SH16"]
    return [Table(
        id="rows-scoring",
        title=Text("Exemples de décompte", "Scoring examples"),
        header=(Text("Cartes récupérées", "Captured cards"), Text("Points", "Points")),
        rows=tuple((pile, signed(engine.score_pile(parse_cards(pile)))) for pile in piles),
        rules=("ROWS-7.1", "ROWS-7.2"),
    )]
