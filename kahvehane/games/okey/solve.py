"""The public entry point of the Okey hand solver: :func:`solve`.

One call answers what a player (or a bot, or the server) asks of a rack:

* **seri diz**: the layout with the lowest unmatched face-value sum (rules 11, 12, 29);
* **can I finish?**: with 15 tiles, which tile to put on the indicator and the best
  multiplier, plain ×1, çift ×2, okey ×2 or çift+okey ×4 (rules 16–17);
* **çift diz**: the layout with the most pairs (rule 13).

Every layout is a list of rack blocks ready for an ``arrange`` action, each okey at the
position it fills. Tiles are notation strings (``"R7"``, ``"J"``) or tile codes
(:mod:`kahvehane.tiles`); the indicator likewise.

>>> s = solve("R4 R5 R6 B9 B9 Y13 K2 R3".split(), "R2")  # the okey is R3, worth 3
>>> s.okey, s.arrangement.unmatched_sum
('R3', 33)
>>> s.blocks()
[['R4', 'R5', 'R6', 'R3'], ['Y13'], ['B9'], ['B9'], ['K2']]
>>> hand = "R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4 K1".split()
>>> f = solve(hand, "Y9").finish
>>> f.tile, f.multiplier, f.kind
('K1', 1, 'plain')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NoReturn, cast

from kahvehane.games.okey import messages as msg
from kahvehane.games.okey.messages import InvalidRack
from kahvehane.games.okey.solver import (
    Arrangement,
    best_arrangement,
    best_finish,
    best_pairs_arrangement,
)
from kahvehane.tiles import FALSE_JOKER, Tile, okey_of, parse_tile, tile_name, tile_names

__all__ = ["FinishPlan", "InvalidRack", "Solution", "solve"]

MAX_TILES = 15
"""A rack holds 14 tiles, 15 between a draw and a discard (rule 7)."""

_KINDS = {1: "plain", 2: "okey", 4: "çift+okey"}


@dataclass(frozen=True, slots=True)
class FinishPlan:
    """A way to finish (rules 16–17): put ``tile`` on the indicator and lay out the other
    14 as ``arrangement``. (The ``finish`` action itself is
    :class:`kahvehane.games.okey.actions.Finish`.)"""

    tile: str
    multiplier: int
    kind: str  # "plain", "çift", "okey" or "çift+okey"
    arrangement: Arrangement

    def blocks(self) -> list[list[str]]:
        return [tile_names(b) for b in self.arrangement.blocks]


class Solution:
    """What :func:`solve` found for a rack. Layouts are :class:`Arrangement` s of tile
    codes; :meth:`blocks`, :meth:`pair_blocks` and :meth:`to_json` give notation.

    Each part is computed the first time it is asked for, then kept: a caller who wants
    seri diz pays for seri diz only (a finish check or a çift diz costs about as much
    again). The rack was checked when the solution was made, so asking never fails.
    """

    __slots__ = ("_arrangement", "_finish", "_ind", "_pairs", "indicator", "okey", "tiles")

    def __init__(self, tiles: tuple[Tile, ...], indicator: Tile) -> None:
        self.tiles = tiles
        self._ind = indicator
        self.indicator = tile_name(indicator)
        self.okey = tile_name(okey_of(indicator))
        self._arrangement: Arrangement | None = None
        self._pairs: Arrangement | None = None
        self._finish: list[FinishPlan | None] = []  # empty: not computed yet

    @property
    def arrangement(self) -> Arrangement:
        """Seri diz: lowest unmatched sum (an unmatched okey or false joker counts the
        okey's number, rule 29)."""
        if self._arrangement is None:
            self._arrangement = best_arrangement(self.tiles, okey_of(self._ind))
        return self._arrangement

    @property
    def pairs(self) -> Arrangement:
        """Çift diz: the most pairs, then single tiles; ``unmatched_sum`` is the sum of
        the tiles outside the pairs."""
        if self._pairs is None:
            self._pairs = best_pairs_arrangement(self.tiles, okey_of(self._ind), self._ind)
        return self._pairs

    @property
    def finish(self) -> FinishPlan | None:
        """The best finish of a 15-tile rack, or ``None`` (fewer tiles, or no finish)."""
        if not self._finish:
            self._finish.append(_best_finish(self.tiles, self._ind))
        return self._finish[0]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        return (self.tiles, self._ind) == (other.tiles, other._ind)

    def __hash__(self) -> int:
        return hash((self.tiles, self._ind))

    def __repr__(self) -> str:
        return f"Solution(tiles={tile_names(self.tiles)!r}, indicator={self.indicator!r})"

    def blocks(self) -> list[list[str]]:
        """The seri diz layout in notation."""
        return [tile_names(b) for b in self.arrangement.blocks]

    def pair_blocks(self) -> list[list[str]]:
        """The çift diz layout in notation."""
        return [tile_names(b) for b in self.pairs.blocks]

    @property
    def pair_count(self) -> int:
        return sum(1 for b in self.pairs.blocks if len(b) == 2)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (tiles in notation), as ``kahvehane okey solve --json``."""
        finish = None
        if self.finish is not None:
            finish = {
                "tile": self.finish.tile,
                "multiplier": self.finish.multiplier,
                "kind": self.finish.kind,
                "blocks": self.finish.blocks(),
            }
        return {
            "tiles": tile_names(self.tiles),
            "indicator": self.indicator,
            "okey": self.okey,
            "arrangement": {
                "blocks": self.blocks(),
                "unmatched_sum": self.arrangement.unmatched_sum,
            },
            "can_finish": self.finish is not None,
            "finish": finish,
            "pairs": {
                "blocks": self.pair_blocks(),
                "pairs": self.pair_count,
                "unmatched_sum": self.pairs.unmatched_sum,
            },
        }

    def __str__(self) -> str:
        def show(blocks: list[list[str]]) -> str:
            return " ".join("[" + " ".join(b) + "]" for b in blocks)

        lines = [
            f"indicator {self.indicator}, okey {self.okey}; {len(self.tiles)} tiles",
            f"seri diz: {show(self.blocks())}",
            f"  unmatched sum {self.arrangement.unmatched_sum}",
        ]
        if self.finish is not None:
            f = self.finish
            lines.append(
                f"finish: put {f.tile} on the indicator: {f.kind} (x{f.multiplier})"
                f" with {show(f.blocks())}"
            )
        elif len(self.tiles) == MAX_TILES:
            lines.append("finish: not possible (no tile leaves 14 in melds or 7 pairs)")
        else:
            lines.append(f"finish: needs 15 tiles, not {len(self.tiles)}")
        lines.append(f"çift diz: {show(self.pair_blocks())}")
        lines.append(f"  {self.pair_count} pairs, unmatched sum {self.pairs.unmatched_sum}")
        return "\n".join(lines)


def _tile(x: str | int) -> Tile:
    if isinstance(x, str):
        return parse_tile(x)
    if type(x) is int and 0 <= x <= FALSE_JOKER:
        return x
    raise InvalidRack(msg.NOT_A_TILE, value=repr(x))


def solve(tiles: Iterable[str | int], indicator: str | int) -> Solution:
    """Solve a rack: seri diz, the best finish (15 tiles) and çift diz, each computed
    when first asked for (:class:`Solution`).

    ``tiles`` are up to 15 tiles as notation strings or codes (a single string is split
    on spaces); ``indicator`` is the face-up indicator tile. Raises
    :class:`~kahvehane.errors.NotationError` for a tile that does not parse and
    :class:`InvalidRack` (a ``ValueError`` too) for a rack no deal can give: more than 15
    tiles, three copies of a tile (or of the false joker), the indicator held twice (its
    other copy is face up), or a false joker as the indicator.

    >>> s = solve("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 R3 R3", "R2")
    >>> s.finish.tile, s.finish.kind, s.pair_count
    ('R3', 'çift+okey', 7)
    """
    raw = tuple(tiles.split() if isinstance(tiles, str) else tiles)
    if all(type(x) is int and 0 <= x <= FALSE_JOKER for x in raw):
        codes = cast(tuple[Tile, ...], raw)  # tile codes already: nothing to parse
    else:
        codes = tuple(_tile(x) for x in raw)
    ind = _tile(indicator)
    if ind == FALSE_JOKER:
        raise InvalidRack(msg.INDICATOR_IS_JOKER)
    if len(codes) > MAX_TILES:
        raise InvalidRack(msg.RACK_TOO_BIG, most=MAX_TILES, count=len(codes))
    held = twice = 0
    for x in codes:
        bit = 1 << x
        if twice & bit:
            _three_copies(codes)
        if held & bit:
            twice |= bit
        held |= bit
    if twice >> ind & 1:
        raise InvalidRack(msg.INDICATOR_TWICE, tile=tile_name(ind))
    return Solution(codes, ind)


def _three_copies(codes: tuple[Tile, ...]) -> NoReturn:
    """The refusal of a rack holding a tile three times or more: the lowest such tile."""
    code, n = min((c, n) for c, n in Counter(codes).items() if n > 2)
    raise InvalidRack(msg.TILE_THRICE, tile=tile_name(code), count=n)


def _best_finish(codes: tuple[Tile, ...], ind: Tile) -> FinishPlan | None:
    if len(codes) != MAX_TILES:
        return None
    found = best_finish(codes, ind)
    if found is None:
        return None
    out, m, arr = found
    kind = "çift" if m == 2 and out != okey_of(ind) else _KINDS[m]
    return FinishPlan(tile_name(out), m, kind, arr)
