"""Fencing a table's writes by its incarnation (a salon on several nodes).

In a cluster a table is owned by one node under a lease in Redis, and its row holds the
owner and the *incarnation*, bumped by every claim. A lease can pass without its node
knowing (the node was paused, its network cut): the database is the last word. Every
write a node makes for a table carries ``(table id, incarnation)``, and the writer checks
it in the same transaction (the row read ``FOR SHARE`` on PostgreSQL, so a claim waits
for the write and the write sees the claim). A write whose incarnation has passed is
refused with :class:`StaleIncarnation` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from sqlalchemy import Table, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from kahvehane.store.models import SalonTable
from kahvehane.store.recorder import TableRecorder

__all__ = ["Fence", "FencedStore", "StaleIncarnation", "check_fences", "claim_table",
           "stale_tables"]

T = TypeVar("T")
Fence = tuple[str, int]  # (table id, incarnation)


class StaleIncarnation(Exception):
    """The writer's incarnation of a table has passed: another node owns it now."""

    def __init__(self, tables: list[str]) -> None:
        super().__init__(f"table(s) {', '.join(tables)}: another node owns them now")
        self.tables = tables


def check_fences(conn: Connection | Session, fences: Iterable[Fence]) -> None:
    """Raise :class:`StaleIncarnation` unless every table's incarnation is the one given
    (the rows stay share-locked until the transaction ends, on PostgreSQL)."""
    wanted = dict(fences)
    if not wanted:
        return
    query = select(SalonTable.id, SalonTable.incarnation).where(SalonTable.id.in_(wanted))
    bind = conn.get_bind() if isinstance(conn, Session) else conn
    if bind.dialect.name == "postgresql":
        query = query.with_for_update(read=True)
    stale = stale_tables(wanted, {row[0]: row[1] for row in conn.execute(query)})
    if stale:
        raise StaleIncarnation(stale)


def stale_tables(wanted: dict[str, int], found: dict[str, int]) -> list[str]:
    """The tables of ``wanted`` (id → incarnation) whose row in ``found`` has another
    incarnation, or no row (the writer's fast path, :mod:`kahvehane.store.rows`, shares
    it)."""
    return sorted(t for t, inc in wanted.items() if found.get(t) != inc)


def claim_table(session: Session, table_id: str, node: str, seen: int) -> int | None:
    """Make ``node`` the owner of an open table whose incarnation is still ``seen``; the
    new incarnation, or ``None`` if another claim came first or the table is closed."""
    result = session.execute(
        update(SalonTable)
        .where(SalonTable.id == table_id, SalonTable.incarnation == seen,
               SalonTable.closed_at.is_(None))
        .values(owner=node, incarnation=seen + 1))
    return seen + 1 if getattr(result, "rowcount", 0) == 1 else None


def open_owners(session: Session) -> list[tuple[str, str | None, int, int]]:
    """Every open table: ``(id, owner, incarnation, created_at)``."""
    rows = session.execute(select(SalonTable.id, SalonTable.owner, SalonTable.incarnation,
                                  SalonTable.created_at)
                           .where(SalonTable.closed_at.is_(None)))
    return [(r[0], r[1], r[2], r[3]) for r in rows]


class FencingStore(Protocol):
    """What :class:`FencedStore` needs of the store (:class:`~kahvehane.store.db.Store`
    is one): writes that take a fence, and reads."""

    async def write(self, fn: Callable[[Session], T], fence: Fence | None = None) -> T: ...

    async def append(self, fn: Callable[[Session], T], fence: Fence | None = None) -> T: ...

    async def insert(self, target: Table, rows: list[dict[str, Any]],
                     fence: Fence | None = None) -> None: ...

    async def read(self, fn: Callable[[Session], T]) -> T: ...


class FencedStore(TableRecorder):
    """A table's view of the :class:`~kahvehane.store.db.Store`: the same calls, and
    the same table writes (:class:`~kahvehane.store.recorder.TableRecorder`), each write
    carrying the table's fence. ``on_stale`` is called (once per refusal) before the
    refusal is raised, so the owner can let the table go before it says anything."""

    def __init__(self, store: FencingStore, table_id: str, incarnation: int,
                 on_stale: Callable[[str], None]) -> None:
        self.store = store
        self.fence: Fence = (table_id, incarnation)
        self.on_stale = on_stale

    async def write(self, fn: Callable[[Session], T]) -> T:
        try:
            return await self.store.write(fn, fence=self.fence)
        except StaleIncarnation:
            self.on_stale(self.fence[0])
            raise

    async def append(self, fn: Callable[[Session], T]) -> T:
        try:
            return await self.store.append(fn, fence=self.fence)
        except StaleIncarnation:
            self.on_stale(self.fence[0])
            raise

    async def insert(self, target: Table, rows: list[dict[str, Any]]) -> None:
        try:
            await self.store.insert(target, rows, fence=self.fence)
        except StaleIncarnation:
            self.on_stale(self.fence[0])
            raise

    async def read(self, fn: Callable[[Session], T]) -> T:
        return await self.store.read(fn)
