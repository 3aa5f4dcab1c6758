"""Scoring one 101 deal (docs/rules/okey_101.md 101-31 … 101-36): pure functions of
plain numbers, so each rule is tested on its own.

D(p) = H(p) + Pen(p): the hand charge times the finish multiplier, plus the penalties of
the deal, which are never multiplied.

>>> from kahvehane.tiles import parse_tiles
>>> okey = parse_tiles(["R3"])[0]
>>> hands = [[], parse_tiles(["B5", "K9"]), parse_tiles(["Y4", "Y6"]), parse_tiles(["K1"])]
>>> score_deal(finisher=0, multiplier=1, opened=["melds", "melds", "pairs", None],
...            hands=hands, okey=okey, held_okey="value101", pairs_play=False,
...            penalty_total=[0, 0, 0, 0])["scores"]
[-101, 14, 20, 202]
"""

from __future__ import annotations

from collections.abc import Sequence

from kahvehane.games.base import JSON
from kahvehane.games.okey.scoring import partner
from kahvehane.tiles import FALSE_JOKER, Tile

FINISH = 101
UNOPENED = 202
OKEY_IN_HAND = 101
PENALTY = 101


def multiplier(*, okey: bool, pairs: bool, elden: bool) -> int:
    """101-31: M = 2 ** (number of flags).

    >>> multiplier(okey=True, pairs=True, elden=False)
    4
    """
    return 1 << (int(okey) + int(pairs) + int(elden))


def hand_value(hand: Sequence[Tile], okey: Tile, held_okey: str) -> int:
    """V(p) (101-32, 101-33): printed numbers, J as the okey identity's number, and each
    real okey 101 (``value101``), 0 (``surcharge101``, charged after the multiplier) or
    its printed number (``face``)."""
    okey_number = okey % 13 + 1
    total = 0
    for t in hand:
        if t == okey:
            if held_okey == "value101":
                total += OKEY_IN_HAND
            elif held_okey == "face":
                total += okey_number
        elif t == FALSE_JOKER:
            total += okey_number
        else:
            total += t % 13 + 1
    return total


def score_deal(
    *,
    finisher: int | None,
    multiplier: int,
    opened: Sequence[str | None],
    hands: Sequence[Sequence[Tile]],
    okey: Tile,
    held_okey: str,
    pairs_play: bool,
    penalty_total: Sequence[int],
) -> JSON:
    """``hand_value``, ``held_okeys``, ``hand_charge`` and ``scores`` of a scored deal
    (a finish, or a pile out with ``finisher`` None and ``multiplier`` 1)."""
    values: list[int | None] = []
    charges: list[int] = []
    held = [sum(1 for t in h if t == okey) for h in hands]
    for seat in range(4):
        if seat == finisher:
            values.append(None)
            charges.append(-FINISH * multiplier)
        elif pairs_play and finisher is not None and seat == partner(finisher):
            values.append(None)
            charges.append(0)
        elif opened[seat] is None:
            values.append(None)
            charges.append(UNOPENED * multiplier)
        else:
            v = hand_value(hands[seat], okey, held_okey)
            k = 2 if opened[seat] == "pairs" else 1
            charge = k * v * multiplier
            if held_okey == "surcharge101":
                charge += OKEY_IN_HAND * held[seat]
            values.append(v)
            charges.append(charge)
    scores = [charges[s] + penalty_total[s] for s in range(4)]
    return {"hand_value": values, "held_okeys": held, "hand_charge": charges,
            "scores": scores}
