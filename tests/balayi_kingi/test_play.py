"""BK-8 (first lead), BK-9 (follow, trump, over-trump a led trump; locked cards do not
count), BK-10 (winner, who leads next): T-BK-4, T-BK-6 … T-BK-9."""

from __future__ import annotations

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import IllegalAction
from kahvehane.games.balayi_kingi import BalayiKingiDeal, Play
from tests.balayi_kingi.helpers import choose, legal, make_setup, play, start


def test_t_bk_4_lowest_face_up_diamond_leads() -> None:
    setup = make_setup(dealer=0, up={0: ["4D"], 1: ["7D"]}, hands={1: ["2D"]},
                       no_suits={("up", 0): "D", ("up", 1): "D"})
    state = start(setup)
    events = choose(state, "H")
    assert state.first_leader == 0 and state.to_act == (0,)
    assert events[-1].for_seat(None) == {"kind": "first_lead", "seat": 0,
                                         "lowest_diamond": "4D"}


def test_t_bk_4_no_face_up_diamond_the_non_dealer_leads() -> None:
    setup = make_setup(dealer=0, no_suits={("up", 0): "D", ("up", 1): "D"})
    state = start(setup)
    choose(state, "NT")
    assert state.first_leader == 1 and state.to_act == (1,)


def test_diamonds_dealt_after_the_choice_count_too() -> None:
    """The 20 face-up cards decide, including the 15 laid after the contract."""
    setup = make_setup(dealer=1, up={1: [f"{x}C" for x in "23456789"] + ["2D"]},
                       no_suits={("up", 0): "D", ("up", 1): "D"})
    state = start(setup)
    choose(state, "C")
    assert state.first_leader == 1  # the dealer's 2D on pile 8


def _lead_then(trump: str, lead: str, follower_up: list[str],
               no: str) -> BalayiKingiDeal:
    setup = make_setup(dealer=0, up={0: ["2D", lead], 1: follower_up},
                       no_suits={("up", 1): no})
    state = start(setup)
    choose(state, trump)
    play(state, lead)
    return state


def test_t_bk_6_locked_cards_do_not_count() -> None:
    setup = make_setup(dealer=0, up={0: ["2D", "7S"], 1: ["3D", "5H"]}, hands={1: ["KS"]},
                       no_suits={("up", 1): "SH"})
    state = start(setup)
    choose(state, "H")
    play(state, "7S")
    assert legal(state) == {"5H"}  # the locked KS neither must nor may be played
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(1, parse_card("3D")))
    assert info.value.rule == "BK-9"


@pytest.mark.parametrize(("up", "expected"), [
    (["5H", "QH", "AC"], {"QH"}),
    (["5H", "2H", "AC"], {"5H", "2H"}),
])
def test_t_bk_7_over_trump_a_led_trump(up: list[str], expected: set[str]) -> None:
    state = _lead_then("H", "9H", up, "H")
    assert legal(state) == expected


def test_t_bk_8_no_raise_in_plain_suits() -> None:
    state = _lead_then("H", "9S", ["5S", "KS", "3H"], "S")
    assert legal(state) == {"5S", "KS"}


def test_t_bk_9_kozsuz_discard_and_the_led_card_wins() -> None:
    state = _lead_then("NT", "9S", ["AD", "3H"], "S")
    tops = legal(state, 1)
    assert {"AD", "3H"} <= tops and len(tops) == 10
    play(state, "AD")
    assert state.won == [1, 0] and state.to_act == (0,)


def test_follower_ruff_wins_and_leads() -> None:
    state = _lead_then("H", "9S", ["5H", "3C"], "S")
    assert "5H" in legal(state)
    assert all(c.endswith("H") for c in legal(state))
    play(state, "5H")
    assert state.won == [0, 1] and state.to_act == (1,)


def test_turn_order_and_phase_errors() -> None:
    setup = make_setup(dealer=0, up={0: ["2D", "9S"]})
    state = start(setup)
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(1, parse_card(setup["piles"][1][0][1])))
    assert info.value.rule == "BK-4"  # no play before the contract
    choose(state, "S")
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(1, parse_card(setup["piles"][1][0][1])))
    assert info.value.rule == "BK-8"  # the first lead is seat 0's
    play(state, "9S")
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(0, parse_card("2D")))
    assert info.value.rule == "BK-10"
