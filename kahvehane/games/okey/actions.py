"""Okey actions, as the engine takes them and as a record writes them (RECORDS.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.errors import MalformedAction
from kahvehane.games.base import JSON, Action, parse_seat, require, tile_value
from kahvehane.games.okey import messages as msg
from kahvehane.tiles import Tile, tile_name

PILE = "pile"
LEFT = "left"


@dataclass(frozen=True, slots=True)
class ShowIndicator(Action):
    """Gösterge: show the in-play copy of the indicator tile (rule 14)."""

    act: ClassVar[str] = "show_indicator"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top pile tile or the left neighbour's last discard (rule 10a)."""

    act: ClassVar[str] = "draw"
    source: str = PILE

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "from": self.source}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put a tile on your own discard stack, ending the turn (rule 10b)."""

    act: ClassVar[str] = "discard"
    tile: Tile = 0

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "tile": tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Put ``tile`` on the indicator and claim the other 14 are melds or 7 pairs (rule 16)."""

    act: ClassVar[str] = "finish"
    tile: Tile = 0

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "tile": tile_name(self.tile)}


@dataclass(frozen=True, slots=True)
class Arrange(Action):
    """Lay out the rack as blocks (rule 29). Free, at any time during the deal."""

    act: ClassVar[str] = "arrange"
    rack: tuple[tuple[Tile, ...], ...] = ()

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "act": self.act,
            "rack": [[tile_name(t) for t in block] for block in self.rack],
        }


OkeyAction = ShowIndicator | Draw | Discard | Finish | Arrange


def parse_okey_action(obj: Mapping[str, Any]) -> Action:
    """Read one record action of an Okey deal."""
    seat = parse_seat(obj, 4)
    act = require(obj, "act", str)
    if act == "show_indicator":
        return ShowIndicator(seat)
    if act == "draw":
        source = require(obj, "from", str)
        if source not in (PILE, LEFT):
            raise MalformedAction(msg.BAD_SOURCE, source=repr(source))
        return Draw(seat, source)
    if act == "discard":
        return Discard(seat, tile_value(require(obj, "tile", str), "'tile'"))
    if act == "finish":
        return Finish(seat, tile_value(require(obj, "tile", str), "'tile'"))
    if act == "arrange":
        rack = require(obj, "rack", list)
        blocks: list[tuple[Tile, ...]] = []
        for block in rack:
            if not isinstance(block, list):
                raise MalformedAction(msg.BAD_RACK)
            blocks.append(tuple(tile_value(t, "'rack'") for t in block))
        return Arrange(seat, tuple(blocks))
    raise MalformedAction(msg.UNKNOWN_ACT, act=repr(act))
