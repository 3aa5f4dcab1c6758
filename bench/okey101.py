"""101 Okey: engine throughput beside Düz Okey's, and the opening search's times.

**Engine.** Random legal play, as ``bench/engines.py`` measures every engine: a deal is a
uniformly random order of the 106 tiles dealt by ``setup_from_order`` and checked by
``new_deal``, then uniformly random legal actions through ``legal_actions`` and
``apply`` until the deal ends. ``okey_101`` and ``duz_okey`` take turns in rounds of
``--seconds`` each (so a change of the machine's load hits both), and the line::

    okey101 wall: okey_101=X deals/s duz_okey=Y deals/s ratio=R (rounds ...)

gives the medians and the median of the per-round ratios, by the wall clock and by
CPU time (the steadier figure on a shared machine). A random 101 deal almost
never opens (random discards rarely leave 101 in melds), so it mostly ends by pile out:
its cost is dominated by ``legal_actions``, which runs the opening search for the
player to act (and for the left take).

**Opening search.** :func:`kahvehane.games.okey_101.solver.best_opening` on 22-tile
hands: random hands from a shuffled set, and *dense* hands (all 22 tiles from two
colours' numbers 3–11 plus both okeys: many overlapping runs and groups, the search's
worst case). Median, p99 and worst per hand, in milliseconds, each hand searched cold
(the solver's cache of searched parts emptied first).

**Bots.** ``--bot-deals D`` seeded deals of the heuristic bot (two opposite seats,
which two alternating deal by deal) against random bots: each side's mean deal score
(lower is better) with a 95% interval of the paired difference per deal, and the
heuristic's decision time (``legal_actions`` plus ``choose``): median, p95 and worst.

**Legality.** ``--legal-deals L``: L seeded deals of every bot kind mixed at the table
(options varied deal by deal), every choice checked against the legal list and
``is_legal`` (the quick tier's ``tests/okey_101/test_bots_hidden.py`` plays a dozen).

Usage: ``python bench/okey101.py [--seconds S] [--rounds N] [--hands H] [--bot-deals D]
[--legal-deals L]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from kahvehane.games import get_game
from kahvehane.games.okey_101.solver import _solved, best_opening
from kahvehane.tiles import full_set, okey_of, tile


def play(game: str, seconds: float, seed: int) -> tuple[float, float]:
    """(deals per wall-clock second, deals per CPU second) of random legal play for
    ``seconds``."""
    rules = get_game(game)
    options = rules.parse_options({"deals": 3})
    rng = random.Random(seed)
    deck = rules.canonical_deck()
    start, cpu = time.perf_counter(), time.process_time()
    deals = 0
    while time.perf_counter() - start < seconds or deals == 0:
        order = list(deck)
        rng.shuffle(order)
        setup = rules.setup_from_order(options, order, rng.randrange(4), [])
        state = rules.new_deal(options, setup, [])
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(rng.choice(state.legal_actions(seat)))
        deals += 1
    return (deals / (time.perf_counter() - start),
            deals / max(1e-9, time.process_time() - cpu))


def engine(seconds: float, rounds: int) -> None:
    ours: list[tuple[float, float]] = []
    duz: list[tuple[float, float]] = []
    for r in range(rounds):
        ours.append(play("okey_101", seconds, seed=100 + r))
        duz.append(play("duz_okey", seconds, seed=200 + r))
    for i, clock in ((0, "wall"), (1, "cpu")):
        a = [x[i] for x in ours]
        b = [x[i] for x in duz]
        ratios = [p / q for p, q in zip(a, b, strict=True)]
        shown = " ".join(f"{p:.2f}/{q:.1f}" for p, q in zip(a, b, strict=True))
        print(f"okey101 {clock}: okey_101={statistics.median(a):.2f} deals/s "
              f"duz_okey={statistics.median(b):.1f} deals/s "
              f"ratio={statistics.median(ratios):.4f} (rounds okey_101/duz_okey: {shown})")


def dense_hand(rng: random.Random, okey: int) -> list[int]:
    pool = [tile(c, n) for c in rng.sample(range(4), 2) for n in range(3, 12)] * 2
    pool = [t for t in pool if t != okey]
    return [*rng.sample(pool, 20), okey, okey]


def random_hand(rng: random.Random) -> list[int]:
    tiles = full_set()
    rng.shuffle(tiles)
    return tiles[:22]


def timed(hands: list[list[int]], okey: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds per hand (on a shared machine the CPU time is
    the steadier figure: it leaves out the time other processes held the core)."""
    wall, cpu = [], []
    for hand in hands:
        _solved.cache_clear()  # cold: no part of this hand remembered from another
        t0, c0 = time.perf_counter(), time.process_time()
        best_opening(hand, okey)
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


