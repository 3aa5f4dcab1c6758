"""``render_mode="ansi"``: the table as text, as a spectator sees it plus the hand of
the seat to act (what a person looking over that player's shoulder would see)."""

from __future__ import annotations

import json

from kahvehane.rl.table import Table


def _compact(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def render_table(table: Table) -> str:
    """A few lines of text: the deal, the score table, the public view, the actor's own."""
    match = table.match
    seat = table.to_act
    lines = [
        f"{table.game} · deal {len(match.deals) - 1} · "
        + ("episode over" if seat is None else f"player_{seat} to act"),
        f"score table: {_compact(list(table.public(0).totals))}",
    ]
    if table.pending and seat is not None:
        spelled = ", ".join(table.codec.token_name(t) for t in table.pending)
        lines.append(f"player_{seat} has spelled: {spelled}")
    lines.append(f"table: {_compact(table.state.public_view())}")
    if seat is not None:
        lines.append(f"player_{seat} holds: {_compact(table.state.own_view(seat))}")
    return "\n".join(lines)
