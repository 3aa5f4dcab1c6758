"""The settlement window (issue 22, finding 6): a server killed (``kill -9``) after a Koz
Maça match's last move was saved and before its settlement was, settles the match
exactly once when it comes back — the chips conserved, one ``settle`` transaction whose
entries are the game's end transfers, two entries a transfer, the standings written
once, the record finished and verified — and a further restart settles nothing again.

How the server is held in the window: a fault injected into the settlement's
transaction, from outside the server, as a database would fail — a trigger that refuses
the update which marks the match finished (the last statement of that one transaction,
so all of it rolls back). The last move is saved and published; the settlement fails and
is retried every second (each failure sends the table a ``sync`` with ``reason``
``storage_failed``: the sign the test waits for); the server is killed there, the
trigger dropped, the server started again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from kahvehane.games import get_spec
from kahvehane.records import replay, verify
from kahvehane.store import Store
from kahvehane.store.db import sqlite_connector
from kahvehane.store.ledger import audit
from kahvehane.store.models import LedgerEntry, LedgerTxn, MatchPlayer, MatchRow
from tests.server.harness import Player, Server, api, random_chooser, signup

pytestmark = [pytest.mark.server, pytest.mark.filterwarnings("ignore::ResourceWarning")]

ENTRY = 100
STARTING = 10_000  # the server's default starting chips


def _sql(db_url: str, statements: list[str]) -> None:
    """Run ``statements`` on the database while no server holds it."""
    if db_url.startswith("sqlite:///"):
        with contextlib.closing(sqlite_connector(db_url)()) as c:
            for sql in statements:
                c.execute(sql)
            c.commit()
        return
    import psycopg

    with psycopg.connect(db_url, autocommit=True) as c:
        for sql in statements:
            c.execute(sql)


def refuse_settlements(db_url: str) -> None:
    """A trigger that fails the update marking a match finished."""
    if db_url.startswith("sqlite:///"):
        _sql(db_url, ["CREATE TRIGGER kh_no_settle BEFORE UPDATE OF status ON matches"
                      " WHEN NEW.status = 'finished'"
                      " BEGIN SELECT RAISE(ABORT, 'injected: no settlement'); END"])
        return
    _sql(db_url, [
        "CREATE OR REPLACE FUNCTION kh_no_settle() RETURNS trigger AS $$"
        " BEGIN RAISE EXCEPTION 'injected: no settlement'; END $$ LANGUAGE plpgsql",
        "CREATE TRIGGER kh_no_settle BEFORE UPDATE ON matches FOR EACH ROW"
        " WHEN (NEW.status = 'finished') EXECUTE FUNCTION kh_no_settle()"])


def allow_settlements(db_url: str) -> None:
    _sql(db_url, ["DROP TRIGGER kh_no_settle" if db_url.startswith("sqlite:///")
                  else "DROP TRIGGER kh_no_settle ON matches"])


async def _play_to_the_window(p: Player, table: str) -> None:
    """Answer every turn until the table says its settlement was not saved."""
    rng = random.Random(7)
    while True:
        msg = await p.expect(lambda m: m.get("table") == table
                             and m["type"] in ("event", "snapshot", "sync"))
        assert not (msg["type"] == "event" and msg["kind"] == "match_end"), \
            "the match was settled through the injected fault"
        if msg["type"] == "sync" and msg.get("reason"):
            assert msg["reason"]["code"] == "storage_failed"
            return
        legal = msg.get("legal")
        if legal:
            await p.send(type="act", table=table, action=random_chooser(msg["view"], legal,
                                                                        rng))


@contextlib.contextmanager
def _store(db_url: str) -> Iterator[Store]:
    """The database, opened while no server holds it, and closed again (a SQLite file is
    its opener's alone while open)."""
    store = Store(db_url)
    try:
        yield store
    finally:
        store.engine.dispose()


def _settled(db_url: str, match_id: int) -> dict[str, Any]:
    """What the database says of the match's settlement."""
    with _store(db_url) as store, store.sessions() as s:
        row = s.get(MatchRow, match_id)
        assert row is not None
        txns = list(s.scalars(select(LedgerTxn).where(LedgerTxn.match_id == match_id,
                                                      LedgerTxn.kind == "settle")))
        entries = [list(s.scalars(select(LedgerEntry.amount)
                                  .where(LedgerEntry.txn_id == t.id))) for t in txns]
        players = s.scalar(select(func.count()).select_from(MatchPlayer)
                           .where(MatchPlayer.match_id == match_id))
        nets = dict(s.execute(select(MatchPlayer.seat, MatchPlayer.chips_net)
                              .where(MatchPlayer.match_id == match_id)).all())
        return {"status": row.status, "settles": len(txns), "entries": entries,
                "players": players, "nets": nets, "record": row.record,
                "kasa_before": row.kasa_before, "audit": audit(s)}


def test_a_kill_between_the_last_move_and_the_settlement(backend: str, fresh_db: str,
                                                         tmp_path: Path) -> None:
    with _store(fresh_db) as store:
        store.migrate()  # the schema, so the trigger has its table before the server starts
    refuse_settlements(fresh_db)
    log = tmp_path / "server.log"
    srv = Server(fresh_db, log, extra=["--rate", "2000", "--burst", "4000"])
    srv.start()

    async def first() -> int:
        p = Player(srv, await signup(srv, "pencere"), "p")
        await p.connect()
        await p.send(type="create", game="koz_maca", options={"finish_score": 1},
                     entry=ENTRY, clock=600)
        table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
        await p.send(type="sit", table=table, seat=0, id="s")
        await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "s")
        await p.send(type="start", table=table)
        start = await p.expect(lambda m: m.get("kind") == "match_start")
        await _play_to_the_window(p, table)
        await p.close()
        return int(start["data"]["match"])

    try:
        match_id = asyncio.run(first())
    finally:
        srv.stop(kill=True)  # kill -9 in the window
    window = _settled(fresh_db, match_id)
    assert window["status"] == "playing" and window["settles"] == 0, window
    assert window["players"] == 0 and window["audit"] == [], window
    allow_settlements(fresh_db)

    for life in range(2):  # the restart settles it; the one after settles nothing
        srv.start()
        try:
            async def wait_settled(life: int) -> dict[str, Any]:
                token = await signup(srv, f"sonra{life}")
                async with asyncio.timeout(60):
                    while True:
                        r = await api(srv, "GET", f"/api/matches/{match_id}", token)
                        if (r.status_code == 200
                                and r.json()["match"]["status"] == "finished"):
                            return dict(r.json())
                        await asyncio.sleep(0.1)

            asyncio.run(wait_settled(life))
        finally:
            srv.stop()  # SIGTERM: the SQLite file is free again
        done = _settled(fresh_db, match_id)
        assert done["status"] == "finished", done
        assert done["settles"] == 1 and done["players"] == 4, done
        assert done["audit"] == [], done["audit"]

    record = done["record"]
    assert verify(record).ok
    match = replay(json.loads(json.dumps(record)))
    assert match.complete
    rule = get_spec("koz_maca").entry
    assert rule is not None
    settlement = rule.settle(ENTRY, int(done["kasa_before"] or 0),
                             match.rules.summary(match.options, match.history))
    transfers = sorted(t.amount for t in settlement.at_end if t.amount)
    (amounts,) = done["entries"]
    assert sorted(a for a in amounts if a > 0) == transfers  # one entry a side
    assert sorted(-a for a in amounts if a < 0) == transfers
    assert done["nets"] == dict(enumerate(settlement.net))

    async def chips() -> int:
        r = await api(srv, "POST", "/api/auth/login",
                      json={"name": "pencere", "password": "sifre-1234"})
        me = await api(srv, "GET", "/api/me", r.cookies["kahvehane_session"])
        return int(me.json()["user"]["chips"])

    srv.start()
    try:
        assert asyncio.run(chips()) == STARTING + settlement.net[0]  # settled once
    finally:
        srv.stop()
    assert "Traceback" not in log.read_text(), log.read_text()[-3000:]
