"""Duplicate deals: two bots compared on the same cards, the luck of the deal cancelled.

Bridge clubs, the IJCAI mahjong competitions and the EAAI gin rummy challenge measure
players this way, and so does ``kahvehane duplicate`` (issue 35). Deal ``k`` of a seed
is dealt once, from ``f"{seed}:{k}"`` (its setup: who starts or deals, every hand, the
stock), and played once per **rotation** of the bots over the seats with that very
setup, so every hand is held once by bot A in every position it takes:

* **one against the field** (a table without partners): A sits alone at seat ``r`` and
  B fills the other seats, ``r = 0 … n − 1`` (``n`` plays of the deal). In Okey that is
  the search bot against three heuristic bots, each seat's tiles once its own.
* **sides** (partner play: eşli Okey, 2 v 2 Casino): A holds one side's seats, B the
  other's, then the sides are swapped (two plays). Partners sit opposite (seats ``s``
  and ``s + 2``), as the games deal them; the side's score is what is compared, since
  partners play for the side.

A deal's figure is A's score minus B's, each the mean over its seats, averaged over the
rotations. Scores are read from the deal's own result (:class:`DealResult.scores
<kahvehane.games.results.DealResult>`), turned so that more is better (Okey's score
table counts penalties: ``GameSpec.lower_totals_win``). The report gives the mean
difference per deal with its 95% Student interval over the deals, A's and B's share of
the plays won (the best score of a play wins it; seats tied for it share the win) with
Wilson intervals next to the fair share, and each bot's decision times: CPU seconds of
the deciding thread per ``choose`` call (median, p95, max), which on a loaded machine
still measure the bot and not its neighbours — and the search bots' own budgets are
counted on that clock (:func:`kahvehane.bots.base.cpu_clock`), so every decision gets
the same CPU whatever the load.

Every bot gets its own generator, ``random.Random(f"{seed}:{k}:{r}:{s}")`` for seat
``s`` in rotation ``r`` of deal ``k``, so a run repeats exactly where the bots' budgets
count iterations, and deals can be played in any order or process
(:func:`play_deal` is the unit a pool or a journal keeps).

>>> report = duplicate("koz_maca", "heuristic", "random", deals=2, seed=1)
>>> report.rotations, len(report.deals)
(4, 2)
>>> report.mean > 0
True
"""

from __future__ import annotations

import gzip
import json
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kahvehane.bots import make_bot
from kahvehane.bots.base import cpu_clock
from kahvehane.errors import KahvehaneError, Message
from kahvehane.games import get_game, get_spec
from kahvehane.games.base import JSON, DealState
from kahvehane.match import derive_setup

__all__ = ["DealPlay", "DuplicateDeal", "DuplicateError", "DuplicateReport", "Times",
           "deal_setup", "duplicate", "duplicate_deal", "journal_report", "mean_interval",
           "paired", "play_deal", "read_journal", "rotations", "run", "sides", "student_t",
           "summarize", "table_options", "wilson"]

#: Table options that, when true, make partners of opposite seats (Okey's ``pairs``,
#: Casino's ``partners``): the options the games' specs declare for partner play.
PARTNER_OPTIONS = ("pairs", "partners")

ILLEGAL = Message("duplicate.illegal", "deal {deal}: bot {bot} at seat {seat} chose {action},"
                  " which is not a legal action",
                  "{deal}. el: {seat}. koltuktaki {bot} botu kurallara uymayan {action}"
                  " hamlesini seçti")
LOOPING = Message("duplicate.looping", "deal {deal}: bot {bot} at seat {seat} made the free"
                  " action {act} twice in a row",
                  "{deal}. el: {seat}. koltuktaki {bot} botu {act} hamlesini üst üste"
                  " iki kez yaptı")
TOO_FEW = Message("duplicate.too_few_deals", "a duplicate run needs at least one deal, not"
                  " {deals}", "eşli karşılaştırma en az bir el ister, {deals} değil")


class DuplicateError(KahvehaneError, ValueError):
    """A bad duplicate request, or a bot that broke the rules (a bot bug)."""


