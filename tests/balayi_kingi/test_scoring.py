"""BK-11 ((t − 13) × w, zero-sum) and BK-12 (10 deals; the higher total wins; a tie is a
draw): T-BK-2."""

from __future__ import annotations

import pytest

from kahvehane.games.balayi_kingi import BALAYI_KINGI, deal_scores
from tests.balayi_kingi.helpers import fake_history


@pytest.mark.parametrize(("contract", "tricks", "scores"), [
    ("H", (16, 10), (9, -9)),
    ("NT", (10, 16), (-15, 15)),
    ("C", (13, 13), (0, 0)),
    ("S", (26, 0), (52, -52)),
    ("D", (0, 26), (-26, 26)),
])
def test_t_bk_2(contract: str, tricks: tuple[int, int], scores: tuple[int, int]) -> None:
    assert deal_scores(contract, tricks) == scores
    assert sum(deal_scores(contract, tricks)) == 0


def test_match_is_ten_deals_and_the_higher_total_wins() -> None:
    codes = ["C", "C", "D", "D", "H", "H", "S", "S", "NT", "NT"]
    scores = [(3, -3)] * 9 + [(-20, 20)]
    s = BALAYI_KINGI.summary({}, fake_history(codes[:9], scores=scores[:9]))
    assert (s.complete, s.winner) == (False, None)
    s = BALAYI_KINGI.summary({}, fake_history(codes, scores=scores))
    assert (s.complete, s.totals, s.winner) == (True, (7, -7), 0)


def test_equal_totals_are_a_draw() -> None:
    codes = ["C", "C", "D", "D", "H", "H", "S", "S", "NT", "NT"]
    s = BALAYI_KINGI.summary({}, fake_history(codes, scores=[(5, -5), (-5, 5)] * 5))
    assert (s.complete, s.winner, s.totals) == (True, None, (0, 0))


def test_dealer_alternates() -> None:
    assert BALAYI_KINGI.next_first_seat({}, []) is None
    assert BALAYI_KINGI.next_first_seat({}, fake_history(["C"], first_dealer=1)) == 0
