"""PDF/X-1a:2003 for print shops that require it (DriveThruCards), through Ghostscript.

reportlab writes a DeviceCMYK PDF with embedded fonts and a TrimBox/BleedBox on every page but
cannot write PDF/X.  Ghostscript's ``pdfwrite`` can: it re-writes the file with
``-dPDFX`` and our own PDF/X definition file — ``GTS_PDFXVersion (PDF/X-1:2003)`` and
``GTS_PDFXConformance (PDF/X-1a:2003)``, an
OutputIntent whose DestOutputProfile is a CMYK ICC profile (Artifex's SWOP profile, which
Ghostscript ships as ``default_cmyk.icc``; characterisation CGATS TR 001), ``/Trapped
/False`` — keeping the page boxes, the CMYK values and the fonts (embedded).  The output is
reproducible: fixed file names in a private folder and ``SOURCE_DATE_EPOCH`` for the dates.

Converting colours is a third of Ghostscript's time, and there is nothing to convert in a file
whose every colour is already DeviceCMYK (reportlab's ``enforceColorSpace`` sees to the fills and
strokes; art images stay RGB): such a file is re-written with ``LeaveColorUnchanged``, which gives
the same objects (checked on every shipped deck), any other with ``ColorConversionStrategy=CMYK``.

Ghostscript is a system program (Debian ``ghostscript``), not a wheel: where it, or its CMYK
profile, is missing, ``to_pdfx1a`` returns ``None`` and the caller keeps the plain CMYK PDF
after ``notice`` says so in one line.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["PDFX_VERSION", "PDFX_CONFORMANCE", "PrepressUnavailable", "ghostscript", "cmyk_profile", "cmyk_only", "to_pdfx1a",
           "write_pdfx1a", "notice"]

#: ISO 15930-4 names the part in GTS_PDFXVersion and the conformance level in GTS_PDFXConformance
#: (as Acrobat writes them); a preflight reads both.
PDFX_VERSION, PDFX_CONFORMANCE = "PDF/X-1:2003", "PDF/X-1a:2003"
#: reportlab's ``invariant=1`` date (2000-01-01), so both tools agree when nothing is given.
_EPOCH = "946684800"
_GS_NAMES = ("gs", "gswin64c", "gswin32c")
_PROFILE = "default_cmyk.icc"  # Artifex CMYK SWOP profile, ICC v2 (PDF 1.4 readers need v2)


def ghostscript() -> str | None:
    """The Ghostscript executable on ``PATH``, or None."""
    return next((p for p in map(shutil.which, _GS_NAMES) if p), None)


def cmyk_profile(gs: str) -> Path | None:
    """Ghostscript's CMYK ICC profile: Debian's /usr/share/color/icc, or beside its own install."""
    roots = [Path("/usr/share/color/icc/ghostscript")]
    share = Path(gs).resolve().parent.parent / "share" / "ghostscript"
    roots += sorted(share.glob("*/iccprofiles"), reverse=True) + [share / "iccprofiles"]
    roots += [Path(gs).resolve().parent.parent / "iccprofiles"]  # Windows: gs<ver>/bin/../iccprofiles
    return next((r / _PROFILE for r in roots if (r / _PROFILE).is_file()), None)


def _ps_string(text: str) -> str:
    r"""``text`` as a PostScript string literal: ASCII as it is, anything else UTF-16 with a BOM
    (what PDF text strings allow), with octal escapes.

    >>> _ps_string("Num (x)"), _ps_string("é")
    ('(Num \\050x\\051)', '(\\376\\377\\000\\351)')
    """
    data = text.encode("ascii") if text.isascii() else b"\xfe\xff" + text.encode("utf-16-be")
    return "(" + "".join(chr(b) if 32 <= b < 127 and chr(b) not in "()\\" else f"\\{b:03o}" for b in data) + ")"


def _definition(title: str) -> str:
    """The PDF/X definition Ghostscript runs before the document (after its lib/PDFX_def.ps)."""
    return f"""%!PS
