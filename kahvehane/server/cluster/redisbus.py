"""The bus over Redis: tables and gateways on different nodes (docs/scaling.md).

The same ports as :class:`~kahvehane.server.bus.LocalBus` — the tables' outbox, the
lobby's fan-out — plus the commands a gateway sends to a table another node owns:

* a table's commands go on its own stream (``XADD``, in order), read by its owner, who
  is rung on its node channel (the same script publishes ``["ring", table]`` to the node
  the lease names): the owner reads only the streams that rang, and all of its streams
  once a heartbeat (a doorbell lost with the connection costs at most that). A command
  for a table that is not open anywhere is refused (the script adds it only if the
  lobby's hash, the directory of open tables, has the table);
* what tables say to a gateway's connections goes on that gateway's channel; one change
  of one table sends each remote gateway one message holding every text its connections
  need (the public texts and each seat's own: the gateway hands each connection its own);
* each lobby flush updates the lobby's hash and goes on the lobby's delta channel;
* a new owner of a table is announced on the owners' channel: every gateway joins its
  watchers of that table again, so they resync with a snapshot of the new epoch.

Everything a node sends goes out in order through one writer task, a pipeline per turn
of the event loop. Viewers on this node's own gateways are handed their texts directly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import orjson
import redis.asyncio as aioredis
from redis.exceptions import NoScriptError, RedisError

from kahvehane.server.bus import LocalBus
from kahvehane.server.cluster.keys import Keys
from kahvehane.server.errors import NO_TABLE, NODES_UNREACHABLE, ProtocolError
from kahvehane.server.protocol import dumps, error_message, message_id
from kahvehane.server.table.ports import Command, Viewer
from kahvehane.users import UserInfo

__all__ = ["RedisBus", "command_from", "connect"]

log = logging.getLogger("kahvehane.cluster")

#: Commands kept per table stream (its owner reads them as they come; a new owner
#: reads on from the last one read, ``kh:read``: a table is never long between owners).
STREAM_LEN = 1000

# KEYS: lobby hash, stream, lease, the friends' tables; ARGV: table id, payload, max
# length, the nodes' channel prefix, the doorbell. 0: no such open table (neither in the
# lobby's hash, nor a friends' table, nor leased: after Redis lost its data, a lease is
# taken again before the lobby's line is written again). The doorbell goes to the owner
# named by the lease, so that the owner reads only the streams that have news (no lease,
# or a dead owner's: the next owner reads on from where the last one stopped).
_FORWARD = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('EXISTS', KEYS[3]) == 0
   and redis.call('SISMEMBER', KEYS[4], ARGV[1]) == 0
then return 0 end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'c', ARGV[2])
local owner = redis.call('GET', KEYS[3])
if owner then redis.call('PUBLISH', ARGV[4] .. owner, ARGV[5]) end
return 1
"""


#: Connections a node keeps to Redis at most. A failover has a node claim hundreds of
#: tables at once: with redis-py's default pool the 101st concurrent command raises
#: ``MaxConnectionsError``; this pool makes it wait for a free connection instead.
MAX_CONNECTIONS = 64