# ------------------------------------------------------------------------------ seats
def table_options(game: str, options: Mapping[str, Any] | None) -> JSON:
    """The parsed options of the table; a game whose seat count is an option (Casino's
    ``players``) gets its smallest table when the options do not say."""
    spec = get_spec(game)
    opts = dict(options or {})
    if spec.seats_option is not None:
        opts.setdefault(spec.seats_option, min(spec.seats))
    return get_game(game).parse_options(opts)


def sides(game: str, options: Mapping[str, Any]) -> list[int]:
    """The side of every seat: ``s % 2`` in partner play, else every seat its own."""
    rules = get_game(game)
    parsed = rules.parse_options(options)
    n = rules.num_seats(parsed)
    partners = any(parsed.get(name) is True for name in PARTNER_OPTIONS)
    return [s % 2 for s in range(n)] if partners and n == 4 else list(range(n))


def rotations(side_of: Sequence[int]) -> list[list[bool]]:
    """For each play of a deal, which seats bot A holds: one seat at a time round the
    table, or (partner play) each side in turn.

    >>> rotations([0, 1, 2])
    [[True, False, False], [False, True, False], [False, False, True]]
    >>> rotations([0, 1, 0, 1])
    [[True, False, True, False], [False, True, False, True]]
    """
    n = len(side_of)
    if len(set(side_of)) == n:
        return [[s == r for s in range(n)] for r in range(n)]
    return [[side_of[s] == side for s in range(n)] for side in sorted(set(side_of))]


def deal_setup(game: str, options: Mapping[str, Any], seed: str | int, k: int) -> JSON:
    """The setup of duplicate deal ``k``: the first deal of the seed ``f"{seed}:{k}"``
    (its starter or dealer drawn from that seed too)."""
    rules = get_game(game)
    return derive_setup(rules, rules.parse_options(options), f"{seed}:{k}", 0, [])


# ------------------------------------------------------------------------------ play
@dataclass
class DealPlay:
    """One play of a deal: the seats A held, the scores (more is better), the seats
    that won it, and the CPU and wall seconds of every decision of each seat."""

    a_seats: list[bool]
    scores: list[float]
    winners: list[int]
    cpu: list[list[float]]
    wall: list[list[float]]
    hands: list[JSON] = field(default_factory=list)  # each seat's first view (tests)


def play_deal(
    game: str, options: Mapping[str, Any], setup: Mapping[str, Any], bots: Sequence[str],
    seed: str, *, keep_hands: bool = False,
    on_state: Callable[[DealState, int], None] | None = None,
) -> DealPlay:
    """Play ``setup`` once with bot spec ``bots[s]`` at seat ``s`` (generators seeded
    ``f"{seed}:{s}"``). ``on_state(state, seat)`` is called before each decision."""
    rules = get_game(game)
    parsed = rules.parse_options(options)
    state = rules.new_deal(parsed, dict(setup), [])
    n = state.num_seats
    players = [make_bot(game, bots[s], s, random.Random(f"{seed}:{s}"), parsed)
               for s in range(n)]
    free = get_spec(game).free_actions
    hands = [state.view(s) for s in range(n)] if keep_hands else []
    cpu: list[list[float]] = [[] for _ in range(n)]
    wall: list[list[float]] = [[] for _ in range(n)]
    last_free: list[str | None] = [None] * n
    while not state.is_over:
        seat = state.to_act[0]
        if on_state is not None:
            on_state(state, seat)
        legal = state.legal_actions(seat)
        c0, w0 = cpu_clock(), time.perf_counter()
        action = players[seat].choose(state.view(seat), legal)
        cpu[seat].append(cpu_clock() - c0)
        wall[seat].append(time.perf_counter() - w0)
        if action not in legal and not (action.seat == seat and state.is_legal(action)):
            raise DuplicateError(ILLEGAL, deal=seed, bot=bots[seat], seat=seat,
                                 action=repr(action))
        act = action.act if action.seat == seat and action.act in free else None
        if act is not None and last_free[seat] == act:
            raise DuplicateError(LOOPING, deal=seed, bot=bots[seat], seat=seat, act=act)
        last_free[seat] = act
        state.apply(action)
    result = state.result()
    assert result is not None
    sign = -1.0 if get_spec(game).lower_totals_win else 1.0
    scores = [sign * x for x in result.scores]
    best = max(scores)
    return DealPlay([], scores, [s for s in range(n) if scores[s] == best], cpu, wall, hands)


