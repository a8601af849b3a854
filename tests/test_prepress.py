"""DriveThruCards gets PDF/X-1a:2003: CMYK only, an OutputIntent with a CMYK ICC profile, fonts
embedded, Trim/BleedBox, black in 100 % K (issue 12 §8).  Without Ghostscript, a plain CMYK PDF
and a one-line notice."""

from __future__ import annotations

import io
import os

import pytest

from cardforge.deck import load_deck
from cardforge.render import prepress
from cardforge.render.colours import Palette
from cardforge.render.pod import get_profile, render_profile

pypdf = pytest.importorskip("pypdf")


def need_ghostscript() -> None:
    if prepress.ghostscript() is None:
        if os.environ.get("CI"):
            pytest.fail("Ghostscript is missing in CI: .ci/apt-packages.txt must install 'ghostscript'")
        pytest.skip("Ghostscript (gs) is not installed here: apt-get install ghostscript (CI installs it)")


@pytest.fixture(scope="module")
def dtc(tmp_path_factory) -> bytes:
    need_ghostscript()
    folder = tmp_path_factory.mktemp("dtc")
    (path,) = render_profile(load_deck("rows"), get_profile("dtc"), folder, lang="fr")
    return path.read_bytes()


@pytest.fixture
def plain(tmp_path, monkeypatch, capsys) -> tuple[bytes, str]:
    """The DriveThruCards file where Ghostscript is missing, and what was said on stderr."""
    monkeypatch.setattr(prepress, "ghostscript", lambda: None)
    prepress.notice.cache_clear()
    (path,) = render_profile(load_deck("rows"), get_profile("dtc"), tmp_path)
    (again,) = render_profile(load_deck("rows"), get_profile("dtc"), tmp_path, lang="fr")
    return path.read_bytes(), capsys.readouterr().err


def streams(reader):
    """Every content stream with its resources: pages, then form XObjects and patterns inside."""
    seen, todo = set(), [(page.get_contents(), page.get("/Resources")) for page in reader.pages]
    while todo:
        content, resources = todo.pop()
        if content is None:
            continue
        yield content, resources
        resources = resources.get_object() if resources is not None else {}
        for group in ("/XObject", "/Pattern"):
            for ref in (resources.get(group) or {}).values():
                obj = ref.get_object()
                if id(obj) not in seen and obj.get("/Subtype") != "/Image" and hasattr(obj, "get_data"):
                    seen.add(id(obj))
                    todo.append((obj, obj.get("/Resources")))


def colour_operations(reader):
    from pypdf.generic import ContentStream

    for content, _ in streams(reader):
        for operands, operator in ContentStream(content, reader).operations:
            yield operator.decode("latin-1"), [float(x) for x in operands if isinstance(x, (int, float))]


def colour_spaces(reader):
    """Names and definitions of every colour space and image colour space the file uses."""
    for _, resources in streams(reader):
        resources = resources.get_object() if resources is not None else {}
        for space in (resources.get("/ColorSpace") or {}).values():
            yield space.get_object()
        for ref in (resources.get("/XObject") or {}).values():
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Image":
                yield obj.get("/ColorSpace")


def assert_cmyk_only(pdf: bytes) -> None:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    operators = [op for op, _ in colour_operations(reader)]
    assert {"rg", "RG"} & set(operators) == set(), "an RGB colour operator remains"
    assert {"k", "K"} & set(operators), "no CMYK colour at all?"
    assert b"/DeviceRGB" not in pdf and b"/CalRGB" not in pdf
    for space in colour_spaces(reader):
        text = str(space)
        assert "RGB" not in text, text
        if "/ICCBased" in text:
            assert space[1].get_object()["/N"] == 4, text


def test_dtc_is_pdfx1a(dtc):
    reader = pypdf.PdfReader(io.BytesIO(dtc))
    info = reader.trailer["/Info"].get_object()
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003" and info["/GTS_PDFXConformance"] == "PDF/X-1a:2003"
    assert info["/Trapped"] == "/False" and info["/Title"] == "Num Rangées — cards"
    assert reader.pdf_header in ("%PDF-1.3", "%PDF-1.4") and "/ID" in reader.trailer
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    icc = intent["/DestOutputProfile"].get_object()
    assert icc["/N"] == 4
    header = icc.get_data()[:20]
    assert header[12:16] == b"prtr" and header[16:20] == b"CMYK"  # an output profile, CMYK data


def test_dtc_pages_have_boxes_and_embedded_fonts(dtc):
    reader = pypdf.PdfReader(io.BytesIO(dtc))
    assert len(reader.pages) == 2 * 102
    fonts = {}
    for page in reader.pages:
        assert "/TrimBox" in page and "/BleedBox" in page  # pypdf falls back to the MediaBox otherwise
        trim, bleed = [float(v) for v in page["/TrimBox"]], [float(v) for v in page["/BleedBox"]]
        assert bleed[0] < trim[0] < trim[2] < bleed[2] and bleed[1] < trim[1] < trim[3] < bleed[3]
    for _, resources in streams(reader):
        resources = resources.get_object() if resources is not None else {}
        for ref in (resources.get("/Font") or {}).values():
            font = ref.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        descriptor = (font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font)["/FontDescriptor"]
        assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor.get_object()), f"{name} is not embedded"


def test_dtc_has_no_rgb_and_no_transparency(dtc):
    assert_cmyk_only(dtc)
    assert b"/SMask" not in dtc and b"/CA 0" not in dtc and b"/ca 0" not in dtc


