"""``cardforge build``: the face cache, incremental rebuilds, the pool, progress, start-up (``watch``: test_watch.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardforge.cards import Card
from cardforge.scheduler import Builder, Job, Planning, Target
from tests.render_support import MINI_DECK, RECOLOURED, ROOT, write_mini_deck


@pytest.fixture
def deck_dir(tmp_path, monkeypatch):
    """A deck folder holding only ``mini`` (and its base), used as CARDFORGE_DECKS."""
    folder = tmp_path / "decks"
    write_mini_deck(folder)
    monkeypatch.setenv("CARDFORGE_DECKS", str(folder))
    return folder


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".faces" not in p.parts and not p.name.startswith(".cardforge")}


# -- the face cache ------------------------------------------------------------------------------------


def test_same_face_in_two_languages_and_two_decks_is_one_digest():
    """Issue: "R7 is byte-identical in en and fr, in rows and numwin" — so one cache entry."""
    from cardforge.deck import load_deck
    from cardforge.render.facecache import face_digest, face_pdf

    rows, numwin = load_deck("rows"), load_deck("numwin")
    r7 = {face_digest(face_pdf(deck, Card("R", 7), lang)) for deck in (rows, numwin) for lang in ("en", "fr")}
    assert len(r7) == 1
    assert face_digest(face_pdf(rows, Card("R", 8), "en")) not in r7
    backs = {face_digest(face_pdf(rows, None, lang)) for lang in ("en", "fr")}
    assert len(backs) == 2, "the back prints the deck's title, which differs between languages"


def test_a_colour_change_changes_the_digest_of_those_faces_only(tmp_path):
    from cardforge.deck import load_deck
    from cardforge.render.facecache import face_digest, face_pdf

    before = load_deck(write_mini_deck(tmp_path / "a"))
    after = load_deck(write_mini_deck(tmp_path / "b", RECOLOURED))
    digest = lambda deck, card: face_digest(face_pdf(deck, card, "en"))  # noqa: E731
    assert digest(before, Card(action="passe")) != digest(after, Card(action="passe"))
    assert digest(before, Card("Y", 6)) == digest(after, Card("Y", 6))


def test_makeplayingcards_is_the_centre_of_the_game_crafter_bitmap(deck_dir, tmp_path):
    """822×1122 is cropped from the one 825×1125 rasterisation, never drawn again."""
    from PIL import Image

    from cardforge.deck import load_deck
    from cardforge.render.formats import render_target

    deck = load_deck("mini")
    render_target(deck, ("pod",), tmp_path, profiles=["thegamecrafter", "makeplayingcards"])
    pod = tmp_path / "mini" / "pod"
    with Image.open(pod / "mini-thegamecrafter-en" / "R1.png") as full, \
         Image.open(pod / "mini-makeplayingcards-en" / "R1.png") as crop:
        assert crop.size == (822, 1122)
        assert full.crop((1, 1, 823, 1123)).tobytes() == crop.convert("RGB").tobytes()
    cached = list((tmp_path / ".faces").glob("*.png"))
    assert len({p.name[:32] for p in cached}) == len(deck.all_counts()) + 1  # each face rasterised once


def test_batch_write_is_atomic_and_complete(tmp_path):
    from cardforge.atomic import atomic_write_batch

    files = [(tmp_path / "a" / f"{i}.bin", bytes([i]) * 100) for i in range(5)]
    atomic_write_batch(files)
    assert [p.read_bytes() for p, _ in files] == [d for _, d in files]
    assert not list(tmp_path.rglob("*.part"))


def test_copying_a_cached_image_twice_leaves_one_file_of_its_own(tmp_path):
    """Outputs are copies, never hard links into the cache (issue #31: truncating one output
    in place damaged the cache and three other outputs); a second copy leaves no ``.part``, and
    an output that still is a hard link from an older build becomes a file of its own."""
    from cardforge.atomic import atomic_copy

    source, target = tmp_path / "cached.png", tmp_path / "out" / "R7.png"
    source.write_bytes(b"png")
    atomic_copy(source, target)
    atomic_copy(source, target)
    assert target.read_bytes() == b"png" and target.stat().st_ino != source.stat().st_ino
    assert sorted(p.name for p in target.parent.iterdir()) == ["R7.png"]
    target.unlink()
    os.link(source, target)
    atomic_copy(source, target)
    assert target.stat().st_ino != source.stat().st_ino and source.stat().st_nlink == 1


# -- incremental, parallel, deterministic ----------------------------------------------------------------


def test_nothing_changed_renders_nothing_and_a_colour_change_rebuilds_that_deck(deck_dir, tmp_path):
    from cardforge.scheduler import build_all

    out = tmp_path / "out"
    first = build_all(out, decks=["mini"], workers=1)
    assert first.targets_built == ["cards:mini"] and first.rasterised == first.faces > 0
    assert (out / "cards" / "mini" / "mini-sheets-a4-fr.pdf").is_file()
    again = build_all(out, decks=["mini"], workers=1)
    assert again.targets_built == [] and again.written == [] and again.skipped == len(first.written)
    (deck_dir / "mini.yaml").write_text(RECOLOURED, encoding="utf-8")
    changed = build_all(out, decks=["mini"], workers=1)
    assert changed.targets_built == ["cards:mini"]
    assert changed.rasterised == 2, "only the action card looks different (in en and in fr)"
    (out / "cards" / "mini" / "mini-sheets-a4-en.pdf").unlink()
    assert build_all(out, decks=["mini"], workers=1).targets_built == ["cards:mini"], "a missing output is rebuilt"
    assert build_all(out, decks=["mini"], workers=1, force=True).targets_built == ["cards:mini"]


def test_a_no_op_build_reads_folder_times_not_every_output(deck_dir, tmp_path, monkeypatch):
    """Issue #30: nothing changed, the build stats the output folders, not each output file; a
    file deleted from a folder is still noticed."""
    from cardforge import scheduler
    from cardforge.scheduler import build_all

    out = tmp_path / "out"
    build_all(out, decks=["mini"], workers=1)
    old = time.time() - 3600
    folders = [p for p in out.rglob("*") if p.is_dir()] + [out]
    for folder in folders:  # as if built an hour ago: no folder time is too recent to trust
        os.utime(folder, (old, old))
    assert build_all(out, decks=["mini"], workers=1).targets_built == []  # stats the files, records the folders
    stats = []
    real = scheduler._stamp
    monkeypatch.setattr(scheduler, "_stamp", lambda path: stats.append(path) or real(path))
    assert build_all(out, decks=["mini"], workers=1).targets_built == []
    assert stats == [], f"{len(stats)} outputs stat-ed by a no-op build"
    victim = next((out / "cards" / "mini").rglob("*.png"))
    victim.unlink()
    assert build_all(out, decks=["mini"], workers=1).targets_built == ["cards:mini"]
    assert victim.is_file()


def test_a_no_op_build_notices_an_output_replaced_since(deck_dir, tmp_path):
    """Issue #30: an output saved over by another program (written beside it, then renamed, as
    editors and cardforge itself do) changes its folder's time, so it is checked and rebuilt."""
    from cardforge.scheduler import build_all

    out = tmp_path / "out"
    build_all(out, decks=["mini"], workers=1)
    old = time.time() - 3600
    for folder in [p for p in out.rglob("*") if p.is_dir()] + [out]:
        os.utime(folder, (old, old))
    assert build_all(out, decks=["mini"], workers=1).targets_built == []  # records the folders' times
    victim = out / "cards" / "mini" / "mini-sheets-a4-en.pdf"
    good = victim.read_bytes()
    edited = victim.with_name("edited.tmp")
    edited.write_bytes(good.replace(b"%%EOF", b"%%EOF\n% edited"))
    os.utime(edited, (old, old))  # even with an old time of its own
    os.replace(edited, victim)
    assert build_all(out, decks=["mini"], workers=1).targets_built == ["cards:mini"]
    assert victim.read_bytes() == good


