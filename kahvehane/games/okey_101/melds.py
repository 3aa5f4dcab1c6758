"""101 Okey melds on the table: runs, groups and pairs with declared okeys
(docs/rules/okey_101.md, 101-15, 101-16, 101-24, 101-27, 101-13).

Unlike Düz Okey (:mod:`kahvehane.games.okey.melds`, where a set of tiles is a run if
*some* assignment of the okeys makes it one), every okey laid in 101 says what it stands
for (``*R7``) and keeps that identity for the deal, so a table meld is a list of
:data:`Slot` pairs ``(physical tile, the tile it stands for)``:

* a natural tile stands for itself;
* a false joker ``J`` stands for the okey identity (rule 6: it is not wild);
* a real okey stands for the tile its ``*`` names.

In a record a meld tile is written ``R7``, ``J`` or ``*R7``; in an action it is a
:data:`MeldTile`: the tile code, plus :data:`STAR` for ``*X``.

>>> from kahvehane.tiles import parse_tile as t
>>> okey, ind = t("R3"), t("R2")
>>> meld = resolve([t("B5"), t("B6"), STAR + t("B7")], okey)
>>> kind_of(meld, ind), value(meld)
('run', 18)
>>> kind_of(resolve([t("Y12"), t("Y13"), t("Y1")], okey), ind) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kahvehane.tiles import FALSE_JOKER, Tile, parse_tile, tile_name

STAR = 64
"""Added to a tile code in an action's meld: ``STAR + X`` is ``*X``, an okey standing for X."""

MeldTile = int
"""A tile as an action's meld writes it: a tile code, or :data:`STAR` + the code of the
tile a real okey stands for."""

Slot = tuple[Tile, Tile]
"""(physical tile, the natural tile it stands for) in a table meld."""

RUN, GROUP, PAIR = "run", "group", "pair"
MAX_RUN = 13


class PlainOkey(ValueError):
    """A real okey written without ``*`` inside a meld: what it stands for is unknown."""


def meld_tile_name(m: MeldTile) -> str:
    """``R7``, ``J`` or ``*R7``.

    >>> meld_tile_name(STAR + 6), meld_tile_name(52)
    ('*R7', 'J')
    """
    return "*" + tile_name(m - STAR) if m >= STAR else tile_name(m)


def parse_meld_tile(text: str) -> MeldTile:
    """Read ``R7``, ``J`` or ``*R7``; :class:`~kahvehane.errors.NotationError` for a bad
    name, :class:`ValueError` for ``*J`` (a star names a natural tile, never ``J``)."""
    if isinstance(text, str) and text.startswith("*"):
        code = parse_tile(text[1:])
        if code == FALSE_JOKER:
            raise ValueError("*J")
        return STAR + code
    return parse_tile(text)


def resolve(tiles: Iterable[MeldTile], okey: Tile) -> list[Slot]:
    """The slots of a meld as an action writes it; :class:`PlainOkey` if a real okey is
    written plainly (101-15)."""
    out: list[Slot] = []
    for m in tiles:
        if m >= STAR:
            out.append((okey, m - STAR))
        elif m == okey:
            raise PlainOkey(tile_name(m))
        elif m == FALSE_JOKER:
            out.append((FALSE_JOKER, okey))
        else:
            out.append((m, m))
    return out


def physical(slots: Iterable[Slot]) -> list[Tile]:
    """The tiles that leave the hand for these slots."""
    return [p for p, _ in slots]


