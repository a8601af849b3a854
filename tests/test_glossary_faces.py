"""One terminology everywhere (issue 27, item 2): the referee's and the table's messages and the
web page's words use the glossary's word for each game term (``cardforge/rules/glossary.yaml``),
as the books do — "lock" / « verrouiller », never "secure" / « sécuriser ».  Move tokens of the
notation (``Ana=secure``) are what the table types, not prose, and are left out."""

from __future__ import annotations

import re

import pytest

from cardforge.i18n import catalogue
from cardforge.rulebook.glossary import violations
from cardforge.web.i18n import words

#: The glossary's "score pad" is the printed pad; the match's score sheet kept by ``cardforge
#: table`` and the web page is another thing, and keeps its name.
OTHER_CONCEPTS = {"score_pad"}


def _prose(text: str) -> str:
    return re.sub(r"\S*=\S*", " ", text)  # NAME=secure, Ana=secure-empty: notation


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_and_page_word_uses_the_glossary_words(lang):
    texts = {**catalogue(lang).MESSAGES, **{f"web.{k}": v for k, v in words(lang).items()}}
    bad = {key: found for key, text in texts.items()
           if (found := [v for v in violations(_prose(text), lang) if v[0] not in OTHER_CONCEPTS])}
    assert not bad, bad


def test_the_french_word_of_the_glossary_is_a_move_word_too(cli, tmp_path):
    """A French table types the word its book uses: « Ana=verrouiller » locks like Ana=secure."""
    state = tmp_path / "s.json"
    first = cli("referee", "sequence", "play", "--players", "Ana,Ben", "Ana=R3", "--state", str(state), "--lang", "fr")
    assert first.code == 0, first.err
    locked = cli("referee", "sequence", "play", "Ana=verrouiller", "--state", str(state), "--lang", "fr")
    assert locked.code == 0 and "Ana verrouille R3" in locked.out, locked.out + locked.err