def test_a_rebuild_draws_only_the_faces_whose_recipe_changed(deck_dir, tmp_path, monkeypatch):
    """Issue item 1: faces are keyed by what they are drawn from; a recolour draws the changed
    faces only, and gives the very files a build from scratch gives."""
    from cardforge.scheduler import build_all
    from cardforge.render import facecache

    drawn: list[str] = []
    real = facecache.face_pdf
    monkeypatch.setattr(facecache, "face_pdf", lambda deck, face, lang: drawn.append(lang) or real(deck, face, lang))
    build_all(tmp_path / "a", decks=["mini"], workers=1)
    first = len(drawn)
    assert drawn.count("en") > 5 and drawn.count("fr") == 1, "in French only the action card's text differs"
    build_all(tmp_path / "a", decks=["mini"], workers=1)
    assert len(drawn) == first, "every recipe known: nothing drawn"
    build_all(tmp_path / "a", decks=["mini"], workers=1, force=True)
    assert len(drawn) == 2 * first, "--force trusts no cached face: every one drawn from scratch (issue #31)"
    (deck_dir / "mini.yaml").write_text(RECOLOURED, encoding="utf-8")
    drawn.clear()
    build_all(tmp_path / "a", decks=["mini"], workers=1)
    assert sorted(drawn) == ["en", "fr"], "the action face, in each language"
    build_all(tmp_path / "b", decks=["mini"], workers=1)  # from scratch
    a, b = _files(tmp_path / "a"), _files(tmp_path / "b")
    assert a.keys() == b.keys() and [k for k in a if a[k] != b[k]] == []


