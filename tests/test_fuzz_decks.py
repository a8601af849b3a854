"""Fuzzing the inputs a deck brings (issue #31): deck files, layouts, SVG art and every path a
deck names, mutated the way the issue's battery mutated them — numbers to NaN, infinities,
huge and negative values; paths to ``..``, absolute paths, symbolic links and URLs; strings to
Unicode oddities.  Whatever the input, either ``validate`` refuses it (a ``CardforgeError``:
one line, exit 2, at the CLI) or ``validate`` passes and drawing the faces succeeds; never
another exception, and no file outside the deck's folder is ever opened (an audit hook watches
every ``open``).

The example counts keep each test well under 30 s alone; ``CARDFORGE_FUZZ_EXAMPLES=2000``
runs the same tests as the issue's wider battery (``CARDFORGE_FUZZ_REPORT=file.jsonl`` then
records, per input, the surface, the outcome and the CPU seconds it took).
"""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardforge.errors import CardforgeError
from tests.render_support import MINI_DECK, ROOT

EXAMPLES = int(os.environ.get("CARDFORGE_FUZZ_EXAMPLES", "0")) or None
REPORT = os.environ.get("CARDFORGE_FUZZ_REPORT")


def _settings(examples: int):
    return settings(max_examples=EXAMPLES or examples, deadline=None, derandomize=EXAMPLES is None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture], database=None)


# -- what is opened -------------------------------------------------------------------------------------

_WATCHED: list[Path] = []  # the folder no open may reach while a check runs
_REACHED: list[str] = []


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _WATCHED and args and isinstance(args[0], (str, bytes, os.PathLike)):
        name = os.fsdecode(args[0]) if not isinstance(args[0], os.PathLike) else os.fspath(args[0])
        try:
            real = Path(os.path.realpath(name))
        except (OSError, ValueError):
            return
        if any(real == w or w in real.parents for w in _WATCHED):
            _REACHED.append(name)


sys.addaudithook(_audit)


# -- the inputs -----------------------------------------------------------------------------------------

ODD_NUMBERS = st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 1e-310, -1, -0.0, 0, 2**63, -(2**63),
                               10**400, 10**999, 0.0001, 1e30, 3.5])
NUMBERS = ODD_NUMBERS | st.integers(-10**6, 10**6) | st.floats(allow_nan=True, allow_infinity=True)
ODD_TEXT = st.sampled_from(["", " ", "\u202e", "\u2028", "\u200b", "\ufeff", "e\u0301" * 300, "\U0001F0CF", "Zoé",
                            "@SUM(1)", "=1+1", "{card.value", "{nope}", ":skip:", ":nope:", "'\"", "\\", "%", "x" * 5000,
                            "null", "~", "&a", "*a", "- x", "#", "\t"])
TEXT = ODD_TEXT | st.text(max_size=40)


def path_kinds(suffix: str) -> st.SearchStrategy[tuple[str, str]]:
    """``(how, name)``: a path inside, climbing out, absolute, through a link out, a URL, odd."""
    return st.sampled_from([
        ("inside", f"art/in{suffix}"), ("dotdot", f"../outside/secret{suffix}"),
        ("dotdot", f"art/../../outside/secret{suffix}"), ("absolute", f"{{outside}}/secret{suffix}"),
        ("absolute", "/etc/passwd"), ("absolute", "~/.ssh/id_rsa"), ("symlink", f"link{suffix}"),
        ("symlink", f"art/link{suffix}"), ("url", f"file:///etc/passwd"), ("url", "http://example.com/x.png"),
        ("odd", ""), ("odd", "art"), ("odd", f"art/in{suffix}\u202e"), ("odd", "C:\\x.png"), ("odd", "art//in" + suffix),
        ("odd", f"./art/./in{suffix}"), ("loop", f"loop{suffix}"),
    ])


