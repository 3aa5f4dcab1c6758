"""The store without the server: migrations, the ledger's rules, accounts."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from kahvehane.store import Store
from kahvehane.store.accounts import AccountError, create_user, new_session, session_user
from kahvehane.store.ledger import (
    InsufficientChips,
    Move,
    audit,
    koz_maca_end_moves,
    new_account,
    post,
    system_account,
    totals,
    user_account,
)
from kahvehane.store.models import LedgerTxn


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
            settlement, moves = koz_maca_end_moves(100, 0, 2, 0, payers, pot, kasa)
            post(s, "settle", moves)
            return settlement.net

        assert store.run_sync(koz) == (0, -100, 200, -100)
        with store.sessions() as s:
            assert [user_account(s, i).balance for i in ids] == [1000, 1200]
            assert audit(s) == [] and totals(s).held == 2000
    finally:
        store.engine.dispose()
