"""A seat lost in a failover's lease gap (issue 32, finding 1), the way it was found: on
three real nodes (Redis + PostgreSQL), the owner of a table with chips at stake is killed
(``kill -9``) mid-match; its seated player reconnects at once to a live node and sends
``join`` while the table's lease still names the dead owner. That join must not be lost:
the new owner reads it from the table's stream (where the dead owner stopped reading) and
the seat gets its ``ok`` and a snapshot of the new epoch, its own view of the match,
within the failover time — with no help from any announcement or re-join.

And its pieces, on the machine's Redis under a key prefix of their own: a command put on a
table's stream while nobody holds its lease — a friends' table (never listed) included —
is accepted and kept; the read that moves a stream's position does so only for the node
the lease names, so a new owner reads on exactly after the last command read."""

from __future__ import annotations

import asyncio
import secrets
import signal
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import orjson
import pytest

from kahvehane.server.cluster.redisbus import RedisBus
from kahvehane.server.cluster.streams import CommandStreams
from kahvehane.server.table.ports import Command, Viewer
from tests.server.cluster import REDIS_URL, require_redis, running_cluster
from tests.server.harness import Player, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]

#: The failover time of the test cluster: the lease runs out, two heartbeats without it,
#: the claim and the restore (the issue's "≈5 s" at the default lease, 15 s at most).
FAILOVER = 15.0


def _lease(redis_url: str, prefix: str, table: str) -> str | None:
    import redis

    value = redis.Redis.from_url(redis_url).get(f"{prefix}:lease:{table}")
    return None if value is None else value.decode()


@pytest.mark.parametrize("private", [False, True], ids=["listed", "friends"])
def test_a_join_in_the_lease_gap_gets_its_seat_back(tmp_path: Path, private: bool) -> None:
    with running_cluster(tmp_path) as c:
        async def run() -> None:
            token = await signup(c.nodes[0], "gapseat")
            p = Player(c.nodes[0], token, "gapseat")
            await p.connect()
            await p.send(type="create", id="c", game="koz_maca",
                         options={"finish_score": 40}, entry=200, clock=60, private=private)
            created = await p.expect(lambda m: m["type"] == "created")
            table = created["table"]["id"]
            owner_name = _lease(c.redis_url, c.prefix, table)
            assert owner_name is not None
            owner = int(owner_name[1:])
            await p.close()
            # the player sits through the node that will die, and the match starts
            p = Player(c.nodes[owner], token, "gapseat")
            await p.connect()
            join: dict[str, Any] = {"type": "join", "table": table}
            if private:
                join["invite"] = created["invite"]
            await p.send(**join)
            await p.send(type="sit", table=table, seat=0, id="s")
            await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "s")
            await p.send(type="start", table=table, id="go")
            await p.expect(lambda m: m["type"] == "event" and m["kind"] == "match_start",
                           timeout=30)
            await p.send(type="join", table=table, id="j2")  # the seat's snapshot now
            before = await p.expect(lambda m: m["type"] == "snapshot" and m["table"] == table
                                    and m.get("match") is not None, timeout=30)
            assert before["you"] == 0
            # kill -9 the owner; reconnect at once to a live node and join, as the page
            # does (with the last event seen and its epoch)
            dead = c.nodes[owner]
            assert dead.proc is not None
            dead.proc.send_signal(signal.SIGKILL)
            dead.proc.wait()
            dead.proc = None
            p.drop()
            live = c.nodes[(owner + 1) % 3]
            q = Player(live, token, "gapseat")
            await q.connect()
            began = time.monotonic()
            await q.send(**join, id="rejoin", last=p.last_n, epoch=p.epoch)
            # the join reached the cluster inside the lease gap: the lease still names
            # the dead node (its lease is 3 s; the reconnect took a fraction of it)
            assert _lease(c.redis_url, c.prefix, table) == owner_name
            ok = await q.expect(lambda m: m.get("id") == "rejoin", timeout=FAILOVER)
            assert ok["type"] == "ok", ok
            snap = next(m for m in q.messages
                        if m["type"] == "snapshot" and m.get("table") == table)
            assert snap["epoch"] != before["epoch"]  # the new owner's
            assert snap["you"] == 0  # the seat is back ...
            match = snap["match"]
            assert match is not None and match["id"] == before["match"]["id"]
            assert len(match["view"]["hand"]) > 0  # ... with its own view of the match
            assert time.monotonic() - began < FAILOVER
            await q.close()

        asyncio.run(run())


def test_commands_wait_in_the_stream_between_owners() -> None:
    """A command for a table whose lease has run out (or names a dead node) is put on
    its stream, listed table or friends' table; a table in no directory is refused. A
    node reads (and moves the position) only where the lease names it; a new owner
    starts after the last command read."""
    require_redis()
    told: list[str] = []
    gateway = SimpleNamespace(id="g1", deliver=lambda conn, texts: told.extend(texts))
    prefix = f"khtest{secrets.token_hex(4)}"

    def cmd(table: str, n: int) -> Command:
        return Command("join", Viewer("g1", n, None), {"type": "join", "table": table,
                                                         "id": n})

    async def run() -> tuple[list[int], list[int], list[int], Any, Any]:
        bus = RedisBus(REDIS_URL, prefix, "nB")
        await bus.start()
        bus.gateways["g1"] = gateway  # type: ignore[assignment]
        redis: Any = bus.redis
        try:
            await redis.hset(bus.keys.lobby, "listed", "{}")
            await redis.sadd(bus.keys.private, "friends")
            await redis.set(bus.keys.lease("listed"), "nDead", px=60_000)
            for n, table in enumerate(["listed", "listed", "friends", "closed"]):
                bus.forward(table, cmd(table, n))
            await asyncio.sleep(0.3)
            ids = {t: [orjson.loads(f[b"c"])[2]["id"]
                       for _, f in await redis.xrange(bus.keys.commands(t))]
                   for t in ("listed", "friends")}
            got: list[tuple[str, Command]] = []
            streams = CommandStreams(bus, lambda: True, 0.05,
                                     lambda t, c: got.append((t, c)) is None)
            start = await streams.start_at("listed")
            assert start == "0-0"
            streams.own("listed", start)
            task = asyncio.get_running_loop().create_task(streams.run())
            await asyncio.sleep(0.3)
            unread = list(got)  # the lease names another node: nothing read
            await redis.set(bus.keys.lease("listed"), "nB", px=60_000)  # nB claims it
            await asyncio.sleep(0.3)
            task.cancel()
            read = [c.msg["id"] for _, c in got]
            position = await redis.hget(bus.keys.read, "listed")
            last = (await redis.xrevrange(bus.keys.commands("listed"), count=1))[0][0]
            bus.forward("listed", cmd("listed", 9))  # a later command, for the next owner
            await asyncio.sleep(0.2)
            after = await streams.start_at("listed")
            later = await redis.xrange(bus.keys.commands("listed"), min=b"(" + after)
            return ids["listed"] + ids["friends"], [len(unread)], read, \
                (position, last), [orjson.loads(f[b"c"])[2]["id"] for _, f in later]
        finally:
            keys = [k async for k in redis.scan_iter(f"{prefix}:*")]
            if keys:
                await redis.delete(*keys)
            await bus.stop()

    kept, unread, read, (position, last), later = asyncio.run(run())
    assert kept == [0, 1, 2]  # held, not refused: the listed table and the friends' one
    assert len(told) == 1 and orjson.loads(told[0])["code"] == "not_found"  # "closed"
    assert unread == [0]
    assert read == [0, 1]
    assert position == last
    assert later == [9]  # the next owner reads on after what was read, nothing twice
