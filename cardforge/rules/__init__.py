"""The rule catalogue: every rule and ruling of every game, with a stable ID, in fr and en.

One YAML file per game in this folder (``tricks.yaml`` …) plus ``deck.yaml`` for rulings about
deck composition.  The rulebook prints these texts; the referee cites their IDs; ``docs/rulings.md``
is generated from them (``python -m cardforge.rules > docs/rulings.md``, checked by a test).

Rule IDs look like ``TRICKS-5.2`` (a rule of the sheet) or ``TRICKS-R3`` (a ruling we decided).

Fields for the player's rulebook (optional, see ``docs/rulebook.md``): a rule or ruling may give
``player: {fr, en}``, the same rule in plain words for players (no IDs, no house-rule keys); a
rule ``kind: note`` is design commentary (a tip, not a rule); a ruling ``player_facing: true``
(with ``section:``, where it goes) is printed in the player's main text as the rule, and
``question: {fr, en}`` puts it in the FAQ.  The file's ``book:`` block holds the cover facts
(``time``, ``age``) and the lines of the quick reference (``turn``, ``scoring``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from cardforge.cards import Text
from cardforge.errors import UsageError

__all__ = ["Rule", "Section", "Ruling", "RuleBook", "BookInfo", "load_rules", "rule", "all_rulebooks", "player_text",
           "RULES_DIR"]

RULES_DIR = Path(__file__).resolve().parent


class Rule(NamedTuple):
    """One rule sentence of a rule sheet: ``text.fr`` is faithful to the designer's sheet."""

    id: str
    text: Text
    player: Text | None = None  # the same rule in plain words for the player's book
    kind: str = "rule"  # "rule", or "note" for design commentary (a tip in the player's book)


class Section(NamedTuple):
    """A titled section of a rule sheet and its rules, in order."""

    id: str
    title: Text
    rules: tuple[Rule, ...]
    optional: bool = False  # an optional variant or extension, marked so in the player's book


class Ruling(NamedTuple):
    """A decision the project made where a sheet is silent or ambiguous.

    ``house_rule`` names the option that switches it, when it is a genuine design choice.
    """

    id: str
    title: Text
    text: Text
    reason: Text
    house_rule: str | None = None
    player_facing: bool = False  # a player needs it: the player's book prints it as the rule
    section: str | None = None  # the catalogue section it belongs to in the player's book
    player: Text | None = None  # its text in plain words (default: ``text`` without referee talk)
    question: Text | None = None  # set: it is also answered in the player's FAQ
    refines: tuple[str, ...] = ()  # the IDs of the rules it refines (the comprehensive rules cite it there)


class BookInfo(NamedTuple):
    """Facts of the player's books that are no rule: cover facts and quick-reference lines."""

    time: Text | None = None
    age: str = ""
    turn: tuple[Text, ...] = ()
    scoring: tuple[Text, ...] = ()


@dataclass(frozen=True)
class RuleBook:
    """One game's catalogue: its sections, its rulings and the facts of its books."""

    game: str
    title: Text
    sections: tuple[Section, ...]
    rulings: tuple[Ruling, ...]
    book: BookInfo = BookInfo()
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


def _maybe(d: dict | None) -> Text | None:
    return None if d is None else _text(d)


def _book_info(d: dict | None) -> BookInfo:
    d = d or {}
    return BookInfo(time=_maybe(d.get("time")), age=str(d.get("age", "")),
                    turn=tuple(_text(t) for t in d.get("turn", [])),
                    scoring=tuple(_text(t) for t in d.get("scoring", [])))


_REFEREE_TALK = re.compile(r"`|--|house rule|règle maison|referee|arbitre|référé|\bsheet|fiche|[A-Z]+-R?\d+", re.I)
_RULE_REF = re.compile(r"\s*\((?:see |voir )?[A-Z]+-(?:R)?\d+(?:\.\d+)?(?:\s*/\s*[A-Z]+-R?\d+(?:\.\d+)?)*\)")


def player_text(item: Rule | Ruling, lang: str) -> str:
    """What the player's book prints for a rule or ruling: its ``player`` text, else its text
    without references to rule IDs and without the sentences about house rules or the referee."""
    if item.player is not None:
        return item.player(lang)
    text = _RULE_REF.sub("", item.text(lang))
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-ZÀ-Ý«\"])", text)
    return " ".join(s for s in sentences if not _REFEREE_TALK.search(s)).strip()


@functools.lru_cache(maxsize=16)
def load_rules(game: str) -> RuleBook:
    """The rule book of ``game`` (or ``deck`` for the deck-composition rulings)."""
    path = RULES_DIR / f"{game}.yaml"
    if not path.is_file():
        raise UsageError(f"no rules for {game!r}: expected {path}")
    data = _read(path)
    sections = tuple(
        Section(s["id"], _text(s["title"]),
                tuple(Rule(r["id"], _text(r), _maybe(r.get("player")), r.get("kind", "rule")) for r in s.get("rules", [])),
                bool(s.get("optional", False)))
        for s in data.get("sections", [])
    )
    rulings = tuple(
        Ruling(r["id"], _text(r["title"]), _text(r), _text(r["reason"]), r.get("house_rule"),
               bool(r.get("player_facing", False)), None if r.get("section") is None else str(r["section"]),
               _maybe(r.get("player")), _maybe(r.get("question")), tuple(r.get("refines", ())))
        for r in data.get("rulings", [])
    )
    return RuleBook(game=data["game"], title=_text(data["title"]), sections=sections, rulings=rulings,
                    book=_book_info(data.get("book")))


def _read(path: Path) -> dict:
    """The parsed rule file, from the deck cache's folder (JSON, keyed on the file's size, mtime
    and the cardforge version) when it is unchanged: a ruling then imports no YAML parser."""
    import json

    from cardforge.deck import cache

    folder = cache.cache_dir()
    entry = None if folder is None else cache.entry_path(folder, cache.slot(path), cache.stat_key(path), kind="rules")
    if entry is not None:
        try:
            return json.loads(entry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
    import yaml

    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    if entry is not None:
        _write_entry(folder, entry, path, data)
    return data


def _write_entry(folder: Path, entry: Path, path: Path, data: dict) -> None:
    import json

    from cardforge.atomic import atomic_write_text
    from cardforge.deck import cache
    from cardforge.errors import CardforgeError

    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False)
        if json.loads(text) != data:
            return  # YAML that JSON cannot hold as it is (dates, number keys): always parsed
        folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(entry, text)
        cache.prune(folder, entry, cache.slot(path), kind="rules")
    except (OSError, TypeError, ValueError, CardforgeError):
        pass  # a cache we cannot write is only a slower start


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
