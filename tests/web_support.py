"""Shared by the web tests: an in-process client over a fresh database, and a real
``cardforge serve`` process on a free 127.0.0.1 port, started and stopped by the fixture."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def client(db: Path, *, join_code: str | None = None, pictures: Path | None = None):
    """A Starlette TestClient over ``create_app(db)`` (requests never leave the process)."""
    from cardforge.web.app import create_app

    with warnings.catch_warnings():  # starlette 1.x prefers httpx2; httpx works the same here
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        return TestClient(create_app(db, join_code=join_code, pictures_dir=pictures or db.parent / "pictures"),
                          follow_redirects=False, base_url="http://127.0.0.1")  # a Host the server answers


def new_match(db: Path, game: str, players: str, **options) -> None:
    """Start a match in the store at ``db``, as ``cardforge table new`` does."""
    from cardforge.table.scorekeeper import Scorekeeper
    from cardforge.table.store import Store

    with Store(db) as store:
        Scorekeeper(store).new_match(game, players, **options)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``python -m cardforge serve --port P --db DB`` as a real process."""

    def __init__(self, db: Path, cache: Path, port: int | None = None):
        self.db, self.cache, self.port = db, cache, port or free_port()  # a port again: the server back after a kill
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cache)}
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cardforge", "serve", "--port", str(self.port), "--db", str(db)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.ready_after = self._wait()

    def _wait(self, timeout: float = 60.0) -> float:
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"cardforge serve exited: {self.proc.stderr.read()}")
            try:
                with urllib.request.urlopen(f"{self.url}/ping", timeout=1):
                    return time.perf_counter() - self.started
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError(f"cardforge serve did not answer within {timeout:g} s")

    def post(self, path: str, data: dict[str, str]) -> int:
        """POST a form; the status code (redirects not followed)."""
        import urllib.error
        import urllib.parse

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        opener = urllib.request.build_opener(NoRedirect)
        body = urllib.parse.urlencode(data).encode()
        try:
            with opener.open(urllib.request.Request(self.url + path, data=body), timeout=60) as response:
                return response.status
        except urllib.error.HTTPError as exc:
            return exc.code

    def kill(self) -> None:
        """``kill -9``: no shutdown handler runs."""
        self.proc.kill()
        self.proc.wait(timeout=60)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.kill()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream:
                stream.close()
