"""An Okey deal's ``setup`` (docs/records.md, "Setups"): dealt from a shuffled order, and read
back from a record, where it is untrusted input.

>>> from kahvehane.tiles import full_set
>>> s = deal_order(list(reversed(full_set())), starter=1)
>>> s["indicator"], [len(h) for h in s["hands"]], len(s["pile"])
('K13', [14, 15, 14, 14], 48)
>>> read_setup(s)[:2]
(1, 51)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.errors import MalformedSetup
from kahvehane.games.base import JSON
from kahvehane.games.okey import messages as msg
from kahvehane.games.setup_checks import (
    THE_106_TILES,
    check_exact_deck,
    field,
    item_list,
    seat_field,
)
from kahvehane.tiles import FALSE_JOKER, TILE_CODES, Tile, full_set, parse_tile, tile_name

__all__ = ["ReadSetup", "deal_order", "read_setup"]

ReadSetup = tuple[int, Tile, list[list[Tile]], list[Tile]]
"""(starter, indicator, the four hands, the pile top first), as tile codes."""

_FULL_SET = full_set()
_NAMES = tuple(tile_name(t) for t in range(FALSE_JOKER + 1))


def deal_order(order: list[int], starter: int, sizes: tuple[int, int] = (15, 14)) -> JSON:
    """The first non-J tile is the indicator; 15 to the starter, 14 to each next seat in
    play order; the rest is the pile, top first (docs/records.md, "Seeded deals").
    ``sizes`` (the starter's, the others') is ``(22, 21)`` for 101 Okey
    (docs/rules/okey_101.md, 101-5)."""
    rest = [_NAMES[t] for t in order]
    i = next(i for i, t in enumerate(order) if t != FALSE_JOKER)
    indicator = rest.pop(i)
    hands: list[list[str]] = [[], [], [], []]
    pos = 0
    for j in range(4):
        n = sizes[0] if j == 0 else sizes[1]
        hands[(starter + j) % 4] = rest[pos : pos + n]
        pos += n
    return {"starter": starter, "indicator": indicator, "hands": hands, "pile": rest[pos:]}


def read_setup(setup: Mapping[str, Any], sizes: tuple[int, int, int] = (15, 14, 48)
               ) -> ReadSetup:
    """The deal a setup describes, or :class:`MalformedSetup` saying which field, which
    tile and what is missing or doubled. ``sizes`` are the starter's hand, the others'
    and the pile: ``(22, 21, 20)`` for 101 Okey."""
    fast = _read_canonical(setup, sizes)
    if fast is not None:
        return fast
    starter = seat_field(setup, "starter", 4)
    indicator = item_list([field(setup, "indicator")], "'indicator'", parse_tile)[0]
    if indicator == FALSE_JOKER:
        raise MalformedSetup(msg.INDICATOR_JOKER)
    hands_raw = field(setup, "hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != 4:
        raise MalformedSetup(msg.HANDS_FOUR)
    hands = [
        item_list(h, f"hands[{s}]", parse_tile, sizes[0] if s == starter else sizes[1])
        for s, h in enumerate(hands_raw)
    ]
    pile = item_list(field(setup, "pile"), "'pile'", parse_tile, sizes[2])
    check_exact_deck(
        [indicator, *pile, *(t for h in hands for t in h)],
        _FULL_SET, tile_name, THE_106_TILES,
    )
    return starter, indicator, hands, pile


def _read_canonical(setup: Mapping[str, Any], sizes: tuple[int, int, int]
                    ) -> ReadSetup | None:
    """The deal of a well-formed setup written in canonical tile names, as every
    generated setup is; ``None`` for anything else, which the full reader of
    :func:`read_setup` then reads or rejects with its message.

    Why: a deal starts from a setup, and the full reader (a parse with error messages
    for each of the 106 tiles) costs about as much as the rest of a random deal."""
    try:
        starter = setup["starter"]
        indicator_name = setup["indicator"]
        hands_raw = setup["hands"]
        pile_raw = setup["pile"]
    except (KeyError, TypeError):
        return None
    if type(starter) is not int or not 0 <= starter < 4:
        return None
    if type(hands_raw) is not list or len(hands_raw) != 4:
        return None
    if type(pile_raw) is not list or len(pile_raw) != sizes[2]:
        return None
    codes = TILE_CODES
    try:
        indicator = codes[indicator_name]
        pile = [codes[x] for x in pile_raw]
        hands: list[list[Tile]] = []
        for seat, h in enumerate(hands_raw):
            if type(h) is not list or len(h) != (sizes[0] if seat == starter else sizes[1]):
                return None
            hands.append([codes[x] for x in h])
    except (KeyError, TypeError):  # not a canonical name (or not even hashable)
        return None
    if indicator == FALSE_JOKER:
        return None
    every = [indicator, *pile]
    for h in hands:
        every += h
    every.sort()
    if every != _FULL_SET:
        return None
    return starter, indicator, hands, pile
