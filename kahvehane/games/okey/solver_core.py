"""The exact search behind :mod:`kahvehane.games.okey.solver` ("seri diz" and finishing).

Problem: split a hand into valid runs and groups (rules 11–12) and single tiles so that
the face-value sum of the single tiles is lowest (rule 29); an unused okey counts the
okey's number. A false joker is an ordinary tile (the okey identity), so after reading
the hand there are only ordinary tiles, two copies at most of each, and ``w ≤ 2`` okeys.

How (``docs/okey-solver.md`` gives the argument for each step):

* **Dead tiles.** A tile in no possible meld (no run neighbours or group partners for the
  okeys held) is single in every layout: found with a few shifts, removed up front.
* **Plain hands.** Without okeys, when each live tile is held once and no tile is wanted
  by both a run and a group (nor 12-13-1 possible), melding every live tile is plainly
  possible and optimal: no search (:func:`_meld_every_live_tile`).
* **State.** The undecided ordinary tiles as two bitsets over the 52 tile codes (``a``:
  held at least once, ``b``: held twice), the okeys left ``w``, and ``cap``: how many
  spare okeys the melds made so far could still absorb (a run of length L takes 13 − L
  more, a 3-tile group one more), capped at ``w``.
* **Lowest tile first.** Each step decides the lowest-code undecided tile ``t``: single,
  in a group with tiles of higher colours, with both okeys, or the first tile of a run
  (for a 1, also the last tile of a run 12-13-1). Everything below ``t`` is decided, so
  each meld is made once, from its lowest tile. States are memoised.
* **Runs by jumps.** A run is grown from ``t`` one real tile at a time: the next real
  tile of the colour after ``g`` okeys (``g ≤ w``), or the run stops. Only okeys that a
  run needs are placed (gaps, or the third tile of a 2-tile run).
* **Spare okeys are not placed during the search.** An okey a meld does not need (past
  the end of a run, the 4th of a group) is interchangeable with an unused okey that the
  melds can absorb, so leftovers cost ``max(0, w − cap)`` okey values at the end and the
  layout places them afterwards.
* **Bounds.** Each state is solved below a budget (the best its caller already has):
  meld options come first, a single tile last, and a state that cannot beat its budget
  is memoised as a lower bound instead of being solved, so hopeless branches stop early.
* **Relax, then check.** The search first lets leftover okeys cost nothing (``cap``
  leaves the state): a lower bound, met and so optimal when the layout found can absorb
  its leftover okeys; otherwise the exact search with ``cap`` decides.
* **No okey left.** States without okeys go to a simpler search (:func:`_make_f0`).
* **Forced singles.** At every state the lowest tiles that no meld can take any more are
  stripped as singles, without branching.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kahvehane.games.okey import messages as msg
from kahvehane.games.okey.messages import InvalidRack
from kahvehane.tiles import FALSE_JOKER

_COLOUR_BITS = 0x1FFF  # the 13 numbers of one colour
_INF = 1 << 30

_VALS = [code % 13 + 1 for code in range(52)]
"""Face value of each ordinary tile code. The okey identity held as a false joker is
worth the okey's number, which is its own number."""

