"""A fixed-hand dealer: build a legal Okey ``setup`` from the tiles you care about.

Tests, puzzles and bug reports need deals where some hands (and the top of the pile)
are chosen and the rest does not matter. :func:`fixed_setup` fills everything not given
from the remaining tiles in canonical order, so the result is always exactly the 106
tiles and deterministic.

>>> s = fixed_setup(starter=0, indicator="R2", hands={0: ["R3", "R4"]}, pile_top=["K7"])
>>> s["hands"][0][:2], s["pile"][0], len(s["hands"][0]), len(s["pile"])
(['R3', 'R4'], 'K7', 15, 48)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from kahvehane.errors import MalformedSetup
from kahvehane.games.base import JSON
from kahvehane.games.okey import messages as msg
from kahvehane.tiles import full_set, parse_tile, tile_names


def fixed_setup(
    *,
    starter: int = 0,
    indicator: str = "R2",
    hands: Mapping[int, Sequence[str]] | None = None,
    pile_top: Sequence[str] = (),
    pile_bottom: Sequence[str] = (),
) -> JSON:
    """A setup with the given tiles where given and the rest filled in canonical order.

    ``pile_bottom`` ends the pile: the last tiles drawn before the deal runs out.
    """
    for seat in hands or {}:
        if seat not in range(4):
            raise MalformedSetup(msg.NO_SUCH_SEAT, seat=seat)
    if len(pile_top) + len(pile_bottom) > 48:
        raise MalformedSetup(msg.TILES_DO_NOT_FIT)
    pool = Counter(full_set())
    chosen = [indicator, *(t for h in (hands or {}).values() for t in h), *pile_top,
              *pile_bottom]
    for name in chosen:
        t = parse_tile(name)
        if pool[t] == 0:
            raise MalformedSetup(msg.TOO_MANY_COPIES, tile=name)
        pool[t] -= 1
    rest = sorted(pool.elements())  # tile codes sort in canonical order
    out_hands: list[list[str]] = []
    for seat in range(4):
        given = list((hands or {}).get(seat, []))
        size = 15 if seat == starter else 14
        if len(given) > size:
            raise MalformedSetup(msg.HAND_TOO_BIG, seat=seat, size=size)
        while len(given) < size:
            given.append(tile_names([rest.pop(0)])[0])
        out_hands.append(given)
    # what is left is exactly the middle of the pile: 106 tiles = indicator + hands + pile
    pile = [*pile_top, *tile_names(rest), *pile_bottom]
    return {"starter": starter, "indicator": indicator, "hands": out_hands, "pile": pile}