@dataclass
class DuplicateDeal:
    """Deal ``k`` played in every rotation: A's mean score minus B's, per rotation and
    averaged (:attr:`diff`)."""

    k: int
    plays: list[DealPlay]

    @property
    def diffs(self) -> list[float]:
        return [_side_mean(p, True) - _side_mean(p, False) for p in self.plays]

    @property
    def diff(self) -> float:
        return statistics.fmean(self.diffs)

    def to_json(self) -> JSON:
        return {"k": self.k, "diff": self.diff, "plays": [
            {"a": p.a_seats, "scores": p.scores, "winners": p.winners, "cpu": p.cpu,
             "wall": p.wall} for p in self.plays]}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> DuplicateDeal:
        return cls(int(obj["k"]), [DealPlay(list(p["a"]), list(p["scores"]),
                                            list(p["winners"]), p["cpu"], p["wall"])
                                   for p in obj["plays"]])


def _side_mean(play: DealPlay, a: bool) -> float:
    return statistics.fmean(x for x, mine in zip(play.scores, play.a_seats, strict=True)
                            if mine == a)


def duplicate_deal(game: str, options: Mapping[str, Any], a: str, b: str,
                   seed: str | int, k: int, *, keep_hands: bool = False) -> DuplicateDeal:
    """Deal ``k`` of ``seed`` played once per rotation of A and B (see the module)."""
    setup = deal_setup(game, options, seed, k)
    plays = []
    for r, a_seats in enumerate(rotations(sides(game, options))):
        bots = [a if mine else b for mine in a_seats]
        play = play_deal(game, options, setup, bots, f"{seed}:{k}:{r}", keep_hands=keep_hands)
        play.a_seats = a_seats
        plays.append(play)
    return DuplicateDeal(k, plays)


