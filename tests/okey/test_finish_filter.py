"""The quick finish filter (``solver.may_finish``) never rejects a rack that can finish.

``may_finish`` lets the engine skip the solver on almost every discard; a wrong "no"
would silently drop a legal ``finish`` from ``legal_actions``. So it is checked against
the definition tile by tile (``finish_multiplier``, which does not use the filter) on
racks built to finish or nearly finish — melds with okeys standing in, false jokers,
12-13-1, 7 pairs, then perturbed — and on racks from random play. The engine's own
bitsets are checked against its racks, also after ``racks`` is replaced from outside.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Discard, Finish
from kahvehane.games.okey.rules import DUZ_OKEY
from kahvehane.games.okey.solver import finish_multiplier, finish_options, may_finish
from kahvehane.tiles import FALSE_JOKER, full_set, okey_of, parse_tile, parse_tiles

from .helpers import MELDS_14, deal
from .test_solver_bruteforce import finishing_hand


def bitsets(tiles: tuple[int, ...] | list[int]) -> tuple[int, int]:
    held = twice = 0
    for x, n in Counter(tiles).items():
        held |= 1 << x
        if n == 2:
            twice |= 1 << x
    return held, twice


def exact(tiles: tuple[int, ...], indicator: int) -> dict[int, int]:
    """Every finishing tile by the definition, tile by tile (no filter)."""
    out = {}
    for t in sorted(set(tiles)):
        m = finish_multiplier(tiles, t, indicator)
        if m is not None:
            out[t] = m
    return out


def check(tiles: tuple[int, ...], indicator: int) -> bool:
    """The filter agrees with the definition; returns whether the rack finishes."""
    want = exact(tiles, indicator)
    held, twice = bitsets(tiles)
    passed = may_finish(held, twice, okey_of(indicator), indicator)
    assert passed or not want, (tiles, indicator, want)
    assert finish_options(tiles, indicator) == want
    return bool(want)


def okey_meld_hand(rnd: random.Random) -> tuple[tuple[int, ...], int, bool]:
    """(tiles, indicator, built to finish): 14 tiles of runs (12-13-1 included) and
    groups, some tiles then replaced by okeys (which stand for them) or, for the okey's
    own tile, by a false joker; plus a 15th tile; sometimes one tile changed after."""
    while True:
        indicator = rnd.randrange(52)
        okey = okey_of(indicator)
        sizes: list[int] = []
        while sum(sizes) < 14:
            left = 14 - sum(sizes)
            sizes.append(rnd.choice([s for s in (3, 4, 5) if s == left or left - s >= 3]))
        tiles: list[int] = []
        for size in sizes:
            if size <= 4 and rnd.random() < 0.4:  # a group
                n = rnd.randrange(13)
                tiles += [c * 13 + n for c in rnd.sample(range(4), size)]
            else:  # a run, positions lo..lo+size-1 where 14 is the 1 after 13
                c = rnd.randrange(4)
                lo = rnd.randint(1, 15 - size)
                tiles += [c * 13 + (p - 1) % 13 for p in range(lo, lo + size)]
        wild = rnd.sample(range(14), rnd.choice([0, 1, 1, 2, 2]))
        for i in wild:
            tiles[i] = okey
        for i, x in enumerate(tiles):
            if x == okey and i not in wild:
                tiles[i] = FALSE_JOKER  # the okey's own tile, held as the false joker
        tiles.append(rnd.choice([*range(52), FALSE_JOKER]))
        built = True
        if rnd.random() < 0.5:
            tiles[rnd.randrange(15)] = rnd.choice([*range(52), FALSE_JOKER])
            built = False
        counts = Counter(tiles)
        if max(counts.values()) <= 2:
            return tuple(tiles), indicator, built


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_filter_keeps_every_finish_of_okey_melds(seed: int) -> None:
    tiles, indicator, built = okey_meld_hand(random.Random(seed))
    finishes = check(tiles, indicator)
    if built:
        assert finishes, (tiles, indicator)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_filter_keeps_every_finish_of_melds_and_pairs(seed: int) -> None:
    tiles, indicator = finishing_hand(random.Random(seed))
    check(tiles, indicator)


def test_filter_on_racks_from_random_play() -> None:
    """Every 15-tile rack met in 30 random deals; the filter rejects almost all."""
    rng = random.Random(11)
    options = DUZ_OKEY.parse_options({})
    seen = rejected = 0
    for _ in range(30):
        order = full_set()
        rng.shuffle(order)
        d = DUZ_OKEY.new_deal(options, DUZ_OKEY.setup_from_order(options, order, 0, []), [])
        while not d.is_over:
            seat = d.turn
            if d.phase == "discard":
                tiles = tuple(d.hand(seat))
                seen += 1
                held, twice = bitsets(tiles)
                rejected += not may_finish(held, twice, d.okey, d.indicator)
                check(tiles, d.indicator)
            legal = d.legal_actions(seat)
            d.apply(legal[rng.randrange(len(legal))])
    assert rejected > 0.9 * seen


def test_filter_examples() -> None:
    indicator = parse_tile("K5")  # okey K6
    okey = okey_of(indicator)
    melds = parse_tiles(MELDS_14)
    # a finish: put Y13 down
    assert may_finish(*bitsets([*melds, parse_tile("Y13")]), okey, indicator)
    # two tiles no meld can take: no finish, and no search
    broken = [*melds[:-1], parse_tile("Y13"), parse_tile("B5")]
    assert not may_finish(*bitsets(broken), okey, indicator)
    assert exact(tuple(broken), indicator) == {}
    # the okey fills the gap of R1 R2 _ R4 after R3 goes: K6 stands for R3
    gap = [*melds, parse_tile("K6")]
    gap[melds.index(parse_tile("R3"))] = parse_tile("Y13")
    assert may_finish(*bitsets(gap), okey, indicator)
    assert exact(tuple(gap), indicator) == {parse_tile("Y13"): 1}


def test_engine_lists_exactly_the_finishes_of_the_definition() -> None:
    d = deal(starter=0, indicator="K5", hands={0: [*MELDS_14, "Y13"]})
    finishes = [a for a in d.legal_actions(0) if isinstance(a, Finish)]
    assert finishes == [Finish(0, t) for t in exact(tuple(d.hand(0)), d.indicator)]
    assert finishes == [Finish(0, parse_tile("Y13"))]


def test_engine_follows_a_rack_replaced_from_outside() -> None:
    """``racks[s]`` is the truth: replacing it (as determinising bots and tests do) is
    seen by the legal actions, the checks of ``apply`` and the finish list."""
    y13 = parse_tile("Y13")
    d = deal(starter=0, indicator="K5", hands={0: [*MELDS_14, "Y13"], 1: ["R5", "R6"]})
    mine, theirs = list(d.racks[0]), list(d.racks[1])
    d.racks[0] = [*theirs, (parse_tile("K13"),)]
    assert y13 not in d.hand(0)
    acts = d.legal_actions(0)
    assert [a.tile for a in acts if isinstance(a, Discard)] == sorted(set(d.hand(0)))
    finishes = {a.tile for a in acts if isinstance(a, Finish)}
    assert finishes == set(exact(tuple(d.hand(0)), d.indicator))
    with pytest.raises(IllegalAction, match="does not hold Y13"):
        d.apply(Discard(0, y13))
    d.racks[0] = mine
    assert Finish(0, y13) in d.legal_actions(0)
    d.apply(Discard(0, y13))
    assert d.hand(0) == parse_tiles(MELDS_14)
    assert d.discards[0] == [y13]