def test_a_recipe_is_drawn_again_when_its_images_are_gone_or_the_code_changed(deck_dir, tmp_path, monkeypatch):
    from cardforge.deck import load_deck
    from cardforge.render import facecache
    from cardforge.render.facecache import FULL, FaceCache, digest_by_recipe
    from cardforge.render.png import deck_faces

    deck, cache = load_deck("mini"), FaceCache(tmp_path / ".faces")
    faces = deck_faces(deck)
    digests, missing = digest_by_recipe(deck, faces, "en", cache, [FULL], salt="v1", record="mini-en")
    assert len(missing) == len(set(digests.values())) == len(faces)
    cache.ensure({d: (pdf, set(v)) for d, (pdf, v) in missing.items()})
    drawn: list[object] = []
    real = facecache.face_pdf
    monkeypatch.setattr(facecache, "face_pdf", lambda deck, face, lang: drawn.append(face) or real(deck, face, lang))
    assert digest_by_recipe(deck, faces, "en", cache, [FULL], salt="v1", record="mini-en") == (digests, {})
    assert drawn == []
    cache.path(digests["back"]).unlink()
    again, missing = digest_by_recipe(deck, faces, "en", cache, [FULL], salt="v1", record="mini-en")
    assert again == digests and list(missing) == [digests["back"]] and drawn == [None]
    drawn.clear()
    assert digest_by_recipe(deck, faces, "en", cache, [FULL], salt="v2", record="mini-en")[0] == digests
    assert len(drawn) == len(faces), "another version of the drawing code: every face drawn again"


def test_a_face_without_text_has_one_recipe_in_both_languages():
    from cardforge.deck import load_deck
    from cardforge.render.faces import face_key

    rows = load_deck("rows")
    assert face_key(rows, Card("R", 7), "en") == face_key(rows, Card("R", 7), "fr")
    assert face_key(rows, None, "en") != face_key(rows, None, "fr"), "the back shows the deck's title"


def test_output_does_not_depend_on_the_number_of_workers(deck_dir, tmp_path):
    """Byte-identical outputs whether one process or a pool of two renders them."""
    from cardforge.scheduler import build_all

    build_all(tmp_path / "one", decks=["mini"], workers=1)
    build_all(tmp_path / "two", decks=["mini"], workers=2)
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert one.keys() == two.keys() and len(one) > 40
    assert [k for k in one if one[k] != two[k]] == []


def test_home_profiles_are_the_sheets_themselves(deck_dir, tmp_path):
    from cardforge.scheduler import build_all

    build_all(tmp_path, decks=["mini"], workers=1)
    folder = tmp_path / "cards" / "mini"
    sheets, home = folder / "mini-sheets-a4-en.pdf", folder / "pod" / "mini-home-a4-en.pdf"
    assert sheets.read_bytes() == home.read_bytes() and sheets.stat().st_ino != home.stat().st_ino


def test_full_plan_covers_every_deck_format_language_and_book(tmp_path):
    """``make`` = ``cardforge build``: every deck and the box, every format, both languages, all books."""
    from cardforge.scheduler import plan
    from cardforge.render.pod import PROFILES

    targets = {t.name: t for t in plan(tmp_path)}
    for deck in ("collection", "sequence", "tricks", "rows", "numwin", "box"):
        keys = {j.key for j in targets[f"cards:{deck}"].jobs}
        assert f"cards:{deck}:faces" in keys  # both languages: a face without text is drawn once
        for lang in ("en", "fr"):
            for what in ("sheets-a4", "sheets-letter", "png", "tts", *PROFILES):
                assert f"cards:{deck}:{lang}:{what}" in keys
    assert sum(1 for name in targets if name.startswith("rulebook:")) >= 10
    assert {"scoresheets", "reference", "cards:calibration"} <= set(targets)


