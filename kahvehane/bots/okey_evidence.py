"""Reading the table: how likely a sampled hidden rack is, given what its player did.

The sampler (:class:`~kahvehane.bots.okey_memory.OkeyMemory`) keeps the **hard facts**
of a view exact: the tiles seen, the rack sizes, the tile the right neighbour took from
us, the shown indicator's copy in the shower's rack. Everything else it deals at random,
as if the other players had picked their tiles blindfolded. They did not (issue 35:
Kermit's lesson in Skat), and the view shows what they did:

* **a tile let pass** — every tile lying on a discard pile was on top when the next
  seat drew and was left there (a taken tile leaves the pile). A player takes a left
  tile that joins a per of three (a run or a set) in the rack; so a rack in which a
  tile its player let pass would have made a per is less likely (:data:`PASSED`);
* **a tile thrown** — a player throws a tile that joins nothing; a rack in which a
  tile its own player threw would make a per is less likely (:data:`THROWN`, weaker:
  the player may have thrown one of a pair of candidates);
* **KDV, the Ceza it plays against** — in KDV the search weighs its moves by the Ceza
  boxes of the others, frozen at their discards; a random rack is far looser than one
  its player has been arranging for some turns. After ``t`` turns a rack with ``u``
  loose tiles (near no other tile: neither the same colour within 2 nor the same
  number) is weighted ``exp(−LOOSE · u · min(1, t / SETTLED))``.

Evidence fades: the most recent tile counts fully, each older one by :data:`FADE` less
(racks change; the last :data:`MEMORY` events per player are read). The weights make no
fact softer: a sample is first dealt with every hard fact in place, then
:func:`choose` picks one of :data:`PROPOSALS` such samples in proportion to its weight
(sampling–importance–resampling), so every sample stays a deal consistent with the
view. Only the view (and the seat's memory of its own views) is read.

>>> from kahvehane.tiles import parse_tile as t
>>> rack = [t("R4"), t("R5"), t("K9"), t("B1")]
>>> joins(rack, t("R6"), t("Y2")), joins(rack, t("R8"), t("Y2"))
(True, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games.okey.sampling import PILE_SIZE, rack_place
from kahvehane.tiles import FALSE_JOKER, Tile, parse_tile

__all__ = ["Reading", "joins", "loose", "read_table"]

PASSED = 0.3  # the weight of a rack in which the tile its player let pass makes a per
THROWN = 0.6  # the weight of a rack in which a tile its player threw makes a per
FADE = 0.75  # each older event counts this much less of its weight
MEMORY = 6  # events per player read, the most recent
LOOSE = 0.25  # KDV: weight factor exponent per loose tile of a settled rack
SETTLED = 8  # KDV: turns after which a rack counts as fully arranged
PROPOSALS = 6  # samples dealt per sample kept


def _real(t: Tile, okey: Tile) -> Tile:
    return okey if t == FALSE_JOKER else t


def joins(rack: Sequence[Tile], tile: Tile, okey: Tile) -> bool:
    """Whether ``tile`` makes a per of three with two tiles of ``rack``: a run (one
    colour, consecutive, 13 then 1 allowed) or a set (one number, three colours), or
    whether it is an okey, or the rack holds an okey and a tile close to it."""
    if tile == okey:
        return True
    c, n = divmod(_real(tile, okey), 13)
    have: set[tuple[int, int]] = set()
    wild = False
    for x in rack:
        if x == okey:
            wild = True
            continue
        have.add(divmod(_real(x, okey), 13))
    colours = {cc for cc, nn in have if nn == n and cc != c}
    if len(colours) >= 2:
        return True

    for p in ((n, 13) if n == 0 else (n,)):  # a 1 is also the high 1 after 13
        for lo in range(max(0, p - 2), min(p, 11) + 1):
            if all((c, k % 13) in have for k in range(lo, lo + 3) if k != p):
                return True
    if wild:
        return any((cc == c and 0 < abs(nn - n) <= 2) or (nn == n and cc != c)
                   for cc, nn in have)
    return False


def loose(rack: Sequence[Tile], okey: Tile) -> int:
    """The tiles of ``rack`` near no other (neither the same colour within 2 nor the same
    number in another colour); okeys are never loose."""
    real = [None if x == okey else divmod(_real(x, okey), 13) for x in rack]
    out = 0
    for i, a in enumerate(real):
        if a is None:
            continue
        if not any(b is not None and j != i and (
                (b[0] == a[0] and 0 < abs(b[1] - a[1]) <= 2) or (b[1] == a[1] and b[0] != a[0]))
                for j, b in enumerate(real)):
            out += 1
    return out


class Reading:
    """What the table says about each other seat: the tiles it let pass and the tiles
    it threw (most recent first), and the turns it has played (see the module)."""

    def __init__(self, okey: Tile, passed: dict[int, list[Tile]],
                 thrown: dict[int, list[Tile]], turns: dict[int, int], kdv: bool,
                 *, table: bool = True, ceza: bool = True) -> None:
        self.okey = okey
        self.passed = passed
        self.thrown = thrown
        self.turns = turns
        self.table = table
        self.ceza = ceza and kdv

    def weight(self, seat: int, rack: Sequence[Tile]) -> float:
        """How likely ``rack`` is as ``seat``'s, relative to a rack dealt blindly."""
        w = 1.0
        if self.table:
            for tiles, factor in ((self.passed.get(seat, ()), PASSED),
                                  (self.thrown.get(seat, ()), THROWN)):
                for age, t in enumerate(tiles):
                    if joins(rack, t, self.okey):
                        w *= 1 - (1 - factor) * FADE ** age
        if self.ceza:
            settled = min(1.0, self.turns.get(seat, 0) / SETTLED)
            if settled:
                w *= math.exp(-LOOSE * loose(rack, self.okey) * settled)
        return w

    def choose(self, proposals: Sequence[dict[str, list[Tile]]], seats: Sequence[int],
               rng: random.Random) -> dict[str, list[Tile]]:
        """One of ``proposals`` (assignments of the hidden places), in proportion to the
        weight of their racks."""
        weights = [math.prod(self.weight(s, p.get(rack_place(s), [])) for s in seats)
                   for p in proposals]
        total = sum(weights)
        x = rng.random() * total
        for p, w in zip(proposals, weights, strict=True):
            x -= w
            if x < 0:
                return p
        return proposals[-1]


def read_table(view: Mapping[str, Any], *, table: bool = True, ceza: bool = True) -> Reading:
    """The reading of ``view`` for its seat: ``table`` reads the passed and thrown
    tiles, ``ceza`` (KDV) the racks' settledness."""
    me = int(view["seat"])
    okey = parse_tile(view["okey"])
    piles = [[parse_tile(x) for x in pile] for pile in view["discards"]]
    passed: dict[int, list[Tile]] = {}
    thrown: dict[int, list[Tile]] = {}
    for s in range(4):
        if s == me:
            continue
        # every tile on the left pile was on top when s drew, and s left it there
        passed[s] = list(reversed(piles[(s - 1) % 4]))[:MEMORY]
        thrown[s] = list(reversed(piles[s]))[:MEMORY]
    rounds = (PILE_SIZE - int(view["pile_left"])) // 4  # turns played, about
    turns = {s: rounds for s in range(4)}
    return Reading(okey, passed, thrown, turns, view["game"] == "kdv_okey",
                   table=table, ceza=ceza)