class Scene:
    """A deck folder beside an ``outside`` folder of secrets, with links out and a link loop."""

    def __init__(self) -> None:
        import reportlab
        from PIL import Image

        self.root = Path(tempfile.mkdtemp(prefix="fuzz-"))
        self.outside, self.deck = self.root / "outside", self.root / "deck"
        (self.deck / "art").mkdir(parents=True)
        self.outside.mkdir()
        font = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
        for folder, name in ((self.outside, "secret"), (self.deck / "art", "in")):
            Image.new("RGB", (400, 560), (20, 90, 160)).save(folder / f"{name}.png")
            Image.new("RGB", (400, 560), (20, 90, 160)).save(folder / f"{name}.jpg")
            (folder / f"{name}.svg").write_text(SVG_OK, encoding="utf-8")
            (folder / f"{name}.md").write_text("# Rules\n\nPlay.\n", encoding="utf-8")
            (folder / f"{name}.csv").write_text("card,count\nR1,2\nY6,1\n", encoding="utf-8")
            (folder / f"{name}.yaml").write_text("kind: layout\nid: mine\nextends: num\n", encoding="utf-8")
            shutil.copy(font, folder / f"{name}.ttf")
        for suffix in (".png", ".jpg", ".svg", ".md", ".csv", ".yaml", ".ttf"):
            for folder in (self.deck, self.deck / "art"):
                (folder / f"link{suffix}").symlink_to(self.outside / f"secret{suffix}")
            (self.deck / f"loop{suffix}").symlink_to(self.deck / f"loop{suffix}")
        shutil.copy(ROOT / "decks" / "base.yaml", self.deck / "base.yaml")

    def name(self, raw: str) -> str:
        return raw.replace("{outside}", str(self.outside))

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


SVG_OK = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="140">'
          '<circle cx="50" cy="70" r="40" fill="#E07000"/></svg>')


def _yaml(data: Any) -> str:
    from ruamel.yaml import YAML

    out = io.StringIO()
    yaml = YAML(typ="safe", pure=True)
    yaml.width = 4096
    yaml.dump(data, out)
    return out.getvalue()


def _base_deck() -> dict:
    from ruamel.yaml import YAML

    return json.loads(json.dumps(YAML(typ="safe", pure=True).load(MINI_DECK)))


def _leaves(node: Any, at: tuple = ()) -> list[tuple]:
    if isinstance(node, dict):
        return [leaf for k, v in node.items() for leaf in _leaves(v, (*at, k))] or [at]
    if isinstance(node, list):
        return [leaf for i, v in enumerate(node) for leaf in _leaves(v, (*at, i))] or [at]
    return [at]


def _set(node: Any, at: tuple, value: Any) -> None:
    for key in at[:-1]:
        node = node[key]
    node[at[-1]] = value


# -- the check ------------------------------------------------------------------------------------------


def _validate_then_render(scene: Scene, deck_path: Path, surface: str) -> str:
    """``validate`` (the deck, then every face as ``render`` resolves it); if it passes, draw the
    faces.  Returns ``'refused'`` or ``'drawn'``; any other exception fails the test."""
    from cardforge.deck import load_deck
    from cardforge.deck.loader import validate_file
    from cardforge.render.check import check_deck
    from cardforge.render.facepages import faces_pdf, unique_faces

    start = time.process_time()
    _WATCHED[:] = [scene.outside.resolve()]
    _REACHED.clear()
    outcome, why = "refused", ""
    try:
        try:
            validate_file(deck_path)
            deck = load_deck(deck_path)
            problems, _warnings = check_deck(deck)
        except CardforgeError as exc:
            assert "\n" not in str(exc).strip() or type(exc).__name__ == "DeckErrors", str(exc)
            problems = [exc]
        why = str(problems[0])[-160:] if problems else ""
        if not problems:
            faces_pdf(deck, [*unique_faces(deck)[:4], None], lang="en")
            outcome = "drawn"
    finally:
        _WATCHED.clear()
    assert _REACHED == [], f"opened outside the deck's folder: {_REACHED}"
    if REPORT:
        with open(REPORT, "a", encoding="utf-8") as log:
            log.write(json.dumps({"surface": surface, "outcome": outcome, "cpu_s": round(time.process_time() - start, 3),
                                  "why": why}) + "\n")
    return outcome


# -- deck files -----------------------------------------------------------------------------------------


@_settings(40)
@given(st.data())
def test_mutated_decks_are_refused_or_drawn(data):
    deck = _base_deck()
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        at = data.draw(st.sampled_from(_leaves(deck)), label="where")
        _set(deck, at, data.draw(NUMBERS | TEXT | st.none() | st.booleans() | st.just([]) | st.just({}), label="value"))
    scene = Scene()
    try:
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        _validate_then_render(scene, path, "deck")
    finally:
        scene.close()


#: deck key → (the suffix of the file it names, how the deck holds it)
PATH_KEYS = {
    "rules": (".md", lambda d, p: d.__setitem__("rules", p)),
    "cards": (".csv", lambda d, p: d.__setitem__("cards", p)),
    "family image": (".png", lambda d, p: d["families"]["R"].__setitem__("image", p)),
    "jpeg image": (".jpg", lambda d, p: d.setdefault("images", {}).__setitem__("Y6", p)),
    "back svg": (".svg", lambda d, p: d["style"]["back"].__setitem__("image", p)),
    "font": (".ttf", lambda d, p: (d.__setitem__("fonts", {"House": p}), d["style"].__setitem__("font_text", "House"))),
    "layout": (".yaml", lambda d, p: d.__setitem__("layout", p)),
}


