"""Rulebook templates (sandboxed, strict) and the markup they produce: errors name the template
and the line; typography applies per paragraph; card codes are checked against the deck."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardforge.errors import CardforgeError
from cardforge.paths import templates_dir
from cardforge.rulebook.markup import MarkupError, from_markdown, parse_markup
from cardforge.rulebook.templates import TemplateError, render_template
from cardforge.rulebook.typography import NBSP, NNBSP


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "rulebook").mkdir()
    return tmp_path


def _write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text, encoding="utf-8")


def test_undefined_variable_names_template_and_line(folder):
    """StrictUndefined: a misspelt variable is an error with file and line, not an empty string."""
    _write(folder, "rulebook/x.j2", "<book lang=\"fr\">\n<p>{{ titel }}</p>\n</book>\n")
    with pytest.raises(TemplateError) as info:
        render_template("rulebook/x.j2", {"title": "Num"}, folder=folder)
    assert str(info.value).endswith("rulebook/x.j2:2: 'titel' is undefined")
    assert info.value.line == 2


def test_undefined_attribute_in_a_parent_template_names_the_parent(folder):
    _write(folder, "rulebook/layout.j2", "a\nb\n{{ deck.famillies }}\n")
    _write(folder, "rulebook/game.j2", '{% extends "rulebook/layout.j2" %}\n')
    with pytest.raises(TemplateError) as info:
        render_template("rulebook/game.j2", {"deck": {"families": 1}}, folder=folder)
    assert "rulebook/layout.j2:3:" in str(info.value)
    assert "famillies" in str(info.value)


def test_syntax_error_names_template_and_line(folder):
    _write(folder, "rulebook/x.j2", "line 1\nline 2\n{% if %}\n")
    with pytest.raises(TemplateError) as info:
        render_template("rulebook/x.j2", {}, folder=folder)
    assert "rulebook/x.j2:3: syntax error" in str(info.value)


def test_sandbox_forbids_python_internals(folder):
    """Templates a designer edits cannot reach Python internals."""
    _write(folder, "rulebook/x.j2", "{{ ''.__class__.__mro__[1].__subclasses__() }}\n")
    with pytest.raises(TemplateError) as info:
        render_template("rulebook/x.j2", {}, folder=folder)
    assert "rulebook/x.j2:1" in str(info.value)


def test_missing_template(folder):
    with pytest.raises(TemplateError, match="rulebook/none.j2: template not found"):
        render_template("rulebook/none.j2", {}, folder=folder)


def test_values_are_escaped_so_rule_texts_cannot_break_the_markup(folder):
    _write(folder, "rulebook/x.j2", '<book lang="en"><p>{{ text }}</p></book>')
    out = render_template("rulebook/x.j2", {"text": "a < b & <b>c</b>"}, folder=folder)
    markup = parse_markup(out)
    assert markup.root.find("p").text == "a < b & <b>c</b>"


def test_markdown_code_spans_of_catalogue_texts():
    assert str(from_markdown("with `last=full` & **all**")) == "with <code>last=full</code> &amp; <b>all</b>"


def test_markup_error_quotes_the_rendered_line():
    with pytest.raises(MarkupError) as info:
        parse_markup('<book lang="fr">\n<p>ok</p>\n<foo/>\n</book>', "templates/rulebook/x.j2")
    message = str(info.value)
    assert message.startswith("templates/rulebook/x.j2: invalid rulebook markup: unknown element <foo>")
    assert "rendered line 3" in message


@pytest.mark.parametrize(
    ("markup", "problem"),
    [
        ('<book lang="fr"><section><p>x</p></section></book>', "<section> needs the attribute 'title'"),
        ('<book lang="fr"><table>loose</table></book>', "text 'loose' directly inside <table>"),
        ('<book lang="fr"><p><table/></p></book>', "<table> is not allowed inside <p>"),
        ('<book lang="de"></book>', "expected fr or en"),
        ('<book lang="fr"><p>unclosed</book>', "mismatched tag"),
        ('<book lang="fr"><rule ref="1">x</rule></book>', "<rule> has no attribute 'ref'"),
    ],
)
def test_markup_is_checked(markup, problem):
    with pytest.raises(MarkupError, match=re.escape(problem)):
        parse_markup(markup)


def test_typography_spans_inline_tags_and_skips_code():
    """« <b>Matériel</b> : » gets its no-break space across the tag; a command in <code> keeps
    its straight quotes."""
    markup = parse_markup('<book lang="fr"><p><b>Matériel</b> : voir <code>--trick "RB9"</code> "ici"</p></book>')
    p = markup.root.find("p")
    assert p.find("b").tail.startswith(f"{NBSP}:")
    assert p.find("code").text == '--trick "RB9"'
    assert p.find("code").tail == f" «{NNBSP}ici{NNBSP}»"


def test_unknown_card_code_in_a_template_is_an_error_naming_the_line():
    from cardforge.deck import load_deck
    from cardforge.rulebook.story import build_story
    from cardforge.rulebook.styles import Palette, make_styles, page_for

    markup = parse_markup('<book lang="fr">\n<cards codes="RB7 RB17"/>\n</book>', "templates/rulebook/t.j2")
    styles = make_styles(page_for("a5"), Palette("#143D59", "#F4B400"))
    with pytest.raises(CardforgeError) as info:
        build_story(markup, load_deck("tricks"), styles)
    assert "templates/rulebook/t.j2" in str(info.value) and "'RB17'" in str(info.value)
    assert "rendered line 2" in str(info.value)


def test_templates_never_copy_a_rule_text():
    """One source per rule: no template contains a sentence of the rule catalogue."""
    from cardforge.deck import GAMES
    from cardforge.rules import load_rules

    texts = " ".join(p.read_text(encoding="utf-8") for p in (templates_dir() / "rulebook").glob("*.j2"))
    for game in GAMES:
        book = load_rules(game)
        for section in book.sections:
            for r in section.rules:
                for sentence in (r.text.fr, r.text.en):
                    if len(sentence) > 25:
                        assert sentence not in texts, f"{r.id} is copied into a template"


def test_a_custom_deck_goes_through_the_same_pipeline_without_an_engine(tmp_path):
    """A deck with its own rules text (a ``RuleBook``) and no engine nor examples gets the three
    books from the shared layouts: the pipeline needs no game module."""
    from pypdf import PdfReader

    from cardforge.cards import Text
    from cardforge.deck import load_deck
    from cardforge.rulebook.books import build_book
    from cardforge.rules import BookInfo, Rule, RuleBook, Section

    rules = RuleBook(game="mydeck", title=Text("Mon jeu", "My game"), rulings=(),
                     sections=(Section("1", Text("Tour", "A turn"), (Rule("MYDECK-1.1", Text("Jouez une carte.", "Play a card.")),)),),
                     book=BookInfo(turn=(Text("Jouez une carte.", "Play a card."),), scoring=(Text("1 point.", "1 point."),)))
    deck = load_deck("rows")
    for kind in ("player", "reference", "comprehensive"):
        path = build_book("mydeck", "en", tmp_path, kind=kind, deck=deck, rules=rules)
        text = "".join(page.extract_text() for page in PdfReader(path).pages)
        assert "Play a card." in text, kind
