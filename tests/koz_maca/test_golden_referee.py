"""The golden records are honest: every ``tests/records/koz_maca/*.expected.json`` is what
the independent referee computes (``tests/test_golden_records.py`` then holds the engine
to the same files), and the records cover the cases the issue asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from kahvehane.records import replay
from tests.golden_referee import cases, check_against_referee, load
from tests.koz_maca.referee import Illegal, referee

RECORDS = Path(__file__).parent.parent / "records" / "koz_maca"
CASES = cases(RECORDS)
_load = load


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_expected_is_the_referees_result(path: Path) -> None:
    check_against_referee(path, referee, Illegal)


def test_there_are_many_records() -> None:
    assert len(CASES) >= 40
    assert sum(1 for p in CASES if p.stem.startswith("illegal_")) >= 15


def test_a_tie_leads_to_an_extra_deal() -> None:
    _, expected = _load(RECORDS / "tie_extra_deal.json")
    assert any(d["detail"]["extra_deal"] for d in expected["deals"])
    assert expected["complete"]


def test_yan_3_batar() -> None:
    _, expected = _load(RECORDS / "yan_3_batar_bid_10.json")
    deal = expected["deals"][0]
    assert deal["detail"]["bids"][0] == 10 and deal["detail"]["tricks"][0] == 13
    assert deal["scores"][0] == -100


def test_kasa_claims_in_records() -> None:
    _, expected = _load(RECORDS / "all_spades_bid_13.json")
    assert expected["kasa_claimant"] == 0 and expected["deals"][0]["scores"][0] == 130
    claimed = [p for p in CASES if not _load(p)[1].get("illegal")
               and _load(p)[1]["kasa_claimant"] is not None]
    assert len(claimed) >= 10


def test_hand_checked_all_spades_deal() -> None:
    """Seat 0 holds the 13 spades and leads: it must lead spades (only spades held,
    KM-8), the others can neither follow nor trump, so seat 0 wins every trick."""
    m = replay((RECORDS / "all_spades_bid_13.json").read_text())
    assert m.history[0].detail["tricks"] == [13, 0, 0, 0]
    assert m.history[0].scores == (130, -10, -10, -10)
    assert m.history[0].detail["kasa_claim_trick"] == 6
