"""``kahvehane ladder``: a seeded round-robin of bot kinds rated with openskill, through
its real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kahvehane.cli import main
from kahvehane.ladder import LadderError, ladder, lineups, render_ladder
from kahvehane.simulate import MatchOutcome


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["ladder", *args, "--no-progress"])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_same_seed_gives_the_same_table_whatever_the_jobs(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["koz_maca", "--bots", "random,heuristic,tempered", "--matches", "8",
            "--option", "finish_score=60", "--no-times"]
    code, one, _ = _run([*args, "--seed", "4"], capsys)
    assert code == 0
    code, two, _ = _run([*args, "--seed", "4", "--jobs", "2"], capsys)
    assert code == 0 and two == one
    code, other, _ = _run([*args, "--seed", "5"], capsys)
    assert code == 0 and other != one  # another seed, other matches
    assert "koz_maca: 8 matches, 4 seats, seed 4" in one


def test_the_heuristic_is_rated_above_random(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    plot, data = tmp_path / "ladder.png", tmp_path / "ladder.json"
    code, out, _ = _run(["balayi_kingi", "--bots", "random,heuristic", "--matches", "12",
                         "--seed", "1", "--plot", str(plot), "--json", str(data)], capsys)
    assert code == 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = json.loads(data.read_text())["rows"]
    assert [r["kind"] for r in rows] == ["heuristic", "random"]
    best, worst = rows
    assert best["rating"] > worst["rating"] and best["interval"][0] > worst["rating"]
    assert best["matches"] == worst["matches"] == 12
    assert best["wins"] > worst["wins"]
    assert best["decisions"] > 0 and best["p99_ms"] >= best["median_ms"] >= 0
    assert "median" in out and "p99" in out  # the decision times are printed


@pytest.mark.parametrize(("args", "says"), [
    (["koz_maca", "--bots", "heuristic,clever"], "no 'clever' bot for koz_maca"),
    (["koz_maca", "--bots", "heuristic"], "at least two bot kinds"),
    (["koz_maca", "--bots", "heuristic,heuristic"], "names a kind twice"),
    (["koz_maca", "--bots", "heuristic,search:depth=2"], "no parameter 'depth'"),
    (["koz_maca", "--matches", "0"], "at least 1"),
    (["koz_maca", "--jobs", "0"], "at least 1"),
    (["koz_maca", "--option", "finish_score=1.5"], "finish_score"),
])
def test_bad_requests_are_refused(args: list[str], says: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(args, capsys)
    assert code == 2 and says in err and out == ""


@pytest.mark.slow
def test_every_kind_is_seated_and_rotated() -> None:
    # three kinds at four seats: each lineup seats one kind twice, every kind plays
    result = ladder("duz_okey", ["random", "heuristic", "tempered"], matches=12, seed=2,
                    options={"deals": 3}, progress=False)
    assert {r.kind: r.matches for r in result.table()} == {
        "random": 12, "heuristic": 12, "tempered": 12}
    assert sum(r.wins for r in result.table()) >= 12 - result.incomplete
    assert lineups(["a", "b"], 2) == [("a", "b")]
    with pytest.raises(LadderError, match="at least two"):
        ladder("duz_okey", ["random"], matches=1, progress=False)
    text = render_ladder(result, times=False)
    assert "decision times" not in text and "tempered" in text


def test_places_put_winners_first_and_lower_totals_first_where_they_win() -> None:
    from kahvehane.ladder import seat_ranks

    okey = MatchOutcome(0, ["a", "b", "c", "d"], True, [1], [3.0, -2.0, 3.0, 8.0], None,
                        [], 1)
    assert seat_ranks(okey, lower_totals_win=True) == [1, 0, 1, 2]
    assert seat_ranks(okey, lower_totals_win=False) == [2, 0, 2, 1]
