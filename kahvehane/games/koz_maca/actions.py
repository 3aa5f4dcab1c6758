"""Koz Maça's actions — a bid (KM-6) and the shared trick core's ``Play`` — as the
engine takes them and as a record writes them (docs/records.md, "Actions")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.errors import MalformedAction, Message
from kahvehane.games.base import JSON, Action, parse_seat, require
from kahvehane.games.koz_maca.constants import MAX_BID, MIN_BID, SEATS
from kahvehane.games.tricks import Play, parse_play

__all__ = ["BIDS", "Bid", "Play", "parse_action"]

UNKNOWN_ACT = Message(
    "koz_maca.unknown_act", "unknown act {act}: Koz Maça actions are 'bid' and 'play'",
    "bilinmeyen hamle {act}: Koz Maça hamleleri 'bid' ve 'play'")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Announce how many tricks this seat will take (1..13, KM-6)."""

    act: ClassVar[str] = "bid"
    tricks: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "bid", "tricks": self.tricks}


#: ``BIDS[seat]``: the shared ``Bid`` actions 1..13 of each seat (actions are immutable,
#: so ``legal_actions`` hands these out).
BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(s, b) for b in range(MIN_BID, MAX_BID + 1)) for s in range(SEATS)
)


def parse_action(obj: Mapping[str, Any]) -> Action:
    """A record action of Koz Maça, or :class:`~kahvehane.errors.MalformedAction`
    saying what is wrong.

    >>> parse_action({"seat": 1, "act": "bid", "tricks": 3})
    Bid(seat=1, tricks=3)
    """
    seat = parse_seat(obj, SEATS)
    act = require(obj, "act", str)
    if act == "bid":
        return Bid(seat, int(require(obj, "tricks", int)))
    if act == "play":
        return parse_play(seat, obj)
    raise MalformedAction(UNKNOWN_ACT, act=repr(act))
