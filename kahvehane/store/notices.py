"""Notifications and private messages (issue 30): what a person is told of and what
friends say to one another, kept in the database before anyone is told (the server
pushes them over the WebSocket after the write: kahvehane.server.notify).

A notification (:class:`~kahvehane.store.models.Notice`) is read once its person has
seen it. Private messages of one sender that are not yet read share one ``message``
notification (its count grows), so that a chat does not bury the bell. A message is
plain text, cleaned by the server like table talk and shown as text by the client; it
is kept ``keep_ms`` and then deleted (each new message deletes the expired ones; none
older is ever read back). A report keeps its own copy of the text.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from kahvehane.errors import Message
from kahvehane.store.ledger import now_ms
from kahvehane.store.models import MessageReport, Notice, PrivateMessage, User
from kahvehane.store.social import NOT_FRIENDS, SocialRefused, are_friends, member, person

__all__ = ["NO_MESSAGE", "add_notice", "conversation", "conversations", "mark_read",
           "notice_json", "notices_of", "report_message", "send_message"]

NO_MESSAGE = Message("social.no_message", "no such message of yours",
                     "size gelen böyle bir mesaj yok")
ALREADY_REPORTED = Message("social.already_reported", "you reported this message already",
                           "bu mesajı zaten bildirdiniz")

#: Notifications a person is given at most (the newest).
NOTICES_SHOWN = 50


def notice_json(row: Notice) -> dict[str, Any]:
    """``Notice`` of docs/protocol.md: ``{"id", "kind", "data", "at", "read"}``."""
    return {"id": row.id, "kind": row.kind, "data": dict(row.data), "at": row.created_at,
            "read": row.read_at is not None}


def add_notice(session: Session, user_id: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """A new unread notification for ``user_id``; its JSON."""
    row = Notice(user_id=user_id, kind=kind, data=data, created_at=now_ms())
    session.add(row)
    session.flush()
    return notice_json(row)


def unread_count(session: Session, user_id: int) -> int:
    return int(session.scalar(select(func.count()).select_from(Notice).where(
        Notice.user_id == user_id, Notice.read_at.is_(None))) or 0)


def notices_of(session: Session, user_id: int) -> tuple[list[dict[str, Any]], int]:
    """The newest notifications of ``user_id`` and how many are unread."""
    rows = session.scalars(select(Notice).where(Notice.user_id == user_id)
                           .order_by(Notice.id.desc()).limit(NOTICES_SHOWN)).all()
    return [notice_json(r) for r in rows], unread_count(session, user_id)


def mark_read(session: Session, user_id: int, ids: list[int] | None) -> int:
    """Mark ``ids`` (``None``: all) of ``user_id``'s notifications read; how many are
    still unread."""
    q = update(Notice).where(Notice.user_id == user_id, Notice.read_at.is_(None))
    if ids is not None:
        q = q.where(Notice.id.in_(ids))
    session.execute(q.values(read_at=now_ms()))
    return unread_count(session, user_id)


def message_json(row: PrivateMessage) -> dict[str, Any]:
    """``PrivateMessage`` of docs/protocol.md."""
    return {"id": row.id, "from": row.sender_id, "to": row.recipient_id, "text": row.text,
            "at": row.created_at, "read": row.read_at is not None}


def send_message(session: Session, me: int, to: int, text: str,
                 keep_ms: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """``me`` says ``text`` (already cleaned) to the friend ``to``: ``(the message,
    the recipient's message notification)``. Friends only (a block ends a
    friendship). Expired messages of the salon are deleted on the way."""
    sender = member(session, me)
    them = person(session, to)
    if not are_friends(session, me, to):
        raise SocialRefused(NOT_FRIENDS, name=them.name)
    now = now_ms()
    session.execute(delete(PrivateMessage).where(PrivateMessage.created_at < now - keep_ms))
    row = PrivateMessage(sender_id=me, recipient_id=to, text=text, created_at=now)
    session.add(row)
    session.flush()
    data = {"from": {"id": me, "name": sender.name}, "text": text[:80], "count": 1}
    notice = session.scalars(select(Notice).where(
        Notice.user_id == to, Notice.kind == "message", Notice.read_at.is_(None))
        .order_by(Notice.id.desc())).all()
    same = next((n for n in notice if n.data.get("from", {}).get("id") == me), None)
    if same is None:
        return message_json(row), add_notice(session, to, "message", data)
    data["count"] = int(same.data.get("count", 1)) + 1
    same.data, same.created_at = data, now  # a new dict: the JSON column sees the change
    session.flush()
    return message_json(row), notice_json(same)


def conversation(session: Session, me: int, other: int, keep_ms: int,
                 limit: int = 100) -> list[dict[str, Any]]:
    """The last ``limit`` messages between ``me`` and ``other`` (oldest first), those
    to ``me`` marked read, with the notification of them."""
    since = now_ms() - keep_ms
    pair = or_(and_(PrivateMessage.sender_id == me, PrivateMessage.recipient_id == other),
               and_(PrivateMessage.sender_id == other, PrivateMessage.recipient_id == me))
    rows = session.scalars(select(PrivateMessage).where(pair, PrivateMessage.created_at >= since)
                           .order_by(PrivateMessage.id.desc()).limit(limit)).all()
    out = [message_json(r) for r in reversed(rows)]
    now = now_ms()
    session.execute(update(PrivateMessage).where(
        PrivateMessage.sender_id == other, PrivateMessage.recipient_id == me,
        PrivateMessage.read_at.is_(None)).values(read_at=now))
    for n in session.scalars(select(Notice).where(
            Notice.user_id == me, Notice.kind == "message", Notice.read_at.is_(None))):
        if n.data.get("from", {}).get("id") == other:
            n.read_at = now
    return out


def conversations(session: Session, me: int, keep_ms: int) -> list[dict[str, Any]]:
    """``me``'s conversations, newest first: ``{"with": {id, name}, "last", "unread"}``."""
    since = now_ms() - keep_ms
    mine = or_(PrivateMessage.sender_id == me, PrivateMessage.recipient_id == me)
    rows = session.scalars(select(PrivateMessage).where(mine, PrivateMessage.created_at >= since)
                           .order_by(PrivateMessage.id.desc()).limit(1000)).all()
    found: dict[int, dict[str, Any]] = {}
    for r in rows:
        other = r.recipient_id if r.sender_id == me else r.sender_id
        entry = found.setdefault(other, {"last": message_json(r), "unread": 0})
        if r.recipient_id == me and r.read_at is None:
            entry["unread"] += 1
    names = dict(session.execute(select(User.id, User.name).where(
        User.id.in_(list(found)))).all()) if found else {}
    return [{"with": {"id": uid, "name": names.get(uid, "?")}, **e} for uid, e in found.items()]


def report_message(session: Session, me: int, message_id: int) -> int:
    """``me`` reports a message sent to them: stored (with its text) for the operators;
    the report's id. Once per message and person."""
    row = session.get(PrivateMessage, message_id)
    if row is None or row.recipient_id != me:
        raise SocialRefused(NO_MESSAGE)
    report = MessageReport(message_id=row.id, reporter_id=me, sender_id=row.sender_id,
                           text=row.text,
                           created_at=now_ms())
    try:
        with session.begin_nested():
            session.add(report)
    except IntegrityError:
        raise SocialRefused(ALREADY_REPORTED) from None
    return report.id
