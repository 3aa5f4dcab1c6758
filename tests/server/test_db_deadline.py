"""A database lock held past the deadline (issue 22, finding 5): the salon does not
freeze. A move waiting on the lock fails as ``storage_failed`` while the lock is still
held (the store's deadline, not the lock's release, ends the wait), every viewer of the
table gets a ``sync`` of the unchanged state with the coded reason, a sign-up answers
``503``, and once the lock is released the same move is accepted and play goes on.

Who holds the lock: on PostgreSQL another connection's ``LOCK TABLE … IN ACCESS
EXCLUSIVE MODE`` on ``users`` and ``actions``; on SQLite another connection's ``BEGIN
EXCLUSIVE``. A SQLite file is the salon process's alone while it runs (another process
gets "database is locked" itself, ``kahvehane.store.db.sqlite_connector``), so there the
salon runs in the test's process (:func:`tests.server.harness.in_process`) and the lock
comes from a second connection of this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from kahvehane.store.db import sqlite_connector
from tests.server.harness import Player, Server, api, in_process, salon_settings, signup

pytestmark = pytest.mark.filterwarnings("ignore::ResourceWarning")

#: How long any answer may take while the lock is held: far past the deadline (the
#: lock itself is held until every answer came).
HOLD = 20.0  # (the old busy_timeout was 30 s; PostgreSQL had none)


@contextlib.contextmanager
def held_lock(backend: str, db_url: str) -> Iterator[None]:
    """Another connection holds the database's (or its two tables') write lock inside."""
    if backend == "sqlite":
        conn = sqlite_connector(db_url)()
        conn.isolation_level = None
        try:
            conn.execute("BEGIN EXCLUSIVE")
            yield
        finally:
            with contextlib.suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
            conn.close()
        return
    import psycopg

    with psycopg.connect(db_url) as conn:  # one transaction, rolled back on leaving
        conn.execute("LOCK TABLE users, actions IN ACCESS EXCLUSIVE MODE")
        yield
        conn.rollback()


@contextlib.asynccontextmanager
async def salon(backend: str, db_url: str, folder: Path) -> AsyncIterator[Server]:
    """The salon on ``db_url`` with its default database deadline: in this process on
    SQLite (see the module's text), ``kahvehane serve`` in a subprocess on PostgreSQL."""
    if backend == "sqlite":
        async with in_process(salon_settings(db_url), folder / "server.log") as srv:
            yield srv
        return
    srv = Server(db_url, folder / "server.log", extra=["--rate", "2000", "--burst", "4000"])
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


async def _my_turn(p: Player, table: str) -> dict[str, Any]:
    return await p.expect(lambda m: m.get("table") == table and m["type"] == "event"
                          and bool(m.get("legal")))


@pytest.mark.server
def test_a_held_lock_fails_the_move_and_play_goes_on(backend: str, fresh_db: str,
                                                     tmp_path: Path) -> None:
    async def run() -> None:
        async with salon(backend, fresh_db, tmp_path) as srv:
            p = Player(srv, await signup(srv, "kilitli"), "p")
            await p.connect()
            watcher = Player(srv, await signup(srv, "izleyen"), "w")
            await watcher.connect()
            await p.send(type="create", game="balayi_kingi", options={}, clock=600)
            table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
            await p.send(type="sit", table=table, seat=0, id="s")
            await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "s")
            await watcher.send(type="join", table=table, id="j")
            await watcher.expect(lambda m: m["type"] == "ok" and m.get("id") == "j")
            await p.send(type="start", table=table)
            turn = await _my_turn(p, table)
            await p.send(type="act", table=table, action=turn["legal"][0], id="a1")
            turn = await _my_turn(p, table)  # a saved move: the tables exist and work

            # Everything below is answered inside the ``with``: while the lock is held
            # (the timeouts only keep a hung server from hanging the test).
            with held_lock(backend, fresh_db):
                await p.send(type="act", table=table, action=turn["legal"][0], id="a2")
                err = await p.expect(lambda m: m["type"] == "error" and m.get("id") == "a2",
                                     timeout=HOLD)
                assert err["code"] == "storage_failed", err
                assert err["i18n"]["code"] == "server.storage_failed", err
                syncs = [await viewer.expect(lambda m: m["type"] == "sync"
                                             and m["table"] == table, timeout=HOLD)
                         for viewer in (p, watcher)]
                for sync in syncs:  # the table is told, with a coded reason
                    assert sync["n"] == turn["n"], sync  # nothing changed
                    assert sync["reason"]["code"] == "storage_failed", sync
                    assert sync["reason"]["i18n"]["code"] == "server.storage_failed", sync
                assert syncs[0]["view"] == turn["view"] and syncs[0]["legal"] == turn["legal"]
                r = await asyncio.wait_for(api(srv, "POST", "/api/auth/signup", json={
                    "name": "yeniuye", "password": "sifre-1234"}), HOLD)
                assert r.status_code == 503, r.text
                assert r.headers["retry-after"] == "2"
                assert r.json()["error"]["code"] == "storage_failed"

            await p.send(type="act", table=table, action=turn["legal"][0], id="a3")
            await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "a3")
            moved = await p.expect(lambda m: m.get("kind") == "game"
                                   and m["data"]["seat"] == 0 and m["n"] > turn["n"])
            assert moved["n"] == turn["n"] + 1  # the refused move used no number
            seen = await watcher.expect(lambda m: m.get("kind") == "game"
                                        and m["n"] == moved["n"])
            assert seen["data"] == moved["data"]
            await _my_turn(p, table)  # the bots played on to the person's turn
            r = await api(srv, "POST", "/api/auth/signup",
                          json={"name": "yeniuye", "password": "sifre-1234"})
            assert r.status_code == 201, r.text  # the sign-up works again by itself
            await p.close()
            await watcher.close()

    asyncio.run(run())


