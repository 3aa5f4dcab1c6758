"""The command streams of the tables a node owns, read in order and handed to their
tables (docs/scaling.md).

A gateway puts each command for a table on that table's stream and rings the owner
(:mod:`.redisbus`). The owner reads the streams that rang, and every stream it owns
once a heartbeat (a doorbell lost with a connection costs at most that), so one read
costs what has news rather than every table the node owns. It reads only while the
node's leases surely hold: a node that may have lost a table must not act for it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from redis.exceptions import RedisError

from kahvehane.server.cluster.redisbus import RedisBus, command_from
from kahvehane.server.errors import TABLE_MOVING, ProtocolError
from kahvehane.server.protocol import dumps, error_message, message_id
from kahvehane.server.table import Command

__all__ = ["COMMANDS_AT_ONCE", "CommandStreams"]

#: Commands read from one table's stream in one read.
COMMANDS_AT_ONCE = 200

#: Hand a command to the table of this node named, if it has it (``False``: it has not).
Submit = Callable[[str, Command], bool]


class CommandStreams:
    """Where each owned table's stream is read from, and the loop that reads them."""

    def __init__(self, bus: RedisBus, lease_fresh: Callable[[], bool], every: float,
                 submit: Submit) -> None:
        self.bus = bus
        self.lease_fresh = lease_fresh
        self.every = every  # seconds between reads of every owned stream
        self.submit = submit
        self.read_from: dict[str, bytes | str] = {}  # owned table -> stream position
        self._rung: set[str] = set()  # owned tables whose streams rang since the last read
        self._bell = asyncio.Event()

    def own(self, table_id: str, position: bytes | str) -> None:
        """Read ``table_id``'s stream from after ``position`` on (now, and on)."""
        self.read_from[table_id] = position
        self.ring(table_id)  # what came after the position, before the lease

    def drop(self, table_id: str) -> None:
        self.read_from.pop(table_id, None)

    def ring(self, table_id: str) -> None:
        """A table's stream has news (its doorbell, or this node's own claim)."""
        self._rung.add(table_id)
        self._bell.set()

    async def run(self) -> None:
        """Read the streams, in order, for ever (see the module's text)."""
        redis: Any = self.bus.redis
        loop = asyncio.get_running_loop()
        swept = loop.time()
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._bell.wait(), timeout=self.every)
            self._bell.clear()
            if not self.read_from or not self.lease_fresh():
                await asyncio.sleep(0.05)
                self._rung.intersection_update(self.read_from)  # (rings of tables let go)
                if self._rung:
                    self._bell.set()  # (read them once the leases are renewed)
                continue
            if loop.time() - swept >= self.every:
                swept = loop.time()
                tables = list(self.read_from)
            else:
                tables = [t for t in self._rung if t in self.read_from]
            self._rung.clear()
            if not tables:
                continue
            streams = {self.bus.keys.commands(t): self.read_from[t] for t in tables}
            try:
                got = await redis.xread(streams, count=COMMANDS_AT_ONCE)
            except (RedisError, OSError) as exc:
                self.bus._unhealthy(exc)
                self._rung.update(tables)
                await asyncio.sleep(0.5)
                self._bell.set()
                continue
            if not self.lease_fresh():
                self._rung.update(tables)
                self._bell.set()
                continue  # read again once renewed (or the tables let go)
            for stream, entries in got or ():
                self._hand_over(stream.decode().rsplit(":", 1)[1], entries)

    def _hand_over(self, table_id: str, entries: list[Any]) -> None:
        """The commands read from ``table_id``'s stream, to its table; a table this
        node no longer has answers each viewer that it is moving."""
        if table_id not in self.read_from:
            return
        if len(entries) == COMMANDS_AT_ONCE:
            self.ring(table_id)  # more may wait behind them
        for entry_id, fields in entries:
            self.read_from[table_id] = entry_id
            cmd = command_from(fields[b"c"])
            if not self.submit(table_id, cmd) and cmd.viewer is not None:
                moving = ProtocolError("unavailable", TABLE_MOVING)
                self.bus.deliver((cmd.viewer,), [dumps(error_message(
                    moving, msg_id=message_id(cmd.msg), table=table_id))])
