"""Reusable check that a refusal said under ``--lang fr`` is French (issue #25 item 6).

``english_words(text)`` lists the English words found in a line: words of the English catalogue
that are not French words too and not card codes, names or option values.  A game's test runs
each of its live refusals with ``--lang fr`` and asserts the list is empty; ``REFUSALS`` per game
is the cases to run (add a game's list when it moves onto the live model).
"""

from __future__ import annotations

import functools
import re

#: English words that a French sentence may hold (codes, technical words, names of options)
ALLOWED = {"state", "format", "true", "false", "null", "json", "id", "deal", "on", "move", "row", "table",
           "match", "house", "variant", "explosion",
           "shadow", "rainbow", "joker", "flash", "secure", "cardforge", "error", "lock", "options", "version",
           "num", "win", "new", "to", "it", "a", "an", "at", "en", "fr", "lang", "round"}


@functools.cache
def _words(lang: str) -> frozenset[str]:
    import importlib

    catalogue = importlib.import_module(f"cardforge.i18n.{lang}").MESSAGES
    text = " ".join(re.sub(r"\{[^}]*\}", " ", t) for t in catalogue.values())
    return frozenset(w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']+", text))


def english_words(line: str) -> list[str]:
    """The words of ``line`` found in the English catalogue and nowhere in the French one."""
    english, french = _words("en"), _words("fr")
    found = []
    line = re.sub(r"\S*/\S*|\w+(?:\.\w+|\[\d+\])+", " ", line)  # paths, keys (matches.rows.history[2])
    for word in re.findall(r"[A-Za-zÀ-ÿ]+", re.sub(r"'[^' ]*'|«[^»]*»|\b[A-Z]{1,2}\d+\b", " ", line)):
        w = word.lower()
        if len(w) > 2 and w in english and w not in french and w not in ALLOWED:
            found.append(word)
    return found
