"""A database write that fails mid-match: the move is not accepted, the table goes back
to the saved state and says so, and once the database works again the match goes on
and ends with a record that holds every move any player was shown.

The failure is injected from outside the server, as a database would fail: on
PostgreSQL a trigger that makes every insert into ``actions`` fail, dropped again to heal
it; on SQLite the ``-wal`` file made immutable, then writable again.
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

from kahvehane.records import replay, verify
from kahvehane.store.db import sqlite_connector
from tests.server.faults import immutable, sqlite_path
from tests.server.harness import Player, Server, api, play_until_end, random_chooser, signup
from tests.server.leaks import check_viewer, match_messages, states

pytestmark = pytest.mark.server


@contextlib.contextmanager
def failing_inserts(db_url: str) -> Iterator[None]:
    """Every insert into ``actions`` fails while inside: a trigger that raises
    ``injected failure``. A SQLite file is its process's alone while open
    (``kahvehane.store.db.sqlite_connector``), so on SQLite this works only in the
    process that holds the store (``test_store.py``); the running server gets
    :func:`failing_writes`."""
    if db_url.startswith("sqlite:///"):
        _sqlite(db_url, "CREATE TRIGGER kh_fail BEFORE INSERT ON actions"
                        " BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
        try:
            yield
        finally:
            _sqlite(db_url, "DROP TRIGGER kh_fail")
        return
    import psycopg

    with psycopg.connect(db_url, autocommit=True) as c:
        c.execute("CREATE OR REPLACE FUNCTION kh_fail() RETURNS trigger AS $$"
                  " BEGIN RAISE EXCEPTION 'injected failure'; END $$ LANGUAGE plpgsql")
        c.execute("CREATE TRIGGER kh_fail BEFORE INSERT ON actions"
                  " FOR EACH ROW EXECUTE FUNCTION kh_fail()")
    try:
        yield
    finally:
        with psycopg.connect(db_url, autocommit=True) as c:
            c.execute("DROP TRIGGER kh_fail ON actions")


def _sqlite(db_url: str, sql: str) -> None:
    """Run ``sql`` on the SQLite file as the store opens it (this process's own)."""
    with contextlib.closing(sqlite_connector(db_url)()) as c:
        c.execute(sql)
        c.commit()


@contextlib.contextmanager
def failing_writes(db_url: str) -> Iterator[None]:
    """Writes of actions fail while inside, injected from outside the running server: on
    PostgreSQL the trigger of :func:`failing_inserts`; on SQLite every write fails, the
    disk refusing it (the ``-wal`` made immutable), since no other process may open the
    server's file."""
    if db_url.startswith("sqlite:///"):
        wal = Path(f"{sqlite_path(db_url)}-wal")
        assert wal.exists(), f"{wal}: the server's SQLite file is not in WAL mode"
        with immutable([wal]):
            yield
        return
    with failing_inserts(db_url):
        yield


async def _table(p: Player, game: str, clock: int) -> str:
    await p.send(type="create", game=game, options={}, clock=clock)
    table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
    await p.send(type="sit", table=table, seat=0, id="s")
    await p.expect(lambda m: m["type"] == "ok")
    await p.send(type="start", table=table)
    return table


async def _my_turn(p: Player, table: str) -> dict[str, Any]:
    return await p.expect(lambda m: m.get("table") == table and m["type"] == "event"
                          and bool(m.get("legal")))


def _events(p: Player, table: str) -> list[int]:
    return [m["n"] for m in p.messages if m.get("table") == table and m["type"] == "event"]


async def _check_record(p: Player, server: Server, table: str, end: dict[str, Any]) -> None:
    """The record replays to the result, and every view the player was sent is a state
    of that record (so no move it saw is missing from the database)."""
    match_id = end["data"]["match"]
    record = json.loads((await api(server, "GET", f"/api/matches/{match_id}/record")).text)
    assert replay(record).result_json() == end["data"]["result"]
    assert verify(record).ok
    views, hidden = states(record)
    assert check_viewer(record, 0, match_messages(p.messages, table, match_id), views,
                        hidden, p.sent_before) > 0
    numbers = _events(p, table)
    assert numbers == list(range(numbers[0], numbers[-1] + 1))  # no event missed


def test_failed_write_rolls_back(backend: str, fresh_db: str, tmp_path: Path) -> None:
    srv = Server(fresh_db, tmp_path / "server.log", extra=["--rate", "2000", "--burst", "4000"])
    srv.start()

    async def run() -> None:
        p = Player(srv, await signup(srv, f"sf{backend}"), "sf")
        await p.connect()

        # 1. A person's move whose write fails: refused, nothing numbered, state resent.
        table = await _table(p, "balayi_kingi", clock=600)
        turn = await _my_turn(p, table)
        for _ in range(3):  # a few saved moves first
            await p.send(type="act", table=table, action=turn["legal"][0])
            turn = await _my_turn(p, table)
        with failing_writes(fresh_db):
            await p.send(type="act", table=table, action=turn["legal"][0], id="a1")
            err = await p.expect(lambda m: m["type"] == "error" and m["id"] == "a1")
            assert err["code"] == "storage_failed" and err["table"] == table
            sync = await p.expect(lambda m: m["type"] == "sync" and m["table"] == table)
            assert sync["n"] == turn["n"]  # no event was numbered for the lost move
            assert sync["view"] == turn["view"] and sync["legal"] == turn["legal"]
        await p.send(type="act", table=table, action=turn["legal"][0], id="a2")
        await p.expect(lambda m: m["type"] == "ok" and m["id"] == "a2")
        moved = await p.expect(lambda m: m.get("kind") == "game" and m["data"]["seat"] == 0)
        assert moved["n"] == turn["n"] + 1 and moved["auto"] is False
        end = await play_until_end(p, table, random_chooser, random.Random(1))
        assert end is not None
        await _check_record(p, srv, table, end)

        # 2. The clock runs out and the bot's move for the person cannot be saved: the
        #    table says so (sync), tries again, and goes on once the database is back.
        table2 = await _table(p, "balayi_kingi", clock=1)
        await _my_turn(p, table2)
        with failing_writes(fresh_db):
            away = await p.expect(lambda m: m.get("table") == table2 and m.get("kind") == "away")
            assert away["data"]["seat"] == 0
            sync = await p.expect(lambda m: m["type"] == "sync" and m["table"] == table2)
            before = [m for m in p.messages if m.get("table") == table2
                      and m["type"] == "event"]
            shown = [m for m in before if "view" in m]
            assert sync["n"] == before[-1]["n"]  # the failed bot move was not numbered
            assert sync["view"] == shown[-1]["view"]  # ... and was undone
            await p.expect(lambda m: m["type"] == "sync" and m["table"] == table2)  # again
        auto = await p.expect(lambda m: m.get("table") == table2 and m.get("kind") == "game"
                              and m["data"]["seat"] == 0)
        assert auto["auto"] is True
        await p.send(type="back", table=table2)
        end = await play_until_end(p, table2, random_chooser, random.Random(2))
        assert end is not None
        await _check_record(p, srv, table2, end)
        await p.close()

    try:
        asyncio.run(run())
    finally:
        srv.stop()
