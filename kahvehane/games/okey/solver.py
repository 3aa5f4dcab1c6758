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

from kahvehane.games.okey.melds import face_value
from kahvehane.games.okey.solver_core import dead_tiles, solve_melds
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
        raise ValueError(f"the okey must be a numbered tile code 0..51, not {okey!r}")
    counts = Counter(tiles)
    for x, n in counts.items():
        if type(x) is not int or not 0 <= x <= FALSE_JOKER:
            raise ValueError(f"{x!r} is not a tile code (0..52)")
        if n > 2:
            raise ValueError(f"tile code {x} appears more than twice: the set has two of each")
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


def best_arrangement(tiles: Sequence[int], okey: int) -> Arrangement:
    """"Seri diz": the layout with the lowest unmatched face-value sum (rules 11, 12, 29).

    Works for any number of tiles (the engine uses 14 or 15). Ties between layouts of the
    same sum are broken deterministically.

    >>> from kahvehane.tiles import parse_tiles
    >>> best_arrangement(parse_tiles("R4 R5 R6 B9 B9 Y13 K2".split()), 2).unmatched_sum
    33
    """
    if type(okey) is not int or not 0 <= okey < FALSE_JOKER:
        raise ValueError(f"the okey must be a numbered tile code 0..51, not {okey!r}")
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
        raise ValueError(f"a finish needs 15 tiles, not {len(tiles15)}")
    okey = okey_of(indicator)
    counts = _check(tiles15, okey)
    if not counts[tile_out]:
        raise ValueError(f"tile code {tile_out!r} is not among the 15 tiles")
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

    Cheaper than asking tile by tile, because most racks are rejected at once: if the 15
    tiles hold fewer than 7 pairs, no tile leaves 7 pairs; and a tile that no meld can
    take stays so when tiles are removed, so two such tiles (one, if the okey is to go)
    rule out every meld finish (:func:`dead_tiles`).

    >>> from kahvehane.tiles import parse_tiles, parse_tile, tile_name
    >>> hand = parse_tiles("R1 R2 R3 R4 R5 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1".split())
    >>> sorted(tile_name(t) for t in finish_options(hand, parse_tile("Y9")))
    ['B1', 'B11', 'B5', 'K5', 'K8', 'R1', 'R4', 'R5', 'Y5']
    """
    if len(tiles15) != 15:
        raise ValueError(f"a finish needs 15 tiles, not {len(tiles15)}")
    okey = okey_of(indicator)
    counts = _check(tiles15, okey)
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
        raise ValueError(f"a finish needs 15 tiles, not {len(tiles15)}")
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