# ------------------------------------------------------------------------------ figures
#: Student's t, 0.975 quantiles for 1 … 30 degrees of freedom (the printed tables).
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
        2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074,
        2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def student_t(df: int) -> float:
    """The 0.975 quantile of Student's t with ``df`` degrees of freedom: the table to
    30, then Hill's expansion in the normal quantile (within 0.0002 of the tables there).

    >>> student_t(9), round(student_t(60), 3), round(student_t(10_000), 2)
    (2.262, 2.0, 1.96)
    """
    if df < 1:
        raise ValueError("df must be at least 1")
    if df <= len(T975):
        return T975[df - 1]
    z = statistics.NormalDist().inv_cdf(0.975)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def mean_interval(xs: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``xs`` and its 95% Student interval (one value: no width).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 0.446, 4.554]
    """
    if not xs:
        raise ValueError("no values")
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, m, m
    half = student_t(len(xs) - 1) * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


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


@dataclass(frozen=True)
class Times:
    """Decision times in milliseconds: median, 95th percentile, largest, count."""

    median: float
    p95: float
    max: float
    n: int

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Times:
        if not seconds:
            return cls(0.0, 0.0, 0.0, 0)
        t = sorted(seconds)
        return cls(1000 * statistics.median(t), 1000 * t[min(len(t) - 1, int(0.95 * len(t)))],
                   1000 * t[-1], len(t))


@dataclass
class DuplicateReport:
    """The figures of a duplicate run (see the module)."""

    game: str
    a: str
    b: str
    options: JSON
    rotations: int
    deals: list[DuplicateDeal]
    mean: float
    low: float
    high: float
    a_wins: float
    b_wins: float
    plays: int
    fair: float
    cpu: dict[str, Times]
    wall: dict[str, Times]

    @property
    def clear(self) -> bool:
        """Whether the 95% interval of the difference lies above zero."""
        return self.low > 0

    def win_interval(self, a: bool = True) -> tuple[float, float]:
        return wilson(self.a_wins if a else self.b_wins, self.plays)

    def to_json(self) -> JSON:
        return {
            "game": self.game, "a": self.a, "b": self.b, "options": self.options,
            "deals": len(self.deals), "rotations": self.rotations,
            "mean_diff": self.mean, "ci95": [self.low, self.high],
            "a_win_share": self.a_wins / self.plays, "a_ci95": list(self.win_interval()),
            "b_win_share": self.b_wins / self.plays,
            "b_ci95": list(self.win_interval(False)), "a_fair_share": self.fair,
            "cpu_ms": {k: vars(v) for k, v in self.cpu.items()},
            "wall_ms": {k: vars(v) for k, v in self.wall.items()},
        }

    def lines(self) -> list[str]:
        """The report as a terminal prints it."""
        a_lo, a_hi = self.win_interval()
        b_lo, b_hi = self.win_interval(False)
        out = [
            f"{self.game}: {self.a} (A) against {self.b} (B), {len(self.deals)} deals × "
            f"{self.rotations} rotations",
            f"  A − B per deal: {self.mean:+.3f}  95% CI [{self.low:+.3f}, {self.high:+.3f}]"
            f"  {'clear of zero' if self.low > 0 or self.high < 0 else 'not clear of zero'}",
            f"  plays won: A {self.a_wins / self.plays:.3f} [{a_lo:.3f}, {a_hi:.3f}]"
            f" (fair {self.fair:.3f}),  B {self.b_wins / self.plays:.3f}"
            f" [{b_lo:.3f}, {b_hi:.3f}]",
        ]
        for who in (self.a, self.b):
            c, w = self.cpu[who], self.wall[who]
            out.append(f"  {who}: CPU ms per decision median {c.median:.1f}, p95 {c.p95:.1f},"
                       f" max {c.max:.1f} ({c.n} decisions; wall median {w.median:.1f},"
                       f" p95 {w.p95:.1f})")
        return out


def summarize(game: str, a: str, b: str, options: Mapping[str, Any],
              deals: Iterable[DuplicateDeal]) -> DuplicateReport:
    """The figures of finished duplicate deals."""
    done = sorted(deals, key=lambda d: d.k)
    if not done:
        raise DuplicateError(TOO_FEW, deals=0)
    mean, low, high = mean_interval([d.diff for d in done])
    a_wins = b_wins = 0.0
    plays = 0
    times: dict[bool, tuple[list[float], list[float]]] = {True: ([], []), False: ([], [])}
    fair = []
    for d in done:
        for p in d.plays:
            plays += 1
            share = 1 / len(p.winners)
            a_wins += share * sum(p.a_seats[s] for s in p.winners)
            b_wins += share * sum(not p.a_seats[s] for s in p.winners)
            fair.append(sum(p.a_seats) / len(p.a_seats))
            for s, mine in enumerate(p.a_seats):
                times[mine][0].extend(p.cpu[s])
                times[mine][1].extend(p.wall[s])
    if a == b:  # the same spec on both sides: one row of times
        both = (times[True][0] + times[False][0], times[True][1] + times[False][1])
        times = {True: both, False: both}
    rules = get_game(game)
    return DuplicateReport(
        game, a, b, rules.parse_options(options), len(done[0].plays), done, mean, low, high,
        a_wins, b_wins, plays, statistics.fmean(fair),
        {b: Times.of(times[False][0]), a: Times.of(times[True][0])},
        {b: Times.of(times[False][1]), a: Times.of(times[True][1])})


def paired(first: DuplicateReport, second: DuplicateReport) -> tuple[int, float, float, float]:
    """What ``first``'s A gains over ``second``'s A against the same B on the deals both
    played (same seed): the number of common deals and the mean of the per-deal
    differences with its 95% interval. Paired on the cards, it is far tighter than the
    two intervals side by side."""
    mine = {d.k: d.diff for d in first.deals}
    common = [(mine[d.k], d.diff) for d in second.deals if d.k in mine]
    if not common:
        raise DuplicateError(TOO_FEW, deals=0)
    return (len(common), *mean_interval([x - y for x, y in common]))


def duplicate(game: str, a: str, b: str, *, deals: int, seed: str | int = 0,
              options: Mapping[str, Any] | None = None) -> DuplicateReport:
    """Play ``deals`` duplicate deals of A against B in this process and report."""
    if deals < 1:
        raise DuplicateError(TOO_FEW, deals=deals)
    opts = table_options(game, options)
    return summarize(game, a, b, opts,
                     [duplicate_deal(game, opts, a, b, seed, k) for k in range(deals)])


def _worker(args: tuple[str, JSON, str, str, str | int, int]) -> JSON:
    game, options, a, b, seed, k = args
    return duplicate_deal(game, options, a, b, seed, k).to_json()


def read_journal(path: Path, game: str, a: str, b: str, seed: str | int,
                 options: Mapping[str, Any]) -> dict[int, DuplicateDeal]:
    """The deals of this run (same game, bots, seed and options) a journal holds."""
    found: dict[int, DuplicateDeal] = {}
    if not path.exists():
        return found
    key = _journal_key(game, a, b, seed, options)
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:  # a line cut short by a stopped run
                continue
            if obj.get("run") == key:
                deal = DuplicateDeal.from_json(obj)
                found[deal.k] = deal
    return found


def journal_report(paths: Sequence[Path], game: str, a: str, b: str, *,
                   seed: str | int = 0, options: Mapping[str, Any] | None = None,
                   deals: int | None = None) -> DuplicateReport | None:
    """The figures of the deals of a run its journals hold so far (those below
    ``deals`` if given), or ``None`` if they hold none: a long run's partial result."""
    opts = table_options(game, options)
    done: dict[int, DuplicateDeal] = {}
    for path in paths:
        done.update(read_journal(path, game, a, b, seed, opts))
    kept = [d for k, d in sorted(done.items()) if deals is None or k < deals]
    return summarize(game, a, b, opts, kept) if kept else None


