"""The few words typer prints itself on a help page (``[required]``, ``[default: …]``, the
``Commands`` panel…), in the user's language through gettext, the mechanism typer reads them
with (``from gettext import gettext as _`` at its import).

Each catalogue module may hold ``LIBRARY``: typer's English text → its translation.  They are
compiled into ``cardforge/i18n/locale/<lang>/LC_MESSAGES/messages.mo`` (``python -m
cardforge.i18n.library_texts`` writes them; a test checks they are up to date), and
``use(lang)`` points gettext's default domain at them before typer is imported — on a help
page only, so a ruling pays nothing for it.
"""

from __future__ import annotations

import gettext
import os
import struct
import sys
from collections.abc import Mapping
from pathlib import Path

__all__ = ["LOCALE", "mo_bytes", "mo_path", "use", "main"]

#: Where the compiled catalogues live (package data).
LOCALE = Path(__file__).resolve().parent / "locale"

#: gettext's default domain: the one typer's ``gettext()`` calls look in.
DOMAIN = "messages"


def mo_path(lang: str) -> Path:
    """The compiled catalogue of ``lang``."""
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def mo_bytes(messages: Mapping[str, str]) -> bytes:
    """A GNU ``.mo`` file holding ``messages`` (msgid → msgstr), with a UTF-8 header entry:
    the format of ``msgfmt``, without its hash table (gettext searches the sorted ids)."""
    entries = {"": "Content-Type: text/plain; charset=UTF-8\n", **messages}
    ids = sorted(entries)
    keys = [i.encode("utf-8") for i in ids]
    values = [entries[i].encode("utf-8") for i in ids]
    header = 7 * 4
    ids_table = header
    strs_table = ids_table + 8 * len(ids)
    data_start = strs_table + 8 * len(ids)
    blob, id_offsets, str_offsets = b"", [], []
    for key in keys:
        id_offsets.append((len(key), data_start + len(blob)))
        blob += key + b"\0"
    for value in values:
        str_offsets.append((len(value), data_start + len(blob)))
        blob += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, len(ids), ids_table, strs_table, 0, 0)
    out += b"".join(struct.pack("<2I", *pair) for pair in id_offsets)
    out += b"".join(struct.pack("<2I", *pair) for pair in str_offsets)
    return out + blob


def use(lang: str) -> None:
    """Make typer's own help words speak ``lang`` in this process (call before importing typer;
    a language without a compiled catalogue changes nothing)."""
    if lang == "en" or not mo_path(lang).is_file():
        return
    gettext.bindtextdomain(DOMAIN, str(LOCALE))
    os.environ["LANGUAGE"] = lang  # gettext picks the language from here first


def main(argv: list[str] | None = None) -> int:
    """Write every catalogue's compiled ``LIBRARY`` texts (``--check``: exit 1 if one is stale)."""
    from cardforge.i18n import catalogue, languages

    check = "--check" in (argv if argv is not None else sys.argv[1:])
    stale = []
    for lang in languages():
        texts = getattr(catalogue(lang), "LIBRARY", None)
        if not texts:
            continue
        path, data = mo_path(lang), mo_bytes(texts)
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(str(path))
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    if stale:
        print(("stale: " if check else "wrote: ") + ", ".join(stale))
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
