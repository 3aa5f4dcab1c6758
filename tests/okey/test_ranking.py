"""Rules 19–22 and 33: ranking points, the tie-break, partnership results."""

from __future__ import annotations

import pytest

from kahvehane.games.okey.scoring import (
    RANKING_POINTS,
    individual_winner,
    pairs_result,
    ranking_points,
)


@pytest.mark.parametrize("deals", [3, 5, 7, 9, 11])
def test_rule20_rows_sum_to_zero_and_match_the_seed(deals: int) -> None:
    row = RANKING_POINTS[deals]
    assert sum(row) == 0
    assert row[0] == deals and row[3] == -deals
    assert row[1] == {3: 1, 5: 2, 7: 3, 9: 4, 11: 5}[deals]


def test_rule19_lowest_tally_is_first() -> None:
    assert ranking_points([10, -5, 30, 0], [0, 0, 0, 0], 5) == [-2, 5, -5, 2]
    assert individual_winner([10, -5, 30, 0], [0, 0, 0, 0]) == 1


def test_rule19_tie_broken_by_more_finishes() -> None:
    assert ranking_points([4, 4, 9, 9], [1, 2, 0, 0], 3) == [1, 3, -2, -2]
    assert individual_winner([4, 4, 9, 9], [1, 2, 0, 0]) == 1


def test_rule19_still_tied_players_share_the_points() -> None:
    pts = ranking_points([0, 0, 0, 9], [1, 1, 1, 0], 3)
    assert pts[:3] == pytest.approx([1.0, 1.0, 1.0])  # (3 + 1 − 1) / 3
    assert pts[3] == -3
    pts = ranking_points([1, 1, 1, 1], [0, 0, 0, 0], 5)
    assert pts == [0, 0, 0, 0]
    pts = ranking_points([0, 5, 5, 5], [2, 0, 0, 0], 9)
    assert pts[1:] == pytest.approx([-3.0, -3.0, -3.0])  # (4 − 4 − 9) / 3
    assert ranking_points([0, 0, 0, 9], [0, 0, 0, 0], 5)[:3] == pytest.approx([5 / 3] * 3)
    assert individual_winner([1, 1, 3, 4], [0, 0, 0, 0]) is None  # a draw: shared first


def test_rule22_pairs_winners_get_plus_n_losers_minus_n() -> None:
    assert pairs_result([-8, 4, 2, 6], 7) == ([7, -7, 7, -7], [0, 2])
    assert pairs_result([8, 4, 2, -6], 3) == ([-3, 3, -3, 3], [1, 3])
    assert pairs_result([1, 2, 3, 2], 5) == ([0, 0, 0, 0], None)
