"""How fast is Casino's ``legal_actions`` on a crowded table?

Usage (one command; ~10 s)::

    .venv/bin/python bench/casino_legal.py [--tables 200] [--loose 20] [--builds 2] [--seed 1]

For each game (Casino, Royal Casino, Royal with nordic_specials) it builds ``--tables``
random positions: the player to act holds 4 cards, the table holds ``--loose`` loose cards
and ``--builds`` single builds owned by the opponent. It times one ``legal_actions`` call
per position with the value-level caches cleared first (a table the engine has never
seen), then again warm (a bot asking twice), and prints the median, the 10th/90th
percentiles and the maximum, with the number of actions listed. Times are CPU time of
this process (``time.process_time``), so that other load on the machine distorts them
less than wall-clock time would. Real tables rarely exceed ten cards; 20 loose cards is
a stress case.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kahvehane.games.casino import CASINO, ROYAL_CASINO, Build, CasinoDeal, packing
from kahvehane.games.casino.rules import CasinoRules


def clear_caches() -> None:
    for fn in (packing.value_multisets, packing._closure, packing.capture_packings,
               packing.build_packings):
        fn.cache_clear()


def make_table(rules: CasinoRules, options: dict[str, object], rng: random.Random,
               loose_count: int, build_count: int) -> CasinoDeal:
    rs = rules.variant(rules.parse_options({"players": 2, **options}))
    deck = list(range(52))
    rng.shuffle(deck)
    hand = [deck.pop() for _ in range(4)]
    other = [deck.pop() for _ in range(4)]
    builds: list[Build] = []
    spare: list[int] = []
    while len(builds) < build_count and len(deck) >= 2:
        a, b = deck.pop(), deck.pop()
        va, vb = rs.table_value(a), rs.table_value(b)
        if va and vb and va + vb <= rs.max_value and all(x.value != va + vb for x in builds):
            builds.append(Build(va + vb, "single", 1, (a, b)))
        else:
            spare += [a, b]
    deck += spare
    loose = deck[:loose_count]
    return rules.deal_class.from_position(rs, [hand, other], loose, builds, turn=0)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--loose", type=int, default=20)
    parser.add_argument("--builds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"legal_actions, {args.tables} tables of {args.loose} loose cards + "
          f"{args.builds} builds, 4 cards in hand (CPU ms; actions listed)")
    cases: list[tuple[str, CasinoRules, dict[str, object]]] = [
        ("casino", CASINO, {}),
        ("royal_casino", ROYAL_CASINO, {}),
        ("royal_casino nordic", ROYAL_CASINO, {"nordic_specials": True}),
    ]
    for label, rules, options in cases:
        rng = random.Random(args.seed)
        cold: list[float] = []
        warm: list[float] = []
        counts: list[int] = []
        for _ in range(args.tables):
            state = make_table(rules, options, rng, args.loose, args.builds)
            clear_caches()
            t0 = time.process_time()
            listed = state.legal_actions(0)
            t1 = time.process_time()
            state.legal_actions(0)
            t2 = time.process_time()
            cold.append((t1 - t0) * 1000)
            warm.append((t2 - t1) * 1000)
            counts.append(len(listed))
        print(
            f"  {label:<20} cold median {statistics.median(cold):6.1f}"
            f"  p10 {pct(cold, 0.1):6.1f}  p90 {pct(cold, 0.9):6.1f}  max {max(cold):6.1f}"
            f" | warm median {statistics.median(warm):6.1f}"
            f" | actions median {statistics.median(counts):5.0f}  max {max(counts)}"
        )


if __name__ == "__main__":
    main()
