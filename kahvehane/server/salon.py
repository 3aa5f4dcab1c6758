"""The salon: every table of this server process, the live lobby, and the routing of
client messages to tables. On start it migrates the database and restores every open
table, resuming each unfinished match from its record."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import secrets
import time
from typing import Any

import orjson
from sqlalchemy.orm import Session

from kahvehane.errors import InvalidOptions, KahvehaneError
from kahvehane.games import GAME_NAMES, get_game
from kahvehane.server.connection import Conn
from kahvehane.server.protocol import (
    PROTOCOL,
    JSONObj,
    ProtocolError,
    dumps,
    message_id,
    now_ms,
)
from kahvehane.server.settings import Settings
from kahvehane.server.table import Command, Table
from kahvehane.store import Store
from kahvehane.store import matches as db
from kahvehane.store.accounts import UserInfo, chips_of, session_user, user_info

log = logging.getLogger("kahvehane.server")

#: Client message types handled by a table (``docs/protocol.md`` §3.2).
TABLE_MESSAGES = frozenset(
    {"join", "part", "sit", "leave", "start", "cancel", "act", "back", "suggest"}
)
ENTRY_GAMES = frozenset({"koz_maca"})


class Salon:
    """All tables of one server process."""

    def __init__(self, settings: Settings, store: Store | None = None) -> None:
        self.settings = settings
        self.store = store if store is not None else Store(settings.db_url)
        self.epoch = secrets.token_hex(4)
        self.tables: dict[str, Table] = {}
        self.lobby_subs: set[Conn] = set()
        self.conns: set[Conn] = set()
        self.matches_finished = 0
        self._dirty: dict[str, Table] = {}
        self._flush: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    # ================================================================ lifecycle
    async def start(self) -> None:
        await asyncio.to_thread(self.store.migrate)
        self.store.start()
        await self._restore()
        gc.collect()
        gc.freeze()
        self._spawn(self._collector())

    async def _collector(self) -> None:
        """The garbage collector on a schedule (docs/server.md, "Pauses").

        A connection is some 125 objects that live as long as it does (its coroutines,
        protocol and buffers), so 4,000 connections make half a million; each full
        collection walks all of them and pauses every table for hundreds of
        milliseconds, as often as the allocator decides. Instead, every
        ``gc_freeze_every`` seconds what has survived so far is frozen (moved where
        collections do not look; freeing by reference count goes on as usual), and
        every ``gc_full_every`` seconds one full collection takes the cyclic garbage
        among the frozen (closed connections, mostly), at a known rate."""
        loop = asyncio.get_running_loop()
        s = self.settings
        last_full = loop.time()
        while True:
            await asyncio.sleep(s.gc_freeze_every)
            if loop.time() - last_full >= s.gc_full_every:
                t0 = time.perf_counter()
                gc.unfreeze()
                found = gc.collect()
                gc.freeze()
                last_full = loop.time()
                log.info("full garbage collection: %d objects freed in %.0f ms", found,
                         1000 * (time.perf_counter() - t0))
            else:
                gc.freeze()

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for table in list(self.tables.values()):
            table.submit(Command("shutdown"))
        tasks = [t.task for t in self.tables.values() if t.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        await asyncio.to_thread(self.store.close)

    async def _restore(self) -> None:
        opened = await self.store.read(db.open_tables)
        ids: set[int] = set()
        for ot in opened:
            ids.update(u for u in ot.row.seats if isinstance(u, int))
            if ot.match is not None:
                ids.update(u for u in ot.match.seat_users if isinstance(u, int))
            ids.add(ot.row.manager_id)
        wanted = sorted(ids)

        def load_users(s: Session) -> dict[int, UserInfo]:
            found = (user_info(s, uid) for uid in wanted)
            return {u.id: u for u in found if u is not None}

        users = await self.store.read(load_users)
        for ot in opened:
            row = ot.row
            manager = users.get(row.manager_id, UserInfo(row.manager_id, ot.manager_name, False))
            table = Table(self, row.id, row.game, dict(row.options), row.entry, row.clock,
                          manager, ot.kasa if row.entry else None, row.matches_played)
            if ot.match is not None and ot.record is not None:
                try:
                    table.restore_match(ot.match.id, ot.record, list(ot.match.seat_users),
                                        list(ot.match.bots), users)
                except KahvehaneError:
                    log.exception("table %s: match %s cannot be resumed", row.id, ot.match.id)
                    continue
            else:
                for i, uid in enumerate(row.seats):
                    if isinstance(uid, int) and uid in users and i < table.num_seats:
                        table.seats[i].user = users[uid]
            self.tables[table.id] = table
            table.start()
            if table.match is not None:
                table.submit(Command("resume"))
        if opened:
            log.info("restored %d table(s), %d match(es) resumed", len(self.tables),
                     sum(1 for t in self.tables.values() if t.match is not None))

    # ================================================================ tables
    async def create_table(self, user: UserInfo | None, body: JSONObj) -> Table:
        if user is None:
            raise ProtocolError("auth_required", "sign in (or play as a guest) to open a table")
        game = body.get("game")
        if not isinstance(game, str) or game not in GAME_NAMES:
            raise ProtocolError("bad_options",
                                f"'game' must be one of {', '.join(sorted(GAME_NAMES))}")
        raw = body.get("options") or {}
        if not isinstance(raw, dict):
            raise ProtocolError("bad_options", "'options' must be an object")
        rules = get_game(game)
        try:
            options = rules.parse_options(raw)
        except (InvalidOptions, KahvehaneError, TypeError, ValueError) as exc:
            raise ProtocolError("bad_options", str(exc)) from None
        entry = body.get("entry")
        if game in ENTRY_GAMES:
            if isinstance(entry, bool) or not isinstance(entry, int) or not 1 <= entry <= 10**9:
                raise ProtocolError("bad_options",
                                    "a Koz Maça table needs 'entry': a whole number of chips ≥ 1")
        elif entry not in (None, 0):
            raise ProtocolError("bad_options", f"{game} tables have no entry (RULES.md P-4)")
        else:
            entry = None
        clock = body.get("clock", self.settings.clock)
        if isinstance(clock, bool) or not isinstance(clock, int) or not 1 <= clock <= 600:
            raise ProtocolError("bad_options", "'clock' is a whole number of seconds, 1 to 600")
        table_id = secrets.token_hex(4)
        seats = rules.num_seats(options)
        uid = user.id
        await self.store.write(
            lambda s: db.create_table(s, table_id, game, options, entry, clock, uid, seats))
        table = Table(self, table_id, game, options, entry, clock, user, 0 if entry else None)
        self.tables[table_id] = table
        table.start()
        self.lobby_changed(table)
        return table

    def table_closed(self, table: Table) -> None:
        self.tables.pop(table.id, None)
        self._dirty.pop(table.id, None)
        for conn in list(table.viewers):
            conn.tables.pop(table.id, None)
        self._lobby_broadcast({"type": "lobby_remove", "table": table.id})

    def lobby(self) -> list[JSONObj]:
        return [t.info() for t in self.tables.values()]

    def lobby_changed(self, table: Table) -> None:
        """Coalesce lobby updates: at most one per table every 50 ms."""
        if not self.lobby_subs:
            return
        self._dirty[table.id] = table
        if self._flush is None:
            self._flush = asyncio.get_running_loop().call_later(0.05, self._flush_lobby)

    def _flush_lobby(self) -> None:
        self._flush = None
        dirty, self._dirty = self._dirty, {}
        for table in dirty.values():
            if table.id in self.tables:
                self._lobby_broadcast({"type": "lobby_update", "table": table.info()})

    def _lobby_broadcast(self, msg: JSONObj) -> None:
        if not self.lobby_subs:
            return
        text = dumps(msg)
        for conn in self.lobby_subs:
            conn.send_text(text)

    # ================================================================ clients
    async def user_for_token(self, token: str | None) -> UserInfo | None:
        if not token or len(token) > 100:
            return None
        return await self.store.read(lambda s: session_user(s, token))

    async def hello(self, conn: Conn) -> JSONObj:
        user: JSONObj | None = None
        if conn.user is not None:
            u = conn.user
            chips = await self.store.read(lambda s: chips_of(s, u.id))
            user = {"id": u.id, "name": u.name, "guest": u.guest, "chips": chips}
        s = self.settings
        return {"type": "hello", "protocol": PROTOCOL, "user": user, "time": now_ms(),
                "limits": {"max_message_bytes": s.max_message_bytes, "rate": s.rate,
                           "burst": s.burst}}

    def connected(self, conn: Conn) -> None:
        self.conns.add(conn)

    def disconnected(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.lobby_subs.discard(conn)
        for table in list(conn.tables.values()):
            table.submit(Command("detach", conn))
        conn.tables.clear()

    def dispatch(self, conn: Conn, text: str) -> None:
        """Handle one client message (already admitted by size and rate)."""
        try:
            msg = orjson.loads(text)
        except orjson.JSONDecodeError:
            try:  # what orjson refuses and the standard library takes (big integers)
                msg = json.loads(text)
            except (ValueError, RecursionError):
                conn.error("bad_json", "the message is not JSON")
                return
        if not isinstance(msg, dict):
            conn.error("bad_message", "a message is a JSON object")
            return
        kind = msg.get("type")
        try:
            if kind in TABLE_MESSAGES:
                table_id = msg.get("table")
                table = self.tables.get(table_id) if isinstance(table_id, str) else None
                if table is None:
                    raise ProtocolError("not_found", f"no open table {table_id!r}")
                table.submit(Command(kind, conn, msg))
            elif kind == "ping":
                conn.send({"type": "pong", "id": message_id(msg), "time": now_ms()})
            elif kind == "lobby":
                if msg.get("subscribe", True) is False:
                    self.lobby_subs.discard(conn)
                else:
                    self.lobby_subs.add(conn)
                    conn.send({"type": "lobby", "tables": self.lobby()})
                conn.ok(msg)
            elif kind == "create":
                self._spawn(self._create_from_ws(conn, msg))
            else:
                raise ProtocolError("bad_message", f"unknown message type {kind!r}")
        except ProtocolError as exc:
            conn.error(exc.code, str(exc), msg=msg, table=msg.get("table")
                       if isinstance(msg.get("table"), str) else None, rule=exc.rule)

    async def _create_from_ws(self, conn: Conn, msg: JSONObj) -> None:
        try:
            table = await self.create_table(conn.user, msg)
        except ProtocolError as exc:
            conn.error(exc.code, str(exc), msg=msg)
            return
        conn.send({"type": "created", "id": message_id(msg), "table": table.info()})
        table.submit(Command("join", conn, {"type": "join", "table": table.id}))

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
