"""The rulebook builder of ``cardforge build``: one target per book (game × kind × language),
each one job laying the book out with ``rulebook/books.py``."""

from __future__ import annotations

from pathlib import Path

from cardforge.scheduler import Builder, Job, Planning, Target

__all__ = ["BookBuilder", "book_job"]

#: Books that take longest to lay out start first (better use of the pool).
_BOOK_PRIORITY = {"comprehensive": 7, "player": 6, "reference": 5}


class BookBuilder(Builder):
    """The ``rulebook:<game>[-<kind>]-<lang>`` targets (none when only some decks' cards are asked for)."""

    def targets(self, planning: Planning) -> list[Target]:
        if planning.decks is not None:
            return []
        from cardforge.rulebook import all_jobs

        inputs, targets = planning.inputs, []
        for game, lang, kind in all_jobs():
            key = inputs.key("rulebook", inputs.rules, inputs.templates, inputs.deck.get("base", ""),
                             inputs.deck.get(game, ""), inputs.assets)
            name = f"rulebook:{game}-{lang}" if kind == "player" else f"rulebook:{game}-{kind}-{lang}"
            job = Job(name, "rulebooks", "cardforge.rulebook.book_targets:book_job", (game, lang, str(planning.out), kind),
                      priority=_BOOK_PRIORITY.get(kind, 5))
            targets.append(Target(name, key, [job]))
        return targets


def book_job(game: str, lang: str, out: str, kind: str) -> list[str]:
    """One book into ``out/rulebooks`` (a pool job)."""
    from cardforge.rulebook.books import build_book

    return [str(build_book(game, lang, Path(out), kind=kind))]
