"""KM-6: one public bidding round, 1..13, starting after the dealer: T-KM-6."""

from __future__ import annotations

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import IllegalAction, MalformedAction
from kahvehane.games.koz_maca import Bid, KozMacaDeal, Play
from tests.koz_maca.helpers import build_setup, start


def test_t_km_6_bid_zero_and_fourteen_are_rejected() -> None:
    state = start(build_setup({}))
    for bad in (0, 14, -1):
        with pytest.raises(IllegalAction) as info:
            state.apply(Bid(0, bad))
        assert info.value.rule == "KM-6"
    assert state.bids == [None] * 4


def test_t_km_6_four_thirteens_are_accepted() -> None:
    state = start(build_setup({}))
    for seat in (0, 1, 2, 3):
        state.apply(Bid(seat, 13))
    assert state.bids == [13, 13, 13, 13]
    assert state.phase == 1


def test_bidding_order_starts_after_the_dealer() -> None:
    state = start(build_setup({}, dealer=1))
    order = []
    while state.phase == 0:
        order.append(state.turn)
        state.apply(Bid(state.turn, 2))
    assert order == [2, 3, 0, 1]


def test_bids_are_public_at_once() -> None:
    state = start(build_setup({}, dealer=3))
    events = state.apply(Bid(0, 4))
    assert events[0].for_seat(2) == {"kind": "bid", "seat": 0, "tricks": 4}
    for viewer in (None, 0, 1, 2, 3):
        assert state.view(viewer)["bids"] == [4, None, None, None]


def test_legal_bids_are_one_to_thirteen_in_order() -> None:
    state = start(build_setup({}))
    assert [a.tricks for a in state.legal_actions(0) if isinstance(a, Bid)] == list(
        range(1, 14))
    assert state.legal_actions(1) == []


def test_out_of_turn_bid_and_second_bid_are_rejected() -> None:
    state = start(build_setup({}))
    with pytest.raises(IllegalAction):
        state.apply(Bid(2, 3))
    for seat in range(4):
        state.apply(Bid(seat, 3))
    with pytest.raises(IllegalAction) as info:
        state.apply(Bid(0, 3))
    assert info.value.rule == "KM-6"


def test_no_play_before_bidding_ends() -> None:
    setup = build_setup({0: ["2H"]})
    state = start(setup)
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(0, parse_card("2H")))
    assert info.value.rule == "KM-6"


def test_record_form_of_a_bid() -> None:
    assert KozMacaDeal.parse_action({"seat": 1, "act": "bid", "tricks": 3}) == Bid(1, 3)
    assert Bid(1, 3).to_json() == {"seat": 1, "act": "bid", "tricks": 3}
    for bad in ({"seat": 1, "act": "bid", "tricks": "3"},
                {"seat": 1, "act": "bid", "tricks": True},
                {"seat": 1, "act": "bid"},
                {"seat": 4, "act": "bid", "tricks": 3},
                {"seat": 1, "act": "pass"},
                {"seat": 1, "act": "play", "card": "1S"}):
        with pytest.raises(MalformedAction):
            KozMacaDeal.parse_action(bad)
