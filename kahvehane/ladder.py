"""``kahvehane ladder GAME``: a round-robin of bot kinds, rated with openskill.

Bot strength is measured, not claimed (issue 19). The ladder plays ``matches`` matches
of ``game`` between the bot kinds given (every kind the game has by default,
:func:`kahvehane.bots.bot_kinds`) at the game's smallest table (``--option`` changes
it, e.g. ``players=4``):

* **Lineups.** With at least as many kinds as seats, every set of ``seats`` distinct
  kinds is a lineup; with fewer kinds (Okey's three at four seats), every lineup that
  seats each kind at least once and some twice. Match ``k`` plays lineup
  ``(k // seats) % len(lineups)`` with its seats rotated by ``k`` (the simulator's
  rotation, :func:`kahvehane.simulate.play_match`): over ``seats`` consecutive matches
  one lineup sits in every rotation.
* **Seeds.** Match ``k`` is the simulator's match ``k`` of seed ``seed`` (its deals and
  each bot's generator), so the same seed gives the same matches and the same table,
  whatever ``--jobs``.
* **Ratings.** Each finished match ranks its seats — the winners first, then by final
  total (lowest first where lower totals win) — and updates the kinds' Plackett–Luce
  ratings (openskill), in match order. A kind that sat twice in one match is rated as
  two players and then given the mean of their new ratings. The interval is
  ``mu ± 2 sigma`` (about 95%).

>>> result = ladder("balayi_kingi", ["heuristic", "random"], matches=4, seed=1,
...                 progress=False)
>>> [row.kind for row in result.table()]
['heuristic', 'random']
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from typing import Any

from kahvehane.bots import BotSpecError, make_bot
from kahvehane.games import get_spec
from kahvehane.games.base import JSON
from kahvehane.simulate import (
    DEFAULT_MAX_DEALS,
    MatchOutcome,
    SimulationError,
    _progress_bar,
    check_counts,
    play_match,
    run_chunks,
    table_for,
)

__all__ = ["KindRating", "LadderError", "LadderResult", "ladder", "lineups", "plot_ladder",
           "render_ladder", "seat_ranks"]

#: Half-width of the printed interval, in rating deviations (sigma).
INTERVAL_SIGMAS = 2.0


class LadderError(SimulationError):
    """A bad ladder request: an unknown kind, too few kinds, a bad count."""


def lineups(kinds: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The lineups of a round-robin of ``kinds`` at ``seats`` seats (module text).

    >>> lineups(["a", "b", "c"], 2)
    [('a', 'b'), ('a', 'c'), ('b', 'c')]
    >>> lineups(["a", "b", "c"], 4)
    [('a', 'a', 'b', 'c'), ('a', 'b', 'b', 'c'), ('a', 'b', 'c', 'c')]
    """
    if len(kinds) >= seats:
        return list(combinations(kinds, seats))
    return [c for c in combinations_with_replacement(kinds, seats)
            if len(set(c)) == len(kinds)]


def seat_ranks(outcome: MatchOutcome, lower_totals_win: bool) -> list[int]:
    """Each seat's place in one match (0 best; equal places for equal results): the
    winners first, then by final total.

    >>> o = MatchOutcome(0, ["a", "b", "c"], True, [2], [5.0, 9.0, 7.0], None, [], 1)
    >>> seat_ranks(o, lower_totals_win=False)
    [2, 1, 0]
    """
    sign = 1.0 if lower_totals_win else -1.0
    keys = [(0 if s in outcome.winner else 1, sign * total)
            for s, total in enumerate(outcome.totals)]
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


@dataclass
class KindRating:
    """One bot kind's line of the ladder."""

    kind: str
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    times: list[float] = field(default_factory=list)  # seconds per decision

    @property
    def interval(self) -> tuple[float, float]:
        half = INTERVAL_SIGMAS * self.sigma
        return (self.mu - half, self.mu + half)

    def decision_ms(self) -> tuple[float | None, float | None]:
        """Median and 99th percentile of the decision times, in milliseconds."""
        if not self.times:
            return (None, None)
        t = sorted(self.times)
        return (1000 * statistics.median(t), 1000 * t[int(0.99 * (len(t) - 1))])

    def to_json(self) -> JSON:
        median, p99 = self.decision_ms()
        lo, hi = self.interval
        return {"kind": self.kind, "rating": self.mu, "sigma": self.sigma,
                "interval": [lo, hi], "matches": self.matches, "wins": self.wins,
                "decisions": len(self.times), "median_ms": median, "p99_ms": p99}


@dataclass
class LadderResult:
    """What :func:`ladder` measured."""

    game: str
    options: JSON
    kinds: list[str]
    seats: int
    matches: int
    seed: str | int
    ratings: dict[str, KindRating]
    incomplete: int
    seconds: float

    def table(self) -> list[KindRating]:
        """The kinds, best rated first (ties by name)."""
        return sorted(self.ratings.values(), key=lambda r: (-r.mu, r.kind))

    def to_json(self) -> JSON:
        return {"game": self.game, "options": self.options, "kinds": self.kinds,
                "seats": self.seats, "matches": self.matches, "seed": self.seed,
                "incomplete": self.incomplete, "seconds": self.seconds,
                "rows": [r.to_json() for r in self.table()]}


