"""The views a move sends: the salon's per-move view texts, in parts or whole.

    .venv/bin/python bench/views.py [--positions 200] [--rounds 7]

After every move the salon sends each seat its view as JSON text. This times, for every
game, on the same positions in the same run, making the view texts of all the seats of
one position:

* **parts** (the salon's way, ``Table._state_text``): ``dumps(public_view())`` once,
  then per seat ``dumps(own_view(seat))`` joined to it as text (``join_objects``);
* **whole** (the reference, the salon's way before 2026-12-01): ``dumps(view(seat))``
  per seat.

Positions are taken from random legal play (seeded): every deal state a move reaches,
up to ``--positions`` per game. Printed: microseconds per position (all seats), median
and spread over ``--rounds`` rounds (the two ways alternate), and whole / parts. CPU
time (``time.process_time``), one process, so other jobs on the machine matter less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import orjson

from kahvehane.games import GAME_NAMES
from kahvehane.games.base import DealState
from kahvehane.match import Match
from kahvehane.server.protocol import dumps, join_objects

OPTIONS = {"casino": {"players": 4}, "royal_casino": {"players": 4}}


def positions(game: str, count: int, seed: int) -> list[DealState]:
    """``count`` positions of random legal play (copies), from as many deals as needed."""
    rng = random.Random(seed)
    out: list[DealState] = []
    while len(out) < count:
        match = Match(game, OPTIONS.get(game, {}), seed=rng.randrange(2**32))
        state = match.deal()
        while not state.is_over and len(out) < count:
            match.apply(rng.choice(state.legal_actions(state.to_act[0])))
            out.append(state.copy())
    return out


def whole(state: DealState) -> list[str]:
    return [dumps(state.view(seat)) for seat in range(state.num_seats)]


def parts(state: DealState) -> list[str]:
    public = dumps(state.public_view())
    return [join_objects(public, f'{{"seat":{seat}}}', dumps(state.own_view(seat)))
            for seat in range(state.num_seats)]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--rounds", type=int, default=7)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    ways: dict[str, Callable[[DealState], list[str]]] = {"whole": whole, "parts": parts}
    print(f"views: {args.positions} positions per game, {args.rounds} rounds;"
          " µs per position (all seats)")
    for game in sorted(GAME_NAMES):
        states = positions(game, args.positions, args.seed)
        for state in states[:20]:  # the two ways give the same views
            assert [orjson.loads(t) for t in whole(state)] == [orjson.loads(t)
                                                                for t in parts(state)]
        per: dict[str, list[float]] = {name: [] for name in ways}
        for _ in range(args.rounds):
            for name, fn in ways.items():
                t0 = time.process_time()
                for state in states:
                    fn(state)
                per[name].append(1e6 * (time.process_time() - t0) / len(states))
        med = {name: statistics.median(v) for name, v in per.items()}
        spread = "  ".join(f"{name} {med[name]:6.1f} ({min(v):.1f}–{max(v):.1f})"
                           for name, v in per.items())
        print(f"  {game:13s} {spread}  whole/parts = {med['whole'] / med['parts']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
