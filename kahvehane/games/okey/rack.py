"""The rack (ıstaka) model of rule 29: an ordered list of blocks.

Why a layout and not just a hand: KDV charges each opponent for the tiles that are not
in a valid meld *as laid out* when they last discarded, so the engine must know the
blocks. A block is a tuple of tiles (the slots of a row, left to right); a gap ends a
block. As dealt, every tile is a block of its own (nothing is arranged).

A tile leaves from a *slot* ``(b, i)`` — block ``b``, position ``i`` — and leaves a gap
there, as on a real ıstaka: the block splits into the tiles before and after it. Taking
a tile from the end of a block only shortens it.

>>> rack = [(0, 1, 2), (20,)]
>>> remove_at(rack, 0, 1)
[(0,), (2,), (20,)]
>>> remove_at(rack, 0, 2)
[(0, 1), (20,)]
>>> add_drawn(rack, 7)
[(0, 1, 2), (20,), (7,)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from kahvehane.tiles import Tile

Block = tuple[Tile, ...]
Rack = list[Block]
Slot = tuple[int, int]
"""(block, position in it), both 0-based: where a tile stands on the rack."""


def unarranged(tiles: Iterable[Tile]) -> Rack:
    """A rack as dealt: each tile a block of its own."""
    return [(t,) for t in tiles]


def rack_tiles(rack: Sequence[Block]) -> list[Tile]:
    return [t for block in rack for t in block]


def add_drawn(rack: Sequence[Block], tile: Tile) -> Rack:
    """A drawn tile arrives as a block of its own at the end."""
    return [*rack, (tile,)]


def default_slot(rack: Sequence[Block], tile: Tile) -> Slot | None:
    """The copy of ``tile`` that leaves when the player names none: the last position of
    the last (rightmost) block holding it, so "draw X, discard X" takes the tile just
    drawn. ``None`` if the rack does not hold it.

    >>> default_slot([(5, 6, 7), (1, 5), (9,)], 5), default_slot([(5,)], 8)
    ((1, 1), None)
    """
    for b in range(len(rack) - 1, -1, -1):
        block = rack[b]
        if tile in block:
            return b, len(block) - 1 - block[::-1].index(tile)
    return None


def remove_at(rack: Sequence[Block], b: int, i: int) -> Rack:
    """The rack without the tile at slot ``(b, i)``: block ``b`` splits into the tiles
    before and after it (an empty part is no block). The slot must exist."""
    block = rack[b]
    parts = [part for part in (block[:i], block[i + 1 :]) if part]
    return [*rack[:b], *parts, *rack[b + 1 :]]


def same_tiles(a: Iterable[Tile], b: Iterable[Tile]) -> bool:
    return Counter(a) == Counter(b)
