"""The small block language the rulebook templates produce, parsed and checked.

A template renders to XML made of these elements (anything else is an error naming the
template and the line of its rendered output)::

    <book lang="fr">                      root; ``lang`` selects the typography
      <cover>…</cover>                    the first page: <title>, <subtitle>, <p>, <cards>, <spacer>
      <toc title="Sommaire"/>             the table of contents
      <section title="…" [number="3"]>    a numbered heading (nest one level for sub-sections);
                                          number="" for an unnumbered one, absent: counted
        <p>…</p>  <note>…</note>          paragraphs; a note is a tinted tip box
        <rule id="TRICKS-3.2">…</rule>    a rule of the catalogue, printed with its ID;
        <rule num="3.2">…</rule>          or with a small margin number; or plain (no attribute)
        <ul><li>…</li></ul>               a bulleted list
        <table widths="30,70">            a table; <tr> of <th> (header rows, repeated after a
          <tr><th>…</th></tr>             page break) or <td> cells
        </table>
        <cards codes="RB5 SH5" [label="…"] [captions="P1|P2"] [marks="win cancel"] [scale="0.3"]/>
                                          card illustrations drawn by the card renderer
        <example title="…">…</example>    a worked example, boxed and kept on one page
        <keep>…</keep>                    blocks kept together on one page
        <side [widths="35,65"]>…</side>   its first block (a picture) beside the others
        <scene><line><spot back="3" caption="…"/><spot codes="R4 G2" fan="1"/></line></scene>
                                          a picture of the table: piles of backs, faces
        <flow><step>…</step></flow>       a turn as boxes joined by arrows
        <pagebreak/>  <spacer [mm="4"]/>
    inline, inside p/note/rule/li/th/td/title/subtitle:
        <b>…</b> <i>…</i> <code>…</code> (a card code or command) <br/>

Typography (``typography.typeset``) is applied to the text of each paragraph as a whole, so
``<b>Matériel</b> :`` gets its no-break space too, and to the human-text attributes.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from cardforge.errors import CardforgeError
from cardforge.rulebook.typography import typeset

__all__ = ["Markup", "MarkupError", "parse_markup", "from_markdown", "INLINE", "TEXT_BLOCKS", "SCHEMA"]

#: Inline elements allowed inside text blocks.
INLINE = frozenset({"b", "i", "code", "br"})
#: Blocks whose content is inline text.
TEXT_BLOCKS = frozenset({"p", "note", "rule", "li", "th", "td", "title", "subtitle", "step"})

_FLOW = frozenset({"p", "note", "rule", "ul", "table", "cards", "example", "keep", "pagebreak", "spacer", "side",
                   "scene", "flow"})


@dataclass(frozen=True, slots=True)
class _Spec:
    children: frozenset[str]
    attrs: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()
    text_attrs: frozenset[str] = frozenset()


SCHEMA: dict[str, _Spec] = {
    "book": _Spec(frozenset({"cover", "back", "toc", "section", "pagebreak"}) | _FLOW, frozenset({"lang", "cards"}), frozenset({"lang"})),
    "cover": _Spec(frozenset({"title", "subtitle", "p", "cards", "spacer"})),
    "back": _Spec(frozenset({"title", "p", "cards", "spacer"})),
    "toc": _Spec(frozenset(), frozenset({"title"}), frozenset({"title"}), frozenset({"title"})),
    "section": _Spec(_FLOW | {"section"}, frozenset({"title", "number", "id"}), frozenset({"title"}), frozenset({"title"})),
    "rule": _Spec(INLINE, frozenset({"id", "num"})),
    "ul": _Spec(frozenset({"li"})),
    "table": _Spec(frozenset({"tr"}), frozenset({"widths", "align"})),
    "tr": _Spec(frozenset({"th", "td"})),
    "th": _Spec(INLINE, frozenset({"align"})),
    "td": _Spec(INLINE, frozenset({"align"})),
    "cards": _Spec(frozenset(), frozenset({"codes", "label", "captions", "marks", "scale", "id"}), frozenset({"codes"}),
                   frozenset({"label", "captions"})),
    "example": _Spec(_FLOW - {"example"}, frozenset({"title", "id"}), frozenset({"title"}), frozenset({"title"})),
    "keep": _Spec(_FLOW - {"keep"}),
    "side": _Spec(_FLOW - {"side", "example", "keep"}, frozenset({"widths"})),
    "scene": _Spec(frozenset({"line"}), frozenset({"caption"}), frozenset(), frozenset({"caption"})),
    "line": _Spec(frozenset({"spot"})),
    "spot": _Spec(frozenset(), frozenset({"codes", "back", "caption", "fan"}), frozenset(), frozenset({"caption"})),
    "flow": _Spec(frozenset({"step"})),
    "step": _Spec(INLINE),
    "pagebreak": _Spec(frozenset()),
    "spacer": _Spec(frozenset(), frozenset({"mm"})),
    **{name: _Spec(INLINE) for name in ("p", "note", "li", "title", "subtitle", "b", "i", "code")},
    "br": _Spec(frozenset()),
}

_SENTINEL = "\ue000"  # stands for an inline tag while a paragraph's text is typeset as a whole
_VERBATIM = "\ue001"  # stands for the text of a <code> element, which typography leaves alone


class MarkupError(CardforgeError):
    """The rendered template is not valid rulebook markup: ``template:line: problem``."""


@dataclass(frozen=True)
class Markup:
    """Parsed markup: the element tree, and the rendered line of each element for messages."""

    root: ET.Element
    source: str
    text: str
    lines: dict[int, int]

    def line_of(self, elem: ET.Element) -> int | None:
        return self.lines.get(id(elem))

    def error(self, elem: ET.Element | None, message: str) -> MarkupError:
        """A ``MarkupError`` about ``elem``, quoting its rendered line."""
        return _error(self.source, None if elem is None else self.line_of(elem), message, self.text)


def _error(source: str, line: int | None, message: str, text: str) -> MarkupError:
    excerpt = ""
    if line is not None:
        lines = text.splitlines()
        if 0 < line <= len(lines):
            excerpt = f" (rendered line {line}: {lines[line - 1].strip()[:80]!r})"
    return MarkupError(f"{source}: invalid rulebook markup: {message}{excerpt}")


def _parse_xml(text: str, source: str) -> tuple[ET.Element, dict[int, int]]:
    """Parse with expat directly, so every element keeps the line it starts on."""
    from xml.parsers import expat

    builder = ET.TreeBuilder()
    lines: dict[int, int] = {}
    parser = expat.ParserCreate()

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[id(builder.start(tag, attrs))] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(text, True)
    except expat.ExpatError as exc:
        raise _error(source, exc.lineno, expat.ErrorString(exc.code), text) from None
    return builder.close(), lines


def _check(elem: ET.Element, fail) -> None:
    """Raise (through ``fail(elem, message)``) on anything the schema does not allow."""
    spec = SCHEMA[elem.tag]
    unknown = set(elem.attrib) - spec.attrs
    if unknown:
        allowed = ", ".join(sorted(spec.attrs)) or "none"
        fail(elem, f"<{elem.tag}> has no attribute {sorted(unknown)[0]!r} (attributes: {allowed})")
    missing = spec.required - set(elem.attrib)
    if missing:
        fail(elem, f"<{elem.tag}> needs the attribute {sorted(missing)[0]!r}")
    if elem.tag not in TEXT_BLOCKS and elem.tag not in INLINE and (elem.text or "").strip():
        fail(elem, f"text {elem.text.strip()[:30]!r} directly inside <{elem.tag}>: wrap it in <p>")
    for child in elem:
        if child.tag not in SCHEMA:
            fail(child, f"unknown element <{child.tag}> (known: {', '.join(sorted(SCHEMA))})")
        if child.tag not in spec.children:
            allowed = ", ".join(f"<{c}>" for c in sorted(spec.children)) or "nothing"
            fail(child, f"<{child.tag}> is not allowed inside <{elem.tag}> (allowed: {allowed})")
        if elem.tag not in TEXT_BLOCKS and elem.tag not in INLINE and (child.tail or "").strip():
            fail(child, f"text {child.tail.strip()[:30]!r} directly inside <{elem.tag}>: wrap it in <p>")
        _check(child, fail)


def _check_depth(elem: ET.Element, fail, depth: int = 0) -> None:
    for child in elem:
        if child.tag == "section":
            if depth >= 2:
                fail(child, f"<section title={child.get('title')!r}> is nested too deep (two levels at most)")
            _check_depth(child, fail, depth + 1)
        else:
            _check_depth(child, fail, depth)


def _text_slots(elem: ET.Element, verbatim: bool = False) -> list[tuple[ET.Element, str, bool]]:
    """(element, 'text'|'tail', verbatim) slots of an inline container, in reading order;
    text inside <code> is verbatim (a command or card code keeps its straight quotes)."""
    slots = [(elem, "text", verbatim or elem.tag == "code")]
    for child in elem:
        slots += _text_slots(child, verbatim or child.tag == "code")
        slots.append((child, "tail", verbatim))
    return slots


def _typeset_block(elem: ET.Element, lang: str) -> None:
    slots = _text_slots(elem)
    joined = _SENTINEL.join(_VERBATIM if verbatim else (getattr(e, kind) or "") for e, kind, verbatim in slots)
    parts = typeset(joined, lang).split(_SENTINEL)
    assert len(parts) == len(slots), "typography must not remove inline tags"
    for (e, kind, verbatim), part in zip(slots, parts):
        if not verbatim:
            setattr(e, kind, part)


def _apply_typography(root: ET.Element, lang: str) -> None:
    for elem in root.iter():
        spec = SCHEMA[elem.tag]
        for name in spec.text_attrs & set(elem.attrib):
            elem.set(name, typeset(elem.get(name), lang))
        if elem.tag in TEXT_BLOCKS:
            _typeset_block(elem, lang)


_CODE_SPAN = re.compile(r"`([^`]+)`")
_STRONG_SPAN = re.compile(r"\*\*([^*]+)\*\*")


def from_markdown(text: str) -> Any:
    """Catalogue text with Markdown ```code``` and ``**bold**`` spans, as escaped rulebook markup
    (the templates' ``md`` filter): ``"use `last=full`"`` → ``use <code>last=full</code>``."""
    from markupsafe import Markup as Safe
    from markupsafe import escape as esc

    escaped = str(esc(text))
    escaped = _CODE_SPAN.sub(r"<code>\1</code>", escaped)
    return Safe(_STRONG_SPAN.sub(r"<b>\1</b>", escaped))


def parse_markup(text: str, source: str = "<markup>") -> Markup:
    """Parse and check rendered rulebook markup; apply the typography of its ``lang``.

    ``source`` (the template name) is quoted in a ``MarkupError``, with the rendered line.
    """
    root, lines = _parse_xml(text, source)
    markup = Markup(root, source, text, lines)

    def fail(elem: ET.Element, message: str) -> None:
        raise markup.error(elem, message)

    if root.tag != "book":
        fail(root, f"the root element must be <book>, not <{root.tag}>")
    _check(root, fail)
    _check_depth(root, fail)
    lang = root.get("lang")
    if lang not in ("fr", "en"):
        fail(root, f"<book lang={lang!r}>: expected fr or en")
    _apply_typography(root, lang)
    return markup
