"""The salon's limiters of accounts: new accounts per address, sign-in attempts per
(name, address) and per address, and what one account may open — tables open at once,
new tables a minute, the lobby's own cap (the whole table of limits is in
docs/server.md "Limits").

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

import math
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from kahvehane.server.errors import (
    GUEST_TABLES_OPEN,
    LOBBY_FULL,
    TABLES_OPEN,
    TABLES_PER_MINUTE,
    ProtocolError,
)
from kahvehane.server.protocol import now_ms
from kahvehane.server.settings import Settings
from kahvehane.store import Store
from kahvehane.store.models import SalonTable
from kahvehane.store.throttle import Count, add_hit, clear, read_count
from kahvehane.users import UserInfo

__all__ = ["NEW_ACCOUNT", "SIGN_IN_ADDRESS", "SIGN_IN_PAIR", "Limiter", "MemoryLimiter",
           "Rule", "StoreLimiter", "TableLimits", "wait_seconds"]


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


class MemoryLimiter:
    """A :class:`Limiter` in this process's memory: for short windows on one server,
    where a restart forgetting the counts costs nothing and a database write per
    attempt would be the flood's own weapon (600 creates, 600 writes)."""

    def __init__(self) -> None:
        self._counts: dict[str, Count] = {}

    def _current(self, key: str, rule: Rule, now: int) -> Count | None:
        found = self._counts.get(key)
        if found is not None and now - found.first_at >= rule.window * 1000:
            del self._counts[key]
            return None
        return found

    async def wait(self, key: str, rule: Rule) -> float:
        now = now_ms()
        return wait_seconds(self._current(key, rule, now), rule, now)

    async def hit(self, key: str, rule: Rule) -> float:
        now = now_ms()
        found = self._current(key, rule, now)
        count = Count(1 if found is None else found.count + 1,
                      now if found is None else found.first_at, now)
        if len(self._counts) > 10_000:  # forget the windows that are over
            self._counts = {k: c for k, c in self._counts.items()
                            if now - c.first_at < rule.window * 1000}
        self._counts[key] = count
        return wait_seconds(count, rule, now)

    async def clear(self, key: str) -> None:
        self._counts.pop(key, None)


class TableLimits:
    """What one account may open (issue 32: one guest opened 517 tables in 30 s), each
    refused with ``rate_limited`` and its own coded message, nothing opened:

    * the lobby's own cap: ``lobby_max_tables`` listed open tables in the salon (a
      friends' table is not listed, and is bounded by the next two);
    * ``tables_per_minute`` new tables per account — counted in memory on one server
      (:class:`MemoryLimiter`: a refused attempt costs no write), in Redis on a cluster
      (one count for every node); each attempt counts, and the count is one atomic
      hit, so a burst of creates cannot slip through together;
    * ``tables_open`` open tables managed by one account at once (``guest_tables_open``
      for a guest), counted in the database in the same write that saves the new
      table's row (one writer per node: a burst on one node cannot pass it together;
      on a cluster two nodes could each let one through at the same instant, which the
      minute's count bounds).

    A guest's table also closes sooner once nobody is left at it
    (``guest_idle_close``, :meth:`idle_close`)."""

    def __init__(self, settings: Settings, limiter: Limiter) -> None:
        self.settings = settings
        self.limiter = limiter

    def admit_listed(self, listed: int) -> None:
        """The lobby's cap, before a listed table is opened (``listed``: open now)."""
        cap = self.settings.lobby_max_tables
        if listed >= cap:
            raise ProtocolError("rate_limited", LOBBY_FULL, limit=cap)

    async def admit(self, user: UserInfo) -> None:
        """Count one new table of ``user`` this minute; refused past the limit."""
        per_minute = self.settings.tables_per_minute
        # the hit counts this attempt too: it may go while the count is at most the limit
        wait = await self.limiter.hit(f"tables:{user.id}",
                                      Rule(limit=per_minute + 1, window=60.0))
        if wait > 0:
            raise ProtocolError("rate_limited", TABLES_PER_MINUTE, limit=per_minute,
                                seconds=math.ceil(wait))

    def check_open(self, session: Session, user: UserInfo) -> None:
        """In the new table's own write: refused if ``user`` already manages as many
        open tables as it may."""
        cap = self.settings.guest_tables_open if user.guest else self.settings.tables_open
        n = session.scalar(select(func.count()).select_from(SalonTable).where(
            SalonTable.manager_id == user.id, SalonTable.closed_at.is_(None))) or 0
        if n >= cap:
            raise ProtocolError("rate_limited", GUEST_TABLES_OPEN if user.guest
                                else TABLES_OPEN, limit=cap)

    def idle_close(self, manager: UserInfo) -> float:
        """How long a waiting table of ``manager`` with nobody at it stays open."""
        s = self.settings
        return min(s.idle_close, s.guest_idle_close) if manager.guest else s.idle_close