def _schedule(kinds: Sequence[str], seats: int, matches: int) -> list[list[str]]:
    ups = lineups(kinds, seats)
    return [list(ups[(k // seats) % len(ups)]) for k in range(matches)]


def _worker(args: tuple[str, JSON, list[list[str]], str | int, list[int], int]
            ) -> list[MatchOutcome]:
    game, options, schedule, seed, indices, max_deals = args
    return [play_match(game, options, schedule[k], seed, k, max_deals=max_deals)
            for k in indices]


def _chunks(n: int, jobs: int) -> Iterator[list[int]]:
    size = max(1, min(10, n // (jobs * 4) or 1))
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def _check(game: str, kinds: Sequence[str], options: JSON) -> None:
    if len(set(kinds)) != len(kinds):
        raise LadderError(f"--bots names a kind twice: {', '.join(kinds)}")
    if len(kinds) < 2:
        raise LadderError("a ladder needs at least two bot kinds")
    for kind in kinds:
        try:
            make_bot(game, kind, 0, random.Random(0), options)
        except BotSpecError as exc:
            raise LadderError(str(exc)) from None


def ladder(
    game: str,
    kinds: Sequence[str] | None = None,
    *,
    matches: int,
    seed: str | int = 0,
    jobs: int = 1,
    options: Mapping[str, Any] | None = None,
    progress: bool = True,
    max_deals: int = DEFAULT_MAX_DEALS,
) -> LadderResult:
    """Play the round-robin and fit the ratings (see the module text)."""
    from openskill.models import PlackettLuce

    from kahvehane.bots import bot_kinds

    check_counts(matches, jobs, LadderError)
    spec = get_spec(game)
    names = [k.strip() for k in kinds] if kinds is not None else bot_kinds(game)
    parsed, seats = table_for(game, options or {}, min(spec.seats))
    _check(game, names, parsed)
    schedule = _schedule(names, seats, matches)
    tasks = [(game, parsed, schedule, seed, idx, max_deals) for idx in _chunks(matches, jobs)]
    outcomes: list[MatchOutcome] = []
    start = time.perf_counter()
    with _progress_bar(progress, matches, f"{game} ladder") as advance:
        for chunk in run_chunks(_worker, tasks, jobs):
            outcomes.extend(chunk)
            for _ in chunk:
                advance()
    seconds = time.perf_counter() - start
    outcomes.sort(key=lambda o: o.index)

    model = PlackettLuce()
    current = {k: model.rating(name=k) for k in names}
    rows = {k: KindRating(k, current[k].mu, current[k].sigma) for k in names}
    incomplete = 0
    for o in outcomes:
        for kind in set(o.seats):
            rows[kind].matches += 1
        for kind in {o.seats[w] for w in o.winner}:
            rows[kind].wins += 1
        for s, kind in enumerate(o.seats):
            rows[kind].times.extend(o.times[s])
        if not o.complete:
            incomplete += 1
            continue  # an unfinished match has no places
        teams = [[model.rating(mu=current[k].mu, sigma=current[k].sigma, name=k)]
                 for k in o.seats]
        rated = model.rate(teams, ranks=[float(r) for r in seat_ranks(o, spec.lower_totals_win)])
        for kind in set(o.seats):
            mine = [team[0] for team, k in zip(rated, o.seats, strict=True) if k == kind]
            current[kind] = model.rating(mu=statistics.fmean(r.mu for r in mine),
                                         sigma=statistics.fmean(r.sigma for r in mine),
                                         name=kind)
    for kind, r in current.items():
        rows[kind].mu, rows[kind].sigma = r.mu, r.sigma
    return LadderResult(game, parsed, names, seats, matches, seed, rows, incomplete, seconds)


def render_ladder(result: LadderResult, *, times: bool = True) -> str:
    """The ladder as text: the ratings table (the same for the same seed), then, with
    ``times``, each kind's decision times (these vary from run to run)."""
    head = (f"{result.game}: {result.matches} matches, {result.seats} seats, "
            f"seed {result.seed}" + (f", {result.incomplete} unfinished"
                                     if result.incomplete else ""))
    lines = [head, f"{'kind':<24} {'rating':>7} {'interval (±2σ)':>17} {'matches':>8}"
                   f" {'wins':>6}"]
    for r in result.table():
        lo, hi = r.interval
        lines.append(f"{r.kind:<24} {r.mu:7.2f} {f'[{lo:.1f}, {hi:.1f}]':>17} "
                     f"{r.matches:8d} {r.wins:6d}")
    if times:
        lines.append(f"decision times ({result.seconds:.1f} s in all):")
        for r in result.table():
            median, p99 = r.decision_ms()
            if median is not None and p99 is not None:
                lines.append(f"  {r.kind:<22} median {median:8.2f} ms   p99 {p99:8.2f} ms"
                             f"   ({len(r.times)} decisions)")
    return "\n".join(lines)


def plot_ladder(result: LadderResult, path: str) -> None:
    """The ratings with their intervals as a PNG chart (matplotlib, as ``simulate
    --plot``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result.table()[::-1]
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(rows) + 1.5))
    ax.errorbar([r.mu for r in rows], range(len(rows)),
                xerr=[INTERVAL_SIGMAS * r.sigma for r in rows], fmt="o", capsize=4)
    ax.set_yticks(range(len(rows)), [r.kind for r in rows])
    ax.set_xlabel("openskill rating (Plackett–Luce), ±2σ")
    ax.set_title(f"{result.game}: ladder of {result.matches} matches (seed {result.seed})")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
