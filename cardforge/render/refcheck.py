"""Fields a layout reads that nothing has: ``{card.powr}``, ``card.imgae``, ``family.colr``,
``styl.paper`` would print nothing, silently; ``validate`` names each once, at the element's line,
with the nearest field that exists.

The fields that exist are those of the deck's cards (every card's ``card.*`` and ``family.*``,
in every language), of its style, back, deck and size, and the layout's own vars.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardforge.deck.expr import Expr
from cardforge.deck.layout import Layout, LayoutFace, where_error
from cardforge.errors import DeckError

__all__ = ["unknown_fields"]

#: what every family has, whether or not this deck's cards name one (a layout may read them)
_FAMILY_KEYS = ("code", "kind", "name", "color", "ink", "symbol", "gradient", "image")


def _known(deck: Any, layout: Layout, cards: list[Any]) -> tuple[dict[str, set[str]], set[str]]:
    """Each name a layout may read (``card``, ``family``, ``style`` …) and its fields, and the
    front faces some card is drawn with."""
    from cardforge.render.faces import card_context

    known: dict[str, set[str]] = {}
    used: set[str] = set()
    for lang in deck.languages:
        for card in [*cards, None]:
            ctx = card_context(deck, card, lang)
            face = layout.front_for(ctx) if card is not None else None
            if face is not None:
                used.add(face.name)
            for head, value in ctx.items():
                fields = known.setdefault(head, set())
                if isinstance(value, dict):
                    fields.update(value)
    known.setdefault("family", set()).update(_FAMILY_KEYS)
    return known, used


def _reads(face: LayoutFace, file: str) -> Iterator[tuple[str, str, str]]:
    """(where, what, field) for each field a face reads: its vars and conditions (at the layout
    file), each element's properties and conditions (at the element's line)."""
    for name, expr in face.vars:
        for ref in expr.refs:
            yield file, f"face {face.name!r}: var {name!r}", ref
    for expr, _allowed in face.when:
        for ref in expr.refs:
            yield file, f"face {face.name!r}: when", ref
    for el in face.elements:
        for key, value in el.props.items():
            if isinstance(value, Expr):
                for ref in value.refs:
                    yield el.where, f"element {el.name!r}: {key}", ref
        for expr, _allowed in (*el.when, *el.unless):
            for ref in expr.refs:
                yield el.where, f"element {el.name!r}: condition", ref


def unknown_fields(deck: Any, layout: Layout, cards: list[Any]) -> list[DeckError]:
    """One error per field the layout reads that neither the deck's cards nor its style have."""
    from cardforge.cards import nearest

    known, used = _known(deck, layout, cards)
    problems: dict[tuple[str, str], DeckError] = {}
    drawn = [f for f in layout.fronts if f.name in used]  # a face no card of this deck gets reads what it likes
    for face in (*drawn, *((layout.back,) if layout.back else ())):
        var_names = {name for name, _e in face.vars}
        for where, what, ref in _reads(face, str(layout.path)):
            head, dot, field = ref.partition(".")
            if not dot or head in var_names or (head in known and field.split(".")[0] in known[head]):
                continue
            if head in known and not known[head]:  # a value without fields (lang), or a list (families)
                continue
            if head in known:
                have = sorted(known[head])
                why = f"no card has a field {field!r}" if head == "card" else f"{head} has no field {field!r}"
                guess = nearest(field, have)
                hint = f"; did you mean '{head}.{guess}'?" if guess else f"; {head} has {', '.join(have)}"
            else:
                names = sorted(f"{h}.{f}" for h, fs in known.items() for f in fs)
                why = f"there is no {head!r} to read it from"
                guess = nearest(ref, names)
                hint = f"; did you mean {guess!r}?" if guess else f"; names are {', '.join(sorted(known))}"
            problems.setdefault((where, ref), where_error(where, f"{what}: reads {ref!r}, but {why}{hint}"))
    return list(problems.values())
