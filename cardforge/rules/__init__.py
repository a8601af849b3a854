"""The rule catalogue: every rule and ruling of every game, with a stable ID, in fr and en.

One YAML file per game in this folder (``tricks.yaml`` …) plus ``deck.yaml`` for rulings about
deck composition.  The rulebook prints these texts; the referee cites their IDs; ``docs/rulings.md``
is generated from them (``python -m cardforge.rules > docs/rulings.md``, checked by a test).

Rule IDs look like ``TRICKS-5.2`` (a rule of the sheet) or ``TRICKS-R3`` (a ruling we decided).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

from cardforge.cards import Text
from cardforge.errors import UsageError

__all__ = ["Rule", "Section", "Ruling", "RuleBook", "load_rules", "rule", "all_rulebooks", "RULES_DIR"]

RULES_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule sentence of a rule sheet: ``text.fr`` is faithful to the designer's sheet."""

    id: str
    text: Text


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: Text
    rules: tuple[Rule, ...]


@dataclass(frozen=True, slots=True)
class Ruling:
    """A decision the project made where a sheet is silent or ambiguous.

    ``house_rule`` names the option that switches it, when it is a genuine design choice.
    """

    id: str
    title: Text
    text: Text
    reason: Text
    house_rule: str | None = None


@dataclass(frozen=True)
class RuleBook:
    game: str
    title: Text
    sections: tuple[Section, ...]
    rulings: tuple[Ruling, ...]
    _index: dict = field(default_factory=dict, repr=False, compare=False)

    def get(self, rule_id: str) -> Rule | Ruling:
        """The rule or ruling with this ID (``KeyError`` if none)."""
        if not self._index:
            for section in self.sections:
                for r in section.rules:
                    self._index[r.id] = r
            for r in self.rulings:
                self._index[r.id] = r
        return self._index[rule_id]

    def ids(self) -> list[str]:
        return [r.id for s in self.sections for r in s.rules] + [r.id for r in self.rulings]

    def __contains__(self, rule_id: str) -> bool:
        try:
            self.get(rule_id)
        except KeyError:
            return False
        return True


def _text(d: dict) -> Text:
    return Text(fr=str(d["fr"]).strip(), en=str(d["en"]).strip())


@functools.lru_cache(maxsize=16)
def load_rules(game: str) -> RuleBook:
    """The rule book of ``game`` (or ``deck`` for the deck-composition rulings)."""
    import yaml

    path = RULES_DIR / f"{game}.yaml"
    if not path.is_file():
        raise UsageError(f"no rules for {game!r}: expected {path}")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    sections = tuple(
        Section(s["id"], _text(s["title"]), tuple(Rule(r["id"], _text(r)) for r in s.get("rules", [])))
        for s in data.get("sections", [])
    )
    rulings = tuple(
        Ruling(r["id"], _text(r["title"]), _text(r), _text(r["reason"]), r.get("house_rule"))
        for r in data.get("rulings", [])
    )
    return RuleBook(game=data["game"], title=_text(data["title"]), sections=sections, rulings=rulings)


def all_rulebooks() -> list[RuleBook]:
    """Every rule book present, deck rulings first, then the games in the designer's order."""
    from cardforge.deck.loader import GAMES

    names = ["deck", *GAMES, "table"]
    return [load_rules(n) for n in names if (RULES_DIR / f"{n}.yaml").is_file()]


def rule(rule_id: str) -> Rule | Ruling:
    """Look a rule up by its ID alone (``TRICKS-R3`` → the tricks rule book)."""
    prefix = rule_id.split("-", 1)[0].lower()
    from cardforge.deck.loader import GAMES

    game = prefix if prefix in (*GAMES, "deck", "table") else None
    if game is None:
        raise KeyError(rule_id)
    return load_rules(game).get(rule_id)
