"""One node of a salon on several nodes: the table host of the tables it owns.

Every table is owned by one node under a lease in Redis (``SET NX PX``, renewed by a Lua
compare every ``lease / 5``) and recorded in the database (``owner``, ``incarnation``;
every write of the table's state compares the incarnation, :mod:`kahvehane.store.fence`).

* A new table goes to the least-loaded live node (presence hash ``nodes``); if that is
  another node, this one saves the table's row and asks it to adopt the table.
* A node that dies stops renewing: its leases run out, and any other node that sees a
  table without a lease on two heartbeats in a row claims it — the lease, then the
  incarnation bumped in the database — and restores the match from its record (the
  restart path). The new owner announces itself; every gateway joins its watchers of the
  table again, so they resync with a snapshot of the new epoch. Clocks and bots go on.
* A node back from a pause (SIGSTOP past its lease) learns at its next renewal, or at its
  first refused write, that its tables are gone, and lets them go without a word: what
  its actors would still say is dropped, and they stop.

Its parts: the leases (:mod:`.leases`), the command streams of the tables it owns
(:mod:`.streams`), the lines of its tables (:mod:`.tables`: an owned table's outbox, a
table opened for another node), and the bus (:mod:`.redisbus`). Each table it owns
writes through a :class:`~kahvehane.store.fence.FencedStore`, its recorder.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from typing import Any

import orjson
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from kahvehane.server.cluster.leases import Leases
from kahvehane.server.cluster.limiter import RedisLimiter
from kahvehane.server.cluster.redisbus import RedisBus
from kahvehane.server.cluster.streams import CommandStreams
from kahvehane.server.cluster.tables import (
    RemoteTable,
    TableOutbox,
    apply_lobby_delta,
    rejoins,
    watched,
)
from kahvehane.server.limits import TableLimits
from kahvehane.server.protocol import JSONObj
from kahvehane.server.salon import OpenedTable, Salon
from kahvehane.server.settings import Settings
from kahvehane.server.table import Command, TableDeps
from kahvehane.store import Store
from kahvehane.store.fence import FencedStore, claim_table, open_owners
from kahvehane.store.tables import open_table
from kahvehane.users import UserInfo

__all__ = ["ClusterSalon"]

log = logging.getLogger("kahvehane.cluster")

#: Orphaned tables a node restores at once. Restoring is a few Redis and database round
#: trips and the replay of a record: two cores gain nothing from more at a time, and a
#: failover of hundreds of tables must not take every connection of the pools at once
#: (nor starve the tables the node already has).
CLAIMS_AT_ONCE = 8


class ClusterSalon(Salon):
    """The salon's table host on one node of a cluster (``kahvehane serve --redis``)."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        assert settings.redis_url is not None
        node = settings.node_id or secrets.token_hex(3)
        bus = RedisBus(settings.redis_url, settings.redis_prefix, node)
        super().__init__(settings, store, bus)
        self.node = node
        self.rbus = bus
        self.keys = bus.keys
        self.lease_ms = int(settings.lease * 1000)
        self.incarnations: dict[str, int] = {}  # owned table -> its incarnation
        self.remote: dict[str, JSONObj] = {}  # lobby lines of the other nodes' tables
        self.renewed_at = time.monotonic()  # when the last renewal that worked was sent
        self._suspects: set[str] = set()  # tables seen without a lease at the last tick
        self._claiming: set[str] = set()
        self._claim_slots = asyncio.Semaphore(CLAIMS_AT_ONCE)
        #: the owner this node last knew of each remote table its connections watch
        #: (from the owners' channel, and read from its lease every lease period)
        self.owner_of: dict[str, str] = {}
        self.leases = Leases(bus.redis, self.keys, node, self.lease_ms)
        # one count of new tables per account for the whole salon
        self.table_limits = TableLimits(settings, RedisLimiter(bus.redis, self.keys))
        self.streams = CommandStreams(bus, self.lease_fresh, settings.lease / 5,
                                      self._submit)
        bus.on_lobby = self._lobby_delta
        bus.on_owner = self._new_owner
        bus.on_node = self._request
        bus.on_reconnect = self._reconnected

    # ================================================================ lifecycle
    async def start(self) -> None:
        await self.rbus.start()
        lock = self.rbus.redis.lock(f"{self.keys.prefix}:migrate", timeout=120)
        async with lock:  # the nodes of a new cluster start together: one migrates
            await super().start()
        raw = await self.rbus.redis.hgetall(self.keys.lobby)
        self.remote = {k.decode(): orjson.loads(v) for k, v in raw.items()}
        await self._heartbeat()
        self.spawn(self._ticks())
        self.spawn(self.streams.run())
        log.info("node %s is up (%d open tables in the cluster)", self.node, len(self.remote))

    async def _restore(self) -> None:
        """Nothing at start: the open tables are claimed as their leases are found
        missing (:meth:`_claim_orphans`), by whichever node is first."""

    async def stop(self) -> None:
        owned = list(self.incarnations)
        await super().stop()
        with contextlib.suppress(RedisError, OSError):
            if owned:  # the other nodes may claim them at once
                await self.leases.release(owned)
            await self.rbus.redis.hdel(self.keys.nodes, self.node)
            await self.rbus.redis.hdel(self.keys.online, self.node)
            await self.rbus.redis.hdel(self.keys.presence, self.node)
        await self.rbus.stop()

    def lease_fresh(self) -> bool:
        """Whether this node's leases surely still hold (by its own clock)."""
        return time.monotonic() - self.renewed_at < self.settings.lease * 0.8

    # ================================================================ the heartbeat
    async def _ticks(self) -> None:
        every = self.settings.lease / 5
        n = 0
        while True:
            await asyncio.sleep(every)
            n += 1
            try:
                await self._renew_leases()
                await self._heartbeat()
                await self._claim_orphans()
                if n % 5 == 0:
                    await self._republish()
                    await self._check_owners()
            except (RedisError, OSError) as exc:
                self.rbus._unhealthy(exc)
            except Exception:
                log.exception("node %s: heartbeat failed", self.node)

    async def _renew_leases(self) -> None:
        owned = list(self.incarnations)
        sent = time.monotonic()
        if owned:
            got = await self.leases.renew(owned)
            for table_id, ok in zip(owned, got, strict=True):
                if not ok:
                    self.release(table_id, "its lease is another node's")
        self.renewed_at = sent

    async def _heartbeat(self) -> None:
        await self.leases.present(len(self.incarnations) + len(self._claiming))
        here = self.rbus.present()
        await self.rbus.redis.hset(self.keys.online, self.node, len(here))
        await self.rbus.redis.hset(self.keys.presence, self.node, orjson.dumps(sorted(here)))

    async def _claim_orphans(self) -> None:
        """Claim every open table whose lease is missing now and was at the last tick
        too (a new table's adopter, or its owner taking its lease again after Redis
        lost it, comes first)."""
        rows = await self.store.read(open_owners)
        others = [r for r in rows if r[0] not in self.incarnations and r[0] not in self._claiming]
        if not others:
            self._suspects = set()
            return
        leases = await self.rbus.redis.mget([self.keys.lease(r[0]) for r in others])
        missing = {r[0]: r for r, lease in zip(others, leases, strict=True) if lease is None}
        for table_id, (_, owner, incarnation, _created) in missing.items():
            if table_id in self._suspects or owner == self.node:
                self.spawn(self._claim_orphan(table_id, incarnation))
        self._suspects = set(missing)

    async def _claim_orphan(self, table_id: str, seen: int) -> None:
        async with self._claim_slots:
            if table_id not in self.incarnations:
                await self.claim(table_id, seen)

    async def _check_owners(self) -> None:
        """The owners' channel is at most once: an announcement lost (Redis busy, a
        reconnect) would leave watchers at a dead owner for good. So every lease period
        the leases of the remote tables this node's connections watch are read, and a
        table whose lease names another owner than the one known is joined again."""
        watched = self._watched() - set(self.tables)
        self.owner_of = {t: n for t, n in self.owner_of.items() if t in watched}
        if not watched:
            return
        tables = sorted(watched)
        leases = await self.rbus.redis.mget([self.keys.lease(t) for t in tables])
        for table_id, lease in zip(tables, leases, strict=True):
            if lease is None:
                continue  # being claimed: its announcement, or the next check, follows
            owner = lease.decode()
            known = self.owner_of.get(table_id)
            self.owner_of[table_id] = owner
            if known is not None and known != owner:
                log.info("node %s: table %s is %s's now (its announcement was missed)",
                         self.node, table_id, owner)
                self._rejoin(table_id)

    async def _republish(self) -> None:
        """Put this node's tables back in the lobby's hash if Redis lost them."""
        if not self.tables:
            return
        pipe = self.rbus.redis.pipeline(transaction=False)
        for table in self.tables.values():
            if not table.access.private:  # a friends' table is never listed
                pipe.hsetnx(self.keys.lobby, table.id, orjson.dumps(table.info()))
        await pipe.execute()

    # ================================================================ claiming
    async def claim(self, table_id: str, seen: int) -> bool:
        """Own ``table_id`` (whose incarnation was ``seen``): the lease, the database's
        incarnation, then its actor restored from the database."""
        if table_id in self._claiming or table_id in self.incarnations:
            return False
        self._claiming.add(table_id)
        leased = False
        try:
            redis: Any = self.rbus.redis
            lease = self.keys.lease(table_id)
            if not await redis.set(lease, self.node, nx=True, px=self.lease_ms) \
                    and await redis.get(lease) != self.node.encode():
                return False  # (a private table's opener leases it for its adopter)
            leased = True
            # the commands the last owner did not read are this one's: a join sent
            # while the table was between owners waits in the stream for it
            position = await self.streams.start_at(table_id)
            node = self.node
            incarnation = await self.store.write(
                lambda s: claim_table(s, table_id, node, seen))
            if incarnation is None:  # another node claimed it first (let go below)
                return False
            recent = self.settings.chat_recent
            ot = await self.store.read(lambda s: open_table(s, table_id, recent))
            if ot is None:
                return False
            users = await self._users_of([ot])
            self.incarnations[table_id] = incarnation
            if await self._revive(ot, users) is None:
                self.incarnations.pop(table_id, None)
                return False
            if self.tables[table_id].access.private:  # (in the directory, if Redis lost it)
                await redis.sadd(self.keys.private, table_id)
            self.streams.own(table_id, position)
            self.remote.pop(table_id, None)
            leased = False  # (it is this node's table now)
        except (RedisError, OSError, SQLAlchemyError) as exc:
            # Redis or the database failed mid-claim: let the lease go, so that this
            # node or another claims the table again at a later heartbeat
            log.warning("node %s could not claim table %s: %r", self.node, table_id, exc)
            self.incarnations.pop(table_id, None)
            self.streams.drop(table_id)
            actor = self.tables.pop(table_id, None)
            if actor is not None:  # (revived before the failure: it must not act)
                actor.submit(Command("shutdown"))
            return False
        finally:
            self._claiming.discard(table_id)
            if leased and table_id not in self.incarnations:
                self.spawn(self._let_go(table_id))
        log.info("node %s owns table %s (incarnation %d)", self.node, table_id, incarnation)
        self.rbus.publish(self.keys.owners, [table_id, self.node, incarnation])
        self.lobby_changed(table_id)
        return True

    async def _let_go(self, table_id: str) -> None:
        """Give back the lease of a table this node took but could not claim."""
        with contextlib.suppress(RedisError, OSError):
            await self.leases.release([table_id])

    def _deps(self, table_id: str) -> TableDeps:
        """A table of this node writes under its fence and speaks through an outbox
        that falls silent once the node lets the table go."""
        incarnation = self.incarnations.get(table_id, 0)
        return TableDeps(settings=self.settings,
                         recorder=FencedStore(self.store, table_id, incarnation, self._stale),
                         outbox=TableOutbox(self.rbus, self.incarnations, table_id,
                                            incarnation), host=self,
                         epoch=f"{self.epoch}.{incarnation}", tally=self.tally)

    def _stale(self, table_id: str) -> None:
        self.release(table_id, "the database refused its write: another node owns it")

    def release(self, table_id: str, why: str) -> None:
        """Let a table go (another node owns it): its actor stops, and says nothing
        more; this node's watchers of it join it again at its new owner."""
        if self.incarnations.pop(table_id, None) is None:
            return
        log.warning("node %s lets table %s go: %s", self.node, table_id, why)
        self.streams.drop(table_id)
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.submit(Command("shutdown"))
        self._rejoin(table_id)

    # ================================================================ routing
    def route(self, table_id: object, cmd: Command) -> bool:
        if not isinstance(table_id, str):
            return False
        table = self.tables.get(table_id)
        if table is not None:
            table.submit(cmd)
        else:
            self.rbus.forward(table_id, cmd)  # refused there if no node has it open
        return True

    def _submit(self, table_id: str, cmd: Command) -> bool:
        """A command read from ``table_id``'s stream, to its actor here (if any)."""
        table = self.tables.get(table_id)
        if table is not None:
            table.submit(cmd)
        return table is not None

    # ================================================================ opening tables
    async def _open(self, user: UserInfo, game: str, body: JSONObj, *,
                    quick: bool = False) -> OpenedTable:
        """A new table goes to the least-loaded live node (this one on a tie)."""
        loads = await self.leases.live_nodes()
        loads[self.node] = len(self.incarnations) + len(self._claiming)
        target = min(sorted(loads), key=lambda n: (loads[n], n != self.node))
        config = await self._new_row(user, game, body, quick=quick)
        table_id, access = config.id, config.access
        if access.private:  # found by its commands between owners too
            await self.rbus.redis.sadd(self.keys.private, table_id)
        if target == self.node:
            if not await self.claim(table_id, 0):
                raise RuntimeError(f"table {table_id}: its new lease was taken")
            table = self.tables[table_id]
            if not access.private:  # listed at once: every node can route to it
                await self.rbus.redis.hset(self.keys.lobby, table_id,
                                           orjson.dumps(table.info()))
            return table
        # its first lobby line, from an actor that never starts: the adopter's is the same
        info = self._actor(config).info()
        if not access.private:  # (a private one is routed by its lease)
            self.remote[table_id] = info
            await self.rbus.redis.hset(self.keys.lobby, table_id, orjson.dumps(info))
        else:  # its commands go to its stream once its adopter holds the lease
            await self.rbus.redis.set(self.keys.lease(table_id), target, nx=True,
                                      px=self.lease_ms)
        self.rbus.publish(self.keys.node(target), ["adopt", table_id])
        return RemoteTable(table_id, info, self.rbus, access)

    def _request(self, msg: list[Any]) -> None:
        if msg and msg[0] == "ring":
            self.streams.ring(str(msg[1]))
        elif msg and msg[0] == "adopt":
            self.spawn(self.claim(str(msg[1]), 0))

    # ================================================================ Host, the lobby
    def table_closed(self, table_id: str) -> None:
        super().table_closed(table_id)
        if self.incarnations.pop(table_id, None) is not None:
            self.streams.drop(table_id)
            self.spawn(self._closed(table_id))

    async def _closed(self, table_id: str) -> None:
        """A closed table leaves the directory: its commands are refused `not_found`."""
        await self.rbus.redis.srem(self.keys.private, table_id)
        await self.streams.forget(table_id)
        await self.leases.release([table_id])

    def lines(self) -> list[JSONObj]:
        """Every public table's lobby line: this node's, and the other nodes' as the
        lobby's delta channel told them (listed or not: the lobby filters)."""
        mine = super().lines()
        return mine + [info for t, info in self.remote.items() if t not in self.tables]

    def listed_count(self) -> int:
        """Listed tables open on every node (this node's, and the lobby's lines of the
        others')."""
        return super().listed_count() + sum(1 for t in self.remote if t not in self.tables)

    async def online(self, here: int) -> int:
        """The people connected to every live node: each node's count, kept in Redis
        by its heartbeat (:meth:`_heartbeat`)."""
        try:
            counts = await self.rbus.redis.hgetall(self.keys.online)
            live = set(await self.leases.live_nodes())
        except (RedisError, OSError):
            return here
        others = sum(int(v) for k, v in counts.items()
                     if k.decode() != self.node and k.decode() in live)
        return here + others

    async def present(self, user_ids: set[int]) -> set[int]:
        """Those of ``user_ids`` connected to any live node: this node's gateways now,
        the others' as their last heartbeat said (at most ``lease / 5`` old)."""
        found = user_ids & self.rbus.present()
        try:
            raw = await self.rbus.redis.hgetall(self.keys.presence)
            live = set(await self.leases.live_nodes())
        except (RedisError, OSError):
            return found
        for node, ids in raw.items():
            if node.decode() != self.node and node.decode() in live:
                found |= user_ids & set(orjson.loads(ids))
        return found

    def table_info(self, table_id: str) -> JSONObj | None:
        """Its line here, or the last one the lobby heard of from its owner."""
        return super().table_info(table_id) or self.remote.get(table_id)

    def _lobby_delta(self, texts: list[str]) -> None:
        apply_lobby_delta(self.remote, texts)

    # ================================================================ new owners
    def _new_owner(self, table_id: str, node: str, incarnation: int) -> None:
        self.owner_of[table_id] = node
        mine = self.incarnations.get(table_id)
        if node != self.node and mine is not None and mine < incarnation:
            self.release(table_id, f"node {node} claimed it")
            return  # release() joins the watchers again
        if node != self.node or mine == incarnation:
            self._rejoin(table_id)

    def _rejoin(self, table_id: str) -> None:
        """This node's connections watching ``table_id`` join it again (at its new owner:
        they get a snapshot of its new epoch)."""
        for cmd in rejoins(self.rbus.gateways.values(), table_id):
            self.route(table_id, cmd)

    def _reconnected(self) -> None:
        """Redis is back: texts may have been lost, so every watcher of another node's
        table joins it again (a snapshot), and the lobby is read again. The joins wait
        for the owners to have taken their leases again (if Redis lost them)."""
        self.spawn(self._reload_lobby())
        asyncio.get_running_loop().call_later(self.settings.lease / 2, self._rejoin_all)

    def _watched(self) -> set[str]:
        """The tables this node's connections watch."""
        return watched(self.rbus.gateways.values())

    def _rejoin_all(self) -> None:
        for table_id in self._watched() - set(self.tables):
            self._rejoin(table_id)

    async def _reload_lobby(self) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._republish()
            raw = await self.rbus.redis.hgetall(self.keys.lobby)
            self.remote = {k.decode(): orjson.loads(v) for k, v in raw.items()
                           if k.decode() not in self.tables}
