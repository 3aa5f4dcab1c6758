"""The limiters' counts in the database (table ``throttle``): one row per key, a count
of hits in a window that starts at the first hit. The policy (how many, how long, what
a client sees) is :mod:`kahvehane.server.limits`; this module only counts."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete
from sqlalchemy.orm import Session

from kahvehane.store.models import ThrottleRow


@dataclass(frozen=True, slots=True)
class Count:
    """Hits of a key since ``first_at`` (ms), the last at ``last_at``."""

    count: int
    first_at: int
    last_at: int


def read_count(session: Session, key: str, now: int, window_ms: int) -> Count | None:
    """The key's count, or ``None`` if it has none or its window is over."""
    row = session.get(ThrottleRow, key)
    if row is None or now - row.first_at >= window_ms:
        return None
    return Count(row.count, row.first_at, row.last_at)


def add_hit(session: Session, key: str, now: int, window_ms: int) -> Count:
    """One more hit of ``key`` at ``now``; a window that is over starts again."""
    row = session.get(ThrottleRow, key, with_for_update=True)
    if row is None:
        row = ThrottleRow(key=key, count=0, first_at=now, last_at=now)
        session.add(row)
    elif now - row.first_at >= window_ms:
        row.count, row.first_at = 0, now
    row.count += 1
    row.last_at = now
    session.flush()
    return Count(row.count, row.first_at, row.last_at)


def clear(session: Session, key: str) -> None:
    session.execute(delete(ThrottleRow).where(ThrottleRow.key == key))
