"""The 101 solver: the best opening, the most pairs, lay-offs and işlek discards
(docs/rules/okey_101.md 101-13, 101-17, 101-20, 101-22, 101-24, 101-27).

The opening search is exact: a depth-first search over the hand's tile counts that
takes the lowest remaining tile and either leaves it out, puts it in a group, or starts
a run with it (okeys may stand below it, fill gaps or extend the run upward), memoised
on the remaining counts. It maximises a score per meld — the meld's value (the best
``open``) or its tile count (can the whole hand but one be laid: 101-20; there only
one tile may be left out, which prunes the search) — under two optional constraints: a
given tile must be in some meld (the tile taken from the left, 101-11), and at least one
tile must stay in the hand (101-9).

Before searching, tiles that no meld could hold (no group of three and no run of three
holding them, even with the okeys held) are dropped, and a threshold query returns at
once when the meldable tiles add up to less than the threshold. The hand is split into
parts no meld can join, and each part's search is remembered (a bounded cache, keyed by
the part's counts, okeys, constraints and the okey tile): from one turn to the next a
rack changes by a tile or two, so most parts were searched the turn before.

Okeys are placed where they score most: at the top of a run (a higher number), the
lowest missing colour of a group. A false joker is the okey identity's natural tile.

>>> from kahvehane.tiles import parse_tiles, parse_tile
>>> hand = parse_tiles("R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 K1".split())
>>> best = best_opening(hand, okey=parse_tile("R3"))
>>> best.value, len(best.melds)
(111, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from kahvehane.games.okey_101.melds import (
    PAIR,
    STAR,
    MeldTile,
    TableMeld,
    kind_of,
    resolve,
    stands_for,
)
from kahvehane.tiles import FALSE_JOKER, Tile

NEED_WILD = 99
_NONE = -1
_POW3 = [3**i for i in range(52)]
_NEG = -(10**9)
# the index subsets of 0..n-1 (a group's other colours), smallest first
_SUBSETS = [[tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]
            for n in range(4)]

Meld = tuple[MeldTile, ...]


@dataclass(frozen=True, slots=True)
class Opening:
    """An opening the hand can make: its melds as an action writes them (``*X`` for an
    okey), its value (melds: the sum; pairs: the number of pairs) and how many tiles it
    lays."""

    melds: tuple[Meld, ...]
    value: int
    tiles: int


def _counts(hand: Sequence[Tile], okey: Tile) -> tuple[list[int], int]:
    counts = [0] * 52
    wilds = 0
    for t in hand:
        if t == okey:
            wilds += 1
        else:
            counts[stands_for(t, okey)] += 1
    return counts, wilds


class _Search:
    """One memoised search (see the module text). ``by`` is ``"value"`` or ``"tiles"``."""

    def __init__(self, counts: list[int], wilds: int, okey: Tile, by: str, need: int,
                 keep: bool) -> None:
        self.counts = counts
        self.okey = okey
        self.by_value = by == "value"
        self.cover = by == "cover"  # every tile but the one kept must be in a meld
        self.names = list(range(52))  # how a natural slot standing for a code is written
        self.names[okey] = FALSE_JOKER
        self.memo: dict[tuple[int, int, int, bool], tuple[int, tuple[Meld, ...]]] = {}
        # the counts as one base-3 number, kept up to date with every change: the memo key
        self.key = sum(n * _POW3[t] for t, n in enumerate(counts))
        self.best = self._go(wilds, need, keep, 0)

    def _go(self, wilds: int, need: int, keep: bool, start: int
            ) -> tuple[int, tuple[Meld, ...]]:
        """The best of the tiles left, all below ``start`` being used up."""
        c = self.counts
        t = -1
        for i in range(start, 52):
            if c[i]:
                t = i
                break
        if t < 0:
            ok = (need == _NONE) and not keep
            return (0, ()) if ok else (_NEG, ())
        key = (self.key, wilds, need, keep)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        best: tuple[int, tuple[Meld, ...]] = (_NEG, ())
        p3 = _POW3[t]
        # 1. leave one copy of t in the hand
        c[t] -= 1
        self.key -= p3
        if not (need == t and c[t] == 0) and not (self.cover and not keep):
            best = self._go(wilds, need, False, t)
        c[t] += 1
        self.key += p3
        colour, number = divmod(t, 13)
        # 2. a group holding t (other colours are higher codes, t being the lowest left)
        others = [k * 13 + number for k in range(colour + 1, 4) if c[k * 13 + number]]
        if len(others) + wilds >= 2:
            for members in _SUBSETS[len(others)]:
                codes = [t] + [others[i] for i in members]
                for w in range(wilds + 1):
                    size = len(codes) + w
                    if size < 3 or size > 4:
                        continue
                    key_change = 0
                    for code in codes:
                        c[code] -= 1
                        key_change += _POW3[code]
                    self.key -= key_change
                    new_need = need
                    if (need == NEED_WILD and w) or need in codes:
                        new_need = _NONE
                    sub = self._go(wilds - w, new_need, keep, t)
                    for code in codes:
                        c[code] += 1
                    self.key += key_change
                    if sub[0] > _NEG:
                        score = sub[0] + ((number + 1) * size if self.by_value else size)
                        if score > best[0]:
                            used = {x // 13 for x in codes}
                            missing = [k for k in range(4) if k not in used][:w]
                            meld = tuple([self.names[x] for x in codes]
                                         + [STAR + k * 13 + number for k in missing])
                            best = (score, (meld, *sub[1]))
        # 3. a run in t's colour whose lowest natural tile is t
        box = [best]
        for below in range(min(wilds, number) + 1):
            met = need == t or (need == NEED_WILD and below > 0)
            self._runs(t, colour, number - below, number, wilds - below, need, keep,
                       [STAR + colour * 13 + n for n in range(number - below, number)],
                       met, box)
        best = box[0]
        self.memo[key] = best
        return best

    def _runs(self, t: int, colour: int, start: int, at: int, wilds: int, need: int,
              keep: bool, prefix: list[MeldTile], met: bool,
              best_box: list[tuple[int, tuple[Meld, ...]]]) -> None:
        """Extend a run (numbers 0-based ``start``..``at``-1 written in ``prefix``; ``met``:
        it already holds the tile the search must lay) with the tile of number ``at`` and
        beyond; every length ≥ 3 is tried as a meld."""
        if at > 12:
            return
        c = self.counts
        code = colour * 13 + at
        choices: list[tuple[MeldTile, bool]] = []
        if at == t % 13 or c[code]:
            choices.append((self.names[code], False))
        if wilds and at != t % 13:
            choices.append((STAR + code, True))
        for tile, wild in choices:
            if wild:
                wilds -= 1
            else:
                c[code] -= 1
                self.key -= _POW3[code]
            run = [*prefix, tile]
            now = met or (need == NEED_WILD if wild else need == code)
            if len(run) >= 3:
                sub = self._go(wilds, _NONE if now else need, keep, t)
                if sub[0] > _NEG:
                    gain = (start + at + 2) * len(run) // 2 if self.by_value else len(run)
                    if sub[0] + gain > best_box[0][0]:
                        best_box[0] = (sub[0] + gain, (tuple(run), *sub[1]))
            self._runs(t, colour, start, at + 1, wilds, need, keep, run, now, best_box)
            if wild:
                wilds += 1
            else:
                c[code] += 1
                self.key += _POW3[code]


def _partners(counts: list[int], t: int) -> int:
    """How many tiles could share a meld with ``t`` (the same colour within two
    numbers, or the same number in another colour), counted without okeys."""
    colour, number = divmod(t, 13)
    near = sum(counts[colour * 13 + n] for n in range(max(0, number - 2), min(13, number + 3))
               if n != number)
    same = sum(1 for k in range(4) if k != colour and counts[k * 13 + number])
    return near + same


def _meldable(counts: list[int], wilds: int, t: int) -> bool:
    """Could ``t`` be in some meld of three with the tiles counted and ``wilds`` okeys:
    a group (two other colours of its number, okeys filling) or a run of three in its
    colour holding it (okeys filling the gaps)? Every longer meld holds such a three, so
    a tile failing this is in no meld at all."""
    colour, number = divmod(t, 13)
    if sum(1 for k in range(4) if k != colour and counts[k * 13 + number]) + wilds >= 2:
        return True
    base = colour * 13
    for s in range(max(0, number - 2), min(number, 10) + 1):
        missing = 0
        for n in range(s, s + 3):
            if n != number and not counts[base + n]:
                missing += 1
        if missing <= wilds:
            return True
    return False


def _prune(counts: list[int], wilds: int) -> int:
    """Drop the tiles no meld can hold (:func:`_meldable`), to a fixed point; the
    number of tiles dropped. Why: a random 22-tile hand has several such tiles, the
    search's states shrink with each, and the threshold's bound tightens. With two okeys
    every tile can make a group of three."""
    if wilds >= 2:
        return 0
    dropped = 0
    held = [t for t in range(52) if counts[t]]
    changed = True
    while changed:
        changed = False
        for t in held:
            if counts[t] and not _meldable(counts, wilds, t):
                dropped += counts[t]
                counts[t] = 0
                changed = True
    return dropped


def _search(hand: Sequence[Tile], okey: Tile, by: str, must: Tile | None,
            keep: bool) -> tuple[int, tuple[Meld, ...]]:
    counts, wilds = _counts(hand, okey)
    need = _NONE if must is None else (NEED_WILD if must == okey else stands_for(must, okey))
    dropped = _prune(counts, wilds)
    if need not in (_NONE, NEED_WILD) and not counts[need]:
        return _NEG, ()
    keep = keep and not dropped
    parts = _components(counts, wilds)
    if len(parts) < 2 or need == NEED_WILD:
        return _solved(tuple(counts), wilds, okey, by, need, keep)
    return _combine(parts, counts, wilds, okey, by, need, keep)


Result = tuple[int, tuple[Meld, ...]]


@lru_cache(maxsize=8192)
def _solved(counts: tuple[int, ...], wilds: int, okey: Tile, by: str, need: int,
            keep: bool) -> Result:
    """One search, remembered. Why: from one turn to the next a hand changes by a tile
    or two, so most of its independent parts (:func:`_components`) are the very parts
    searched before (the draw's left-take check, the turn's openings, the bots' and
    hints' questions about the same rack)."""
    return _Search(list(counts), wilds, okey, by, need, keep).best


def _components(counts: list[int], wilds: int) -> list[list[int]]:
    """The tile codes held, split into groups no meld can join: two tiles are linked
    when one meld could hold both (one number, or one colour within ``2 + wilds``
    numbers, the okeys filling the gap). Why: the search's states multiply across
    independent parts, so searching each part alone is far cheaper."""
    held = [t for t in range(52) if counts[t]]
    parent = {t: t for t in held}

    def root(t: int) -> int:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    reach = 2 + wilds
    for i, a in enumerate(held):
        for b in held[i + 1:]:
            if a % 13 == b % 13 or (a // 13 == b // 13 and b - a <= reach):
                parent[root(b)] = root(a)
    parts: dict[int, list[int]] = {}
    for t in held:
        parts.setdefault(root(t), []).append(t)
    return list(parts.values())


def _combine(parts: list[list[int]], counts: list[int], wilds: int, okey: Tile, by: str,
             need: int, keep: bool) -> Result:
    """The best over independent parts: each part searched alone for every share of
    the okeys it might get, then the shares chosen to add up to at most ``wilds``. With
    ``keep``, one part is made to keep a tile (for ``cover``: exactly that part leaves
    one out; by value, any part may leave more)."""
    tables: list[dict[tuple[int, bool], Result]] = []
    for part in parts:
        table: dict[tuple[int, bool], Result] = {}
        for w in range(wilds + 1):
            for k in ((False, True) if keep else (False,)):
                sub = [0] * 52
                for t in part:
                    sub[t] = counts[t]
                table[(w, k)] = _solved(tuple(sub), w, okey, by,
                                        need if need in part else _NONE, k)
        tables.append(table)
    best: Result = (_NEG, ())
    for share in _shares(len(parts), wilds):
        for kept in (range(len(parts)) if keep else (-1,)):
            total = 0
            melds: list[Meld] = []
            for i, table in enumerate(tables):
                score, found = table[(share[i], i == kept)]
                if score <= _NEG:
                    total = _NEG
                    break
                total += score
                melds.extend(found)
            if total > best[0]:
                best = (total, tuple(melds))
    return best


def _shares(parts: int, wilds: int) -> list[tuple[int, ...]]:
    """Every way to hand at most ``wilds`` okeys to ``parts`` parts.

    >>> _shares(2, 1)
    [(0, 0), (0, 1), (1, 0)]
    """
    if parts == 0:
        return [()]
    return [(w, *rest) for w in range(wilds + 1) for rest in _shares(parts - 1, wilds - w)]


def best_opening(hand: Sequence[Tile], okey: Tile, *, must: Tile | None = None,
                 keep: bool = True, at_least: int = 0) -> Opening | None:
    """The melds of highest total value the hand can lay in one ``open`` (101-17),
    holding ``must`` if given and keeping a tile in the hand if ``keep``; ``None`` if no
    meld can be made. With ``at_least`` (the threshold), ``None`` also when the tiles
    some meld could hold add up to less, without searching: an unopened player's
    turn asks this every time, and most hands fall short."""
    if at_least:
        counts, wilds = _counts(hand, okey)
        _prune(counts, wilds)
        if sum((t % 13 + 1) * n for t, n in enumerate(counts)) + 13 * wilds < at_least:
            return None
    score, melds = _search(hand, okey, "value", must, keep)
    if score <= 0:
        return None
    return Opening(melds, score, sum(len(m) for m in melds))


def all_but_one(hand: Sequence[Tile], okey: Tile, *, must: Tile | None = None
                ) -> Opening | None:
    """Melds laying every tile of the hand but one, if there are any (the open of an
    open-and-finish, 101-20), holding ``must`` if given: the most valuable such set is
    not searched for, only one."""
    counts, wilds = _counts(hand, okey)
    # a tile with no possible meld-mate needs both okeys for itself: at most one such
    # tile stays in the hand, and the okeys serve one more
    alone = sum(n for t, n in enumerate(counts) if n and not _partners(counts, t))
    if alone - 1 > wilds // 2 or _prune(counts, wilds) > 1:
        return None
    score, melds = _search(hand, okey, "cover", must, True)
    if score != len(hand) - 1:
        return None
    value = sum(_stands_number(x, okey) for m in melds for x in m)
    return Opening(melds, value, score)


def _stands_number(m: MeldTile, okey: Tile) -> int:
    if m >= STAR:
        return (m - STAR) % 13 + 1
    return stands_for(m, okey) % 13 + 1


def best_pairs(hand: Sequence[Tile], okey: Tile, indicator: Tile, *,
               must: Tile | None = None, keep: bool = True) -> Opening | None:
    """The most pairs the hand can lay (101-22; rule 13: an okey pairs with any tile but
    the indicator tile, two okeys pair, J+J and J+okey pair), holding ``must`` if given
    and keeping a tile if ``keep``; ``None`` if there is no pair."""
    counts = Counter(t for t in hand if t != okey)
    wilds = len(hand) - sum(counts.values())
    pairs: list[Meld] = []
    singles: list[Tile] = []
    for t in sorted(counts):
        n = counts[t]
        if t == indicator:
            continue
        pairs.extend((t, t) for _ in range(n // 2))
        if n % 2:
            singles.append(t)
    if must is not None and must != okey and must not in (x for p in pairs for x in p):
        if must not in singles or not wilds or must == indicator:
            return None
        singles.remove(must)
        singles.insert(0, must)
    while wilds and singles:
        t = singles.pop(0)
        pairs.append((t, STAR + stands_for(t, okey)))
        wilds -= 1
    while wilds >= 2 and okey != indicator:
        pairs.append((STAR + okey, STAR + okey))
        wilds -= 2
    if must == okey and not any(x >= STAR for p in pairs for x in p):
        return None
    if keep and 2 * len(pairs) >= len(hand):
        drop = next((i for i, p in enumerate(pairs) if must is None or not _holds(p, must, okey)),
                    None)
        if drop is None:
            return None
        pairs.pop(drop)
    if not pairs:
        return None
    return Opening(tuple(pairs), len(pairs), 2 * len(pairs))


def _holds(meld: Meld, tile: Tile, okey: Tile) -> bool:
    if tile == okey:
        return any(x >= STAR for x in meld)
    return tile in meld


def layoffs(hand: Sequence[Tile], table: Sequence[TableMeld], okey: Tile
            ) -> list[tuple[MeldTile, int]]:
    """Every single lay-off the hand could make now, as ``(tile, meld index)``: each
    natural tile (and J) where it extends a meld, and each okey (``*X``) for every X it
    could stand for at a run's end or a group's missing colour (101-24). Limits on who
    may lay off and how often are the engine's to apply."""
    out: list[tuple[MeldTile, int]] = []
    tiles = sorted(set(hand))
    has_okey = okey in hand
    for i, meld in enumerate(table):
        if meld.kind == PAIR:
            continue
        for t in tiles:
            if t != okey and meld.extension(stands_for(t, okey)) is not None:
                out.append((t, i))
        if has_okey:
            for stands in _open_places(meld):
                out.append((STAR + stands, i))
    return out


def _open_places(meld: TableMeld) -> list[Tile]:
    """The tiles that would extend ``meld``: a run's two ends, a group's missing colours."""
    out = []
    if meld.kind == "run":
        lo, hi = meld.slots[0][1], meld.slots[-1][1]
        for s in (lo - 1, hi + 1):
            if 0 <= s < 52 and meld.extension(s) is not None:
                out.append(s)
    elif meld.kind == "group" and len(meld.slots) == 3:
        number = meld.slots[0][1] % 13
        out = [k * 13 + number for k in range(4) if meld.extension(k * 13 + number)]
    return out


def swaps(hand: Sequence[Tile], table: Sequence[TableMeld], okey: Tile
          ) -> list[tuple[Tile, int]]:
    """Every okey the hand could take back (101-27), as ``(natural tile, meld index)``."""
    out = []
    tiles = sorted(set(hand) - {okey})
    for i, meld in enumerate(table):
        for t in tiles:
            if meld.swap_index(stands_for(t, okey), okey) is not None:
                out.append((t, i))
    return out


def valid_opening(melds: Sequence[Meld], okey: Tile, indicator: Tile) -> bool:
    """Whether every meld of an opening suggestion is a valid run or group."""
    return all(kind_of(resolve(m, okey), indicator) not in (None, PAIR) for m in melds)
