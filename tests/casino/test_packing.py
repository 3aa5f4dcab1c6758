"""The value-level search (packing.py) against brute force, and a 20-card table.

No timing is asserted here: ``bench/casino_legal.py`` measures speed.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from kahvehane.games.casino import CASINO, ROYAL_CASINO, Build, BuildAction, CaptureAction
from kahvehane.games.casino.packing import build_packings, capture_packings, value_multisets


def _vector(groups: tuple[tuple[int, ...], ...], n: int) -> tuple[int, ...]:
    count = Counter(x for g in groups for x in g)
    return tuple(count[v] for v in range(1, n + 1))


def _splittable(vec: tuple[int, ...], v: int, seeds: tuple[int, ...] | None = None) -> bool:
    """Whether ``vec`` splits into groups of 2+ values summing to ``v`` (brute force).

    With ``seeds``, one extra group must sum to one of the seeds (and may have 0+ parts).
    """

    @cache
    def rec(rest: tuple[int, ...], seeded: bool) -> bool:
        if not seeded:
            assert seeds is not None
            return any(_take(rest, s, 0, rec_after=lambda r: rec(r, True)) for s in seeds)
        if not any(rest):
            return True
        return _take(rest, v, 2, rec_after=lambda r: rec(r, True))

    return rec(vec, seeds is None)


def _take(rest: tuple[int, ...], total: int, min_parts: int, rec_after: object) -> bool:
    """Try every group of ``rest`` worth ``total`` that holds its smallest value."""
    if total == 0 and min_parts == 0:
        return rec_after(rest)  # type: ignore[operator, no-any-return]
    for group in value_multisets(rest, total, max(min_parts, 1)):
        if min_parts and len(group) < min_parts:
            continue
        after = list(rest)
        for x in group:
            after[x - 1] -= 1
        if rec_after(tuple(after)):  # type: ignore[operator]
            return True
    return False


def _maximal(vectors: list[tuple[int, ...]]) -> set[tuple[int, ...]]:
    def le(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return all(x <= y for x, y in zip(a, b, strict=True))

    return {a for a in vectors if not any(a != b and le(a, b) for b in vectors)}


def _all_below(counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    return list(itertools.product(*(range(k + 1) for k in counts)))


def test_value_multisets_examples() -> None:
    assert value_multisets((4, 4, 4), 3) == ((3,), (1, 2), (1, 1, 1))
    assert value_multisets((0, 0, 1), 6) == ()
    assert value_multisets((1, 1, 1, 1), 5, 3) == ()
    assert set(value_multisets((2, 2, 2, 2, 2), 10, 2)) >= {(5, 5), (1, 4, 5), (1, 1, 3, 5)}


@pytest.mark.parametrize("seed", range(40))
def test_capture_packings_are_the_maximal_splittable_vectors(seed: int) -> None:
    rng = random.Random(seed)
    v = rng.randint(2, 14)
    counts = tuple(rng.choice([0, 0, 1, 1, 2, 3, 4]) for _ in range(v - 1))
    if sum(counts) > 10:
        counts = tuple(min(k, 1) for k in counts)
    got = capture_packings(counts, v)
    for packing in got:
        assert all(sum(g) == v and len(g) >= 2 for g in packing)
    vectors = [_vector(p, v - 1) for p in got]
    assert len(set(vectors)) == len(vectors)
    want = _maximal([t for t in _all_below(counts) if _splittable(t, v)])
    assert set(vectors) == want


@pytest.mark.parametrize("seed", range(30))
def test_build_packings_are_the_maximal_seeded_vectors(seed: int) -> None:
    rng = random.Random(1000 + seed)
    v = rng.randint(2, 14)
    counts = tuple(rng.choice([0, 0, 1, 1, 2]) for _ in range(v - 1))
    sums = tuple(sorted({v - h for h in rng.sample(range(1, v + 1), rng.randint(1, 2))}))
    got = build_packings(counts, v, sums)
    for partners, packing in got:
        assert sum(partners) in sums
        assert all(sum(g) == v and len(g) >= 2 for g in packing)
    vectors = [_vector((p, *k), v - 1) for p, k in got]
    want = _maximal([t for t in _all_below(counts) if _splittable(t, v, sums)])
    assert set(vectors) == want


def test_royal_ace_counts_every_loose_ace_as_taken() -> None:
    # three aces, a Q and a K: as 14 the ace takes K+A and Q+A+A
    counts = (3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1)
    assert capture_packings(counts, 14, True) == (((1, 13), (1, 1, 12)),)
    # two aces, a Q, a K: K+A (the other ace is paired) or Q+A+A (the K stays)
    counts = (2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1)
    assert set(capture_packings(counts, 14, True)) == {((1, 13),), ((1, 1, 12),)}
    # a card that does not pair aces has the same two maximal packings here
    assert set(capture_packings(counts, 14)) == {((1, 13),), ((1, 1, 12),)}


def _big_table(game: str, seed: int) -> tuple[object, int]:
    rules = ROYAL_CASINO if game == "royal_casino" else CASINO
    rs = rules.variant(rules.parse_options({"players": 2}))
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    hand, other = [deck.pop() for _ in range(4)], [deck.pop() for _ in range(4)]
    builds: list[Build] = []
    for a, b in itertools.combinations(list(deck), 2):
        va, vb = rs.table_value(a), rs.table_value(b)
        if (va and vb and va + vb <= rs.max_value and a in deck and b in deck
                and all(x.value != va + vb for x in builds)):
            builds.append(Build(va + vb, "single", 1, (a, b)))
            deck.remove(a)
            deck.remove(b)
        if len(builds) == 2:
            break
    loose = deck[:20]
    state = rules.deal_class.from_position(rs, [hand, other], loose, builds, turn=0)
    return state, len(loose)


@pytest.mark.parametrize("game", ["casino", "royal_casino"])
def test_a_20_card_table_lists_only_legal_distinct_moves(game: str) -> None:
    state, n = _big_table(game, 7)
    assert n == 20
    listed = state.legal_actions(0)  # type: ignore[attr-defined]
    assert listed
    outcomes = set()
    for a in listed:
        state.check(a)  # type: ignore[attr-defined]
        if isinstance(a, CaptureAction | BuildAction):
            outcomes.add((a.act, a.card, a.value, frozenset(x for s in a.sets for x in s),
                          len(a.sets) == 1))
    assert len(outcomes) == sum(isinstance(a, CaptureAction | BuildAction) for a in listed)
