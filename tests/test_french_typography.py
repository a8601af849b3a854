"""French typography of every French string cardforge prints (issue 24's last item, issue 25's
« RB4, SH4 ; RB11 »): a no-break space before ``:`` and a narrow no-break space before
``; ! ?`` and inside « guillemets » — the spaces the printed books use
(``rulebook/typography.py``) — so a line never breaks before its punctuation."""

from __future__ import annotations

import re

import pytest

from cardforge.i18n import Message, fr

#: A plain space (or none) before the high punctuation, outside ``{placeholders}``.
PLAIN_BEFORE = re.compile(r"(?:(?<=[^\s\u00a0\u202f(«\[{'\"]) |(?<=[\w»)\]])(?<![:/]))[;!?](?=\s|$|»)"
                          r"|(?<=[^\s\u00a0\u202f(«\[{]) :(?=\s|$)")
PLAIN_GUILLEMETS = re.compile(r"«(?!\u202f)|(?<!\u202f)»")


def _problems(text: str) -> list[str]:
    bare = re.sub(r"\{[^{}]*\}", "X", text)  # {n:plural:point|points} holds colons of its own
    return [m.group(0) for m in (*PLAIN_BEFORE.finditer(bare), *PLAIN_GUILLEMETS.finditer(bare))]


def test_the_check_finds_plain_spaces():
    assert _problems("Rangées : B") and _problems("RB4 ; RB11") and _problems("« oui »") and _problems("Pourquoi?")
    assert not _problems("Rangées\u00a0: B0\u202f; «\u202foui\u202f»\u202f? 05:10 {n:plural:point|points}")


@pytest.mark.parametrize("table", ["MESSAGES", "HELP", "LIBRARY"])
def test_every_french_catalogue_text_is_typeset(table):
    bad = {key: _problems(value) for key, value in getattr(fr, table).items() if _problems(value)}
    assert not bad, f"{len(bad)} French texts with plain spaces, e.g. {dict(list(bad.items())[:4])}"


def test_french_lists_joined_by_semicolons_are_typeset():
    assert fr.SEMICOLON == "\u202f; "
    assert Message("tricks.annulation", listed=["RB4, SH4", "RB11, SH11"]).text("fr").endswith(
        "retirées\u00a0: RB4, SH4\u202f; RB11, SH11.")



def test_the_web_page_s_french_words_are_typeset():
    from cardforge.web.i18n import words

    bad = {key: value for key, value in words("fr").items() if _problems(value)}
    assert not bad, bad
