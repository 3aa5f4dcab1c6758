"""Rooms by stake (salonlar, issue 30): the tables of games with an entry grouped by
their entry, each room with a minimum balance to sit.

A room is derived from a table's entry, never stored: the rooms are a server option
(``--room NAME:ENTRY_FROM:MIN_BALANCE``, :data:`DEFAULT_ROOMS`), each room holding the
entries from its ``entry_from`` up to the next room's, the last one every entry above.
So every entry has exactly one room, and changing the option regroups the open tables
without a migration. The minimum balance is checked where a person takes a seat (``sit``
and "Hemen oyna", ``quick``); a seated person whose chips fall below it keeps the seat
(rematches included): the rule is about sitting down, as in the salons it copies.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kahvehane.server.errors import ROOM_MINIMUM, ProtocolError

__all__ = ["DEFAULT_ROOMS", "Room", "check_room", "parse_room", "parse_rooms",
           "room_flag", "room_name", "room_of", "rooms_json"]

_NAME = re.compile(r"^[^\W\d_][\w]{0,15}$")


@dataclass(frozen=True)
class Room:
    """One room: its name (a proper name, shown as it is in both languages), the
    lowest entry of its tables and the chips a person must have to sit at one."""

    name: str
    entry_from: int
    min_balance: int


#: Acemi (novice) up to 99 chips, Orta (middle) from 100, Usta (master) from 1,000 and
#: VIP from 5,000, each asking for ten times its lowest entry to sit (Acemi: nothing
#: beyond the entry). A new account's 10,000 chips reach Usta; VIP asks for 50,000.
DEFAULT_ROOMS: tuple[Room, ...] = (
    Room("Acemi", 1, 0),
    Room("Orta", 100, 1_000),
    Room("Usta", 1_000, 10_000),
    Room("VIP", 5_000, 50_000),
)


def parse_room(text: str) -> Room:
    """``NAME:ENTRY_FROM:MIN_BALANCE`` (``--room``), or ``ValueError``.

    >>> parse_room("Usta:1000:10000")
    Room(name='Usta', entry_from=1000, min_balance=10000)
    """
    parts = text.strip().split(":")
    if len(parts) != 3 or not _NAME.match(parts[0]):
        raise ValueError(f"a room is NAME:ENTRY_FROM:MIN_BALANCE, not {text!r}")
    low, least = int(parts[1]), int(parts[2])
    if low < 1 or least < 0:
        raise ValueError(f"{text!r}: the entry from is at least 1, the balance at least 0")
    return Room(parts[0], low, least)


def room_flag(text: str) -> str:
    """One ``--room`` value checked (``none``, or as :func:`parse_room` reads it): a bad
    one stops ``serve`` at once, as any bad flag does."""
    if text.strip().lower() != "none":
        parse_room(text)
    return text


def parse_rooms(texts: Iterable[str]) -> tuple[Room, ...]:
    """The rooms of ``--room`` flags (``none``: no rooms), checked: names unique,
    entries rising.

    >>> [r.name for r in parse_rooms(["A:1:0", "B:50:500"])], parse_rooms(["none"])
    (['A', 'B'], ())
    """
    texts = [t for t in texts if t.strip()]
    if [t.strip().lower() for t in texts] == ["none"]:
        return ()
    rooms = tuple(parse_room(t) for t in texts)
    names = [r.name.casefold() for r in rooms]
    if len(set(names)) != len(names):
        raise ValueError("two rooms have one name")
    if any(a.entry_from >= b.entry_from for a, b in pairwise(rooms)):
        raise ValueError("each room's entry from is above the one before")
    return rooms


def room_of(rooms: Sequence[Room], entry: int | None) -> Room | None:
    """The room of a table with ``entry`` (``None`` for no entry or no rooms): the
    last room whose entries begin at or below it (the first for one below them all).

    >>> [room_name(DEFAULT_ROOMS, e) for e in (99, 100, 5000, None)]
    ['Acemi', 'Orta', 'VIP', None]
    """
    if not entry or not rooms:
        return None
    found = rooms[0]
    for room in rooms:
        if room.entry_from <= entry:
            found = room
    return found


def room_name(rooms: Sequence[Room], entry: int | None) -> str | None:
    """The name of :func:`room_of` (a lobby line's ``room``)."""
    room = room_of(rooms, entry)
    return None if room is None else room.name


def check_room(rooms: Sequence[Room], entry: int | None, chips: int) -> None:
    """Refuse a seat at a table of ``entry`` to a person with ``chips`` below its
    room's minimum (``insufficient_chips``, ``server.room_minimum``)."""
    room = room_of(rooms, entry)
    if room is not None and chips < room.min_balance:
        raise ProtocolError("insufficient_chips", ROOM_MINIMUM, room=room.name,
                            min=room.min_balance, chips=chips)


def rooms_json(rooms: Sequence[Room], lines: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """``GET /api/rooms``: each room with its entry range (``entry_max`` ``None`` for
    the last), its minimum balance, and how many listed tables (``lines``, lobby lines)
    and seated people it has now."""
    tables: dict[str, int] = {r.name: 0 for r in rooms}
    people: dict[str, set[int]] = {r.name: set() for r in rooms}
    for line in lines:
        room = room_of(rooms, line.get("entry"))
        if room is None or not line.get("listed", True):
            continue
        tables[room.name] += 1
        people[room.name].update(s["user"]["id"] for s in line.get("seats", [])
                                 if s.get("user") is not None and not s.get("left"))
    out = []
    for i, r in enumerate(rooms):
        top = rooms[i + 1].entry_from - 1 if i + 1 < len(rooms) else None
        out.append({"name": r.name, "entry_min": r.entry_from, "entry_max": top,
                    "min_balance": r.min_balance, "tables": tables[r.name],
                    "people": len(people[r.name])})
    return out
