"""click's own command-line errors ("No such option", "Missing argument" …) said in the user's
language: each English form click writes is recognised here and said again from the message
catalogue (``click.*`` keys).  English is left exactly as click wrote it; a form not known here
stays English rather than being guessed."""

from __future__ import annotations

import re

from cardforge.i18n import Message

__all__ = ["translate"]

_FORMS: list[tuple[re.Pattern[str], str]] = [(re.compile(p), key) for p, key in (
    (r"^No such option: (?P<name>\S+)(?: Did you mean (?P<guess>\S+)\?)?(?: \(Possible options: (?P<names>.+)\))?$",
     "click.no_such_option"),
    (r"^No such command (?P<name>.+)\.$", "click.no_such_command"),
    (r"^Missing argument (?P<name>.+)\.$", "click.missing_argument"),
    (r"^Missing option (?P<name>.+)\.$", "click.missing_option"),
    (r"^Got unexpected extra arguments? ?(?:\(s\))? \((?P<args>.*)\)$", "click.extra"),
    (r"^Got unexpected extra argument\(s\) \((?P<args>.*)\)$", "click.extra"),
    (r"^Option (?P<name>\S+) requires an argument\.$", "click.needs_value"),
    (r"^Option (?P<name>\S+) requires (?P<n>\d+) arguments\.$", "click.needs_values"),
    (r"^Invalid value for (?P<name>.+?): (?P<why>.+)$", "click.invalid"),
    (r"^(?P<value>.+) is not a valid int(?:eger)?\.$", "click.not_int"),
    (r"^(?P<value>.+) is not a valid float\.$", "click.not_float"),
    (r"^(?P<value>.+) is not a valid boolean\.$", "click.not_bool"),
    (r"^(?P<value>.+) is not one of (?P<choices>.+)\.$", "click.not_one_of"),
    # cardforge's own option checks (options.py), raised as click's BadParameter in English
    (r"^(?P<value>-?\d+) is below (?P<low>-?\d+): expected a whole number from (?P=low)$", "error.option.at_least"),
    (r"^the path is empty: expected a file or folder name, e\.g\. output/ or scores\.sqlite3$", "error.option.empty_path"),
)]


def translate(text: str, lang: str) -> str:
    """``text`` (a click error message) in ``lang``; unchanged in English or when unknown."""
    if lang == "en":
        return text
    for pattern, key in _FORMS:
        found = pattern.match(text)
        if found is None:
            continue
        parts = {k: v for k, v in found.groupdict().items()}
        if key == "click.no_such_option":
            hint = (Message("click.did_you_mean", guess=parts["guess"]) if parts["guess"] else
                    Message("click.possible", names=parts["names"]) if parts["names"] else "")
            return Message(key, name=parts["name"], hint=hint).text(lang)
        if key == "click.invalid":
            return Message(key, name=parts["name"], why=translate(parts["why"], lang)).text(lang)
        return Message(key, **parts).text(lang)
    return text