def search(n: int) -> None:
    rng = random.Random(7)
    okey = okey_of(tile(0, 2))  # R3
    for name, hands in (("random", [random_hand(rng) for _ in range(n)]),
                        ("dense", [dense_hand(rng, okey) for _ in range(n)])):
        wall, cpu = timed(hands, okey)
        for clock, ms in (("wall", sorted(wall)), ("cpu", sorted(cpu))):
            p99 = ms[min(len(ms) - 1, int(0.99 * len(ms)))]
            print(f"opening search {name:6} {clock:4} hands={n} "
                  f"median-ms={statistics.median(ms):.2f} p99-ms={p99:.2f} "
                  f"worst-ms={ms[-1]:.2f}")


def bots(deals: int) -> None:
    from kahvehane.bots import make_bot
    from kahvehane.match import Match

    diffs: list[float] = []
    ours: list[float] = []
    theirs: list[float] = []
    times: list[float] = []
    for k in range(deals):
        m = Match("okey_101", {"deals": 3}, seed=f"bench-{k}")
        mine = {k % 2, k % 2 + 2}
        players = [make_bot("okey_101", "heuristic" if s in mine else "random", seat=s,
                            rng=random.Random(k * 4 + s)) for s in range(4)]
        state = m.deal()
        while not state.is_over:
            seat = state.to_act[0]
            t0 = time.perf_counter()
            action = players[seat].choose(state.view(seat), state.legal_actions(seat))
            if seat in mine:
                times.append((time.perf_counter() - t0) * 1000)
            m.apply(action)
        scores = state.result().scores  # type: ignore[union-attr]
        a = sum(scores[s] for s in mine) / 2
        b = sum(scores[s] for s in range(4) if s not in mine) / 2
        ours.append(a)
        theirs.append(b)
        diffs.append(a - b)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    mean = statistics.mean(diffs)
    times.sort()
    print(f"bots deals={deals} heuristic-mean={statistics.mean(ours):.1f} "
          f"random-mean={statistics.mean(theirs):.1f} "
          f"difference={mean:.1f} ({mean - half:.1f} to {mean + half:.1f}) "
          f"decision-ms median={statistics.median(times):.2f} "
          f"p95={times[int(0.95 * (len(times) - 1))]:.2f} worst={times[-1]:.2f}")


def legal(deals: int) -> None:
    """``deals`` seeded deals of every 101 bot kind (mixed at the table, the options
    that change the moves varied deal by deal), each choice checked against the legal
    list and ``is_legal``; an illegal one stops the run with its seed."""
    from kahvehane.bots import bot_kinds, make_bot
    from kahvehane.match import Match

    kinds = bot_kinds("okey_101")
    variants = [{}, {"pairs": True, "katlamali": True},
                {"katlamali": True, "end_limit": 1, "take_return_penalty": 101},
                {"pairs": True, "katlamali_partner": False, "elden": "same_turn"}]
    t0, actions = time.process_time(), 0
    for k in range(deals):
        m = Match("okey_101", {"deals": 3, **variants[k % 4]}, seed=f"legal-{k}")
        players = [make_bot("okey_101", kinds[(k + s) % len(kinds)], s,
                            random.Random(k * 4 + s), m.options) for s in range(4)]
        state = m.deal()
        while not state.is_over:
            seat = state.to_act[0]
            legal_now = state.legal_actions(seat)
            action = players[seat].choose(state.view(seat), legal_now)
            if action not in legal_now or not state.is_legal(action):
                raise SystemExit(f"illegal move in deal legal-{k}: {action}")
            m.apply(action)
            actions += 1
    print(f"legal deals={deals} actions={actions} illegal=0 "
          f"cpu-s={time.process_time() - t0:.1f} (kinds {', '.join(kinds)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--bot-deals", type=int, default=60)
    parser.add_argument("--legal-deals", type=int, default=0,
                        help="also play this many seeded bot deals checking every move")
    args = parser.parse_args()
    print(f"machine: {platform.python_implementation()} {platform.python_version()}")
    engine(args.seconds, args.rounds)
    search(args.hands)
    bots(args.bot_deals)
    if args.legal_deals:
        legal(args.legal_deals)


if __name__ == "__main__":
    main()
