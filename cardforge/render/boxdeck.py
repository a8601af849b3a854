"""The whole-family box as a ``Deck`` the renderer can draw.

Its composition is ``cardforge.box.compute_box()`` (each card at its largest count across the
games); its families take the widest value range any game uses.  An action card whose effect
differs between games cannot print one effect text, so it names the games that use it instead
("Effect depends on the game: Collection, Sequence — see its rules").
"""

from __future__ import annotations

from cardforge.deck import Deck, load_base, load_deck

__all__ = ["box_deck"]

_DEPENDS = {"fr": "Effet selon le jeu : {games}. Voir ses règles.", "en": "Effect depends on the game: {games}. See its rules."}


def box_deck(games: list[str] | None = None) -> Deck:
    """A deck holding exactly the cards of ``compute_box(games)``."""
    from cardforge.box import compute_box

    box = compute_box(games)
    decks = {g: load_deck(g) for g in box.games}
    base = load_base()
    families: dict[str, dict] = {}
    for code, card in box.cards.items():
        if card.is_numbered:
            rng = families.setdefault(card.family, {"values": {"min": card.value, "max": card.value}})["values"]
            rng["min"], rng["max"] = min(rng["min"], card.value), max(rng["max"], card.value)
    actions = {}
    for code, card in box.cards.items():
        if not card.is_action:
            continue
        users = box.uses[code]
        effects = {(decks[g].actions[card.action].effect.fr, decks[g].actions[card.action].effect.en) for g in users}
        if len(effects) == 1:
            fr, en = effects.pop()
        else:
            fr, en = (_DEPENDS[lang].format(games=", ".join(decks[g].title(lang) for g in users)) for lang in ("fr", "en"))
        actions[card.action] = {"count": box.counts[code], "effect": {"fr": fr, "en": en}}
    game = {
        "id": "box",
        "title": base.data["title"],
        "players": {"min": min(d.players_min for d in decks.values()), "max": max(d.players_max for d in decks.values())},
        "families": families,
        "actions": actions,
        "style": {},
    }
    deck = Deck.from_dict({"base": base.data, "game": game}, source=base.path)
    assert {c.code: n for c, n in deck.all_counts().items()} == box.counts, "box deck must hold the box's cards"
    return deck
