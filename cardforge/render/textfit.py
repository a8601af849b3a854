"""Auto-fit a text to a box: the largest size (in half points) whose wrapped lines fit.

A text that does not fit even at the minimum size is an error naming the card, never a
silent overflow off the card.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from cardforge.errors import DeckError

__all__ = ["FittedText", "fit_text", "TextDoesNotFit", "sizes", "LEADING"]

LEADING = 1.18


class TextDoesNotFit(DeckError):
    """A card text does not fit its box at the deck's minimum font size."""


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size: float
    leading: float

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


def _wrap(text: str, font: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; ``None`` if a single word is wider than the box."""
    from cardforge.render.inline import text_width as stringWidth

    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            if stringWidth(word, font, size) > width:
                return None
            candidate = f"{line} {word}" if line else word
            if stringWidth(candidate, font, size) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def sizes(max_size: float, min_size: float, height: float) -> list[float]:
    """The sizes auto-fit tries, largest first: half-point steps down from ``max_size`` (those
    whose one line is taller than ``height`` left out), then ``min_size`` itself."""
    out = []
    size = max_size
    if height > 0 and size * LEADING > height:  # sizes whose one line is taller than the box cannot fit:
        size -= 0.5 * math.ceil((size - height / LEADING) / 0.5)  # start below them, on the same 0.5 pt steps
    while size > min_size + 1e-9:
        out.append(size)
        size -= 0.5
    out.append(min_size)  # the minimum itself is always tried
    return out


@functools.lru_cache(maxsize=4096)
def fit_text(text: str, font: str, width: float, height: float, max_size: float, min_size: float,
             what: str = "text") -> FittedText:
    """Wrap ``text`` into ``width``×``height`` points at the largest size from ``max_size`` down.

    Raises ``TextDoesNotFit`` (naming ``what``, e.g. the card) below ``min_size``.
    """
    for size in sizes(max_size, min_size, height):
        lines = _wrap(text, font, size, width)
        if lines is not None and len(lines) * size * LEADING <= height:
            return FittedText(tuple(lines), size, size * LEADING)
    raise TextDoesNotFit(
        f"{what}: text does not fit its box even at the minimum {min_size:g} pt "
        f"({len(text)} characters in {width / 72 * 25.4:.0f}×{height / 72 * 25.4:.0f} mm); shorten it"
    )
