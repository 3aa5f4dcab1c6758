"""A table driven in process: no server, no socket, no thread, no waiting.

* :class:`MemoryRecorder` — the table's recorder (the very table writes of
  :class:`kahvehane.store.recorder.TableRecorder`) over an in-memory SQLite database,
  migrated once per test run and copied for each table; ``broken`` makes every write
  fail, as a database that went away;
* :class:`Outbox` — collects what the table says, per viewer, decoded;
* :class:`Host` — counts lobby changes and remembers closings;
* :class:`ManualClock` — the table timer's clock, moved by hand (:meth:`Bench.advance`);
* :class:`Bench` — a table with all of them: send a viewer's message (:meth:`Bench.send`),
  move time, and every command the table gives itself meanwhile is handled at once.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import secrets
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

import orjson
from sqlalchemy import Table, create_engine, insert
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from kahvehane.games import get_game, get_spec
from kahvehane.games.spec import split_table_options
from kahvehane.server.settings import Settings
from kahvehane.server.table import Command, TableActor, TableConfig, TableDeps, Viewer
from kahvehane.server.table.access import Access
from kahvehane.store.accounts import create_user
from kahvehane.store.db import migrate
from kahvehane.store.recorder import TableRecorder
from kahvehane.store.tables import create_table
from kahvehane.users import UserInfo

T = TypeVar("T")
JSON = dict[str, Any]


# ---------------------------------------------------------------- the database
@cache
def _template() -> sqlite3.Connection:
    """An in-memory database at the newest schema (migrated once per test run)."""
    conn = sqlite3.connect(":memory:", check_same_thread=False)
    engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)
    migrate(engine)
    return conn


class MemoryRecorder(TableRecorder):
    """The table's writes over a fresh in-memory copy of the migrated database."""

    def __init__(self) -> None:
        conn = sqlite3.connect(":memory:", check_same_thread=False)
        _template().backup(conn)
        conn.execute("PRAGMA foreign_keys=ON")
        self.engine = create_engine("sqlite://", creator=lambda: conn, poolclass=StaticPool)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.broken = False  # every write fails, as a database that went away

    def _check(self) -> None:
        if self.broken:
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    async def write(self, fn: Callable[[Session], T]) -> T:
        self._check()
        return self.run(fn)

    async def insert(self, target: Table, rows: list[dict[str, Any]]) -> None:
        self._check()
        self.run(lambda s: s.execute(insert(target), rows))

    async def read(self, fn: Callable[[Session], T]) -> T:
        with self.sessions() as s:
            return fn(s)

    def run(self, fn: Callable[[Session], T]) -> T:
        """``fn(session)`` in a transaction, now (set-up and checks of a test)."""
        with self.sessions() as s, s.begin():
            return fn(s)


# ---------------------------------------------------------------- the ports
@dataclass
class Outbox:
    """Everything the table said, per viewer, as decoded messages."""

    said: dict[Viewer, list[JSON]] = field(default_factory=dict)
    watching: set[Viewer] = field(default_factory=set)

    def deliver(self, viewers: Iterable[Viewer], texts: Sequence[str]) -> None:
        for viewer in viewers:
            self.said.setdefault(viewer, []).extend(orjson.loads(t) for t in texts)

    def attached(self, viewer: Viewer, table_id: str) -> None:
        self.watching.add(viewer)

    def detached(self, viewer: Viewer, table_id: str) -> None:
        self.watching.discard(viewer)


@dataclass
class Host:
    changes: int = 0
    closed: list[str] = field(default_factory=list)

    def lobby_changed(self, table_id: str) -> None:
        self.changes += 1

    def match_started(self, table_id: str, game: str, user_ids: list[int]) -> None:
        pass

    def table_closed(self, table_id: str) -> None:
        self.closed.append(table_id)


class _Handle:
    def __init__(self, when: float) -> None:
        self._when = when
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True

    def when(self) -> float:
        return self._when


class ManualClock:
    """Seconds that pass only when :meth:`advance` says so."""

    def __init__(self) -> None:
        self.now = 0.0
        self._due: list[tuple[float, int, _Handle, Callable[[], None]]] = []
        self._n = itertools.count()

    def time(self) -> float:
        return self.now

    def call_at(self, when: float, callback: Callable[[], None]) -> _Handle:
        handle = _Handle(when)
        heapq.heappush(self._due, (when, next(self._n), handle, callback))
        return handle

    def advance(self, seconds: float) -> None:
        """Move on ``seconds``, making the calls that fall due, in order."""
        end = self.now + seconds
        while self._due and self._due[0][0] <= end:
            when, _, handle, callback = heapq.heappop(self._due)
            self.now = max(self.now, when)
            if not handle.cancelled:
                callback()
        self.now = end


