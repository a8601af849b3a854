"""The rulebook of a deck of your own: cover, components with card pictures, and the designer's
rules text (``rules: rules.md`` in the deck, Markdown), through the same pipeline as the five
games' books (markup → story → PDF).  There is no engine, so no examples section.

Markdown understood: ``#``/``##`` headings (a section, a sub-section), paragraphs, ``-``/``*``
lists, ``**bold**``, ``*italic*``, ```code```, and ``:icon:`` names (printed as the icon's
character, ``ICON_GLYPHS``).

>>> print(markdown_blocks("# Goal\\n\\nWin **fast**.\\n\\n- one\\n- two"))
<section title="Goal">
<p>Win <b>fast</b>.</p>
<ul><li>one</li><li>two</li></ul>
</section>
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from cardforge.errors import DeckError

__all__ = ["markdown_blocks", "custom_markup", "build_custom_rulebook", "is_deck_path"]

_INLINE = (
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
)


def is_deck_path(name: str) -> bool:
    """``mygame/mygame.yaml`` (or the folder ``mygame``) is a deck of your own, ``rows`` a game."""
    from cardforge.deck.loader import GAMES

    return name.endswith((".yaml", ".yml")) or "/" in name or (name not in GAMES and Path(name).is_dir())


def _inline(text: str) -> str:
    from cardforge.render.inline import ICON_TOKEN
    from cardforge.deck.icons import ICON_GLYPHS

    out = escape(text, quote=False)
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    # :flash: in running text: the icon's character (the cards draw the vector icon)
    return ICON_TOKEN.sub(lambda m: ICON_GLYPHS.get(m.group(1) or m.group(2), m.group(0)), out)


def markdown_blocks(text: str) -> str:
    """Markdown → rulebook markup blocks (sections, paragraphs, lists), text escaped."""
    out: list[str] = []
    depth = 0
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            out.append(f"<p>{_inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
            items.clear()

    for raw in text.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#{1,3})\s+(.*)$", line)
        if heading:
            flush()
            level = min(len(heading.group(1)), 2)
            while depth >= level:
                out.append("</section>")
                depth -= 1
            out.append(f'<section title="{escape(heading.group(2).strip(), quote=True)}">')
            depth = level
        elif re.match(r"^[-*]\s+", line):
            if para:
                flush()
            items.append(re.sub(r"^[-*]\s+", "", line))
        elif not line:
            flush()
        elif items and raw.startswith((" ", "\t")):
            items[-1] += " " + line  # a list item continued on the next line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    out.extend("</section>" for _ in range(depth))
    return "\n".join(out)


def _t(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def _components(deck: Any, lang: str) -> str:
    """A table of what is in the box, and a picture of one card of each kind."""
    counts = deck.all_counts()
    rows = []
    for code, fam in deck.families.items():
        n = sum(c for card, c in counts.items() if card.family == code)
        if n:
            values = sorted({card.value for card in counts if card.family == code})
            span = f"{values[0]}–{values[-1]}" if len(values) > 1 else str(values[0])
            rows.append((fam.family.name(lang), span, n))
    for slug, act in deck.actions.items():
        n = sum(c for card, c in counts.items() if card.action == slug)
        if n:
            rows.append((deck.system.actions[slug].name(lang), act.effect(lang), n))
    head = _t(lang, "<tr><th>Cartes</th><th>Valeurs ou effet</th><th>Nombre</th></tr>",
              "<tr><th>Cards</th><th>Values or effect</th><th>Count</th></tr>")
    body = "".join(f"<tr><td>{escape(a)}</td><td>{_inline(str(b))}</td><td>{n}</td></tr>" for a, b, n in rows)
    total = sum(counts.values())
    samples = []
    for code in deck.families:
        first = next((card for card in counts if card.family == code), None)
        if first is not None:
            samples.append(first.code)
    samples += [slug for slug in deck.actions if any(card.action == slug for card in counts)]
    pictures = " ".join(samples[:8])
    total_line = _t(lang, f"{total} cartes en tout.", f"{total} cards in all.")
    return (f'<table widths="30,55,15">{head}{body}</table>\n<p>{total_line}</p>\n'
            f'<cards codes="{pictures}" scale="0.2"/>')


def _rules_text(deck: Any) -> str:
    if not deck.rules:
        return ""
    from cardforge.deck.paths import deck_inside

    path = deck_inside(deck.source, deck.rules, "rules text", ("rules",))
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DeckError(f"rules: {deck.rules!r} not found beside the deck", file=str(deck.source or "")) from None
    except (UnicodeDecodeError, OSError) as exc:
        raise DeckError(f"rules: {deck.rules!r} cannot be read as UTF-8 text ({exc})", file=str(deck.source or "")) from None


def custom_markup(deck: Any, lang: str) -> str:
    """The whole book as rulebook markup."""
    title = escape(deck.title(lang), quote=False)
    tagline = f"<p>{escape(deck.tagline(lang), quote=False)}</p>" if deck.tagline else ""
    cover_cards = " ".join(c.code for c in list(deck.all_counts())[:3])
    players = _t(lang, "joueurs", "players")
    rules = markdown_blocks(_rules_text(deck))
    if not rules:
        rules = f'<section title="{_t(lang, "Règles", "Rules")}"><p>{_t(lang, "Écrivez vos règles dans le fichier nommé par « rules: » du deck.", "Write your rules in the file the deck names with rules:.")}</p></section>'
    return f"""<book lang="{lang}">
<cover>
  <spacer mm="22"/>
  <title>{title}</title>
  <subtitle>{_t(lang, "Règles du jeu", "Rules of play")}</subtitle>
  {tagline}
  <spacer mm="12"/>
  <cards codes="{cover_cards}" scale="0.24"/>
  <spacer mm="12"/>
  <p><b>{deck.players_min}–{deck.players_max} {players}</b> · {sum(deck.all_counts().values())} {_t(lang, "cartes", "cards")}</p>
</cover>
<toc title="{_t(lang, 'Sommaire', 'Contents')}"/>
<section title="{_t(lang, 'Matériel', 'Components')}" number="">
{_components(deck, lang)}
</section>
{rules}
</book>
"""


def build_custom_rulebook(deck_file: str | Path, lang: str, out: Path, *, paper: str = "a5") -> Path:
    """Build ``out/rulebooks/<deck>-<lang>.pdf`` for the deck file ``deck_file``."""
    from cardforge.atomic import atomic_write_bytes
    from cardforge.deck import load_deck
    from cardforge.rulebook.books import rulebook_path
    from cardforge.rulebook.layout import render_pdf
    from cardforge.rulebook.markup import parse_markup
    from cardforge.rulebook.story import build_story
    from cardforge.rulebook.styles import Palette, make_styles, page_for

    deck = load_deck(Path(deck_file))
    page = page_for(paper)
    markup = parse_markup(custom_markup(deck, lang), source=str(deck.rules or deck_file))
    styles = make_styles(page, Palette(accent=deck.style.back.color, highlight=deck.style.back.accent))
    cover, body = build_story(markup, deck, styles)
    rules_word = _t(lang, "Règles du jeu", "Rules of play")
    pdf = render_pdf(cover, body, styles=styles, deck=deck, lang=lang, title=f"{deck.title(lang)} — {rules_word}",
                     running_title=f"{deck.title(lang)} · {rules_word}")
    path = rulebook_path(out, deck.id, lang, page.name)
    atomic_write_bytes(path, pdf)
    return path
