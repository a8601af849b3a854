"""Defaults that stick: ``cardforge.toml`` files, ``CARDFORGE_*`` variables and the locale.

Each setting comes from the first of these that gives it (``cardforge config`` shows which):

1. a command-line flag (``--lang fr``);
2. an environment variable (``CARDFORGE_LANG``, ``CARDFORGE_PAPER``, ``CARDFORGE_DB``,
   ``CARDFORGE_PLAYERS``);
3. the project file: the first ``cardforge.toml`` found from the current folder upward;
4. the user file: ``cardforge.toml`` in the user config folder (``platformdirs``;
   ``CARDFORGE_CONFIG`` names another file);
5. the default (the language: ``fr`` when the locale — ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` —
   is French, else ``en``).

A file holds the keys ``lang``, ``paper``, ``database``, ``players`` (a list or
``"Ana,Ben"``) and a table ``[house.<game>]`` of house rules (``row_tie = "fewest_cards"``),
which ``table new`` and ``simulate`` apply (the match then remembers them).  ``cardforge config
set KEY VALUE`` / ``unset KEY`` write them (``cardforge/config_edit.py``).  Files are read with
the standard library's ``tomllib``; a broken file is one line naming it.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["FLAGS", "KEYS", "Setting", "settings", "value", "house_rules", "with_house_rules", "user_file", "project_file", "locale_lang",
           "FILE_NAME", "CHOICES", "file_data"]

FILE_NAME = "cardforge.toml"

#: key → (environment variable, what it is)
KEYS: dict[str, tuple[str, str]] = {
    "lang": ("CARDFORGE_LANG", "language of outputs and messages: fr or en"),
    "paper": ("CARDFORGE_PAPER", "home sheet paper: a4 or letter"),
    "database": ("CARDFORGE_DB", "score-sheet database file"),
    "players": ("CARDFORGE_PLAYERS", "players of a new match, in seating order"),
}
CHOICES = {"lang": ("fr", "en"), "paper": ("a4", "letter")}

#: Values given by a flag of the root command (``cardforge --lang fr …``) for the whole run.
FLAGS: dict[str, Any] = {}


@dataclass(frozen=True)
class Setting:
    """One setting's value and where it came from: ``default``, ``user file``, ``project
    file``, ``env`` or ``flag`` (``origin``: the file or variable)."""

    key: str
    value: Any
    source: str
    origin: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source, **({"origin": self.origin} if self.origin else {})}


def locale_lang(environ: dict[str, str] | None = None) -> str:
    """``fr`` when the first locale variable set (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) is
    French (``fr_FR.UTF-8``, ``fr``), else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        chosen = env.get(name)
        if chosen:
            return "fr" if chosen.lower().startswith("fr") else "en"
    return "en"


def user_file() -> Path:
    """``CARDFORGE_CONFIG``, else ``cardforge.toml`` in the user config folder."""
    chosen = os.environ.get("CARDFORGE_CONFIG")
    if chosen:
        return Path(chosen)
    import platformdirs

    return Path(platformdirs.user_config_dir("cardforge")) / FILE_NAME


def project_file(start: Path | None = None) -> Path | None:
    """The first ``cardforge.toml`` in ``start`` (the current folder) or a folder above it."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        candidate = folder / FILE_NAME
        if candidate.is_file():
            return candidate
    return None


@functools.cache
def _read(path: str, mtime: int) -> dict[str, Any]:
    """A config file's table, checked (one line naming the file and the key when it is wrong)."""
    import tomllib

    from cardforge.errors import UsageError
    from cardforge.i18n import Message, refusal

    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except tomllib.TOMLDecodeError as exc:
        raise refusal(UsageError, "error.config.toml", path=path, why=exc) from None
    except OSError as exc:
        raise refusal(UsageError, "error.config.unreadable", path=path, why=exc.strerror) from None
    for key, raw in data.items():
        if key == "house":
            if not isinstance(raw, dict) or not all(isinstance(v, dict) for v in raw.values()):
                raise refusal(UsageError, "error.config.house_tables", path=path)
            continue
        if key not in KEYS:
            import difflib

            close = difflib.get_close_matches(key, list(KEYS), n=1, cutoff=0.5)
            guess = close[0] if close else None
            hint = (Message("error.card.hint", suggestion=repr(guess)) if guess else
                    Message("error.config.file_keys", keys=", ".join([*KEYS, "house"])))
            raise refusal(UsageError, "error.config.file_key", path=path, key=repr(key), hint=hint)
        _check(key, raw, path)
    return data


def _check(key: str, raw: Any, where: str) -> Any:
    from cardforge.errors import UsageError
    from cardforge.i18n import either, refusal

    if key == "players" and isinstance(raw, list):
        raw = ",".join(map(str, raw))
    if not isinstance(raw, str) or not raw.strip():
        raise refusal(UsageError, "error.config.file_text", where=where, key=key, raw=repr(raw))
    choices = CHOICES.get(key)
    if choices and raw not in choices:
        raise refusal(UsageError, "error.config.file_choice", where=where, key=key, choices=either(choices), raw=repr(raw))
    return raw


def file_data(path: Path | None) -> dict[str, Any]:
    """A config file's table, checked (``{}`` when there is no file)."""
    if path is None or not path.is_file():
        return {}
    return _read(str(path), path.stat().st_mtime_ns)


def settings(flags: dict[str, Any] | None = None) -> dict[str, Setting]:
    """Every setting with its source; ``flags``: values given on the command line."""
    user, project = user_file(), project_file()
    layers = [("user file", user, file_data(user)), ("project file", project, file_data(project))]
    found: dict[str, Setting] = {}
    for key, (variable, _what) in KEYS.items():
        chosen = Setting(key, locale_lang() if key == "lang" else ("a4" if key == "paper" else None), "default")
        for source, path, data in layers:
            if key in data:
                chosen = Setting(key, _check(key, data[key], str(path)), source, str(path))
        if os.environ.get(variable):
            chosen = Setting(key, _check(key, os.environ[variable], variable), "env", variable)
        given = (flags or {}).get(key, FLAGS.get(key))
        if given is not None:
            chosen = Setting(key, given, "flag", f"--{key}")
        found[key] = chosen
    return found


def value(key: str) -> Any:
    """The value of one setting (flags aside: the command's own option wins over it)."""
    return settings()[key].value


def with_house_rules(game: str, given: list[str] | tuple[str, ...]) -> list[str]:
    """``given`` (``--house key=value`` pairs) after the configured house rules of ``game``
    whose key it does not set: the command line wins, key by key."""
    typed = {pair.split("=", 1)[0].strip().replace("-", "_") for pair in given}
    return [*(s.value for s in house_rules(game) if s.value.split("=", 1)[0] not in typed), *given]


def house_rules(game: str) -> list[Setting]:
    """The house rules the config files give ``game`` (project file over user file), as
    ``key=value`` settings."""
    merged: dict[str, Setting] = {}
    for source, path in (("user file", user_file()), ("project file", project_file())):
        for key, raw in file_data(path).get("house", {}).get(game, {}).items():
            shown = str(raw).lower() if isinstance(raw, bool) else str(raw)
            merged[key] = Setting(f"house.{game}.{key}", f"{key}={shown}", source, str(path))
    return list(merged.values())
