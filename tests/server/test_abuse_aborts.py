"""Issue 20, finding 2 (the rest): a match that fails to start or to resume is ended
cleanly with a reason — its entries refunded through the ledger, the table free again,
the lobby and the seated clients told (``match_aborted`` with a coded message) — instead
of a table stuck in "playing" forever.

The failure is injected at the seam (``kahvehane serve --fault deal|restore``: the step
raises as an engine error would), or made for real: a record in the database that no
longer replays (an action the engine refuses) after a ``kill -9``.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from kahvehane.store.models import ActionRow, SalonTable
from tests.server.harness import (
    Player,
    Server,
    api,
    play_until_end,
    random_chooser,
    rejoin,
    signup,
)

pytestmark = pytest.mark.server

ENTRY = 100
START = 10_000  # the test servers' starting chips (the default)


async def _chips(server: Server, token: str | None) -> int:
    r = await api(server, "GET", "/api/me", token)
    return int(r.json()["user"]["chips"])


async def _koz_table(p: Player) -> str:
    await p.send(type="create", game="koz_maca", options={"finish_score": 30},
                 entry=ENTRY, clock=60)
    table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
    await p.send(type="sit", table=table, seat=0, id="s0")
    await p.expect(lambda m: m["type"] == "ok" and m["id"] == "s0")
    return table


def _lobby_line(p: Player, table: str) -> Any:
    return lambda m: m["type"] == "lobby_update" and m["table"]["id"] == table


def test_a_match_that_fails_to_start_is_ended_and_refunded(backend: str, fresh_db: str,
                                                          tmp_path: Path) -> None:
    """The engine fails dealing the first deal (``--fault deal``): both seated people and
    a spectator get ``match_aborted`` with ``server.aborted.failed`` (English and
    Turkish in the catalogue), the entries come back (chips as before), the Kasa is
    empty again, the lobby shows the table waiting with the people seated, the match is
    ``aborted`` with no record, and the manager can start again."""
    srv = Server(fresh_db, tmp_path / "server.log",
                 extra=["--fault", "deal", "--countdown", "1"])
    srv.start()

    async def run() -> None:
        a = Player(srv, await signup(srv, f"bas{backend}"), "a")
        await a.connect()
        table = await _koz_table(a)
        b = Player(srv, await signup(srv, f"iki{backend}"), "b")
        await b.connect()
        await b.send(type="sit", table=table, seat=2, id="s2")
        await b.expect(lambda m: m["type"] == "ok" and m["id"] == "s2")
        watcher = Player(srv, None, "lobby")
        await watcher.connect()
        await watcher.send(type="lobby")
        await watcher.expect(lambda m: m["type"] == "lobby")
        spectator = Player(srv, None, "spectator")
        await spectator.connect()
        await spectator.send(type="join", table=table)
        await spectator.expect(lambda m: m["type"] == "snapshot")

        await a.send(type="start", table=table)
        await watcher.expect(lambda m: _lobby_line(watcher, table)(m)
                             and m["table"]["status"] == "countdown")
        started = await a.expect(lambda m: m.get("kind") == "match_start")
        assert started["data"]["kasa"] == ENTRY  # the entries were taken
        match_id = started["data"]["match"]
        for p in (a, b, spectator):
            aborted = await p.expect(lambda m: m.get("kind") == "match_aborted")
            data = aborted["data"]
            assert data["match"] == match_id
            assert data["i18n"] == {"code": "server.aborted.failed", "params": {}}
            assert "refunded" in data["reason"]
        kasa = [m for m in a.messages if m.get("kind") == "kasa"]
        assert kasa[-1]["data"]["kasa"] == 0
        line = await watcher.expect(lambda m: _lobby_line(watcher, table)(m)
                                    and m["table"]["status"] == "waiting")
        info = line["table"]
        assert info["match"] is None and info["kasa"] == 0 and info["matches_played"] == 0
        assert [s["user"]["name"] if s["user"] else None for s in info["seats"]] == [
            f"bas{backend}", None, f"iki{backend}", None]
        assert all(s["bot"] is None for s in info["seats"])
        assert await _chips(srv, a.token) == START and await _chips(srv, b.token) == START
        ledger = (await api(srv, "GET", "/api/me/ledger", a.token)).json()
        assert [e["kind"] for e in ledger["entries"]] == ["refund", "entry", "grant"]
        assert sum(e["amount"] for e in ledger["entries"]) == START
        m = (await api(srv, "GET", f"/api/matches/{match_id}")).json()["match"]
        assert m["status"] == "aborted" and m["aborted"] == "server.aborted.failed"
        r = await api(srv, "GET", f"/api/matches/{match_id}/record")
        assert r.status_code == 409 and r.json()["error"]["code"] == "match_aborted"
        catalogue = (await api(srv, "GET", "/api/messages")).json()["messages"]
        assert "geri ödendi" in catalogue["server.aborted.failed"]["tr"]
        # the table is free: the manager starts again (and the fault ends it again)
        await a.send(type="start", table=table, id="again")
        await a.expect(lambda m: m["type"] == "ok" and m["id"] == "again")
        await a.expect(lambda m: m.get("kind") == "match_aborted")
        assert await _chips(srv, a.token) == START
        for p in (a, b, watcher, spectator):
            await p.close()

    try:
        asyncio.run(run())
        assert "cannot go on" in (tmp_path / "server.log").read_text()
    finally:
        srv.stop()


async def _match_in_play(srv: Server, name: str) -> tuple[str, str, int]:
    """A new account's Koz Maça match with an entry, two moves in: its token, the table
    and the match."""
    p = Player(srv, await signup(srv, name), "p")
    await p.connect()
    table = await _koz_table(p)
    await p.send(type="start", table=table)
    started = await p.expect(lambda m: m.get("kind") == "match_start")
    assert await play_until_end(p, table, random_chooser, random.Random(7),
                                stop_after=2) is None
    assert await _chips(srv, p.token) == START - ENTRY
    await p.close()
    assert p.token is not None
    return p.token, table, int(started["data"]["match"])


def _sql(db_url: str, statement: sa.Executable) -> None:
    """Change the database of a stopped server."""
    engine = sa.create_engine(db_url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.begin() as conn:
            conn.execute(statement)
    finally:
        engine.dispose()


def _break_record(db_url: str, match_id: int) -> None:
    """Make the match's saved record one the engine cannot replay: its first action
    becomes a move no game has."""
    first = (sa.select(sa.func.min(ActionRow.id)).where(ActionRow.match_id == match_id)
             .scalar_subquery())
    _sql(db_url, sa.update(ActionRow).where(ActionRow.id == first)
         .values(action={"act": "fly", "seat": 0}))


@pytest.mark.parametrize("how", ["fault", "broken_record"])
def test_a_match_that_fails_to_resume_is_ended_and_refunded(how: str, backend: str,
                                                           fresh_db: str,
                                                           tmp_path: Path) -> None:
    """``kill -9`` mid-match; the new server cannot restore the match (``--fault
    restore``, or its record no longer replays): the match is ended without a result,
    the entry refunded, the player still seated at a waiting table whose snapshot says
    why (``server.aborted.not_resumed``), and a new match starts there."""
    srv = Server(fresh_db, tmp_path / "server.log")
    srv.start()
    try:
        token, table, match_id = asyncio.run(_match_in_play(srv, f"geri{backend}"))
        srv.stop(kill=True)
        if how == "fault":
            srv.extra = ["--fault", "restore"]
        else:
            _break_record(fresh_db, match_id)
        srv.start()

        async def second() -> None:
            p, snap = await rejoin(srv, token, table)
            assert snap["you"] == 0 and snap["match"] is None
            assert snap["info"]["status"] == "waiting" and snap["info"]["kasa"] == 0
            assert snap["aborted"]["match"] == match_id
            assert snap["aborted"]["i18n"]["code"] == "server.aborted.not_resumed"
            assert await _chips(srv, token) == START
            m = (await api(srv, "GET", f"/api/matches/{match_id}")).json()["match"]
            assert m["status"] == "aborted"
            lobby = (await api(srv, "GET", "/api/tables")).json()["tables"]
            assert [t["status"] for t in lobby if t["id"] == table] == ["waiting"]
            await p.send(type="start", table=table)
            restarted = await p.expect(lambda m: m.get("kind") in ("match_start",
                                                                   "match_aborted"))
            assert restarted["kind"] == "match_start"  # a new match starts and is dealt
            assert restarted["data"]["match"] != match_id
            await p.expect(lambda m: m.get("kind") == "deal_start")
            assert await _chips(srv, token) == START - ENTRY
            await p.close()

        asyncio.run(second())
        assert "cannot be resumed" in (tmp_path / "server.log").read_text()
    finally:
        srv.stop()


def test_a_table_that_cannot_be_restored_closes_and_refunds(backend: str, fresh_db: str,
                                                            tmp_path: Path) -> None:
    """After a ``kill -9`` the table's game is one this salon does not have: the server
    still starts, the table is closed and its unfinished match ended without a result,
    the entry refunded."""
    srv = Server(fresh_db, tmp_path / "server.log")
    srv.start()
    try:
        token, table, match_id = asyncio.run(_match_in_play(srv, f"kapa{backend}"))
        srv.stop(kill=True)
        _sql(fresh_db, sa.update(SalonTable).where(SalonTable.id == table)
             .values(game="tavla"))
        srv.start()

        async def second() -> None:
            lobby = (await api(srv, "GET", "/api/tables")).json()["tables"]
            assert table not in [t["id"] for t in lobby]
            assert await _chips(srv, token) == START
            m = (await api(srv, "GET", f"/api/matches/{match_id}")).json()["match"]
            assert m["status"] == "aborted" and m["aborted"] == "server.aborted.not_resumed"

        asyncio.run(second())
        srv.stop()
        srv.start()  # closed for good: not restored again
        lobby = asyncio.run(api(srv, "GET", "/api/tables")).json()["tables"]
        assert table not in [t["id"] for t in lobby]
        assert "cannot be restored; it closes" in (tmp_path / "server.log").read_text()
    finally:
        srv.stop()
