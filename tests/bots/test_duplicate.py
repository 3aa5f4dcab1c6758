"""The duplicate harness (issue 35): the same cards reach every seat in every rotation,
each bot sits in each position, the intervals, the partner objective, the journal."""

from __future__ import annotations

import math
import statistics
from pathlib import Path

import pytest

from kahvehane import cli
from kahvehane.bots import duplicate as dup
from kahvehane.bots.duplicate import (
    DuplicateError,
    deal_setup,
    duplicate_deal,
    mean_interval,
    rotations,
    run,
    sides,
    student_t,
    table_options,
    wilson,
)

TABLES = [("duz_okey", {"deals": 3}), ("kdv_okey", {"deals": 3, "pairs": True}),
          ("koz_maca", {}), ("balayi_kingi", {}), ("casino", {"players": 2}),
          ("casino", {"players": 4, "partners": True}), ("royal_casino", {"players": 3})]


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_every_rotation_deals_the_same_cards_to_each_seat(game: str,
                                                           options: dict[str, object]) -> None:
    opts = table_options(game, options)
    deal = duplicate_deal(game, opts, "heuristic", "random", "fair", 3, keep_hands=True)
    first = deal.plays[0].hands
    n = len(first)
    for play in deal.plays[1:]:
        assert play.hands == first  # every seat's first view, hand included, the same
    # the hands are real: the seats hold different cards, and another deal differs
    assert len({repr(h) for h in first}) == n
    other = duplicate_deal(game, opts, "heuristic", "random", "fair", 4, keep_hands=True)
    assert other.plays[0].hands != first
    # bot A holds every seat equally often
    held = [sum(p.a_seats[s] for p in deal.plays) for s in range(n)]
    assert len(set(held)) == 1 and held[0] >= 1
    assert all(any(p.a_seats) and not all(p.a_seats) for p in deal.plays)


def test_the_rotations_put_a_alone_in_every_seat_or_on_each_side() -> None:
    assert rotations([0, 1, 2, 3]) == [[s == r for s in range(4)] for r in range(4)]
    assert rotations([0, 1]) == [[True, False], [False, True]]
    assert rotations([0, 1, 0, 1]) == [[True, False, True, False], [False, True, False, True]]
    assert sides("duz_okey", {"pairs": True}) == [0, 1, 0, 1]
    assert sides("duz_okey", {}) == [0, 1, 2, 3]
    assert sides("casino", {"players": 4, "partners": True}) == [0, 1, 0, 1]
    assert sides("casino", {"players": 4}) == [0, 1, 2, 3]


def test_the_bots_are_seated_as_the_rotation_says(monkeypatch: pytest.MonkeyPatch) -> None:
    seated: list[list[str]] = []
    real = dup.play_deal

    def spy(game, options, setup, bots, seed, **kw):  # type: ignore[no-untyped-def]
        seated.append(list(bots))
        return real(game, options, setup, bots, seed, **kw)

    monkeypatch.setattr(dup, "play_deal", spy)
    duplicate_deal("koz_maca", {}, "heuristic", "random", 1, 0)
    assert seated == [["heuristic", "random", "random", "random"],
                      ["random", "heuristic", "random", "random"],
                      ["random", "random", "heuristic", "random"],
                      ["random", "random", "random", "heuristic"]]


def test_a_deals_figure_is_a_minus_b_per_seat_averaged_over_rotations() -> None:
    deal = duplicate_deal("koz_maca", {}, "heuristic", "random", "fig", 0)
    per = []
    for p in deal.plays:
        a = [x for x, m in zip(p.scores, p.a_seats, strict=True) if m]
        b = [x for x, m in zip(p.scores, p.a_seats, strict=True) if not m]
        per.append(statistics.fmean(a) - statistics.fmean(b))
        assert p.winners == [s for s in range(4) if p.scores[s] == max(p.scores)]
    assert deal.diff == pytest.approx(statistics.fmean(per))


def test_lower_totals_are_turned_so_that_more_is_better() -> None:
    deal = duplicate_deal("duz_okey", table_options("duz_okey", {}), "heuristic",
                          "heuristic", "sign", 2)
    setup = deal_setup("duz_okey", table_options("duz_okey", {}), "sign", 2)
    assert setup  # a real setup
    finished = [p for p in deal.plays if len(p.winners) == 1]
    assert finished  # heuristic bots finish Okey deals
    for p in finished:
        # Düz: the finisher's tally is the lowest, so its turned score is the highest
        assert p.scores[p.winners[0]] == max(p.scores) > min(p.scores)