def test_tts_memory_stays_flat_with_more_cards(deck_dir, tmp_path):
    """Sheets are streamed: ten times the cards does not hold ten times the pixels."""
    import tracemalloc

    from cardforge.deck import load_deck
    from cardforge.render.facecache import FaceCache
    from cardforge.render.facepages import physical_cards
    from cardforge.render.tts import tts_export

    deck = load_deck("mini")
    cache = FaceCache(tmp_path / ".faces")
    tts_export(deck, tmp_path / "warm", cards=physical_cards(deck), cache=cache)  # rasterise once

    def peak(copies: int) -> int:
        tracemalloc.start()
        tts_export(deck, tmp_path / f"t{copies}", cards=physical_cards(deck) * copies, cache=cache)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, big = peak(7), peak(70)  # 77 and 770 cards: 2 and 12 sheets
    assert big < small * 1.5 + 8 * 2**20


# -- the command line ---------------------------------------------------------------------------------


def _run(*args: str, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardforge", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=timeout)


def test_build_prints_a_line_per_phase_and_a_summary_or_nothing_when_quiet(deck_dir, tmp_path):
    env = {"CARDFORGE_DECKS": str(deck_dir)}
    result = _run("build", "mini", "--out", str(tmp_path), "--jobs", "2", env=env)
    assert result.returncode == 0, result.stderr
    phases = [line.split(":")[0] for line in result.stderr.splitlines()]
    assert phases == ["faces", "raster", "cards"], result.stderr
    assert "built in" in result.stdout and "files written" in result.stdout
    again = _run("build", "mini", "--out", str(tmp_path), "--quiet", env=env)
    assert again.returncode == 0 and again.stdout == "" and again.stderr == ""
    unknown = _run("build", "minu", "--out", str(tmp_path), env=env)
    assert unknown.returncode == 2 and unknown.stderr.startswith("cardforge: error: unknown game 'minu'")


def test_build_takes_a_deck_file_anywhere_and_says_what_it_wrote(tmp_path):
    """Issue 24: ``build mine/mine.yaml`` exited 0 having built nothing ("0 targets")."""
    deck = write_mini_deck(tmp_path / "mine")
    out = tmp_path / "out"
    result = _run("build", str(deck), "--out", str(out), "--jobs", "2")
    assert result.returncode == 0, result.stderr
    assert f"{deck}: wrote " in result.stdout and str(out / "cards" / "mini") in result.stdout, result.stdout
    assert (out / "cards" / "mini" / "mini-sheets-a4-en.pdf").is_file()
    again = _run("build", str(deck), "--out", str(out))
    assert again.returncode == 0 and f"{deck}: up to date" in again.stdout, again.stdout
    missing = _run("build", str(tmp_path / "nope.yaml"), "--out", str(out))
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1 and "nope.yaml" in missing.stderr


@pytest.mark.parametrize("deck", ["nope", "nope/nope.yaml"])
def test_watch_of_an_unknown_deck_is_one_line_and_exit_2(deck, tmp_path):
    """Issue 24: ``watch nope`` said "up to date" and watched forever."""
    result = _run("watch", deck, "--out", str(tmp_path), timeout=60)
    assert result.returncode == 2 and result.stdout == "", result.stdout
    assert result.stderr.startswith("cardforge: error: ") and result.stderr.count("\n") == 1, result.stderr


def test_watch_of_a_deck_file_watches_its_folder(tmp_path):
    """Issue 24: ``watch mine/mine.yaml`` silently watched the bundled decks."""
    deck = write_mini_deck(tmp_path / "mine")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "cardforge", "watch", str(deck), "--out", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT, env=env)
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("watching"):
                break
        assert lines and lines[-1] == f"watching {deck.parent} (Ctrl-C to stop)\n", lines
        assert any(line.startswith("rebuilt cards:") for line in lines), lines
    finally:
        proc.terminate()
        proc.wait(10)


