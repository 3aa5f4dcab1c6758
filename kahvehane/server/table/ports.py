"""What a table talks through, and nothing else: the values it is sent and the two ports
it sends through.

A table knows no sockets. A command reaches it carrying a :class:`Viewer` — a value
naming who sent it (the gateway and the connection there, and the signed-in user) — and
whatever the table says goes out through its :class:`Outbox` as finished JSON texts
addressed to viewers. Changes the lobby must hear of, and the table's closing, go to
its :class:`Host`. In one process the outbox is an in-process bus
(:class:`kahvehane.server.bus.LocalBus`) and the host the :class:`~kahvehane.server.salon.Salon`;
the same two ports let a bus over Redis carry them between nodes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kahvehane.users import UserInfo

__all__ = ["Command", "Host", "Outbox", "Viewer"]


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who is at the other end: connection ``conn`` of gateway ``gateway``, signed in as
    ``user`` (``None``: an anonymous spectator). A value: equal viewers are the same
    connection."""

    gateway: str
    conn: int
    user: UserInfo | None


@dataclass(slots=True)
class Command:
    """One thing for a table to do, in its queue: a client message (``kind`` is its
    ``type``, ``msg`` the message, ``viewer`` who sent it) or the table's own (a timer,
    ``resume``, ``shutdown``, ``detach``)."""

    kind: str
    viewer: Viewer | None = None
    msg: dict[str, Any] = field(default_factory=dict)
    token: int = 0
    #: ``time.perf_counter()`` when this process received it (0: not stamped), for the
    #: move latency (:mod:`kahvehane.server.tally`)
    at: float = 0.0


class Outbox(Protocol):
    """Where a table's texts go. ``deliver`` hands the same texts, in order, to each of
    ``viewers`` (one message each; a viewer whose connection is gone is skipped);
    ``attached`` / ``detached`` tell the viewer's gateway that it now watches, or no
    longer watches, a table (so that a closing connection is detached from each)."""

    def deliver(self, viewers: Iterable[Viewer], texts: Sequence[str]) -> None: ...

    def attached(self, viewer: Viewer, table_id: str) -> None: ...

    def detached(self, viewer: Viewer, table_id: str) -> None: ...


class Host(Protocol):
    """What owns a table: told when the lobby's line for it changes (it reads the
    table's ``info()`` when it publishes) and when the table has closed."""

    def lobby_changed(self, table_id: str) -> None: ...

    def table_closed(self, table_id: str) -> None: ...

    def match_started(self, table_id: str, game: str, user_ids: list[int]) -> None:
        """A match began at the table with these people seated (their notification)."""
        ...