_PARTNER_MASK = [sum(1 << (cc * 13 + i % 13) for cc in range(i // 13 + 1, 4)) for i in range(52)]
"""For each code, the same number in the higher colours: the group partners a lowest
tile can have."""


def _group_options(mask: int) -> dict[int, list[tuple[int, int]]]:
    """For each subset ``p`` of ``mask`` (the partners held), every non-empty subset of
    ``p`` as (bitset, size of the group with the lowest tile), largest groups first."""
    bits = [1 << j for j in range(52) if mask >> j & 1]
    table: dict[int, list[tuple[int, int]]] = {}
    for held in range(1 << len(bits)):
        present = [bit for j, bit in enumerate(bits) if held >> j & 1]
        opts = []
        for sub in range(1, 1 << len(present)):
            chosen = [bit for j, bit in enumerate(present) if sub >> j & 1]
            opts.append((sum(chosen), 1 + len(chosen)))
        opts.sort(key=lambda o: -o[1])
        table[sum(present)] = opts
    return table


_GROUPS = [_group_options(_PARTNER_MASK[i]) for i in range(52)]

_UP2 = [sum(1 << (i + d) for d in (1, 2) if i % 13 + 1 + d <= 13) for i in range(52)]
"""Bits of the next two numbers of the tile's colour (fewer near 13)."""
_UP2_FULL = [up.bit_count() == 2 for up in _UP2]
_HIGH2 = [(3 << (i + 11)) if i % 13 == 0 else 0 for i in range(52)]
"""For a 1: the bits of 12 and 13 of its colour (the run 12-13-1)."""


_ONES = 1 | 1 << 13 | 1 << 26 | 1 << 39  # the 1 of each colour
_SPREAD = _ONES  # times a 13-bit number mask: that mask in every colour
_START3 = 0x7FF * _ONES  # numbers 1..11: where three consecutive numbers can start
_START2 = 0xFFF * _ONES  # numbers 1..12: where two consecutive numbers can start


def _live_mask(a: int, w: int) -> int:
    """The tile codes (bitset) that can be in some meld, given the held set ``a`` and
    ``w`` okeys: three consecutive numbers of a colour held (12-13-1 included; two of the
    three with an okey), or three colours of a number (two with an okey). Every tile is
    live with two okeys (X-okey-okey). Shifts act on all four colours at once, masked so
    that no colour runs into the next."""
    if w >= 2:
        return a
    if w:
        t = a & (a >> 1) & _START2  # n, n+1
        run = t | (t << 1)
        t = a & (a >> 2) & _START3  # n, n+2
        run |= t | (t << 2)
        t = a & (a >> 12) & _ONES  # 13 and the 1 after it
        run |= t | (t << 12)
        t = a & (a >> 11) & _ONES  # 12 and the 1 after 13
        run |= t | (t << 11)
    else:
        t = a & (a >> 1) & (a >> 2) & _START3  # n, n+1, n+2
        run = t | (t << 1) | (t << 2)
        t = a & (a >> 11) & (a >> 12) & _ONES  # 12, 13, 1
        run |= t | (t << 11) | (t << 12)
    c0 = a & 8191
    c1 = a >> 13 & 8191
    c2 = a >> 26 & 8191
    c3 = a >> 39
    twos = (c0 & c1) | (c2 & c3) | ((c0 | c1) & (c2 | c3))  # numbers in 2+ colours
    if w:
        return a & (run | twos * _SPREAD)
    threes = (c0 & c1 & (c2 | c3)) | (c2 & c3 & (c0 | c1))  # numbers in 3+ colours
    return a & (run | threes * _SPREAD)


live_mask = _live_mask
"""The public name of :func:`_live_mask`, for the finish filter of the solver module."""


# A plan: (cost, runs as (position of the first tile, codes with -1 for an okey),
# groups as (codes of the real tiles, okeys), single tile codes, spare okeys).
_Plan = tuple[int, list[tuple[int, list[int]]], list[tuple[list[int], int]], list[int], int]


_MASKSUM = [0] * 8192
"""Σ numbers of a 13-bit colour mask (bit j is number j + 1)."""
for _m in range(1, 8192):
    _MASKSUM[_m] = _MASKSUM[_m & (_m - 1)] + (_m & -_m).bit_length()

_BIT = {code: 1 << code for code in range(52)}
_SINGLE = [(x,) for x in range(53)]


def _bits_sum(bits: int) -> int:
    """Σ face values of the tile codes in a bitset (a table lookup per colour)."""
    t = _MASKSUM
    return t[bits & 8191] + t[bits >> 13 & 8191] + t[bits >> 26 & 8191] + t[bits >> 39 & 8191]


def solve_melds(
    tiles: Sequence[int], okey: int, want_blocks: bool, stop_at_zero: bool = False
) -> tuple[int, list[tuple[int, ...]]]:
    """(lowest unmatched sum, layout blocks) of ``tiles`` with wild ``okey``.

    With ``stop_at_zero`` only "can every tile be melded?" is asked: the result is 0 with
    its layout, or 1 (no blocks). Blocks: melds (runs in number order with each okey in
    place, groups in colour order), then the single tiles in code order, then unused
    okeys. Raises :class:`~kahvehane.games.okey.messages.InvalidRack` for what no rack
    can hold: a code outside 0..52, three copies of a tile, more than two okeys.
    """
    w0 = 0
    a0 = b0 = 0
    bit_of = _BIT
    for x in tiles:
        if x == okey:
            w0 += 1
            continue
        bit = bit_of.get(x)
        if bit is None:
            if x != FALSE_JOKER or type(x) is not int:
                raise InvalidRack(msg.NOT_A_TILE_CODE, value=repr(x))
            bit = 1 << okey
        if a0 & bit:
            if b0 & bit:
                raise InvalidRack(msg.CODE_THRICE, code=x)
            b0 |= bit
        else:
            a0 |= bit
    if w0 > 2:
        raise InvalidRack(msg.OKEYS_THRICE)

    live = _live_mask(a0, w0)
    dead_a = a0 & ~live
    if stop_at_zero and dead_a:
        return 1, []
    dead_b = b0 & ~live
    plan: _Plan | None = None
    if live and not w0:
        if not b0 & live:
            plan = _meld_every_live_tile(a0, live)
        if plan is None:
            plan = _search0(a0 & live, b0 & live, stop_at_zero)
    elif live:
        okv = okey % 13 + 1
        plan = _search(a0 & live, b0 & live, w0, okv, stop_at_zero, relaxed=True)
        if plan[4] and not (stop_at_zero and plan[0]):
            # okeys left over cost nothing in the relaxed search: can the melds take them?
            room = sum(13 - len(seq) for _, seq in plan[1])
            room += sum(4 - len(codes) - k for codes, k in plan[2])
            if room < plan[4]:
                plan = _search(a0 & live, b0 & live, w0, okv, stop_at_zero, relaxed=False)
    else:  # nothing can be melded
        plan = ((w0 * (okey % 13 + 1)), [], [], [], w0)
    total = plan[0]
    if stop_at_zero:
        if total:
            return 1, []
    elif dead_a:
        total += _bits_sum(dead_a) + _bits_sum(dead_b)
    if not want_blocks:
        return total, []
    if dead_a:
        plan[3].extend(bit_codes(dead_a))
        if dead_b:
            plan[3].extend(bit_codes(dead_b))
    return total, _layout(plan, okey)


def dead_tiles(tiles: Sequence[int], okey: int) -> list[int]:
    """The tiles of a hand (with repeats, in code order) that no meld can contain, given
    the hand's okeys: single in every layout. An okey is never counted. Removing tiles
    or okeys never brings a dead tile back into play.

    >>> from kahvehane.tiles import parse_tiles, tile_names
    >>> tile_names(dead_tiles(parse_tiles("R1 R2 R3 K9 K9 Y5".split()), 51))
    ['Y5', 'K9', 'K9']
    """
    w = a = b = 0
    for x in tiles:
        if x == okey:
            w += 1
            continue
        bit = 1 << (okey if x == FALSE_JOKER else x)
        if a & bit:
            b |= bit
        else:
            a |= bit
    live = _live_mask(a, w)
    out = sorted(bit_codes(a & ~live) + bit_codes(b & ~live))
    return [FALSE_JOKER if x == okey else x for x in out]


def _meld_every_live_tile(a: int, live: int) -> _Plan | None:
    """Without okeys, the plan that melds every live tile when that is plain to see, else
    ``None``: each live tile held once, no run through 13-1, and no number both in a run
    and held in three colours. Then each colour's live numbers fall into separate
    stretches of 3 or more consecutive numbers (runs) and each number held in three or
    four colours is a group. Every live tile melded is optimal: dead tiles are single in
    every layout. Most hands without okeys end here, before any search."""
    runs: list[tuple[int, list[int]]] = []
    group_numbers = live
    for c in range(4):
        m = a >> (13 * c) & _COLOUR_BITS
        t = m & (m >> 1) & (m >> 2)
        run = (t | (t << 1) | (t << 2)) & _COLOUR_BITS
        group_numbers &= ~(run << (13 * c))
        if m & 1 and m & 0x1800 == 0x1800:  # 12, 13 and 1 held: the run 12-13-1 is possible
            return None
        while run:  # split into stretches of consecutive numbers
            low = run & -run
            start = low.bit_length() - 1
            stretch = run ^ (run & (run + low))  # the consecutive bits from `start` up
            n = stretch.bit_count()
            runs.append((start + 1, list(range(13 * c + start, 13 * c + start + n))))
            run ^= stretch
    groups: list[tuple[list[int], int]] = []
    if group_numbers:
        ones = twos = threes = 0
        for c in range(4):  # colours per number among the group tiles, saturating at 3
            m = group_numbers >> (13 * c) & _COLOUR_BITS
            threes |= twos & m
            twos |= ones & m
            ones |= m
        for c in range(4):
            if group_numbers >> (13 * c) & _COLOUR_BITS & ~threes:
                return None  # a live tile that is neither in a run nor in a full group
        for n0 in bit_codes(threes):
            codes = [13 * c + n0 for c in range(4) if group_numbers >> (13 * c + n0) & 1]
            groups.append((codes, 0))
    return 0, runs, groups, [], 0


def bit_codes(bits: int) -> list[int]:
    """The codes of a bitset, lowest first (also used by the finish filter in solver.py)."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


_Choice0 = dict[tuple[int, int], int]


def _make_f0(
    stop_at_zero: bool,
) -> tuple[Callable[[int, int], int], _Choice0]:
    """The search without okeys, which is much simpler than ``_search``: a run through
    the lowest tile ``t`` takes the next numbers one by one and may stop at any length
    from 3, so its options are the prefixes of the held stretch above ``t`` (for a 1 also
    the stretch below 13: 12-13-1, 11-12-13-1, …); a group needs 3 colours. Returns
    ``f0(a, b)`` (lowest cost of the tiles ``a``/``b``) and its recorded choices: 0 single,
    ``1 + m`` a group with the partners ``m``, ``-n`` a run of n tiles up from ``t``,
    ``-100 - n`` a run of n tiles down from 13 to ``t``, a 1."""
    memo: dict[tuple[int, int], int] = {}
    choice: _Choice0 = {}
    inf = _INF
    vals = _VALS
    partner_mask = _PARTNER_MASK
    groups_of = _GROUPS
    up2 = _UP2
    up2_full = _UP2_FULL
    high2 = _HIGH2

    def f(a: int, b: int) -> int:
        if not a:
            return 0
        key0 = (a, b)
        got = memo.get(key0)
        if got is not None:
            return got
        extra = 0
        while True:  # strip the lowest tiles that no meld can take (as _strip)
            low = a & -a
            i = low.bit_length() - 1
            if (
                (a & partner_mask[i]).bit_count() >= 2
                or (up2_full[i] and a & up2[i] == up2[i])
                or (high2[i] and a & high2[i] == high2[i])
            ):
                break
            if stop_at_zero:
                memo[key0] = inf
                return inf
            extra += vals[i]
            if b & low:
                b ^= low
            else:
                a ^= low
            if not a:
                memo[key0] = extra
                return extra
        if extra:
            key = (a, b)
            got = memo.get(key)
            if got is not None:
                memo[key0] = extra + got
                return extra + got
        else:
            key = key0
        if b & low:
            a1, b1 = a, b ^ low
        else:
            a1, b1 = a ^ low, b
        pick = 0
        best = inf if stop_at_zero else vals[i] + f(a1, b1)
        held = a1 & partner_mask[i]
        if best and held:
            for m, size in groups_of[i][held]:
                if size < 3:
                    continue
                v = f((a1 & ~m) | (b1 & m), b1 & ~m)
                if v < best:
                    best, pick = v, 1 + m
                    if not v:
                        break
        if best:
            top = i - i % 13 + 12  # the 13 of the colour
            bit = low << 1
            n = 1
            a2, b2 = a1, b1
            j = i
            while best and j < top and a2 & bit:  # runs up: t, t+1, t+2, ...
                a2, b2 = (a2, b2 ^ bit) if b2 & bit else (a2 ^ bit, b2)
                n += 1
                j += 1
                bit <<= 1
                if n >= 3:
                    v = f(a2, b2)
                    if v < best:
                        best, pick = v, -n
            if best and i % 13 == 0:  # runs down from 13 to the 1 after it
                bit = low << 12
                n = 1
                a2, b2 = a1, b1
                while best and n < 13 and a2 & bit:
                    a2, b2 = (a2, b2 ^ bit) if b2 & bit else (a2 ^ bit, b2)
                    n += 1
                    bit >>= 1
                    if n >= 3:
                        v = f(a2, b2)
                        if v < best:
                            best, pick = v, -100 - n
        memo[key] = best
        choice[key] = pick
        if extra:
            best += extra
            memo[key0] = best
        return best

    return f, choice


def _search0(a0: int, b0: int, stop_at_zero: bool) -> _Plan:
    """The plan of an optimal layout of a hand without okeys (``_make_f0``)."""
    f, choice = _make_f0(stop_at_zero)
    total = f(a0, b0)
    if stop_at_zero and total:
        return total, [], [], [], 0
    runs: list[tuple[int, list[int]]] = []
    groups: list[tuple[list[int], int]] = []
    singles: list[int] = []
    _replay0(a0, b0, choice, runs, groups, singles)
    return total, runs, groups, singles, 0


def _replay0(
    a: int,
    b: int,
    choice: _Choice0,
    runs: list[tuple[int, list[int]]],
    groups: list[tuple[list[int], int]],
    singles: list[int],
) -> None:
    """Follow ``_make_f0``'s recorded choices from (a, b), adding to the plan's lists."""
    while True:
        a, b = _strip(a, b, 0, singles)
        if not a:
            break
        pick = choice[(a, b)]
        low = a & -a
        i = low.bit_length() - 1
        a, b = _take(a, b, low)
        if pick == 0:
            singles.append(i)
        elif pick > 0:
            m = pick - 1
            groups.append(([i, *bit_codes(m)], 0))
            a, b = (a & ~m) | (b & m), b & ~m
        elif pick > -100:  # up: t and the next n - 1 numbers
            seq = list(range(i, i - pick))
            for x in seq[1:]:
                a, b = _take(a, b, 1 << x)
            runs.append((i % 13 + 1, seq))
        else:  # down: the 1 after 13, 13, 12, ...
            n = -100 - pick
            seq = [*range(i + 13 - n + 1, i + 13), i]
            for x in seq[:-1]:
                a, b = _take(a, b, 1 << x)
            runs.append((15 - n, seq))


def _search(
    a0: int, b0: int, w0: int, okv: int, stop_at_zero: bool, relaxed: bool
) -> _Plan:
    """The memoised search of the module text, then the plan of an optimum.

    ``f(a, b, w, cap, budget)`` is the lowest cost of the undecided tiles when it is below
    ``budget``, else a value at least ``budget``; the memo keeps exact values (``v``) and
    lower bounds (``~v``, negative) apart. ``chain`` continues a run. With
    ``stop_at_zero`` the budget is 1: only "everything melds" is looked for.

    ``relaxed`` lets leftover okeys cost nothing and drops ``cap`` from the state: a
    lower bound that is the true optimum whenever its layout's melds can absorb its
    leftover okeys, which the caller checks (and otherwise searches again, exactly).
    """
    memo: dict[tuple[int, int, int, int], int] = {}
    cmemo: dict[tuple[int, int, int, int, int, int, int, int], int] = {}
    choice: dict[tuple[int, int, int, int], int | tuple[int, ...]] = {}
    cchoice: dict[tuple[int, int, int, int, int, int, int, int], int] = {}
    inf = _INF
    vals = _VALS
    partner_mask = _PARTNER_MASK
    groups_of = _GROUPS
    up2 = _UP2
    high2 = _HIGH2
    capmask = 0 if relaxed else 3  # relaxed: cap stays 0
    okv_left = 0 if relaxed else okv  # what a leftover okey costs beyond the cap
    lmax = 3 if relaxed else 13  # run lengths past 3 only matter for the cap

    f0, choice0 = _make_f0(stop_at_zero)
    live_mask = _live_mask
    bits_sum = _bits_sum

    memo0: dict[tuple[int, int], int] = {}

    def f(a: int, b: int, w: int, cap: int, budget: int) -> int:
        """The lowest cost of the state if it is below ``budget``; otherwise some value
        at least ``budget`` (a bound: the caller has something as good already)."""
        if not w:  # no okey left: the simpler search (its cap does not matter), on the
            # tiles still live without okeys (the others are single); exact
            pair = (a, b)
            got = memo0.get(pair)
            if got is not None:
                return got
            dead = a & ~live_mask(a, 0)
            if not dead:
                got = f0(a, b)
            elif stop_at_zero:
                got = inf
            else:
                got = bits_sum(dead) + bits_sum(b & dead) + f0(a ^ dead, b & ~dead)
            memo0[pair] = got
            return got
        if not a:
            return (w - cap) * okv_left if w > cap else 0
        key0 = (a, b, w, cap)
        got = memo.get(key0)  # v >= 0: the exact value; ~v < 0: at least v
        if got is not None:
            if got >= 0:
                return got
            if ~got >= budget:
                return ~got
        extra = 0
        while a:  # strip the lowest tiles that no meld can take now (as _strip; w is 1 or 2)
            low = a & -a
            i = low.bit_length() - 1
            if w >= 2 or a & partner_mask[i] or a & up2[i] or a & high2[i]:
                break
            extra += vals[i]
            if b & low:
                b ^= low
            else:
                a ^= low
        else:
            out = extra + ((w - cap) * okv_left if w > cap else 0)
            memo[key0] = out
            return out
        room = budget - extra  # what the undecided rest may cost to matter
        if extra:
            key = (a, b, w, cap)
            got = memo.get(key)
            if got is not None and (got >= 0 or ~got >= room):
                v = got if got >= 0 else ~got
                memo[key0] = extra + v if got >= 0 else ~(extra + v)
                return extra + v
            if room <= 0:
                memo[key0] = ~extra
                return extra
        else:
            key = key0
        if b & low:
            a1, b1 = a, b ^ low
        else:
            a1, b1 = a ^ low, b
        best = room
        pick: int | tuple[int, ...] = -1  # 0 single, 1 with two okeys, (m, k) group,
        # (q, step, g) a run whose next real tile is at position q after g okeys
        held = a1 & partner_mask[i]
        if held:  # groups with higher colours at the same number
            for m, size in groups_of[i][held]:
                k = 3 - size if size < 3 else 0
                if k > w:
                    continue
                w2 = w - k
                gcap = cap + 4 - size - k
                v = f(
                    (a1 & ~m) | (b1 & m),
                    b1 & ~m,
                    w2,
                    (gcap if gcap < w2 else w2) & capmask,
                    best,
                )
                if v < best:
                    best, pick = v, (m, k)
                    if not v:
                        break
        if best and w >= 2:  # t with both okeys: a run (or group) of 3
            v = f(a1, b1, w - 2, 0, best)
            if v < best:
                best, pick = v, 1
        if best:
            c13 = i - i % 13
            n = i % 13 + 1
            for g in range(w + 1):  # a run upwards: its next real tile after g okeys
                q = n + 1 + g
                if q > 13:
                    break
                bit = 1 << (c13 + q - 1)
                if a1 & bit:
                    w2 = w - g
                    a2, b2 = (a1, b1 ^ bit) if b1 & bit else (a1 ^ bit, b1)
                    v = chain(
                        a2, b2, w2, cap if cap < w2 else w2, c13, q, min(2 + g, lmax), 1, best
                    )
                    if v < best:
                        best, pick = v, (q, 1, g)
                        if not v:
                            break
            if best and n == 1:  # t as the 1 after 13: a run downwards from 13
                for g in range(w + 1):
                    bit = 1 << (c13 + 12 - g)
                    if a1 & bit:
                        w2 = w - g
                        a2, b2 = (a1, b1 ^ bit) if b1 & bit else (a1 ^ bit, b1)
                        v = chain(
                            a2, b2, w2, cap if cap < w2 else w2, c13, 13 - g, min(2 + g, lmax),
                            -1, best,
                        )
                        if v < best:
                            best, pick = v, (13 - g, -1, g)
                            if not v:
                                break
        if best > vals[i] and not stop_at_zero:  # t single, tried last: it costs its value
            v = vals[i] + f(a1, b1, w, cap, best - vals[i])
            if v < best:
                best, pick = v, 0
        if best < room:  # exact
            memo[key] = best
            choice[key] = pick
            if extra:
                best += extra
                memo[key0] = best
            return best
        memo[key] = ~room  # nothing below room: a bound
        if extra:
            memo[key0] = ~budget
        return budget

    def chain(
        a: int, b: int, w: int, cap: int, c13: int, p: int, length: int, step: int, budget: int
    ) -> int:
        """Lowest cost, if below ``budget``, once a run of the colour whose 1 has code
        ``c13`` holds ``length`` positions and ends, in direction ``step``, with a real tile
        at position ``p`` (else a value at least ``budget``)."""
        key = (a, b, w, cap, c13, p, length, step)
        got = cmemo.get(key)
        if got is not None and (got >= 0 or ~got >= budget):
            return got if got >= 0 else ~got
        best = budget
        if not w:  # no okey left: the run can only take the next tiles in a row
            pick = -1  # 100 + n: stop after n more tiles in a row
            if length >= 3:
                v = f(a, b, 0, 0, best)
                if v < best:
                    best, pick = v, 100
            n = 0
            while best:
                p += step
                bit = 1 << (c13 + p - 1)
                if p > 13 or p < 2 or not a & bit:
                    break
                a, b = (a, b ^ bit) if b & bit else (a ^ bit, b)
                n += 1
                if length + n >= 3:
                    v = f(a, b, 0, 0, best)
                    if v < best:
                        best, pick = v, 100 + n
        else:
            pick = -1  # 0 stop, 1 stop after an okey as third tile, 2 + g the next real tile
            if length >= 3:
                ncap = cap + 13 - length
                v = f(a, b, w, (ncap if ncap < w else w) & capmask, best)
                if v < best:
                    best, pick = v, 0
            else:  # two tiles and one okey make a run of 3
                w2 = w - 1
                ncap = cap + 10
                v = f(a, b, w2, (ncap if ncap < w2 else w2) & capmask, best)
                if v < best:
                    best, pick = v, 1
            if best:
                for g in range(w + 1):
                    q = p + step * (1 + g)
                    if q > 13 or q < 2:  # (so a run never passes 13 tiles)
                        break
                    bit = 1 << (c13 + q - 1)
                    if a & bit:
                        w2 = w - g
                        a2, b2 = (a, b ^ bit) if b & bit else (a ^ bit, b)
                        nl = length + 1 + g
                        v = chain(
                            a2, b2, w2, cap if cap < w2 else w2, c13, q,
                            nl if nl < lmax else lmax, step, best,
                        )
                        if v < best:
                            best, pick = v, 2 + g
                            if not v:
                                break
        if best < budget:
            cmemo[key] = best
            cchoice[key] = pick
            return best
        cmemo[key] = ~budget
        return budget

    total = f(a0, b0, w0, 0, 1 if stop_at_zero else inf)
    if total >= inf or (stop_at_zero and total):
        return max(total, 1), [], [], [], 0

    # Replay the recorded choices from the start state: the plan of an optimal layout.
    runs: list[tuple[int, list[int]]] = []
    groups: list[tuple[list[int], int]] = []
    singles: list[int] = []
    a, b, w, cap = a0, b0, w0, 0
    while True:
        if not w:
            dead = a & ~_live_mask(a, 0)
            singles += bit_codes(dead) + bit_codes(b & dead)
            _replay0(a ^ dead, b & ~dead, choice0, runs, groups, singles)
            break
        a, b = _strip(a, b, w, singles)
        if not a:
            break
        pick = choice[(a, b, w, cap)]
        low = a & -a
        i = low.bit_length() - 1
        a, b = _take(a, b, low)
        if pick == 0:
            singles.append(i)
        elif pick == 1:  # t and both okeys
            n = i % 13 + 1
            first = min(n, 11)
            runs.append((first, [i if q == n else -1 for q in range(first, first + 3)]))
            w, cap = w - 2, 0
        elif isinstance(pick, tuple) and len(pick) == 2:
            m, k = pick
            size = 1 + m.bit_count()
            groups.append(([i, *bit_codes(m)], k))
            a, b = (a & ~m) | (b & m), b & ~m
            w -= k
            cap = min(cap + 4 - size - k, w) & capmask
        else:
            assert isinstance(pick, tuple)
            q, step, g = pick
            c13 = i - i % 13
            seq = [i]
            length = 1
            while True:  # take the real tile at q after g okeys, then the chain's choice
                a, b = _take(a, b, 1 << (c13 + q - 1))
                seq += [-1] * g
                seq.append(c13 + q - 1)
                w -= g
                cap = min(cap, w)
                length += 1 + g
                p = q
                nxt = cchoice[(a, b, w, cap, c13, p, min(length, lmax), step)]
                if nxt >= 100:  # no okey left: the next nxt - 100 tiles in a row
                    for _ in range(nxt - 100):
                        p += step
                        a, b = _take(a, b, 1 << (c13 + p - 1))
                        seq.append(c13 + p - 1)
                    break
                if nxt < 2:
                    if nxt == 1:  # an okey as the third tile
                        seq.append(-1)
                        length += 1
                        w -= 1
                    cap = min(cap + 13 - length, w) & capmask
                    break
                g = nxt - 2
                q = p + step * (1 + g)
            if step < 0:  # collected from the 1 after 13 downwards
                seq.reverse()
                runs.append((15 - len(seq), seq))
            else:
                runs.append((i % 13 + 1, seq))
    return total, runs, groups, singles, w


def _strip(a: int, b: int, w: int, singles: list[int]) -> tuple[int, int]:
    """Remove the lowest tiles that no meld can take now (with ``w`` < 2 okeys left)
    into ``singles``: the stripping ``f`` does inline, for the replay."""
    while a and w < 2:
        low = a & -a
        i = low.bit_length() - 1
        if (a & _PARTNER_MASK[i]).bit_count() + w >= 2:
            break
        up, high = _UP2[i], _HIGH2[i]
        if w:
            if a & up or a & high:
                break
        elif (_UP2_FULL[i] and a & up == up) or (high and a & high == high):
            break
        singles.append(i)
        a, b = _take(a, b, low)
    return a, b


def _take(a: int, b: int, bit: int) -> tuple[int, int]:
    """Remove one copy of a tile (``bit``) from the two-bitset multiset."""
    return (a, b ^ bit) if b & bit else (a ^ bit, b)


def _layout(plan: _Plan, okey: int) -> list[tuple[int, ...]]:
    """Blocks of a plan: runs, then groups, then single tiles in code order and unused
    okeys; spare okeys first go into melds with room (runs before groups)."""
    _, runs, groups, singles, spare = plan
    blocks: list[tuple[int, ...]] = []
    for first, seq in runs:
        block, spare = _place_run(first, seq, spare, okey)
        blocks.append(block)
    for codes, k in groups:
        block, spare = _place_group(codes, k, spare, okey)
        blocks.append(block)
    single = _SINGLE
    if okey in singles:  # the okey identity as an ordinary tile: a false joker
        singles = [FALSE_JOKER if x == okey else x for x in singles]
    singles.sort()
    blocks.extend([single[x] for x in singles])
    if spare:
        blocks.extend([single[okey]] * spare)
    return blocks


def _place_run(
    first: int, seq: list[int], spare: int, okey: int
) -> tuple[tuple[int, ...], int]:
    """Lay out a run: ``seq`` holds its tiles from position ``first`` up (-1 an okey;
    position 14 is the 1 after 13). Spare okeys extend it, above the top up to 13 first,
    then below the bottom, then to the 1 after 13, while it has fewer than 13 tiles.
    Returns (block, okeys still spare). The okey identity held as a false joker is
    written as the false joker."""
    lo, hi = first, first + len(seq) - 1
    up = down = 0
    while spare and hi - lo + 1 + up + down < 13:
        if hi + up < 13:
            up += 1
        elif lo - down > (2 if hi == 14 else 1):
            down += 1
        else:
            up += 1  # to 14, the 1 after 13: the run does not hold the low 1
        spare -= 1
    block = [okey] * down
    block.extend(okey if x < 0 else FALSE_JOKER if x == okey else x for x in seq)
    block.extend([okey] * up)
    return tuple(block), spare


def _place_group(
    codes: list[int], k: int, spare: int, okey: int
) -> tuple[tuple[int, ...], int]:
    """A group in colour order R Y B K with each okey at a colour it stands for; a spare
    okey makes a 3-group a 4-group. Returns (block, okeys still spare)."""
    if len(codes) + k == 3 and spare:
        k += 1
        spare -= 1
    have = {x // 13: x for x in codes}
    block = []
    for cc in range(4):
        if cc in have:
            x = have[cc]
            block.append(FALSE_JOKER if x == okey else x)
        elif k:
            block.append(okey)
            k -= 1
    return tuple(block), spare
