"""Validate = render for layouts (issue #31, item 5): every number a layout gives is finite and
bounded, every colour is checked, a pattern's work is bounded, an ``extends`` chain is short,
and a failing layout is loaded once — so ``validate`` refuses in one line what ``render``
would crash or hang on, and ``render`` never does either."""

from __future__ import annotations

import pytest

from cardforge.cards import Card
from cardforge.deck import load_deck
from cardforge.deck.loader import validate_file
from cardforge.errors import DeckError
from tests.cli_helpers import one_finding, one_line_error
from tests.render_support import MINI_DECK, write_mini_deck

HEAD = "kind: layout\nid: mine\nextends: num\nfaces:\n  number:\n    elements:\n      bad:\n"
BOX = "        cx: 50%\n        cy: 50%\n        width: 20%\n        height: 20%\n"
#: case → the element's keys (under ``bad:``), and a fragment of the one refusal
CASES = {
    "fill red": ("type: rect\n" + "fill: red", "fill: 'red' is not a colour"),
    "text color red": ("type: text\ntext: hi\ncolor: red", "color: 'red' is not a colour"),
    "pattern colors names": ("type: pattern\npattern: bands\ncolors: [red, blue]", "colors: 'red' is not a colour"),
    "x inf": ("type: rect\nx: .inf", "x: inf is not a usable length"),
    "x -1e308": ("type: rect\nx: -1e308", "x: -1e+308 is not a usable length"),
    "x 400 digits": ("type: rect\nx: " + "9" * 400, "(400 characters) is not a usable length"),
    "width nan": ("type: rect\nwidth: .nan", "width: nan is not a usable length"),
    "width -5": ("type: rect\nwidth: -5", "width is -5 mm on this card; a size cannot be negative"),
    "height -3mm": ("type: ellipse\nheight: '-3mm'", "height is -3 mm on this card"),
    "rotate 1e308": ("type: rect\nrotate: 1e308", "rotate: 1e+308 is not a usable angle"),
    "rotate nan": ("type: rect\nrotate: .nan", "rotate: nan is not a usable angle"),
    "angle inf": ("type: pattern\npattern: stripes\nangle: .inf", "angle: inf is not a usable angle"),
    "gap nan": ("type: pattern\npattern: dots\ngap: .nan", "gap: nan is not a usable length"),
    "gap 0.0001mm dots": ("type: pattern\npattern: dots\ngap: 0.0001mm", "marks on this card (at most 50,000)"),
    "gap 0.0001mm tile": ("type: pattern\npattern: tile\ngap: 0.0001mm", "widen the gap"),
    "gap -2": ("type: pattern\npattern: stripes\ngap: -2", "gap is -2 mm on this card"),
    "text size inf": ("type: text\ntext: hi\nsize: .inf", "size: inf is not a usable length"),
    "text size 1e308": ("type: text\ntext: hi\nsize: 1e308", "size: 1e+308 is not a usable length"),
    "stroke_width inf": ("type: rect\nstroke: '#000000'\nstroke_width: .inf", "stroke_width: inf is not a usable length"),
    "radius nan": ("type: rect\nradius: .nan", "radius: nan is not a usable length"),
    "padding 1e308": ("type: text\ntext: hi\npadding: 1e308", "padding: 1e+308 is not a usable length"),
    "ring size -1": ("type: ring\nsize: -1", "size is -1 mm on this card"),
}


def _write(tmp_path, keys: str):
    lines = "".join(f"        {line}\n" for line in keys.splitlines())
    (tmp_path / "mine.yaml").write_text(HEAD + lines + (BOX if "width" not in keys and "height" not in keys else ""),
                                        encoding="utf-8")
    return write_mini_deck(tmp_path, MINI_DECK + "layout: mine.yaml\n")


def _problems(path) -> list[DeckError]:
    """What ``cardforge validate`` finds: the deck check, then every face resolved."""
    from cardforge.render.check import check_deck

    try:
        validate_file(path)
    except DeckError as exc:
        return [exc]
    return check_deck(load_deck(path))[0]


@pytest.mark.parametrize("case", CASES)
def test_validate_refuses_a_bad_layout_number_or_colour_in_one_problem_and_render_too(tmp_path, case):
    keys, fragment = CASES[case]
    path = _write(tmp_path, keys)
    problems = _problems(path)
    assert len(problems) == 1, [str(p) for p in problems]
    assert str(problems[0]).startswith(f"{tmp_path / 'mine.yaml'}:7:7: element 'bad': "), str(problems[0])
    assert fragment in str(problems[0])
    from cardforge.render.facepages import faces_pdf

    with pytest.raises(DeckError, match="element 'bad'"):
        faces_pdf(load_deck(path) if "length" not in fragment and "angle" not in fragment else _no_deck(path),
                  [Card("R", 1), None], lang="en")


