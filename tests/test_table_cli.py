"""``cardforge table``: matches, undo, list/resume, exports and blank pads (issue 9)."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys

import pytest

from table_helpers import ROOT, keeper, sheet  # noqa: F401  (fixtures)


def test_undo_through_the_cli_restores_the_sheet_exactly(sheet):
    sheet.ok("new", "rows", "--players", "Ana,Ben")
    sheet.ok("round", "Ana=R5", "Ben=G6")
    before = sheet.show()
    taken = sheet.ok("undo", "--json").json()
    assert taken["rounds"] == []
    sheet.ok("round", "Ana=R5", "Ben=G6")
    after = sheet.show()
    assert [r["points"] for r in after["rounds"]] == [r["points"] for r in before["rounds"]]
    sheet.ok("undo")
    sheet.refused("undo", says="nothing to undo")


def test_list_and_resume_remember_the_current_match(sheet):
    sheet.ok("new", "numwin", "--players", "Ana,Ben", "--title", "Friday")
    sheet.ok("new", "rows", "--players", "Chloé,David")
    listing = sheet.ok("list", "--json").json()
    assert [(m["match"], m["game"], m["current"]) for m in listing["matches"]] == [
        (1, "numwin", False), (2, "rows", True)]
    assert sheet.show()["game"] == "rows"
    assert sheet.ok("resume", "1", "--json").json()["title"] == "Friday"
    assert sheet.show()["game"] == "numwin"
    sheet.refused("resume", "9", says="no match 9")
    assert "numwin" in sheet.ok("list").out


def test_new_match_refused_through_the_cli(sheet):
    result = sheet("new", "poker", "--players", "Ana,Ben")
    assert result.code == 2 and result.err.count("\n") == 1 and "unknown game 'poker'" in result.err
    assert sheet.state() is None  # nothing was created


@pytest.mark.parametrize("args, says", [
    (("tricks", "Ana,Ben"), "3–10 players"),
    (("rows", "Ana,ana"), "same name"),
    (("rows", "Ana,Ben=2"), "contains '='"),
    (("rows", "Ana,Ben", {"variant": "team"}), "unknown variant 'team'"),
    (("collection", "Ana,Ben", {"mode": "expert"}), "unknown mode 'expert'"),
    (("rows", "Ana,Ben", {"house": ["round_tie=maybe"]}), "expected one of"),
    (("rows", "Ana,Ben", {"rounds": 4}), "--rounds is not for rows"),
    (("rows", "Ana,Ben", {"start_cards": 4}), "--start-cards is not for rows"),
    (("tricks", "Ana,Ben,Chloé", {"variant": "team"}), "4, 6 or 8 players"),
    (("tricks", "Ana,Ben,Chloé", {"start_cards": 40}), "start_cards must be"),
])
def test_new_match_options_are_checked(keeper, args, says):
    from cardforge.errors import CardforgeError

    game, players, *options = args
    with pytest.raises(CardforgeError, match=re.escape(says)):
        keeper.new_match(game, players, **(options[0] if options else {}))
    assert keeper.store.matches() == []


def test_unusable_database_is_one_line_error(cli, tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("not a database at all, just some notes about the last game night\n" * 20)
    result = cli("table", "list", "--db", str(bad))
    assert result.code == 2 and "cannot use score-sheet database" in result.err and "Traceback" not in result.err
    result = cli("table", "list", "--db", str(tmp_path))
    assert result.code == 2 and "is a folder" in result.err


def test_export_csv_and_pdf(sheet, tmp_path):
    sheet.ok("new", "tricks", "--players", "Ana,Ben,Chloé", "--rounds", "2")
    sheet.ok("round", "Ana=1/1", "Ben=0/0", "Chloé=0/0")
    sheet.ok("round", "Ana=1/1", "Ben=0/0", "Chloé=1/1")
    out = tmp_path / "sheet.csv"
    sheet.ok("export", "--csv", "--out", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [(r["round"], r["side"], r["points"], r["total"]) for r in rows] == [
        ("1", "Ana", "13", "13"), ("1", "Ben", "22", "22"), ("1", "Chloé", "22", "22"),
        ("2", "Ana", "18", "31"), ("2", "Ben", "29", "51"), ("2", "Chloé", "18", "40")]
    pdf = tmp_path / "sheet.pdf"
    sheet.ok("export", "--pdf", "--lang", "fr", "--out", str(pdf))
    text, fonts = _pdf_text_and_fonts(pdf)
    assert "Num Plis" in text and "Chloé" in text and "Vainqueur" in text and "TRICKS-9.1" in text
    assert fonts and all(embedded for _, embedded in fonts) and not any("Helvetica" in n for n, _ in fonts)
    assert sheet("export").code == 2  # --pdf or --csv


def test_blank_score_pads_for_every_game(tmp_path):
    from cardforge.table.pad_targets import build_blank_score_sheets

    paths = build_blank_score_sheets(tmp_path)
    assert sorted(p.name for p in paths) == sorted(f"{g}.pdf" for g in ("collection", "sequence", "tricks", "rows", "numwin"))
    from pypdf import PdfReader

    for path in paths:
        assert path.parent.name == "scoresheets" and len(PdfReader(path).pages) == 2  # fr, en
    text, fonts = _pdf_text_and_fonts(tmp_path / "scoresheets" / "collection.pdf")
    assert "Grande Couleur" in text and "Grand flush" in text and all(e for _, e in fonts)


def test_help_and_show_do_not_import_reportlab(tmp_path):
    code = ("import sys; from cardforge.cli import main\n"
            "try: main(['table', 'list', '--db', sys.argv[1]])\n"
            "except SystemExit: pass\n"
            "assert 'reportlab' not in sys.modules, 'reportlab imported'")
    subprocess.run([sys.executable, "-c", code, str(tmp_path / "t.sqlite3")], check=True, cwd=ROOT,
                   capture_output=True)


def _pdf_text_and_fonts(path):
    from pypdf import PdfReader

    reader = PdfReader(path)
    text = "".join(page.extract_text() for page in reader.pages)
    fonts = {}
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            descriptor = descriptor.get_object()
            fonts[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return text, list(fonts.items())


@pytest.mark.parametrize("game", ["rows"])
def test_default_database_lives_in_the_user_data_dir(game, cli, tmp_path):
    result = cli("table", "new", game, "--players", "Ana,Ben", env={"XDG_DATA_HOME": str(tmp_path), "CARDFORGE_TABLE_DB": ""})
    assert result.code == 0, result.err
    assert (tmp_path / "cardforge" / "table.sqlite3").is_file()


def test_every_rule_the_sheets_cite_is_in_the_catalogue():
    """Rule IDs printed on the pads and cited for match ends exist, with their rulings."""
    from cardforge.rules import load_rules, rule
    from cardforge.table.adapters import ADAPTERS, adapter_class

    for game in ADAPTERS:
        for entry in adapter_class(game).pad_rules:
            for rule_id in entry if isinstance(entry, tuple) else (entry,):
                assert rule(rule_id), rule_id
    book = load_rules("table")
    assert book.ids() == ["TABLE-R1", "TABLE-R2", "TABLE-R3"]
    assert all(r.text.fr and r.text.en and r.reason.fr and r.reason.en for r in book.rulings)


def test_pdf_pad_is_reproducible_and_lists_every_round(keeper, tmp_path):
    from cardforge.table.export import standings_pad, write_pdf

    keeper.new_match("numwin", "Ana,Ben,Chloé")
    s = keeper.record_round(["Ana=R1,G2,B3,Y4,R5", "Ben=R6,G9,B0,Y0,R0", "Chloé=G5,B5,Y8,R8,swipe"])
    pad = standings_pad(s, "fr")
    assert [left for left, _ in pad.rows] == [["1", "Ana"], ["2", "Ben"], ["3", "Chloé"]]  # one round per dealer
    assert pad.rows[0][1][2] == ["G5 B5 Y8 R8 swipe", "5", "5"]
    a, b = write_pdf(s, tmp_path / "a.pdf"), write_pdf(s, tmp_path / "b.pdf")
    assert a.read_bytes() == b.read_bytes()


def test_an_objective_without_its_cards_asks_for_them(sheet):
    """`Ana=pair` names a known objective without its cards: the refusal says how to write them
    (was: "expected OBJECTIVE:CARD,CARD,… with a known objective; did you mean 'pair'?")."""
    sheet.ok("new", "collection", "--players", "Ana,Ben")
    err = sheet.refused("round", "Ana=pair", "Ben=-", says="give the cards that make the objective")
    assert "Ana=pair:CARD,CARD,…" in err and "did you mean" not in err
    err = sheet.refused("round", "Ana=paire", "Ben=-", "--lang", "fr", says="donnez les cartes")
    assert "Ana=pair:CARTE,CARTE,…" in err


def test_export_without_a_format_says_so_in_the_sheet_language(sheet):
    sheet.ok("new", "rows", "--players", "Ana,Ben", "--lang", "fr")
    assert "choisissez --pdf ou --csv" in sheet.refused("export", "--lang", "fr")
    assert "choose one of --pdf or --csv" in sheet.refused("export", "--lang", "en")
