"""Düz (rules 23–26) and KDV (27–31) scoring, including the seed's worked example."""

from __future__ import annotations

import pytest

from kahvehane.games.okey.scoring import duz_deal_scores, kdv_deal_scores


@pytest.mark.parametrize(
    ("unit", "normal", "double", "quad"), [(1, 2, 4, 8), (2, 4, 8, 16)]
)
def test_rule26_duz_table(unit: int, normal: int, double: int, quad: int) -> None:
    for m, f in ((1, normal), (2, double), (4, quad)):
        scores = duz_deal_scores(indicator_unit=unit, finisher=2, multiplier=m, gosterge=None,
                                 pairs=False)
        assert scores == [f, f, -f, f]


def test_rule26_gosterge_black_is_minus_2() -> None:
    assert duz_deal_scores(indicator_unit=2, finisher=None, multiplier=None, gosterge=3,
                           pairs=False) == [0, 0, 0, -2]


def test_rule21_25_pairs_partner_gets_the_finishers_deduction() -> None:
    assert duz_deal_scores(indicator_unit=1, finisher=1, multiplier=2, gosterge=None,
                           pairs=True) == [4, -4, 4, -4]
    assert kdv_deal_scores(k=2, finisher=0, multiplier=1, ceza=[None, 10, None, 30],
                           gosterge=None, pairs=True) == [-100, 10, -100, 30]


@pytest.mark.parametrize(("m", "opponent", "finisher"), [(1, 30, -100), (2, 60, -200),
                                                          (4, 120, -400)])
def test_rule31_seed_worked_example_red_2(m: int, opponent: int, finisher: int) -> None:
    """Indicator R2 (k = 2), an opponent's unmatched sum 15 → charged 30 × M."""
    scores = kdv_deal_scores(k=2, finisher=0, multiplier=m, ceza=[None, 15 * 2, 0, 0],
                             gosterge=None, pairs=False)
    assert scores[1] == opponent
    assert scores[0] == finisher


def test_rule28_kdv_gosterge_and_base_by_colour() -> None:
    assert kdv_deal_scores(k=1, finisher=1, multiplier=1, ceza=[0, None, 0, 0], gosterge=2,
                           pairs=False) == [0, -50, -25, 0]
    assert kdv_deal_scores(k=2, finisher=1, multiplier=1, ceza=[0, None, 0, 0], gosterge=2,
                           pairs=False) == [0, -100, -50, 0]
