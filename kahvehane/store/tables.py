"""The salon's tables in the database: opening one (with its Kasa and pot accounts), who
sits where between matches, closing it, and every open table for a restarting server."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from kahvehane.store.ledger import new_account, now_ms
from kahvehane.store.matches import load_record
from kahvehane.store.models import Account, Base, ChatLine, MatchRow, SalonTable, User

#: The Core table of chat lines (written with ``Store.insert``, group commit).
CHAT_LINES = Base.metadata.tables[ChatLine.__tablename__]


def create_table(session: Session, table_id: str, game: str, options: dict[str, Any],
                 entry: int | None, clock: int, manager_id: int, seats: int, *,
                 private: bool = False, invite: str | None = None,
                 invited_watch: bool = False, quick: bool = False) -> SalonTable:
    kasa = new_account(session, "kasa", table_id=table_id)
    pot = new_account(session, "pot", table_id=table_id)
    row = SalonTable(id=table_id, game=game, options=options, entry=entry, clock=clock,
                     manager_id=manager_id, seats=[None] * seats, kasa_account_id=kasa.id,
                     pot_account_id=pot.id, matches_played=0, created_at=now_ms(),
                     private=private, invite=invite, invited_watch=invited_watch,
                     watcher_chat=True, quick=quick)
    session.add(row)
    session.flush()
    return row


def save_seats(session: Session, table_id: str, seats: list[int | None]) -> None:
    session.execute(update(SalonTable).where(SalonTable.id == table_id).values(seats=seats))


def save_settings(session: Session, table_id: str, *, watcher_chat: bool) -> None:
    session.execute(update(SalonTable).where(SalonTable.id == table_id)
                    .values(watcher_chat=watcher_chat))


def chat_row(table_id: str, match_id: int | None, line: dict[str, Any]) -> dict[str, Any]:
    """The row of a chat line (a ``ChatLine`` of docs/protocol.md)."""
    return {"table_id": table_id, "match_id": match_id, "user_id": line["user"]["id"],
            "name": line["user"]["name"], "seat": line["seat"], "text": line["text"],
            "phrase": line["phrase"], "created_at": line["at"]}


def recent_chat(session: Session, table_id: str, limit: int) -> list[dict[str, Any]]:
    """The table's last ``limit`` chat lines, oldest first, as clients get them."""
    rows = list(session.scalars(select(ChatLine).where(ChatLine.table_id == table_id)
                                .order_by(ChatLine.id.desc()).limit(limit)))
    return [{"at": r.created_at, "user": {"id": r.user_id, "name": r.name}, "seat": r.seat,
             "watcher": r.seat is None, "text": r.text, "phrase": r.phrase}
            for r in reversed(rows)]


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
    chat: list[dict[str, Any]]


def open_tables(session: Session, chat_recent: int = 50) -> list[OpenTable]:
    return [_open_table(session, t, chat_recent) for t in session.scalars(
        select(SalonTable).where(SalonTable.closed_at.is_(None)).order_by(SalonTable.created_at))]


def open_table(session: Session, table_id: str, chat_recent: int = 50) -> OpenTable | None:
    """One open table, as :func:`open_tables` gives it (a node claiming it)."""
    t = session.get(SalonTable, table_id)
    return None if t is None or t.closed_at is not None else _open_table(session, t, chat_recent)


def _open_table(session: Session, t: SalonTable, chat_recent: int) -> OpenTable:
    manager = session.get(User, t.manager_id)
    kasa = int(session.scalar(select(Account.balance).where(Account.id == t.kasa_account_id))
               or 0)
    m = session.scalars(select(MatchRow).where(MatchRow.table_id == t.id,
                                               MatchRow.status == "playing")).first()
    rec = load_record(session, m.id, reveal_all=True) if m is not None else None
    return OpenTable(t, manager.name if manager else "?", kasa, m, rec,
                     recent_chat(session, t.id, chat_recent))
