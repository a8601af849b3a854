"""What ``render`` would refuse, found before rendering: every face of a deck, in both
languages, is resolved through its layout (fonts, glyphs, icons, images, text fit), so that
``cardforge validate`` saying OK means ``render`` succeeds.  Low-resolution art, text or icons
crossing into the bleed or out of the safe zone, and print-on-demand profiles that have no card
of the deck's size are warnings.
"""

from __future__ import annotations

from typing import Any

from cardforge.errors import DeckError

__all__ = ["check_deck"]

LANGS = ("fr", "en")


def _position(deck: Any, loc: tuple) -> tuple[int | None, int | None]:
    if deck.source is None:
        return None, None
    try:
        from cardforge.deck.source import position_of, read_yaml

        return position_of(read_yaml(deck.source), loc)
    except DeckError:
        return None, None


def _free_cell(deck: Any, card: Any, exc: DeckError) -> tuple[str, int | None, int | None] | None:
    """The table cell (file, row, column) a free card's drawing problem comes from: the field
    holding the missing character, else the one field the failing element shows."""
    row = deck.free.row(card) if deck.free is not None and card is not None else None
    if row is None:
        return None
    char = getattr(exc, "glyph", None)
    shown = [k for k in row.fields if f"card.{k}" in getattr(exc, "reads", ())]
    for key, value in row.fields.items():
        texts = value.values() if isinstance(value, dict) else (value,)
        if (char and any(char in str(t) for t in texts)) or (not char and shown == [key]):
            return row.file or str(deck.source or ""), row.row or None, row.cols.get(key)
    return None


def check_deck(deck: Any, shown: str | None = None) -> tuple[list[DeckError], list[str | DeckError]]:
    """Every problem drawing ``deck`` would raise (one per message), and warnings (texts, or
    ``DeckError`` at a layout element's line: ink into the bleed or out of the safe zone);
    ``shown`` is the deck file's name as the user gave it."""
    from cardforge.deck.art import LOW_DPI, effective_dpi
    from cardforge.render.facepages import unique_faces
    from cardforge.render.faces import face_label, face_ops

    problems: dict[str, DeckError] = {}
    warnings: dict[str, str] = {}
    for card in [*unique_faces(deck), None]:
        for lang in deck.languages:
            try:
                ops = face_ops(deck, card, lang)
            except DeckError as exc:
                shows_effect = "card.effect" in getattr(exc, "reads", ())
                loc = ("actions", card.action, "effect", lang) if card is not None and card.is_action and shows_effect else None
                line, col = _position(deck, loc) if loc else (exc.line, exc.column)
                cell = _free_cell(deck, card, exc)
                if cell is not None and not exc.file:  # a free card's character: at its table cell, once
                    err = DeckError(exc.detail.replace(f" ({lang})", ""), file=cell[0], line=cell[1], column=cell[2])
                else:
                    err = exc if exc.file else DeckError(exc.detail, file=shown or str(deck.source or deck.id), line=line,
                                                         column=col, path=".".join(map(str, loc)) if loc else "")
                problems.setdefault(str(err), err)
                continue
            from cardforge.render.margins import margin_warnings

            for found in margin_warnings(deck, card, lang, ops, face_label(deck, card, lang)):
                warnings.setdefault(f"{found.file}:{found.line}:{found.column}", found)  # once per element
            for op in ops:
                if op.type == "image":
                    x0, y0, x1, y1 = op.box
                    dpi = effective_dpi(op.get("src"), x1 - x0, y1 - y0, op.get("fit") or "cover")
                    if dpi is not None and dpi < LOW_DPI - 0.5:
                        msg = (f"{op.get('src')}: prints at {dpi:.0f} DPI on {face_label(deck, card, lang)} "
                               f"(element {op.name!r}); print shops want {LOW_DPI}")
                        warnings.setdefault(op.get("src") + op.name, msg)
    if not problems:  # every face drew: now the fields its layout reads that nothing has
        from cardforge.render.faces import deck_layout
        from cardforge.render.refcheck import unknown_fields

        for err in unknown_fields(deck, deck_layout(deck), unique_faces(deck)):
            problems.setdefault(str(err), err)
    from cardforge.errors import UsageError
    from cardforge.render.sheets import PAPERS, sheet_layout

    for paper in PAPERS:  # a card too big for home sheets still prints on demand and as PNGs
        try:
            sheet_layout(deck, paper)
        except UsageError as exc:
            warnings.setdefault(paper, f"{exc}: --format sheets --paper {paper} will refuse it")
    from cardforge.render.pod import PROFILES, ProfileRefused, product_for

    for profile in PROFILES.values():  # a vendor with no such card: the others still take it
        try:
            product_for(deck, profile)
        except ProfileRefused as exc:
            warnings.setdefault(profile.name, f"{exc}: --profile {profile.name} will refuse it")
    return list(problems.values()), list(warnings.values())
