"""Daily chips exactly once (issue 30 item 3): 50 claims at once from five stores on one
database — five nodes of a cluster, each with its own writer — grant once, on SQLite
and PostgreSQL; and a claim survives a kill -9 of the server (the unique key is in the
database, not in memory). Every chip through the ledger: the audit holds."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import func, select

from kahvehane.store.accounts import chips_of, create_user
from kahvehane.store.daily import ClaimRefused, DailyAmounts, claim, salon_day
from kahvehane.store.db import Store
from kahvehane.store.ledger import audit
from kahvehane.store.models import DailyClaim
from tests.server.harness import Server, api, signup

AMOUNTS = DailyAmounts(bonus=500, floor=1_000)


async def _claim(store: Store, uid: int, kind: str) -> int | None:
    try:
        return await store.write(lambda s: claim(s, uid, kind, AMOUNTS))
    except ClaimRefused:
        return None


def test_fifty_claims_at_once_grant_once(fresh_db: str) -> None:
    stores = [Store(fresh_db) for _ in range(5)]
    stores[0].migrate()
    for s in stores:
        s.start()
    try:
        uid = stores[0].run_sync(lambda s: create_user(s, "Günlük", "x", guest=False, chips=300).id)

        async def go() -> tuple[list[int | None], list[int | None]]:
            bonus = await asyncio.gather(*(_claim(stores[i % 5], uid, "bonus")
                                           for i in range(50)))
            floor = await asyncio.gather(*(_claim(stores[i % 5], uid, "floor")
                                           for i in range(50)))
            return list(bonus), list(floor)

        bonus, floor = asyncio.run(go())
        assert sorted(g for g in bonus if g is not None) == [500]
        # 300 + 500 = 800 is below the floor of 1000: topped up once, by 200
        assert sorted(g for g in floor if g is not None) == [200]
        check = stores[0]
        assert check.run_sync(lambda s: chips_of(s, uid)) == 1_000
        assert check.run_sync(lambda s: s.scalar(
            select(func.count()).select_from(DailyClaim))) == 2
        assert check.run_sync(audit) == []
    finally:
        for s in stores:
            s.close()


def test_the_next_salon_day_grants_again(fresh_db: str) -> None:
    store = Store(fresh_db)
    store.migrate()
    try:
        uid = store.run_sync(lambda s: create_user(s, "Yarın", "x", guest=False, chips=0).id)
        day1 = 1_764_968_400_000 - 1  # 5 Dec 2025 23:59:59.999 in İstanbul
        assert store.run_sync(lambda s: claim(s, uid, "bonus", AMOUNTS, at=day1)) == 500
        with pytest.raises(ClaimRefused):
            store.run_sync(lambda s: claim(s, uid, "bonus", AMOUNTS, at=day1 - 3_600_000))
        assert salon_day(day1 + 1) != salon_day(day1)
        assert store.run_sync(lambda s: claim(s, uid, "bonus", AMOUNTS, at=day1 + 1)) == 500
        assert store.run_sync(audit) == []
    finally:
        store.close()


@pytest.mark.server
def test_a_claim_holds_across_a_kill_9(fresh_db: str, tmp_path: Path) -> None:
    srv = Server(fresh_db, tmp_path / "server.log",
                 extra=["--starting-chips", "100", "--daily-bonus", "700"])
    srv.start()
    try:
        async def first() -> str:
            token = await signup(srv, "Dayanıklı")
            r = await api(srv, "GET", "/api/me", token)
            assert r.json()["daily"]["bonus"]["available"] is True
            r = await api(srv, "POST", "/api/me/daily", token, json={"kind": "bonus"})
            assert r.status_code == 200 and r.json()["granted"] == 700, r.text
            return token

        token = asyncio.run(first())
        srv.stop(kill=True)
        srv.start()

        async def again() -> None:
            r = await api(srv, "POST", "/api/me/daily", token, json={"kind": "bonus"})
            assert r.status_code == 409, r.text
            assert r.json()["error"]["code"] == "already_claimed"
            me = (await api(srv, "GET", "/api/me", token)).json()
            assert me["user"]["chips"] == 800
            assert me["daily"]["bonus"] == {"claimed": True, "available": False,
                                            "amount": 700}

        asyncio.run(again())
    finally:
        srv.stop()
    store = Store(fresh_db)
    try:
        assert store.run_sync(audit) == []
    finally:
        store.close()


def test_migration_0006_goes_down_and_up_again(fresh_db: str) -> None:
    """Who decided each action, the counted and left flags, ratings and daily claims:
    one migration that can be undone and done again, on SQLite and PostgreSQL."""
    from alembic import command
    from sqlalchemy import inspect

    from kahvehane.store.db import alembic_config, make_engine

    engine = make_engine(fresh_db)
    cfg = alembic_config()

    def run(step: str, rev: str) -> set[str]:
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            getattr(command, step)(cfg, rev)
        insp = inspect(engine)
        return ({f"actions.{c['name']}" for c in insp.get_columns("actions")}
                | {f"match_players.{c['name']}" for c in insp.get_columns("match_players")}
                | set(insp.get_table_names()))

    try:
        new = {"actions.auto", "match_players.counted", "match_players.left", "ratings",
               "daily_claims"}
        assert new <= run("upgrade", "head")
        assert not new & run("downgrade", "0005")
        assert new <= run("upgrade", "head")
    finally:
        engine.dispose()
