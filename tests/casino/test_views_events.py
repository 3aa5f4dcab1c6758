"""Views and events: each seat sees its own hand only; later rounds stay hidden."""

from __future__ import annotations

import json
import random

from kahvehane.games.casino import CasinoDeal
from kahvehane.match import Match

from .helpers import assert_no_leak, build, capture, card_strings, deal, position, trail


def test_view_shows_own_hand_and_counts_of_others() -> None:
    state = deal(3, dealer=2, table=["3C"], rounds=[{0: ["3D", "6S"], 1: ["KD"]}])
    v0 = state.view(0)
    assert v0["seat"] == 0 and v0["hand"][:2] == ["3D", "6S"]
    assert v0["hand_sizes"] == [4, 4, 4] and v0["to_act"] == [0]
    assert v0["table"] == {"loose": state.view(None)["table"]["loose"], "builds": []}
    assert "hand" not in state.view(None) and state.view(None)["seat"] is None
    assert "KD" not in card_strings(v0) and "KD" in card_strings(state.view(1))
    assert v0["stock"] == 36 and v0["round"] == 0 and v0["rounds"] == 4
    assert_no_leak(state)
    json.dumps(state.view(None))  # JSON-ready


def test_view_shows_builds_and_piles() -> None:
    state = position(["3H 8S", "KD KH"], "5C 2S")
    state.apply(build(0, "3H", 8, "3H 5C"))
    view = state.view(1)
    assert view["table"]["builds"] == [{"value": 8, "kind": "single", "owner": 0,
                                        "cards": ["3H", "5C"], "groups": [["3H", "5C"]]}]
    assert view["table"]["loose"] == ["2S"] and state.view(0)["owns"] == [8]
    assert view["owns"] == []
    state.apply(trail(1, "KD"))
    state.apply(capture(0, "8S", "3H 5C"))
    assert state.view(None)["captured"] == [3, 0]
    assert state.view(None)["last_capturer"] == 0 and state.view(None)["table"]["builds"] == []


def test_deal_events_show_a_hand_to_its_owner_only() -> None:
    m = Match("casino", {"players": 2}, seed=7)
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    rng = random.Random(3)
    seen_deal = False
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(rng.choice(state.legal_actions(seat)))
        assert_no_leak(state, events)
        for e in events:
            if e.kind == "deal":
                seen_deal = True
                assert e.private is not None and "hand" in e.private
                assert "hand" in e.for_seat(e.seat)
                assert "hand" not in e.for_seat(1 - (e.seat or 0))
                assert "hand" not in e.for_seat(None)
    assert seen_deal


def test_events_of_each_move() -> None:
    state = position(["3H 8S 9D", "KD KH QC"], "5C 2S 9C", sweeps=True)
    (ev, *_) = state.apply(build(0, "3H", 8, "3H 5C"))
    assert ev.kind == "build" and ev.public["value"] == 8
    assert ev.public["build"]["owner"] == 0 and ev.public["sets"] == [["3H", "5C"]]
    (ev, *_) = state.apply(state.legal_actions(1)[-1])
    assert ev.kind == "trail"
    (ev, *_) = state.apply(capture(0, "8S", "3H 5C"))
    assert ev.kind == "capture" and ev.public["taken"] == 2 and ev.public["sweep"] is False
    assert ev.for_seat(None) == ev.for_seat(1)  # nothing private in play