def connect(url: str) -> aioredis.Redis:
    """A client of the salon's Redis (replies as bytes, parsed by hiredis), whose
    commands wait (up to 10 s) for a free connection of the pool rather than fail.

    ``url`` carries the credentials and the transport, as redis-py reads them:
    ``redis://USER:PASSWORD@HOST:PORT/DB`` (an ACL user; ``:PASSWORD@`` for the default
    user), ``rediss://...`` for TLS with ``?ssl_ca_certs=CA.pem`` (and
    ``ssl_certfile``/``ssl_keyfile`` for a client certificate). Every node's Redis
    connection is one of this pool, so all of them authenticate (docs/scaling.md
    "What a node trusts")."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=MAX_CONNECTIONS, timeout=10, socket_timeout=3,
        socket_connect_timeout=3, health_check_interval=10)
    return aioredis.Redis.from_pool(pool)


def _user(u: UserInfo | None) -> list[Any] | None:
    return None if u is None else [u.id, u.name, u.guest]


def _viewer(gateway: str, conn: int, user: Any) -> Viewer:
    return Viewer(gateway, conn, None if user is None else UserInfo(user[0], user[1], user[2]))


def command_payload(cmd: Command) -> bytes:
    v = cmd.viewer
    return orjson.dumps([cmd.kind, None if v is None else [v.gateway, v.conn, _user(v.user)],
                         cmd.msg])


def command_from(payload: bytes) -> Command:
    kind, viewer, msg = orjson.loads(payload)
    return Command(kind, None if viewer is None else _viewer(*viewer), msg)


class RedisBus(LocalBus):
    """The bus of one node of a cluster."""

    def __init__(self, url: str, prefix: str, node: str) -> None:
        super().__init__()
        self.url = url
        self.keys = Keys(prefix)
        self.node = node
        self.redis: Any = connect(url)  # redis-py's stubs type replies as bytes | str
        self._forward = self.redis.register_script(_FORWARD)
        self._gw_ops: dict[str, list[Any]] = {}  # remote gateway -> ops of this turn
        self._ops: list[tuple[str, Any]] = []  # (kind, args) in order, this turn
        self._scheduled = False
        self._queue: asyncio.Queue[list[tuple[str, Any]]] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self.healthy = True  # the last round trip to Redis worked
        self.newest: dict[str, int] = {}  # table -> the newest incarnation heard of
        # set by the cluster salon
        self.on_lobby: Callable[[list[Any]], None] = lambda items: None
        self.on_owner: Callable[[str, str, int], None] = lambda t, n, i: None
        self.on_node: Callable[[list[Any]], None] = lambda msg: None
        self.on_reconnect: Callable[[], None] = lambda: None

    # ================================================================ lifecycle
    async def start(self) -> None:
        """Check Redis answers (loudly, at start), then read and write in tasks."""
        try:
            await self.redis.ping()
            await self.redis.script_load(_FORWARD)
        except (RedisError, OSError) as exc:
            raise SystemExit(f"kahvehane: Redis at {self.url} does not answer ({exc});"
                             " start it (redis-server) or run without --redis") from None
        loop = asyncio.get_running_loop()
        ready: asyncio.Future[None] = loop.create_future()
        self._tasks = [loop.create_task(self._writer(), name="bus-writer"),
                       loop.create_task(self._reader(ready), name="bus-reader")]
        await ready

    async def stop(self) -> None:
        await self._flush_now()
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    # ================================================================ Outbox
    def deliver(self, viewers: Iterable[Viewer], texts: Sequence[str],
                source: tuple[str, int] | None = None) -> None:
        """``source``: the table and incarnation the texts come from. A gateway drops
        texts of an incarnation older than the newest it has heard of: what a paused
        owner had queued before it was paused must not reach a client after the new
        owner's snapshot."""
        gateways = self.gateways
        remote: dict[str, list[int]] = {}
        for viewer in viewers:
            gateway = gateways.get(viewer.gateway)
            if gateway is not None:
                gateway.deliver(viewer.conn, texts)
            else:
                remote.setdefault(viewer.gateway, []).append(viewer.conn)
        for gw, conns in remote.items():
            self._gw_op(gw, ["d", conns, list(texts), *(source or ())])

    def attached(self, viewer: Viewer, table_id: str) -> None:
        if viewer.gateway in self.gateways:
            super().attached(viewer, table_id)
        else:
            self._gw_op(viewer.gateway, ["a", viewer.conn, _user(viewer.user), table_id])

    def detached(self, viewer: Viewer, table_id: str) -> None:
        if viewer.gateway in self.gateways:
            super().detached(viewer, table_id)
        else:
            self._gw_op(viewer.gateway, ["x", viewer.conn, _user(viewer.user), table_id])

    def _gw_op(self, gateway: str, op: list[Any]) -> None:
        ops = self._gw_ops.get(gateway)
        if ops is None:
            ops = self._gw_ops[gateway] = []
            self._ops.append(("gw", gateway))  # its place in the order of this turn
        ops.append(op)
        self._schedule()

    # ================================================================ commands
    def forward(self, table_id: str, cmd: Command) -> None:
        """Send ``cmd`` to the owner of ``table_id`` (on another node) through the
        table's stream; refused to its sender if no node has the table open."""
        self._ops.append(("cmd", (table_id, cmd)))
        self._schedule()

    def publish(self, channel: str, payload: Any) -> None:
        self._ops.append(("pub", (channel, orjson.dumps(payload))))
        self._schedule()

    # ================================================================ people
    def to_people(self, user_ids: Iterable[int], texts: Sequence[str]) -> None:
        """Here at once, and on the people channel for the other nodes' connections
        (every node hears it: a person's connections may be on any of them)."""
        ids = sorted(set(user_ids))
        super().to_people(ids, texts)
        self.publish(self.keys.people, [self.node, ids, list(texts)])

    # ================================================================ the lobby
    def wants_lobby(self) -> bool:
        return True  # the other nodes' watchers, and the lobby's hash, always do

    def publish_lobby(self, texts: Sequence[str]) -> None:
        super().publish_lobby(texts)
        self._ops.append(("lobby", list(texts)))
        self._schedule()

    # ================================================================ writing
    def _schedule(self) -> None:
        if not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._hand_over)

    def _hand_over(self) -> None:
        self._scheduled = False
        if self._ops:
            ops, self._ops = self._ops, []
            gw_ops, self._gw_ops = self._gw_ops, {}
            self._queue.put_nowait([("gw", (a, gw_ops[a])) if k == "gw" else (k, a)
                                    for k, a in ops])

    async def _flush_now(self) -> None:
        self._hand_over()
        while not self._queue.empty():
            await self._send(self._queue.get_nowait())

    async def _writer(self) -> None:
        while True:
            batch = await self._queue.get()
            while not self._queue.empty():
                batch.extend(self._queue.get_nowait())
            await self._send(batch)

    async def _send(self, batch: list[tuple[str, Any]], *, again: bool = True) -> None:
        keys = self.keys
        pipe = self.redis.pipeline(transaction=False)
        forwarded: list[tuple[int, tuple[str, Command]]] = []
        for kind, arg in batch:
            if kind == "gw":
                gateway, ops = arg
                pipe.publish(keys.gateway(gateway), orjson.dumps(ops))
            elif kind == "cmd":
                table_id, cmd = arg
                forwarded.append((len(pipe), arg))
                # EVALSHA itself: a pipeline given a Script object asks Redis SCRIPT
                # EXISTS before every execute, a round trip more per batch; the script is
                # loaded at start, and again if Redis answers NOSCRIPT (it restarted)
                pipe.evalsha(self._forward.sha, 4, keys.lobby, keys.commands(table_id),
                             keys.lease(table_id), keys.private, table_id,
                             command_payload(cmd),
                             STREAM_LEN, keys.node(""), orjson.dumps(["ring", table_id]))
            elif kind == "pub":
                pipe.publish(*arg)
            elif kind == "lobby":
                self._lobby_ops(pipe, arg)
        try:
            results = await pipe.execute(raise_on_error=False)
        except (RedisError, OSError) as exc:
            self._unhealthy(exc)
            for _, (_, cmd) in forwarded:
                self._refuse(cmd, ProtocolError("unavailable", NODES_UNREACHABLE))
            return
        self.healthy = True
        unloaded: list[tuple[str, Any]] = []
        for index, (table_id, cmd) in forwarded:
            res = results[index]
            if isinstance(res, NoScriptError) and again:
                unloaded.append(("cmd", (table_id, cmd)))
            elif isinstance(res, Exception):
                self._refuse(cmd, ProtocolError("unavailable", NODES_UNREACHABLE))
            elif res == 0:
                table = cmd.msg.get("table")
                self._refuse(cmd, ProtocolError("not_found", NO_TABLE, table=repr(table)))
        if unloaded:
            # Redis restarted without its scripts: load the script and send those
            # commands again, in their order, before anything later is sent
            with contextlib.suppress(RedisError, OSError):
                await self.redis.script_load(_FORWARD)
            await self._send(unloaded, again=False)

    def _lobby_ops(self, pipe: Any, texts: list[str]) -> None:
        """A lobby flush: into the hash (the directory of open tables), then out on the
        delta channel to the other nodes."""
        keys = self.keys
        for text in texts:
            msg = orjson.loads(text)
            if msg["type"] == "lobby_update":
                info = msg["table"]
                pipe.hset(keys.lobby, info["id"], orjson.dumps(info))
            elif msg["type"] == "lobby_remove":
                pipe.hdel(keys.lobby, msg["table"])
        pipe.publish(keys.lobby_delta, orjson.dumps([self.node, texts]))

    def _refuse(self, cmd: Command, exc: ProtocolError) -> None:
        viewer = cmd.viewer
        if viewer is None:
            return
        table = cmd.msg.get("table")
        text = dumps(error_message(exc, msg_id=message_id(cmd.msg),
                                   table=table if isinstance(table, str) else None))
        super().deliver((viewer,), [text])

    def _unhealthy(self, exc: BaseException) -> None:
        if self.healthy:
            log.warning("Redis cannot be reached (%r): texts for other nodes are lost, their"
                        " commands refused, until it answers", exc)
        self.healthy = False

    # ================================================================ reading
    async def _reader(self, ready: asyncio.Future[None]) -> None:
        """Subscribe to this node's channels and hand what comes to the gateways and
        the salon; after Redis was lost, subscribe again and let everyone resync."""
        first = True
        while True:
            pubsub = self.redis.pubsub()
            try:
                channels = [self.keys.gateway(g) for g in self.gateways]
                await pubsub.subscribe(self.keys.lobby_delta, self.keys.owners,
                                       self.keys.people,
                                       self.keys.node(self.node), *channels)
                if first:
                    ready.set_result(None)
                else:
                    log.info("Redis answers again: subscribed again")
                    self.healthy = True
                    self.on_reconnect()
                first = False
                while True:
                    msg = await pubsub.get_message(ignore_subscribe_messages=True,
                                                   timeout=1.0)
                    if msg is not None and msg.get("type") == "message":
                        self._received(msg["channel"].decode(), msg["data"])
            except asyncio.CancelledError:
                raise
            except (RedisError, OSError) as exc:
                self._unhealthy(exc)
                if not ready.done():
                    ready.set_exception(exc)
                    return
                await asyncio.sleep(0.5)
            except Exception:
                log.exception("bus reader failed")
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _received(self, channel: str, data: bytes) -> None:
        keys = self.keys
        if channel == keys.lobby_delta:
            origin, texts = orjson.loads(data)
            if origin != self.node:
                self.on_lobby(texts)
                super().publish_lobby(texts)
        elif channel == keys.people:
            origin, ids, texts = orjson.loads(data)
            if origin != self.node:
                super().to_people(ids, texts)
        elif channel == keys.owners:
            table, node, incarnation = orjson.loads(data)
            if incarnation > self.newest.get(table, 0):
                self.newest[table] = incarnation
            self.on_owner(table, node, incarnation)
        elif channel == keys.node(self.node):
            self.on_node(orjson.loads(data))
        else:
            gateway = self.gateways.get(channel.rsplit(":", 1)[1])
            if gateway is None:
                return
            for op in orjson.loads(data):
                if op[0] == "d":
                    if len(op) > 3 and self._stale(op[3], op[4]):
                        continue  # from a table's owner that has been replaced
                    for conn in op[1]:
                        gateway.deliver(conn, op[2])
                elif op[0] == "a":
                    gateway.attached(_viewer(gateway.id, op[1], op[2]), op[3])
                elif op[0] == "x":
                    gateway.detached(_viewer(gateway.id, op[1], op[2]), op[3])

    def _stale(self, table: str, incarnation: int) -> bool:
        newest = self.newest.get(table)
        if newest is not None and incarnation < newest:
            return True
        self.newest[table] = incarnation
        return False
