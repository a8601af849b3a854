"""Peers measured beside cardforge in the same run, installed from PyPI into a throwaway venv.

``make bench`` needs nothing installed by hand: each benchmark that compares with a peer calls
``peer_python("protograf==0.6.0", (3, 13))``, which finds an interpreter new enough (protograf
0.6.0 requires Python ≥ 3.13: ``python3.13`` or newer on PATH, or a pyenv version), makes a venv in
a temporary folder, installs the peer with pip and removes the folder afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

PROTOGRAF = "protograf==0.6.0"


def _version(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"], capture_output=True,
                             text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = out.stdout.split()
    return (int(parts[0]), int(parts[1])) if out.returncode == 0 and len(parts) == 2 else None


def find_python(minimum: tuple[int, int]) -> str | None:
    """An interpreter of at least ``minimum``: this one, ``python3.N`` on PATH, or a pyenv version."""
    names = [sys.executable] + [shutil.which(f"python3.{m}") or "" for m in range(minimum[1], minimum[1] + 4)]
    root = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    names += sorted(glob.glob(os.path.join(root, "versions", "3.*", "bin", "python3")), reverse=True)
    for name in filter(None, names):
        version = _version(name)
        if version and version >= minimum:
            return name
    return None


@contextmanager
def peer_python(requirement: str, minimum: tuple[int, int] = (3, 9)) -> Iterator[str | None]:
    """The python of a throwaway venv holding ``requirement`` (None, with the reason printed, when
    no interpreter is new enough or pip fails)."""
    base = find_python(minimum)
    if base is None:
        print(f"{requirement}: skipped, it needs Python ≥ {minimum[0]}.{minimum[1]} and none was found")
        yield None
        return
    folder = tempfile.mkdtemp(prefix="cardforge-peer-")
    try:
        subprocess.run([base, "-m", "venv", folder], check=True)
        python = os.path.join(folder, "bin", "python")
        pip = subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", requirement],
                             capture_output=True, text=True)
        if pip.returncode:
            print(f"{requirement}: skipped, pip failed: {pip.stderr.strip().splitlines()[-1:]}")
            yield None
        else:
            yield python
    finally:
        shutil.rmtree(folder, ignore_errors=True)
