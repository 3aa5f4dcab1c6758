"""101 Okey actions and their record form (docs/records.md, "101 Okey").

``draw``, ``discard``, ``arrange`` and ``show_indicator`` (refused in 101, 101-6) are
the Okey actions of :mod:`kahvehane.games.okey.actions`; 101 adds the table actions,
``return`` and a ``finish`` that may name the copy by ``at``. Melds hold
:data:`~kahvehane.games.okey_101.melds.MeldTile` codes (``*X`` = STAR + X).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.errors import MalformedAction, NotationError
from kahvehane.games.base import JSON, Action, parse_seat, require, tile_value
from kahvehane.games.okey.actions import (
    Arrange,
    Discard,
    Draw,
    ShowIndicator,
    parse_okey_action,
    slot_value,
)
from kahvehane.games.okey_101 import messages as msg
from kahvehane.games.okey_101.melds import MeldTile, meld_tile_name, parse_meld_tile
from kahvehane.tiles import Tile, tile_name

__all__ = ["Arrange", "Discard", "Draw", "Finish", "Lay", "LayPairs", "Layoff", "Open",
           "OpenPairs", "Return", "ShowIndicator", "Swap", "parse_action"]

Melds = tuple[tuple[MeldTile, ...], ...]


def _melds_json(melds: Melds) -> list[list[str]]:
    return [[meld_tile_name(m) for m in meld] for meld in melds]


@dataclass(frozen=True, slots=True)
class Return(Action):
    """Give back the tile just taken from the left (101-12)."""

    act: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True)
class Open(Action):
    """Open with runs and groups in one action (101-17, 101-20)."""

    act: ClassVar[str] = "open"
    melds: Melds = ()

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "melds": _melds_json(self.melds)}


@dataclass(frozen=True, slots=True)
class OpenPairs(Action):
    """Open with at least P pairs (101-22)."""

    act: ClassVar[str] = "open_pairs"
    pairs: Melds = ()

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "pairs": _melds_json(self.pairs)}


@dataclass(frozen=True, slots=True)
class Lay(Open):
    """New runs and groups by a melds opener (101-19, 101-21)."""

    act: ClassVar[str] = "lay"


@dataclass(frozen=True, slots=True)
class LayPairs(OpenPairs):
    """New pairs (101-23, 101-25)."""

    act: ClassVar[str] = "lay_pairs"


@dataclass(frozen=True, slots=True)
class Layoff(Action):
    """Add one tile (``*X`` for an okey) to table meld ``meld`` (101-24)."""

    act: ClassVar[str] = "layoff"
    meld: int = 0
    tile: MeldTile = 0

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "meld": self.meld,
                "tile": meld_tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Put natural tile ``tile`` (or J) in place of the okey in ``meld`` standing for it,
    and take the okey (101-27)."""

    act: ClassVar[str] = "swap"
    meld: int = 0
    tile: Tile = 0

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "meld": self.meld,
                "tile": tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Discard the last tile and end the deal (101-28); ``at`` as a discard's."""

    act: ClassVar[str] = "finish"
    tile: Tile = 0
    at: tuple[int, int] | None = None

    def to_json(self) -> JSON:
        out: JSON = {"seat": self.seat, "act": self.act, "tile": tile_name(self.tile)}
        if self.at is not None:
            out["at"] = list(self.at)
        return out


def _meld_list(obj: Mapping[str, Any], key: str, size: int | None) -> Melds:
    raw = require(obj, key, list)
    out = []
    for meld in raw:
        if not isinstance(meld, list) or (size is not None and len(meld) != size):
            raise MalformedAction(msg.BAD_MELDS, key=repr(key))
        tiles = []
        for x in meld:
            try:
                tiles.append(parse_meld_tile(x))
            except NotationError as exc:
                raise MalformedAction(msg.BAD_MELDS, key=f"{key!r} ({exc})") from None
            except ValueError:
                raise MalformedAction(msg.STAR_JOKER) from None
        out.append(tuple(tiles))
    return tuple(out)


def _meld_index(obj: Mapping[str, Any]) -> int:
    m = obj.get("meld")
    if type(m) is not int or m < 0:
        raise MalformedAction(msg.BAD_MELD_INDEX, value=repr(m))
    return m


def parse_action(obj: Mapping[str, Any]) -> Action:
    """Read one record action of a 101 deal; :class:`MalformedAction` says what is wrong."""
    seat = parse_seat(obj, 4)
    act = require(obj, "act", str)
    if act == "return":
        return Return(seat)
    if act == "open":
        return Open(seat, _meld_list(obj, "melds", None))
    if act == "lay":
        return Lay(seat, _meld_list(obj, "melds", None))
    if act == "open_pairs":
        return OpenPairs(seat, _meld_list(obj, "pairs", 2))
    if act == "lay_pairs":
        return LayPairs(seat, _meld_list(obj, "pairs", 2))
    if act == "layoff":
        text = require(obj, "tile", str)
        try:
            tile = parse_meld_tile(text)
        except NotationError as exc:
            raise MalformedAction(msg.BAD_MELDS, key=f"'tile' ({exc})") from None
        except ValueError:
            raise MalformedAction(msg.STAR_JOKER) from None
        return Layoff(seat, _meld_index(obj), tile)
    if act == "swap":
        return Swap(seat, _meld_index(obj), tile_value(require(obj, "tile", str), "'tile'"))
    if act == "finish":
        tile = tile_value(require(obj, "tile", str), "'tile'")
        at = obj.get("at")
        return Finish(seat, tile, None if at is None else slot_value(at))
    return parse_okey_action(obj)
