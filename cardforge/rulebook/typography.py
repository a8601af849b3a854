"""Typography of printed text: French spacing and quotes, English curly quotes.

French puts a no-break space before ``:`` and a narrow no-break space (U+202F) before
``; ! ?``, inside « guillemets », and uses the typographic apostrophe::

    >>> french('Matériel : 6 cartes ; "Num Win" ! Pourquoi?')
    'Matériel\\xa0: 6 cartes\\u202f; «\\u202fNum\\xa0Win\\u202f»\\u202f! Pourquoi\\u202f?'
    >>> english('Call "NUM WIN" when it\\'s done')
    'Call “NUM\\xa0WIN” when it’s done'

A short quoted name (``« NUM WIN »``, at most ``SHORT_QUOTE`` characters) is one word: its
spaces are no-break, so a line never ends between NUM and WIN.

Times and ratios (``05:10``, ``3:2``), URLs and card codes (``numx=17``) are left alone: a colon
followed by a digit or ``/`` is not punctuation.  The functions are idempotent.
"""

from __future__ import annotations

import re

__all__ = ["NBSP", "NNBSP", "SHORT_QUOTE", "french", "english", "typeset"]

NBSP = "\u00a0"
NNBSP = "\u202f"
#: the longest quoted text kept on one line (a called name: « NUM WIN »)
SHORT_QUOTE = 16

# A space (or none) before : ; ! ? that ends a clause: followed by a space, closing mark or end.
# Private-use characters stand for markup tags (see ``markup``): they end a clause like a space.
_BEFORE_PUNCT = re.compile(r"(?<=[^\s\u00a0\u202f(«\[{;:!?])[ \u00a0\u202f]*([;:!?])(?=[\s»)\]}.,;:!?…\ue000-\uf8ff]|$)")
_STRAIGHT_QUOTED = re.compile(r'"([^"\n]+)"')
_GUILLEMETS = re.compile(r"«[ \u00a0\u202f]*(.*?)[ \u00a0\u202f]*»", re.S)
_SPACE_BEFORE_PUNCT = re.compile(r"(?<=\S)[ \u00a0\u202f]+([;:!?])(?=[\s)\]}\ue000-\uf8ff]|$)")
_CURLY_QUOTED = re.compile(r"\u201c([^\u201d\n]+)\u201d")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
# An ordinal typed on the line (5e, 1re, 1er): a number that is a whole word, then its ending.
_ORDINAL = re.compile(r"(?<![\w#=.,])(\d+)(e|re|er)(?![\w-])")
_SUPERSCRIPT = {"e": "\u1d49", "re": "\u02b3\u1d49", "er": "\u1d49\u02b3"}


def _unbroken(quoted: str) -> str:
    """A short quoted name with no-break spaces (a line never splits « NUM WIN »)."""
    return quoted.replace(" ", NBSP) if len(quoted) <= SHORT_QUOTE else quoted


def _space_before(match: re.Match[str]) -> str:
    mark = match.group(1)
    return (NBSP if mark == ":" else NNBSP) + mark


def french(text: str) -> str:
    """French typography: « guillemets », no-break spaces before ``: ; ! ?``, ’ apostrophes,
    ordinals in superscript (5e → 5ᵉ, 1re → 1ʳᵉ)."""
    text = _STRAIGHT_QUOTED.sub(r"«\1»", text)
    text = _CURLY_QUOTED.sub(r"«\1»", text)
    text = _GUILLEMETS.sub(lambda m: f"«{NNBSP}{_unbroken(m.group(1))}{NNBSP}»", text)
    text = _APOSTROPHE.sub("\u2019", text)
    text = _ORDINAL.sub(lambda m: m.group(1) + _SUPERSCRIPT[m.group(2)], text)
    return _BEFORE_PUNCT.sub(_space_before, text)


def english(text: str) -> str:
    """English typography: curly double quotes and apostrophes, no space before punctuation."""
    text = _STRAIGHT_QUOTED.sub(lambda m: f"\u201c{_unbroken(m.group(1))}\u201d", text)
    text = _GUILLEMETS.sub(lambda m: f"\u201c{_unbroken(m.group(1))}\u201d", text)
    text = _CURLY_QUOTED.sub(lambda m: f"\u201c{_unbroken(m.group(1))}\u201d", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return _APOSTROPHE.sub("\u2019", text)


def typeset(text: str, lang: str) -> str:
    """The typography of ``lang`` (``fr`` or ``en``) applied to ``text``."""
    return french(text) if lang == "fr" else english(text)
