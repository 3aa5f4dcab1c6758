"""The trained baseline's strength by duplicate deals (issue 36).

Each seeded deal of Düz Okey is played four times, the ``learned`` bot (A) in each seat
once and the opponent kind (B) in the three others, so every hand is played by A exactly
once and the luck of the deal cancels. Per deal: A's score minus the mean score of the B
seats (scores as rewards: a tally's decrease, docs/rules/okey.md rules 23–26), averaged
over the four rotations, reported as a mean with its 95% Student interval; and the
share of the plays A wins (finishes the deal) against the fair 1/4, with a 95% Wilson
interval. The same method as the bots' duplicate harness (docs/bots.md), written here
so that this benchmark does not wait for it.

Usage: ``nice -n 10 .venv/bin/python bench/baseline_strength.py --deals 100
--opponents random,heuristic`` (the last line: ``baseline: vs-random=D [lo, hi]
win=W vs-heuristic=…``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time

from kahvehane.bots import make_bot
from kahvehane.games.okey.actions import Arrange
from kahvehane.match import Match

#: Student's t at 97.5% for small samples (df ≥ 30 uses the normal 1.96 + 2.4/df).
T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
        10: 2.23, 15: 2.13, 20: 2.09, 25: 2.06}


def t975(df: int) -> float:
    if df >= 30:
        return 1.96 + 2.4 / df
    return T975[max(k for k in T975 if k <= df)]


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(game: str, seed: str, a_seat: int, a: str, b: str) -> tuple[list[int], int | None]:
    """Deal 0 of ``seed`` with A at ``a_seat``: the deal's scores and its finisher."""
    match = Match(game, {}, seed=seed)
    bots = [make_bot(game, a if s == a_seat else b, s, random.Random(f"{seed}:{s}"),
                     match.options) for s in range(4)]
    state = match.deal()
    while not state.is_over:
        seat = state.to_act[0]
        choice = bots[seat].choose(state.view(seat), state.legal_actions(seat))
        match.apply(choice)
        if isinstance(choice, Arrange):
            continue
    result = match.history[-1]
    return list(result.scores), result.detail.get("finisher")


def duplicate(game: str, a: str, b: str, deals: int, seed: str) -> dict[str, float]:
    diffs: list[float] = []
    wins = plays = 0
    for k in range(deals):
        per_deal = []
        for r in range(4):
            scores, finisher = play(game, f"{seed}:{k}", r, a, b)
            mine = -scores[r]
            others = statistics.fmean(-scores[s] for s in range(4) if s != r)
            per_deal.append(mine - others)
            wins += finisher == r
            plays += 1
        diffs.append(statistics.fmean(per_deal))
    mean = statistics.fmean(diffs)
    half = t975(len(diffs) - 1) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    lo, hi = wilson(wins, plays)
    return {"diff": mean, "lo": mean - half, "hi": mean + half, "win": wins / plays,
            "win_lo": lo, "win_hi": hi, "plays": plays}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="duz_okey")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--opponents", default="random,heuristic")
    parser.add_argument("--bot", default="learned", help="A, the bot measured")
    parser.add_argument("--seed", default="baseline36")
    args = parser.parse_args(argv)
    parts = []
    for b in args.opponents.split(","):
        start = time.perf_counter()
        r = duplicate(args.game, args.bot, b, args.deals, args.seed)
        print(f"{args.bot} vs {b} on {args.game}, {args.deals} deals x 4 seats:"
              f" A - B per deal {r['diff']:+.2f} [95% {r['lo']:+.2f}, {r['hi']:+.2f}];"
              f" A won {r['win']:.3f} of its {r['plays']:.0f} plays"
              f" [95% {r['win_lo']:.3f}, {r['win_hi']:.3f}] (fair 0.25);"
              f" {time.perf_counter() - start:.0f} s", flush=True)
        parts.append(f"vs-{b}={r['diff']:+.2f} [{r['lo']:+.2f}, {r['hi']:+.2f}]"
                     f" win={r['win']:.3f}")
    print("baseline: " + " ".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
