"""Helpers for the render tests: a small deck (fast to render) and PDF inspection."""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MINI_DECK = """\
id: mini
extends: base
title: {fr: Mini Num, en: Mini Num}
players: {min: 2, max: 4}
families:
  R: {values: {min: 0, max: 2}}
  Y: {values: {min: 6, max: 6}, copies: 2}
  RB: {values: {min: 9, max: 9}}
  SH: {values: {min: 16, max: 16}}
actions:
  passe:
    count: 2
    effect:
      fr: Un adversaire ciblé passe son prochain tour (ne pioche pas). Sa séquence reste active pendant ce tour sauté.
      en: A targeted opponent skips their next turn (no draw). Their sequence stays live during the skipped turn.
style:
  back: {color: "#143D59", accent: "#F4B400", title: {fr: Mini Num, en: Mini Num}}
"""

#: The mini deck with another action-card colour: its two action faces (en, fr) change, nothing else.
RECOLOURED = MINI_DECK.replace("style:\n", "style:\n  action_color: \"#8A1C1C\"\n")
assert RECOLOURED != MINI_DECK


def write_mini_deck(folder: Path, text: str = MINI_DECK) -> Path:
    """``folder/mini.yaml`` beside a copy of ``decks/base.yaml``; returns the deck path."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "decks" / "base.yaml", folder / "base.yaml")
    path = folder / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _reader(pdf):
    import io

    from pypdf import PdfReader

    data = pdf if isinstance(pdf, bytes) else Path(pdf).read_bytes()
    return PdfReader(io.BytesIO(data))


def _forms(resources, seen: set[int]):
    """Every form XObject reachable from ``resources`` (recursively, each once)."""
    if resources is None:
        return
    for ref in (resources.get_object().get("/XObject") or {}).values():
        if getattr(ref, "idnum", None) in seen:
            continue
        seen.add(ref.idnum)
        form = ref.get_object()
        yield form
        yield from _forms(form.get("/Resources"), seen)


def _all_resources(reader):
    seen: set[int] = set()
    for page in reader.pages:
        yield page.get("/Resources")
        for form in _forms(page.get("/Resources"), seen):
            yield form.get("/Resources")


def fonts_of(pdf) -> dict[str, bool]:
    """Every font a PDF uses (pages and form XObjects) → whether its file is embedded."""
    found: dict[str, bool] = {}
    for resources in _all_resources(_reader(pdf)):
        if resources is None:
            continue
        for ref in (resources.get_object().get("/Font") or {}).values():
            font = ref.get_object()
            if font.get("/Subtype") == "/Type0":
                font = font["/DescendantFonts"][0].get_object()
            desc = font.get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            found[str(font.get("/BaseFont"))] = "/FontFile2" in desc
    return found


def content_streams(pdf) -> list[bytes]:
    """Decoded content of every page and every form XObject."""
    reader = _reader(pdf)
    streams = [page.get_contents().get_data() for page in reader.pages if page.get_contents() is not None]
    seen: set[int] = set()
    for page in reader.pages:
        streams += [form.get_data() for form in _forms(page.get("/Resources"), seen)]
    return streams


def png_render_under_way(out: Path) -> "subprocess.Popen[str]":
    """``cardforge render rows --format png --out OUT`` started in its own process group, once
    its first picture is written (the workers are rasterising); stderr is piped."""
    import os
    import subprocess
    import sys
    import time

    proc = subprocess.Popen([sys.executable, "-m", "cardforge", "render", "rows", "--format", "png", "--out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, start_new_session=True)
    deadline = time.monotonic() + 120  # only a hang reaches it
    while not list(out.rglob("*.png")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc
