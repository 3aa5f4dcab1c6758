"""The fast solver against references that share no code with it.

* A brute force: a meld is checked by trying every concrete tile for each okey (no okey
  reasoning at all), and the best layout by trying every way to split the hand into
  melds and single tiles. It is exponential, so hands are small (≤ 9 tiles), but they
  are drawn densely (few colours, nearby numbers, okeys and false jokers) so that runs,
  groups, 12-13-1 and okey choices all occur.
* For whole 15-tile racks (real deals and dense two-okey racks): an exact cover over
  every candidate meld the rack can make, listed window by window.
* Finishing and pairs against their definitions, tile by tile.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.games.okey.melds import is_group, is_meld, is_pair, is_run
from kahvehane.games.okey.solver import (
    best_arrangement,
    best_finish,
    best_pairs_arrangement,
    can_finish_melds,
    can_finish_pairs,
    dead_tiles,
    finish_multiplier,
    finish_options,
)
from kahvehane.rng import DealStream
from kahvehane.tiles import FALSE_JOKER, full_set, okey_of

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow

# ---------------------------------------------------------------- the reference


def plain_run(tiles: tuple[tuple[int, int], ...]) -> bool:
    """(colour, number) tiles, no wilds: one colour, numbers consecutive, where 1 may be
    the last tile after 13, at most 13 tiles."""
    if not 3 <= len(tiles) <= 13 or len({c for c, _ in tiles}) != 1:
        return False
    nums = sorted(n for _, n in tiles)
    if nums == list(range(nums[0], nums[0] + len(nums))):
        return True
    high = sorted(14 if n == 1 else n for n in nums)  # the 1 as the high end
    return high == list(range(high[0], high[0] + len(high)))


def plain_group(tiles: tuple[tuple[int, int], ...]) -> bool:
    return (
        3 <= len(tiles) <= 4
        and len({n for _, n in tiles}) == 1
        and len({c for c, _ in tiles}) == len(tiles)
    )


ALL_TILES = [(c, n) for c in range(4) for n in range(1, 14)]


def ref_is_meld(codes: tuple[int, ...], okey: int) -> bool:
    """Try every concrete tile for every okey; a false joker is the okey identity."""
    ident = (okey // 13, okey % 13 + 1)
    fixed = tuple(ident if x == FALSE_JOKER else (x // 13, x % 13 + 1) for x in codes if x != okey)
    n_wild = sum(1 for x in codes if x == okey)
    for subst in itertools.product(ALL_TILES, repeat=n_wild):
        t = fixed + subst
        if plain_run(t) or plain_group(t):
            return True
    return False


def value(x: int, okey: int) -> int:
    return okey % 13 + 1 if x in (okey, FALSE_JOKER) else x % 13 + 1


def ref_best(codes: tuple[int, ...], okey: int) -> int:
    """Lowest unmatched sum over every split of the hand into melds and single tiles."""

    @cache
    def best(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = value(first, okey) + best(others)
        idx = range(len(others))
        for size in range(2, min(12, len(others)) + 1):
            for pick in itertools.combinations(idx, size):
                meld = (first, *(others[i] for i in pick))
                if is_meld(meld, okey):
                    left = tuple(others[i] for i in idx if i not in pick)
                    result = min(result, best(left))
        return result

    return best(tuple(sorted(codes)))


def ref_max_pairs(codes: tuple[int, ...], okey: int, indicator: int) -> int:
    """Most disjoint pairs, by trying every pairing of the first tile."""

    @cache
    def most(rest: tuple[int, ...]) -> int:
        if len(rest) < 2:
            return 0
        first, others = rest[0], rest[1:]
        result = most(others)
        for i, y in enumerate(others):
            if is_pair(first, y, okey, indicator):
                result = max(result, 1 + most(others[:i] + others[i + 1 :]))
        return result

    return most(tuple(sorted(codes)))


# ---------------------------------------------------------------- hand generation


@st.composite
def small_hands(draw: st.DrawFn, max_size: int = 9) -> tuple[tuple[int, ...], int, int]:
    """(tiles, okey, indicator): a possible rack (≤ 2 copies of each tile) of up to
    ``max_size`` tiles from 1–2 colours and a window of numbers, plus okeys and jokers."""
    indicator = draw(st.integers(0, 51))
    okey = okey_of(indicator)
    colours = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    colours.append(okey // 13)
    lo = draw(st.integers(1, 13))
    width = draw(st.integers(3, 6))
    numbers = [(lo + d - 1) % 13 + 1 for d in range(width)]
    numbers.append(okey % 13 + 1)
    pool = [c * 13 + n - 1 for c in set(colours) for n in set(numbers)] + [okey, FALSE_JOKER]
    size = draw(st.integers(1, max_size))
    picked = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = Counter(picked)
    hand = tuple(sorted(x for x, c in counts.items() for _ in range(min(c, 2))))
    return hand, okey, indicator


# ---------------------------------------------------------------- the tests


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_meld_predicates_match_substitution(data: st.DataObject) -> None:
    """is_run / is_group agree with trying every concrete value for the okeys."""
    hand, okey, _ = data.draw(small_hands(max_size=6))
    ident = (okey // 13, okey % 13 + 1)
    fixed = tuple(ident if x == FALSE_JOKER else (x // 13, x % 13 + 1) for x in hand if x != okey)
    n_wild = len(hand) - len(fixed)
    runs = groups = False
    for subst in itertools.product(ALL_TILES, repeat=n_wild):
        runs = runs or plain_run(fixed + subst)
        groups = groups or plain_group(fixed + subst)
    assert is_run(hand, okey) == runs
    assert is_group(hand, okey) == groups
    assert is_meld(hand, okey) == ref_is_meld(hand, okey)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_best_arrangement_matches_bruteforce(data: st.DataObject) -> None:
    hand, okey, _ = data.draw(small_hands())
    a = best_arrangement(hand, okey)
    assert a.unmatched_sum == ref_best(hand, okey)
    # the blocks are the hand, each meld block is valid, and the sum is what they leave
    assert Counter(x for b in a.blocks for x in b) == Counter(hand)
    left = 0
    for b in a.blocks:
        if len(b) > 1:
            assert is_meld(b, okey), b
        else:
            left += value(b[0], okey)
    assert left == a.unmatched_sum


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_pairs_match_bruteforce(data: st.DataObject) -> None:
    hand, okey, indicator = data.draw(small_hands(max_size=10))
    a = best_pairs_arrangement(hand, okey, indicator)
    pairs = [b for b in a.blocks if len(b) == 2]
    assert len(pairs) == ref_max_pairs(hand, okey, indicator)
    assert all(is_pair(x, y, okey, indicator) for x, y in pairs)
    assert Counter(x for b in a.blocks for x in b) == Counter(hand)
    assert a.unmatched_sum == sum(value(b[0], okey) for b in a.blocks if len(b) == 1)


def finishing_hand(rnd: random.Random) -> tuple[tuple[int, ...], int]:
    """15 tiles built from melds or pairs (so finishes are common), then perturbed:
    (tiles, indicator)."""
    indicator = rnd.randrange(52)
    okey = okey_of(indicator)
    counts: Counter[int] = Counter()
    tiles: list[int] = []

    def add(x: int) -> None:
        if counts[x] < 2 and len(tiles) < 15:
            counts[x] += 1
            tiles.append(x)

    kind = rnd.choice(["melds", "pairs", "random"])
    while len(tiles) < 15:
        if kind == "pairs":
            x = rnd.choice([*range(52), FALSE_JOKER])
            add(x)
            add(x)
        elif kind == "melds":
            c, n, length = rnd.randrange(4), rnd.randint(1, 12), rnd.randint(3, 4)
            if rnd.random() < 0.5:
                for d in range(length):
                    add(c * 13 + (n + d - 1) % 13)
            else:
                for cc in range(length):
                    add(cc * 13 + n - 1)
        else:
            add(rnd.choice([*range(52), FALSE_JOKER, okey]))
    for _ in range(rnd.randint(0, 2)):
        i = rnd.randrange(15)
        x = rnd.choice([okey, FALSE_JOKER, *range(52)])
        if counts[x] < 2:
            counts[tiles[i]] -= 1
            counts[x] += 1
            tiles[i] = x
    return tuple(tiles), indicator


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_finish_matches_definitions(seed: int) -> None:
    """finish_multiplier and best_finish agree with the pair/meld definitions tile by tile
    (the meld side against the fast solver's own sum, itself checked above)."""
    tiles, indicator = finishing_hand(random.Random(seed))
    okey = okey_of(indicator)
    best_m = None
    for out in set(tiles):
        rest = list(tiles)
        rest.remove(out)
        pairs = ref_max_pairs(tuple(rest), okey, indicator) == 7
        melds = best_arrangement(rest, okey).unmatched_sum == 0
        assert can_finish_pairs(rest, okey, indicator) == pairs
        assert can_finish_melds(rest, okey) == melds
        expect = None if not (pairs or melds) else (2 if pairs else 1) * (2 if out == okey else 1)
        assert finish_multiplier(tiles, out, indicator) == expect
        if expect is not None and (best_m is None or expect > best_m):
            best_m = expect
    found = best_finish(tiles, indicator)
    if best_m is None:
        assert found is None
    else:
        assert found is not None
        out, m, arr = found
        assert m == best_m == finish_multiplier(tiles, out, indicator)
        rest = list(tiles)
        rest.remove(out)
        assert Counter(x for b in arr.blocks for x in b) == Counter(rest)
        if m // (2 if out == okey else 1) == 2:  # the çift reading
            assert all(len(b) == 2 and is_pair(*b, okey, indicator) for b in arr.blocks)
        else:
            assert all(is_meld(b, okey) for b in arr.blocks)


# ---------------------------------------------------------------- full-size racks


def ref_candidates(hand: tuple[int, ...], okey: int) -> list[Counter[int]]:
    """Every meld the hand can make, as multisets: each window of each colour (3 to 13
    numbers within 1..13 or 2..13-1) and each set of 3 or 4 colours of a number, every
    position taking an ordinary copy when held (a false joker for the okey's own tile)
    or an okey."""
    have = Counter(hand)
    wilds = have[okey]

    def ordinary(code: int) -> int | None:
        if code == okey:
            return FALSE_JOKER if have[FALSE_JOKER] else None
        return code if have[code] else None

    found: set[tuple[int, ...]] = set()

    def fill(codes: list[int], acc: list[int], used: int) -> None:
        if not codes:
            found.add(tuple(sorted(acc)))
            return
        x = ordinary(codes[0])
        if x is not None:
            fill(codes[1:], [*acc, x], used)
        if used < wilds:
            fill(codes[1:], [*acc, okey], used + 1)

    for c in range(4):
        for lo in range(1, 15):
            for hi in range(lo + 2, min(lo + 12, 14) + 1):
                fill([c * 13 + (p - 1) % 13 for p in range(lo, hi + 1)], [], 0)
    for n in range(13):
        for cols in itertools.chain(
            itertools.combinations(range(4), 3), itertools.combinations(range(4), 4)
        ):
            fill([c * 13 + n for c in cols], [], 0)
    out = []
    for meld in found:
        need = Counter(meld)
        if all(have[x] >= k for x, k in need.items()):
            assert is_meld(meld, okey)
            out.append(need)
    return out


def ref_best_full(hand: tuple[int, ...], okey: int) -> int:
    """Lowest unmatched sum by exact cover over ``ref_candidates``: the lowest tile is
    single or in one of the candidate melds that fit in what is left."""
    melds = ref_candidates(hand, okey)

    @cache
    def best(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        have = Counter(rest)
        result = value(rest[0], okey) + best(rest[1:])
        for meld in melds:
            if rest[0] in meld and all(have[x] >= k for x, k in meld.items()):
                result = min(result, best(tuple(sorted((have - meld).elements()))))
        return result

    return best(tuple(sorted(hand)))


def deal_racks(n: int) -> list[tuple[tuple[int, ...], int]]:
    """15-tile racks from real seeded deals (the benchmark's way), okeys as they fall."""
    out = []
    for k in range(n):
        deck = DealStream("solver-test", k).shuffle(full_set())
        i = next(j for j, x in enumerate(deck) if x != FALSE_JOKER)
        out.append((tuple(deck[i + 1 : i + 16]), okey_of(deck[i])))
    return out


def dense_racks(n: int) -> list[tuple[tuple[int, ...], int]]:
    """13 tiles of one or two colours and both okeys (the benchmark's adversarial kind)."""
    rnd = random.Random(1)
    out = []
    for k in range(n):
        indicator = rnd.randrange(52)
        okey = okey_of(indicator)
        colours = rnd.sample(range(4), 1 + k % 2)
        pool = [x for c in colours for x in range(13 * c, 13 * c + 13) for _ in range(2)]
        pool = [x for x in pool if x != okey]
        if indicator in pool:
            pool.remove(indicator)  # its other copy lies face up
        if okey // 13 in colours:
            pool += [FALSE_JOKER, FALSE_JOKER]
        out.append(((*rnd.sample(pool, 13), okey, okey), okey))
    return out


@pytest.mark.slow
def test_full_size_racks_match_exact_cover() -> None:
    """Whole racks, too big for the brute force above, against an exact cover over all
    candidate melds (a second reference, with no okey reasoning of its own)."""
    for hand, okey in deal_racks(40) + dense_racks(12):
        assert best_arrangement(hand, okey).unmatched_sum == ref_best_full(hand, okey), hand


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_finish_options_match_finish_multiplier(seed: int) -> None:
    """The one-call list of finishing tiles is the tile-by-tile answer, non-finishes left
    out; and the dead tiles it relies on are never in a meld of the best layout."""
    tiles, indicator = finishing_hand(random.Random(seed))
    expect = {}
    for t in set(tiles):
        m = finish_multiplier(tiles, t, indicator)
        if m is not None:
            expect[t] = m
    assert finish_options(tiles, indicator) == dict(sorted(expect.items()))
    okey = okey_of(indicator)
    dead = Counter(dead_tiles(tiles, okey))
    melded = Counter(x for b in best_arrangement(tiles, okey).blocks if len(b) > 1 for x in b)
    assert not dead & melded
