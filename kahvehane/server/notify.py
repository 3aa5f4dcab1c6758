"""Telling a person something wherever they are in the site (issue 30): a
notification is saved first, then pushed to every connection of theirs over the bus
(on a cluster, to every node: :meth:`~kahvehane.server.cluster.redisbus.RedisBus.to_people`).

Server → client messages (docs/protocol.md §3.7): ``notice`` (a new or grown
notification, with the unread count), ``notices_read`` (the count after some were
marked read, so that every tab's bell agrees) and ``pm`` (a private message, to both
people, so that an open conversation shows it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy.orm import Session

from kahvehane.server.bus import LocalBus
from kahvehane.server.protocol import dumps
from kahvehane.store import Store
from kahvehane.store.notices import add_notice, unread_count

__all__ = ["notify", "push", "push_notice"]


def push(bus: LocalBus, user_ids: Iterable[int], msg: dict[str, Any]) -> None:
    """``msg`` to every connection of ``user_ids``."""
    bus.to_people(user_ids, [dumps(msg)])


def push_notice(bus: LocalBus, user_id: int, notice: dict[str, Any], unread: int) -> None:
    push(bus, (user_id,), {"type": "notice", "notice": notice, "unread": unread})


async def notify(store: Store, bus: LocalBus, user_ids: Iterable[int], kind: str,
                 data: dict[str, Any]) -> None:
    """Save a ``kind`` notification for each of ``user_ids``, then push each its own."""
    ids = list(user_ids)

    def op(s: Session) -> list[tuple[int, dict[str, Any], int]]:
        return [(uid, add_notice(s, uid, kind, data), unread_count(s, uid)) for uid in ids]

    for uid, notice, unread in await store.write(op):
        push_notice(bus, uid, notice, unread)
