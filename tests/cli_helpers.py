"""Shared by the CLI tests: what a refused command must look like."""

from __future__ import annotations


def one_line_error(result, *fragments: str) -> None:
    """Exit 2, exactly one ``cardforge: error: …`` line on stderr holding every fragment, no traceback."""
    assert result.code == 2, (result.code, result.out, result.err)
    assert "Traceback" not in result.err
    assert len(result.err.splitlines()) == 1 and result.err.startswith("cardforge: error: "), result.err
    for fragment in fragments:
        assert fragment in result.err, result.err