[ /GTS_PDFXVersion ({PDFX_VERSION}) /GTS_PDFXConformance ({PDFX_CONFORMANCE})
  /Title {_ps_string(title)} /Trapped /False /DOCINFO pdfmark
[/_objdef {{icc_PDFX}} /type /stream /OBJ pdfmark
[{{icc_PDFX}} << /N 4 >> /PUT pdfmark
[{{icc_PDFX}} (cmyk.icc) (r) file /PUT pdfmark
[/_objdef {{OutputIntent_PDFX}} /type /dict /OBJ pdfmark
[{{OutputIntent_PDFX}} <<
  /Type /OutputIntent /S /GTS_PDFX
  /OutputConditionIdentifier (CGATS TR 001) /RegistryName (http://www.color.org)
  /OutputCondition (SWOP, coated, web offset) /Info (Artifex CMYK SWOP Profile)
  /DestOutputProfile {{icc_PDFX}}
>> /PUT pdfmark
[{{Catalog}} << /OutputIntents [ {{OutputIntent_PDFX}} ] >> /PUT pdfmark
"""


_STREAM = re.compile(rb"\d+ \d+ obj\s*(<<.*?)stream\r?\n", re.S)
_LENGTH = re.compile(rb"/Length (\d+)(?! \d+ R)")
#: colour spaces and images whose colours Ghostscript would have to convert
_OTHER_SPACES = re.compile(rb"/(?:DeviceRGB|DeviceGray|CalRGB|CalGray|Lab|ICCBased|Indexed|Separation|DeviceN|Pattern|"
                           rb"Shading)\b")
#: an image XObject (its pixels are checked by its dictionary: DeviceCMYK, no mask)
_IMAGE = re.compile(rb"/Subtype\s*/Image\b")
_CMYK_IMAGE = re.compile(rb"/ColorSpace\s*/DeviceCMYK\b")
#: content-stream operators that set a colour other than with ``k``/``K``, or paint an image or shading
_OTHER_OPS = re.compile(rb"(?<![^\s\]\)>])(?:rg|RG|g|G|cs|CS|sc|SC|scn|SCN|sh|BI|Do)(?=[\s\[(/<]|$)")


def cmyk_only(pdf: bytes) -> bool:
    """Whether every colour of ``pdf`` (as reportlab writes it) is set in DeviceCMYK with ``k``/``K``
    and nothing else paints (no shading or pattern, images only as unmasked DeviceCMYK pixels;
    forms and images are drawn with ``Do``, allowed only on the XObjects reportlab names
    ``FormXob``).  False when unsure."""
    if _OTHER_SPACES.search(pdf) or len(_IMAGE.findall(pdf)) > _images_in_cmyk(pdf):
        return False
    import zlib

    for match in _STREAM.finditer(pdf):
        head = match.group(1)
        length = _LENGTH.search(head)
        if length is None:
            return False
        if b"/Length1" in head or b"/FontFile" in head or _IMAGE.search(head):
            continue  # a font program (glyphs, not colours) or a DeviceCMYK image (counted above)
        data = pdf[match.end() : match.end() + int(length.group(1))]
        filters = re.sub(rb"[\[\]\s]", b"", (re.search(rb"/Filter\s*(\[[^\]]*\]|/\w+)", head) or [b"", b""])[1])
        if filters == b"/FlateDecode":
            try:
                data = zlib.decompress(data)
            except zlib.error:
                return False
        elif filters:
            return False
        for op in _OTHER_OPS.finditer(data):
            if op.group(0) != b"Do" or not re.search(rb"/FormXob\.\S+\s+$", data[max(0, op.start() - 80) : op.start()]):
                return False
    return True


def _images_in_cmyk(pdf: bytes) -> int:
    """How many image XObjects are DeviceCMYK pixels without a mask (art ``render.cmyk`` converted)."""
    count = 0
    for match in _STREAM.finditer(pdf):
        head = match.group(1)
        if _IMAGE.search(head) and _CMYK_IMAGE.search(head) and b"/SMask" not in head and b"/Mask" not in head:
            count += 1
    return count


class PrepressUnavailable(Exception):
    """Why a PDF/X file could not be made (Ghostscript or its profile missing, or it failed)."""


def _tools() -> tuple[str, Path]:
    """Ghostscript and its CMYK profile, or ``PrepressUnavailable`` saying which is missing."""
    gs = ghostscript()
    if gs is None:
        raise PrepressUnavailable("Ghostscript (gs) is not installed")
    profile = cmyk_profile(gs)
    if profile is None:
        raise PrepressUnavailable(f"Ghostscript's CMYK profile {_PROFILE} was not found")
    return gs, profile


def _command(gs: str, pdf: bytes) -> list[str]:
    strategy = "LeaveColorUnchanged" if cmyk_only(pdf) else "CMYK"
    return [gs, "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dNOOUTERSAVE", "-sDEVICE=pdfwrite",
            "-dPDFX=true", "-dCompatibilityLevel=1.4", f"-sColorConversionStrategy={strategy}",
            # art stays the CMYK pixels render.cmyk made (ink limited): no lossy JPEG re-encoding
            "-dAutoFilterColorImages=false", "-dColorImageFilter=/FlateEncode", "-dEncodeColorImages=true",
            "-sProcessColorModel=DeviceCMYK", "-sOutputICCProfile=cmyk.icc", "-dEmbedAllFonts=true",
            "-dSubsetFonts=true", "-dAutoRotatePages=/None", "--permit-file-read=cmyk.icc",
            "-sOutputFile=out.pdf", "pdfx.ps", "in.pdf"]


def _stamp(path: Path) -> list[int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ino]


def write_pdfx1a(pdf: bytes, path: Path, *, title: str, memo: Path | None = None) -> bool:
    """Write ``pdf`` to ``path`` as PDF/X-1a:2003; return False if it was already there.

    ``memo`` (a small JSON file) remembers what the last run converted: when ``path`` is still the
    file made then from the same bytes, title, Ghostscript and profile, Ghostscript is not run
    again (a deck edit that changes no card, a ``watch`` save).  Raises ``PrepressUnavailable``.
    """
    import hashlib
    import json

    from cardforge.atomic import atomic_write_bytes, atomic_write_text, ensure_dir

    gs, profile = _tools()
    key = hashlib.blake2b(pdf, digest_size=16)
    tools = [(str(p), _stamp(Path(p))) for p in (gs, profile)]  # another Ghostscript: convert again
    key.update(repr((title, _definition(title), _command("gs", pdf), tools)).encode())
    if memo is not None:
        try:
            known = json.loads(memo.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            known = None
        if known == {"input": key.hexdigest(), "output": _stamp(path)}:
            return False
    atomic_write_bytes(path, to_pdfx1a(pdf, title=title))
    if memo is not None:
        ensure_dir(memo.parent)
        atomic_write_text(memo, json.dumps({"input": key.hexdigest(), "output": _stamp(path)}, allow_nan=False))
    return True


def to_pdfx1a(pdf: bytes, *, title: str) -> bytes:
    """``pdf`` (DeviceCMYK, fonts embedded, boxes set) as PDF/X-1a:2003.

    Raises ``PrepressUnavailable`` with the reason in plain words if it cannot be done here.
    """
    gs, profile = _tools()
    command = _command(gs, pdf)
    with tempfile.TemporaryDirectory(prefix="cardforge-pdfx-") as tmp:
        folder = Path(tmp)
        (folder / "in.pdf").write_bytes(pdf)
        (folder / "pdfx.ps").write_text(_definition(title), encoding="ascii")
        shutil.copyfile(profile, folder / "cmyk.icc")
        env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", _EPOCH)}
        try:
            run = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=600,
                                 stdin=subprocess.DEVNULL)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise PrepressUnavailable(f"Ghostscript did not run ({exc})") from None
        out = folder / "out.pdf"
        if run.returncode != 0 or not out.is_file():
            first = next((line.strip() for line in (run.stderr + run.stdout).splitlines() if line.strip()), "")
            raise PrepressUnavailable(f"Ghostscript failed (exit {run.returncode}: {first[:120]})")
        return out.read_bytes()


@functools.cache
def notice(reason: str, what: str) -> None:
    """Say once per process, in one line on stderr, that ``what`` stays plain CMYK and why."""
    sys.stderr.write(f"cardforge: notice: {reason}: {what} is plain CMYK, not {PDFX_CONFORMANCE} "
                     f"(install Ghostscript for PDF/X)\n")
