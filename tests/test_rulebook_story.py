"""Markup → flowables: tables repeat their header rows and short ones never split; examples
stay whole when short; rule IDs are run in; headings are numbered from the catalogue."""

from __future__ import annotations

import pytest

from cardforge.deck import load_deck
from cardforge.rulebook.markup import parse_markup
from cardforge.rulebook.story import MIN_ROWS_BEFORE_SPLIT, SHORT_TABLE_ROWS, Heading, build_story
from cardforge.rulebook.styles import Palette, make_styles, page_for


@pytest.fixture(scope="module")
def story():
    styles = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"))
    deck = load_deck("rows")

    def build(body: str):
        return build_story(parse_markup(f'<book lang="en">{body}</book>'), deck, styles)[1]

    return build


def _table_rows(n: int) -> str:
    return "<table><tr><th>Card</th><th>Points</th></tr>" + "".join(
        f"<tr><td>R{i}</td><td>{i}</td></tr>" for i in range(n)) + "</table>"


def test_short_table_is_kept_on_one_page_with_its_header_repeated(story):
    from reportlab.platypus import KeepTogether, Table

    [kept] = story(_table_rows(5))
    assert isinstance(kept, KeepTogether)
    [table] = kept._content
    assert isinstance(table, Table) and table.repeatRows == 1


def test_long_table_splits_only_after_a_few_rows_and_repeats_its_header(story):
    from reportlab.platypus import Table

    from reportlab.platypus import CondPageBreak

    guard, table = story(_table_rows(SHORT_TABLE_ROWS + 5))
    assert isinstance(guard, CondPageBreak) and guard.height == pytest.approx(sum(table._rowHeights[:1 + MIN_ROWS_BEFORE_SPLIT]))
    assert isinstance(table, Table) and table.repeatRows == 1
    head, tail = table.split(300, 120)
    assert tail._cellvalues[0][0][0].text == "Card", "the header row starts the continuation"


def test_table_cells_never_use_helvetica(story):
    """reportlab's cell style defaults to Helvetica (never embedded): every cell is set to DejaVu."""
    [kept] = story(_table_rows(2))
    [table] = kept._content
    assert {cell.fontname for row in table._cellStyles for cell in row} == {"DejaVuSans"}


def test_short_example_is_one_block_long_example_keeps_its_head(story):
    from reportlab.platypus import KeepTogether

    short = story('<example title="t"><p>setup</p><cards codes="R1 R2"/><p>result</p></example>')
    assert len(short) == 1 and isinstance(short[0], KeepTogether)
    steps = "".join(f"<p>step {i} of a very long worked example</p>" for i in range(40))
    long = story(f'<example title="t"><p>setup</p><cards codes="R1 R2"/>{steps}</example>')
    assert len(long) > 3
    head = long[0]._content
    assert [type(f).__name__ for f in head][-1] == "CardStrip", "title, setup and first figure stay together"


def test_rule_ids_are_run_in_and_sections_numbered(story):
    flow = story('<section title="Setup" number="1"><rule id="ROWS-1.1">Deal.</rule></section>'
                 '<section title="Turn"><rule id="ROWS-2.1">Play.</rule></section>'
                 '<section title="Rulings" number=""><p>x</p></section>')
    flow = _unkept(flow)
    headings = [f for f in flow if isinstance(f, Heading)]
    assert [(h.number, h.plain) for h in headings] == [("1", "1. Setup"), ("2", "2. Turn"), ("", "Rulings")]
    rules = [f for f in flow if type(f).__name__ == "Paragraph" and "ROWS-" in f.text]
    assert rules[0].text.startswith("<font") and "ROWS-1.1</font>" in rules[0].text and rules[0].text.endswith("Deal.")


@pytest.mark.parametrize("room_rows", [1, 2, 3, 5, 8, 9, 10])
def test_a_table_splits_only_with_three_rows_on_each_side(story, room_rows):
    """Wherever the page ends, a split leaves at least three body rows above the break and three
    below it (no orphan "Total" row under a repeated header); with too little room, no split."""
    from cardforge.rulebook.story import MIN_ROWS_EACH_SIDE, SplitTable

    table = next(f for f in story(_table_rows(12)) if isinstance(f, SplitTable))
    table.wrap(300, 1e6)
    height = sum(table._rowHeights[:1 + room_rows]) + 0.5
    parts = table.split(300, height)
    if room_rows < MIN_ROWS_EACH_SIDE:
        assert parts == []
    else:
        first, rest = parts
        assert len(first._cellvalues) - 1 >= MIN_ROWS_EACH_SIDE and len(rest._cellvalues) - 1 >= MIN_ROWS_EACH_SIDE
        assert len(first._cellvalues) + len(rest._cellvalues) - 2 == 12


def test_card_pictures_before_a_long_table_move_with_its_first_rows(story):
    """Pictures followed by a table that may split: one ``CondPageBreak`` stands before the
    pictures, tall enough for them and the table's first rows, so they never part."""
    from reportlab.platypus import CondPageBreak

    from cardforge.rulebook.flowables import CardStrip

    flow = story('<section title="Components"><cards codes="R1 G2"/>' + _table_rows(12) + "</section>")
    at = next(i for i, f in enumerate(flow) if isinstance(f, CardStrip))
    guard = [f for f in flow[:at] if isinstance(f, CondPageBreak)][-1]
    assert not isinstance(flow[at + 1], CondPageBreak)
    assert guard.height > flow[at].wrap(300, 1e6)[1]


def test_a_heading_is_kept_with_what_follows_it(story):
    """reportlab's keepWithNext gives up before a block that is itself kept together (a legend,
    an example): the heading and that block are kept together instead."""
    from reportlab.platypus import KeepTogether

    flow = story('<section title="Reading the examples"><keep><p>On the cards:</p><cards codes="R1"/></keep></section>')
    kept = next(f for f in flow if isinstance(f, KeepTogether))
    assert isinstance(kept._content[0], Heading) and len(kept._content) == 3


def _unkept(flow):
    """The flowables with every ``KeepTogether`` opened."""
    from reportlab.platypus import KeepTogether

    return [g for f in flow for g in (_unkept(f._content) if isinstance(f, KeepTogether) else [f])]
