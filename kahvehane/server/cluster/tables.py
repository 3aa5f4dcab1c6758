"""A node's lines to tables: the outbox of a table it owns, silent once the node has let
the table go; a table it opened for another node to own; the lobby lines of the other
nodes' tables; and who on this node watches which table (to join them again when a
table changes hands)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from kahvehane.server.cluster.redisbus import RedisBus
from kahvehane.server.protocol import JSONObj
from kahvehane.server.table import Command, Viewer
from kahvehane.server.table.access import Access

__all__ = ["RemoteTable", "TableOutbox", "apply_lobby_delta", "rejoins", "watched"]


class TableOutbox:
    """A table's outbox on a node: the bus, while the node holds the table in the
    incarnation it was opened in (``incarnations``: the node's, live); after that
    whatever the stale actor still says is dropped."""

    def __init__(self, bus: RedisBus, incarnations: Mapping[str, int], table_id: str,
                 incarnation: int) -> None:
        self.bus = bus
        self.incarnations = incarnations
        self.table_id = table_id
        self.incarnation = incarnation

    def _current(self) -> bool:
        return self.incarnations.get(self.table_id) == self.incarnation

    def deliver(self, viewers: Iterable[Viewer], texts: Sequence[str]) -> None:
        if self._current():
            self.bus.deliver(viewers, texts, (self.table_id, self.incarnation))

    def attached(self, viewer: Viewer, table_id: str) -> None:
        if self._current():
            self.bus.attached(viewer, table_id)

    def detached(self, viewer: Viewer, table_id: str) -> None:
        if self._current():
            self.bus.detached(viewer, table_id)


class RemoteTable:
    """A table this node opened for another node to own: its first line, and the way to
    it (its command stream)."""

    def __init__(self, table_id: str, info: JSONObj, bus: RedisBus, access: Access) -> None:
        self.id = table_id
        self.access = access
        self._info = info
        self._bus = bus

    def info(self) -> JSONObj:
        return self._info

    def submit(self, cmd: Command) -> None:
        self._bus.forward(self.id, cmd)


def apply_lobby_delta(remote: dict[str, JSONObj], texts: Iterable[str]) -> None:
    """Bring ``remote`` (table id → lobby line) up to a lobby flush's ``texts``."""
    for text in texts:
        msg = orjson.loads(text)
        if msg["type"] == "lobby_update":
            remote[msg["table"]["id"]] = msg["table"]
        elif msg["type"] == "lobby_remove":
            remote.pop(msg["table"], None)


def watched(gateways: Iterable[object]) -> set[str]:
    """The tables the connections of ``gateways`` watch (a gateway's ``watching``:
    connection id → table ids)."""
    out: set[str] = set()
    for gateway in gateways:
        for tables in getattr(gateway, "watching", {}).values():
            out.update(tables)
    return out


def rejoins(gateways: Iterable[object], table_id: str) -> list[Command]:
    """A ``join`` of ``table_id`` for each connection of ``gateways`` that watches it:
    sent to its new owner, each gets a snapshot of the new epoch."""
    out: list[Command] = []
    for gateway in gateways:
        watching: dict[int, set[str]] = getattr(gateway, "watching", {})
        conns: dict[int, Any] = getattr(gateway, "conns", {})
        for conn_id, tables in list(watching.items()):
            conn = conns.get(conn_id)
            if table_id in tables and conn is not None:
                out.append(Command("join", conn.viewer, {"type": "join", "table": table_id}))
    return out
