"""What a rulebook template sees: the game's data in one language, as plain values.

Every fact comes from its single source: rule and ruling texts from the rule catalogue
(``cardforge.rules``), components, counts, action effects, modes and variants from the deck
YAML (``load_deck``), examples and reference tables from the engines
(``cardforge.rulebook.examples``).  Templates only arrange them and add connecting words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardforge.cards import FamilyKind, Text
from cardforge.deck import GAMES, Deck, load_deck
from cardforge.rulebook import KINDS
from cardforge.rulebook.examples import Example, Figure, Table, examples_for
from cardforge.rulebook.flowables import MARKS
from cardforge.rulebook.glossary import terms_for
from cardforge.rulebook.words import RULE_ID, for_players
from cardforge.rules import RuleBook, Ruling, load_rules, player_text

__all__ = ["teaching_template", "book_context", "component_counts", "section_number", "KINDS"]

#: The three readers of one catalogue: the player's book, the quick reference, the judge's rules.


#: How many cards the cover shows (one of each family, then action cards).
COVER_CARDS = 6


def section_number(section_id: str) -> str:
    """A catalogue section's number: ``"3"`` and ``"TRICKS-3"`` both give ``"3"``."""
    return section_id.rsplit("-", 1)[-1]


def _values(lo: int, hi: int) -> str:
    return f"{lo}\u2013{hi}"


def component_counts(deck: Deck) -> dict[str, int]:
    """How many cards of each family (by code) and each action (by slug), plus ``total``."""
    counts = {fam.code: len(fam.values) * fam.copies for fam in deck.families.values()}
    counts.update({slug: act.count for slug, act in deck.actions.items()})
    counts["total"] = deck.total()
    return counts


def _components(deck: Deck, lang: str) -> dict[str, Any]:
    counts = component_counts(deck)
    families = [
        {
            "code": fam.code,
            "name": fam.family.name(lang),
            "kind": fam.family.kind.value,
            "range": _values(fam.min_value, fam.max_value),
            "copies": fam.copies,
            "count": counts[fam.code],
            "from_players": fam.from_players,
            "sample": f"{fam.code}{fam.max_value if fam.family.kind is FamilyKind.SHADOW else min(fam.max_value, 7)}",
        }
        for fam in deck.families.values()
    ]
    actions = [
        {
            "code": act.slug,
            "name": act.action.name(lang),
            "count": counts[act.slug],
            "effect": act.effect(lang),
            "modes": [deck.modes[m].name(lang) for m in act.modes] if act.modes else [],
            "declare": list(act.action.declare),
        }
        for act in deck.actions.values()
    ]
    optional = deck.all_counts().total() - deck.total()
    return {
        "families": families,
        "actions": actions,
        "numbered": sum(f["count"] for f in families if f["from_players"] is None),
        "action_total": sum(a["count"] for a in actions),
        "total": counts["total"],
        "optional": optional,
        "modes": [
            {"id": m.id, "name": m.name(lang), "rounds": m.rounds, "total": deck.total(mode=m.id)}
            for m in deck.modes.values()
        ],
    }


def _figure(fig: Figure, lang: str) -> dict[str, str]:
    return {
        "codes": " ".join(fig.codes),
        "label": fig.label(lang) if fig.label else "",
        "captions": "|".join(fig.captions),
        "marks": " ".join(fig.marks),
    }


def _example(ex: Example, lang: str, say: Callable[[str], str] = str) -> dict[str, Any]:
    """An example's view; ``say`` rewrites its texts (card codes in words for players)."""
    return {
        "id": ex.id,
        "title": say(ex.title(lang)),
        "setup": say(ex.setup(lang)),
        "rules": list(ex.rules),
        "numbers": ", ".join(dict.fromkeys(section_number(r) for r in ex.rules if "-R" not in r)),
        "before": [_figure(f, lang) for f in ex.before],
        "after": [_figure(f, lang) for f in ex.after],
        "before_caption": say(ex.before_caption(lang)) if ex.before_caption else "",
        "after_caption": say(ex.after_caption(lang)) if ex.after_caption else "",
        "steps": [{"rules": ", ".join(rules), "text": say(text(lang))} for rules, text in ex.steps],
        "outcome": say(ex.outcome(lang)),
        "command": ex.command,
    }


def _table(table: Table, lang: str, say: Callable[[str], str] = str) -> dict[str, Any]:
    """A table's view; for players (``say`` given) without a column of rule IDs."""
    rows = [[c(lang) if isinstance(c, Text) else c for c in r] for r in table.rows]
    keep = [i for i in range(len(table.header))
            if say is str or not all(RULE_ID.fullmatch(str(r[i]).strip()) for r in rows)]
    return {
        "id": table.id,
        "title": say(table.title(lang)),
        "header": [table.header[i](lang) for i in keep],
        "rows": [[say(r[i]) for i in keep] for r in rows],
        "rules": list(table.rules),
        "note": say(table.note(lang)) if table.note else "",
    }


def _by_section(items: list, view: Callable[[Any], dict], sections: set[str]) -> dict[str, list]:
    """Group views by the catalogue section they illustrate; others under ``""`` (own section)."""
    grouped: dict[str, list] = {}
    for item in items:
        key = item.section if item.section in sections else ""
        grouped.setdefault(key, []).append(view(item))
    return grouped


