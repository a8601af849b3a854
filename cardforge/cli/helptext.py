"""``--help`` in the user's language: the help texts of the commands a command line walks
through (and of their sub-commands, for the list), said from the catalogue's ``HELP`` table
(``cardforge/i18n/<lang>.py``: English paragraph → its translation).  Only what a help page
will show is translated, so a ruling does not pay for it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["translated", "translate_help", "wants_help"]

HELP_FLAGS = ("-h", "--help")


def _table(lang: str) -> dict[str, str]:
    from cardforge.i18n import catalogue

    try:
        return getattr(catalogue(lang), "HELP", {})
    except KeyError:
        return {}


def translated(text: str | None, lang: str) -> str | None:
    """``text`` paragraph by paragraph in ``lang`` (an untranslated paragraph stays as it is;
    ``Example:`` lines keep their command)."""
    if not text:
        return text
    table = _table(lang)
    from cardforge.i18n import text as say

    out = []
    for paragraph in text.split("\n\n"):
        key = " ".join(paragraph.split())
        if key.startswith("Example: "):
            out.append(say("help.example", lang, command=key[len("Example: "):]))
        else:
            out.append(table.get(key, paragraph))
    return "\n\n".join(out)


def _translate_command(command: Any, lang: str, help_names: Sequence[str] = HELP_FLAGS) -> None:
    from cardforge.i18n import text as say

    if hasattr(command, "usage_prefix"):  # cardforge's HelpCommand/HelpGroup (options.py): « Utilisation : »
        command.usage_prefix = say("help.usage", lang)
    command.help = translated(command.help, lang)
    command.short_help = translated(command.short_help, lang)
    ctx = command.context_class(command, info_name=command.name or "cardforge", resilient_parsing=True,
                                help_option_names=list(help_names))
    help_option = command.get_help_option(ctx)  # made once per command, then shown from its cache
    for param in (*command.params, *([help_option] if help_option is not None else [])):
        if getattr(param, "help", None):
            param.help = translated(param.help, lang)


def wants_help(args: Sequence[str]) -> bool:
    """Whether this command line shows a help page (``-h``, ``--help``, or nothing after a group)."""
    options = list(args[: list(args).index("--")] if "--" in args else args)
    return not options or any(a in HELP_FLAGS for a in options) or all(a.startswith("-") for a in options)


def _command_words(command: Any, args: Sequence[str]) -> list[str]:
    """The words of ``args`` that name commands: not the options, nor the values of the root's
    options that take one (``cardforge --lang fr table new -h`` names ``table new``)."""
    takes_value = {opt for param in command.params if not getattr(param, "is_flag", True)
                   for opt in param.opts}
    words, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in takes_value
        else:
            words.append(arg)
    return words


def translate_help(command: Any, args: Sequence[str], lang: str) -> None:
    """Translate, in place, the help of ``command`` and of each sub-command ``args`` names (and
    of the sub-commands a group lists), if this command line shows a help page."""
    if lang == "en" or not _table(lang):
        return
    node, words = command, _command_words(command, args)
    _translate_command(node, lang)
    while True:
        children = getattr(node, "list_commands", None)
        if children is None:
            return
        ctx = node.context_class(node, info_name=node.name or "cardforge", resilient_parsing=True)
        chosen = node.get_command(ctx, words[0]) if words else None
        if chosen is None:  # the group's own page: its list of commands
            for name in children(ctx):
                child = node.get_command(ctx, name)
                if child is not None:
                    _translate_command(child, lang)
            return
        _translate_command(chosen, lang)
        node, words = chosen, words[1:]