def kind_of(slots: Sequence[Slot], indicator: Tile) -> str | None:
    """``run``, ``group`` or ``pair`` if the slots are a valid meld, else ``None``.

    With every okey's identity declared, a meld is checked on the tiles it stands for:
    a run is one colour with consecutive distinct numbers, 1 only as the lowest (no
    12-13-1), 3 to 13 tiles; a group 3 or 4 tiles of one number and distinct colours; a
    pair two tiles standing for the same tile, which is never the indicator tile
    (rule 13: its in-play copy cannot pair).
    """
    n = len(slots)
    stands = [s for _, s in slots]
    if n == 2:
        return PAIR if stands[0] == stands[1] and stands[0] != indicator else None
    if n < 3:
        return None
    colours = {s // 13 for s in stands}
    numbers = [s % 13 for s in stands]
    if len(colours) == 1 and n <= MAX_RUN and len(set(numbers)) == n \
            and max(numbers) - min(numbers) + 1 == n:
        return RUN
    if n <= 4 and len(set(numbers)) == 1 and len(colours) == n:
        return GROUP
    return None


def value(slots: Iterable[Slot]) -> int:
    """101-16: the sum of the numbers the tiles stand for (J: the okey identity's)."""
    return sum(s % 13 + 1 for _, s in slots)


def ordered(slots: Sequence[Slot], kind: str) -> list[Slot]:
    """A meld in the order a record's ``table`` writes it: a run ascending, a group by
    colour (R Y B K) of the tiles its tiles stand for; a pair as laid."""
    return list(slots) if kind == PAIR else sorted(slots, key=lambda x: x[1])


@dataclass(slots=True)
class TableMeld:
    """One meld on the table: who laid it, its kind and its slots (a run ascending)."""

    owner: int
    kind: str
    slots: list[Slot]

    def extension(self, stands: Tile) -> str | None:
        """Where a tile standing for ``stands`` would extend this meld (101-24): ``"low"``
        or ``"high"`` for a run, ``"group"`` for a group of 3; ``None`` if it does not.

        >>> m = TableMeld(0, RUN, [(3, 3), (4, 4), (5, 5)])  # R4 R5 R6
        >>> m.extension(2), m.extension(6), m.extension(7)
        ('low', 'high', None)
        """
        if self.kind == RUN:
            if len(self.slots) >= MAX_RUN or stands // 13 != self.slots[0][1] // 13:
                return None
            lo, hi = self.slots[0][1], self.slots[-1][1]
            if stands == lo - 1 and lo % 13 > 0:
                return "low"
            if stands == hi + 1 and hi % 13 < 12:
                return "high"
            return None
        if self.kind == GROUP and len(self.slots) == 3:
            number = self.slots[0][1] % 13
            if stands % 13 == number and all(s // 13 != stands // 13 for _, s in self.slots):
                return "group"
        return None

    def add(self, slot: Slot, where: str) -> None:
        """Lay ``slot`` off where :meth:`extension` said, keeping the meld ordered."""
        self.slots.append(slot)
        self.slots.sort(key=lambda x: x[1])

    def swap_index(self, stands: Tile, okey: Tile) -> int | None:
        """The position of a real okey standing for ``stands`` (101-27), if any."""
        for i, (p, s) in enumerate(self.slots):
            if p == okey and s == stands:
                return i
        return None

    def names(self, okey: Tile) -> list[str]:
        """The meld as a record writes it: a real okey as ``*X``."""
        return ["*" + tile_name(s) if p == okey else tile_name(p) for p, s in self.slots]

    def to_json(self, okey: Tile) -> dict[str, object]:
        return {"owner": self.owner, "kind": self.kind, "tiles": self.names(okey)}


def stands_for(tile: Tile, okey: Tile) -> Tile:
    """What a natural tile stands for: itself, or (a false joker) the okey identity."""
    return okey if tile == FALSE_JOKER else tile


def islek(tile: Tile, table: Sequence[TableMeld], okey: Tile) -> bool:
    """101-13: could ``tile`` be laid off onto some table meld now, as an extension or as
    the natural tile an okey there stands for? A real okey is never işlek (its discard
    has its own penalty, 101-14); limits on who may lay off play no part.

    >>> from kahvehane.tiles import parse_tile as t
    >>> okey = t("R3")
    >>> table = [TableMeld(0, RUN, [(t("Y1"), t("Y1")), (okey, t("Y2")), (t("Y3"), t("Y3"))])]
    >>> islek(t("Y2"), table, okey), islek(t("Y4"), table, okey), islek(t("J"), table, okey)
    (True, True, False)
    """
    if tile == okey:
        return False
    s = stands_for(tile, okey)
    for meld in table:
        if meld.extension(s) is not None or meld.swap_index(s, okey) is not None:
            return True
    return False
