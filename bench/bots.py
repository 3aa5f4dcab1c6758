"""Benchmark of the bots' strength (issue 19), section Okey: the Okey search bot
against three heuristic bots, in Düz and in KDV; and (issue 35, ``--partners N``) the
partner blunders of the heuristic and search bots in N seeded positions of each partner
game (eşli Düz and KDV Okey, 2 v 2 Casino and Royal Casino). The duplicate-deal
measurements are bench/duplicate.py's.

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

    bots: okey-search-share=X kdv-search-share=Y ladder-games=N

where ``N`` counts the games whose whole ladder ``bench/ladder.py`` has recorded in
``--ladder`` (``bench/results/ladder.json``: every match played, a rating per kind), so
the line says in one place what issue 19's benchmark holds.

A run of thousands of matches outlasts a session, so it can be played in parts:
``--journal FILE`` (gzipped JSON lines) keeps every finished match, a run with the same
journal plays only the matches it lacks, and ``--hours H`` stops starting new matches
after ``H`` hours (printing how far it got, and no last line). Both games' matches are
interleaved, so a part leaves them even. The figures of a journal are those of the
matches ``0 … --matches − 1`` of the seed (the same deals, whichever run plays them; the
search bot's choices, bounded by time, may differ between runs as in any run)::

    .venv/bin/python bench/bots.py --matches 2000 --journal bench/results/bots.jsonl.gz --hours 1
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import gzip
import json
import os
import platform
import random
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kahvehane.simulate import (
    MatchOutcome,
    Summary,
    play_match,
    seats_for,
    simulate,
    summarize,
    wilson,
)

GAMES = (("duz_okey", "okey"), ("kdv_okey", "kdv"))
SEARCH = "search"
HEURISTIC = "heuristic"


LADDER = Path(__file__).resolve().parent / "results" / "ladder.json"


def ladder_games(path: Path) -> int:
    """How many games ``path`` (``bench/ladder.py``'s JSON) holds a whole ladder of: no
    match left unplayed and a rating for every bot kind. 0 when it is missing."""
    try:
        ladders = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return 0
    whole = 0
    for entry in ladders.values():
        rated = {row.get("kind") for row in entry.get("rows", [])}
        if entry.get("incomplete", 1) == 0 and entry.get("matches", 0) > 0 \
                and set(entry.get("kinds", [])) <= rated:
            whole += 1
    return whole


def _quantile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * (len(sorted_values) - 1)))]


def report(summary: Summary) -> float:
    """Print one game's figures; the search bot's share of wins."""
    search = summary.rows[SEARCH]
    heur = summary.rows[HEURISTIC]
    lo, hi = wilson(search.wins, search.matches)
    share = search.win_rate()
    verdict = "above" if lo > 0.25 else ("below" if hi < 0.25 else "not clear of")
    t_all = sum(sum(t) for o in summary.outcomes for t in o.times)
    print(f"{summary.game}: {summary.matches} matches of {summary.options['deals']} deals,"
          f" {summary.seconds:.0f} s of wall time in this run; {t_all / summary.matches:.1f} s"
          " of the bots' decisions a match")
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

    times: list[float] = []
    calls = 0
    played = 0
    while played < deals:  # matches of 5 deals, one after another, until enough deals
        m = Match(game, {"deals": 5}, seed=f"{seed}:{played}")
        bots = [make_bot(game, SEARCH if s == 0 else HEURISTIC, s,
                         random.Random(f"{seed}:{played}:{s}"), m.options) for s in range(4)]
        search = bots[0]
        assert isinstance(search, SearchBot) and isinstance(search.plan, OkeyPlan)
        while not m.complete and played < deals:
            d = m.deal()
            played += 1
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


#: Matches a worker plays per task of a journalled run (a task's matches are written
#: to the journal together).
CHUNK = 5


def _play_chunk(task: tuple[str, dict[str, Any], list[str], str, list[int]]
                ) -> tuple[str, list[MatchOutcome]]:
    game, options, specs, seed, indices = task
    return game, [play_match(game, options, specs, seed, k) for k in indices]


def _row(game: str, seed: str, o: MatchOutcome) -> dict[str, Any]:
    """A journal line: the outcome, its decision times in whole microseconds (a third of
    the size of the floats, and finer than any figure printed from them)."""
    row = {"game": game, "seed": seed, **dataclasses.asdict(o)}
    row["times"] = [[round(t * 1e6) for t in seat] for seat in row["times"]]
    row["times_unit"] = "us"
    return row


def _outcome(row: dict[str, Any]) -> MatchOutcome:
    fields = {k: v for k, v in row.items() if k not in ("game", "seed", "times_unit")}
    if row.get("times_unit") == "us":
        fields["times"] = [[t / 1e6 for t in seat] for seat in fields["times"]]
    return MatchOutcome(**fields)


def _read_journal(path: Path) -> tuple[list[dict[str, Any]], bool]:
    """The rows of a journal, and whether it ended cleanly: a run killed mid-write
    leaves a gzip member without its end (and maybe half a line), whose rows up to
    there are kept."""
    rows: list[dict[str, Any]] = []
    if not path.exists():
        return rows, True
    lines: list[str] = []
    clean = True
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        try:
            while line := fh.readline():
                lines.append(line)
        except EOFError:
            clean = False
    if lines and not lines[-1].endswith("\n"):  # half a line: killed while writing it
        clean = False
        lines.pop()
    for n, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
            _outcome(row)
        except (ValueError, TypeError) as exc:
            raise SystemExit(f"{path}: line {n} is not a journalled match ({exc})") from None
        rows.append(row)
    return rows, clean


def _journal_outcomes(rows: list[dict[str, Any]], seeds: dict[str, str]
                      ) -> dict[str, dict[int, MatchOutcome]]:
    """The matches of this run's seeds, per game."""
    done: dict[str, dict[int, MatchOutcome]] = {game: {} for game in seeds}
    for row in rows:
        game, seed = row.get("game"), row.get("seed")
        if isinstance(game, str) and seeds.get(game) == seed:
            outcome = _outcome(row)
            done[game][outcome.index] = outcome
    return done


def journalled(args: argparse.Namespace) -> dict[str, Summary] | None:
    """Play the matches the journal lacks (both games interleaved), until done or out of
    time; the summaries of the whole journal, or ``None`` if matches are still missing."""
    path = Path(args.journal)
    path.parent.mkdir(parents=True, exist_ok=True)
    specs = [args.search, HEURISTIC, HEURISTIC, HEURISTIC]
    seeds = {game: f"{args.seed}:{game}" for game, _ in GAMES}
    options = {game: seats_for(game, {"deals": args.deals}, 4)[0] for game, _ in GAMES}
    rows, clean = _read_journal(path)
    if not clean or any(row.get("times_unit") != "us" for row in rows):
        # rewrite what it holds as one whole member (times in µs), then append to that
        rows = [_row(str(r["game"]), str(r["seed"]), _outcome(r)) for r in rows]
        tmp = path.with_name(path.name + ".tmp")
        with gzip.open(tmp, "wt", encoding="utf-8") as fh:
            fh.writelines(json.dumps(row) + "\n" for row in rows)
        tmp.replace(path)
        if not clean:
            print(f"  journal {path}: its end was cut off (a killed run); {len(rows)}"
                  " matches kept")
    done = _journal_outcomes(rows, seeds)
    todo = {game: [k for k in range(args.matches) if k not in done[game]] for game in seeds}
    tasks = []
    for i in range(0, args.matches, CHUNK):  # the games' chunks, interleaved
        for game in seeds:
            chunk = [k for k in todo[game] if i <= k < i + CHUNK]
            if chunk:
                tasks.append((game, options[game], specs, seeds[game], chunk))
    print(f"  journal {path}: " + ", ".join(f"{g} {len(done[g])} of {args.matches}"
                                             for g in seeds) + f"; {len(tasks)} tasks to play")
    deadline = time.monotonic() + 3600 * args.hours if args.hours else float("inf")
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, \
            gzip.open(path, "at", encoding="utf-8") as journal:
        pending: set[Future[tuple[str, list[MatchOutcome]]]] = set()
        queue = list(reversed(tasks))
        while queue or pending:
            while queue and len(pending) < 2 * args.jobs and time.monotonic() < deadline:
                pending.add(pool.submit(_play_chunk, queue.pop()))
            if not pending:
                break  # out of time
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                game, outcomes = future.result()
                for o in outcomes:
                    done[game][o.index] = o
                    row = _row(game, seeds[game], o)
                    journal.write(json.dumps(row) + "\n")
                journal.flush()
    seconds = time.perf_counter() - start
    missing = {g: args.matches - len(done[g]) for g in seeds}
    if any(missing.values()):
        print(f"  stopped after {seconds / 3600:.2f} h: " + ", ".join(
            f"{g} {args.matches - m} of {args.matches}" for g, m in missing.items())
            + "; run the same command again to go on")
        return None
    return {game: summarize(game, options[game], specs, seeds[game],
                            [done[game][k] for k in range(args.matches)], seconds)
            for game in seeds}


PARTNER_GAMES = (("duz_okey", {"pairs": True}), ("kdv_okey", {"pairs": True}),
                 ("casino", {"players": 4, "partners": True}),
                 ("royal_casino", {"players": 4, "partners": True}))


def partners(positions: int, bots: tuple[str, ...], seed: str, only: str | None = None
             ) -> None:
    """Issue 35: the partner blunders of each bot in ``positions`` seeded positions of
    every partner game (:func:`kahvehane.bots.partners.count_blunders`: the bot's side
    against ``tempered`` bots); the last line sums them."""
    from kahvehane.bots.partners import count_blunders

    print(f"# bench/bots.py --partners {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M}"
          f" UTC, load {os.getloadavg()[0]:.1f}, {positions} positions per game and bot")
    total = checked = 0
    for game, options in PARTNER_GAMES:
        if only is not None and game != only:
            continue
        for bot in bots:
            start = time.process_time()
            r = count_blunders(game, options, bot, positions=positions, seed=f"{seed}:partners")
            print(f"  {r.line()}  ({time.process_time() - start:.0f} s CPU)", flush=True)
            for example in r.examples:
                print(f"    {example}")
            total += sum(r.blunders.values())
            checked += r.positions
    print(f"partners: blunders={total} positions={checked}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50,
                        help="matches per game (the issue asks 2000)")
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="bench-19")
    parser.add_argument("--timing-deals", type=int, default=20,
                        help="deals played to time the searched decisions alone")
    parser.add_argument("--search", default=SEARCH,
                        help="the search bot's spec, e.g. search:time=0.2")
    parser.add_argument("--journal", default=None,
                        help="keep finished matches here (gzipped JSON lines); play only"
                             " the missing ones")
    parser.add_argument("--ladder", default=str(LADDER),
                        help="the ladders bench/ladder.py recorded (counted in the last line)")
    parser.add_argument("--hours", type=float, default=0.0,
                        help="(with --journal) start no new match after this long")
    parser.add_argument("--partners", type=int, default=0, metavar="N",
                        help="instead: count the partner blunders (issue 35) of the heuristic"
                             " and search bots in N seeded positions of each partner game")
    parser.add_argument("--partner-search", default="search:iterations=4",
                        help="the search bot checked with --partners (its filters do not"
                             " depend on its budget)")
    parser.add_argument("--partner-game", default=None,
                        help="with --partners: only this game (runs side by side)")
    parser.add_argument("--partner-bot", default=None,
                        help="with --partners: only this bot spec")
    args = parser.parse_args(argv)
    if args.partners:
        bots = (args.partner_bot,) if args.partner_bot else ("heuristic", args.partner_search)
        partners(args.partners, bots, args.seed, args.partner_game)
        return
    if args.hours and not args.journal:
        parser.error("--hours needs --journal (a part of a run is kept there)")
    print(f"# bench/bots.py {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC,"
          f" {platform.python_version()}, {os.cpu_count()} cores,"
          f" load {os.getloadavg()[0]:.1f}, {args.matches} matches per game,"
          f" --jobs {args.jobs}, seed {args.seed!r}, bot {args.search!r}")
    shares: dict[str, float] = {}
    summaries = journalled(args) if args.journal else None
    if args.journal and summaries is None:
        return  # a part of the run: no figures yet
    for game, key in GAMES:
        start = time.perf_counter()
        if summaries is not None:
            summary = summaries[game]
        else:
            summary = simulate(game, [args.search, HEURISTIC, HEURISTIC, HEURISTIC],
                               matches=args.matches, seed=f"{args.seed}:{game}",
                               jobs=args.jobs, options={"deals": args.deals}, progress=False)
        if args.search != SEARCH:  # rows are keyed by spec
            summary.rows[SEARCH] = summary.rows.pop(args.search)
        shares[key] = report(summary)
        t, calls = searched_times(game, args.timing_deals, f"{args.seed}:{game}:timing")
        t.sort()
        print(f"  searched decisions ({args.timing_deals} deals in one process): {len(t)} of"
              f" {calls} calls, median {1000 * statistics.median(t):.1f} ms,"
              f" p99 {1000 * _quantile(t, 0.99):.1f} ms, max {1000 * t[-1]:.1f} ms")
        print(f"  (wall {time.perf_counter() - start:.0f} s)")
    print(f"bots: okey-search-share={shares['okey']:.3f} kdv-search-share={shares['kdv']:.3f}"
          f" ladder-games={ladder_games(Path(args.ladder))}")


if __name__ == "__main__":
    main()
