"""The golden records are honest: every ``tests/records/balayi_kingi/*.expected.json`` is
what the independent referee computes, and the records cover the cases the issue asks
for (an empty-tableau unlock, illegal actions, a draw)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kahvehane.games.balayi_kingi import BalayiKingiDeal
from kahvehane.records import replay
from tests.balayi_kingi.referee import Illegal, referee
from tests.golden_referee import cases, check_against_referee, load

RECORDS = Path(__file__).parent.parent / "records" / "balayi_kingi"
CASES = cases(RECORDS)
_load = load


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_expected_is_the_referees_result(path: Path) -> None:
    check_against_referee(path, referee, Illegal)


def test_there_are_many_records() -> None:
    assert len(CASES) >= 25
    assert sum(1 for p in CASES if _load(p)[1].get("illegal")) >= 12


def test_empty_tableau_record() -> None:
    m = replay((RECORDS / "empty_tableau_unlocks_then_seeded.json").read_text())
    first = m.deals[0].state
    assert isinstance(first, BalayiKingiDeal)
    assert first.unlocked_by == ["empty_tableau", "trick"]
    assert m.history[0].scores == (-52, 52)
    assert m.complete


def test_a_draw_record() -> None:
    _, expected = _load(RECORDS / "draw_equal_totals.json")
    assert expected["complete"] and expected["winner"] is None
    assert expected["totals"][0] == expected["totals"][1]
