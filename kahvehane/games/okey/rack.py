"""The rack (ıstaka) model of rule 29: an ordered list of blocks.

Why a layout and not just a hand: KDV charges each opponent for the tiles that are not
in a valid meld *as laid out* when they last discarded, so the engine must know the
blocks. A block is a tuple of tiles; a gap ends a block. As dealt, every tile is a block
of its own (nothing is arranged).

>>> rack = [(0, 1, 2), (20,)]
>>> remove_tile(rack, 1)
[(0, 2), (20,)]
>>> add_drawn(rack, 7)
[(0, 1, 2), (20,), (7,)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from kahvehane.tiles import Tile

Block = tuple[Tile, ...]
Rack = list[Block]


def unarranged(tiles: Iterable[Tile]) -> Rack:
    """A rack as dealt: each tile a block of its own."""
    return [(t,) for t in tiles]


def rack_tiles(rack: Sequence[Block]) -> list[Tile]:
    return [t for block in rack for t in block]


def add_drawn(rack: Sequence[Block], tile: Tile) -> Rack:
    """A drawn tile arrives as a block of its own at the end."""
    return [*rack, (tile,)]


def remove_tile(rack: Sequence[Block], tile: Tile) -> Rack:
    """Remove one copy of ``tile``: from the last (rightmost) block holding it.

    The rest of that block closes up and stays one block; an emptied block disappears.
    """
    i = len(rack)
    for block in reversed(rack):
        i -= 1
        if tile in block:
            out = list(rack)
            if len(block) == 1:
                del out[i]
            else:
                j = len(block) - 1 - block[::-1].index(tile)
                out[i] = block[:j] + block[j + 1 :]
            return out
    raise ValueError("the tile is not in the rack")


def same_tiles(a: Iterable[Tile], b: Iterable[Tile]) -> bool:
    return Counter(a) == Counter(b)
