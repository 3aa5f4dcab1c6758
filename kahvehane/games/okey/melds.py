"""Okey melds and pairs: rules 11–13 of docs/rules/okey.md, as predicates on tile codes.

Tiles are the ``int`` codes of :mod:`kahvehane.tiles`. ``okey`` is the okey's code (the
wild tile, rule 6): a tile whose code equals it is wild. :data:`~kahvehane.tiles.FALSE_JOKER`
is *not* wild: it stands for the okey identity as an ordinary tile (so with okey R3 a
false joker is an ordinary R3). These predicates are the single definition of a valid
run, group and pair; the solver (:mod:`kahvehane.games.okey.solver`) searches over them
and its tests check it against them.

Runs (rule 11): one colour, consecutive numbers, 1 may follow 13 only as the last tile,
at most 13 tiles; okeys fill any position; the order of the tiles does not matter.

>>> from kahvehane.tiles import parse_tile as t, parse_tiles as ts, okey_of
>>> okey = okey_of(t("R2"))  # R3
>>> is_run(ts(["R12", "R13", "R1"]), okey), is_run(ts(["R13", "R1", "R2"]), okey)
(True, False)
>>> is_run(ts(["R12", "R3", "R1"]), okey)  # R3 is the okey: R12 R13 R1
True
>>> is_group(ts(["R7", "R7", "B7"]), okey), is_group(ts(["R7", "Y7", "R3"]), okey)
(False, True)
>>> is_pair(t("J"), t("R3"), okey, t("R2")), is_pair(t("R2"), t("R3"), okey, t("R2"))
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kahvehane.tiles import FALSE_JOKER

MAX_RUN = 13
"""Longest run: 1–13 or 2–13-1 (a run cannot hold the low and the high 1 together)."""


def face_value(t: int, okey: int) -> int:
    """What an unmatched tile costs (rule 29): its number; an okey or a false joker
    counts the okey identity's number.

    >>> face_value(6, 2), face_value(2, 2), face_value(52, 2)
    (7, 3, 3)
    """
    if t in (okey, FALSE_JOKER):
        return okey % 13 + 1
    return t % 13 + 1


def _split(tiles: Sequence[int], okey: int) -> tuple[int, list[int]]:
    """(number of wild okeys, the other tiles as ordinary codes: a false joker becomes
    the okey identity's code, which is what it stands for)."""
    wilds = 0
    real: list[int] = []
    for x in tiles:
        if x == okey:
            wilds += 1
        elif x == FALSE_JOKER:
            real.append(okey)
        else:
            real.append(x)
    return wilds, real


def is_run(tiles: Sequence[int], okey: int) -> bool:
    """Rule 11: can these tiles, in some order and with some values for the okeys, be
    one run? ``12-13-1`` is a run, ``13-1-2`` and ``12-13-1-2`` are not.

    >>> from kahvehane.tiles import parse_tiles as ts
    >>> is_run(ts(["R11", "R12", "R13", "R1"]), 52 - 1)  # okey K13, no okey held
    True
    >>> is_run(ts(["R12", "R13", "R1", "R2"]), 51)
    False
    """
    n = len(tiles)
    if n < 3 or n > MAX_RUN:
        return False
    _, real = _split(tiles, okey)
    if not real:
        return True
    colour = real[0] // 13
    numbers = []
    for x in real:
        if x // 13 != colour:
            return False
        numbers.append(x % 13 + 1)
    if len(set(numbers)) != len(numbers):
        return False  # one number twice: a run of at most 13 cannot hold 1 low and 1 high
    lo, hi = min(numbers), max(numbers)
    if hi - lo + 1 <= n:  # the okeys fill the gaps and extend the ends within 1..13 or to 14
        return True
    if lo == 1:  # try the 1 as the high end, after 13
        rest = [x for x in numbers if x != 1]
        return 14 - min(rest) + 1 <= n
    return False


def is_group(tiles: Sequence[int], okey: int) -> bool:
    """Rule 12: 3 or 4 tiles of one number, all of different colours; okeys take the
    missing colours.

    >>> from kahvehane.tiles import parse_tiles as ts
    >>> is_group(ts(["R9", "Y9", "B9", "K9"]), 0), is_group(ts(["R9", "Y9"]), 0)
    (True, False)
    """
    if not 3 <= len(tiles) <= 4:
        return False
    _, real = _split(tiles, okey)
    if len({x % 13 for x in real}) > 1:
        return False
    colours = [x // 13 for x in real]
    return len(set(colours)) == len(colours)


def is_meld(tiles: Sequence[int], okey: int) -> bool:
    """A valid per: a run or a group (rules 11–12)."""
    return is_group(tiles, okey) or is_run(tiles, okey)


def is_pair(a: int, b: int, okey: int, indicator: int) -> bool:
    """Rule 13: two identical tiles; an okey stands for either; J+J, J+okey and
    okey+okey are pairs; the in-play copy of the indicator tile is never in a pair.

    >>> is_pair(4, 4, 2, 1), is_pair(4, 5, 2, 1), is_pair(4, 2, 2, 1), is_pair(1, 2, 2, 1)
    (True, False, True, False)
    """
    if indicator in (a, b):
        return False
    return a == b or okey in (a, b)


def unmatched_sum(blocks: Iterable[Sequence[int]], okey: int) -> int:
    """Σ face values of the unmatched tiles of a rack layout (rule 29): a block counts
    as melded iff it is, as a whole, one valid run or group; pairs are not pers. This is
    what KDV's Ceza multiplies.

    >>> from kahvehane.tiles import parse_tiles as ts
    >>> unmatched_sum([ts(["R4", "R5", "R6"]), ts(["B9", "B9"]), ts(["K2"])], 2)
    20
    """
    okey_number = okey % 13 + 1
    total = 0
    for block in blocks:
        if len(block) >= 3 and is_meld(block, okey):  # a meld has at least 3 tiles
            continue
        for x in block:
            total += okey_number if x in (okey, FALSE_JOKER) else x % 13 + 1
    return total
