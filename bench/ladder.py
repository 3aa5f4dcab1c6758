"""The bot ladder of every game and the bots' decision times (issue 19).

For each of the six games, ``kahvehane ladder`` with every bot kind the game has
(:func:`kahvehane.bots.bot_kinds`: random, heuristic, tempered, and search where there is
one), at the game's default options and smallest table, seeded: the openskill ratings
with their ±2σ intervals, matches and wins, and each kind's decision times (median and
99th percentile of every ``choose`` call, wall clock, timed alone by the simulator while
the ladder runs). Wall-clock times grow with the machine's load (two jobs, and other
people's work on two cores), so the search bot's decisions are also timed in CPU time
(:func:`cpu_times`, ``--cpu-matches`` matches against the heuristic, one process), and
the targets of its default budgets — median ≤ 200 ms, p99 ≤ 500 ms per decision with a
choice — are checked on those, printed, never asserted.

Run from the repository root (about 20 minutes on the 2-core machine with 2 jobs)::

    .venv/bin/python bench/ladder.py --jobs 2

``--scale 0.25`` plays a quarter of the matches (a quick look). Each game's table is
what ``kahvehane ladder GAME --matches N --jobs 2 --seed bench19`` prints (the command is
printed with it). The JSON of every ladder goes to ``bench/results/ladder.json``. Last
line: ``ladder: games=6``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kahvehane.bots import bot_kinds, make_bot
from kahvehane.ladder import ladder, render_ladder
from kahvehane.simulate import table_for

#: Matches per game: a multiple of the seats times the lineups, so every lineup sits in
#: every rotation equally often (4 kinds at 2 seats: 6 pairs; 4 kinds at 4 seats: one
#: lineup; Okey's 4 kinds — with search — at 4 seats: one lineup too).
MATCHES = {
    "duz_okey": 48,
    "kdv_okey": 48,
    "koz_maca": 48,
    "balayi_kingi": 72,
    "casino": 96,
    "royal_casino": 48,
}
MEDIAN_TARGET_MS = 200.0
P99_TARGET_MS = 500.0


def cpu_times(game: str, kind: str, matches: int, seed: str) -> tuple[float, float, int]:
    """Median and p99 CPU milliseconds (``time.process_time``) of ``kind``'s decisions
    with a choice, in ``matches`` matches of ``kind`` against the heuristic (seats
    rotated): what a decision costs on a core of its own, whatever the machine's load
    does to the ladder's wall-clock times."""
    import random
    import statistics

    from kahvehane.match import Match

    options, seats = table_for(game, {}, 2)
    times: list[float] = []
    for k in range(matches):
        lineup = [kind if (s + k) % seats == 0 else "heuristic" for s in range(seats)]
        match = Match(game, options, seed=f"{seed}:cpu:{k}")
        bots = [make_bot(game, lineup[s], s, random.Random(f"{seed}:{k}:{s}"), match.options)
                for s in range(seats)]
        while not match.complete and len(match.deals) < 200:
            state = match.deal()
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                view = state.view(seat)
                t0 = time.process_time()
                action = bots[seat].choose(view, legal)
                if lineup[seat] == kind and len(legal) > 1:
                    times.append(time.process_time() - t0)
                match.apply(action)
    t = sorted(times)
    return 1000 * statistics.median(t), 1000 * t[int(0.99 * (len(t) - 1))], len(t)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", default="bench19")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="play this share of each game's matches (1.0)")
    ap.add_argument("--games", default=",".join(MATCHES),
                    help="comma separated (all six)")
    ap.add_argument("--out", default="bench/results/ladder.json")
    ap.add_argument("--cpu-matches", type=int, default=4,
                    help="matches of search against the heuristic timed in CPU time (4)")
    args = ap.parse_args()
    games = [g for g in args.games.split(",") if g]
    out: dict[str, object] = {}
    started = time.perf_counter()
    for game in games:
        matches = max(1, round(MATCHES[game] * args.scale))
        result = ladder(game, matches=matches, seed=args.seed, jobs=args.jobs,
                        progress=False)
        print(f"$ kahvehane ladder {game} --matches {matches} --jobs {args.jobs}"
              f" --seed {args.seed}")
        print(render_ladder(result))
        entry = result.to_json()
        if "search" in bot_kinds(game) and args.cpu_matches:
            median, p99, n = cpu_times(game, "search", args.cpu_matches, args.seed)
            ok = median <= MEDIAN_TARGET_MS and p99 <= P99_TARGET_MS
            print(f"search CPU time per decision with a choice ({n} decisions in"
                  f" {args.cpu_matches} matches against the heuristic): median {median:.1f} ms,"
                  f" p99 {p99:.1f} ms; target (≤ {MEDIAN_TARGET_MS:.0f}, ≤"
                  f" {P99_TARGET_MS:.0f}): {'met' if ok else 'MISSED'}")
            entry["search_cpu_ms"] = {"median": median, "p99": p99, "decisions": n}
        print(flush=True)
        out[game] = entry
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as fh:
        json.dump(out, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    print(f"all ladders: {time.perf_counter() - started:.0f} s")
    print(f"ladder: games={len(out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
