"""The 101 solver (docs/rules/okey_101.md 101-17, 101-20, 101-22, 101-24, 101-27):
the opening search against a brute force, the pairs count, the hints and the command."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.games.okey_101.hints import hints
from kahvehane.games.okey_101.melds import kind_of, parse_meld_tile, resolve, value
from kahvehane.games.okey_101.solver import all_but_one, best_opening, best_pairs
from kahvehane.tiles import FALSE_JOKER, full_set, parse_tile, tile_names
from tests.okey_101.helpers import ts

OKEY, IND = parse_tile("R3"), parse_tile("R2")


def meld_value(tiles: tuple[int, ...]) -> int | None:
    """The highest value these tiles can have as one run or group (okeys placed best),
    or None: written independently of the solver, from the rules alone."""
    wild = sum(1 for t in tiles if t == OKEY)
    nat = [OKEY if t == FALSE_JOKER else t for t in tiles if t != OKEY]
    n = len(tiles)
    best = None
    if not nat:
        return 13 * n if n <= 4 else sum(range(14 - n, 14))
    numbers = {t % 13 for t in nat}
    colours = [t // 13 for t in nat]
    if len(numbers) == 1 and len(set(colours)) == len(colours) and 3 <= n <= 4:
        best = (nat[0] % 13 + 1) * n
    if len(set(colours)) == 1 and len({t % 13 for t in nat}) == len(nat) and 3 <= n <= 13:
        lo, hi = min(t % 13 for t in nat) + 1, max(t % 13 for t in nat) + 1
        if hi - lo + 1 <= n:
            a = min(lo, 14 - n)
            run = sum(range(a, a + n))
            best = max(best or 0, run)
    del wild
    return best


def brute(hand: list[int]) -> int:
    """Max total of disjoint melds keeping at least one tile (0 if none)."""
    best = 0

    def go(rest: list[int], total: int) -> None:
        nonlocal best
        if rest:
            best = max(best, total)
        for size in range(3, len(rest) + 1):
            for idx in combinations(range(len(rest)), size):
                v = meld_value(tuple(rest[i] for i in idx))
                if v is not None:
                    go([t for i, t in enumerate(rest) if i not in idx], total + v)

    go(sorted(hand), 0)
    return best


TILE = st.sampled_from([*range(0, 13), *range(13, 20), 26, 27, 39, 40, OKEY, FALSE_JOKER])


@settings(max_examples=60, deadline=None)
@given(st.lists(TILE, min_size=3, max_size=8).filter(
    lambda h: all(h.count(t) <= 2 for t in h)))
def test_best_opening_matches_a_brute_force(hand: list[int]) -> None:
    found = best_opening(hand, OKEY)
    assert (found.value if found else 0) == brute(hand)
    if found:
        used = [t for m in found.melds for t in (resolve(m, OKEY))]
        assert sum(value([s]) for s in used) == found.value
        for m in found.melds:
            assert kind_of(resolve(m, OKEY), IND) in ("run", "group")
        laid = sorted(p for m in found.melds for p, _ in resolve(m, OKEY))
        left = list(hand)
        for p in laid:
            left.remove(p)
        assert left, "a tile always stays in the hand"


def test_best_opening_holds_the_taken_tile() -> None:
    hand = ts("R13 Y13 B10 B11 B12 R7 R8 R9 R10 K13 Y1")
    found = best_opening(hand, OKEY, must=parse_tile("K13"))
    assert found is not None and found.value == 106
    assert any(parse_tile("K13") in m for m in found.melds)
    assert best_opening(ts("B10 B11 Y1 K2"), OKEY, must=parse_tile("Y1")) is None


def test_all_but_one_and_pairs() -> None:
    found = all_but_one(ts("R1 R2 R4 Y1 Y2 Y3 K9"), OKEY)
    assert found is None
    found = all_but_one(ts("R1 R2 R3 Y1 Y2 Y3 K9"), OKEY)
    assert found is not None and found.tiles == 6
    pairs = best_pairs(ts("B4 B4 Y9 R3 K1 K1 J R3 Y6 Y6 B7 R2 R2"), OKEY, IND)
    assert pairs is not None and pairs.value == 5  # R2 (the indicator) never pairs
    assert all(kind_of(resolve(p, OKEY), IND) == "pair" for p in pairs.melds)


def test_hints_and_the_command() -> None:
    codes = ts("R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 B3 K1 Y2 R3")
    hand = tile_names(codes)
    found = hints(codes, IND, table=[["B4", "B5", "B6"],
                                                              ["Y1", "*Y2", "Y3"]])
    assert found["opening"]["enough"] and found["opening"]["value"] == 124
    assert ["B3", 0] in found["layoffs"] and ["*Y4", 1] in found["layoffs"]
    assert found["swaps"] == [["Y2", 1]]
    assert found["islek"] == ["R3", "Y2", "B3", "B7"]
    assert parse_meld_tile("*Y4") > FALSE_JOKER
    proc = subprocess.run([sys.executable, "-m", "kahvehane.cli", "okey", "101", "-i", "R2",
                           "-t", "B4 B5 B6", "--json", *hand],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["layoffs"][0] == ["B3", 0]
    bad = subprocess.run([sys.executable, "-m", "kahvehane.cli", "okey", "101", "-i", "R2",
                          "-t", "B4 B9 B6", "R1"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "not a valid meld" in bad.stderr


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(8, 22), st.integers(0, 51),
       st.sampled_from(["value", "cover"]), st.booleans())
def test_searching_parts_apart_finds_what_one_search_finds(
        rnd: object, size: int, okey: int, by: str, keep: bool) -> None:
    from kahvehane.games.okey_101 import solver

    tiles = full_set()
    rnd.shuffle(tiles)  # type: ignore[attr-defined]
    hand = tiles[:size]
    counts, wilds = solver._counts(hand, okey)
    dropped = solver._prune(counts, wilds)
    whole = solver._Search(list(counts), wilds, okey, by, -1, keep and not dropped).best[0]
    assert solver._search(hand, okey, by, None, keep)[0] == whole
