"""The salon's limiters in Redis when it runs on several nodes, so that a limit per
address or per name is one limit for the whole salon, not one per node (the same three
calls as :class:`~kahvehane.server.limits.StoreLimiter`; the policy, :func:`wait_seconds`,
is shared)."""

from __future__ import annotations

from typing import Any

from kahvehane.server.cluster.keys import Keys
from kahvehane.server.limits import Rule, wait_seconds
from kahvehane.server.protocol import now_ms
from kahvehane.store.throttle import Count

__all__ = ["RedisLimiter"]

# KEYS: the key's hash; ARGV: now (ms), window (ms). One hit, atomically: a window that
# is over starts again. Returns count, first, last.
_HIT = """
local first = tonumber(redis.call('HGET', KEYS[1], 'first'))
local now, window = tonumber(ARGV[1]), tonumber(ARGV[2])
if not first or now - first >= window then
  redis.call('HSET', KEYS[1], 'count', 0, 'first', now)
  first = now
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', now)
redis.call('PEXPIRE', KEYS[1], window)
return {count, first, now}
"""


class RedisLimiter:
    """A :class:`~kahvehane.server.limits.Limiter` shared by every node (hash
    ``<prefix>:limit:<key>``: count, first and last hit, expiring with its window)."""

    def __init__(self, redis: Any, keys: Keys) -> None:
        self.redis = redis
        self.keys = keys
        self._hit = redis.register_script(_HIT)

    async def wait(self, key: str, rule: Rule) -> float:
        now = now_ms()
        count, first, last = await self.redis.hmget(self.keys.limit(key),
                                                     ["count", "first", "last"])
        found = None
        if count is not None and first is not None and now - int(first) < rule.window * 1000:
            found = Count(int(count), int(first), int(last or first))
        return wait_seconds(found, rule, now)

    async def hit(self, key: str, rule: Rule) -> float:
        now = now_ms()
        count, first, last = await self._hit(keys=[self.keys.limit(key)],
                                             args=[now, int(rule.window * 1000)])
        return wait_seconds(Count(int(count), int(first), int(last)), rule, now)

    async def clear(self, key: str) -> None:
        await self.redis.delete(self.keys.limit(key))
