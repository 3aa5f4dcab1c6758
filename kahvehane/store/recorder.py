"""What a table writes, and reads, in the database: one method per kind of write, each one
transaction (or one group-committed insert), over the store's three primitives.

The salon's table (``kahvehane/server/table/``) names these methods in its
:class:`~kahvehane.server.table.recorder.Recorder` contract and reaches the database
through nothing else. Two classes implement them by inheriting :class:`TableRecorder`:
:class:`~kahvehane.store.db.Store` (one server process) and
:class:`~kahvehane.store.fence.FencedStore` (a node of a cluster: every write carries the
table's fence). Each subclass supplies ``write`` (one function, one transaction),
``insert`` (rows, group-committed) and ``read``.

Adding a write a table needs: the function of the session here (or in the module of
its rows), a method here that runs it, and the same method in the table's
``Recorder`` (docs/architecture.md, "Adding a table write").
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Table
from sqlalchemy.orm import Session

from kahvehane.games.base import MatchSummary
from kahvehane.store import matches, tables
from kahvehane.store.accounts import chips_of
from kahvehane.store.matches import ACTIONS, DEALS, FinishedMatch, StartedMatch
from kahvehane.store.standings import play_rule, seat_outcomes
from kahvehane.store.tables import CHAT_LINES

__all__ = ["TableRecorder"]

T = TypeVar("T")
JSON = dict[str, Any]


class TableRecorder(ABC):
    """The table's writes and reads, by what they mean."""

    # ---------------------------------------------------------------- primitives
    @abstractmethod
    async def write(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` in its own transaction."""

    @abstractmethod
    async def insert(self, target: Table, rows: list[dict[str, Any]]) -> None:
        """Insert ``rows`` into ``target``, group-committed with other inserts."""

    @abstractmethod
    async def read(self, fn: Callable[[Session], T]) -> T:
        """Run ``fn(session)`` without a commit."""

    # ---------------------------------------------------------------- people and seats
    async def chips_of(self, user_id: int) -> int:
        """The chips ``user_id`` holds now."""
        return await self.read(lambda s: chips_of(s, user_id))

    async def save_seats(self, table_id: str, seats: Sequence[int | None]) -> None:
        """Who sits where between matches (user ids, ``None``: empty)."""
        who = list(seats)
        await self.write(lambda s: tables.save_seats(s, table_id, who))

    async def save_seat_flags(self, match_id: int, flags: Sequence[str]) -> None:
        """Who is away in the running match (``""``, ``"away"`` or ``"left"`` a seat)."""
        saved = list(flags)
        await self.write(lambda s: matches.save_seat_flags(s, match_id, saved))

    async def save_settings(self, table_id: str, *, watcher_chat: bool) -> None:
        """The table's talk setting."""
        await self.write(lambda s: tables.save_settings(s, table_id,
                                                        watcher_chat=watcher_chat))

    async def save_chat_line(self, table_id: str, match_id: int | None, line: JSON) -> None:
        """A line of table talk (docs/protocol.md ``ChatLine``), with the match it was
        said during (never in the game record)."""
        await self.insert(CHAT_LINES, [tables.chat_row(table_id, match_id, line)])

    async def close_table(self, table_id: str) -> None:
        """The table closed (it is restored no more)."""
        await self.write(lambda s: tables.close_table(s, table_id))

    # ---------------------------------------------------------------- the match
    async def start_match(self, table_id: str, game: str, options: JSON,
                          players: Sequence[str], seat_users: Sequence[int | None],
                          bots: Sequence[str | None], entry: int | None) -> StartedMatch:
        """The match's row and its entries, all or nothing (``InsufficientChips``
        names the person short of the entry)."""
        names, users, kinds = list(players), list(seat_users), list(bots)
        return await self.write(lambda s: matches.start_match(
            s, table_id, game, options, names, users, kinds, entry))

    async def save_deal(self, match_id: int, k: int, seed: str, commitment: str) -> None:
        """Deal ``k``'s secret seed and its published commitment."""
        await self.insert(DEALS, [matches.deal_row(match_id, k, seed, commitment)])

    async def save_action(self, match_id: int, k: int, i: int, action: JSON,
                          auto: bool = False) -> None:
        """Action ``i`` of deal ``k`` (its record form; ``auto``: the server made it for
        its seat — a bot's, or a bot playing for an away person or one who left)."""
        await self.insert(ACTIONS, [matches.action_row(match_id, k, i, action, auto)])

    async def save_seat_changes(self, match_id: int, changes: Sequence[JSON]) -> None:
        """Every seat change of the match so far (docs/records.md "Seat changes")."""
        saved = list(changes)
        await self.write(lambda s: matches.save_seat_changes(s, match_id, saved))

    async def finish_match(self, match_id: int, summary: MatchSummary, result: JSON,
                           record: JSON, players: Sequence[str],
                           seat_users: Sequence[int | None],
                           flags: Sequence[str] = ()) -> FinishedMatch:
        """Settle the chips and write the standings, the ratings and the record, one
        transaction (``seat_users``: the people at the seats now, ``players``: the names
        shown, ``flags``: who had left, :meth:`save_seat_flags`). Which seats count is
        :func:`~kahvehane.store.standings.play_rule` of who decided the saved actions."""
        outcomes = seat_outcomes(summary, players, seat_users)
        left = list(flags)

        def op(s: Session) -> FinishedMatch:
            decided = matches.decisions(s, match_id, len(outcomes))
            return matches.finish_match(s, match_id, summary, result, record,
                                        play_rule(outcomes, left, decided))

        return await self.write(op)

    async def abort_match(self, match_id: int, reason: str,
                          stay: Sequence[int | None]) -> int | None:
        """End a match without a result, every entry refunded (``stay``: who keeps their
        seat); the table's Kasa after."""
        seats = list(stay)
        return await self.write(lambda s: matches.abort_match(s, match_id, reason, seats))
