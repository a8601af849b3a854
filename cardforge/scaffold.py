"""``cardforge new NAME``: a deck folder a designer can render at once and then make their own.

The folder holds the deck (with a ``$schema`` modeline pointing at a schema copied beside it,
so an editor completes and checks keys offline), a layout extending the bundled one, a sample
back picture, the rules text in Markdown and the card data as a CSV table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardforge.errors import UsageError
from cardforge.i18n import refusal

__all__ = ["scaffold"]

_SLUG = re.compile(r"^[a-z][a-z0-9]*$")

_DECK = """\
# yaml-language-server: $schema=schema/deck.schema.json
#
# {title}: a deck of your own.  `cardforge validate {name}.yaml` checks it (every problem, with
# its line); `cardforge render {name}.yaml --format sheets,png,tts` prints it;
# `cardforge rulebook {name}.yaml` makes its rulebook from rules.md.
id: {name}
extends: base          # the bundled Num card family: families, action cards, default style
layout: layout.yaml    # how a card looks: extends the bundled 'num' layout
title: {{fr: {title}, en: {title}}}
tagline: {{fr: Un jeu de cartes à vous, en: A card game of your own}}
players: {{min: 2, max: 5}}
rules: rules.md

# Three colours of 1 to 9, two copies each, plus two action cards (their texts below).
families:
  R: {{values: {{min: 1, max: 9}}, copies: 2}}
  G: {{values: {{min: 1, max: 9}}, copies: 2}}
  B: {{values: {{min: 1, max: 9}}, copies: 2}}
actions:
  passe:
    count: 2
    effect:
      fr: "L’adversaire de votre choix passe son prochain tour :skip:."
      en: "An opponent of your choice skips their next turn :skip:."
  flash:
    count: 2
    effect:
      fr: "Tout le monde montre sa main ; la plus petite carte est défaussée."
      en: "Everyone shows their hand; the lowest card is discarded."

# The cards could come from a spreadsheet instead of the families above: cards: cards.csv
card: {{size: poker}}
style:
  back: {{image: art/back.png, title: {{fr: {title}, en: {title}}}}}
"""

_LAYOUT = """\
# yaml-language-server: $schema=schema/layout.schema.json
#
# Your layout: everything of the bundled 'num' layout, changed where you say so.  Elements are
# merged by name (null removes one); docs/layouts.md in cardforge lists every element and key.
kind: layout
id: {name}
extends: num

faces:
  number:
    elements:
      # a thin caption under the big number, as an example of a text element
      caption:
        type: text
        cx: 50%
        cy: 81%
        width: 60%
        height: 5%
        text: "{{deck.title}}"
        font: style.font_bold
        size: 6pt
        color: style.frame
        wrap: false
"""

_RULES = """\
# {title}

## Goal

Be the first to get rid of all your cards.

## Setup

Shuffle the deck and deal 7 cards to each player. Put the rest face down as the draw pile and
turn its top card face up beside it.

## Playing

On your turn, play a card of the same colour or the same value as the top card, or draw one.
An action card does what it says, then play passes on.

## End of the game

The first player with no cards left wins the round.
"""

_CSV = """\
card,count,note
R1,2,a first card
R2,2,
G1,2,
G2,2,
passe,1,
"""


# -- a deck of free cards (``cardforge new NAME --free``): any game, cards as rows of fields -----

_FREE_DECK = """\
# yaml-language-server: $schema=schema/deck.schema.json
#
# {title}: a deck of your own game.  `cardforge validate {name}.yaml` checks it (every problem,
# with its line); `cardforge render {name}.yaml --format sheets,png,tts` prints it.
id: {name}
title: {title}
languages: [en]        # one language: texts are plain strings ([en, fr]: {{en: …, fr: …}})
cards: cards.csv       # one row a card, any columns; 'count' is its copies
card: {{size: poker}}    # or bridge, tarot, mini, square, landscape, or width_mm/height_mm
layout: layout.yaml    # how a card looks: extends the bundled 'fields' layout
style:
  back: {{title: {title}}}
"""

_FREE_LAYOUT = """\
# yaml-language-server: $schema=schema/layout.schema.json
#
# The bundled 'fields' layout shows a card's name and then every other field as a line; this
# one shows the cost in a circle and the text alone.  docs/layouts.md lists every element.
kind: layout
id: {name}
extends: fields
faces:
  card:
    elements:
      body: {{text: "{{card.text}}", align: center, valign: middle}}
      cost_disc: {{type: ellipse, anchor: safe, right: 1%s, y: 1%s, width: 14%s, height: 14%s, fill: style.paper}}
      cost: {{type: text, anchor: safe, right: 1%s, y: 1%s, width: 14%s, height: 14%s, text: "{{card.cost}}",
              font: style.font_bold, size: 9%s, color: style.accent, wrap: false}}
"""

_FREE_CSV = """\
name,cost,text,count
Scout,1,Look at the top card of the deck.,3
Knight,3,**Attack 2.** *Scouts cannot block it.*,2
Dragon,6,**Attack 5.** Every other player discards a card.,1
"""


def _back_png(path: Path, title: str) -> None:
    """A 300-DPI sample back (69.85 × 95.25 mm with bleed): concentric rings on a dark blue."""
    from PIL import Image, ImageDraw

    w, h = 825, 1125
    image = Image.new("RGB", (w, h), (27, 31, 59))
    draw = ImageDraw.Draw(image)
    for i, r in enumerate(range(520, 40, -48)):
        colour = (244, 180, 0) if i % 2 == 0 else (27, 31, 59)
        draw.ellipse((w / 2 - r, h / 2 - r, w / 2 + r, h / 2 + r), fill=colour)
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, optimize=True)


def scaffold(folder: Path, name: str | None = None, *, free: bool = False) -> list[Path]:
    """Write a new deck folder (``free``: a deck of free cards, no Num families); refuses a
    folder that already has files in it."""
    name = name or folder.name
    if not _SLUG.match(name):
        raise refusal(UsageError, "error.new.name", name=repr(name))
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise refusal(UsageError, "error.new.not_empty", folder=folder)
    from cardforge.atomic import atomic_write_text, ensure_dir
    from cardforge.deck.layout_schema import json_schema as layout_schema
    from cardforge.deck.schema import json_schema as deck_schema

    title = name.capitalize()
    ensure_dir(folder / "schema")
    files = {
        folder / f"{name}.yaml": (_FREE_DECK if free else _DECK).format(name=name, title=title),
        folder / "layout.yaml": (_FREE_LAYOUT if free else _LAYOUT).format(name=name),
        folder / "rules.md": _RULES.format(title=title),
        folder / "cards.csv": _FREE_CSV if free else _CSV,
        folder / "schema" / "deck.schema.json": json.dumps(deck_schema(), indent=2, ensure_ascii=False, allow_nan=False) + "\n",
        folder / "schema" / "layout.schema.json": json.dumps(layout_schema(), indent=2, ensure_ascii=False, allow_nan=False) + "\n",
    }
    for path, text in files.items():
        atomic_write_text(path, text)
    _back_png(folder / "art" / "back.png", title)
    return [*files, folder / "art" / "back.png"]
