"""``kahvehane simulate``: bots against bots, many matches, in parallel processes.

Each match is a whole :class:`~kahvehane.match.Match` from its own seed
(``f"{seed}:{k}"`` for match ``k``), so any match — and every record written with
``--records`` — can be replayed exactly. Bots are rotated over the seats: in match ``k``
seat ``s`` is played by the bot ``bots[(s + k) % n]``, so over ``n`` consecutive
matches every bot sits in every seat once. Each bot gets its own
``random.Random(f"{seed}:{k}:{s}")``.

The summary groups seats by bot spec (two seats with the same spec are one row): the
share of matches it won with a 95% Wilson interval, the share it would win if all bots
were equal (its seats over all seats), the mean final total per seat and per-decision
times (every call of ``choose`` is timed on its own).

>>> summary = simulate("koz_maca", ["heuristic", "random", "random", "random"], matches=4,
...                    seed=1, jobs=1, progress=False)
>>> summary.rows["heuristic"].matches, summary.rows["heuristic"].wins
(4, 4)
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kahvehane.bots import BotSpecError, make_bot
from kahvehane.errors import KahvehaneError
from kahvehane.games import get_game, get_spec
from kahvehane.games.base import JSON, Action, DealState
from kahvehane.match import Match

DEFAULT_MAX_DEALS = 200


class SimulationError(KahvehaneError):
    """A bad simulation request, or a bot that broke the rules (a bot bug)."""


def table_for(game: str, options: Mapping[str, Any], seats: int) -> tuple[JSON, int]:
    """The parsed options and the number of seats of a table of ``game``. A game whose
    seat count is an option (``spec.seats_option``: Casino's ``players``) gets ``seats``
    when the options do not say."""
    spec = get_spec(game)
    opts = dict(options)
    if spec.seats_option is not None:
        opts.setdefault(spec.seats_option, seats)
    rules = get_game(spec.id)
    parsed = rules.parse_options(opts)
    return parsed, rules.num_seats(parsed)


def seats_for(game: str, options: Mapping[str, Any], n_bots: int) -> tuple[JSON, int]:
    """The parsed options (a seat-count option defaults to the number of bots) and the
    number of seats, which must equal the number of bots."""
    parsed, n = table_for(game, options, n_bots)
    if n != n_bots:
        raise SimulationError(f"{game} has {n} seats here: give {n} bots, not {n_bots}")
    return parsed, n


@dataclass
class MatchOutcome:
    """One simulated match, as the worker sends it back."""

    index: int
    seats: list[str]
    complete: bool
    winner: list[int]
    totals: list[float]
    points: list[float] | None
    times: list[list[float]]
    deals: int
    record: JSON | None = None


def _free_act(action: Action, seat: int, free: Sequence[str]) -> str | None:
    """The ``act`` of ``action`` if it is one of the game's free actions (Okey's
    ``arrange``: never in the legal list, it has too many forms) made for ``seat``."""
    return action.act if action.seat == seat and action.act in free else None


def _legal(action: Action, legal: Sequence[Action], state: DealState, seat: int) -> bool:
    """In the legal list, or a move no list spells out that the engine accepts for this
    seat now (Okey's ``arrange``, a discard naming the copy it takes)."""
    return action in legal or (action.seat == seat and state.is_legal(action))


def play_match(
    game: str, options: Mapping[str, Any], specs: Sequence[str], seed: str | int, index: int,
    *, keep_record: bool = False, max_deals: int = DEFAULT_MAX_DEALS,
) -> MatchOutcome:
    """Play match ``index`` of a simulation (seats rotated) and time every decision."""
    n = len(specs)
    seats = [specs[(s + index) % n] for s in range(n)]
    match = Match(game, options, seed=f"{seed}:{index}",
                  players=[f"bot:{spec}" for spec in seats])
    bots = [make_bot(game, seats[s], s, random.Random(f"{seed}:{index}:{s}"), match.options)
            for s in range(n)]
    free = get_spec(game).free_actions
    times: list[list[float]] = [[] for _ in range(n)]
    clock = time.perf_counter
    while not match.complete and len(match.deals) < max_deals:
        state = match.deal()
        last_free: list[str | None] = [None] * n  # a bot must not loop on a free action
        while not state.is_over:
            seat = state.to_act[0]
            view = state.view(seat)
            legal = state.legal_actions(seat)
            t0 = clock()
            action = bots[seat].choose(view, legal)
            times[seat].append(clock() - t0)
            act = _free_act(action, seat, free)
            if not _legal(action, legal, state, seat):
                raise SimulationError(
                    f"match {index}: bot {seats[seat]!r} at seat {seat} chose {action!r},"
                    " which is not a legal action"
                )
            if act is not None and last_free[seat] == act:
                raise SimulationError(
                    f"match {index}: bot {seats[seat]!r} made the free action {act!r}"
                    " twice in a row")
            last_free[seat] = act
            match.apply(action)
    result = match.result_json()
    winner = result["winner"]
    winners = [] if winner is None else ([winner] if isinstance(winner, int) else list(winner))
    points = result.get("ranking_points")
    return MatchOutcome(
        index=index,
        seats=seats,
        complete=bool(result["complete"]),
        winner=winners,
        totals=[float(x) for x in result["totals"]],
        points=None if points is None else [float(x) for x in points],
        times=times,
        deals=len(match.deals),
        record=match.to_record(include_setups=False) if keep_record else None,
    )


def _worker(args: tuple[str, JSON, list[str], str | int, list[int], bool, int]
            ) -> list[MatchOutcome]:
    game, options, specs, seed, indices, keep, max_deals = args
    return [play_match(game, options, specs, seed, k, keep_record=keep, max_deals=max_deals)
            for k in indices]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotRow:
    """The summary of one bot spec over a simulation."""

    spec: str
    seats: int
    matches: int = 0
    wins: int = 0
    totals: list[float] = field(default_factory=list)
    points: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.matches)

    def to_json(self, num_seats: int) -> JSON:
        lo, hi = self.interval()
        t = sorted(self.times)
        return {
            "bot": self.spec,
            "seats": self.seats,
            "matches": self.matches,
            "wins": self.wins,
            "win_rate": self.win_rate(),
            "ci95": [lo, hi],
            "fair_share": self.seats / num_seats,
            "mean_total": statistics.fmean(self.totals) if self.totals else None,
            "mean_ranking_points": statistics.fmean(self.points) if self.points else None,
            "decisions": len(t),
            "median_ms": 1000 * statistics.median(t) if t else None,
            "mean_ms": 1000 * statistics.fmean(t) if t else None,
            "p95_ms": 1000 * t[int(0.95 * (len(t) - 1))] if t else None,
        }


