"""The store without the server: migrations, the ledger's rules, accounts."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import event, select

from kahvehane.games import get_spec
from kahvehane.games.base import MatchSummary
from kahvehane.store import Store
from kahvehane.store.accounts import AccountError, create_user, new_session, session_user
from kahvehane.store.ledger import (
    InsufficientChips,
    Move,
    audit,
    new_account,
    post,
    system_account,
    table_accounts,
    totals,
    transfer_moves,
    user_account,
)
from kahvehane.store.matches import ACTIONS, action_row, start_match
from kahvehane.store.models import ActionRow, LedgerTxn
from kahvehane.store.tables import create_table
from tests.server.test_storage_failure import failing_inserts


def test_ledger_and_accounts(fresh_db: str) -> None:
    store = Store(fresh_db)
    try:
        store.migrate()
        store.migrate()  # a second upgrade is a no-op
        ids = store.run_sync(lambda s: [
            create_user(s, "Ayşe", "x", guest=False, chips=1000).id,
            create_user(s, "Mehmet", "x", guest=False, chips=1000).id,
        ])
        with pytest.raises(AccountError):
            store.run_sync(lambda s: create_user(s, "AYŞE", "x", guest=False, chips=5))
        token = store.run_sync(lambda s: new_session(s, ids[0], 1))
        user = store.run_sync(lambda s: session_user(s, token))
        assert user is not None and user.name == "Ayşe"
        assert store.run_sync(lambda s: session_user(s, token + "x")) is None

        def overdraw(s: object) -> None:
            from sqlalchemy.orm import Session

            assert isinstance(s, Session)
            a, b = (user_account(s, i).id for i in ids)
            post(s, "test", [Move(a, b, 600)])
            post(s, "test", [Move(a, b, 600)])  # only 400 left: the whole thing rolls back

        with pytest.raises(InsufficientChips):
            store.run_sync(overdraw)
        with store.sessions() as s:
            assert [user_account(s, i).balance for i in ids] == [1000, 1000]
            assert s.scalars(select(LedgerTxn.kind)).all() == ["grant", "grant"]
            assert audit(s) == [] and totals(s).held == totals(s).granted == 2000

        def koz(s: object) -> tuple[int, ...]:
            from sqlalchemy.orm import Session

            assert isinstance(s, Session)
            pot, kasa = new_account(s, "pot").id, new_account(s, "kasa").id
            house = system_account(s, "house").id
            payers = [user_account(s, ids[0]).id, house, user_account(s, ids[1]).id, house]
            post(s, "entry", [Move(p, pot, 100) for p in payers] + [Move(pot, kasa, 100)])
            rule = get_spec("koz_maca").entry
            assert rule is not None
            settlement = rule.settle(100, 0, MatchSummary(True, (0, 0, 0, 0), 2,
                                                          {"kasa_claimant": 0}))
            post(s, "settle", transfer_moves(settlement.at_end,
                                             table_accounts(payers, pot, kasa)))
            return settlement.net

        assert store.run_sync(koz) == (0, -100, 200, -100)
        with store.sessions() as s:
            assert [user_account(s, i).balance for i in ids] == [1000, 1200]
            assert audit(s) == [] and totals(s).held == 2000
    finally:
        store.engine.dispose()



def _new_match(store: Store) -> int:
    """A table and a match to write moves for (foreign keys)."""

    def make(s: object) -> int:
        from sqlalchemy.orm import Session

        assert isinstance(s, Session)
        user = create_user(s, "Ayşe", None, guest=True, chips=0)
        create_table(s, "t1", "duz_okey", {}, None, 30, user.id, 4)
        return start_match(s, "t1", "duz_okey", {}, ["Ayşe", "b", "b", "b"],
                              [user.id, None, None, None], [None, "x", "x", "x"],
                              None).match_id

    return store.run_sync(make)


def _move_writes(db_url: str, play: Callable[[Callable[[int], Awaitable[None]],
                                                list[Any]], Awaitable[None]]) -> list[int]:
    """Start a store on ``db_url``, run ``play(write, checkouts)`` (``write(i)`` saves
    move ``i`` through the writer thread; ``checkouts`` lists the DBAPI connections the
    pool handed out meanwhile) and return the move numbers saved."""
    store = Store(db_url)
    try:
        store.migrate()
        match_id = _new_match(store)
        checkouts: list[Any] = []
        event.listen(store.engine, "checkout", lambda dbapi, *_: checkouts.append(dbapi))
        store.start()

        async def write(i: int) -> None:
            await store.insert(ACTIONS, [action_row(match_id, 0, i, {"act": "x"})])

        asyncio.run(play(write, checkouts))
        with store.sessions() as s:
            return list(s.scalars(select(ActionRow.i).order_by(ActionRow.i)).all())
    finally:
        store.close()


def test_moves_are_written_on_one_kept_connection(fresh_db: str) -> None:
    """The moves' group inserts run on the writer thread's own connection, kept open
    between groups (no pool checkout per group); a group that fails drops it, writes
    nothing, and the next group opens a new one and is written."""

    async def play(write: Callable[[int], Awaitable[None]], checkouts: list[Any]) -> None:
        for i in range(3):
            await write(i)
        assert len(checkouts) == 1  # one connection for the three groups
        with failing_inserts(fresh_db), pytest.raises(Exception, match="injected"):
            await write(3)
        await write(4)
        assert len(checkouts) == 2  # the failed group's connection was replaced

    assert _move_writes(fresh_db, play) == [0, 1, 2, 4]


def test_a_lost_writer_connection_costs_no_move(fresh_db: str) -> None:
    """If the database drops the kept connection while it is idle (a restart, say), the
    next group is written on a new connection instead of failing its moves."""

    async def play(write: Callable[[int], Awaitable[None]], checkouts: list[Any]) -> None:
        await write(0)
        checkouts[0].close()  # the connection goes away under the writer
        await write(1)
        assert len(checkouts) == 2

    assert _move_writes(fresh_db, play) == [0, 1]
