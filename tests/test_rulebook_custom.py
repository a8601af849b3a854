"""A rulebook for a deck of your own: components, card pictures, the designer's Markdown rules."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.render_support import _reader


def test_the_scaffold_gets_a_rulebook_with_its_components_and_rules(tmp_path):
    from cardforge.scaffold import scaffold

    deck_file = scaffold(tmp_path / "mygame")[0]
    rules = tmp_path / "mygame" / "rules.md"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n## Bonus\n\nA *flash* :flash: card **doubles** `x2`.\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "cardforge", "rulebook", str(deck_file), "--lang", "en", "--out", str(tmp_path / "out")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "out" / "rulebooks" / "mygame-en.pdf"
    text = " ".join(page.extract_text() for page in _reader(pdf.read_bytes()).pages)
    for words in ("Components", "58 cards in all", "Skip Your Turn", "Goal", "Setup", "End of the game", "Bonus"):
        assert words in text, words
    assert "\u2738" in text and ":flash:" not in text and "**" not in text  # the icon's glyph, Markdown applied
    assert "Example" not in text  # no engine, no examples


def test_markdown_text_is_escaped_not_markup():
    from cardforge.rulebook.custom import markdown_blocks

    out = markdown_blocks("# A <b> & c\n\n1 < 2 and <script>")
    assert "<script>" not in out and "&lt;script&gt;" in out and 'title="A &lt;b&gt; &amp; c"' in out


def test_a_missing_rules_file_is_one_clear_error(tmp_path):
    from cardforge.errors import DeckError
    from cardforge.rulebook.custom import build_custom_rulebook
    from cardforge.scaffold import scaffold

    deck_file = scaffold(tmp_path / "mygame")[0]
    (tmp_path / "mygame" / "rules.md").unlink()
    with pytest.raises(DeckError, match="rules: 'rules.md' not found beside the deck"):
        build_custom_rulebook(deck_file, "fr", tmp_path / "out")
