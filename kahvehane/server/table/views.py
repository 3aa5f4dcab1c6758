"""What a table shows a viewer of its match: the view, the legal actions and the clock —
as data (snapshots, syncs) and as JSON text made of parts encoded once per change.

Every message is made of ``view(seat)`` (``None`` for spectators): after each change the
view's public part and the clock are encoded once for every viewer; only each seat's
own part and legal actions are encoded per seat, and the texts are joined as JSON
objects, which gives exactly ``view(seat)`` (``docs/engine.md``).
"""

from __future__ import annotations

from typing import Any

from kahvehane.games.base import DealState
from kahvehane.server.protocol import dumps, join_objects
from kahvehane.server.table.session import MatchSession

__all__ = ["clock_json", "legal_json", "match_state", "state_text"]

JSON = dict[str, Any]


def clock_json(state: DealState | None, deadline: int | None, seconds: int) -> JSON:
    """``{"to_act", "deadline", "seconds"}``: who is to act and until when (ms)."""
    return {"to_act": list(state.to_act) if state is not None else [],
            "deadline": deadline, "seconds": seconds}


def legal_json(session: MatchSession | None, seat: int | None) -> list[JSON] | None:
    """The legal actions of ``seat`` if it is to act in a running deal, else ``None``."""
    if session is None or seat is None:
        return None
    state = session.current
    if state is not None and seat in state.to_act:
        return [a.to_json() for a in state.legal_actions(seat)]
    return None


def match_state(session: MatchSession | None, seat: int | None, clock: JSON) -> JSON:
    """The view, clock and (for a seat to act) legal actions of ``seat``."""
    state = session.state if session is not None else None
    out: JSON = {"view": None if state is None else state.view(seat), "clock": clock}
    legal = legal_json(session, seat)
    if legal is not None:
        out["legal"] = legal
    return out


def state_text(session: MatchSession, state: DealState, seat: int | None, public: str,
               clock: str) -> str:
    """``dumps(match_state(session, seat, ...))`` made of parts: ``public`` is
    ``dumps(state.public_view())`` and ``clock`` the clock's text, both encoded once per
    change for every viewer; only the seat's own part of the view and its legal actions
    are encoded here (``DealState.view``)."""
    view = join_objects(public, f'{{"seat":{"null" if seat is None else seat}}}',
                        "{}" if seat is None else dumps(state.own_view(seat)))
    legal = legal_json(session, seat)
    more = "" if legal is None else ',"legal":' + dumps(legal)
    return f'{{"view":{view},"clock":{clock}{more}}}'
