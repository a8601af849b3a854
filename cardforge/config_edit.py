"""Writing ``cardforge.toml``: ``cardforge config set KEY VALUE`` / ``unset KEY``, as ``git
config`` and ``gh config set`` do.

A value is checked as the reader checks it (``lang``: fr or en; ``house.GAME.KEY``: a switch the
game's engine has, with one of its values) before anything is written; the file keeps its
comments and layout (tomlkit) and is replaced atomically.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from cardforge.errors import UsageError
from cardforge.i18n import Message, refusal

__all__ = ["set_value", "unset_value", "target_file"]


def target_file(project: bool) -> Path:
    """The file a change goes to: the user file, or (``--project``) the project file found from
    the current folder upward, else ``./cardforge.toml``."""
    from cardforge.config import FILE_NAME, project_file, user_file

    if not project:
        return user_file()
    return project_file() or Path.cwd() / FILE_NAME


def _split(key: str) -> tuple[str, ...]:
    """``lang`` → ``("lang",)``; ``house.rows.row_tie`` → ``("house", "rows", "row_tie")``."""
    from cardforge.config import KEYS
    from cardforge.games import ENGINES

    if key in KEYS:
        return (key,)
    parts = tuple(key.split("."))
    if parts[0] == "house":
        if len(parts) != 3 or parts[1] not in ENGINES:
            raise refusal(UsageError, "error.config.house_key", key=repr(key), games=", ".join(ENGINES))
        return parts
    close = difflib.get_close_matches(key, list(KEYS), n=1, cutoff=0.5)
    hint = Message("error.config.did_you_mean", guess=repr(close[0])) if close else \
        Message("error.config.keys", keys=", ".join(KEYS))
    raise refusal(UsageError, "error.config.key", key=repr(key), hint=hint)


def _checked(parts: tuple[str, ...], value: str) -> str:
    """``value`` if ``parts`` may take it (else a one-line refusal saying what is expected)."""
    from cardforge.config import CHOICES

    if parts[0] == "house":
        from cardforge.games import engine_module
        from cardforge.games.house import house_rule_field, parse_house_rules

        rules = engine_module(parts[1]).HouseRules
        name = house_rule_field(rules, parts[2]).name
        parse_house_rules(rules, [f"{name}={value}"])
        return value
    choices = CHOICES.get(parts[0])
    if not value.strip() or (choices and value not in choices):
        expected = Message("error.config.either", first=choices[0], second=choices[1]) if choices else \
            Message("error.config.text")
        raise refusal(UsageError, "error.config.value", key=parts[0], expected=expected, value=repr(value))
    return value


def _load(path: Path):  # -> tomlkit.TOMLDocument
    import tomlkit

    from cardforge.config import file_data

    if path.exists() and not path.is_file():
        raise refusal(UsageError, "error.config.not_a_file", path=repr(str(path)))
    if not path.is_file():
        return tomlkit.document()
    file_data(path)  # a broken file is refused in one line, as on reading
    return tomlkit.parse(path.read_text(encoding="utf-8"))


def _save(path: Path, document) -> None:
    import tomlkit

    from cardforge.atomic import atomic_write_bytes, ensure_dir

    ensure_dir(path.parent, "config folder")
    written = tomlkit.dumps(document).rstrip("\n")  # a table removed leaves its blank line behind
    atomic_write_bytes(path, (written + "\n" if written else "").encode("utf-8"))


def set_value(key: str, value: str, *, project: bool = False) -> Message:
    """Set ``key`` to ``value`` in the user (or project) file; what was done, as a message."""
    import tomlkit

    parts = _split(key)
    value = _checked(parts, value)
    path = target_file(project)
    document = _load(path)
    table = document
    for part in parts[:-1]:
        if part not in table:
            table[part] = tomlkit.table(is_super_table=part == "house")
        table = table[part]
    table[parts[-1]] = value
    _save(path, document)
    return Message("config.set", key=".".join(parts), value=repr(value), path=str(path))


def unset_value(key: str, *, project: bool = False) -> Message:
    """Remove ``key`` from the user (or project) file (an empty house table goes too)."""
    parts = _split(key)
    path = target_file(project)
    document = _load(path)
    tables = [document]
    for part in parts[:-1]:
        if part not in tables[-1]:
            return Message("config.unset_absent", key=".".join(parts), path=str(path))
        tables.append(tables[-1][part])
    if parts[-1] not in tables[-1]:
        return Message("config.unset_absent", key=".".join(parts), path=str(path))
    del tables[-1][parts[-1]]
    for depth in range(len(parts) - 1, 0, -1):  # house.rows emptied: drop it, then house
        if not tables[depth]:
            del tables[depth - 1][parts[depth - 1]]
    _save(path, document)
    return Message("config.unset", key=".".join(parts), path=str(path))
