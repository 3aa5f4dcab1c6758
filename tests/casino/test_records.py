"""Records and replay for both games (docs/records.md): actions, values, detail, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kahvehane.errors import MalformedAction
from kahvehane.games.casino import BuildAction, CasinoDeal, TrailAction
from kahvehane.games.casino.actions import parse_action
from kahvehane.games.casino.fixed import fixed_setup
from kahvehane.records import ReplayError, replay, replay_result

from .helpers import c, capture, cards


def record(game: str, options: dict[str, Any], setup: dict[str, Any],
           actions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "kahvehane/1", "game": game, "options": options,
            "deals": [{"setup": setup, "actions": actions}]}


def test_actions_round_trip_through_json() -> None:
    for a in (TrailAction(1, c("7D")), capture(0, "AS", "AH", "8C 5D", value=14),
              BuildAction(2, c("3H"), ((c("3H"), c("2C")),), 5)):
        assert parse_action(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize(
    "raw",
    [
        {"seat": 0, "act": "pass", "card": "7D"},
        {"seat": 0, "act": "trail"},
        {"seat": 0, "act": "trail", "card": "1D"},
        {"seat": -1, "act": "trail", "card": "7D"},
        {"seat": "0", "act": "trail", "card": "7D"},
        {"seat": 0, "act": "capture", "card": "7D"},
        {"seat": 0, "act": "capture", "card": "7D", "sets": "7C"},
        {"seat": 0, "act": "capture", "card": "7D", "sets": [["7C"]], "value": "7"},
        {"seat": 0, "act": "capture", "card": "7D", "sets": [["7C"]], "value": True},
        {"seat": 0, "act": "build", "card": "3H", "sets": [["3H", "2C"]]},
        {"seat": 0, "act": "build", "card": "3H", "sets": [["3H", 2]], "value": 5},
    ],
)
def test_malformed_actions(raw: dict[str, Any]) -> None:
    with pytest.raises(MalformedAction):
        parse_action(raw)


def test_unknown_fields_are_ignored() -> None:
    a = parse_action({"seat": 0, "act": "trail", "card": "7d", "value": 3, "note": "x"})
    assert a == TrailAction(0, c("7D"))


def test_an_unfinished_hand_replays_with_partial_detail() -> None:
    setup = fixed_setup(2, dealer=1, table=["5C", "9D"], rounds=[{0: ["3D", "8S"]}])
    rec = record("casino", {"players": 2}, setup, [
        {"seat": 0, "act": "build", "card": "3D", "sets": [["3D", "5C"]], "value": 8},
    ])
    result = replay_result(rec)
    assert result["complete"] is False and result["winner"] is None
    (only,) = result["deals"]
    assert only["scores"] is None and only["end"] is None
    assert only["detail"]["cards"] == [0, 0] and only["detail"]["sweeps"] == []


def test_illegal_record_names_deal_action_and_rule() -> None:
    setup = fixed_setup(2, dealer=1, table=["5C", "9D"], rounds=[{0: ["3D", "8S"]}])
    rec = record("casino", {"players": 2}, setup, [
        {"seat": 0, "act": "build", "card": "3D", "sets": [["3D", "5C"]], "value": 8},
        {"seat": 1, "act": "trail", "card": "5S"},
        {"seat": 0, "act": "trail", "card": "8S"},
    ])
    with pytest.raises(ReplayError) as info:
        replay(rec)
    assert (info.value.deal, info.value.action_index, info.value.illegal) == (0, 2, True)
    assert "O-1" in str(info.value) and "8S" in str(info.value)


def test_royal_capture_value_is_required_for_an_ace() -> None:
    setup = fixed_setup(2, dealer=1, table=["KC", "AC"], rounds=[{0: ["AD"]}])
    base = {"seat": 0, "act": "capture", "card": "AD", "sets": [["KC", "AC"]]}
    with pytest.raises(ReplayError, match="C-3"):
        replay(record("royal_casino", {"players": 2}, setup, [base]))
    with pytest.raises(ReplayError, match="C-19"):
        replay(record("royal_casino", {"players": 2}, setup, [{**base, "value": 1}]))
    m = replay(record("royal_casino", {"players": 2}, setup, [{**base, "value": 14}]))
    state = m.current
    assert isinstance(state, CasinoDeal) and sorted(state.piles[0]) == sorted(
        cards("AD KC AC"))


def test_players_option_must_match_the_setup() -> None:
    setup = fixed_setup(3, dealer=0)
    with pytest.raises(ReplayError):
        replay(record("casino", {"players": 2}, setup, []))
    with pytest.raises(ReplayError):
        replay(record("casino", {}, setup, []))


def test_a_record_made_by_play_replays_to_the_same_result() -> None:
    from kahvehane.match import Match

    m = Match("royal_casino", {"players": 2}, seed="rt")
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    while not state.is_over:
        m.apply(state.legal_actions(state.to_act[0])[0])
    rec = m.to_record()
    assert replay_result(json.dumps(rec)) == m.result_json()
    detail = m.result_json()["deals"][0]["detail"]
    assert set(detail) >= {"cards", "spades", "points", "sweeps", "residue", "stopped_at"}
    assert set(detail["points"]) == {"cards", "spades", "aces", "big_casino",
                                     "little_casino", "sweeps"}
