"""A finished match move by move: every position of its record, with everything shown.

The match page replays a past match in the browser (``docs/web.md`` "Match page"). So
that the page decides no rule, the server replays the record through the engines here
and hands it each position: after the deal's setup and after every action, the public
view, every seat's hidden cards or tiles (:meth:`~kahvehane.games.base.DealState.revealed`:
a finished record reveals them all) and the action's events with their private parts.
The last position of the last deal is the record's result (:func:`replay_result`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.games.base import JSON, DealState, Event
from kahvehane.records import ReplayError, replay


def _position(state: DealState, index: int, action: JSON | None,
              events: list[Event]) -> JSON:
    return {
        "i": index,
        "action": action,
        "events": [e.for_seat(e.seat) for e in events],
        "to_act": list(state.to_act) if not state.is_over else [],
        "view": state.public_view(),
        "seats": state.revealed(),
    }


class MatchPositions:
    """A record replayed once (:class:`ReplayError` if it does not replay); each deal's
    positions are made on demand (:meth:`deal`), so a page that jumps to one deal of a
    long match waits for that deal only."""

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.match = replay(record)
        self.result: JSON = self.match.result_json()

    @property
    def deals(self) -> int:
        return len(self.match.deals)

    def deal(self, k: int) -> JSON:
        """Deal ``k`` (0-based): its positions (the first before any action), its
        result and the match totals after it (both ``None`` for an unfinished deal)."""
        match = self.match
        if not 0 <= k < len(match.deals):
            raise ReplayError(f"the match has deals 0 to {len(match.deals) - 1}, not {k}")
        entry = match.deals[k]
        state = match.rules.new_deal(match.options, entry.setup, match.history[:k])
        positions = [_position(state, 0, None, [])]
        for i, action in enumerate(entry.actions, 1):
            events = state.apply(action)
            positions.append(_position(state, i, action.to_json(), events))
        finished = state.result()
        summary = match.rules.summary(match.options, match.history[:k + 1])
        return {
            "deal": k,
            "deals": len(match.deals),
            "positions": positions,
            "result": finished.to_json() if finished is not None else None,
            "totals": list(summary.totals) if finished is not None else None,
        }
