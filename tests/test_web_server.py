"""``cardforge serve`` as a real process: it starts fast, a killed server loses no confirmed
entry, bad options are one line, and on the LAN it prints the join URL, the code and a QR."""

from __future__ import annotations

import io

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from tests.conftest import run_cli
from tests.web_support import Server


def test_kill_9_loses_no_confirmed_entry(tmp_path):
    db = tmp_path / "table.sqlite3"
    with Store(db) as store:
        Scorekeeper(store).new_match("sequence", "Ana,Ben", rounds=40)
    server = Server(db, tmp_path / "cache")
    try:
        confirmed = 0
        for i in range(12):
            status = server.post("/m/1/round", {"p0_cards": "R3,G5", "p1_cards": f"B{i % 10 + 1}"})
            assert status == 303
            confirmed += 1
    finally:
        server.kill()
        server.stop()
    with Store(db) as store:
        assert store.integrity_check() == "ok"
        assert len(Scorekeeper(store).standings(1).rounds) == confirmed == 12


def test_the_server_answers_once_started(tmp_path):
    """It answers ``/ping`` (``Server`` waits for it, up to 60 s: only a hang reaches that; how
    fast it starts is ``benchmarks/bench_web.py``'s figure, target ≤ 1 s)."""
    import urllib.request

    server = Server(tmp_path / "table.sqlite3", tmp_path / "cache")
    try:
        with urllib.request.urlopen(f"{server.url}/ping", timeout=60) as answer:
            assert answer.status == 204  # /ping: no content
    finally:
        server.stop()


def test_the_server_starts_without_the_drawing_libraries(tmp_path):
    """Start-up bounded by what it loads: the app ``cardforge serve`` runs is built without
    reportlab, PIL, pypdfium2, matplotlib, pydantic or ruamel (the page's card pictures and a
    deck's first validation import them when a request needs them)."""
    import subprocess
    import sys

    from tests.render_support import ROOT

    code = ("import sys; from pathlib import Path; import uvicorn; import cardforge.web.serve\n"
            "from cardforge.web.app import create_app\n"
            f"create_app(Path({str(tmp_path / 't.sqlite3')!r}), join_code=None)\n"
            "print(sorted({m.split('.')[0] for m in sys.modules}))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True,
                            timeout=120).stdout
    for heavy in ("reportlab", "PIL", "pypdfium2", "matplotlib", "pydantic", "ruamel"):
        assert f"'{heavy}'" not in loaded, heavy


def test_a_bad_port_is_one_line():
    result = run_cli("serve", "--port", "70000")
    assert result.code == 2 and result.err == "cardforge: error: --port 70000: expected a port number from 1 to 65535\n"


def test_a_busy_port_is_one_line(tmp_path):
    server = Server(tmp_path / "table.sqlite3", tmp_path / "cache")
    try:
        result = run_cli("serve", "--port", str(server.port), "--db", str(tmp_path / "other.sqlite3"))
    finally:
        server.stop()
    assert result.code == 2
    assert result.err.startswith(f"cardforge: error: cannot listen on 127.0.0.1:{server.port}: ")
    assert result.err.count("\n") == 1


def test_a_bad_host_is_one_line_that_names_the_host(tmp_path):
    result = run_cli("serve", "--host", "999.1.1.1", "--db", str(tmp_path / "t.sqlite3"))
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith("cardforge: error: cannot listen on 999.1.1.1:8765: ")
    assert result.err.endswith("expected --host 127.0.0.1, 0.0.0.0 or an address of this computer\n")


def test_on_the_lan_it_prints_the_join_url_code_and_a_qr(tmp_path, monkeypatch):
    from cardforge.web import serve

    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    out = io.StringIO()
    serve.announce("0.0.0.0", 8765, tmp_path / "t.sqlite3", "482913", out)
    text = out.getvalue()
    assert "phones on this network: http://192.168.1.20:8765/join?code=482913" in text
    assert "join code: 482913" in text
    assert text.count("█") > 100  # the QR code, drawn with block characters


def test_on_localhost_no_code_is_needed(tmp_path):
    from cardforge.web import serve

    out = io.StringIO()
    serve.announce("127.0.0.1", 8765, tmp_path / "t.sqlite3", None, out)
    assert "open http://127.0.0.1:8765/" in out.getvalue() and "join code" not in out.getvalue()
