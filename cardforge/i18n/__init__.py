"""One message mechanism for every user-facing string: catalogues with plural forms, list joins
and French elision.

A message is a key and its parameters (``Message("rows.fifth", player="Ana", card="B9", …)``);
its text is built only when a face asks for it in a language (``message.text("fr")``).  Each
language is one catalogue module, ``cardforge/i18n/<lang>.py``, holding:

* ``MESSAGES``: key → template (``str.format`` syntax);
* ``plural(n) -> int``: the index of the plural form for ``n`` (English: 1 is singular; French:
  0 and 1 are singular, as CLDR says);
* ``join(items) -> str``: a list as a sentence says it (« Inès et Olivier », "Ana, Ben and Chloé");
* ``elide(word, value) -> str`` (optional): a preposition or article before a value (« d'Ana »,
  « de Ben »).

Templates use format specs that call the catalogue's helpers, so the grammar stays in the
catalogue, not in the code that asks for a message::

    {n} {n:plural:point|points}     → "1 point", "3 points" (forms in the order of plural());
                                      a list counts its items (« reste » / « restent »)
    {player:de}                     → « d'Ana », « de Ben », « d'Émile »
    {names:list}                    → « Inès et Olivier »; a long list is cut: "P0, P1, … and 99,992 more"
    {n:grouped}                     → a whole number with the language's thousands separator
    {parts:semi}                    → the parts joined by "; " (French: « ; »)
    {parts:comma}                   → the parts joined by ", " (a list that is not a sentence)
    {n:minus}                       → a number with the minus sign of a formula ("−15", not "-15")
    {n:+d}                          → a signed number, its minus sign as a formula writes it ("+5", "−2")
    {rows:spaced}                   → the parts joined by two spaces (a table line)
    {name:Cap}                      → the value with its first letter capitalised
    {size:decimal}                  → a decimal number with the language's separator (« 9,54 »)
    {g:select:f=validée|m=validé}   → the form chosen by the value (a gender kept in the catalogue)

A third language is a new catalogue module and nothing else: ``languages()`` lists the modules
present, and the CLI's ``--lang`` accepts them.  A key missing from a catalogue falls back to
English (the catalogue test makes sure no key is missing).

>>> Message("demo.points", n=1).text("fr"), Message("demo.points", n=0).text("en")
('1 point', '0 points')
>>> Message("demo.of", player="Émile").text("fr")
"la carte d'Émile"
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import string
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import Any, TypeVar

__all__ = ["Message", "say", "text", "languages", "catalogue", "join", "localised", "refusal", "either", "DEFAULT_LANG"]

DEFAULT_LANG = "en"

E = TypeVar("E", bound=BaseException)


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages with a catalogue, English first."""
    found = sorted(m.name for m in pkgutil.iter_modules(__path__) if len(m.name) == 2)
    return tuple(sorted(found, key=lambda code: code != DEFAULT_LANG))


@functools.cache
def catalogue(lang: str) -> ModuleType:
    """The catalogue module of ``lang`` (``KeyError`` for a language without one)."""
    if lang not in languages():
        raise KeyError(lang)
    return importlib.import_module(f"{__name__}.{lang}")


#: A ``:list`` longer than this shows its first ``LIST_SHOWN`` items and how many more there are
#: (a refusal listing 100,000 player names is not read).
LIST_LIMIT = 12
LIST_SHOWN = 8


