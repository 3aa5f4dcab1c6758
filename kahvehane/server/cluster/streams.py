"""The command streams of the tables a node owns, read in order and handed to their
tables (docs/scaling.md).

A gateway puts each command for a table on that table's stream and rings the owner
(:mod:`.redisbus`). The owner reads the streams that rang, and every stream it owns
once a heartbeat (a doorbell lost with a connection costs at most that), so one read
costs what has news rather than every table the node owns. It reads only while the
node's leases surely hold: a node that may have lost a table must not act for it.

How far each stream was read is kept in Redis (hash ``<prefix>:read``), moved in the
same Lua call that reads, and only by the node the table's lease names. So a command
that reaches a table between owners — its owner dead, its lease not yet run out or
not yet taken — waits in the stream, and the new owner reads it from there: a ``join``
sent in a failover's lease gap gets its snapshot from the new owner, never silence.
What a dead owner had read is never read again (nothing is applied twice).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from redis.exceptions import RedisError

from kahvehane.server.cluster.redisbus import RedisBus, command_from
from kahvehane.server.table import Command

__all__ = ["COMMANDS_AT_ONCE", "CommandStreams"]

#: Commands read from one table's stream in one read.
COMMANDS_AT_ONCE = 200

#: Hand a command to the table of this node named, if it has it (``False``: it has not).
Submit = Callable[[str, Command], bool]

# KEYS: the read positions' hash, then a stream and a lease per table; ARGV: the node,
# the count, then a table id and the position to read after, per table. Reads each
# table whose lease names the node, and moves its position in the same call (a dead
# node's unread commands are its successor's). Returns {table, entries} per table read.
_READ = """
local out = {}
for i = 1, (#KEYS - 1) / 2 do
  local stream, lease = KEYS[2 * i], KEYS[2 * i + 1]
  local table_id, from = ARGV[2 * i + 1], ARGV[2 * i + 2]
  if redis.call('GET', lease) == ARGV[1] then
    local got = redis.call('XRANGE', stream, '(' .. from, '+', 'COUNT', ARGV[2])
    if #got > 0 then
      redis.call('HSET', KEYS[1], table_id, got[#got][1])
      out[#out + 1] = {table_id, got}
    end
  end
end
return out
"""


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
        self._read = bus.redis.register_script(_READ)

    async def start_at(self, table_id: str) -> bytes | str:
        """Where a new owner of ``table_id`` reads its stream from: after the last
        command any owner read (``0-0``: every command, for a new table or one whose
        owner read nothing)."""
        pos = await self.bus.redis.hget(self.bus.keys.read, table_id)
        return pos if pos is not None else "0-0"

    async def forget(self, table_id: str) -> None:
        """A closed table's stream and read position go."""
        keys = self.bus.keys
        pipe = self.bus.redis.pipeline(transaction=False)
        pipe.hdel(keys.read, table_id)
        pipe.delete(keys.commands(table_id))
        await pipe.execute()

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
            keys = self.bus.keys
            streams: list[str] = [keys.read]
            args: list[Any] = [self.bus.node, COMMANDS_AT_ONCE]
            for t in tables:
                streams += [keys.commands(t), keys.lease(t)]
                args += [t, self.read_from[t]]
            try:
                got = await self._read(keys=streams, args=args)
            except (RedisError, OSError) as exc:
                self.bus._unhealthy(exc)
                self._rung.update(tables)
                await asyncio.sleep(0.5)
                self._bell.set()
                continue
            # (what was read is this node's to hand over: Redis moved the position as
            # the lease named this node; the actors' writes are fenced in the database)
            for table_id, entries in got or ():
                self._hand_over(table_id.decode(), entries)

    def _hand_over(self, table_id: str, entries: list[Any]) -> None:
        """The commands read from ``table_id``'s stream (``[id, [field, value, ...]]``
        each), to its table. A table this node let go of while they were on the way
        gets them back on its stream, for its next owner: never dropped."""
        held = table_id in self.read_from
        if held and len(entries) == COMMANDS_AT_ONCE:
            self.ring(table_id)  # more may wait behind them
        for entry_id, fields in entries:
            payload = dict(zip(fields[::2], fields[1::2], strict=True))[b"c"]
            cmd = command_from(payload)
            if held:
                self.read_from[table_id] = entry_id
                if self.submit(table_id, cmd):
                    continue
            if cmd.viewer is not None:
                self.bus.forward(table_id, cmd)