def test_partners_are_compared_as_sides() -> None:
    opts = table_options("casino", {"players": 4, "partners": True})
    deal = duplicate_deal("casino", opts, "heuristic", "random", "side", 1)
    assert len(deal.plays) == 2
    for p in deal.plays:
        assert p.a_seats[0] == p.a_seats[2] != p.a_seats[1] == p.a_seats[3]
        assert p.scores[0] == p.scores[2] and p.scores[1] == p.scores[3]  # the side's figure
        a = p.scores[0] if p.a_seats[0] else p.scores[1]
        b = p.scores[1] if p.a_seats[0] else p.scores[0]
        assert deal.diffs[deal.plays.index(p)] == a - b


def test_student_t_and_the_mean_interval() -> None:
    assert student_t(1) == 12.706 and student_t(30) == 2.042
    # the expansion beyond the table meets the printed values (40, 60, 120 df)
    assert student_t(40) == pytest.approx(2.021, abs=5e-4)
    assert student_t(60) == pytest.approx(2.000, abs=5e-4)
    assert student_t(120) == pytest.approx(1.980, abs=5e-4)
    assert student_t(10**6) == pytest.approx(1.96, abs=1e-3)
    xs = [3.0, -1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]
    m, lo, hi = mean_interval(xs)
    half = 2.365 * statistics.stdev(xs) / math.sqrt(8)
    assert (m, lo, hi) == pytest.approx((3.625, 3.625 - half, 3.625 + half))
    assert mean_interval([2.0]) == (2.0, 2.0, 2.0)
    with pytest.raises(ValueError):
        mean_interval([])
    lo, hi = wilson(25, 100)
    assert lo < 0.25 < hi and (round(lo, 3), round(hi, 3)) == (0.175, 0.343)


def test_the_journal_keeps_deals_and_a_second_run_plays_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    journal = tmp_path / "j.jsonl.gz"
    first = run("koz_maca", "heuristic", "random", deals=3, seed=5, journal=journal)
    other = run("koz_maca", "random", "heuristic", deals=1, seed=5, journal=journal)

    def refuse(*args: object, **kw: object) -> None:
        raise AssertionError("a journalled deal was played again")

    monkeypatch.setattr(dup, "duplicate_deal", refuse)
    again = run("koz_maca", "heuristic", "random", deals=3, seed=5, journal=journal)
    assert again.to_json() == first.to_json()
    assert [d.diff for d in again.deals] == [d.diff for d in first.deals]
    assert other.a == "random"  # another run's lines are not mixed in
    with pytest.raises(DuplicateError):
        run("koz_maca", "heuristic", "random", deals=0)


def test_the_command_prints_the_report(capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    code = cli.main(["duplicate", "koz_maca", "--a", "heuristic", "--b", "random",
                     "--deals", "2", "--no-progress", "--json", str(out)])
    assert code == 0
    text = capsys.readouterr().out
    assert "A − B per deal" in text and "CPU ms per decision" in text
    assert '"rotations": 4' in out.read_text()
    assert cli.main(["duplicate", "koz_maca", "--deals", "0", "--no-progress"]) == 2


def test_a_partial_run_and_a_paired_gain_are_read_from_journals(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl.gz", tmp_path / "two.jsonl.gz"
    run("koz_maca", "heuristic", "random", deals=2, seed=6, journal=one)
    run("koz_maca", "heuristic", "random", deals=4, seed=6, journal=two, first=2)
    whole = dup.journal_report([one, two], "koz_maca", "heuristic", "random", seed=6)
    assert whole is not None and [d.k for d in whole.deals] == [0, 1, 2, 3]
    assert dup.journal_report([one], "koz_maca", "heuristic", "tempered", seed=6) is None
    worse = run("koz_maca", "tempered", "random", deals=4, seed=6)
    n, m, lo, hi = dup.paired(whole, worse)
    gains = [a.diff - b.diff for a, b in zip(whole.deals, worse.deals, strict=True)]
    assert n == 4 and m == pytest.approx(statistics.fmean(gains)) and lo <= m <= hi