def _no_deck(path):
    """A layout that does not compile fails the deck's own load (so ``render`` stops there)."""
    load_deck(path)
    raise AssertionError("the deck loaded")


@pytest.mark.parametrize("case", ["fill red", "gap 0.0001mm dots", "text size inf", "x 400 digits"])
def test_the_cli_refuses_it_in_one_line(tmp_path, cli, case):
    path = _write(tmp_path, CASES[case][0])
    one_finding(cli("validate", str(path)), "mine.yaml:7:7: element 'bad': ", CASES[case][1])
    one_line_error(cli("render", str(path), "--format", "sheets", "--out", str(tmp_path / "out")), CASES[case][1])


def test_a_big_but_finite_text_size_fits_quickly_or_is_refused(tmp_path):
    """20,000 pt starts the fitting below the box height, not 40,000 half-point steps above it."""
    from cardforge.render.textfit import fit_text

    fitted = fit_text("hi", "DejaVuSans", 50.0, 20.0, 20_000.0, 6.0)
    assert fitted.size <= 20.0 and (20_000.0 - fitted.size) % 0.5 == 0  # still on the 0.5 pt steps from the top
    assert _problems(_write(tmp_path, "type: text\ntext: hi\nsize: 20000")) == []


def test_an_extends_chain_longer_than_the_limit_names_the_file_that_exceeds_it(tmp_path):
    from cardforge.deck.layout import MAX_EXTENDS

    for i in range(MAX_EXTENDS + 3):
        parent = f"l{i + 1}.yaml" if i < MAX_EXTENDS + 2 else "num"
        (tmp_path / f"l{i}.yaml").write_text(f"kind: layout\nid: l{i}\nextends: {parent}\n", encoding="utf-8")
    path = write_mini_deck(tmp_path, MINI_DECK + "layout: l0.yaml\n")
    with pytest.raises(DeckError, match=rf"l{MAX_EXTENDS}\.yaml:3:10: extends: more than {MAX_EXTENDS} layouts extend each other"):
        validate_file(path)
    (tmp_path / "l5.yaml").write_text("kind: layout\nid: l5\nextends: num\n", encoding="utf-8")
    assert "ok" in validate_file(path)


def test_an_alias_bomb_in_a_layout_is_refused_as_in_a_deck(tmp_path):
    bomb = "kind: layout\nid: mine\nextends: num\nvars:\n  a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i in range(1, 8):
        bomb += f"  {'b' * i}: &{'b' * i} [{', '.join(['*' + ('b' * (i - 1) if i > 1 else 'a')] * 10)}]\n"
    (tmp_path / "mine.yaml").write_text(bomb, encoding="utf-8")
    path = write_mini_deck(tmp_path, MINI_DECK + "layout: mine.yaml\n")
    with pytest.raises(DeckError, match=r"mine.yaml:\d+:\d+: .*alias"):
        validate_file(path)


def test_a_failing_layout_is_loaded_once_per_render(tmp_path, monkeypatch):
    from cardforge.deck import layout as layout_module
    from cardforge.render.check import check_deck

    path = _write(tmp_path, CASES["fill red"][0])
    deck = load_deck(path)
    (tmp_path / "mine.yaml").write_text(HEAD + "        type: rect\n        x: .inf\n", encoding="utf-8")
    layout_module._load_cached.cache_clear()
    reads = []
    real = layout_module._read
    monkeypatch.setattr(layout_module, "_read", lambda p: reads.append(p) or real(p))
    problems, _ = check_deck(deck)  # every face of the deck, in both languages
    assert len(problems) == 1 and "x: inf is not a usable length" in str(problems[0])
    assert len(reads) == len(set(reads)) == 2  # mine.yaml and the num.yaml it extends, once each


def test_a_layout_var_that_gives_no_usable_value_is_one_problem(tmp_path):
    """Found by tests/test_fuzz_decks.py: ``vars: {safe_ratio: 10**400}`` made ``readable()`` raise
    an OverflowError out of ``validate`` (a var is evaluated outside any element)."""
    (tmp_path / "mine.yaml").write_text("kind: layout\nid: mine\nextends: num\nvars:\n  safe_ratio: 1" + "0" * 400 + "\n",
                                        encoding="utf-8")
    path = write_mini_deck(tmp_path, MINI_DECK + "layout: mine.yaml\n")
    problems = _problems(path)
    assert len(problems) == 1 and "gives no usable value" in str(problems[0]), [str(p) for p in problems]
    from cardforge.render.facepages import faces_pdf

    with pytest.raises(DeckError, match="gives no usable value"):
        faces_pdf(load_deck(path), [Card("R", 1)], lang="en")
