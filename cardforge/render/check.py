"""What ``render`` would refuse, found before rendering: every face of a deck, in both
languages, is resolved through its layout (fonts, icons, images, text fit), so that
``cardforge validate`` saying OK means ``render`` succeeds.  Low-resolution art is a warning.
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


def check_deck(deck: Any, shown: str | None = None) -> tuple[list[DeckError], list[str]]:
    """Every problem drawing ``deck`` would raise (one per message), and warnings; ``shown`` is
    the deck file's name as the user gave it."""
    from cardforge.deck.art import LOW_DPI, effective_dpi
    from cardforge.render.facepages import unique_faces
    from cardforge.render.faces import face_label, face_ops

    from cardforge.render.glyphcheck import missing_glyphs_in

    problems: dict[str, DeckError] = {}
    warnings: dict[str, str] = {}
    glyphs_seen: set = set()
    for card in [*unique_faces(deck), None]:
        for lang in deck.languages:
            try:
                ops = face_ops(deck, card, lang)
            except DeckError as exc:
                shows_effect = "card.effect" in getattr(exc, "reads", ())
                loc = ("actions", card.action, "effect", lang) if card is not None and card.is_action and shows_effect else None
                line, col = _position(deck, loc) if loc else (exc.line, exc.column)
                err = exc if exc.file else DeckError(exc.detail, file=shown or str(deck.source or deck.id), line=line,
                                                     column=col, path=".".join(map(str, loc)) if loc else "")
                problems.setdefault(str(err), err)
                continue
            for err in missing_glyphs_in(deck, card, ops, glyphs_seen):
                problems.setdefault(str(err), err)
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
    return list(problems.values()), list(warnings.values())
