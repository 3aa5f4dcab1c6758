"""Benchmark of the bots' strength (issue 19), section Okey: the Okey search bot
against three heuristic bots, in Düz and in KDV.

Run from the repository root::

    .venv/bin/python bench/bots.py                  # the count recorded in RESULTS.md
    .venv/bin/python bench/bots.py --matches 2000   # the issue's full run (hours here)

Each game plays ``--matches`` matches of ``--deals`` (5) deals with ``kahvehane
simulate``'s machinery (:func:`kahvehane.simulate.simulate`): one ``search`` seat and
three ``heuristic`` seats, the bots rotated over the seats match by match, every match
from its own seed (``f"{seed}:{k}"``), so any match replays exactly; ``--jobs`` worker
processes. Printed per game: the search bot's share of match wins with its 95% Wilson
interval against the fair 25%, its mean ranking points against the heuristic seats'
(rule 20: the points of the 5-deal table), the mean final tally of each, and the time of
every ``choose`` call of the search bot (median, p99, max) — a call is a searched
decision, a forced or obvious one (a left tile that joins nothing), or the answer after
its own arrange — and, from ``--timing-deals`` deals played in this process, the time
of the searched decisions alone. The last line is machine-readable::

    bots: okey-search-share=X kdv-search-share=Y
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kahvehane.simulate import Summary, simulate, wilson

GAMES = (("duz_okey", "okey"), ("kdv_okey", "kdv"))
SEARCH = "search"
HEURISTIC = "heuristic"


def _quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * (len(sorted_values) - 1)))]


def report(summary: Summary) -> float:
    """Print one game's figures; the search bot's share of wins."""
    search = summary.rows[SEARCH]
    heur = summary.rows[HEURISTIC]
    lo, hi = wilson(search.wins, search.matches)
    share = search.win_rate()
    verdict = "above" if lo > 0.25 else ("below" if hi < 0.25 else "not clear of")
    print(f"{summary.game}: {summary.matches} matches of {summary.options['deals']} deals,"
          f" {summary.seconds:.0f} s ({summary.seconds / summary.matches:.1f} s a match)")
    print(f"  search wins {search.wins}/{search.matches} = {share:.3f}"
          f"  95% CI {lo:.3f}–{hi:.3f}  ({verdict} the fair 0.250)")
    print(f"  mean ranking points: search {statistics.fmean(search.points):+.3f},"
          f" heuristic {statistics.fmean(heur.points):+.3f} (per seat)")
    print(f"  mean final tally (lower wins): search {statistics.fmean(search.totals):.1f},"
          f" heuristic {statistics.fmean(heur.totals):.1f}")
    t = sorted(search.times)
    h = sorted(heur.times)
    print(f"  search choose(): {len(t)} calls, median {1000 * statistics.median(t):.1f} ms,"
          f" p99 {1000 * _quantile(t, 0.99):.1f} ms, max {1000 * t[-1]:.1f} ms")
    print(f"  heuristic choose(): median {1000 * statistics.median(h):.2f} ms,"
          f" p99 {1000 * _quantile(h, 0.99):.2f} ms")
    incomplete = f", {summary.incomplete} unfinished" if summary.incomplete else ""
    print(f"  draws (shared first place): {summary.draws}{incomplete}")
    return share


def searched_times(game: str, deals: int, seed: str) -> tuple[list[float], int]:
    """The time of every searched decision of the search bot (seat 0, three heuristic
    seats) over ``deals`` deals played in this process, and the number of its
    ``choose`` calls: the simulation's times mix searched and unsearched calls."""
    from kahvehane.bots import make_bot
    from kahvehane.bots.okey_search import OkeyPlan
    from kahvehane.bots.search import SearchBot
    from kahvehane.match import Match

    m = Match(game, {"deals": 5}, seed=seed)
    bots = [make_bot(game, SEARCH if s == 0 else HEURISTIC, s, random.Random(f"{seed}:{s}"),
                     m.options) for s in range(4)]
    search = bots[0]
    assert isinstance(search, SearchBot) and isinstance(search.plan, OkeyPlan)
    times: list[float] = []
    calls = 0
    while not m.complete and len(m.deals) < deals:
        d = m.deal()
        while not d.is_over:
            seat = d.to_act[0]
            view, legal = d.view(seat), d.legal_actions(seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal)
            if seat == 0:
                calls += 1
                if search.plan.searched:
                    times.append(time.perf_counter() - t0)
            m.apply(action)
    return times, calls


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=100,
                        help="matches per game (the issue asks 2000)")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="bench-19")
    parser.add_argument("--timing-deals", type=int, default=20,
                        help="deals played to time the searched decisions alone")
    parser.add_argument("--search", default=SEARCH,
                        help="the search bot's spec, e.g. search:time=0.2")
    args = parser.parse_args(argv)
    print(f"# bench/bots.py {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC,"
          f" {platform.python_version()}, {os.cpu_count()} cores,"
          f" load {os.getloadavg()[0]:.1f}, {args.matches} matches per game,"
          f" --jobs {args.jobs}, seed {args.seed!r}, bot {args.search!r}")
    shares: dict[str, float] = {}
    for game, key in GAMES:
        start = time.perf_counter()
        summary = simulate(game, [args.search, HEURISTIC, HEURISTIC, HEURISTIC],
                           matches=args.matches, seed=f"{args.seed}:{game}", jobs=args.jobs,
                           options={"deals": args.deals}, progress=False)
        if args.search != SEARCH:  # rows are keyed by spec
            summary.rows[SEARCH] = summary.rows.pop(args.search)
        shares[key] = report(summary)
        t, calls = searched_times(game, args.timing_deals, f"{args.seed}:{game}:timing")
        t.sort()
        print(f"  searched decisions ({args.timing_deals} deals in one process): {len(t)} of"
              f" {calls} calls, median {1000 * statistics.median(t):.1f} ms,"
              f" p99 {1000 * _quantile(t, 0.99):.1f} ms, max {1000 * t[-1]:.1f} ms")
        print(f"  (wall {time.perf_counter() - start:.0f} s)")
    print(f"bots: okey-search-share={shares['okey']:.3f} kdv-search-share={shares['kdv']:.3f}")


if __name__ == "__main__":
    main()
