"""The match page's positions (issue 21): a finished record replayed move by move, every
seat's cards shown, and the last position is the record's result."""

from __future__ import annotations

from typing import Any

import pytest

from kahvehane.positions import MatchPositions
from kahvehane.records import ReplayError, replay_result
from kahvehane.simulate import play_match

GAMES: list[tuple[str, dict[str, Any], int]] = [
    ("duz_okey", {"deals": 3}, 4), ("kdv_okey", {"deals": 3}, 4), ("koz_maca", {}, 4),
    ("balayi_kingi", {}, 2), ("casino", {"players": 2, "target": 1}, 2),
    ("royal_casino", {"players": 4}, 4)]


def _record(game: str, options: dict[str, Any], seats: int) -> dict[str, Any]:
    out = play_match(game, options, ["heuristic"] * seats, "positions", 0, keep_record=True)
    assert out.record is not None
    rec: dict[str, Any] = out.record
    return rec


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_every_deal_replays_to_the_records_result(game: str, options: dict[str, Any],
                                                  seats: int) -> None:
    record = _record(game, options, seats)
    result = replay_result(record)
    mp = MatchPositions(record)
    assert mp.deals == len(record["deals"]) and mp.result == result
    for k, deal in enumerate(record["deals"]):
        d = mp.deal(k)
        positions = d["positions"]
        assert len(positions) == len(deal["actions"]) + 1
        assert positions[0]["action"] is None and positions[0]["events"] == []
        assert [p["action"] for p in positions[1:]] == deal["actions"]
        assert all(len(p["seats"]) == seats for p in positions)
        assert d["result"] == result["deals"][k]
        assert positions[-1]["to_act"] == [] and all(p["to_act"] for p in positions[:-1])
    assert d["totals"] == result["totals"]  # the last position is the record's result


def test_a_locked_balayi_hand_and_the_face_down_cards_are_revealed() -> None:
    record = _record("balayi_kingi", {}, 2)
    first = MatchPositions(record).deal(0)["positions"][0]
    other = 1 - first["view"]["chooser"]  # its face-up cards are not turned yet
    assert first["view"]["players"][other]["piles"][0]["up"] is None
    for seat in first["seats"]:
        shown = seat["hand"] + [c for p in seat["piles"] for c in (p["up"], p["down"]) if c]
        assert len(shown) == 26  # 6 in hand, ten piles of two
    everything = [c for s in first["seats"] for c in s["hand"]
                  + [c for p in s["piles"] for c in (p["up"], p["down"]) if c]]
    assert len(set(everything)) == 52


def test_a_deal_the_match_does_not_have_is_refused() -> None:
    mp = MatchPositions(_record("casino", {"players": 2, "target": 1}, 2))
    with pytest.raises(ReplayError, match="deals 0 to 0, not 1"):
        mp.deal(1)
