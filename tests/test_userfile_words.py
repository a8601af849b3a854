"""A file the user named that cannot be used is refused in the user's language, reason included:
no English left inside a French error (« c'est un tube (FIFO) », « valeur attendue »,
« 19,1 Mio »), and the English reasons are unchanged."""

from __future__ import annotations

import os

import pytest

from cardforge.cli import main
from cardforge.userfile import UnreadableFile, _size, human_size, json_problem, read_user_file


@pytest.fixture
def ref(capsys):
    def run(*args: str) -> tuple[int, str]:
        try:
            main(["referee", *args])
            code = 0
        except SystemExit as exc:
            code = exc.code or 0
        return code, capsys.readouterr().err.strip()

    return run


def _fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("make, fr, en", [
    (_fifo, "c'est un tube (FIFO), pas un fichier ordinaire", "is a pipe (FIFO), expected a regular file"),
    (lambda tmp: tmp, "c'est un dossier, pas un fichier", "is a folder, expected a file"),
    (lambda tmp: (tmp / "s.json").write_text("{,}") and tmp / "s.json",
     "n'est pas du JSON valide : nom de clé entre guillemets droits attendu (ligne 1)",
     "is not valid JSON: Expecting property name enclosed in double quotes (line 1)"),
    (lambda tmp: (tmp / "s.json").write_text("x") and tmp / "s.json",
     "n'est pas du JSON valide : valeur attendue (ligne 1)", "is not valid JSON: Expecting value (line 1)"),
    (lambda tmp: (tmp / "s.json").write_bytes(b" " * (3 * 1024 * 1024)) and tmp / "s.json",
     "trop gros (3 Mio ; au plus 1 Mio)", "too large (3 MiB; at most 1 MiB)"),
])
def test_a_state_file_refused_in_french_says_why_in_french(ref, tmp_path, make, fr, en):
    path = str(make(tmp_path))
    code, err = ref("rows", "play", "--lang", "fr", "--state", path, "Ana=R7")
    assert code == 2 and err.startswith("cardforge : erreur : ") and err.endswith(fr), err
    code, err = ref("rows", "play", "--state", path, "Ana=R7")
    assert code == 2 and err.startswith("cardforge: error: ") and err.endswith(en), err


def test_a_scorecard_refused_in_french_says_why_in_french(ref, tmp_path):
    code, err = ref("collection", "objectives", "--lang", "fr", "--scorecard", str(_fifo(tmp_path)), "R1 R2")
    assert code == 2 and "c'est un tube (FIFO)" in err and "expected" not in err, err


def test_sizes_read_as_each_language_says_them():
    error = UnreadableFile("too_large", size=_size(10_000_000), limit=_size(512))
    assert error.message.text("fr") == "trop gros (9,54 Mio ; au plus 512 octets)"
    assert str(error) == "too large (9.54 MiB; at most 512 bytes)"
    assert human_size(1) == "1 byte" and human_size(128 * 1024) == "128 KiB"


def test_an_unknown_json_reason_is_kept_as_it_is():
    assert json_problem("Something new at").text("fr") == "Something new at"
    assert json_problem("Extra data").text("fr") == "données en trop après la fin"


def test_the_english_reason_is_the_exception_text(tmp_path):
    with pytest.raises(UnreadableFile, match="^file not found$") as caught:
        read_user_file(tmp_path / "missing", limit=10)
    assert caught.value.message.text("fr") == "fichier introuvable"
