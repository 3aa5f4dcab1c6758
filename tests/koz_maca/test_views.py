"""Views and events: a seat sees its own hand and the public facts; nobody sees another
hand (docs/engine.md). The random-play property test checks this for whole deals."""

from __future__ import annotations

from kahvehane.games.koz_maca import Play
from tests.koz_maca.helpers import bid_all, build_setup, hand, play, start


def test_own_hand_only() -> None:
    state = start(build_setup({}))
    for seat in range(4):
        view = state.view(seat)
        assert set(view["hand"]) == hand(state, seat)
        assert view["hand_sizes"] == [13] * 4
    assert "hand" not in state.view(None)


def test_public_part_is_the_same_for_everyone() -> None:
    state = start(build_setup({0: ["5H"]}))
    bid_all(state, (2, 3, 4, 5))
    play(state, "5H")
    views = [state.view(v) for v in (None, 0, 1, 2, 3)]
    for v in views:
        v.pop("hand", None)
        v.pop("seat")
    assert all(v == views[0] for v in views)
    assert views[0]["trick"] == [{"seat": 0, "card": "5H"}]
    assert views[0]["bids"] == [2, 3, 4, 5]


def test_events_are_public() -> None:
    state = start(build_setup({0: ["AH"], 1: ["2H"], 2: ["3H"], 3: ["4H"]}))
    bid_all(state)
    events = play(state, "AH", "2H", "3H")
    events += state.apply(Play(3, 16))  # 4H
    kinds = [e.kind for e in events]
    assert kinds == ["play", "play", "play", "play", "trick"]
    assert all(e.private is None for e in events)
    assert events[-1].for_seat(None) == {"kind": "trick", "seat": 0, "number": 1,
                                         "leader": 0, "cards": ["AH", "2H", "3H", "4H"]}


def test_deal_end_event_and_result() -> None:
    state = start(build_setup({}))
    bid_all(state)
    events = []
    while not state.is_over:
        events += state.apply(state.legal_actions(state.turn)[0])
    assert events[-1].kind == "deal_end"
    result = state.result()
    assert result is not None and events[-1].public["scores"] == list(result.scores)
    assert state.to_act == () and state.legal_actions(0) == []


def test_copy_is_independent() -> None:
    state = start(build_setup({}))
    bid_all(state)
    twin = state.copy()
    twin.apply(twin.legal_actions(twin.turn)[0])
    assert state.trick == [] and len(twin.trick) == 1
    assert state.view(None) != twin.view(None)