def test_writes_queued_behind_a_lock_fail_by_their_own_deadline(backend: str,
                                                                fresh_db: str) -> None:
    """The store alone, deadline 0.5 s: with the lock held, a sign-up and ten moves asked
    for at once all fail (none waits for the lock's release, none is saved); those still
    queued when their time ran out are not even tried (``DeadlinePassed``), rather than
    each waiting a deadline of its own in turn; after the release the writes succeed."""
    from sqlalchemy import select
    from sqlalchemy.exc import SQLAlchemyError

    from kahvehane.store import Store
    from kahvehane.store.accounts import create_user
    from kahvehane.store.db import DeadlinePassed
    from kahvehane.store.matches import ACTIONS, action_row
    from kahvehane.store.models import ActionRow, User
    from tests.server.test_store import _new_match

    store = Store(fresh_db, deadline=0.5)
    store.migrate()
    match_id = _new_match(store)
    store.start()

    def sign_up(name: str) -> Any:
        return lambda s: create_user(s, name, None, guest=False, chips=0).id

    async def run() -> None:
        with held_lock(backend, fresh_db):
            jobs = [store.write(sign_up("kuyruk"))]
            for i in range(10):
                jobs.append(store.write(
                    lambda s, i=i: s.execute(ACTIONS.insert(), [action_row(match_id, 0, i,
                                                                           {"act": "x"})])))
            jobs.append(store.insert(ACTIONS, [action_row(match_id, 0, 10, {"act": "x"})]))
            outcomes = await asyncio.wait_for(asyncio.gather(*jobs, return_exceptions=True),
                                              HOLD)
        assert all(isinstance(o, SQLAlchemyError) for o in outcomes), outcomes
        assert any(isinstance(o, DeadlinePassed) for o in outcomes), outcomes
        await store.write(sign_up("sonra"))
        await store.insert(ACTIONS, [action_row(match_id, 0, 0, {"act": "x"})])

    try:
        asyncio.run(run())
        with store.sessions() as s:
            assert list(s.scalars(select(ActionRow.i)).all()) == [0]
            names = set(s.scalars(select(User.name)).all())
        assert "sonra" in names and "kuyruk" not in names
    finally:
        store.close()
