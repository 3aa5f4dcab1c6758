"""The left take of 101 (docs/rules/okey_101.md 101-11, 101-12): may a seat take its
left neighbour's discard, and can a tile it took still be put on the table?

A take is legal only if the tile can be used this turn while keeping a tile. The check
covers, for an unopened seat, an opening holding the tile that reaches the threshold (or
an open-and-finish, 101-20) or the pairs needed; for an opened one, a new meld or pairs
holding it, a lay-off or swap of it, a lay-off after laying off the tiles between a run's
end and it, each also after first taking back up to two okeys by swaps. The deal refuses
any table action after which a pending take could no longer be used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol

from kahvehane.games.okey_101 import solver
from kahvehane.games.okey_101.melds import GROUP, RUN, TableMeld, stands_for
from kahvehane.tiles import Tile


class Okey101Deal(Protocol):
    """What the take's checks read of a deal (:class:`~kahvehane.games.okey_101.deal.
    Okey101Deal`; a protocol, so that this module does not import the deal's)."""

    discards: list[list[Tile]]
    opened: list[str | None]
    options: dict[str, Any]
    okey: Tile
    table: list[TableMeld]
    turn_layoffs: int
    end_adds: dict[tuple[int, str], int]

    def hand(self, seat: int) -> list[Tile]: ...

    def threshold(self, seat: int | None = None) -> int: ...

    def pairs_needed(self, seat: int | None = None) -> int: ...

    def best(self, kind: str, hand: Sequence[Tile], must: Tile | None,
             at_least: int = 0) -> Any: ...

MELDS, PAIRS = "melds", "pairs"


def take_usable(deal: Okey101Deal, seat: int) -> bool:
    """101-12: could the top of the left stack be put on the table this turn?"""
    x = deal.discards[(seat - 1) % 4][-1]
    hand = [*deal.hand(seat), x]
    return usable(deal, seat, hand, x)

def usable(deal: Okey101Deal, seat: int, hand: list[Tile], x: Tile, swapped: int = 0) -> bool:
    """Could ``seat``, holding ``hand``, put a copy of ``x`` on the table with table
    actions now, keeping a tile? Openings holding x for an unopened seat; for an
    opened one a lay-off or swap of x (also after laying off the tiles between a
    run's end and x), a new meld or pairs holding it, each also after first taking
    back okeys by swaps (``swapped`` of them so far)."""
    kind = deal.opened[seat]
    if kind is None:  # the cheap questions first: pairs, then an open-and-finish
        pairs = deal.best("pairs", hand, x)
        if pairs is not None and pairs.value >= deal.pairs_needed(seat):
            return True
        if deal.options["elden_below_threshold"] and deal.best("elden", hand, x):
            return True
        best = deal.best("open", hand, x, deal.threshold(seat))
        return best is not None and best.value >= deal.threshold(seat)
    if kind == MELDS and deal.best("open", hand, x) is not None:
        return True
    if (kind == PAIRS or PAIRS in deal.opened) and deal.best("pairs", hand, x):
        return True
    room = layoff_room(deal, kind) - swapped
    if room <= 0 or len(hand) < 2:
        return False
    if x == deal.okey:
        return bool(solver.layoffs([x], deal.table, deal.okey))
    s = stands_for(x, deal.okey)
    if any(m.swap_index(s, deal.okey) is not None for m in deal.table):
        return True
    if _chain(deal, hand, s, room):
        return True
    if swapped < 2:
        for t, _ in solver.swaps(hand, deal.table, deal.okey):
            rest = list(hand)
            rest.remove(t)
            if usable(deal, seat, [*rest, deal.okey], x, swapped + 1):
                return True
    return False

def layoff_room(deal: Okey101Deal, kind: str | None) -> int:
    limit = deal.options["pairs_layoff_limit"]
    if kind != PAIRS or limit is None:
        return 99
    return int(limit) - deal.turn_layoffs

def _chain(deal: Okey101Deal, hand: list[Tile], s: Tile, room: int) -> bool:
    """Can x (standing for ``s``) reach a run's end by laying off the tiles between?"""
    counts = Counter(stands_for(t, deal.okey) for t in hand if t != deal.okey)
    wilds = sum(1 for t in hand if t == deal.okey)
    end_limit = deal.options["end_limit"]
    for i, meld in enumerate(deal.table):
        if meld.kind == GROUP and meld.extension(s):
            return True
        if meld.kind != RUN or meld.slots[0][1] // 13 != s // 13:
            continue
        lo, hi = meld.slots[0][1], meld.slots[-1][1]
        for end, gap in (("high", range(hi + 1, s)), ("low", range(s + 1, lo))):
            if not gap and meld.extension(s) is None:
                continue
            if (end == "high" and s <= hi) or (end == "low" and s >= lo):
                continue
            need = len(gap) + 1
            if len(meld.slots) + need > 13 or need > room or need > len(hand) - 1:
                continue
            if end_limit is not None and deal.end_adds.get((i, end), 0) + need > end_limit:
                continue
            missing = sum(1 for g in gap if not counts[g])
            if missing <= wilds:
                return True
    return False
