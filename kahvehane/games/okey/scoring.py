"""Okey scoring: one counted deal (Düz rules 23–26, KDV rules 27–31) and the match ranking
(rules 19–22, 33). Pure functions of plain numbers, so each rule is tested on its own.

Tallies are "sayı": lower is better; a finisher's tally goes down.

>>> duz_deal_scores(indicator_unit=2, finisher=0, multiplier=1, gosterge=None, pairs=False)
[-4, 4, 4, 4]
>>> kdv_deal_scores(k=2, finisher=3, multiplier=1, ceza=[30, 0, 10, None], gosterge=None,
...                 pairs=False)
[30, 0, 10, -100]
>>> ranking_points([0, 8, 16, 8], finishes=[1, 1, 0, 1], deals=3)
[3.0, 0.0, -3.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence

RANKING_POINTS: dict[int, tuple[int, int, int, int]] = {
    3: (3, 1, -1, -3),
    5: (5, 2, -2, -5),
    7: (7, 3, -3, -7),
    9: (9, 4, -4, -9),
    11: (11, 5, -5, -11),
}
"""Rule 20: ranking points by place, per match length."""


def partner(seat: int) -> int:
    """Partners sit opposite: {0, 2} and {1, 3} (rule 21)."""
    return (seat + 2) % 4


def duz_deal_scores(
    *,
    indicator_unit: int,
    finisher: int | None,
    multiplier: int | None,
    gosterge: int | None,
    pairs: bool,
) -> list[int]:
    """Düz Okey: gösterge −u (rule 24); finish F = 2·u·M, finisher −F, opponents +F (25)."""
    scores = [0, 0, 0, 0]
    if gosterge is not None:
        scores[gosterge] -= indicator_unit
    if finisher is not None and multiplier is not None:
        f = 2 * indicator_unit * multiplier
        for seat in range(4):
            if seat == finisher or (pairs and seat == partner(finisher)):
                scores[seat] -= f
            else:
                scores[seat] += f
    return scores


def kdv_deal_scores(
    *,
    k: int,
    finisher: int | None,
    multiplier: int | None,
    ceza: Sequence[int | None],
    gosterge: int | None,
    pairs: bool,
) -> list[int]:
    """KDV: gösterge −25k (rule 28); finisher −B·M with B = 50k; opponents +Ceza·M (30).

    ``ceza`` is k × unmatched sum per seat (``None`` for the finisher and, in pairs
    play, the partner, who get −B·M instead).
    """
    scores = [0, 0, 0, 0]
    if gosterge is not None:
        scores[gosterge] -= 25 * k
    if finisher is not None and multiplier is not None:
        base = 50 * k
        for seat in range(4):
            if seat == finisher or (pairs and seat == partner(finisher)):
                scores[seat] -= base * multiplier
            else:
                c = ceza[seat]
                assert c is not None
                scores[seat] += c * multiplier
    return scores


def ranking_points(
    totals: Sequence[int], finishes: Sequence[int], deals: int
) -> list[float]:
    """Individual ranking points (rules 19–20).

    Lowest tally is first. Ties are broken by more finishes; players still tied share
    the sum of their places' points equally.
    """
    table = RANKING_POINTS[deals]
    order = sorted(range(4), key=lambda s: (totals[s], -finishes[s]))
    points = [0.0] * 4
    place = 0
    while place < 4:
        seat = order[place]
        key = (totals[seat], finishes[seat])
        tied = [s for s in order[place:] if (totals[s], finishes[s]) == key]
        share = sum(table[place : place + len(tied)]) / len(tied)
        for s in tied:
            points[s] = share
        place += len(tied)
    return points


def individual_winner(totals: Sequence[int], finishes: Sequence[int]) -> int | None:
    """The single first place after the tie-break, or ``None`` for a shared first place."""
    best = min((totals[s], -finishes[s]) for s in range(4))
    firsts = [s for s in range(4) if (totals[s], -finishes[s]) == best]
    return firsts[0] if len(firsts) == 1 else None


def pairs_result(totals: Sequence[int], deals: int) -> tuple[list[int], list[int] | None]:
    """Partnership play (rules 21–22): ranking points per seat and the winning pair.

    The team total is the sum of both partners' tallies; the lower wins; each winner
    gets +N and each loser −N; equal totals give 0 to all and no winner.
    """
    a = totals[0] + totals[2]
    b = totals[1] + totals[3]
    if a == b:
        return [0, 0, 0, 0], None
    winners = [0, 2] if a < b else [1, 3]
    return [deals if s in winners else -deals for s in range(4)], winners
