"""``cardforge render``: formats, outputs, clear one-line errors, and the build hook."""

from __future__ import annotations

import pytest

from tests.render_support import fonts_of, write_mini_deck


@pytest.fixture(scope="module")
def mini_path(tmp_path_factory):
    return write_mini_deck(tmp_path_factory.mktemp("decks"))


def test_render_all_formats(cli, mini_path, tmp_path):
    result = cli("render", str(mini_path), "--format", "all", "--lang", "fr", "--out", str(tmp_path))
    assert result.code == 0, result.err
    folder = tmp_path / "mini"
    assert (folder / "mini-sheets-a4-fr.pdf").is_file()
    assert (folder / "pod" / "mini-drivethrucards-fr.pdf").is_file()
    assert (folder / "pod" / "mini-thegamecrafter-fr" / "R0.png").is_file()
    assert (folder / "png-fr" / "passe.png").is_file() and (folder / "mini-contact-fr.png").is_file()
    assert (folder / "tts-fr" / "sheet-1.png").is_file()
    assert "écrit\u00a0: " in result.out and not list(tmp_path.rglob("*.part"))  # --lang fr: French lines (#24)
    assert all(fonts_of(folder / "mini-sheets-a4-fr.pdf").values())


def test_rerender_is_byte_identical(cli, mini_path, tmp_path):
    args = ("render", str(mini_path), "--profile", "drivethrucards", "--out")
    assert cli(*args, str(tmp_path / "a")).code == 0 and cli(*args, str(tmp_path / "b")).code == 0
    name = "mini/pod/mini-drivethrucards-en.pdf"
    assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_calibrate(cli, tmp_path):
    result = cli("render", "--calibrate", "--paper", "letter", "--out", str(tmp_path))
    assert result.code == 0 and (tmp_path / "calibration-letter-en.pdf").is_file()


@pytest.mark.parametrize(("args", "message"), [
    (("render", "rowz"), "cardforge: error: unknown game 'rowz': decks are collection, numwin, rows, sequence, tricks; did you mean 'rows'?"),
    (("render", "rows", "--format", "pdf"), "cardforge: error: unknown format 'pdf': expected sheets, pod, png, tts or all"),
    (("render", "rows", "--profile", "tgx"), "cardforge: error: unknown profile 'tgx'"),
    (("render", "rows", "--paper", "a5"), "cardforge: error: unknown paper 'a5': expected a4 or letter"),
    (("render", "rows", "--lang", "de"), "cardforge: error: unknown language 'de': expected fr or en"),
    (("render", "rows", "--gutter", "30"), "cardforge: error: bad --gutter 30: expected 0 to 20 mm"),
    (("render", "rows", "--back-offset", "x"), "cardforge: error: bad --back-offset 'x'"),
    (("render", "rows", "--format", "png", "--profile", "tgc"), "cardforge: error: --profile 'tgc' applies to --format pod"),
    (("render",), "cardforge: error: missing GAME"),
])
def test_errors_are_one_line(cli, args, message):
    result = cli(*args)
    assert result.code == 2
    assert result.err.startswith(message) and result.err.count("\n") == 1, result.err
    assert "Traceback" not in result.err


def test_unwritable_output_folder(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = cli("render", "rows", "--out", str(blocker / "sub"))
    assert result.code == 2 and result.err.startswith("cardforge: error: cannot create output folder")
