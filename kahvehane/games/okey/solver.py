"""The Okey hand solver: seri diz, çift diz and finishing (rules 11–13, 16–17, 29).

One solver serves the engine, the bots, the server and the CLI. Tiles are the ``int``
codes of :mod:`kahvehane.tiles`; ``okey`` is the okey's code (wild), ``indicator`` the
indicator's. A false joker is not wild: it is the okey identity as an ordinary tile.

* :func:`best_arrangement` ("seri diz"): the rack layout with the lowest unmatched
  face-value sum (rule 29: an unmatched okey or false joker counts the okey's number).
* :func:`best_pairs_arrangement` ("çift diz"): the most pairs.
* :func:`can_finish_melds`, :func:`can_finish_pairs`, :func:`finish_multiplier`,
  :func:`best_finish`: the finish check of rules 16–17.

Every layout is an :class:`Arrangement` whose ``blocks`` an ``arrange`` action takes
as is: melds first (a run in number order with each okey at the position it fills, a
group in colour order R Y B K with each okey at the colour it stands for), then every
other tile as a block of its own.

>>> from kahvehane.tiles import parse_tiles, tile_names, okey_of, parse_tile
>>> okey = okey_of(parse_tile("R2"))  # R3, worth 3
>>> a = best_arrangement(parse_tiles("R4 R5 R6 B9 B9 Y13 K2 R3".split()), okey)
>>> a.unmatched_sum, [tile_names(b) for b in a.blocks]
(33, [['R4', 'R5', 'R6', 'R3'], ['Y13'], ['B9'], ['B9'], ['K2']])

The search (:mod:`kahvehane.games.okey.solver_core`) is exact: a memoised search that
decides the lowest tile first, after removing the tiles no meld can take.
``docs/okey-solver.md`` describes it and why it is exact; ``bench/RESULTS.md`` gives its
speed; ``tests/okey/test_solver_bruteforce.py`` checks it against brute force.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from kahvehane.games.okey import messages as msg
from kahvehane.games.okey.melds import face_value
from kahvehane.games.okey.messages import InvalidRack
from kahvehane.games.okey.solver_core import bit_codes, dead_tiles, live_mask, solve_melds
from kahvehane.tiles import FALSE_JOKER, okey_of

__all__ = [
    "Arrangement",
    "best_arrangement",
    "best_finish",
    "best_pairs_arrangement",
    "can_finish_melds",
    "can_finish_pairs",
    "dead_tiles",
    "finish_multiplier",
    "finish_options",
    "may_finish",
]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A rack layout: ``blocks`` for an ``arrange`` action and the face-value sum of the
    tiles it leaves unmatched (see each producer for what counts as unmatched)."""

    blocks: tuple[tuple[int, ...], ...]
    unmatched_sum: int


def _check(tiles: Sequence[int], okey: int) -> Counter[int]:
    """Reject what no rack can hold: a bad code, three copies of a tile, three okeys or
    false jokers (the set has each tile twice, rule 4); return the tile counts. The meld
    search checks the same itself as it reads the hand."""
    if type(okey) is not int or not 0 <= okey < FALSE_JOKER:
        raise InvalidRack(msg.BAD_OKEY, okey=repr(okey))
    counts = Counter(tiles)
    for x, n in counts.items():
        if type(x) is not int or not 0 <= x <= FALSE_JOKER:
            raise InvalidRack(msg.NOT_A_TILE_CODE, value=repr(x))
        if n > 2:
            raise InvalidRack(msg.CODE_THRICE, code=x)
    return counts


def _max_pairs(counts: Counter[int], okey: int, indicator: int) -> int:
    """The most pairs (rule 13) the counted tiles make: identical ordinary tiles, then
    okeys with single tiles, then okeys together; the indicator tile never pairs."""
    wilds = counts[okey]
    pairs = singles = 0
    for x, n in counts.items():
        if x != okey and x != indicator:
            pairs += n >> 1
            singles += n & 1
    used = wilds if wilds < singles else singles
    return pairs + used + ((wilds - used) >> 1)


