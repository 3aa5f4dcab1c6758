"""Random-legal-play throughput of the engines, with OpenSpiel as the reference.

For every game: deals per second on one core, where a deal is the chance step (a
uniformly random order of the deck from the bench's ``random.Random``, dealt by
``setup_from_order`` and checked by ``new_deal``) followed by uniformly random legal
actions through ``legal_actions`` and ``apply`` until the deal is over. OpenSpiel's
loop samples its chance outcomes from the same kind of generator, so both sides pay for
their own deal the same way. The server's provably fair SHA-256 shuffle
(``derive_setup``) is a cost of fairness, not of the rules engine: it is timed on its
own and printed per game (``sha256 deal``). The time
inside ``legal_actions`` is measured too, in a separate shorter pass so that the clock
reads stay out of the timed loop, because that is what dominates Okey (its finish check
runs the hand solver for every tile of a 15-tile rack).

In the same run, OpenSpiel's ``spades`` and ``gin_rummy`` through ``pyspiel`` (PyPI
``open-spiel``, the ``bench`` extra) play random games the same way — chance outcomes
sampled, uniform random legal actions — as the references. The last line is::

    engines: koz_maca/spades=X okey/gin_rummy=Y

the ratios of deals per second (Okey is ``duz_okey``; ``kdv_okey`` is the same engine),
each the median of six rounds in which the two sides take turns (:func:`interleaved_ratio`;
the line before it shows the rounds), so that a change of the machine's load during the
run does not favour one side. The ratios of the one-after-another per-game figures are
printed too (``sequential ratios``).
Targets (issue 6): koz_maca/spades ≥ 1.5, okey/gin_rummy ≥ 2.

Koz Maça runs its compiled hot path (``kahvehane/games/koz_maca/_core.pyx``) when it is
built, as ``make`` does; the first line says which. ``KAHVEHANE_PURE_PYTHON=1`` times the
pure-Python engine instead.

Usage: ``python bench/engines.py [--seconds S]`` (default 5 seconds per game).
``--drift T`` instead times Koz Maça and spades in alternating 1.5-second slices for
``T`` seconds and prints each pair with the time since the start: how the ratio moves
with the machine's state (bench/RESULTS.md).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time

from kahvehane.games import get_game
from kahvehane.games.koz_maca import COMPILED
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
    """(deals/s, actions per deal, share of the time spent in legal_actions).

    The deals/s loop (:func:`play`) is bare, like OpenSpiel's: timing every
    ``legal_actions`` call would add two clock reads per action to our side only. The
    share of ``legal_actions`` is measured in a separate, shorter pass
    (:func:`legal_share`).
    """
    rate, per = play(game, raw, seconds)
    return rate, per, legal_share(game, raw, min(1.0, seconds / 5))


def play(game: str, raw: dict[str, object], seconds: float,
         seed: int = 6) -> tuple[float, float]:
    """(deals/s, actions per deal) of random legal play from the deals of ``seed`` (each
    timed slice gets its own seed, so no slice replays deals an earlier one played)."""
    rules = get_game(game)
    options = rules.parse_options(raw)
    rng = random.Random(seed)
    clock = time.perf_counter
    deals = actions = 0
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
            legal = state.legal_actions(seat)
            state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
        deals += 1
    elapsed = clock() - start
    return deals / elapsed, actions / deals


def legal_share(game: str, raw: dict[str, object], seconds: float) -> float:
    """Share of a random deal's time spent inside ``legal_actions`` (the same loop as
    :func:`play`, with every ``legal_actions`` call timed)."""
    rules = get_game(game)
    options = rules.parse_options(raw)
    rng = random.Random(7)
    clock = time.perf_counter
    in_legal = 0.0
    deck = rules.canonical_deck()
    seats = rules.num_seats(options)
    start = clock()
    while clock() - start < seconds:
        order = list(deck)
        rng.shuffle(order)
        setup = rules.setup_from_order(options, order, int(rng.random() * seats), [])
        state = rules.new_deal(options, setup, [])
        while not state.is_over:
            seat = state.to_act[0]
            t0 = clock()
            legal = state.legal_actions(seat)
            in_legal += clock() - t0
            state.apply(legal[int(rng.random() * len(legal))])
    return in_legal / (clock() - start)


def sha256_deal_us(game: str, raw: dict[str, object], count: int = 300) -> float:
    """Microseconds per seeded SHA-256 deal set-up (``derive_setup``), for comparison."""
    rules = get_game(game)
    options = rules.parse_options(raw)
    start = time.perf_counter()
    for n in range(count):
        derive_setup(rules, options, f"bench:{n}", 0, [])
    return (time.perf_counter() - start) / count * 1e6


def openspiel(name: str, seconds: float, seed: int = 6) -> tuple[float, float]:
    """(games/s, actions per game) of random play through pyspiel's Python API."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game(name)
    rng = random.Random(seed)
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


