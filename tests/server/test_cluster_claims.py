"""A failover of hundreds of tables at once (issue 16): what must hold when Redis is busy
or a claim fails half-way, checked on one in-process node against the machine's Redis.

* the Redis client waits for a free connection of its pool instead of raising
  ``MaxConnectionsError`` (redis-py's default pool: the 101st concurrent command);
* a claim that fails after taking the lease gives the lease back, so the table is
  claimed again at a later heartbeat instead of staying leased to nobody's actor;
* a gateway whose watchers missed a new owner's announcement (the owners' channel is at
  most once) finds the new owner in the lease within a lease period and joins again;
* the forwarding script is sent by its digest (no ``SCRIPT EXISTS`` round trip per
  batch); to a Redis that lost its scripts (restarted) it is loaded again and the
  commands sent again, in order, with nobody refused.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson
import pytest
from sqlalchemy.exc import OperationalError

from kahvehane.server.cluster.node import ClusterSalon
from kahvehane.server.cluster.redisbus import MAX_CONNECTIONS, RedisBus, connect
from kahvehane.server.settings import Settings
from kahvehane.server.table.ports import Command, Viewer
from tests.server.cluster import REDIS_URL, own_redis_server, require_redis

pytestmark = pytest.mark.cluster


@pytest.fixture
def salon(tmp_path: Path) -> Iterator[ClusterSalon]:
    require_redis()
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'salon.sqlite3'}", redis_url=REDIS_URL,
                        redis_prefix=f"khtest{secrets.token_hex(4)}", node_id="nA", lease=3.0)
    node = ClusterSalon(settings)
    yield node
    import redis

    r = redis.Redis.from_url(REDIS_URL)
    keys = list(r.scan_iter(f"{settings.redis_prefix}:*"))
    if keys:
        r.delete(*keys)


def test_more_concurrent_commands_than_the_pool_holds_wait_their_turn() -> None:
    require_redis()

    async def run() -> list[Any]:
        client = connect(REDIS_URL)
        key = f"khtest{secrets.token_hex(4)}:nothing"
        try:  # each holds its connection 0.2 s: three times the pool at once
            return await asyncio.gather(*(client.blpop([key], timeout=0.2)
                                          for _ in range(3 * MAX_CONNECTIONS)))
        finally:
            await client.aclose()

    assert asyncio.run(run()) == [None] * (3 * MAX_CONNECTIONS)


def test_a_claim_that_fails_half_way_gives_the_lease_back(salon: ClusterSalon) -> None:
    async def run() -> tuple[bool, Any, dict[str, int], set[str]]:
        async def refused(op: Any) -> Any:
            raise OperationalError("UPDATE tables", {}, Exception("connection lost"))

        salon.store.write = refused  # type: ignore[method-assign]
        redis: Any = salon.rbus.redis
        try:
            got = await salon.claim("t1", 1)
            await asyncio.sleep(0.1)  # the lease is given back by a task
            return got, await redis.get(salon.keys.lease("t1")), salon.incarnations, \
                salon._claiming
        finally:
            await redis.aclose()

    got, lease, owned, claiming = asyncio.run(run())
    assert got is False
    assert lease is None, "the lease stayed with a node that owns nothing"
    assert owned == {} and claiming == set()


def test_a_missed_announcement_is_found_in_the_lease(salon: ClusterSalon) -> None:
    rejoined: list[str] = []
    salon._rejoin = rejoined.append  # type: ignore[method-assign]
    salon.rbus.gateways["g1"] = SimpleNamespace(  # type: ignore[assignment]
        watching={1: {"t1", "t2"}, 2: {"t3"}}, conns={})

    async def run() -> dict[str, str]:
        redis: Any = salon.rbus.redis
        try:
            for table, owner in (("t1", "nB"), ("t2", "nB"), ("t3", "nC"), ("old", "nB")):
                await redis.set(salon.keys.lease(table), owner, px=60_000)
            salon.owner_of["old"] = "nB"  # watched no more: forgotten
            await salon._check_owners()
            assert rejoined == []  # first sight of each owner: nothing to do
            await redis.set(salon.keys.lease("t1"), "nC", px=60_000)  # nB died, unheard
            salon._new_owner("t3", "nB", 2)  # heard: joined again at once
            assert rejoined == ["t3"]
            await redis.set(salon.keys.lease("t3"), "nB", px=60_000)
            await salon._check_owners()
            return dict(salon.owner_of)
        finally:
            await redis.aclose()

    owners = asyncio.run(run())
    assert rejoined == ["t3", "t1"]  # t1 by its lease; t3 not twice
    assert owners == {"t1": "nC", "t2": "nB", "t3": "nB"}


def test_a_redis_that_lost_its_scripts_gets_them_again(tmp_path: Path) -> None:
    told: list[str] = []
    gateway = SimpleNamespace(id="g1", deliver=lambda conn, texts: told.extend(texts))

    async def run(url: str) -> tuple[int, list[str]]:
        bus = RedisBus(url, "khtest", "nA")
        await bus.start()
        bus.gateways["g1"] = gateway  # type: ignore[assignment]
        redis: Any = bus.redis
        try:
            await redis.hset(bus.keys.lobby, "t1", "{}")  # an open table, elsewhere
            move = Command("act", Viewer("g1", 7, None), {"type": "act", "table": "t1",
                                                          "id": "m1"})
            bus.forward("t1", move)
            await asyncio.sleep(0.2)
            first = await redis.xlen(bus.keys.commands("t1"))
            await redis.script_flush()  # what a restarted, unpersisted Redis has
            for n in (2, 3):  # one batch, then two in one batch
                move = Command("act", Viewer("g1", 7, None), {"type": "act", "table": "t1",
                                                              "id": f"m{n}"})
                bus.forward("t1", move)
            await asyncio.sleep(0.3)
            entries = await redis.xrange(bus.keys.commands("t1"))
            return first, [orjson.loads(f[b"c"])[2]["id"] for _, f in entries]
        finally:
            await bus.stop()

    with own_redis_server(tmp_path) as own:
        first, ids = asyncio.run(run(own.url))
    assert first == 1
    assert told == []  # nobody refused
    assert ids == ["m1", "m2", "m3"]  # in their order
