"""Quick play and a lobby that shows only live tables, over a real server and its
database (SQLite and PostgreSQL): ``quick`` seats people together at a quick table or
opens one that plays at once; a person alone with bots is no lobby entry but their
profile gives the table; when people leave, their matches are played out and their
tables close, the lobby is told, and the counts of ``GET /api/salon`` follow
(docs/protocol.md §3.2 ``quick``, docs/server.md "Quick play and the lobby")."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Player, Server, api, signup

pytestmark = pytest.mark.server

OPTIONS = {"deals": 3}


async def _quick(p: Player, mid: str, **fields: Any) -> dict[str, Any]:
    await p.send(type="quick", id=mid, game="duz_okey", **fields)
    answer = await p.expect(lambda m: m.get("id") == mid and m["type"] in ("quick", "error"))
    assert answer["type"] == "quick", answer
    snap = await p.expect(lambda m: m["type"] == "snapshot")
    assert snap["table"] == answer["table"]["id"] and snap["you"] == answer["seat"]
    return answer


async def _until(server: Server, path: str, pred: Any, timeout: float = 60) -> Any:
    """Poll ``GET path`` until ``pred(json)`` holds."""
    async with asyncio.timeout(timeout):
        while True:
            body = (await api(server, "GET", path)).json()
            if pred(body):
                return body
            await asyncio.sleep(0.1)


async def _leave(p: Player, table: str) -> None:
    await p.send(type="leave", table=table, id="bye")
    await p.expect(lambda m: m.get("id") == "bye" and m["type"] == "ok")
    await p.close()


def test_quick_matching_the_lobby_and_the_counts(backend: str, fresh_db: str,
                                                 tmp_path: Path) -> None:
    srv = Server(fresh_db, tmp_path / "server.log",
                 extra=["--grace-close", "1", "--quick-wait", "3"])
    srv.start()

    async def run() -> None:
        lobby = Player(srv, None, "lobby")
        await lobby.connect()
        await lobby.send(type="lobby")
        first = await lobby.expect(lambda m: m["type"] == "lobby")
        assert first["tables"] == [] and first["salon"] == {"online": 0, "playing": 0}
        a, b, c = [Player(srv, await signup(srv, f"q{n}{backend}"), n) for n in "abc"]
        for p in (a, b, c):
            await p.connect()
        # three connected, none at a match: all three free for a quick table
        await _until(srv, "/api/salon", lambda j: j == {"online": 3, "playing": 0, "free": 3})

        # A waits up to 3 s for people; B, asking for the same game and options, is
        # seated at A's table; C, asking for other options, gets a table of their own
        qa = await _quick(a, "qa", options=OPTIONS, wait=60)
        table = qa["table"]["id"]
        assert qa["seat"] == 0 and qa["table"]["quick"] is True
        cd = await a.expect(lambda m: m.get("kind") == "countdown")
        assert cd["data"]["quick"] is True and cd["data"]["seconds"] == 3  # at most
        line = await lobby.expect(lambda m: m["type"] == "lobby_update"
                                  and m["table"]["id"] == table)
        assert line["table"]["listed"] is True
        qb = await _quick(b, "qb", options=OPTIONS)
        assert (qb["table"]["id"], qb["seat"]) == (table, 1)
        qc = await _quick(c, "qc", options={"deals": 5})
        own = qc["table"]["id"]
        assert own != table and qc["seat"] == 0
        # alone with bots: C plays at once, no countdown
        await c.expect(lambda m: m.get("kind") == "match_start")
        assert not any(m.get("kind") == "countdown" for m in c.messages)
        start = await b.expect(lambda m: m.get("kind") == "match_start", timeout=30)
        assert [s["user"]["name"] if s["user"] else None for s in start["data"]["seats"]] \
            == [f"qa{backend}", f"qb{backend}", None, None]

        # the lobby: A and B's match, not C alone with bots; C's profile gives C's table
        tables = (await _until(srv, "/api/tables", lambda j: [t["id"] for t in j["tables"]]
                               == [table]))["tables"]
        assert tables[0]["people"] == 2 and tables[0]["status"] == "playing"
        profile = (await api(srv, "GET", f"/api/users/qc{backend}")).json()
        assert profile["table"] == own
        assert (await api(srv, "GET", f"/api/tables/{own}")).status_code == 200  # watchable
        counts = (await api(srv, "GET", "/api/salon")).json()
        assert counts == {"online": 3, "playing": 3, "free": 0}

        # everyone leaves: each match is played out by its bots and its table closes
        for p, t in ((c, own), (b, table), (a, table)):
            await _leave(p, t)
        for t in (own, table):
            await lobby.expect(lambda m, t=t: m["type"] == "lobby_remove"
                               and m["table"] == t, timeout=120)
        await _until(srv, f"/api/tables/{table}", lambda j: "error" in j, timeout=120)
        await _until(srv, f"/api/tables/{own}", lambda j: "error" in j, timeout=120)
        assert (await api(srv, "GET", "/api/tables")).json()["tables"] == []
        await _until(srv, "/api/salon", lambda j: j == {"online": 0, "playing": 0, "free": 0})
        for name in ("qa", "qb", "qc"):
            history = (await api(srv, "GET", f"/api/users/{name}{backend}/matches")).json()
            assert [m["status"] for m in history["matches"]] == ["finished"]
            assert (await api(srv, "GET", f"/api/users/{name}{backend}")).json()[
                "table"] is None

        # a waiting table its person left closes after the grace time (1 s here)
        d = Player(srv, await signup(srv, f"qd{backend}"), "d")
        await d.connect()
        await d.send(type="create", id="cr", game="duz_okey", options=OPTIONS)
        waiting = (await d.expect(lambda m: m["type"] == "created"))["table"]["id"]
        await d.send(type="sit", table=waiting, seat=0, id="s")
        await d.expect(lambda m: m.get("id") == "s")
        await _until(srv, "/api/tables", lambda j: [t["id"] for t in j["tables"]]
                     == [waiting])
        await d.close()  # still seated, gone
        await lobby.expect(lambda m: m["type"] == "lobby_remove" and m["table"] == waiting)
        await _until(srv, f"/api/tables/{waiting}", lambda j: "error" in j)
        await lobby.close()

    try:
        asyncio.run(run())
    finally:
        srv.stop()
