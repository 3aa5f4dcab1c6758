"""Issue 20, findings 5 and 6: a socket of a session that signed out is closed (4001)
and acts no more, and so is one of a session a password change ended (4003); a message
with an invalid ``id`` gets ``bad_message`` and is not executed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import COOKIE, Player, Server, api, signup

pytestmark = pytest.mark.server


def test_logout_closes_the_sessions_sockets(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"cikis{backend}"
        token = await signup(server, name)
        kept = Player(server, token, "kept")
        await kept.connect()
        assert kept.hello["user"]["name"] == name
        other = Player(server, await signup(server, f"kalan{backend}"), "other")
        await other.connect()
        assert (await api(server, "POST", "/api/auth/logout", token, json={})).status_code == 200
        with pytest.raises(ConnectionError):
            await kept.expect(lambda m: False, timeout=30)
        assert kept.closed_code == 4001
        await other.send(type="ping", id="p")  # another session's socket is untouched
        assert (await other.expect(lambda m: m["type"] == "pong"))["id"] == "p"
        await other.send(type="lobby", id="l")
        lobby = await other.expect(lambda m: m["type"] == "lobby")
        assert not [t for t in lobby["tables"] if t["manager"]["name"] == name]
        await other.close()

    asyncio.run(run())


def test_an_invalid_id_is_refused_and_not_executed(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"kimlik{backend}"
        p = Player(server, await signup(server, name), "p")
        await p.connect()
        for bad in ("x" * 65, {"x": 1}, 1.5, True, [1]):
            await p.send(type="create", id=bad, game="balayi_kingi", options={})
            err = await p.expect(lambda m: m["type"] in ("error", "created"))
            assert err["type"] == "error", (bad, err)
            assert err["code"] == "bad_message" and err["id"] is None
            assert err["i18n"]["code"] == "server.bad_id"
        await p.send(type="lobby", id="x" * 64)
        lobby = await p.expect(lambda m: m["type"] == "lobby")
        assert not [t for t in lobby["tables"] if t["manager"]["name"] == name]
        await p.expect(lambda m: m["type"] == "ok" and m["id"] == "x" * 64)
        await p.close()

    asyncio.run(run())


def test_password_change_ends_the_other_sessions(server: Server, backend: str) -> None:
    """``POST /api/auth/password``: a wrong old password (401) or a bad new one (400)
    changes nothing; the right one sets the new password, ends the account's other
    sessions (their sockets closed with 4003, their cookies signed out) and keeps the
    one that changed it; another account's socket is untouched."""

    async def run() -> None:
        name = f"sifre{backend}"
        here = await signup(server, name)
        r = await api(server, "POST", "/api/auth/login",
                      json={"name": name, "password": "sifre-1234"})
        assert r.status_code == 200
        there = str(r.cookies[COOKIE])
        mine, theirs = Player(server, here, "here"), Player(server, there, "there")
        stranger = Player(server, await signup(server, f"yabanci{backend}"), "stranger")
        for p in (mine, theirs, stranger):
            await p.connect()

        async def change(old: object, new: object, token: str | None = here) -> Any:
            return await api(server, "POST", "/api/auth/password", token,
                             json={"old_password": old, "new_password": new})

        r = await change("yanlis-sifre", "yeni-sifre-99")
        assert r.status_code == 401 and r.json()["error"]["code"] == "bad_credentials"
        r = await change("sifre-1234", " " * 8)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_password"
        r = await change("sifre-1234", 12345678)
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
        assert (await change("sifre-1234", "yeni-sifre-99", None)).status_code == 401
        await theirs.send(type="ping", id="still")  # nothing changed so far
        assert (await theirs.expect(lambda m: m["type"] == "pong"))["id"] == "still"

        r = await change("sifre-1234", "yeni-sifre-99")
        assert r.status_code == 200 and r.json() == {"sessions_ended": 1}
        with pytest.raises(ConnectionError):
            await theirs.expect(lambda m: False, timeout=30)
        assert theirs.closed_code == 4003
        for p in (mine, stranger):
            await p.send(type="ping", id="p")
            assert (await p.expect(lambda m: m["type"] == "pong"))["id"] == "p"
        assert (await api(server, "GET", "/api/me", here)).status_code == 200
        assert (await api(server, "GET", "/api/me", there)).status_code == 401
        for password, status in (("sifre-1234", 401), ("yeni-sifre-99", 200)):
            r = await api(server, "POST", "/api/auth/login",
                          json={"name": name, "password": password})
            assert r.status_code == status, (password, r.text)
        guest = await signup(server, f"misafir{backend}", guest=True)
        r = await api(server, "POST", "/api/auth/password", guest,
                      json={"old_password": "x" * 8, "new_password": "y" * 8})
        assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
        for p in (mine, stranger):
            await p.close()

    asyncio.run(run())


def test_an_expired_session_is_closed_before_it_changes_anything(
        backend: str, fresh_db: str, tmp_path: Path) -> None:
    """A socket whose session has expired (``--session-days`` of about 4 s) still gets
    answers that change nothing (``ping``), but its next ``create`` closes it with 4002
    and no table is opened."""
    srv = Server(fresh_db, tmp_path / "server.log", extra=["--session-days", "0.00005"])
    srv.start()

    async def run() -> None:
        name = f"sure{backend}"
        token = await signup(srv, name)
        p = Player(srv, token, "p")
        await p.connect()
        assert p.hello["user"]["name"] == name
        await asyncio.sleep(0.00005 * 86_400 + 1)  # past the session's end
        await p.send(type="ping", id="p")
        assert (await p.expect(lambda m: m["type"] == "pong"))["id"] == "p"
        await p.send(type="create", id="c", game="balayi_kingi", options={})
        with pytest.raises(ConnectionError):
            await p.expect(lambda m: m["type"] == "created", timeout=30)
        assert p.closed_code == 4002
        assert (await api(srv, "GET", "/api/me", token)).status_code == 401
        tables = (await api(srv, "GET", "/api/tables")).json()["tables"]
        assert not [t for t in tables if t["manager"]["name"] == name]

    try:
        asyncio.run(run())
    finally:
        srv.stop()
