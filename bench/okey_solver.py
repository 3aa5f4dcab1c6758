"""Benchmark of the Okey hand solver ("seri diz") against okey-solver-py's exact solvers.

Run from the repository root (``bench/README.md``)::

    .venv/bin/python bench/okey_solver.py            # or: make bench

What it does, in one run:

* **Random set**: ``--hands`` (10,000) 15-tile hands from real deals: for deal ``k`` of the
  seed, ``DealStream(seed, k).shuffle(full_set())``, the indicator is the first tile that
  is not a false joker and the hand the 15 tiles after it, so okeys (0, 1 or 2) and false
  jokers fall as they do at a table.
* **Adversarial set**: ``--adversarial`` (1,000) dense hands: 13 tiles drawn from the
  tiles of one colour (even hands) or two colours (odd hands) of a deck, plus both okeys.
* Times ``kahvehane.games.okey.solver.best_arrangement``, the public API
  ``kahvehane.okey.solve(tiles, indicator).arrangement`` (the rack checked, then seri
  diz alone: the other parts are computed only when asked for) and okey-solver-py's
  ``SolverEngine.find_best_arrangement`` with the ``backtracking`` and ``ilp`` strategies
  (its two exact ones) on the same hands: wall-clock time per solve, the minimum of
  ``--repeat`` runs of each hand (``--dense-repeat`` for ours on the adversarial set;
  okey-solver-py runs ``--their-adversarial`` adversarial hands once each), garbage
  collector off while timing. Conversions to okey-solver-py's tile objects are made
  before timing.
* Compares the optimal value: the unmatched face-value sum of rule 29 (an okey or false
  joker left single counts the okey's number) of each solver's layout. Every
  disagreement is explained by a named rule difference, checked on the layouts; the
  count of unexplained ones is printed and must be 0.

The last line is machine-readable::

    okey-solver: median-speedup=X p99-speedup=Y adversarial-max-ms=Z agreement=W% \
        solve-median-speedup=V

(one line). Speed-ups are against okey-solver-py's fastest exact solver on the random set (per
statistic, the better of the two), agreement is with that solver on the random set;
``solve-median-speedup`` is the same median ratio for the public ``solve``.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

# This file's name shadows okey-solver-py's package ``okey_solver`` when run as a script:
# take bench/ off the import path, and put the repository root on it.
_BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _BENCH]
sys.path.insert(0, os.path.dirname(_BENCH))

from kahvehane.games.okey.melds import face_value, is_group, is_meld, is_run  # noqa: E402
from kahvehane.games.okey.solver import Arrangement, best_arrangement  # noqa: E402
from kahvehane.okey import solve  # noqa: E402
from kahvehane.rng import DealStream  # noqa: E402
from kahvehane.tiles import FALSE_JOKER, full_set, okey_of, tile_name  # noqa: E402

Hand = tuple[list[int], int]  # (15 tile codes, indicator)


# ---------------------------------------------------------------- the hands


def random_hands(n: int, seed: str) -> list[Hand]:
    """``n`` hands from real deals: indicator = first non-joker tile, hand = next 15."""
    out = []
    for k in range(n):
        deck = DealStream(seed, k).shuffle(full_set())
        i = next(j for j, x in enumerate(deck) if x != FALSE_JOKER)
        out.append((deck[i + 1 : i + 16], deck[i]))
    return out


def adversarial_hands(n: int, seed: str) -> list[Hand]:
    """``n`` dense hands: 13 tiles of one (even k) or two (odd k) colours and both okeys.

    The tiles come from a real deck: two copies of each tile of the chosen colours, one
    of the indicator (the other lies face up), none of the okey (both are in the hand as
    okeys), and the two false jokers when the okey's colour is chosen (they are tiles of
    that colour). Everything is drawn from the project's SHA-256 stream.
    """
    out = []
    for k in range(n):
        s = DealStream(f"{seed}/adversarial", k)
        indicator = s.below(52)
        okey = okey_of(indicator)
        colours = [s.below(4)]
        if k % 2:
            colours.append((colours[0] + 1 + s.below(3)) % 4)
        pool: list[int] = []
        for c in colours:
            for code in range(13 * c, 13 * c + 13):
                if code != okey:
                    pool += [code] * (1 if code == indicator else 2)
        if okey // 13 in colours:
            pool += [FALSE_JOKER, FALSE_JOKER]
        s.shuffle(pool)
        out.append(([*pool[:13], okey, okey], indicator))
    return out


# ---------------------------------------------------------------- timing


def time_all(calls: Sequence[Callable[[], Any]], repeat: int) -> tuple[list[float], list[Any]]:
    """Time each call ``repeat`` times, in ``repeat`` passes over the whole list (so a
    burst of load on the machine cannot spoil every run of one hand): (fastest
    wall-clock seconds per call, last result per call). The garbage collector is off
    during each call and on between calls, so no collection lands inside a timing and
    cyclic garbage does not pile up."""
    best = [float("inf")] * len(calls)
    results: list[Any] = [None] * len(calls)
    clock = time.perf_counter
    gc.collect()
    try:
        for _ in range(repeat):
            for j, fn in enumerate(calls):
                gc.disable()
                t0 = clock()
                result = fn()
                dt = clock() - t0
                gc.enable()
                results[j] = result
                if dt < best[j]:
                    best[j] = dt
    finally:
        gc.enable()
    return best, results


def stats(times: Sequence[float]) -> tuple[float, float, float]:
    """(median, p99, max) in milliseconds; p99 is the value at rank ⌈0.99·n⌉."""
    xs = sorted(times)
    p99 = xs[max(0, -(-99 * len(xs) // 100) - 1)]
    return statistics.median(xs) * 1e3, p99 * 1e3, xs[-1] * 1e3


# ---------------------------------------------------------------- okey-solver-py


@dataclass
class Theirs:
    """An okey-solver-py strategy with the hand conversion done up front."""

    strategy: str
    engine: Any = None
    times: list[float] = field(default_factory=list)
    values: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    layouts: list[list[list[int]]] = field(default_factory=list)


def their_tiles(hand: Sequence[int], indicator: int) -> tuple[list[Any], Any]:
    """okey-solver-py's tiles (ids are our positions in the hand) and okey."""
    from okey_solver import OkeyMeta, Tile, TileColor

    colours = [TileColor.RED, TileColor.YELLOW, TileColor.BLUE, TileColor.BLACK]
    tiles = []
    for j, x in enumerate(hand):
        if x == FALSE_JOKER:
            tiles.append(Tile(id=str(j), color=TileColor.JOKER, value=0))
        else:
            tiles.append(Tile(id=str(j), color=colours[x // 13], value=x % 13 + 1))
    okey = okey_of(indicator)
    return tiles, OkeyMeta(color=colours[okey // 13], value=okey % 13 + 1)


def their_result(hand: Sequence[int], okey: int, arrangement: Any) -> tuple[int, list[list[int]]]:
    """(rule-29 unmatched sum of their layout, their melds as our tile codes)."""
    left = sum(face_value(hand[int(t.id)], okey) for t in arrangement.remainingTiles)
    melds = [[hand[int(t.id)] for t in m.tiles] for m in arrangement.melds]
    return left, melds


# ---------------------------------------------------------------- disagreements


def explain(
    hand: Sequence[int],
    indicator: int,
    ours: int,
    our_blocks: Sequence[Sequence[int]],
    theirs: int,
    their_melds: list[list[int]],
    their_score: int,
) -> str:
    """The rule difference behind one disagreement, checked on the two layouts, or
    ``"UNEXPLAINED"``.

    okey-solver-py 0.6.0 differs from docs/rules/okey.md in these ways (read from its source):

    * its false jokers are wild (they resolve to the okey and are then taken as okeys);
    * its objective is the sum of the melded tiles' values, an okey counting as the tile
      it stands for, and a single okey costs it nothing (rule 29 charges its value);
    * every meld with one okey in its candidate list uses the same okey (the first), so
      no layout it can pick has okeys in two different melds;
    * it never generates a group of 2 tiles and 2 okeys, nor a run whose okeys must stand
      below its first real tile (such as okey-13-1, i.e. 12-13-1, or okey-okey-12-13).

    ``theirs < ours`` can only come from a meld that is not a per here; ``theirs >
    ours`` means our optimal layout is not among their candidates, or their objective
    ranks their layout at least as high as ours.
    """
    okey = okey_of(indicator)
    if theirs < ours:
        for m in their_melds:
            if not is_meld(m, okey):
                if FALSE_JOKER in m:
                    return "fewer left: their false joker is wild (rule 6: it is the okey tile)"
                if len(m) > 13:
                    return "fewer left: their run holds 14 tiles (rule 11: at most 13)"
        return "UNEXPLAINED"
    wild_melds = [b for b in our_blocks if len(b) > 1 and (okey in b or FALSE_JOKER in b)]
    if len(wild_melds) >= 2:
        return (
            "more left: our optimum has okeys in two melds (their false jokers being okeys"
            " too), which their candidates never allow"
        )
    for b in wild_melds:
        n_wild = sum(1 for x in b if x in (okey, FALSE_JOKER))
        if is_group(b, okey) and len(b) == 4 and n_wild == 2:
            return "more left: our optimum has a group of 2 tiles and 2 okeys (never generated)"
        if not is_group(b, okey) and _needs_okey_below(b, okey):
            return (
                "more left: our optimum has a run with an okey below its first tile that"
                " cannot move to the top (e.g. okey-13-1), never generated"
            )
    if their_score >= _their_score(our_blocks, okey):
        why = "more left: their objective ranks their layout at least as high as ours"
        if FALSE_JOKER in hand:
            return why + " (with their false joker wild)"
        return why + " (an okey counts as the tile it stands for; a single okey is free)"
    return "UNEXPLAINED"


def _run_start(block: Sequence[int], okey: int) -> tuple[int, int]:
    """(position of the block's first tile, index of its first real tile) for a run
    block in number order; okeys and false jokers count as okeys, as for them."""
    wild = (okey, FALSE_JOKER)
    reals = [(j, x) for j, x in enumerate(block) if x not in wild]
    j, x = next(((j, x) for j, x in reals if x % 13), reals[0])
    start = x % 13 + 1 - j if x % 13 else (1 if j == 0 else 14 - j)  # a 1 last is 14
    return start, reals[0][0]


def _needs_okey_below(block: Sequence[int], okey: int) -> bool:
    """A run block that okey-solver-py cannot generate: it starts runs at a real tile
    (its false jokers are okeys) and grows them upwards to 14 at most, so the okeys below
    the first real tile must fit above the run's top. One tile and two okeys is fine: it
    generates that as a group."""
    n_real = sum(1 for x in block if x not in (okey, FALSE_JOKER))
    if not n_real or block[0] not in (okey, FALSE_JOKER) or (n_real == 1 and len(block) == 3):
        return False
    start, first = _run_start(block, okey)
    return start + first + len(block) - 1 > 14


def _their_score(blocks: Sequence[Sequence[int]], okey: int) -> int:
    """okey-solver-py's objective for one of our layouts, read as it would generate the
    same melds: the face values of the melded tiles with each okey (or false joker, an
    okey for them) counted as the tile it stands for. A run starts at its first real
    tile, its okeys above (14 counts 1); one tile and two okeys is a group or a run, the
    higher."""
    total = 0
    wild = (okey, FALSE_JOKER)
    for b in blocks:
        if len(b) < 3:
            continue
        reals = [x for x in b if x not in wild]
        if not reals:
            continue
        best = 0
        if is_group(b, okey):
            best = (reals[0] % 13 + 1) * len(b)
        if is_run(b, okey) or len(reals) == 1:
            start, first = _run_start(b, okey)
            p0 = start + first
            if len(reals) == 1 and p0 + len(b) - 1 > 14:
                p0 = 15 - len(b)  # as a run it could not start at its tile: ignore
            best = max(best, sum((p0 + j - 1) % 13 + 1 for j in range(len(b))))
        total += best
    return total


# ---------------------------------------------------------------- the run


def seri_diz(hand: Sequence[int], indicator: int) -> Arrangement:
    """Seri diz through the public API, as a library user calls it."""
    return solve(hand, indicator).arrangement


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="random hands (10000)")
    parser.add_argument("--adversarial", type=int, default=1_000, help="dense hands (1000)")
    parser.add_argument("--seed", default="kahvehane-bench-1", help="deal seed")
    parser.add_argument("--repeat", type=int, default=3, help="runs per hand, fastest kept (3)")
    parser.add_argument(
        "--dense-repeat",
        type=int,
        default=5,
        help="runs of ours per adversarial hand, fastest kept (5): its maximum is a target,"
        " and a maximum is what load on the machine spoils first",
    )
    parser.add_argument(
        "--their-adversarial",
        type=int,
        default=200,
        help="adversarial hands given to okey-solver-py, once each (200; they take up to"
        " seconds each)",
    )
    parser.add_argument("--no-theirs", action="store_true", help="time ours only")
    args = parser.parse_args(argv)

    print(f"okey solver benchmark, {datetime.date.today().isoformat()}")
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} CPUs,"
        f" {platform.system()} {platform.release()}, Python {platform.python_version()}"
    )
    hands = random_hands(args.hands, args.seed)
    dense = adversarial_hands(args.adversarial, args.seed)
    okeys = Counter(h.count(okey_of(ind)) for h, ind in hands)
    jokers = sum(1 for h, _ in hands if FALSE_JOKER in h)
    print(
        f"random set: {len(hands)} hands (0/1/2 okeys: {okeys[0]}/{okeys[1]}/{okeys[2]},"
        f" {jokers} with a false joker); adversarial set: {len(dense)} hands;"
        f" seed {args.seed!r}; fastest of {args.repeat} runs per hand"
        f" ({args.dense_repeat} for ours on the adversarial set)"
    )

    ours_t, arrs = time_all(
        [partial(best_arrangement, h, okey_of(ind)) for h, ind in hands], args.repeat
    )
    ours_v = [arr.unmatched_sum for arr in arrs]
    ours_b = [arr.blocks for arr in arrs]
    dense_t, _ = time_all(
        [partial(best_arrangement, h, okey_of(ind)) for h, ind in dense], args.dense_repeat
    )

    public_t, sols = time_all([partial(seri_diz, h, ind) for h, ind in hands], args.repeat)
    if [arr.unmatched_sum for arr in sols] != ours_v:
        print("kahvehane.okey.solve and best_arrangement disagree")
        return 1
    public_dense_t, _ = time_all([partial(seri_diz, h, ind) for h, ind in dense],
                                 args.dense_repeat)

    rows = [("kahvehane", stats(ours_t), stats(dense_t)),
            ("kahvehane.okey.solve", stats(public_t), stats(public_dense_t))]
    ours_rows = 2
    theirs: list[Theirs] = []
    if not args.no_theirs:
        try:
            from okey_solver import create_standard_okey_solver
        except ImportError:
            print("okey-solver-py is not installed: pip install -e '.[bench]' (or --no-theirs)")
            return 2
        for strategy in ("backtracking", "ilp"):
            th = Theirs(strategy, create_standard_okey_solver(strategy))
            solve = th.engine.find_best_arrangement
            calls = [partial(solve, *their_tiles(h, ind)) for h, ind in hands]
            th.times, results = time_all(calls, args.repeat)
            for (h, ind), arr in zip(hands, results, strict=True):
                value, melds = their_result(h, okey_of(ind), arr)
                th.values.append(value)
                th.scores.append(arr.totalScore)
                th.layouts.append(melds)
            some = dense[: args.their_adversarial]
            calls = [partial(solve, *their_tiles(h, ind)) for h, ind in some]
            dense_times, _ = time_all(calls, 1)
            theirs.append(th)
            rows.append((f"okey-solver-py {strategy}", stats(th.times), stats(dense_times)))

    print()
    print(f"{'solver':<30}{'random: median':>16}{'p99':>10}{'max':>10}"
          f"{'adversarial: median':>22}{'p99':>10}{'max':>10}   (ms per solve)")
    for name, (m, p, x), (dm, dp, dx) in rows:
        print(f"{name:<30}{m:>16.3f}{p:>10.3f}{x:>10.3f}{dm:>22.3f}{dp:>10.3f}{dx:>10.3f}")
    if theirs:
        print(f"(okey-solver-py on the first {min(args.their_adversarial, len(dense))}"
              " adversarial hands, one run each)")
    o_med, o_p99, _ = rows[0][1]
    s_med = rows[1][1][0]
    adv_max = rows[0][2][2]
    print(f"kahvehane.okey.solve / best_arrangement at the median: {s_med / o_med:.2f}x the time")
    if not theirs:
        print(f"okey-solver: median-speedup=nan p99-speedup=nan adversarial-max-ms={adv_max:.3f}"
              " agreement=nan% solve-median-speedup=nan")
        return 0

    print()
    for name, (m, p, _), _ in rows[ours_rows:]:
        print(f"speed-up vs {name}: median {m / o_med:.1f}x, p99 {p / o_p99:.1f}x"
              f" (kahvehane.okey.solve: median {m / s_med:.1f}x)")
    best_med = min(r[1][0] for r in rows[ours_rows:])
    best_p99 = min(r[1][1] for r in rows[ours_rows:])
    fastest = min(theirs, key=lambda th: statistics.median(th.times))

    unexplained = 0
    agreement = 0.0
    for th in theirs:
        reasons: Counter[str] = Counter()
        examples: dict[str, str] = {}
        same = 0
        for k, ((h, ind), ours, theirs_v) in enumerate(zip(hands, ours_v, th.values, strict=True)):
            if ours == theirs_v:
                same += 1
                continue
            why = explain(h, ind, ours, ours_b[k], theirs_v, th.layouts[k], th.scores[k])
            reasons[why] += 1
            examples.setdefault(
                why,
                f"hand {k}: {' '.join(tile_name(x) for x in sorted(h))}, okey"
                f" {tile_name(okey_of(ind))}: ours {ours}, theirs {theirs_v}",
            )
        pct = 100.0 * same / len(hands)
        print(f"\nagreement with okey-solver-py {th.strategy}: {same}/{len(hands)} = {pct:.2f}%")
        for why, n in reasons.most_common():
            print(f"  {n:5d}  {why}\n         e.g. {examples[why]}")
        unexplained += reasons["UNEXPLAINED"]
        if th is fastest:
            agreement = pct
    print(f"\nunexplained disagreements: {unexplained}")
    print(
        f"okey-solver: median-speedup={best_med / o_med:.1f} p99-speedup={best_p99 / o_p99:.1f}"
        f" adversarial-max-ms={adv_max:.3f} agreement={agreement:.2f}%"
        f" solve-median-speedup={best_med / s_med:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
