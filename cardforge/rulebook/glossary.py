"""One terminology per language: the game terms of ``cardforge/rules/glossary.yaml``.

Each term has its preferred word in French and English, a definition, and the synonyms a book
must not use for it (``avoid``: regular expressions).  The comprehensive rules print the
definitions in their glossary; ``violations`` finds a synonym in a book's text (passages in
quotes — the designer's own words, cited — are skipped).

>>> [t for t, _ in violations("Sécurisez votre séquence.", "fr", "sequence")]
['lock']
>>> violations("« STOP sécurisé » dit la fiche ; verrouillez.", "fr", "sequence")
[]
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import yaml

from cardforge.cards import Text
from cardforge.rules import RULES_DIR

__all__ = ["Term", "glossary", "terms_for", "violations", "unquoted"]


@dataclass(frozen=True)
class Term:
    """A game term: its word and definition per language, and the synonyms to avoid."""

    id: str
    word: Text
    definition: Text
    avoid: dict[str, tuple[re.Pattern[str], ...]]
    games: tuple[str, ...] = ()  # empty: every game


@functools.cache
def glossary() -> tuple[Term, ...]:
    """Every term of ``glossary.yaml``, in the file's order."""
    data = yaml.safe_load((RULES_DIR / "glossary.yaml").read_text(encoding="utf-8"))
    terms = []
    for tid, t in data["terms"].items():
        flags = 0 if t.get("case") else re.IGNORECASE
        avoid = {lang: tuple(re.compile(rf"(?<!\w){p}(?!\w)", flags) for p in (t.get("avoid") or {}).get(lang, []))
                 for lang in ("fr", "en")}
        terms.append(Term(tid, Text(t["fr"], t["en"]), Text(**t["definition"]), avoid, tuple(t.get("games", ()))))
    return tuple(terms)


def terms_for(game: str) -> list[Term]:
    """The terms that apply to ``game`` (its own and the shared ones)."""
    return [t for t in glossary() if not t.games or game in t.games]


_QUOTED = re.compile(r"«[^»]*»|“[^”]*”|\"[^\"]*\"")


def unquoted(text: str) -> str:
    """``text`` without its quoted passages (« … », “ … ”, " … ")."""
    return _QUOTED.sub(" ", text)


def violations(text: str, lang: str, game: str | None = None) -> list[tuple[str, str]]:
    """``(term id, synonym found)`` for each avoided synonym in ``text`` outside quotes."""
    plain = unquoted(text)
    found = []
    for term in glossary() if game is None else terms_for(game):
        for pattern in term.avoid.get(lang, ()):
            found += [(term.id, m.group(0)) for m in pattern.finditer(plain)]
    return found
