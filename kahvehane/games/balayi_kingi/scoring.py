"""Balayı Kingi's scores: a deal's (BK-11) and the contracts named so far in a match."""

from __future__ import annotations

from collections.abc import Sequence

from kahvehane.games.balayi_kingi.contracts import CONTRACTS
from kahvehane.games.base import DealResult

__all__ = ["deal_scores", "used_contracts"]


def deal_scores(contract: str, tricks: Sequence[int]) -> tuple[int, int]:
    """(t − 13) × w for each player (BK-11); the two always sum to zero.

    >>> deal_scores("H", [16, 10]), deal_scores("NT", [10, 16]), deal_scores("S", [26, 0])
    ((9, -9), (-15, 15), (52, -52))
    """
    weight = CONTRACTS[contract][0]
    return ((tricks[0] - 13) * weight, (tricks[1] - 13) * weight)


def used_contracts(history: Sequence[DealResult]) -> tuple[list[str], list[str]]:
    """The contracts each seat has named so far in the match (from the deal details)."""
    used: tuple[list[str], list[str]] = ([], [])
    for d in history:
        used[int(d.detail["chooser"])].append(str(d.detail["contract"]))
    return used