@_settings(60)
@given(st.data())
def test_every_path_a_deck_names_is_refused_or_inside_its_folder(data):
    deck = _base_deck()
    chosen = data.draw(st.lists(st.sampled_from(sorted(PATH_KEYS)), min_size=1, max_size=3, unique=True), label="keys")
    scene = Scene()
    try:
        hows = []
        for key in chosen:
            suffix, put = PATH_KEYS[key]
            how, raw = data.draw(path_kinds(suffix), label=key)
            hows.append(how)
            put(deck, scene.name(raw))
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        outcome = _validate_then_render(scene, path, "paths")
        if any(h in ("dotdot", "absolute", "symlink", "url", "loop") for h in hows):
            assert outcome == "refused"
    finally:
        scene.close()


# -- layouts --------------------------------------------------------------------------------------------

LENGTHS = NUMBERS | st.sampled_from(["50%", "-3mm", "1e308mm", "12pt", "30%s - 1safe", "0.0001mm", "9" * 400 + "mm",
                                     "100000%", "-50%h", " 2 bleed ", "1safe+1safe"]) | TEXT
COLOURS = st.sampled_from(["#D62828", "#d62828", "red", "#FFF", "#GGGGGG", "family.color", "style.paper", "mix(family.color, "
                           "style.paper, 0.5)", "mix(family.color, style.paper, 1e308)", "mix(family.color, style.paper, .nan)",
                           "readable(family.color, style.paper, 1e30)", "[red, blue]", "nope.field"]) | TEXT | NUMBERS
LITERALS = {"anchor": st.sampled_from(["trim", "bleed", "safe", "nope"]), "align": st.sampled_from(["left", "center", "x"]),
            "valign": st.sampled_from(["top", "middle", "x"]), "fit": st.sampled_from(["cover", "contain", "x"]),
            "pattern": st.sampled_from(["tile", "stripes", "dots", "rays", "bands", "plain", "nope"]),
            "symbol": st.sampled_from(["star", "moon", "family.symbol", "nope"]), "icon": st.sampled_from(["skip", "card.icon", "x"]),
            "font": st.sampled_from(["DejaVuSans", "style.font", "Nope", ""]), "text": TEXT,
            "src": st.sampled_from(["art/in.png", "art/in.svg", "../outside/secret.png", "link.png", "/etc/passwd", "card.image"])}


LENGTH_KEYS = {"x", "y", "cx", "cy", "right", "bottom", "width", "height", "stroke_width", "radius", "size", "min_size",
               "padding", "outline_width", "gap"}


def _value_for(key: str) -> st.SearchStrategy:
    if key in LENGTH_KEYS:
        return LENGTHS
    if key in ("fill", "stroke", "color", "colors", "outline"):
        return COLOURS | st.lists(COLOURS, max_size=3)
    if key in ("rotate", "angle"):
        return NUMBERS
    if key in ("mirror", "wrap", "underline"):
        return st.booleans() | NUMBERS
    return LITERALS.get(key, TEXT)


@_settings(60)
@given(st.data())
def test_mutated_layouts_are_refused_or_drawn(data):
    from cardforge.deck.layout_keys import ELEMENT_KEYS

    kind = data.draw(st.sampled_from(sorted(ELEMENT_KEYS)), label="type")
    keys = data.draw(st.lists(st.sampled_from(sorted(ELEMENT_KEYS[kind] - {"type", "when", "unless"})), max_size=6,
                              unique=True), label="keys")
    element = {"type": kind, **{k: data.draw(_value_for(k), label=k) for k in keys}}
    face = data.draw(st.sampled_from(["number", "action", "back"]), label="face")
    layout = {"kind": "layout", "id": "mine", "extends": "num", "faces": {face: {"elements": {"bad": element}}}}
    if data.draw(st.booleans(), label="vars"):
        layout["vars"] = {"safe_ratio": data.draw(NUMBERS, label="safe_ratio")}
    scene = Scene()
    try:
        (scene.deck / "mine.yaml").write_text(_yaml(layout), encoding="utf-8")
        deck = _base_deck()
        deck["layout"] = "mine.yaml"
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        _validate_then_render(scene, path, "layout")
    finally:
        scene.close()


# -- SVG art --------------------------------------------------------------------------------------------

SANE = st.sampled_from(["100", "140", "50", "12.5", "10mm", "2in"])
SVG_NUMBERS = SANE | SANE | NUMBERS.map(lambda n: repr(n) if not isinstance(n, int) else str(n)) | st.sampled_from(
    ["0", "-5", "1e30", "1e309", "nan", "inf", "100%", "", "abc", "1e-300"])
