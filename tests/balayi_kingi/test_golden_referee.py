"""The golden records are honest: every ``tests/records/balayi_kingi/*.expected.json`` is
what the independent referee computes, and the records cover the cases the issue asks
for (an empty-tableau unlock, illegal actions, a draw)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kahvehane.games.balayi_kingi import BalayiKingiState
from kahvehane.records import replay
from tests.balayi_kingi.referee import Illegal, referee

RECORDS = Path(__file__).parent.parent / "records" / "balayi_kingi"
CASES = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))


def _load(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    expected = path.with_name(path.name[: -len(".json")] + ".expected.json")
    return json.loads(path.read_text()), json.loads(expected.read_text())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_expected_is_the_referees_result(path: Path) -> None:
    record, expected = _load(path)
    if expected.get("illegal"):
        with pytest.raises(Illegal) as info:
            referee(record)
        assert (info.value.deal, info.value.index) == (expected["deal"],
                                                       expected["action_index"])
        record["deals"] = record["deals"][: expected["deal"] + 1]
        del record["deals"][-1]["actions"][expected["action_index"]:]
        referee(record)
    else:
        assert referee(record) == expected


def test_there_are_many_records() -> None:
    assert len(CASES) >= 25
    assert sum(1 for p in CASES if _load(p)[1].get("illegal")) >= 12


def test_empty_tableau_record() -> None:
    m = replay((RECORDS / "empty_tableau_unlocks_then_seeded.json").read_text())
    first = m.deals[0].state
    assert isinstance(first, BalayiKingiState)
    assert first.unlocked_by == ["empty_tableau", "trick"]
    assert m.history[0].scores == (-52, 52)
    assert m.complete


def test_a_draw_record() -> None:
    _, expected = _load(RECORDS / "draw_equal_totals.json")
    assert expected["complete"] and expected["winner"] is None
    assert expected["totals"][0] == expected["totals"][1]