# ---------------------------------------------------------------- the bench
class Bench:
    """One table of ``game`` with its ports, and the people of a test."""

    def __init__(self, game: str = "duz_okey", options: JSON | None = None, *,
                 entry: int | None = None, matches_played: int = 0,
                 access: Access | None = None, faults: frozenset[str] = frozenset(),
                 chips: int = 10_000, quick: bool = False, **settings: Any) -> None:
        self.recorder = MemoryRecorder()
        self.outbox = Outbox()
        self.host = Host()
        self.clock = ManualClock()
        self.settings = Settings(db_url="sqlite://", faults=faults, **settings)
        self.chips = chips
        self.users: dict[str, UserInfo] = {}
        self.viewers: dict[str, Viewer] = {}
        self._conns = itertools.count(1)
        spec = get_spec(game)
        game_options, table_options = split_table_options(options or {}, spec.id)
        full = {**get_game(spec.id).parse_options(game_options), **table_options}
        seats = get_game(spec.id).num_seats(full)
        manager = self.user("Yönetici")
        table_id = secrets.token_hex(4)
        self.recorder.run(lambda s: create_table(s, table_id, spec.id, full, entry, 30,
                                                 manager.id, seats))
        self.table = TableActor(
            TableConfig(table_id, spec, full, entry, 30, manager, 0 if entry else None,
                        matches_played, access if access is not None else Access(),
                        quick=quick),
            TableDeps(settings=self.settings, recorder=self.recorder, outbox=self.outbox,
                      host=self.host, epoch="e1", time=self.clock))

    # ------------------------------------------------------------ people
    def user(self, name: str, *, guest: bool = False) -> UserInfo:
        if name not in self.users:
            chips = 0 if guest else self.chips
            self.users[name] = self.recorder.run(
                lambda s: create_user(s, name, None, guest=guest, chips=chips))
        return self.users[name]

    def viewer(self, name: str | None) -> Viewer:
        """The connection of ``name`` (``None``: an anonymous watcher), one per name."""
        key = name or f"anon{len(self.viewers)}"
        if key not in self.viewers:
            user = self.user(name) if name is not None else None
            self.viewers[key] = Viewer("g1", next(self._conns), user)
        return self.viewers[key]

    @property
    def manager(self) -> Viewer:
        return self.viewer("Yönetici")

    # ------------------------------------------------------------ talking
    async def send(self, who: Viewer, kind: str, **fields: Any) -> JSON | None:
        """``who`` sends a message; its answer (``ok`` or ``error``; ``None`` when the
        table answered neither)."""
        before = len(self.outbox.said.get(who, []))
        msg = {"type": kind, "table": self.table.id, "id": f"m{before}", **fields}
        await self.table.step(Command(kind, who, msg))
        await self.drain()
        return next((m for m in self.outbox.said.get(who, [])[before:]
                     if m["type"] in ("ok", "error") and m.get("id") == msg["id"]), None)

    async def quick_seat(self, who: Viewer, wait: float = 0.0) -> JSON:
        """"Hemen oyna" brought ``who`` here (the gateway's ``quick_seat``): its answer,
        ``quick`` or ``error``."""
        before = len(self.outbox.said.get(who, []))
        await self.table.step(Command("quick_seat", who, {"id": "q", "wait": wait}))
        await self.drain()
        return next(m for m in self.outbox.said.get(who, [])[before:]
                    if m["type"] in ("quick", "error"))

    async def drain(self) -> None:
        """Handle every command the table gave itself (its timer's)."""
        queue = self.table.queue
        while not queue.empty():
            await self.table.step(queue.get_nowait())

    async def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass: the timers that fall due fire, and are handled."""
        self.clock.advance(seconds)
        await self.drain()

    def said(self, who: Viewer, kind: str | None = None) -> list[JSON]:
        """What ``who`` was told (events of ``kind`` only, if given)."""
        got = self.outbox.said.get(who, [])
        return got if kind is None else [m for m in got if m.get("kind") == kind]

    def last(self, who: Viewer, kind: str) -> JSON:
        found = self.said(who, kind)
        assert found, f"{who} was never told of {kind}"
        return found[-1]

    async def begin(self, *names: str) -> None:
        """``names`` sit in seats 0, 1, ...; the manager starts; the countdown ends."""
        for seat, name in enumerate(names):
            assert (await self.send(self.viewer(name), "sit", seat=seat) or {})["type"] == "ok"
        assert (await self.send(self.manager, "start") or {})["type"] == "ok"
        await self.advance(self.settings.countdown)

    async def until_to_act(self, seat: int, limit: int = 200) -> JSON:
        """Let the bots play until ``seat`` is to act; the last state ``seat``'s
        person was told (its ``legal`` actions)."""
        who = next(v for v in self.viewers.values()
                   if v.user is not None and self.table.seating.seat_of(v.user) == seat)
        for _ in range(limit):
            state = self.table.session.current if self.table.session else None
            if state is not None and seat in state.to_act:
                return next(m for m in reversed(self.said(who)) if "legal" in m)
            await self.advance(self.settings.bot_delay)
        raise AssertionError(f"seat {seat} was never to act")


def run(coro: Any) -> Any:
    return asyncio.run(coro)