SVG_REFS = st.sampled_from(["in.png", "in.jpg", "../art/in.png", "link.png", "../link.png", "../../outside/secret.png",
                            "{outside}/secret.png", "file:///etc/passwd", "http://x/y.png", "in.svg", "in.svg#a", "#a",
                            "data:image/png;base64,iVBORw0KGgo=", "loop.png", "", "%2e%2e/%2e%2e/outside/secret.png"])


@st.composite
def svgs(draw) -> str:
    root_tag = draw(st.sampled_from(["svg"] * 6 + ["html", "g"]))
    sides = ["width", "height"] if draw(st.sampled_from([True] * 4 + [False])) else draw(st.lists(st.sampled_from(["width", "height"]), unique=True))
    attrs = {k: draw(SVG_NUMBERS) for k in sides}
    if draw(st.booleans()):
        attrs["viewBox"] = " ".join(draw(SVG_NUMBERS) for _ in range(4))
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        tag = draw(st.sampled_from(["rect", "circle", "text", "image", "use", "path", "style", "g"]))
        if tag == "image" or tag == "use":
            parts.append(f'<{tag} xlink:href="{draw(SVG_REFS)}" width="{draw(SVG_NUMBERS)}" height="{draw(SVG_NUMBERS)}"/>')
        elif tag == "style":
            parts.append(f"<style>rect {{ fill: url({draw(SVG_REFS)}) }} @import '{draw(SVG_REFS)}';</style>")
        elif tag == "text":
            parts.append(f'<text x="{draw(SVG_NUMBERS)}" y="5" font-size="{draw(SVG_NUMBERS)}">{_xml(draw(TEXT))}</text>')
        elif tag == "path":
            parts.append(f'<path d="M0 0 L{draw(SVG_NUMBERS)} {draw(SVG_NUMBERS)} Z" stroke-width="{draw(SVG_NUMBERS)}"/>')
        else:
            parts.append(f'<{tag} x="{draw(SVG_NUMBERS)}" width="{draw(SVG_NUMBERS)}" height="9" r="{draw(SVG_NUMBERS)}" '
                         f'transform="scale({draw(SVG_NUMBERS)})" fill="{_xml(draw(COLOURS.map(str)))}"/>')
    head = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    return (f'<{root_tag} xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" {head}>'
            + "".join(parts) + f"</{root_tag}>")


def _xml(text: str) -> str:
    from xml.sax.saxutils import escape

    return escape("".join(c for c in text if c in "\t\n\r" or ord(c) >= 0x20), {'"': "&quot;"})


@_settings(60)
@given(svgs(), st.sampled_from([False] * 5 + [True]))
def test_mutated_svg_art_is_refused_or_drawn(svg, truncate):
    scene = Scene()
    try:
        data = svg.replace("{outside}", str(scene.outside)).encode("utf-8")
        (scene.deck / "art" / "back.svg").write_bytes(data[: len(data) // 2] if truncate else data)
        deck = _base_deck()
        deck["style"]["back"]["image"] = "art/back.svg"
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        _validate_then_render(scene, path, "svg")
    finally:
        scene.close()


@_settings(30)
@given(st.sampled_from(["png", "jpg"]), st.floats(0.05, 0.95), st.integers(0, 255), st.booleans())
def test_damaged_raster_art_is_refused_or_drawn(kind, keep, byte, flip):
    scene = Scene()
    try:
        art = scene.deck / "art" / f"in.{kind}"
        data = bytearray(art.read_bytes())
        if flip:
            data[int(len(data) * keep)] = byte
        else:
            data = data[: int(len(data) * keep)]
        art.write_bytes(bytes(data))
        deck = _base_deck()
        deck["style"]["back"]["image"] = f"art/in.{kind}"
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        _validate_then_render(scene, path, "raster")
    finally:
        scene.close()


def test_the_cli_refuses_a_fuzzed_path_in_one_line(cli):
    """The in-process checks above stand for the CLI: a ``CardforgeError`` is one line (validate: a finding, exit 1)."""
    from tests.cli_helpers import one_finding

    scene = Scene()
    try:
        deck = _base_deck()
        deck["rules"] = "link.md"
        path = scene.deck / "fuzz.yaml"
        path.write_text(_yaml(deck), encoding="utf-8")
        one_finding(cli("validate", str(path)), "rules: rules text 'link.md' is a symbolic link")
    finally:
        scene.close()


@pytest.fixture(autouse=True)
def _no_deck_cache(monkeypatch):
    """Hundreds of throw-away deck folders: no entry of theirs in the user's deck cache."""
    monkeypatch.setenv("CARDFORGE_NO_CACHE", "1")
