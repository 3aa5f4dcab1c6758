"""A table's match and the persistence contract around it: **saved before told**.

Every accepted action and every deal (its secret seed and published commitment) is
written to the database before the table numbers it or tells anyone. If a write fails,
what it would have saved is undone in memory too — a deal is dropped, a deal whose
action was not saved is rebuilt from its setup and its saved actions — and
:class:`~kahvehane.server.errors.NotSaved` is raised: the match is then exactly what the
database holds. A match's end (settlement, standings, record) is one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kahvehane.fair import commitment, new_seed
from kahvehane.games.base import Action, DealResult, DealState, Event, GameRules
from kahvehane.match import Match
from kahvehane.records import replay
from kahvehane.server.errors import (
    ACTION_NOT_SAVED,
    DEAL_NOT_SAVED,
    END_NOT_SAVED,
    SEATS_NOT_SAVED,
    NotSaved,
)
from kahvehane.server.table.recorder import FinishedMatch, Recorder, StartedMatch

__all__ = ["CannotSetUp", "DealOver", "InjectedFault", "MatchSession"]


class CannotSetUp(Exception):
    """The engine refused to set up a match (its options, its players): nothing was
    written, no chip moved."""


class InjectedFault(RuntimeError):
    """A failure the salon was told to make (``--fault``, :data:`~kahvehane.server.
    settings.FAULTS`), standing for an engine error at that step."""


def _inject(faults: frozenset[str], step: str) -> None:
    if step in faults:
        raise InjectedFault(f"injected fault: {step}")


@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal that has just ended: its number, revealed seed, commitment and result."""

    k: int
    seed: str | int | None
    commitment: str | None
    result: DealResult