def test_version_and_referee_skip_the_full_application():
    """Issue: "the referee and --version paths do not import typer's full machinery or rich"."""
    def imported(*args: str) -> str:
        result = subprocess.run([sys.executable, "-X", "importtime", "-m", "cardforge", *args], capture_output=True,
                                text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        assert result.returncode == 0, result.stderr[-500:]
        return "\n".join(line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line)

    version = imported("--version").split("\n")
    assert "typer" not in version and "rich" not in version and "cardforge.deck" not in version
    assert "cardforge.cards" not in version
    imported("referee", "rows", "play", "p1=R7", "p2=SH3", "--json")  # fills the deck cache
    ruling = imported("referee", "rows", "play", "p1=R7", "p2=SH3", "--json").split("\n")
    assert "cardforge.cli.application" not in ruling and "cardforge.cli.render" not in ruling
    assert not any(m.startswith("rich") for m in ruling) and "hashlib" not in ruling


def test_render_into_a_pipe_imports_no_progress_bar_and_registers_only_the_fonts_it_uses(tmp_path):
    result = subprocess.run([sys.executable, "-X", "importtime", "-c",
                             "import sys; from cardforge.cli import main; main(sys.argv[1:])", "render", "rows",
                             "--format", "sheets", "--out", str(tmp_path)],
                            capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    modules = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert result.returncode == 0 and "rich.progress" not in modules and "rich.console" not in modules
    code = ("from cardforge.deck import load_deck; from cardforge.render.facepages import physical_cards;"
            "from cardforge.render.sheets import sheets_pdf; from reportlab.pdfbase import pdfmetrics;"
            "d = load_deck('rows'); sheets_pdf(d, physical_cards(d)); print(sorted(pdfmetrics.getRegisteredFontNames()))")
    names = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
    assert "DejaVuSans-Bold" in names and "DejaVuSans-Oblique" not in names, names  # parsed only when used


def test_a_render_with_a_warm_cache_imports_no_pydantic_nor_yaml(tmp_path):
    """Issue: the sheets render is ≤ 2× bare reportlab; validating the layout cost pydantic on every run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}

    def imported() -> set[str]:
        result = subprocess.run([sys.executable, "-X", "importtime", "-m", "cardforge", "render", "rows", "--format",
                                 "sheets", "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT, env=env)
        assert result.returncode == 0, result.stderr[-500:]
        return {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}

    assert "pydantic" in imported()  # cold: the deck and its layout are validated
    warm = imported()
    assert not {m for m in warm if m.startswith(("pydantic", "ruamel"))}, "a warm render validated again"


def test_a_text_ruling_into_a_pipe_imports_no_rich_nor_yaml_and_prints_what_rich_prints(tmp_path):
    """Issue: a ruling whole process ≤ 1.2× ``import typer, json``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("COLUMNS", None)
    args = [sys.executable, "-X", "importtime", "-m", "cardforge", "referee", "tricks", "trick", "RB13", "RB2", "SH13", "flip"]

    def run(**extra: str) -> tuple[str, set[str]]:
        result = subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env={**env, **extra})
        assert result.returncode == 0, result.stderr[-500:]
        return result.stdout, {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}

    run()  # fills the deck and rules caches
    plain, modules = run()
    assert not {m for m in modules if m.split(".")[0] in ("rich", "yaml", "ruamel", "pydantic")}, modules
    lazy = subprocess.run([sys.executable, "-c", "import sys, cardforge.cards; print('difflib' in sys.modules)"],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    assert lazy.stdout.strip() == "False", "cards imports difflib only to suggest a name"
    styled, modules = run(COLUMNS="100000")  # COLUMNS: rich decides the width, so rich prints
    assert "rich.console" in modules and styled == plain
    assert "  [TRICKS-7.5]\n" in plain and plain.startswith("Trick RB13, RB2, SH13, flip")


def test_the_rules_cache_gives_the_same_rule_books(tmp_path, monkeypatch):
    from cardforge import rules

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("CARDFORGE_NO_CACHE", raising=False)
    books = []
    for _ in range(2):  # parsed and written, then read back from the cache
        rules.load_rules.cache_clear()
        books.append(rules.all_rulebooks())
    assert len(list((tmp_path / "cardforge").glob("rules-*.json"))) == len(books[0])
    monkeypatch.setenv("CARDFORGE_NO_CACHE", "1")
    rules.load_rules.cache_clear()
    assert books[0] == books[1] == rules.all_rulebooks()
    rules.load_rules.cache_clear()


def test_referee_errors_keep_their_one_line_through_the_fast_path(cli):
    result = cli("referee", "tricks", "trick", "RB17", "SH3")
    assert result.code == 2 and result.err.startswith("cardforge: error: unknown card 'RB17'")
    usage = cli("referee", "rows", "play", "--nope")
    assert usage.code == 2 and usage.err.count("\n") == 1 and "cardforge referee rows play --help" in usage.err


def test_deck_cache_is_found_by_size_and_mtime_without_digesting(tmp_path, monkeypatch):
    from cardforge.deck import cache, loader

    path = write_mini_deck(tmp_path / "d")
    loader._load_cached.cache_clear()
    loader.load_deck(path)  # fills the cache
    loader._load_cached.cache_clear()
    monkeypatch.setattr(cache, "digest", lambda *p: pytest.fail("digested although size and mtime are unchanged"))
    monkeypatch.setattr(loader, "_validate_game", lambda *p: pytest.fail("validated again"))
    assert loader.load_deck(path).id == "mini"
    monkeypatch.undo()
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))  # touched, same bytes
    loader._load_cached.cache_clear()
    monkeypatch.setattr(loader, "_validate_game", lambda *p: pytest.fail("validated again"))
    assert loader.load_deck(path).id == "mini"


