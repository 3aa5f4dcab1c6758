"""The solver's help for one 101 hand, as the page, the bots and ``kahvehane okey 101``
use it (docs/rules/okey_101.md 101-13, 101-17, 101-20, 101-22, 101-24, 101-27): the best
opening (the melds of highest value, and whether they reach the threshold), the most
pairs, an open-and-finish if the hand allows one, what can be laid off where, which
okeys can be taken back, and which discards are işlek.

>>> from kahvehane.tiles import parse_tile, parse_tiles
>>> h = hints(parse_tiles("R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 B3 K1".split()),
...           parse_tile("R2"), table=[["B4", "B5", "B6"]])
>>> h["opening"]["value"], h["opening"]["enough"], h["layoffs"], h["islek"]
(111, True, [['B3', 0], ['B7', 0]], ['B3', 'B7'])
"""

from __future__ import annotations

from collections.abc import Sequence

from kahvehane.games.base import JSON
from kahvehane.games.okey_101 import solver
from kahvehane.games.okey_101.melds import (
    PAIR,
    TableMeld,
    islek,
    kind_of,
    meld_tile_name,
    ordered,
    parse_meld_tile,
    resolve,
)
from kahvehane.tiles import Tile, okey_of, tile_name

BASE_T, BASE_P = 101, 5


def table_melds(melds: Sequence[Sequence[str]], indicator: Tile, owner: int = 0
                ) -> list[TableMeld]:
    """Table melds written as a record writes them (``*X`` for an okey); ValueError for
    one that is not a valid run, group or pair."""
    okey = okey_of(indicator)
    out = []
    for meld in melds:
        slots = resolve([parse_meld_tile(x) for x in meld], okey)
        kind = kind_of(slots, indicator)
        if kind is None:
            raise ValueError(f"{' '.join(meld)} is not a valid meld")
        out.append(TableMeld(owner, kind, ordered(slots, kind)))
    return out


def _opening(found: solver.Opening | None, needed: int) -> JSON | None:
    if found is None:
        return None
    return {"melds": [[meld_tile_name(x) for x in m] for m in found.melds],
            "value": found.value, "tiles": found.tiles, "enough": found.value >= needed}


def hints(hand: Sequence[Tile], indicator: Tile, *, table: Sequence[Sequence[str]] = (),
          threshold: int = BASE_T, pairs_needed: int = BASE_P) -> JSON:
    """Everything the solver can tell a player about ``hand`` and the table now."""
    okey = okey_of(indicator)
    melds = table_melds(table, indicator)
    best = solver.best_opening(hand, okey)
    pairs = solver.best_pairs(hand, okey, indicator)
    elden = solver.all_but_one(hand, okey)
    return {
        "okey": tile_name(okey),
        "opening": _opening(best, threshold),
        "pairs": _opening(pairs, pairs_needed),
        "open_and_finish": _opening(elden, threshold),
        "layoffs": [[meld_tile_name(t), m] for t, m in solver.layoffs(hand, melds, okey)
                    if melds[m].kind != PAIR],
        "swaps": [[tile_name(t), m] for t, m in solver.swaps(hand, melds, okey)],
        "islek": [tile_name(t) for t in sorted(set(hand))
                  if t == okey or (melds and islek(t, melds, okey))],
    }