_JOKER_BIT = 1 << FALSE_JOKER
_ONES = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the 1 of each colour
_START3 = 0x7FF * _ONES  # numbers 1..11: where three consecutive numbers can start
_NO_MELD = 3  # more okeys than a rack holds: "these tiles cannot share a meld"


def may_finish(held: int, twice: int, okey: int, indicator: int) -> bool:
    """A quick necessary condition for finishing (rules 16–17): ``False`` means no tile of
    the 15 can go on the indicator, so :func:`finish_options` would be empty.

    Why: the engine asks "which tiles finish?" on every discard of every deal, and almost
    no rack can finish; the exact answer searches once per candidate tile, while this
    test rejects nearly every rack with a few bit operations, exactly (it never says
    ``False`` for a rack that can finish; ``True`` only means "search").

    The rack is given as bitsets over the 53 tile codes as held: ``held`` the codes held
    at least once, ``twice`` those held twice. Why it is exact:

    * **7 pairs.** Removing a tile never adds a pair, so a çift finish needs 7 pairs
      among the 15 (counted as :func:`_max_pairs` does). With 7, we answer ``True``.
    * **Needy tiles.** Read the rack as the solver does (a false joker is the okey
      identity, an ordinary tile). A tile in no meld of held tiles alone ("dead without
      okeys": no three consecutive numbers nor three colours held around it) is *needy*:
      in a finish it is the tile put down or it sits in a meld with an okey. Every copy
      counts, and removing tiles never makes a tile less needy.
    * **Okey melds.** The 14 melded tiles hold ``w`` okeys (one fewer if an okey is put
      down), so at most ``w`` melds hold an okey, and those melds take all the needy
      tiles but the one put down. A meld holds each tile code once and is a group (one
      number, at most 3 real tiles beside an okey) or a run (one colour, whose positions
      not held as real tiles are okeys: at least as many okeys as numbers missing from
      the rack between the meld's lowest and highest needy tile, and at least one). In a
      run with ``j`` okeys the real tiles form at most ``j + 1`` stretches of consecutive
      numbers, and a stretch of 3 or more holds no needy tile: so a meld with one okey
      holds at most 4 needy tiles and one with two okeys at most 6. The needy tiles of a
      meld lie on one line (its colour, or its number), so with two okeys all the needy
      tiles but one lie on two lines (:func:`_two_lines`, checked before any list).
    * **Dead tiles** (:func:`dead_tiles`: in no meld even with the okeys held): at most
      one, the tile put down.

    ``tests/okey/test_finish_filter.py`` checks it against :func:`finish_multiplier`.
    """
    okey_bit = 1 << okey
    w = (held >> okey & 1) + (twice >> okey & 1)
    if twice.bit_count() + w >= 7:  # else fewer than 7 pairs: each okey adds one at most
        plain = ~(okey_bit | 1 << indicator)  # the tiles that pair only with their twin
        singles = (held & ~twice & plain).bit_count()
        used = w if w < singles else singles
        if (twice & plain).bit_count() + used + ((w - used) >> 1) >= 7:
            return True
    keep = ~(okey_bit | _JOKER_BIT)
    a = held & keep
    b = twice & keep
    if held & _JOKER_BIT:
        a |= okey_bit
        if twice & _JOKER_BIT:
            b |= okey_bit
    # live_mask(a, 0), inlined: this runs on every discard of every deal
    t = a & (a >> 1) & (a >> 2) & _START3  # n, n+1, n+2 held
    live0 = t | (t << 1) | (t << 2)
    t = a & (a >> 11) & (a >> 12) & _ONES  # 12, 13, 1 held
    live0 |= t | (t << 11) | (t << 12)
    c0 = a & 0x1FFF
    c1 = a >> 13 & 0x1FFF
    c2 = a >> 26 & 0x1FFF
    c3 = a >> 39
    live0 |= ((c0 & c1 & (c2 | c3)) | (c2 & c3 & (c0 | c1))) * _ONES  # 3+ colours
    needy_a = a & ~live0
    needy_b = b & ~live0
    n = needy_a.bit_count() + needy_b.bit_count()
    if n <= 1:
        return True  # put the needy tile (if any) down: the search decides the rest
    if not w or n > (5 if w == 1 else 9):
        return False  # more needy tiles than the okey melds and the tile put down hold
    if w == 1:
        dead = a & ~live_mask(a, 1)
        if dead.bit_count() + (b & dead).bit_count() > 1:
            return False
    if w == 2 and not _two_lines(needy_a, 1):
        return False
    needy = sorted(bit_codes(needy_a) + bit_codes(needy_b))
    if w == 2 and n <= 4 and _meld_okeys(needy, a) <= 1:
        return True  # the second okey put down, the first in one meld with the needy
    for i, x in enumerate(needy):  # put down one needy tile; the okeys take the rest
        if i and needy[i - 1] == x:
            continue
        rest = needy[:i] + needy[i + 1 :]
        if _meld_okeys(rest, a) <= w or (
            w == 2 and _two_lines(needy_a & ~(1 << x) if x not in rest else needy_a, 0)
            and _two_melds(rest, a)
        ):
            return True
    return False


