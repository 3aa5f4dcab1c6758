"""The salon's limiters of accounts: new accounts per address, and sign-in attempts
per (name, address) and per address (the whole table of limits is in docs/server.md).

A limiter counts hits of a key (:class:`Rule` says how many in how long, and whether
each hit beyond the free ones adds a growing delay). :class:`Limiter` is the interface;
:class:`StoreLimiter` keeps the counts in the database, so that a restart forgets
nothing, and a salon on several nodes can give all of them one limiter backed by Redis
(the same three calls).

Why a delay per (name, address) and not a lock per name: a lock per name lets anyone
lock an owner out by typing wrong passwords for them; a delay that grows per (name,
address) slows a guesser at that address and leaves the owner, at any other address,
untouched — and even at the same address the owner waits at most ``delay_cap``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from kahvehane.server.protocol import now_ms
from kahvehane.store import Store
from kahvehane.store.throttle import Count, add_hit, clear, read_count

__all__ = ["NEW_ACCOUNT", "SIGN_IN_ADDRESS", "SIGN_IN_PAIR", "Limiter", "Rule",
           "StoreLimiter", "wait_seconds"]


@dataclass(frozen=True, slots=True)
class Rule:
    """At most ``limit`` hits per ``window`` seconds; with ``delay_base``, each hit
    beyond ``limit`` makes the next wait ``delay_base`` × 2^(extra hits − 1) seconds
    after it, at most ``delay_cap`` (so the key is slowed, never shut)."""

    limit: int
    window: float
    delay_base: float | None = None
    delay_cap: float = 0.0


#: Sign-in failures for one name from one address: 3 free, then 2 s, 4 s, ... ≤ 5 min.
SIGN_IN_PAIR = Rule(limit=3, window=86_400.0, delay_base=2.0, delay_cap=300.0)
#: Sign-in failures from one address, whatever the names: 30 in 15 minutes.
SIGN_IN_ADDRESS = Rule(limit=30, window=900.0)


def NEW_ACCOUNT(per_hour: int) -> Rule:
    """New accounts (guests and sign-ups) from one address: ``per_hour`` an hour."""
    return Rule(limit=per_hour, window=3600.0)


def wait_seconds(count: Count | None, rule: Rule, now: int) -> float:
    """How long the key must wait before its next attempt (0: it may go now).

    >>> r = Rule(limit=3, window=60, delay_base=2, delay_cap=10)
    >>> [wait_seconds(Count(n, 0, 1000), r, 1000) for n in (2, 3, 4, 5, 9)]
    [0.0, 0.0, 2.0, 4.0, 10.0]
    >>> wait_seconds(Count(5, 0, 0), Rule(limit=5, window=60), 15_000)
    45.0
    """
    if count is None or count.count < rule.limit:
        return 0.0
    if rule.delay_base is None:
        return max(0.0, (count.first_at + rule.window * 1000 - now) / 1000)
    extra = count.count - rule.limit
    if extra <= 0:
        return 0.0
    delay = min(rule.delay_cap, rule.delay_base * 2.0 ** (extra - 1))
    return max(0.0, (count.last_at + delay * 1000 - now) / 1000)


class Limiter(Protocol):
    """Counts of keys, shared by every node of a salon."""

    async def wait(self, key: str, rule: Rule) -> float:
        """Seconds ``key`` must wait before its next attempt (0: now)."""
        ...

    async def hit(self, key: str, rule: Rule) -> float:
        """Count one attempt of ``key``; how long the next one must then wait."""
        ...

    async def clear(self, key: str) -> None:
        """Forget ``key`` (a correct password clears its (name, address) count)."""
        ...


class StoreLimiter:
    """A :class:`Limiter` in the salon's database (table ``throttle``)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def wait(self, key: str, rule: Rule) -> float:
        now = now_ms()
        window = int(rule.window * 1000)
        count = await self.store.read(lambda s: read_count(s, key, now, window))
        return wait_seconds(count, rule, now)

    async def hit(self, key: str, rule: Rule) -> float:
        now = now_ms()
        window = int(rule.window * 1000)
        count = await self.store.write(lambda s: add_hit(s, key, now, window))
        return wait_seconds(count, rule, now)

    async def clear(self, key: str) -> None:
        await self.store.write(lambda s: clear(s, key))
