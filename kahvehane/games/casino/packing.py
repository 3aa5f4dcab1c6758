"""Captures and builds by card values and subset sums, never by subsets of cards.

A table of loose cards is reduced to ``counts``: ``counts[x - 1]`` loose cards of value
``x``. Whether some cards can be split into groups each summing to ``v`` (C-19, B-5)
depends on their values alone, so every search here runs over *value vectors* — how
many cards of each value are taken — and the caller turns a vector into cards at the
end. A 20-card table has at most a few thousand such vectors, where it has a million
subsets of cards.

Vectors are packed into one integer, 4 bits per value, so that adding a group is one
addition and "does it still fit on the table" is one subtraction and one mask: with
``cap`` holding each count plus a guard bit (8) per field, ``(cap - x) & guards`` keeps
every guard bit exactly when no field of ``x`` exceeds its count.

The three questions the engine asks:

* :func:`value_multisets` — every multiset of table values with a given sum (the loose
  cards that join a played card in a new build, B-4);
* :func:`capture_packings` — the *maximal* ways to take loose cards in groups of two or
  more summing to ``v`` (C-19 (b)); single cards of value ``v``, builds and paired aces
  are added by the caller, since they never compete with anything;
* :func:`build_packings` — the maximal ways to lay a played card's group (its partners
  summing to ``V − h``) plus further groups of ``V`` (B-5, B-8).

"Maximal" means no other packing takes a strict superset of the cards; every legal
packing is contained in a maximal one. Packings are cached on the value counts, so a
bot asking about the same table again only pays for turning them into cards; the large
intermediate sets (:func:`_closure`) are cached only briefly, to bound memory.

>>> capture_packings((1, 1, 1, 0, 1, 1, 0, 1), 8)  # T2: A 2 3 5 6 8 and an 8 played
(((2, 6), (3, 5)), ((1, 2, 5),))
>>> value_multisets((0, 1, 1), 5)  # which loose cards make 5: a 2 and a 3
((2, 3),)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

Counts = tuple[int, ...]
Group = tuple[int, ...]
"""The values of one group of loose cards, ascending, e.g. ``(2, 3, 5)``."""
Packing = tuple[Group, ...]

_BITS = 4
_MASK = (1 << _BITS) - 1
_GUARD = 8  # a count never exceeds 4 (four suits), so bit 3 of each field is free


def _pack_values(values: Iterable[int]) -> int:
    """The vector of a multiset of values (value x is field x − 1)."""
    x = 0
    for val in values:
        x += 1 << (_BITS * (val - 1))
    return x


def _field(x: int, i: int) -> int:
    return (x >> (_BITS * i)) & _MASK


def _size(x: int) -> int:
    s = 0
    while x:
        s += x & _MASK
        x >>= _BITS
    return s


def _guards(n: int) -> int:
    return sum(_GUARD << (_BITS * i) for i in range(n))


def _cap(counts: Counts) -> int:
    return sum((c + _GUARD) << (_BITS * i) for i, c in enumerate(counts))


@lru_cache(maxsize=4096)
def value_multisets(counts: Counts, target: int, min_parts: int = 1) -> tuple[Group, ...]:
    """Every multiset of values available in ``counts`` summing to ``target``.

    Each is an ascending tuple with at least ``min_parts`` values; the list is in a
    stable order (larger values first in the search).

    >>> value_multisets((2, 1, 1), 4)
    ((1, 3), (1, 1, 2))
    >>> value_multisets((2, 1, 1), 4, min_parts=3)
    ((1, 1, 2),)
    """
    out: list[Group] = []
    chosen: list[int] = []
    within = [0]  # within[x]: what all cards of value <= x add up to (prunes dead ends)
    for x, k in enumerate(counts, start=1):
        within.append(within[-1] + x * k)

    def rec(value: int, remaining: int) -> None:
        if remaining == 0:
            if len(chosen) >= min_parts:
                out.append(tuple(reversed(chosen)))
            return
        if remaining > within[value]:
            return
        avail = counts[value - 1] if value <= len(counts) else 0
        most = min(avail, remaining // value)
        for k in range(most, -1, -1):
            chosen.extend([value] * k)
            rec(value - 1, remaining - k * value)
            del chosen[len(chosen) - k :]

    rec(min(target, len(counts)), target)
    return tuple(out)


def _group_types(counts: Counts, v: int) -> tuple[Group, ...]:
    """The multisets of two or more values (each < v) summing to ``v`` (C-19 (b))."""
    return value_multisets(counts[: v - 1], v, 2)


@lru_cache(maxsize=32)
def _closure(
    counts: Counts, v: int, seeds: tuple[Group, ...]
) -> tuple[dict[int, tuple[int, Group]], tuple[int, ...]]:
    """Every vector reachable as one seed plus any groups of ``v``; and the dead ends.

    The witness of a vector is ``(previous vector, group added)``, or ``(-1, seed)`` for a
    seed. The DP adds one group type at a time, any number of times, so each reachable
    vector is found once per type instead of once per ordering of groups.

    The reachable set is closed under adding any group that still fits, so a maximal
    vector must be a *dead end* — one to which no group fits. The DP notices almost
    every extensible vector as it goes; only vectors found late are tested against the
    group types processed before them. Dead ends are few, which keeps :func:`_maximal`
    cheap.
    """
    n = len(counts)
    cap, guards = _cap(counts), _guards(n)
    reach: dict[int, tuple[int, Group]] = {}
    found_at: dict[int, int] = {}
    for seed in seeds:
        s = _pack_values(seed)
        if ((cap - s) & guards) == guards and s not in reach:
            reach[s] = (-1, seed)
            found_at[s] = 0
    types = [(group, _pack_values(group)) for group in _group_types(counts, v)]
    # Types that fit only once grow the set least: processing them first keeps the
    # set small for longer, and the total work is the sum of its sizes over the types.
    types.sort(key=lambda t: min(counts[x - 1] // t[0].count(x) for x in set(t[0])))
    extensible: set[int] = set()
    for j, (group, g) in enumerate(types):
        for base in list(reach):
            t = base + g
            if ((cap - t) & guards) != guards:
                continue
            extensible.add(base)
            while True:
                if t not in reach:
                    reach[t] = (t - g, group)
                    found_at[t] = j
                nxt = t + g
                if ((cap - nxt) & guards) != guards:
                    break
                extensible.add(t)
                t = nxt
    ends = tuple(
        x
        for x in reach
        if x not in extensible
        and not any(((cap - x - g) & guards) == guards for _, g in types[: found_at[x]])
    )
    return reach, ends


def _maximal(vectors: Iterable[int], n: int) -> list[int]:
    """The vectors not dominated (≤ in every field) by another one, largest first.

    Scanning by decreasing size, a vector is kept unless a kept vector is ≥ it in every
    field; the kept vectors having that field value are found with one bitmask per
    (field, count), so the test costs one AND per non-zero field.
    """
    ordered = sorted(set(vectors), key=lambda x: (-_size(x), x))
    kept: list[int] = []
    at_least: list[list[int]] = [[0] * (_MASK + 1) for _ in range(n)]
    everyone = 0
    for x in ordered:
        candidates = everyone
        y, i = x, 0
        while y and candidates:
            k = y & _MASK
            if k:
                candidates &= at_least[i][k]
            y >>= _BITS
            i += 1
        if candidates:
            continue
        bit = 1 << len(kept)
        kept.append(x)
        everyone |= bit
        for i in range(n):
            for k in range(1, _field(x, i) + 1):
                at_least[i][k] |= bit
    return kept


def _witness(reach: dict[int, tuple[int, Group]], x: int) -> tuple[Group, Packing]:
    """The seed and the groups that produce ``x``, groups in a stable order."""
    groups: list[Group] = []
    while True:
        prev, group = reach[x]
        if prev < 0:
            return group, tuple(sorted(groups, key=lambda g: (len(g), g)))
        groups.append(group)
        x = prev


@lru_cache(maxsize=1024)
def capture_packings(counts: Counts, v: int, free_aces: bool = False) -> tuple[Packing, ...]:
    """The maximal collections of disjoint groups (two or more values < ``v``, sum ``v``).

    ``((),)`` when no group fits. With ``free_aces`` (a played Royal ace, C-4) the aces a
    packing leaves out are taken anyway by pairing, so packings are compared with all
    aces counted as taken.

    >>> capture_packings((0, 3), 6)  # three loose 2s and a 6 played (T1)
    (((2, 2, 2),),)
    >>> capture_packings((0, 1, 1), 4)  # a 2 and a 3 cannot make 4
    ((),)
    """
    relevant = counts[: v - 1]
    reach, ends = _closure(relevant, v, ((),))
    n = len(relevant)
    if free_aces and n:
        full = relevant[0]
        representative: dict[int, int] = {}
        for x in ends:
            filled = (x & ~_MASK) | full
            representative.setdefault(filled, x)
        chosen = [representative[y] for y in _maximal(representative, n)]
    else:
        chosen = _maximal(ends, n)
    return tuple(_witness(reach, x)[1] for x in chosen)


@lru_cache(maxsize=1024)
def build_packings(
    counts: Counts, v: int, partner_sums: tuple[int, ...]
) -> tuple[tuple[Group, Packing], ...]:
    """Maximal ways to lay a played card's group plus further groups of ``v``.

    The played card counts ``h`` for some ``v − h`` in ``partner_sums``; its group is the
    card and loose cards worth ``v − h`` (none when ``v − h = 0``). Each result is
    ``(partners, groups)`` with ``partners`` the values joining the played card.

    >>> build_packings((1, 1, 1), 3, (0,))  # T5: 3♠ played as 3s on A 2 → {3♠}, {A, 2}
    (((), ((1, 2),)),)
    """
    relevant = counts[: v - 1]
    seeds: list[Group] = []
    for s in partner_sums:
        if s == 0:
            seeds.append(())
        elif 0 < s < v:
            seeds.extend(value_multisets(relevant, s))
    if not seeds:
        return ()
    reach, ends = _closure(relevant, v, tuple(seeds))
    return tuple(_witness(reach, x) for x in _maximal(ends, len(relevant)))