@dataclass
class Summary:
    """What ``simulate`` measured."""

    game: str
    options: JSON
    bots: list[str]
    matches: int
    seed: str | int
    rows: dict[str, BotRow]
    incomplete: int
    draws: int
    seconds: float
    outcomes: list[MatchOutcome]

    def to_json(self) -> JSON:
        n = len(self.bots)
        return {
            "game": self.game,
            "options": self.options,
            "bots": self.bots,
            "matches": self.matches,
            "seed": self.seed,
            "incomplete": self.incomplete,
            "draws": self.draws,
            "seconds": self.seconds,
            "rows": [row.to_json(n) for row in self.rows.values()],
        }


def check_counts(matches: int, jobs: int,
                 error: type[SimulationError] = SimulationError) -> None:
    """``error`` unless there is at least one match and one job."""
    if matches < 1:
        raise error("--matches must be at least 1")
    if jobs < 1:
        raise error("--jobs must be at least 1")


def _chunks(n: int, jobs: int) -> Iterator[list[int]]:
    size = max(1, min(25, n // (jobs * 8) or 1))
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def simulate(
    game: str,
    bots: Sequence[str],
    *,
    matches: int,
    seed: str | int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    records: str | None = None,
    progress: bool = True,
    max_deals: int = DEFAULT_MAX_DEALS,
) -> Summary:
    """Run ``matches`` matches of ``game`` between ``bots`` (one spec per seat)."""
    check_counts(matches, jobs)
    specs = [b.strip() for b in bots]
    parsed, _ = seats_for(game, options or {}, len(specs))
    for s, spec in enumerate(specs):
        try:
            make_bot(game, spec, s, random.Random(0), parsed)
        except BotSpecError as exc:
            raise SimulationError(str(exc)) from None
    if records is not None:
        os.makedirs(records, exist_ok=True)
    keep = records is not None
    tasks = [(game, parsed, specs, seed, idx, keep, max_deals) for idx in _chunks(matches, jobs)]
    outcomes: list[MatchOutcome] = []
    start = time.perf_counter()
    with _progress_bar(progress, matches, game) as advance:
        for chunk in run_chunks(_worker, tasks, jobs):
            _collect(chunk, outcomes, records, game, advance)
    seconds = time.perf_counter() - start
    return summarize(game, parsed, specs, seed, outcomes, seconds)


def summarize(game: str, options: JSON, specs: Sequence[str], seed: str | int,
              outcomes: list[MatchOutcome], seconds: float) -> Summary:
    """The summary of played matches (in index order), however they were played: in one
    :func:`simulate` call, or gathered from several runs of the same seed (a seed's
    matches are dealt and seated the same whichever run plays them)."""
    specs = list(specs)
    outcomes = sorted(outcomes, key=lambda o: o.index)
    rows: dict[str, BotRow] = {}
    for spec in specs:
        if spec not in rows:
            rows[spec] = BotRow(spec, specs.count(spec))
    incomplete = draws = 0
    for o in outcomes:
        for row in rows.values():
            row.matches += 1
        if not o.complete:
            incomplete += 1
        elif not o.winner:
            draws += 1
        for spec in {o.seats[w] for w in o.winner}:
            rows[spec].wins += 1
        for s, spec in enumerate(o.seats):
            rows[spec].totals.append(o.totals[s])
            if o.points is not None:
                rows[spec].points.append(o.points[s])
            rows[spec].times.extend(o.times[s])
    return Summary(game, dict(options), specs, len(outcomes), seed, rows, incomplete, draws,
                   seconds, outcomes)


Task = TypeVar("Task")


def run_chunks(worker: Callable[[Task], list[MatchOutcome]], tasks: Sequence[Task],
               jobs: int) -> Iterator[list[MatchOutcome]]:
    """Each task's outcomes, in task order: in this process with one job, else in a
    pool of ``jobs`` processes (``worker`` must then be a module-level function)."""
    if jobs == 1:
        yield from map(worker, tasks)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(worker, tasks)


def _collect(chunk: list[MatchOutcome], outcomes: list[MatchOutcome], records: str | None,
             game: str, advance: Any) -> None:
    for o in chunk:
        if records is not None and o.record is not None:
            path = os.path.join(records, f"{game}-{o.index:05d}.json")
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(o.record, fh, ensure_ascii=False)
                fh.write("\n")
            o.record = None
        outcomes.append(o)
        advance()


class _progress_bar:
    """A rich progress bar on standard error (nothing when ``enabled`` is false)."""

    def __init__(self, enabled: bool, total: int, game: str) -> None:
        self.enabled = enabled
        self.total = total
        self.game = game
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Any:
        if not self.enabled:
            return lambda: None
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            "[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
            TimeElapsedColumn(), TimeRemainingColumn(), console=Console(stderr=True),
        )
        self._progress.start()
        self._task = self._progress.add_task(f"{self.game} matches", total=self.total)
        return lambda: self._progress.advance(self._task)

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()


def render_summary(summary: Summary, console: Any) -> None:
    """The table of win rates, intervals, totals and decision times."""
    from rich.table import Table

    n = len(summary.bots)
    spec = get_spec(summary.game)
    points = spec.ranking == "points"
    title = (f"{summary.game}: {summary.matches} matches, seed {summary.seed!r},"
             f" {summary.seconds:.1f} s")
    table = Table(title=title)
    for col in ("bot", "seats", "wins", "win rate", "95% CI", "fair share",
                "mean total" + (" (low wins)" if spec.lower_totals_win else "")):
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    if points:
        table.add_column("rank pts", justify="right", no_wrap=True)
    for col in ("decisions", "median ms", "mean ms", "p95 ms"):
        table.add_column(col, justify="right", no_wrap=True)
    for row in summary.rows.values():
        j = row.to_json(n)
        lo, hi = j["ci95"]
        cells = [row.spec, str(row.seats), str(row.wins), f"{j['win_rate']:.3f}",
                 f"{lo:.3f}–{hi:.3f}", f"{j['fair_share']:.3f}",
                 "–" if j["mean_total"] is None else f"{j['mean_total']:.1f}"]
        if points:
            mp = j["mean_ranking_points"]
            cells.append("–" if mp is None else f"{mp:+.2f}")
        for key in ("median_ms", "mean_ms", "p95_ms"):
            if key == "median_ms":
                cells.append(str(j["decisions"]))
            v = j[key]
            cells.append("–" if v is None else f"{v:.2f}")
        table.add_row(*cells)
    console.print(table)
    notes = []
    if summary.draws:
        notes.append(f"{summary.draws} drawn (no single winner)")
    if summary.incomplete:
        notes.append(f"{summary.incomplete} stopped unfinished after the deal limit")
    if notes:
        console.print("; ".join(notes))


def plot_scores(summary: Summary, path: str) -> None:
    """Histograms of the final totals per bot, saved as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for row in summary.rows.values():
        if row.totals:
            ax.hist(row.totals, bins=min(40, max(5, len(set(row.totals)))), alpha=0.55,
                    label=f"{row.spec} (mean {statistics.fmean(row.totals):.1f})")
    lower = " (lower is better)" if get_spec(summary.game).lower_totals_win else ""
    ax.set_xlabel(f"final total per seat{lower}")
    ax.set_ylabel("seats")
    ax.set_title(f"{summary.game}: score distribution over {summary.matches} matches")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
