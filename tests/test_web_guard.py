"""Issue 28: the table as a LAN service — writes only from the page itself in both modes, only
this server's Host names, the join code exchanged once for a phone's token, wrong codes
rate-limited and logged."""

from __future__ import annotations

import logging

import pytest

from cardforge.table.scorekeeper import Scorekeeper
from cardforge.table.store import Store
from cardforge.web.guard import FREE_TRIES, JoinGuard, Refused
from tests.web_support import client


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "table.sqlite3"
    Scorekeeper(Store(path)).new_match("rows", "Ana,Ben")
    return path


def _rounds(db) -> int:
    return len(Scorekeeper(Store(db)).standings(1).rounds)


@pytest.mark.parametrize("code", [None, "482913"])
def test_a_write_from_another_site_is_refused_in_both_modes(db, code):
    web = client(db, join_code=code)
    if code:
        web.get("/join", params={"code": code})
    web.post("/m/1/round", data={"p0_cards": "R5"})
    evil = web.post("/m/1/undo", headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "another site" in evil.text
    assert web.post("/m/1/undo", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert web.post("/matches", data={"game": "rows", "players": "X,Y"},
                    headers={"Origin": "null"}).status_code == 403
    assert _rounds(db) == 1
    assert web.post("/m/1/undo", headers={"Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin"}).status_code == 303
    assert _rounds(db) == 0


def test_only_this_servers_host_names_are_served(db):
    from starlette.testclient import TestClient

    from cardforge.web.app import create_app

    app = create_app(db, hosts=("192.168.1.20",))
    for host, status in (("127.0.0.1:8765", 200), ("localhost", 200), ("[::1]:8765", 200),
                         ("192.168.1.20:8765", 200), ("rebound.evil.example", 400), ("127.0.0.1.evil.example", 400)):
        answer = TestClient(app, base_url=f"http://{host}").get("/m/1")
        assert answer.status_code == status, host


def test_the_code_is_exchanged_once_for_a_token_of_the_phones_own(db):
    web = client(db, join_code="482913")
    joined = web.get("/join", params={"code": "482913", "next": "/m/1"})
    assert joined.status_code == 303
    cookie = joined.headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower() and "482913" not in cookie
    other = client(db, join_code="482913")
    other.cookies.set("cardforge_join", "482913")  # the code itself is no token
    assert other.post("/m/1/round", data={"p0_cards": "R5"}).status_code == 403
    assert web.post("/m/1/round", data={"p0_cards": "R5"}).status_code == 303


def test_a_write_form_does_not_take_the_code(db):
    web = client(db, join_code="482913")
    assert web.post("/m/1/round", data={"p0_cards": "R5", "code": "482913"}).status_code == 403
    assert _rounds(db) == 0


def test_wrong_codes_lock_the_client_out_and_are_logged(db, caplog):
    web = client(db, join_code="482913")
    with caplog.at_level(logging.WARNING, logger="cardforge.web"):
        answers = [web.post("/join", data={"code": f"{i:06d}"}).status_code for i in range(FREE_TRIES + 2)]
    assert answers[:FREE_TRIES - 1] == [403] * (FREE_TRIES - 1) and answers[-1] == 429
    assert sum("wrong code" in r.message for r in caplog.records) >= FREE_TRIES
    locked = web.post("/join", data={"code": "482913"})  # even the right code waits
    assert locked.status_code == 429 and int(locked.headers["retry-after"]) >= 1


def test_the_lockout_doubles_and_ends():
    guard = JoinGuard("482913")
    waits = []
    for i in range(FREE_TRIES + 3):
        with pytest.raises(Refused) as refused:
            guard.exchange("000000", "10.0.0.9", now=1000.0 * i)  # far apart: each lockout has ended
        waits.append(refused.value.wait)
    assert waits[:FREE_TRIES - 1] == [0.0] * (FREE_TRIES - 1)
    assert waits[FREE_TRIES - 1:] == [1.0, 2.0, 4.0, 8.0]
    assert guard.exchange("482913", "10.0.0.9", now=1e6)  # the right code, after the wait
    assert guard.exchange("482913", "10.0.0.10", now=0.0)  # another phone was never locked


def test_a_phones_token_outlives_a_restart_and_a_forged_one_does_not(db):
    """The tokens are kept (as digests, with their expiry) in the match store: the server
    started again — with a new join code — still knows the phone that joined."""
    import sqlite3

    phone = client(db, join_code="482913")
    assert phone.get("/join", params={"code": "482913"}).status_code == 303
    token = phone.cookies["cardforge_join"]
    restarted = client(db, join_code="771204")  # a new process over the same file: a new code
    restarted.cookies.set("cardforge_join", token)
    assert restarted.post("/m/1/round", data={"p0_cards": "R5"}).status_code == 303
    forged = client(db, join_code="771204")
    forged.cookies.set("cardforge_join", token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    assert forged.post("/m/1/round", data={"p0_cards": "R6"}).status_code == 403
    with sqlite3.connect(db) as raw:  # only the digest is on disk, never the token
        kept = raw.execute("SELECT digest FROM phone_tokens").fetchall()
    assert len(kept) == 1 and token not in kept[0][0]
    assert _rounds(db) == 1


def test_an_expired_token_is_refused_and_pruned(db):
    import hashlib

    from cardforge.table.store import Store

    digest = hashlib.sha256(b"old-phone").hexdigest()
    with Store(db) as store:
        store.add_token(digest, now=1000.0, life=10.0)
        assert store.has_token(digest, 1005.0) and not store.has_token(digest, 1010.0)
        store.add_token("other", now=2000.0, life=10.0)  # the next token handed out prunes it
        assert not store.has_token(digest, 0.0)
    old = client(db, join_code="482913")
    old.cookies.set("cardforge_join", "old-phone")  # expired since 1970
    assert old.post("/m/1/round", data={"p0_cards": "R5"}).status_code == 403