def interleaved_ratio(
    game: str, raw: dict[str, object], reference: str, seconds: float, rounds: int = 6
) -> tuple[float, list[float]]:
    """The median, over ``rounds`` rounds, of our deals/s over OpenSpiel's games/s, each
    side timed for ``seconds / rounds`` per round, taking turns to go first; and the
    ratios of the rounds.

    The per-game figures are timed one game after another, tens of seconds apart, so on a
    shared machine a change of load between them moves their ratio; alternating short
    slices lets such a change hit both sides alike.
    """
    part = seconds / rounds
    ratios: list[float] = []
    for k in range(rounds):
        seed = 100 + k  # fresh deals in every slice: none replays what was played before
        if k % 2:
            theirs = openspiel(reference, part, seed)[0]
            mine = play(game, raw, part, seed)[0]
        else:
            mine = play(game, raw, part, seed)[0]
            theirs = openspiel(reference, part, seed)[0]
        ratios.append(mine / theirs)
    return statistics.median(ratios), ratios


def drift(seconds: float, part: float = 1.5) -> int:
    """Koz Maça and spades in alternating slices of ``part`` seconds, fresh deals each."""
    print(f"Koz Maça's hot path: {'compiled (_core.pyx)' if COMPILED else 'pure Python'}")
    start = time.perf_counter()
    k = 0
    while time.perf_counter() - start < seconds:
        mine = play("koz_maca", {}, part, 500 + k)[0]
        theirs = openspiel("spades", part, 500 + k)[0]
        print(f"{time.perf_counter() - start:6.1f} s  koz_maca {mine:8.0f} deals/s"
              f"  spades {theirs:8.0f} games/s  ratio {mine / theirs:.2f}", flush=True)
        k += 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per game (5)")
    parser.add_argument("--drift", type=float, default=0.0,
                        help="time Koz Maça and spades in turns for this long instead")
    args = parser.parse_args()
    if args.drift:
        return drift(args.drift)
    core = "compiled (_core.pyx)" if COMPILED else "pure Python"
    print(f"python {platform.python_version()} on {platform.machine()}, one core,"
          f" {args.seconds:g} s per game; Koz Maça's hot path: {core}")
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
    print(f"sequential ratios: koz_maca/spades={rates['koz_maca'] / rates['spades']:.3f}"
          f" okey/gin_rummy={rates['duz_okey'] / rates['gin_rummy']:.3f}", flush=True)
    km, km_rounds = interleaved_ratio("koz_maca", {}, "spades", args.seconds)
    okey, okey_rounds = interleaved_ratio("duz_okey", {}, "gin_rummy", args.seconds)
    print("interleaved rounds: koz_maca/spades " + " ".join(f"{r:.2f}" for r in km_rounds)
          + ", okey/gin_rummy " + " ".join(f"{r:.2f}" for r in okey_rounds), flush=True)
    print(f"engines: koz_maca/spades={km:.3f} okey/gin_rummy={okey:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