def _two_lines(needy: int, spare: int) -> bool:
    """Do the needy codes (a bitset) lie on two lines (a colour or a number each) and
    ``spare`` (0 or 1) more tiles? Each okey meld of a finish lies on one line, and one
    tile may be put down. Checked on the colour rows, without a loop over the tiles: two
    colours leave at most ``spare`` tiles in the other two; two numbers make at most
    2 + ``spare`` numbers in all; a colour and a number leave at most 1 + ``spare``
    numbers and 3 + ``spare`` tiles (the number's other colours) outside the colour."""
    r0 = needy & 0x1FFF
    r1 = needy >> 13 & 0x1FFF
    r2 = needy >> 26 & 0x1FFF
    r3 = needy >> 39 & 0x1FFF
    n0, n1, n2, n3 = r0.bit_count(), r1.bit_count(), r2.bit_count(), r3.bit_count()
    counts = sorted((n0, n1, n2, n3))
    if counts[0] + counts[1] <= spare or (r0 | r1 | r2 | r3).bit_count() <= 2 + spare:
        return True
    total = n0 + n1 + n2 + n3
    tiles = 3 + spare  # at most this many tiles outside the colour...
    numbers = 1 + spare  # ...over at most this many numbers
    return (
        (total - n0 <= tiles and (r1 | r2 | r3).bit_count() <= numbers)
        or (total - n1 <= tiles and (r0 | r2 | r3).bit_count() <= numbers)
        or (total - n2 <= tiles and (r0 | r1 | r3).bit_count() <= numbers)
        or (total - n3 <= tiles and (r0 | r1 | r2).bit_count() <= numbers)
    )


def _meld_okeys(needy: list[int], a: int) -> int:
    """A lower bound on the okeys of one meld holding all the ``needy`` tiles (sorted
    codes, at least one): :data:`_NO_MELD` if they cannot share a meld. ``a`` is the set
    of ordinary codes held; a run needs an okey for each number missing from ``a``
    between its needy tiles (reading a 1 low, or high after 13), and one at least."""
    first = needy[0]
    last = needy[-1]
    if len(needy) == 1:
        return 1
    for i in range(1, len(needy)):
        if needy[i] == needy[i - 1]:
            return _NO_MELD  # one code twice: never in one meld
    colour_base = first - first % 13
    if last - last % 13 == colour_base:  # one colour: a run
        missing = ~(a >> colour_base)
        lo = first % 13
        gaps = (((1 << (last % 13 + 1)) - (1 << lo)) & missing).bit_count()
        if lo == 0:  # the 1 read as the 1 after 13: the run spans the next needy to 13
            high = (0x1FFF - ((1 << needy[1] % 13) - 1)) & missing
            if high.bit_count() < gaps:
                gaps = high.bit_count()
        return gaps if gaps > 1 else 1
    number = first % 13
    if len(needy) <= 3 and all(x % 13 == number for x in needy):
        return 1  # a group: distinct colours (sorted codes, no code twice)
    return _NO_MELD


