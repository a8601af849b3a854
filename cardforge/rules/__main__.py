"""``python -m cardforge.rules``: print docs/rulings.md, generated from the rule catalogue."""

from cardforge.rules.markdown import rulings_markdown

print(rulings_markdown(), end="")
