"""Accounts, the lobby, the table lifecycle, chips and the Kasa, bad input — through the
real server."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from kahvehane.store import Store
from kahvehane.store.ledger import audit, totals
from kahvehane.store.models import Account, LedgerEntry, LedgerTxn, MatchPlayer
from tests.server.faults import readable_copy
from tests.server.harness import (
    COOKIE,
    Player,
    Server,
    api,
    play_until_end,
    random_chooser,
    signup,
)

pytestmark = pytest.mark.server


async def _table(p: Player, game: str, options: dict[str, Any], entry: int | None = None,
                 clock: int = 60) -> str:
    await p.send(type="create", id="c", game=game, options=options, entry=entry, clock=clock)
    created = await p.expect(lambda m: m["type"] in ("created", "error"))
    assert created["type"] == "created", created
    await p.expect(lambda m: m["type"] == "snapshot")
    return str(created["table"]["id"])


def test_accounts(server: Server, backend: str) -> None:
    async def run() -> None:
        name = f"acc{backend}"
        r = await api(server, "POST", "/api/auth/signup", json={"name": name, "password": "pw"})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_password"
        r = await api(server, "POST", "/api/auth/signup",
                      json={"name": name, "password": "sifre-1234"})
        assert r.status_code == 201 and r.json()["user"]["chips"] == 10_000
        cookie = r.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie.replace("Lax", "lax")
        r = await api(server, "POST", "/api/auth/signup",
                      json={"name": name.upper(), "password": "sifre-1234"})
        assert r.status_code == 409
        r = await api(server, "POST", "/api/auth/login",
                      json={"name": name, "password": "wrong-password"})
        assert r.status_code == 401
        r = await api(server, "POST", "/api/auth/login",
                      json={"name": name, "password": "sifre-1234"})
        assert r.status_code == 200
        token = r.cookies[COOKIE]
        me = (await api(server, "GET", "/api/me", token)).json()["user"]
        assert me["name"] == name and me["chips"] == 10_000
        ledger = (await api(server, "GET", "/api/me/ledger", token)).json()
        assert [e["kind"] for e in ledger["entries"]] == ["grant"]  # granted once
        r = await api(server, "POST", "/api/tables", token, content=b"{}")
        assert r.status_code == 400  # no JSON content type: refused (CSRF)
        await api(server, "POST", "/api/auth/logout", token, json={})
        assert (await api(server, "GET", "/api/me", token)).status_code == 401
        r = await api(server, "POST", "/api/auth/guest", json={})
        assert r.status_code == 201 and r.json()["user"]["guest"] is True
        games = (await api(server, "GET", "/api/games")).json()["games"]
        assert {g["game"] for g in games} == {"duz_okey", "kdv_okey", "okey_101", "koz_maca",
                                              "balayi_kingi", "casino", "royal_casino"}

    asyncio.run(run())


def test_table_lifecycle_and_kasa(server: Server, backend: str) -> None:
    """Only the manager starts; everyone sees the countdown; bots fill the empty seats;
    two matches at one table; the Kasa carries over and the ledger balances."""

    async def run() -> None:
        mgr = Player(server, await signup(server, f"mgr{backend}"), "mgr")
        other = Player(server, await signup(server, f"oth{backend}"), "oth")
        lobby = Player(server, None, "lobby")
        for p in (mgr, other, lobby):
            await p.connect()
        await lobby.send(type="lobby")
        await lobby.expect(lambda m: m["type"] == "lobby")
        r = await api(server, "POST", "/api/tables", mgr.token,
                      json={"game": "okey", "options": {}})
        assert r.status_code == 400 and r.json()["error"]["code"] == "bad_options"
        r = await api(server, "POST", "/api/tables", mgr.token,
                      json={"game": "duz_okey", "options": {"deals": 4}})
        assert r.json()["error"]["code"] == "bad_options"
        r = await api(server, "POST", "/api/tables", mgr.token,
                      json={"game": "koz_maca", "options": {}})
        assert r.json()["error"]["code"] == "bad_options"  # Koz Maça needs an entry
        table = await _table(mgr, "koz_maca", {"finish_score": 25}, entry=500)
        upd = await lobby.expect(lambda m: m["type"] == "lobby_update"
                                 and m["table"]["id"] == table)
        assert upd["table"]["manager"]["name"] == f"mgr{backend}"
        assert upd["table"]["entry"] == 500 and upd["table"]["kasa"] == 0
        await other.send(type="join", table=table)
        await other.expect(lambda m: m["type"] == "snapshot")
        for i, p in enumerate((mgr, other)):
            await p.send(type="sit", table=table, seat=i * 2, id="s")
            await p.expect(lambda m: m["type"] == "ok")
        await other.send(type="start", table=table, id="x")
        err = await other.expect(lambda m: m["type"] == "error")
        assert err["code"] == "forbidden"
        kasas: list[int] = []
        for match_no in range(2):
            await mgr.send(type="start", table=table)
            for p in (mgr, other):
                cd = await p.expect(lambda m: m.get("kind") == "countdown")
                assert cd["data"]["seconds"] > 0
            ms = await other.expect(lambda m: m.get("kind") == "match_start")
            assert [s["bot"] is not None for s in ms["data"]["seats"]] == [False, True,
                                                                          False, True]
            ends = await asyncio.gather(
                play_until_end(mgr, table, random_chooser, random.Random(match_no)),
                play_until_end(other, table, random_chooser, random.Random(9 + match_no)))
            end = ends[0]
            assert end is not None
            chips = end["data"]["chips"]
            assert sum(chips["net"]) + chips["kasa"] - (kasas[-1] if kasas else 0) == 0
            # every chip movement, so that the result can explain each (issue 29): the
            # transfers make each seat's net and the Kasa's change
            assert chips["kasa_before"] == (kasas[-1] if kasas else 0)
            moved = {f"seat:{s}": 0 for s in range(4)} | {"pot": 0, "kasa": 0}
            for t in chips["transfers"]:
                moved[t["from"]] -= t["amount"]
                moved[t["to"]] += t["amount"]
            assert [moved[f"seat:{s}"] for s in range(4)] == chips["net"]
            assert moved["pot"] == 0 and moved["kasa"] == chips["kasa"] - chips["kasa_before"]
            assert [t for t in chips["transfers"] if t["to"] == "pot"] == [
                {"from": f"seat:{s}", "to": "pot", "amount": 500} for s in range(4)]
            kasas.append(chips["kasa"])
            assert chips["kasa"] in (0, 500 + (kasas[-2] if len(kasas) > 1 else 0))
        info = (await api(server, "GET", f"/api/tables/{table}")).json()["table"]
        assert info["kasa"] == kasas[-1] and info["matches_played"] == 2
        assert info["status"] == "waiting" and info["seats"][0]["user"] is not None
        hist = (await api(server, "GET", f"/api/users/mgr{backend}/matches")).json()
        assert len(hist["matches"]) == 2 and hist["matches"][0]["record"].endswith("/record")
        board = (await api(server, "GET", "/api/leaderboard/koz_maca")).json()["rows"]
        assert any(r["user"]["name"] == f"mgr{backend}" and r["matches"] == 2 for r in board)
        for p in (mgr, other, lobby):
            await p.close()

    asyncio.run(run())


def test_bad_input(server: Server, backend: str) -> None:
    """Malformed and illegal messages get an error to their sender only and change
    nothing (the event numbers the others see stay contiguous); nobody acts for another
    seat; a spectator cannot act; an oversized frame closes the connection, and so does a
    text frame that is not UTF-8."""

    async def run() -> None:
        a = Player(server, await signup(server, f"bad{backend}a"), "a")
        b = Player(server, await signup(server, f"bad{backend}b"), "b")
        spy = Player(server, None, "spy")
        for p in (a, b, spy):
            await p.connect()
        table = await _table(a, "balayi_kingi", {})
        for p in (b, spy):
            await p.send(type="join", table=table)
            await p.expect(lambda m: m["type"] == "snapshot")
        await b.send(type="sit", table=table, seat=1, id="s")
        await b.expect(lambda m: m["type"] == "ok")
        await a.send(type="sit", table=table, seat=1, id="t")
        assert (await a.expect(lambda m: m["type"] == "error"))["code"] == "seat_taken"
        await a.send(type="sit", table=table, seat=0, id="s")
        await a.expect(lambda m: m["type"] == "ok")
        await a.send(type="start", table=table)
        starts = [await p.expect(lambda m: m.get("kind") == "deal_start") for p in (a, b)]
        seat = starts[0]["clock"]["to_act"][0]
        actor, idle = (a, b) if seat == 0 else (b, a)
        legal = starts[seat]["legal"]
        before = idle.last_n
        await actor.send_raw("{not json")
        assert (await actor.expect(lambda m: m["type"] == "error"))["code"] == "bad_json"
        await actor.send(type="dance", id=1)
        assert (await actor.expect(lambda m: m["type"] == "error"))["code"] == "bad_message"
        await actor.send(type="act", table=table, action={"act": "contract", "contract": "XX"})
        err = await actor.expect(lambda m: m["type"] == "error")
        assert err["code"] == "illegal_action"
        await actor.send(type="act", table=table, action={**legal[0], "seat": 1 - seat})
        assert (await actor.expect(lambda m: m["type"] == "error"))["code"] == "forbidden"
        await idle.send(type="act", table=table, action={**legal[0], "seat": 1 - seat})
        assert (await idle.expect(lambda m: m["type"] == "error"))["code"] == "illegal_action"
        await spy.send(type="act", table=table, action=legal[0])
        assert (await spy.expect(lambda m: m["type"] == "error"))["code"] == "not_seated"
        await actor.send(type="act", table=table, action=legal[0])
        ev = await idle.expect(lambda m: m["type"] == "event")
        assert ev["n"] == before + 1 and ev["kind"] == "game"  # nothing happened before
        assert [m["code"] for m in idle.messages if m["type"] == "error"][-1:] == [
            "illegal_action"]
        assert [m["code"] for m in spy.messages if m["type"] == "error"] == ["not_seated"]
        await spy.send_raw("x" * (17 * 1024))
        with pytest.raises(ConnectionError):
            await spy.expect(lambda m: False, timeout=30)
        assert spy.closed_code == 1009
        # A binary frame is read as UTF-8 JSON text; one that is not UTF-8 gets bad_json;
        # a text frame that is not UTF-8 breaks the protocol: closed with 1007.
        odd = Player(server, None, "odd")
        await odd.connect()
        assert odd.ws is not None
        await odd.ws.send(b'{"type":"ping","id":7}')
        assert (await odd.expect(lambda m: m["type"] == "pong"))["id"] == 7
        await odd.ws.send(b"\xff{}")
        assert (await odd.expect(lambda m: m["type"] == "error"))["code"] == "bad_json"
        await odd.ws.send(b'{"type":"ping","x":"\xff"}', text=True)
        with pytest.raises(ConnectionError):
            await odd.expect(lambda m: False, timeout=30)
        assert odd.closed_code == 1007
        for p in (a, b):
            await p.close()

    asyncio.run(run())


def test_rate_limit(backend: str, fresh_db: str, tmp_path: Any) -> None:
    async def run(server: Server) -> None:
        p = Player(server, None, "flood")
        hello = await p.connect()
        assert hello["limits"]["rate"] == 20
        for i in range(200):
            await p.send(type="ping", id=i)
        err = await p.expect(lambda m: m["type"] == "error")
        assert err["code"] == "rate_limited"
        await p.close()

    srv = Server(fresh_db, tmp_path / "server.log")
    srv.start()
    try:
        asyncio.run(run(srv))
    finally:
        srv.stop()


def test_chip_conservation(server: Server, backend: str, tmp_path: Path) -> None:
    """Many settled Koz Maça matches on several tables: every transaction balances, no
    account goes below zero, the chips held equal the chips granted, and each person's
    balance is their grant plus their matches' results."""

    async def one_table(k: int) -> None:
        people = [Player(server, await signup(server, f"c{backend}{k}{i}"), f"c{k}{i}")
                  for i in range(2)]
        for p in people:
            await p.connect()
        table = await _table(people[0], "koz_maca", {"finish_score": 1}, entry=300 + 100 * k)
        await people[1].send(type="join", table=table)
        for i, p in enumerate(people):
            await p.send(type="sit", table=table, seat=i, id="s")
            await p.expect(lambda m: m["type"] == "ok")
        for round_no in range(4):
            await people[0].send(type="start", table=table)
            await asyncio.gather(*(play_until_end(p, table, random_chooser,
                                                  random.Random(k * 100 + round_no * 10 + i))
                                   for i, p in enumerate(people)))
        for p in people:
            await p.close()

    async def run() -> None:
        await asyncio.gather(*(one_table(k) for k in range(3)))

    asyncio.run(run())
    store = Store(readable_copy(server.db_url, tmp_path))
    try:
        def check(s: Any) -> None:
            assert audit(s) == []
            t = totals(s)
            assert t.held == t.granted > 0
            grants = {acct: amount for acct, amount in s.execute(
                select(LedgerEntry.account_id, LedgerEntry.amount)
                .join(LedgerTxn, LedgerTxn.id == LedgerEntry.txn_id)
                .where(LedgerTxn.kind == "grant", LedgerEntry.amount > 0))}
            nets: dict[int, int] = {}
            for uid, net in s.execute(select(MatchPlayer.user_id, MatchPlayer.chips_net)
                                      .where(MatchPlayer.user_id.is_not(None))):
                nets[uid] = nets.get(uid, 0) + net
            settled = 0
            for acct in s.scalars(select(Account).where(Account.kind == "user")):
                assert acct.balance == grants.get(acct.id, 0) + nets.get(acct.user_id, 0)
                settled += acct.user_id in nets
            assert settled >= 6
            assert s.scalar(select(Account.balance).where(Account.kind == "pot",
                                                          Account.balance != 0)) is None

        store.run_sync(check)
    finally:
        store.engine.dispose()
