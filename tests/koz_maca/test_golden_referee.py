"""The golden records are honest: every ``tests/records/koz_maca/*.expected.json`` is what
the independent referee computes (``tests/test_golden_records.py`` then holds the engine
to the same files), and the records cover the cases the issue asks for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kahvehane.records import replay
from tests.koz_maca.referee import Illegal, referee

RECORDS = Path(__file__).parent.parent / "records" / "koz_maca"
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
        # The same record without the offending action is legal.
        record["deals"] = record["deals"][: expected["deal"] + 1]
        del record["deals"][-1]["actions"][expected["action_index"]:]
        referee(record)
    else:
        assert referee(record) == expected


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
