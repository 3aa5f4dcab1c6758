"""A table's numbered events: numbering, the texts kept for catch-up, and the epoch.

Every change of a table is an event numbered 1, 2, 3, ... for the life of the table in
this server process; a restart begins a new epoch and the numbers begin again
(``docs/protocol.md`` §3.4). Each event is encoded once, when it happens, and the last
``keep`` are kept as those texts, so a reconnecting client gets exactly what it missed.

>>> log = EventLog("t1", "e1", keep=2)
>>> [ev[0] for ev in (log.add("seats", {}), log.add("countdown", {}), log.add("back", {}))]
[1, 2, 3]
>>> [ev[0] for ev in log.since(1, "e1") or []], log.since(0, "e1"), log.since(2, "old")
([2, 3], None, None)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from kahvehane.games.base import Event
from kahvehane.server.protocol import dumps

__all__ = ["EventLog", "StoredEvent", "event_text"]

#: A numbered event, encoded once when it happens and kept for reconnecting clients:
#: ``(n, owner, public, private)``. ``public`` is the message's JSON text for everyone
#: (a game event as ``Event.for_seat(None)``); ``private`` (or ``None``) is the text with
#: ``Event.for_seat(seat)`` for ``owner``, the user id holding the event's seat. A plain
#: tuple of strings and integers: the garbage collector stops tracking it, so a thousand
#: tables' kept events cost full collections nothing.
StoredEvent = tuple[int, int | None, str, str | None]


def event_text(ev: StoredEvent, viewer_user: int | None) -> str:
    """The text of ``ev`` for a viewer (``viewer_user``: the user id of a seated viewer)."""
    if ev[3] is not None and viewer_user is not None and viewer_user == ev[1]:
        return ev[3]
    return ev[2]


class EventLog:
    """The events of one table: ``n`` is the last number given, ``epoch`` this server
    life's name."""

    __slots__ = ("epoch", "events", "n", "table_id")

    def __init__(self, table_id: str, epoch: str, keep: int) -> None:
        self.table_id = table_id
        self.epoch = epoch
        self.n = 0
        self.events: deque[StoredEvent] = deque(maxlen=keep)

    def add(self, kind: str, data: dict[str, Any] | None) -> StoredEvent:
        """A table event (``seats``, ``countdown``, ``deal_end``, ...)."""
        self.n += 1
        text = dumps({"type": "event", "table": self.table_id, "n": self.n, "kind": kind,
                      "data": data})
        ev: StoredEvent = (self.n, None, text, None)
        self.events.append(ev)
        return ev

    def add_game(self, event: Event, owner: int | None, *, auto: bool) -> StoredEvent:
        """An engine event; ``owner`` is the user id of the person holding the event's
        seat (who alone gets its private part), ``auto`` whether the server made the
        move for the seat."""
        self.n += 1
        msg: dict[str, Any] = {"type": "event", "table": self.table_id, "n": self.n,
                               "kind": "game", "data": event.for_seat(None), "auto": auto}
        private = None
        if owner is not None:
            private = dumps({**msg, "data": event.for_seat(event.seat)})
        ev: StoredEvent = (self.n, owner, dumps(msg), private)
        self.events.append(ev)
        return ev

    def since(self, last: Any, epoch: Any) -> list[StoredEvent] | None:
        """The events after ``last`` for a client that saw up to ``last`` in ``epoch``;
        ``None`` when that cannot be given (another epoch, not a number, or events no
        longer kept): the client needs a snapshot."""
        oldest = self.events[0][0] if self.events else self.n + 1
        if (isinstance(last, int) and not isinstance(last, bool) and epoch == self.epoch
                and oldest - 1 <= last <= self.n):
            return [ev for ev in self.events if ev[0] > last]
        return None

    @staticmethod
    def texts(items: Iterable[StoredEvent], viewer_user: int | None) -> list[str]:
        """The texts of ``items`` for one viewer (see :func:`event_text`)."""
        return [event_text(ev, viewer_user) for ev in items]