class _Formatter(string.Formatter):
    """``str.format`` whose format specs call the catalogue's grammar helpers."""

    def __init__(self, module: ModuleType):
        self.module = module

    def format_field(self, value: Any, spec: str) -> str:
        if spec.startswith("plural:"):
            forms = spec[len("plural:"):].split("|")
            count = len(value) if isinstance(value, list | tuple) else int(value)
            return forms[min(self.module.plural(count), len(forms) - 1)]
        if spec.startswith("select:"):
            forms = dict(f.split("=", 1) for f in spec[len("select:"):].split("|"))
            chosen = _render(value, self.module)
            return forms.get(chosen, forms.get("other", chosen))
        if spec == "list":
            items = list(value)
            if len(items) > LIST_LIMIT:
                shown = ", ".join(_render(v, self.module) for v in items[:LIST_SHOWN])
                return Message("list.more", shown=shown, n=len(items) - LIST_SHOWN).render(self.module)
            return self.module.join([_render(v, self.module) for v in items])
        if spec == "grouped":
            return f"{int(value):,}".replace(",", getattr(self.module, "THOUSANDS", ","))
        if spec == "spaced":
            return "  ".join(_render(v, self.module) for v in value)
        if spec == "comma":
            return ", ".join(_render(v, self.module) for v in value)
        if spec == "semi":
            return self.module.SEMICOLON.join(_render(v, self.module) for v in value)
        if spec == "minus":  # a number as a formula writes it: −15 with the minus sign, as in "−3 × 5"
            return str(value).replace("-", "\u2212")
        if spec == "+d":  # a signed number, as "+5" or "−2" (the minus sign of the formulas beside it)
            return format(value, "+d").replace("-", "\u2212")
        if spec == "Cap":
            rendered = _render(value, self.module)
            return rendered[:1].upper() + rendered[1:]
        if spec == "decimal":
            return str(value).replace(".", getattr(self.module, "DECIMAL", "."))
        if spec and spec.isalpha() and hasattr(self.module, "elide"):
            return self.module.elide(spec, _render(value, self.module))
        if isinstance(value, Message) or (hasattr(value, "en") and not isinstance(value, str)):
            return _render(value, self.module)
        return super().format_field(value, spec)


def _render(value: Any, module: ModuleType) -> str:
    if isinstance(value, Message):
        return value.render(module)
    if hasattr(value, "en") and hasattr(value, "fr") and not isinstance(value, str):  # a deck's Text pair
        return str(getattr(value, _lang(module), value.en))
    return str(value)


def _lang(module: ModuleType) -> str:
    return module.__name__.rsplit(".", 1)[-1]


class Message:
    """A user-facing text in no language yet: a catalogue key and its parameters.

    A parameter may itself be a ``Message`` (or a list of them, for ``:list``): it is rendered
    in the same language.  ``Message.literal(text)`` wraps text that is the same in every
    language (card codes, a player's name).
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any):
        self.key = key
        self.params = params

    @classmethod
    def literal(cls, value: str) -> Message:
        """A text that reads the same in every language (codes, names)."""
        return cls("", value=value)

    def render(self, module: ModuleType) -> str:
        if not self.key:
            return str(self.params["value"])
        template = module.MESSAGES.get(self.key)
        if template is None:
            english = catalogue(DEFAULT_LANG)
            template = english.MESSAGES.get(self.key)
            if template is None:
                raise KeyError(f"no message {self.key!r} in any catalogue")
            module = english
        return _Formatter(module).vformat(template, (), self.params)

    def text(self, lang: str = DEFAULT_LANG) -> str:
        """The message in ``lang`` (English for a language without a catalogue)."""
        try:
            module = catalogue(lang)
        except KeyError:
            module = catalogue(DEFAULT_LANG)
        return self.render(module)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"Message({self.key!r}, **{self.params!r})"


def text(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """``Message(key, **params).text(lang)`` in one call."""
    return Message(key, **params).text(lang)


def say(value: Any, lang: str = DEFAULT_LANG) -> str:
    """A value that may be a ``Message`` as text in ``lang`` (plain text is returned as it is)."""
    return value.text(lang) if isinstance(value, Message) else str(value)


def join(items: Iterable[Any], lang: str = DEFAULT_LANG) -> str:
    """A list as ``lang`` says it: « Inès et Olivier », "Ana, Ben and Chloé"."""
    return catalogue(lang).join([str(i) for i in items])


def texts(message: Message) -> Mapping[str, str]:
    """The message in every language (for JSON that carries all of them)."""
    return {lang: message.text(lang) for lang in languages()}


def localised(error: E, message: Message) -> E:
    """``error`` (raised in English) carrying ``message``, so a face can say it in the user's
    language (``cardforge referee … --lang fr``); returns the error, for ``raise localised(…)``."""
    error.message = message
    return error


def refusal(cls: type[E], key: str, /, **params: Any) -> E:
    """An error of ``cls`` whose text is the catalogue message ``key``: English in ``str()``
    (logs, other faces), the user's language where a face renders ``error.message``."""
    message = Message(key, **params)
    return localised(cls(message.text(DEFAULT_LANG)), message)


def either(items: Iterable[Any]) -> Message:
    """The choices of a refusal, as the user's language says them: "a4 or letter", "a, b or c"
    (« a4 ou letter »)."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return Message.literal("".join(items))
    return Message("error.either", first=", ".join(items[:-1]), second=items[-1])
