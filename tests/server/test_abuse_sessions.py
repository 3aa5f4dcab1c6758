"""Issue 20, findings 5 and 6: a socket of a session that signed out is closed (4001)
and acts no more; a message with an invalid ``id`` gets ``bad_message`` and is not
executed."""

from __future__ import annotations

import asyncio

import pytest

from tests.server.harness import Player, Server, api, signup


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
