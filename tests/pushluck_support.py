"""Helpers for the ``sequence`` and ``collection`` tests: stack the piles with known cards and
play moves by their written form (``"draw A"``, ``"lock"``, ``"play reserve[0] simple -> p1"``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from cardforge.cards import Card
from cardforge.deck import default_system

SYSTEM = default_system()


def cards(codes: str) -> list[Card]:
    return SYSTEM.parse_many(codes)


def _take(state, card: Card) -> Card:
    for pile in state.piles:
        if card in pile:
            pile.remove(card)
            return card
    raise AssertionError(f"{card} is not in the piles")


def stack(state, a: str = "", b: str = "") -> None:
    """Put these cards on top of pile A and pile B (the first listed is drawn first)."""
    for index, codes in ((0, a), (1, b)):
        chosen = [_take(state, c) for c in cards(codes)]
        state.piles[index].extend(reversed(chosen))


def give(state, player: int, *, sequence: str = "", reserve: str = "", secured: str = "") -> None:
    """Move cards from the piles into a player's open sequence, reserve or secured sequences."""
    state.sequences[player].extend(_take(state, c) for c in cards(sequence))
    state.reserves[player].extend(_take(state, c) for c in cards(reserve))
    if secured:
        state.secured[player].append([_take(state, c) for c in cards(secured)])


def moves(state) -> list[str]:
    return [state.action_to_string(m) for m in state.legal_actions()]


def play(state, *written: str) -> None:
    """Apply moves given by their written form; fail clearly if one is not legal."""
    for text in written:
        legal = {state.action_to_string(m): m for m in state.legal_actions()}
        assert text in legal, f"{text!r} is not legal for p{state.player} ({state.phase}); legal: {list(legal)}"
        state.apply_action(legal[text])


def codes(zone) -> list[str]:
    return [c.code for c in zone]


def conserved(state) -> bool:
    return state.card_count() == Counter(state.cards)



# -- collection rounds -----------------------------------------------------------------------

FILLER = ("Y10", "Y11", "Y12")  # a secured card for players a test gives no collection
LAST_TURN = ("G1", "B2", "Y3")  # the one-card sequence each other player locks on their last turn


def simple_round(state, collections: dict[int, str]) -> None:
    """Each player secures the given cards (or a filler card), the turn count reaches the
    minimum of COLLECTION-7.3, the current player declares the end of the round and every other
    player locks a one-card sequence on their last turn: the round is then being validated."""
    n = state.num_players
    for p in range(n):
        give(state, p, secured=collections.get(p) or FILLER[p])
    state.turns_played = n + 1
    declarer = state.player
    for p in range(n):
        if p != declarer:
            give(state, p, sequence=LAST_TURN[p])
    play(state, "declare end of round")
    for _ in range(n - 1):
        play(state, "lock")

# -- the rule catalogue against the designer's sheet ------------------------------------------

SEEDS = Path(__file__).parent / "sheets"  # copies of ../shared/seeds (tests/test_sheets.py)
TESTS = Path(__file__).parent


def _norm(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).casefold()


def sheet_holds(sheet: str, rule_fr: str) -> bool:
    """Whether a catalogue sentence is the sheet's own text: verbatim, after a card's name
    (``Infini : …``), or, for a scorecard line, as the cells of one table row."""
    body = _norm(sheet)
    text = _norm(rule_fr)
    if text in body:
        return True
    name, _, rest = text.partition(" : ")
    if rest and rest in body and name.split()[0] in body:
        return True
    row = re.match(r"^(.+?) : (.+?) — (.+) \((?:famille )?(.+?)\)\.$", text)
    if row:
        rows = [{_norm(cell) for cell in line.split("|")} for line in sheet.splitlines() if "|" in line]
        return any(set(row.groups()) <= cells for cells in rows)
    return False


def cited_in_tests(game: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(TESTS.glob(f"test_{game}_*.py")))


def catalogue_tests(game: str, sheet_name: str):
    """The three catalogue tests of one game (French = the sheet's text, every rule and ruling
    tested, IDs numbered by section), for a test module to bind at top level."""
    import pytest

    from cardforge.rules import load_rules

    book, sheet = load_rules(game), SEEDS / sheet_name

    @pytest.mark.skipif(not sheet.is_file(), reason="the designer's sheets are not in this checkout")
    @pytest.mark.parametrize("rule", [r for s in book.sections for r in s.rules], ids=lambda r: r.id)
    def test_french_is_the_sheets_text(rule):
        assert sheet_holds(sheet.read_text(encoding="utf-8"), rule.text.fr), rule.text.fr

    def test_every_rule_and_ruling_has_a_test():
        cited = cited_in_tests(game)
        assert [rid for rid in book.ids() if not re.search(re.escape(rid) + r"(?!\d)", cited)] == []

    def test_ids_are_numbered_by_section():
        prefix = game.upper()
        for section in book.sections:
            assert [r.id for r in section.rules] == [f"{prefix}-{section.id}.{n}" for n in range(1, len(section.rules) + 1)]

    return test_french_is_the_sheets_text, test_every_rule_and_ruling_has_a_test, test_ids_are_numbered_by_section
