"""Okey actions, as the engine takes them and as a record writes them (docs/records.md,
"Actions")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.errors import IllegalAction, MalformedAction
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
    """Put a tile on your own discard stack, ending the turn (rule 10b).

    ``at`` names the copy the player picked by its slot, ``(block, position)`` in the
    layout just before the discard (rule 29); ``None`` takes the default copy (the last
    position of the rightmost block holding the tile). The engine checks it against the
    rack: a slot that does not hold ``tile`` is refused."""

    act: ClassVar[str] = "discard"
    tile: Tile = 0
    at: tuple[int, int] | None = None

    def to_json(self) -> JSON:
        out: JSON = {"seat": self.seat, "act": self.act, "tile": tile_name(self.tile)}
        if self.at is not None:
            out["at"] = list(self.at)
        return out


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


def slot_value(at: object) -> tuple[int, int]:
    """A discard's ``at``: ``[block, position]``, two non-negative integers (rule 29), or
    :class:`IllegalAction` saying what it got. Whether the slot exists and holds the
    tile is the deal's to check."""
    if (isinstance(at, list | tuple) and len(at) == 2
            and all(type(x) is int and x >= 0 for x in at)):
        return at[0], at[1]
    raise IllegalAction(msg.BAD_AT, "rule 29", at=_shown(at))


def _shown(value: object) -> str:
    """A value as the record wrote it (JSON), for an error text."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)


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
        tile = tile_value(require(obj, "tile", str), "'tile'")
        at = obj.get("at")
        return Discard(seat, tile, None if at is None else slot_value(at))
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
