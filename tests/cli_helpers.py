"""Shared by the CLI tests: what a refused command must look like."""

from __future__ import annotations


def one_line_error(result, *fragments: str) -> None:
    """Exit 2, exactly one ``cardforge: error: …`` (or French) line on stderr holding every fragment, no traceback."""
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err
    prefixes = ("cardforge: error: ", "cardforge\u00a0: erreur\u00a0: ")  # English, French
    assert len(result.err.splitlines()) == 1 and result.err.startswith(prefixes), result.err
    for fragment in fragments:
        assert fragment in result.err, result.err


def one_finding(result, *fragments: str) -> None:
    """``cardforge validate``'s refusal (issue 24): exit 1, exactly one finding on stdout,
    ``file:line:col: error: …``, holding every fragment (as the message reads without its
    severity, so a fragment may be ``path:17:17: key: ``); nothing on stderr."""
    import re

    assert result.code == 1, (result.code, result.out, result.err)
    assert result.err == "", result.err
    lines = result.out.splitlines()
    assert len(lines) == 1 and re.match(r"^.+:\d+:\d+: error: ", lines[0]), result.out
    said = lines[0].replace(": error: ", ": ", 1)
    for fragment in fragments:
        assert fragment in said, result.out
