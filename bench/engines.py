"""Random-legal-play throughput of the engines, with OpenSpiel as the reference.

For every game: deals per second on one core, where a deal is the chance step (a
uniformly random order of the deck from the bench's ``random.Random``, dealt by
``setup_from_order`` and checked by ``new_deal``) followed by uniformly random legal
actions through ``legal_actions`` and ``apply`` until the deal is over. OpenSpiel's
loop samples its chance outcomes from the same kind of generator, so both sides pay for
their own deal the same way. The server's provably fair SHA-256 shuffle
(``derive_setup``) is a cost of fairness, not of the rules engine: it is timed on its
own and printed per game (``sha256 deal``). The time
inside ``legal_actions`` is measured too, because that is what dominates Okey (its
finish check runs the hand solver for every tile of a 15-tile rack).

In the same run, OpenSpiel's ``spades`` and ``gin_rummy`` through ``pyspiel`` (PyPI
``open-spiel``, the ``bench`` extra) play random games the same way — chance outcomes
sampled, uniform random legal actions — as the references. The last line is::

    engines: koz_maca/spades=X okey/gin_rummy=Y

the ratios of deals per second (Okey is ``duz_okey``; ``kdv_okey`` is the same engine).
Targets (issue 6): koz_maca/spades ≥ 1.5, okey/gin_rummy ≥ 2.

Usage: ``python bench/engines.py [--seconds S]`` (default 5 seconds per game).
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time

from kahvehane.games import get_game
from kahvehane.match import derive_setup

GAMES: list[tuple[str, dict[str, object]]] = [
    ("koz_maca", {}),
    ("balayi_kingi", {}),
    ("casino", {"players": 2}),
    ("royal_casino", {"players": 2}),
    ("duz_okey", {}),
    ("kdv_okey", {}),
]


def ours(game: str, raw: dict[str, object], seconds: float) -> tuple[float, float, float]:
    """(deals/s, actions per deal, share of the time spent in legal_actions)."""
    rules = get_game(game)
    options = rules.parse_options(raw)
    rng = random.Random(6)
    clock = time.perf_counter
    deals = actions = 0
    in_legal = 0.0
    deck = rules.canonical_deck()
    seats = rules.num_seats(options)
    shuffle = rng.shuffle
    start = clock()
    while clock() - start < seconds:
        order = list(deck)
        shuffle(order)
        setup = rules.setup_from_order(options, order, int(rng.random() * seats), [])
        state = rules.new_deal(options, setup, [])
        while not state.is_over:
            seat = state.to_act[0]
            t0 = clock()
            legal = state.legal_actions(seat)
            in_legal += clock() - t0
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        deals += 1
    elapsed = clock() - start
    return deals / elapsed, actions / deals, in_legal / elapsed


def sha256_deal_us(game: str, raw: dict[str, object], count: int = 300) -> float:
    """Microseconds per seeded SHA-256 deal set-up (``derive_setup``), for comparison."""
    rules = get_game(game)
    options = rules.parse_options(raw)
    start = time.perf_counter()
    for n in range(count):
        derive_setup(rules, options, f"bench:{n}", 0, [])
    return (time.perf_counter() - start) / count * 1e6


def openspiel(name: str, seconds: float) -> tuple[float, float]:
    """(games/s, actions per game) of random play through pyspiel's Python API."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    rng = random.Random(6)
    clock = time.perf_counter
    games = actions = 0
    start = clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        games += 1
    elapsed = clock() - start
    return games / elapsed, actions / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per game (5)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core,"
          f" {args.seconds:g} s per game")
    rates: dict[str, float] = {}
    for game, raw in GAMES:
        rate, per, legal_share = ours(game, raw, args.seconds)
        rates[game] = rate
        print(f"{game:14s} {rate:10.1f} deals/s  {per:6.1f} actions/deal"
              f"  legal_actions {100 * legal_share:4.1f}% of the time"
              f"  (sha256 deal {sha256_deal_us(game, raw):5.1f} us)", flush=True)
    for name in ("spades", "gin_rummy"):
        rate, per = openspiel(name, args.seconds)
        rates[name] = rate
        print(f"{'openspiel ' + name:24s} {rate:10.1f} games/s  {per:6.1f} actions/game"
              " (chance steps included)", flush=True)
    print(f"engines: koz_maca/spades={rates['koz_maca'] / rates['spades']:.3f}"
          f" okey/gin_rummy={rates['duz_okey'] / rates['gin_rummy']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