class MatchSession:
    """The running match of one table (``match_id``: its row in the database)."""

    def __init__(self, recorder: Recorder, match: Match, match_id: int,
                 faults: frozenset[str] = frozenset(),
                 seat_changes: list[dict[str, Any]] | None = None) -> None:
        self.recorder = recorder
        self.match = match
        self.match_id = match_id
        self.faults = faults
        #: who took a seat over, and from where (docs/records.md "Seat changes")
        self.seat_changes: list[dict[str, Any]] = list(seat_changes or [])

    @classmethod
    async def start(cls, recorder: Recorder, table_id: str, rules: GameRules,
                    options: dict[str, Any], players: list[str],
                    seat_users: list[int | None], bots: list[str | None],
                    entry: int | None, faults: frozenset[str] = frozenset()
                    ) -> tuple[MatchSession, StartedMatch]:
        """Create the match in the database, with its entries (all or nothing); the
        error of a failed start (``InsufficientChips``, or the database's) propagates.
        The engine's match is made first: if the engine refuses, nothing is written."""
        game = rules.name
        try:
            match = Match(rules, options, players=players)
        except Exception as exc:
            raise CannotSetUp(str(exc)) from exc
        started = await recorder.start_match(table_id, game, options, players, seat_users,
                                             bots, entry)
        return cls(recorder, match, started.match_id, faults), started

    @classmethod
    def restore(cls, recorder: Recorder, match_id: int, record: dict[str, Any],
                faults: frozenset[str] = frozenset()) -> MatchSession:
        """An unfinished match from its record (after a restart); whatever the engine
        raises for a record it cannot replay propagates."""
        _inject(faults, "restore")
        changes = record.get("seat_changes")
        return cls(recorder, replay(record), match_id, faults,
                   changes if isinstance(changes, list) else None)

    # ---------------------------------------------------------------- reading
    @property
    def current(self) -> DealState | None:
        """The deal in progress (``None`` between deals and after the match)."""
        return self.match.current

    @property
    def state(self) -> DealState | None:
        """The last deal's state, in progress or over (``None`` before the first)."""
        deals = self.match.deals
        return deals[-1].state if deals else None

    @property
    def complete(self) -> bool:
        return self.match.complete

    def score(self) -> dict[str, Any]:
        """The live score table (yazboz): each deal's scores, end and facts (``detail``:
        Balayı Kingi's contract, say) and the totals."""
        match = self.match
        summary = match.rules.summary(match.options, match.history)
        return {"deals": [{"scores": list(r.scores), "end": r.end, "detail": r.detail}
                          for r in match.history],
                "totals": list(summary.totals)}

    def deal_over(self) -> DealOver | None:
        """The deal just ended, if the last one is over."""
        match = self.match
        if not match.deals or not match.deals[-1].state.is_over:
            return None
        entry = match.deals[-1]
        return DealOver(len(match.deals) - 1, entry.seed, entry.commitment, match.history[-1])

    def seat_players(self) -> dict[int, str]:
        """Who plays each seat that changed hands now (the last change of each)."""
        return {int(c["seat"]): str(c["player"]) for c in self.seat_changes}

    # ---------------------------------------------------------------- changing
    async def change_seat(self, seat: int, player: str) -> None:
        """From here on ``player`` plays ``seat`` (a bot for a person who left, or the
        person back): where in the match — the deal and the number of its actions
        already played (between deals: the next deal, 0) — saved before anyone is
        told; nothing changes if the write fails."""
        match = self.match
        if match.current is None:
            deal, action = len(match.deals), 0
        else:
            deal, action = len(match.deals) - 1, len(match.deals[-1].actions)
        before = match.players[seat] if match.players and seat < len(match.players) else None
        changes = [*self.seat_changes,
                   {"seat": seat, "deal": deal, "action": action,
                    "player": player, "before": self.seat_players().get(seat, before)}]
        try:
            await self.recorder.save_seat_changes(self.match_id, changes)
        except Exception as exc:
            raise NotSaved(SEATS_NOT_SAVED) from exc
        self.seat_changes = changes

    async def next_deal(self) -> tuple[int, str]:
        """Commit to a fresh secret seed, deal from it and save it: ``(k, commitment)``."""
        seed = new_seed()
        commit = commitment(seed)
        match = self.match
        k = len(match.deals)
        _inject(self.faults, "deal")
        match.deal(seed=seed, commitment=commit)
        try:
            await self.recorder.save_deal(self.match_id, k, seed, commit)
        except Exception as exc:
            match.deals.pop()  # the deal was never shown to anyone
            raise NotSaved(DEAL_NOT_SAVED, deal=k) from exc
        return k, commit

    async def play(self, action: Action, *, auto: bool = False) -> list[Event]:
        """Apply ``action`` and save it; its events. An illegal action raises the
        engine's error and changes nothing; one that cannot be saved is undone.
        ``auto``: the server made it for the seat (a bot's, or for an away person),
        saved with it so that the standings know whose decision it was."""
        match = self.match
        events = match.apply(action)  # IllegalAction leaves everything as it was
        k = len(match.deals) - 1
        i = len(match.deals[-1].actions) - 1
        try:
            await self.recorder.save_action(self.match_id, k, i, action.to_json(), auto)
        except Exception as exc:
            self.rewind(k, i)
            raise NotSaved(ACTION_NOT_SAVED, action=i, deal=k) from exc
        return events

    def rewind(self, k: int, keep: int) -> None:
        """Undo the unsaved actions of deal ``k`` (the last): rebuild its state from its
        setup and its first ``keep`` actions, which the database holds."""
        match = self.match
        assert k == len(match.deals) - 1
        entry = match.deals[k]
        if entry.state.is_over:
            match.history.pop()
        actions = entry.actions[:keep]
        state = match.rules.new_deal(match.options, entry.setup, match.history)
        for a in actions:
            state.apply(a)
        entry.state = state
        entry.actions = actions

    async def finish(self, seat_users: Sequence[int | None], flags: Sequence[str] = ()
                     ) -> tuple[dict[str, Any], FinishedMatch]:
        """Settle the chips and write the standings and the record, in one transaction:
        ``(result, finished)`` (``seat_users``: the people at the seats now, ``flags``:
        each seat's away flag, ``"left"`` for one who gave it up)."""
        match = self.match
        summary = match.rules.summary(match.options, match.history)
        result = match.result_json()
        record = match.to_record(include_setups=True)
        if self.seat_changes:
            record["seat_changes"] = self.seat_changes
        match_id = self.match_id
        try:
            finished = await self.recorder.finish_match(match_id, summary, result, record,
                                                        match.players or [], seat_users,
                                                        flags)
        except Exception as exc:
            raise NotSaved(END_NOT_SAVED, match=match_id) from exc
        return result, finished