def test_every_book_the_rulebook_module_lists_is_a_pool_job(monkeypatch, tmp_path):
    """The build runs whatever books ``cardforge.rulebook.all_jobs`` lists, one ``build_book`` job each
    (planning imports no reportlab: the list is plain data in the package)."""
    import cardforge.rulebook as listing
    import cardforge.rulebook.books as books
    from cardforge.rulebook.book_targets import book_job
    from cardforge.scheduler import plan

    monkeypatch.setattr(listing, "all_jobs", lambda: [("rows", "fr", "player"), ("rows", "fr", "comprehensive")])
    made = []
    monkeypatch.setattr(books, "build_book", lambda game, lang, out, *, kind: made.append((game, lang, kind)) or
                        out / f"{game}-{kind}-{lang}.pdf", raising=False)
    names = [t.name for t in plan(tmp_path) if t.name.startswith("rulebook:")]
    assert names == ["rulebook:rows-fr", "rulebook:rows-comprehensive-fr"]
    assert book_job("rows", "fr", str(tmp_path), "comprehensive") == [str(tmp_path / "rows-comprehensive-fr.pdf")]
    assert made == [("rows", "fr", "comprehensive")]


def test_planning_a_build_imports_no_reportlab(tmp_path):
    """``plan`` (run on every build, nothing changed included) finds the rulebook and score-sheet
    modules without importing them: reportlab is only imported by the jobs that draw."""
    import subprocess
    import sys

    code = ("import sys; from pathlib import Path; from cardforge.scheduler import plan; "
            f"plan(Path({str(tmp_path)!r})); print('reportlab' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


class NoteBuilder(Builder):
    """A builder from outside the scheduler: one target, one job writing ``note.txt``."""

    def targets(self, planning: Planning) -> list[Target]:
        job = Job("note", "reference", "tests.test_build:write_note", (str(planning.out),))
        return [Target("note", planning.inputs.key("note"), [job])]


def write_note(out: str) -> list[str]:
    path = Path(out) / "note.txt"
    path.write_text("made by a plugged-in builder\n", encoding="utf-8")
    return [str(path)]


def test_a_builder_plugged_in_by_name_is_planned_run_recorded_and_skipped(tmp_path, monkeypatch):
    """The scheduler knows its builders only by name (``BUILDERS``): one more takes part in the
    build like the card, book, pad and reference builders do, incremental rebuilds included."""
    from cardforge import scheduler

    monkeypatch.setattr(scheduler, "BUILDERS", {"notes": "tests.test_build:NoteBuilder"})
    first = scheduler.build_all(tmp_path, workers=1)
    assert first.targets_built == ["note"] and (tmp_path / "note.txt").read_text().startswith("made by")
    again = scheduler.build_all(tmp_path, workers=1)
    assert again.targets_built == [] and again.targets_skipped == ["note"]
