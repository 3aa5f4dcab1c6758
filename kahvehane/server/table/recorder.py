"""The table's only way to the database: the writes (and the one read) a table makes, by
what they mean, as a typed contract.

A table never builds a query nor names the store's modules: it asks its
:class:`Recorder`. :class:`kahvehane.store.db.Store` (one server process) and
:class:`kahvehane.store.fence.FencedStore` (a node of a cluster, every write fenced by
the table's incarnation) both implement it, through
:class:`kahvehane.store.recorder.TableRecorder`; tests give a table one over an
in-memory database. ``tests/test_architecture.py`` holds every other module of
``kahvehane/server/table/`` to importing the store through this one.

Every write either commits or raises (the database's error, or
:class:`InsufficientChips` for an entry a person cannot pay): the caller then undoes
what it had not saved and says ``storage_failed`` (docs/protocol.md "Saved before
told").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kahvehane.games.base import MatchSummary
from kahvehane.store.ledger import InsufficientChips
from kahvehane.store.matches import FinishedMatch, StartedMatch

__all__ = ["FinishedMatch", "InsufficientChips", "Recorder", "StartedMatch"]

JSON = dict[str, Any]


class Recorder(Protocol):
    """What a table writes and reads (see :class:`kahvehane.store.recorder.TableRecorder`
    for what each one does in the database)."""

    # ---------------------------------------------------------------- people and seats
    async def chips_of(self, user_id: int) -> int: ...

    async def save_seats(self, table_id: str, seats: Sequence[int | None]) -> None: ...

    async def save_seat_flags(self, match_id: int, flags: Sequence[str]) -> None: ...

    async def save_settings(self, table_id: str, *, watcher_chat: bool) -> None: ...

    async def save_chat_line(self, table_id: str, match_id: int | None,
                             line: JSON) -> None: ...

    async def close_table(self, table_id: str) -> None: ...

    # ---------------------------------------------------------------- the match
    async def start_match(self, table_id: str, game: str, options: JSON,
                          players: Sequence[str], seat_users: Sequence[int | None],
                          bots: Sequence[str | None], entry: int | None) -> StartedMatch: ...

    async def save_deal(self, match_id: int, k: int, seed: str, commitment: str) -> None: ...

    async def save_action(self, match_id: int, k: int, i: int, action: JSON,
                          auto: bool = False) -> None: ...

    async def save_seat_changes(self, match_id: int, changes: Sequence[JSON]) -> None: ...

    async def finish_match(self, match_id: int, summary: MatchSummary, result: JSON,
                           record: JSON, players: Sequence[str],
                           seat_users: Sequence[int | None],
                           flags: Sequence[str] = ()) -> FinishedMatch: ...

    async def abort_match(self, match_id: int, reason: str,
                          stay: Sequence[int | None]) -> int | None: ...
