"""The salon's tables in the database: opening one (with its Kasa and pot accounts), who
sits where between matches, closing it, and every open table for a restarting server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from kahvehane.store.ledger import new_account, now_ms
from kahvehane.store.matches import load_record
from kahvehane.store.models import Account, MatchRow, SalonTable, User


def create_table(session: Session, table_id: str, game: str, options: dict[str, Any],
                 entry: int | None, clock: int, manager_id: int, seats: int) -> SalonTable:
    kasa = new_account(session, "kasa", table_id=table_id)
    pot = new_account(session, "pot", table_id=table_id)
    row = SalonTable(id=table_id, game=game, options=options, entry=entry, clock=clock,
                     manager_id=manager_id, seats=[None] * seats, kasa_account_id=kasa.id,
                     pot_account_id=pot.id, matches_played=0, created_at=now_ms())
    session.add(row)
    session.flush()
    return row


def save_seats(session: Session, table_id: str, seats: list[int | None]) -> None:
    session.execute(update(SalonTable).where(SalonTable.id == table_id).values(seats=seats))


def close_table(session: Session, table_id: str) -> None:
    session.execute(
        update(SalonTable).where(SalonTable.id == table_id).values(closed_at=now_ms())
    )


@dataclass
class OpenTable:
    """An open table as a restarting server finds it: its row, its manager's name, its
    Kasa, and its unfinished match with that match's record (seeds included)."""

    row: SalonTable
    manager_name: str
    kasa: int
    match: MatchRow | None
    record: dict[str, Any] | None


def open_tables(session: Session) -> list[OpenTable]:
    return [_open_table(session, t) for t in session.scalars(
        select(SalonTable).where(SalonTable.closed_at.is_(None)).order_by(SalonTable.created_at))]


def open_table(session: Session, table_id: str) -> OpenTable | None:
    """One open table, as :func:`open_tables` gives it (a node claiming it)."""
    t = session.get(SalonTable, table_id)
    return None if t is None or t.closed_at is not None else _open_table(session, t)


def _open_table(session: Session, t: SalonTable) -> OpenTable:
    manager = session.get(User, t.manager_id)
    kasa = int(session.scalar(select(Account.balance).where(Account.id == t.kasa_account_id))
               or 0)
    m = session.scalars(select(MatchRow).where(MatchRow.table_id == t.id,
                                               MatchRow.status == "playing")).first()
    rec = load_record(session, m.id, reveal_all=True) if m is not None else None
    return OpenTable(t, manager.name if manager else "?", kasa, m, rec)