def test_black_is_100_percent_k(dtc):
    """The deck's #2B2B2B (frames, numbers on yellow) prints on the black plate alone."""
    assert Palette(cmyk=True).colour("#2B2B2B").cmyk() == (0, 0, 0, 1)
    reader = pypdf.PdfReader(io.BytesIO(dtc))
    darks = {tuple(round(v, 3) for v in values) for op, values in colour_operations(reader)
             if op in ("k", "K") and len(values) == 4 and max(values[:3]) < 0.01 and values[3] > 0.5}
    assert (0.0, 0.0, 0.0, 1.0) in darks
    assert darks == {(0.0, 0.0, 0.0, 1.0)}, f"grey blacks print as halftone: {sorted(darks)}"


def test_dtc_is_reproducible(tmp_path, dtc):
    (path,) = render_profile(load_deck("rows"), get_profile("dtc"), tmp_path, lang="fr")
    assert path.read_bytes() == dtc


def test_without_ghostscript_a_plain_cmyk_pdf_and_one_notice(plain):
    pdf, err = plain
    assert b"GTS_PDFXVersion" not in pdf and b"OutputIntents" not in pdf
    assert_cmyk_only(pdf)
    assert err.splitlines() == ["cardforge: notice: Ghostscript (gs) is not installed: the DriveThruCards PDF "
                                "is plain CMYK, not PDF/X-1a:2003 (install Ghostscript for PDF/X)"]


def test_a_failing_ghostscript_falls_back_with_its_reason(tmp_path, monkeypatch):
    fake = tmp_path / "gs"
    fake.write_text("#!/bin/sh\necho 'Unrecoverable error, exit code 1' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(prepress, "ghostscript", lambda: str(fake))
    monkeypatch.setattr(prepress, "cmyk_profile", lambda gs: tmp_path / "gs")
    with pytest.raises(prepress.PrepressUnavailable, match=r"Ghostscript failed \(exit 1: Unrecoverable error"):
        prepress.to_pdfx1a(b"%PDF-1.4", title="x")


# -- the colour strategy: nothing to convert in a file that is all CMYK already (issue 16) ----------------


def _rgb_back_deck(tmp_path):
    """The mini deck with an RGB picture on its back (art images are not converted by reportlab)."""
    from PIL import Image

    from tests.render_support import MINI_DECK, write_mini_deck

    (tmp_path / "art").mkdir(parents=True)
    Image.new("RGB", (40, 60), (30, 200, 60)).save(tmp_path / "art" / "back.png")
    return load_deck(write_mini_deck(tmp_path, MINI_DECK.replace("style:\n  back: {", "style:\n  back: {image: art/back.png, ")))


def test_only_a_file_drawn_all_in_cmyk_skips_the_colour_conversion(tmp_path):
    from cardforge.render.facepages import BACK, faces_pdf

    rows = load_deck("rows")
    faces = [BACK, *list(rows.all_counts())[:3]]
    assert prepress.cmyk_only(faces_pdf(rows, faces, cmyk=True))
    assert not prepress.cmyk_only(faces_pdf(rows, faces, cmyk=False)), "RGB fills"
    # RGB art is converted to ink-limited DeviceCMYK pixels before the file is written (issue 26) …
    assert prepress.cmyk_only(faces_pdf(_rgb_back_deck(tmp_path), [BACK], cmyk=True)), "RGB art drawn as CMYK pixels"
    # … but a picture with transparency is left to Ghostscript, which flattens it
    from PIL import Image

    Image.new("RGBA", (40, 60), (30, 200, 60, 128)).save(tmp_path / "art" / "back.png")
    assert not prepress.cmyk_only(faces_pdf(load_deck(tmp_path / "mini.yaml"), [BACK], cmyk=True)), "an RGBA image"
    assert not prepress.cmyk_only(b"%PDF-1.4\n1 0 obj\n<< /Length 9 /Filter /LZWDecode >>\nstream\n0 0 1 rg\nendstream"), \
        "a stream it cannot read"


def test_an_rgb_image_is_converted_to_cmyk(tmp_path):
    need_ghostscript()
    (path,) = render_profile(_rgb_back_deck(tmp_path / "deck"), get_profile("dtc"), tmp_path / "out")
    pdf = path.read_bytes()
    assert b"/Subtype /Image" in pdf or b"/Subtype/Image" in pdf
    assert_cmyk_only(pdf)


def test_ghostscript_is_not_run_again_for_the_same_input(tmp_path, monkeypatch):
    """A rebuild whose CMYK file is byte-identical to the last one keeps the PDF/X file it made."""
    from cardforge.render.facecache import FaceCache
    from tests.render_support import MINI_DECK, write_mini_deck

    need_ghostscript()
    runs = []
    real = prepress.to_pdfx1a
    monkeypatch.setattr(prepress, "to_pdfx1a", lambda pdf, title: runs.append(title) or real(pdf, title=title))
    deck, cache = load_deck(write_mini_deck(tmp_path / "deck")), FaceCache(tmp_path / ".faces")
    (path,) = render_profile(deck, get_profile("dtc"), tmp_path / "pod", cache=cache)
    first = path.read_bytes()
    assert render_profile(deck, get_profile("dtc"), tmp_path / "pod", cache=cache) == [path]
    assert len(runs) == 1 and path.read_bytes() == first
    render_profile(deck, get_profile("dtc"), tmp_path / "pod", lang="fr", cache=cache)
    assert len(runs) == 2, "another language, another file"
    path.write_bytes(first[:-10])  # the output was tampered with: made again
    render_profile(deck, get_profile("dtc"), tmp_path / "pod", cache=cache)
    assert len(runs) == 3 and path.read_bytes() == first
    recoloured = load_deck(write_mini_deck(tmp_path / "deck2", MINI_DECK.replace("style:\n", "style:\n  action_color: \"#8A1C1C\"\n")))
    render_profile(recoloured, get_profile("dtc"), tmp_path / "pod", cache=cache)
    assert len(runs) == 4 and path.read_bytes() != first
