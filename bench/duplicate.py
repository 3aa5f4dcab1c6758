"""Benchmark of the bots by duplicate deals (issue 35): the levels of every game, the
Okey search bot against the heuristic (and what each part of its table reading adds),
and partner play.

Run from the repository root (``nice -n 10`` on a shared machine)::

    .venv/bin/python bench/duplicate.py --suite levels --deals 200
    .venv/bin/python bench/duplicate.py --suite okey --deals 200 --jobs 2
    .venv/bin/python bench/duplicate.py --suite all --deals 200 --journal FILE

(``--journal`` names a gzipped JSON-lines file that keeps every finished deal, so that a
run stopped part way plays only the deals it lacks.)

Every comparison is :func:`kahvehane.bots.duplicate.run`: deal ``k`` of the seed played
once per rotation of the two bots over the seats (docs/bots.md, "Duplicate"). Printed
per comparison: the mean score difference per deal with its 95% interval, the plays won
by each bot against the fair share, and each bot's CPU time per decision (median, p95,
max). With ``--journal`` every finished deal is kept at once and a later run with the
same journal plays only the deals it lacks (a stopped run loses at most the deals in
progress). The last line is machine-readable::

    duplicate: clear=C of N comparisons
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kahvehane.bots.duplicate import DuplicateReport, journal_report, paired, run

#: (game, options, A, B): A is expected to be the stronger.
LEVELS = [(game, opts, a, b)
          for game, opts in [("duz_okey", {}), ("kdv_okey", {}), ("koz_maca", {}),
                             ("balayi_kingi", {}), ("casino", {"players": 2}),
                             ("royal_casino", {"players": 2})]
          for a, b in [("search", "heuristic"), ("heuristic", "tempered")]]
#: A bolder guard of the Okey search (it keeps the heuristic's move less often).
BOLD = "search:z=1;margin=0.02"
#: The Okey search bot against the heuristic, then with parts of its table reading left
#: out (``read=hard``: the hard facts only; ``read=table``: no KDV Ceza part).
OKEY = [("duz_okey", {}, "search", "heuristic"), ("kdv_okey", {}, "search", "heuristic"),
        ("duz_okey", {}, "search:read=hard", "heuristic"),
        ("kdv_okey", {}, "search:read=hard", "heuristic"),
        ("kdv_okey", {}, "search:read=table", "heuristic"),
        ("duz_okey", {}, BOLD, "heuristic"), ("kdv_okey", {}, BOLD, "heuristic")]
PARTNERS = [("duz_okey", {"pairs": True}, "search", "heuristic"),
            ("casino", {"players": 4, "partners": True}, "search", "heuristic")]
#: The gains measured pairwise on the same deals: each part of the Okey reading, and
#: the bolder guard.
PAIRED = [("search", "search:read=hard"), ("search", "search:read=table"),
          ("search:read=table", "search:read=hard"), (BOLD, "search")]
SUITES = {"levels": LEVELS, "okey": OKEY, "partners": PARTNERS,
          "all": LEVELS + OKEY[2:] + PARTNERS}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--suite", choices=sorted(SUITES), default="levels")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", default="bench35")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--games", help="only these games (comma separated)")
    ap.add_argument("--a", help="only the comparisons of this bot A")
    ap.add_argument("--journal", type=Path, action="append", default=None,
                    help="keep finished deals here (several with --partial: read them all)")
    ap.add_argument("--first", type=int, default=0,
                    help="play deals from this one on (parts of a run side by side)")
    ap.add_argument("--partial", action="store_true",
                    help="play nothing: report the deals the journal holds so far")
    ap.add_argument("--json", type=Path, default=None, help="save every report here")
    args = ap.parse_args()
    todo = SUITES[args.suite]
    if args.games:
        keep = set(args.games.split(","))
        todo = [c for c in todo if c[0] in keep]
    if args.a:
        todo = [c for c in todo if c[2] == args.a]
    print(f"# {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {args.deals} deals,"
          f" seed {args.seed}, jobs {args.jobs}, {os.cpu_count()} CPUs", flush=True)
    reports: list[DuplicateReport] = []
    for game, opts, a, b in todo:
        if args.partial:
            if args.journal is None:
                ap.error("--partial reads a --journal")
            found = journal_report(args.journal, game, a, b, seed=args.seed, options=opts,
                                   deals=args.deals)
            if found is None:
                continue
            report = found
        else:
            report = run(game, a, b, deals=args.deals, seed=args.seed, options=opts,
                         jobs=args.jobs, first=args.first,
                         journal=args.journal[0] if args.journal else None)
        reports.append(report)
        extra = f" {opts}" if opts else ""
        print(f"{game}{extra}", flush=True)
        print("\n".join(report.lines()), flush=True)
    by = {(r.game, r.a, r.b): r for r in reports}
    for game, a, other in [(g, a, o) for g in ("duz_okey", "kdv_okey") for a, o in PAIRED]:
        mine, base = by.get((game, a, "heuristic")), by.get((game, other, "heuristic"))
        if mine is not None and base is not None:  # paired on the deals both played
            n, m, lo, hi = paired(mine, base)
            print(f"{game}: {a} over {other}, paired on {n} deals: {m:+.3f}"
                  f"  95% CI [{lo:+.3f}, {hi:+.3f}]")
    if args.json:
        args.json.write_text(json.dumps([r.to_json() for r in reports], indent=1) + "\n")
    clear = sum(r.clear for r in reports)
    print(f"duplicate: clear={clear} of {len(reports)} comparisons")
    return 0


if __name__ == "__main__":
    sys.exit(main())