def _two_melds(needy: list[int], a: int) -> bool:
    """Can the ``needy`` tiles (sorted codes) be split between two melds of one okey
    each (:func:`_meld_okeys` at most 1 for both)?

    Each such meld holds at most 4 needy tiles, all on one line: a colour (a run) or a
    number (a group). Take the meld of the first tile and its line, the first tile's
    colour or number: the tiles off that line are all in the other meld, which can take
    besides them at most one tile of the first line (where two lines cross, or any one
    tile when the other meld is on the same line as the first).
    """
    if len(needy) > 8:
        return False
    first = needy[0]
    for by_colour in (True, False):
        key = first // 13 if by_colour else first % 13
        on: list[int] = []
        off: list[int] = []
        for x in needy:
            (on if (x // 13 if by_colour else x % 13) == key else off).append(x)
        if off:
            if _meld_okeys(off, a) <= 1 and _meld_okeys(on, a) <= 1:
                return True
        elif _same_line_split(on, a):
            return True
        for i, y in enumerate(on):  # the other meld also takes y
            if i and on[i - 1] == y:
                continue
            rest = on[:i] + on[i + 1 :]
            if rest and _meld_okeys(rest, a) <= 1 and _meld_okeys(sorted([*off, y]), a) <= 1:
                return True
    return False


def _same_line_split(line: list[int], a: int) -> bool:
    """Two melds of one okey each on one line (two runs of a colour, or two groups of a
    number) holding these needy tiles: every split is tried (at most 8 tiles, and this
    only happens when all the needy tiles share a colour or a number)."""
    first = line[0]
    rest = line[1:]
    for mask in range(1, 1 << len(rest)):
        one = [first]
        two: list[int] = []
        for j, x in enumerate(rest):
            (two if mask >> j & 1 else one).append(x)
        if _meld_okeys(one, a) <= 1 and _meld_okeys(two, a) <= 1:
            return True
    return False


def best_arrangement(tiles: Sequence[int], okey: int) -> Arrangement:
    """"Seri diz": the layout with the lowest unmatched face-value sum (rules 11, 12, 29).

    Works for any number of tiles (the engine uses 14 or 15). Ties between layouts of the
    same sum are broken deterministically.

    >>> from kahvehane.tiles import parse_tiles
    >>> best_arrangement(parse_tiles("R4 R5 R6 B9 B9 Y13 K2".split()), 2).unmatched_sum
    33
    """
    if type(okey) is not int or not 0 <= okey < FALSE_JOKER:
        raise InvalidRack(msg.BAD_OKEY, okey=repr(okey))
    cost, blocks = solve_melds(tiles, okey, want_blocks=True)
    return Arrangement(tuple(blocks), cost)


def can_finish_melds(tiles: Sequence[int], okey: int) -> bool:
    """Rule 16: do these 14 tiles split into valid runs and groups (nothing left over)?

    >>> from kahvehane.tiles import parse_tiles
    >>> can_finish_melds(parse_tiles("R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4".split()), 0)
    True
    """
    if len(tiles) != 14:
        return False
    _check(tiles, okey)
    cost, _ = solve_melds(tiles, okey, want_blocks=False, stop_at_zero=True)
    return cost == 0


def _pair_plan(
    tiles: Sequence[int], okey: int, indicator: int
) -> tuple[list[tuple[int, int]], list[int]]:
    """The most pairs (rule 13) and, among layouts with that many, the lowest face-value
    sum left over: (pairs, leftover tiles).

    Identical ordinary tiles pair up first (a false joker is ordinary, so J+J pairs);
    then okeys pair with the most valuable leftover singles, and two okeys pair with
    each other. The indicator tile never pairs. With ``w`` okeys and ``s`` eligible
    singles, using ``k`` okeys on singles gives ``k + (w-k)//2`` pairs, so only the
    parity of ``w - k`` can make a smaller ``k`` as good; we try every ``k``.
    """
    wilds = 0
    counts: dict[int, int] = {}
    for x in tiles:
        if x == okey:
            wilds += 1
        else:
            counts[x] = counts.get(x, 0) + 1
    pairs: list[tuple[int, int]] = []
    singles: list[int] = []
    for x in sorted(counts):
        c = counts[x]
        if x == indicator:
            singles.extend([x] * c)
            continue
        pairs.extend([(x, x)] * (c // 2))
        if c % 2:
            singles.append(x)
    eligible = sorted(
        (x for x in singles if x != indicator),
        key=lambda x: (-face_value(x, okey), x),
    )
    best: tuple[int, int, int] | None = None  # (-pairs, leftover sum, k)
    for k in range(min(wilds, len(eligible)) + 1):
        n_pairs = k + (wilds - k) // 2
        left = [*eligible[k:], *([okey] * ((wilds - k) % 2))]
        key = (-n_pairs, sum(face_value(x, okey) for x in left), k)
        if best is None or key < best:
            best = key
    assert best is not None
    k = best[2]
    pairs.extend((x, okey) for x in eligible[:k])
    pairs.extend([(okey, okey)] * ((wilds - k) // 2))
    leftover = [x for x in singles if x == indicator] + eligible[k:]
    leftover.extend([okey] * ((wilds - k) % 2))
    leftover.sort()
    pairs.sort()
    return pairs, leftover


def can_finish_pairs(tiles: Sequence[int], okey: int, indicator: int) -> bool:
    """Rule 16: are these 14 tiles 7 valid pairs (rule 13)?

    >>> from kahvehane.tiles import parse_tiles
    >>> hand = parse_tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 R3".split())
    >>> can_finish_pairs(hand, 2, 1)  # okey R3 pairs with B2
    True
    >>> can_finish_pairs(hand[:-2] + parse_tiles(["R2", "R3"]), 2, 1)  # R2 is the indicator
    False
    """
    if len(tiles) != 14:
        return False
    return _max_pairs(_check(tiles, okey), okey, indicator) == 7


def best_pairs_arrangement(tiles: Sequence[int], okey: int, indicator: int) -> Arrangement:
    """"Çift diz": the most pairs as 2-tile blocks, every other tile a block of its own.

    ``unmatched_sum`` is the face-value sum of the tiles outside the pairs (an okey or a
    false joker counts the okey's number). Note that rule 29 charges pairs too, because a
    pair is not a per: the Ceza of this layout is :func:`~kahvehane.games.okey.melds.
    unmatched_sum` of its blocks.

    >>> from kahvehane.tiles import parse_tiles, tile_names
    >>> a = best_pairs_arrangement(parse_tiles("R5 R5 B9 K13 R3".split()), 2, 1)
    >>> [tile_names(b) for b in a.blocks], a.unmatched_sum
    ([['R5', 'R5'], ['K13', 'R3'], ['B9']], 9)
    """
    _check(tiles, okey)
    pairs, leftover = _pair_plan(tiles, okey, indicator)
    blocks = tuple(pairs) + tuple((x,) for x in leftover)
    return Arrangement(blocks, sum(face_value(x, okey) for x in leftover))


def finish_multiplier(tiles15: Sequence[int], tile_out: int, indicator: int) -> int | None:
    """Rules 16–17: the multiplier of finishing by putting ``tile_out`` on the indicator,
    or ``None`` if the other 14 tiles are neither melds nor 7 pairs.

    M = 1, ×2 if the 14 are 7 pairs (the çift reading wins when both readings hold),
    ×2 if ``tile_out`` is a real okey (a false joker is not): 1, 2 or 4.

    >>> from kahvehane.tiles import parse_tiles, parse_tile
    >>> hand = parse_tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 R3 R3".split())
    >>> finish_multiplier(hand, parse_tile("R3"), parse_tile("R2"))  # çift + okey
    4
    >>> finish_multiplier(hand, parse_tile("B9"), parse_tile("R2"))  # B9 and B2 take the okeys
    2
    >>> finish_multiplier(parse_tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 K1 K5 K9".split()),
    ...                   parse_tile("K9"), parse_tile("R2")) is None
    True
    """
    if len(tiles15) != 15:
        raise InvalidRack(msg.FINISH_NEEDS_15, count=len(tiles15))
    okey = okey_of(indicator)
    counts = _check(tiles15, okey)
    if not counts[tile_out]:
        raise InvalidRack(msg.NOT_AMONG, code=repr(tile_out))
    counts[tile_out] -= 1
    bonus = 2 if tile_out == okey else 1
    if _max_pairs(counts, okey, indicator) == 7:
        return 2 * bonus
    rest = list(tiles15)
    rest.remove(tile_out)
    if solve_melds(rest, okey, want_blocks=False, stop_at_zero=True)[0] == 0:
        return bonus
    return None


def finish_options(tiles15: Sequence[int], indicator: int) -> dict[int, int]:
    """Every tile that can go on the indicator to finish, with its multiplier: what
    :func:`finish_multiplier` gives for each distinct tile, in one call.

    Cheaper than asking tile by tile, because most racks are rejected at once by
    :func:`may_finish`; then if the 15 tiles hold fewer than 7 pairs, no tile leaves 7
    pairs; and a tile that no meld can take stays so when tiles are removed, so two such
    tiles (one, if the okey is to go) rule out every meld finish (:func:`dead_tiles`).

    >>> from kahvehane.tiles import parse_tiles, parse_tile, tile_name
    >>> hand = parse_tiles("R1 R2 R3 R4 R5 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1".split())
    >>> sorted(tile_name(t) for t in finish_options(hand, parse_tile("Y9")))
    ['B1', 'B11', 'B5', 'K5', 'K8', 'R1', 'R4', 'R5', 'Y5']
    """
    if len(tiles15) != 15:
        raise InvalidRack(msg.FINISH_NEEDS_15, count=len(tiles15))
    okey = okey_of(indicator)
    counts = _check(tiles15, okey)
    held = twice = 0
    for x, n in counts.items():
        held |= 1 << x
        if n > 1:
            twice |= 1 << x
    if not may_finish(held, twice, okey, indicator):
        return {}
    out: dict[int, int] = {}
    distinct = sorted(counts)
    if _max_pairs(counts, okey, indicator) >= 7:
        for t in distinct:
            counts[t] -= 1
            if _max_pairs(counts, okey, indicator) == 7:
                out[t] = 4 if t == okey else 2
            counts[t] += 1
    dead = dead_tiles(tiles15, okey)
    if len(dead) > 1:
        return out
    # with one dead tile, only putting it down can leave 14 melded tiles
    for t in dead or distinct:
        if t not in out:
            rest = list(tiles15)
            rest.remove(t)
            if solve_melds(rest, okey, want_blocks=False, stop_at_zero=True)[0] == 0:
                out[t] = 2 if t == okey else 1
    return dict(sorted(out.items()))


def best_finish(
    tiles15: Sequence[int], indicator: int
) -> tuple[int, int, Arrangement] | None:
    """The best finish of 15 tiles: (tile to put on the indicator, multiplier, layout of
    the other 14), or ``None`` when no tile can go.

    The highest multiplier wins; among equal ones, the lowest tile code. The layout is
    the 7 pairs for a çift finish, else the melds, with ``unmatched_sum`` 0.

    >>> from kahvehane.tiles import parse_tiles, tile_name, parse_tile
    >>> hand = parse_tiles("R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4 K1".split())
    >>> out, m, a = best_finish(hand, parse_tile("Y9"))
    >>> tile_name(out), m, len(a.blocks)
    ('K1', 1, 4)
    """
    if len(tiles15) != 15:
        raise InvalidRack(msg.FINISH_NEEDS_15, count=len(tiles15))
    options = finish_options(tiles15, indicator)
    if not options:
        return None
    out, m = max(options.items(), key=lambda o: (o[1], -o[0]))
    okey = okey_of(indicator)
    rest = list(tiles15)
    rest.remove(out)
    if m // (2 if out == okey else 1) == 2:  # the çift reading
        pairs, _ = _pair_plan(rest, okey, indicator)
        return out, m, Arrangement(tuple(pairs), 0)
    _, blocks = solve_melds(rest, okey, want_blocks=True, stop_at_zero=True)
    return out, m, Arrangement(tuple(blocks), 0)
