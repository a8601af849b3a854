"""``cardforge validate``'s findings as linters print them: ``file:line:col: severity: message``
(text), one JSON object, GitHub workflow commands (``::error file=…,line=…,col=…::msg``) or a
SARIF 2.1.0 log, so editors and CI annotators match them without a cardforge-specific parser."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["Finding", "FORMATS", "finding_of", "render_findings"]

FORMATS = ("text", "json", "github", "sarif")


@dataclass(frozen=True)
class Finding:
    """One problem of one file: where (line and column from 1; ``None`` for the file as a
    whole), how bad (``error`` or ``warning``), the deck key it is about and what is wrong."""

    file: str
    line: int | None
    column: int | None
    severity: str
    message: str
    key: str = ""

    @property
    def text(self) -> str:
        """``file:line:col: severity: key: message`` (line 1 column 1 for the file as a whole)."""
        key = f"{self.key}: " if self.key else ""
        return f"{self.file}:{self.line or 1}:{self.column or 1}: {self.severity}: {key}{self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "line": self.line, "column": self.column, "severity": self.severity,
                "key": self.key or None, "message": self.message}


def finding_of(error: Exception, file: str, severity: str = "error") -> Finding:
    """A finding from a cardforge error (a ``DeckError`` carries its place) or a warning text."""
    return Finding(getattr(error, "file", "") or file, getattr(error, "line", None), getattr(error, "column", None),
                   severity, getattr(error, "detail", None) or str(error), getattr(error, "path", "") or "")


def _github(value: str, *, property: bool = False) -> str:
    """Escape a workflow-command value (GitHub's rules: % CR LF, and , : in properties)."""
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return value.replace(":", "%3A").replace(",", "%2C") if property else value


def _github_line(f: Finding) -> str:
    place = [f"file={_github(f.file, property=True)}"]
    if f.line:
        place.append(f"line={f.line}")
        if f.column:
            place.append(f"col={f.column}")
    key = f"{f.key}: " if f.key else ""
    return f"::{f.severity} {','.join(place)}::{_github(key + f.message)}"


def _sarif(findings: list[Finding]) -> dict[str, Any]:
    """A minimal valid SARIF 2.1.0 log: one run, one rule per severity, a result per finding."""
    from cardforge import __version__

    results = []
    for f in findings:
        location: dict[str, Any] = {"artifactLocation": {"uri": f.file}}
        if f.line:
            location["region"] = {"startLine": f.line, **({"startColumn": f.column} if f.column else {})}
        key = f"{f.key}: " if f.key else ""
        results.append({"ruleId": f"deck-{f.severity}", "level": f.severity, "message": {"text": key + f.message},
                        "locations": [{"physicalLocation": location}]})
    rules = [{"id": f"deck-{level}", "shortDescription": {"text": f"deck file {level}"}} for level in ("error", "warning")]
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "cardforge", "version": __version__, "rules": rules}},
                      "results": results}]}


def render_findings(fmt: str, checked: list[tuple[dict[str, Any], list[Finding]]]) -> str:
    """The whole output of a validate run in ``fmt``; ``checked``: each file's verdict (for json,
    and the ``file: ok (…)`` line of text) with its findings, in the order the files were given."""
    findings = [f for _verdict, found in checked for f in found]
    if fmt == "json":
        ok = not any(f.severity == "error" for f in findings)
        data = {"ok": ok, "findings": [f.to_json() for f in findings], "files": [v for v, _found in checked]}
        return json.dumps(data, ensure_ascii=False) + "\n"
    if fmt == "sarif":
        return json.dumps(_sarif(findings), ensure_ascii=False, indent=1) + "\n"
    if fmt == "github":
        return "".join(_github_line(f) + "\n" for f in findings)
    lines = []
    for verdict, found in checked:
        lines += [f.text for f in found] + ([verdict["summary"]] if verdict.get("ok") else [])
    return "".join(line + "\n" for line in lines)