def _ruling(r: Any, lang: str, say: Callable[[str], str] = str) -> dict[str, Any]:
    return {"id": r.id, "title": r.title(lang), "text": r.text(lang), "reason": r.reason(lang),
            "house_rule": r.house_rule or "", "player": say(player_text(r, lang)),
            "question": r.question(lang) if r.question else ""}


def _rules(book: RuleBook, lang: str, say: Callable[[str], str] = str, also: Sequence[Ruling] = ()) -> dict[str, Any]:
    """Sections with their rules (catalogue and plain texts) and, for the player's book, the
    player-facing rulings of each section; every ruling; the FAQ. ``also``: more rulings printed
    with the game's (the deck rulings), cited beside the rules they refine too."""
    facing: dict[str, list] = {}
    for r in book.rulings:
        if r.player_facing:
            facing.setdefault(r.section or book.sections[-1].id, []).append(_ruling(r, lang, say))
    return {
        "sections": [
            {"id": s.id, "number": section_number(s.id), "title": s.title(lang), "optional": s.optional,
             "rules": [{"id": r.id, "number": section_number(r.id), "text": r.text(lang),
                        "player": say(player_text(r, lang)), "kind": r.kind,
                        "refined_by": refining((*book.rulings, *also), r.id)} for r in s.rules],
             "rulings": facing.get(s.id, [])}
            for s in book.sections
        ],
        "rulings": [_ruling(r, lang) for r in book.rulings],
        "faq": [_ruling(r, lang, say) for r in book.rulings if r.question],
        "ids": book.ids(),
    }


def refining(rulings: Sequence[Ruling], rule_id: str) -> list[str]:
    """The IDs of the rulings that refine rule ``rule_id`` (their ``refines``)."""
    return [r.id for r in rulings if rule_id in r.refines]


def _book_info(book: RuleBook, lang: str) -> dict[str, Any]:
    info = book.book
    return {"time": info.time(lang) if info.time else "", "age": info.age,
            "turn": [t(lang) for t in info.turn], "scoring": [t(lang) for t in info.scoring]}


def teaching_template(game: str, lang: str) -> str:
    """The player's book's teaching text of ``game`` in ``lang`` (``rulebook/teach/<game>-<lang>.j2``),
    or ``""`` when the game has none (a custom deck: its book follows the catalogue)."""
    from cardforge.paths import templates_dir

    name = f"rulebook/teach/{game}-{lang}.j2"
    return name if (templates_dir() / name).is_file() else ""


def book_context(game: str, lang: str, *, paper: str = "a5", kind: str = "player", deck: Deck | None = None,
                 rules: RuleBook | None = None) -> dict[str, Any]:
    """The template variables of ``game``'s book of ``kind`` (``KINDS``) in ``lang``.

    ``deck`` and ``rules`` default to the shipped deck and catalogue of ``game``; a custom deck
    passes its own (its rules text as a ``RuleBook``): nothing here needs a game engine.  In the
    player's book and the quick reference, example texts name cards in words."""
    deck = deck or load_deck(game)
    book = rules or load_rules(game)
    examples, tables = examples_for(game)
    section_ids = {section_number(s.id) for s in book.sections}
    deck_rulings = load_rules("deck")
    prefix = game.upper()
    related = [r for r in deck_rulings.rulings if deck.title.fr in r.text.fr or deck.title.en in r.text.en
               or prefix in r.id]
    cover = [f["sample"] for f in _components(deck, lang)["families"] if f["from_players"] is None]
    cover += [a.slug for a in deck.actions.values()][: max(0, COVER_CARDS - len(cover))]
    used = {m for ex in examples for f in (*ex.before, *ex.after) for m in f.marks}
    say = str if kind == "comprehensive" else (lambda text: for_players(text, deck, lang))
    return {
        "teaching": teaching_template(game, lang) if rules is None else "",
        "example_by_id": {ex.id: _example(ex, lang, say) for ex in examples},
        "table_by_id": {t.id: _table(t, lang, say) for t in tables},
        "glossary_terms": [{"word": t.word(lang), "definition": t.definition(lang)} for t in terms_for(game)],
        "lang": lang,
        "game": game,
        "paper": paper,
        "title": deck.title(lang),
        "tagline": deck.tagline(lang) if deck.tagline else "",
        "players": {"min": deck.players_min, "max": deck.players_max},
        "rule_sheet": deck.rule_sheet or "",
        "components": _components(deck, lang),
        "variants": [{"id": v.id, "name": v.name(lang), "description": say(v.description(lang))}
                     for v in deck.variants.values()],
        "rules": _rules(book, lang, say, related),
        "deck_rulings": [_ruling(r, lang) for r in related],
        "examples": _by_section(examples, lambda ex: _example(ex, lang, say), section_ids),
        "tables": _by_section(tables, lambda t: _table(t, lang, say), section_ids),
        "book": _book_info(book, lang),
        "marks_used": [m for m in MARKS if m in used and m != "-"],
        "legend_card": cover[0],
        "kind": kind,
        "score_pads": game in GAMES,  # the shipped games have printable score pads
        "layout": f"rulebook/{kind}.j2",
        "cover_cards": " ".join(cover),
        "text": lambda fr, en: fr if lang == "fr" else en,
    }

