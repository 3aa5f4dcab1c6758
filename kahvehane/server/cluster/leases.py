"""A node's leases on its tables in Redis — renewed together by one Lua compare, given
back together (only those that are still the node's) — and its presence among the live
nodes (docs/scaling.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from kahvehane.server.cluster.keys import Keys
from kahvehane.server.protocol import now_ms

__all__ = ["Leases"]

# KEYS: leases; ARGV: node, ms. Per key 1: renewed (or taken again: Redis had lost it,
# nobody else took it), 0: another node has it.
_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[1] then redis.call('PEXPIRE', key, ARGV[2]); out[i] = 1
  elseif not v then redis.call('SET', key, ARGV[1], 'PX', ARGV[2]); out[i] = 1
  else out[i] = 0 end
end
return out
"""
# KEYS: leases; ARGV: node. Let go of the ones that are still ours.
_RELEASE = """
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 1
"""


class Leases:
    """The leases of ``node`` (each ``ms`` long) on the tables it owns."""

    def __init__(self, redis: Any, keys: Keys, node: str, ms: int) -> None:
        self.redis = redis
        self.keys = keys
        self.node = node
        self.ms = ms
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    async def renew(self, tables: Sequence[str]) -> list[bool]:
        """Renew the leases of ``tables``: for each, whether it is still this node's."""
        if not tables:
            return []
        got = await self._renew(keys=[self.keys.lease(t) for t in tables],
                                args=[self.node, self.ms])
        return [bool(ok) for ok in got]

    async def release(self, tables: Sequence[str]) -> None:
        """Give back the leases of ``tables`` that are still this node's."""
        if tables:
            await self._release(keys=[self.keys.lease(t) for t in tables], args=[self.node])

    async def present(self, load: int) -> None:
        """This node is alive, with ``load`` tables (owned and being claimed)."""
        await self.redis.hset(self.keys.nodes, self.node,
                              orjson.dumps({"load": load, "at": now_ms()}))

    async def live_nodes(self) -> dict[str, int]:
        """Live nodes (a heartbeat within three leases) and their loads."""
        raw = await self.redis.hgetall(self.keys.nodes)
        cutoff = now_ms() - 3 * self.ms
        out: dict[str, int] = {}
        for node, value in raw.items():
            presence = orjson.loads(value)
            if presence["at"] >= cutoff:
                out[node.decode()] = int(presence["load"])
        return out