def _journal_key(game: str, a: str, b: str, seed: str | int,
                 options: Mapping[str, Any]) -> str:
    return json.dumps([game, a, b, str(seed), dict(options)], sort_keys=True)


def run(game: str, a: str, b: str, *, deals: int, seed: str | int = 0,
        options: Mapping[str, Any] | None = None, jobs: int = 1,
        journal: Path | None = None, first: int = 0,
        progress: Callable[[int, int], None] | None = None) -> DuplicateReport:
    """Deals ``first … deals − 1`` of A against B, in ``jobs`` processes (``first`` lets
    several runs share a measurement, each with its own journal). With a
    ``journal`` (gzipped JSON lines, shared by runs: each line names its run) every
    finished deal is kept at once, and a run plays only the deals its journal lacks, so
    a long measurement can be stopped and taken up again with the same figures."""
    if deals < 1:
        raise DuplicateError(TOO_FEW, deals=deals)
    opts = table_options(game, options)
    done = read_journal(journal, game, a, b, seed, opts) if journal is not None else {}
    todo = [k for k in range(first, deals) if k not in done]
    key = _journal_key(game, a, b, seed, opts)

    def keep(deal: DuplicateDeal) -> None:
        done[deal.k] = deal
        if journal is not None:
            with gzip.open(journal, "at", encoding="utf-8") as fh:
                fh.write(json.dumps({"run": key, **deal.to_json()}) + "\n")
        if progress is not None:
            progress(sum(first <= k < deals for k in done), deals - first)

    if jobs <= 1:
        for k in todo:
            keep(duplicate_deal(game, opts, a, b, seed, k))
    else:
        with ProcessPoolExecutor(jobs) as pool:
            pending: set[Future[JSON]] = {pool.submit(_worker, (game, opts, a, b, seed, k))
                                          for k in todo}
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    keep(DuplicateDeal.from_json(f.result()))
    return summarize(game, a, b, opts, [done[k] for k in range(first, deals)])
