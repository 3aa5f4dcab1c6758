"""Koz Maça's scores: a deal's score from a bid and the tricks taken (KM-12), and where a
match stands after some deals (KM-13, the Kasa claim of KM-15)."""

from __future__ import annotations

from collections.abc import Sequence

from kahvehane.games.base import DealResult
from kahvehane.games.koz_maca.constants import SEATS

__all__ = ["deal_score", "match_claimant", "match_status", "totals"]


def deal_score(bid: int, tricks: int) -> int:
    """A player's deal score for bid ``bid`` and ``tricks`` taken (KM-12).

    Short of the bid, or 3 or more over it ("Yan 3 Batar"), costs 10 × bid; otherwise
    10 × bid plus one point per overtrick.

    >>> deal_score(3, 3), deal_score(3, 5), deal_score(3, 2), deal_score(3, 6)
    (30, 32, -30, -30)
    """
    if tricks < bid or tricks >= bid + 3:
        return -10 * bid
    return 10 * bid + (tricks - bid)


def match_status(totals: Sequence[int], finish_score: int) -> tuple[str, int | None]:
    """Where a match stands after a deal (KM-13): ``("won", seat)``, ``("extra", None)``
    when two or more share the highest total and it reaches the finish score, else
    ``("continue", None)``.

    >>> match_status([105, 98, 40, 12], 100)
    ('won', 0)
    >>> match_status([120, 120, 90, 60], 100)
    ('extra', None)
    >>> match_status([130, 110, 110, 20], 100)
    ('won', 0)
    """
    top = max(totals)
    if top < finish_score:
        return ("continue", None)
    leaders = [s for s, t in enumerate(totals) if t == top]
    if len(leaders) == 1:
        return ("won", leaders[0])
    return ("extra", None)


def totals(history: Sequence[DealResult]) -> list[int]:
    """Each seat's total over the finished deals."""
    out = [0] * SEATS
    for d in history:
        for s in range(SEATS):
            out[s] += d.scores[s]
    return out


def match_claimant(history: Sequence[DealResult]) -> int | None:
    """The seat that claimed the Kasa in an earlier deal of the match, if any (KM-15:
    at most one claim per match)."""
    for d in history:
        claimant = d.detail.get("kasa_claimant")
        if claimant is not None:
            return int(claimant)
    return None
