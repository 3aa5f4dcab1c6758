"""KM-9 (follow and raise, also after a ruff), KM-10 (trump and over-trump when void),
KM-11 (winner) in real 13-card deals: T-KM-8 … T-KM-13."""

from __future__ import annotations

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import IllegalAction
from kahvehane.games.koz_maca import Play
from tests.koz_maca.helpers import bid_all, build_setup, hand, legal, play, start


def test_t_km_8_must_raise() -> None:
    state = start(build_setup({0: ["5H"], 1: ["JH"], 2: ["9H", "QH", "AC"]}, {2: "H"}))
    bid_all(state)
    play(state, "5H", "JH")
    assert legal(state) == {"QH"}


def test_t_km_8_cannot_raise_any_heart() -> None:
    state = start(build_setup({0: ["5H"], 1: ["JH"], 2: ["9H", "3H", "AC"]}, {2: "H"}))
    bid_all(state)
    play(state, "5H", "JH")
    assert legal(state) == {"9H", "3H"}


def test_t_km_9_raise_after_a_ruff() -> None:
    state = start(build_setup({0: ["5H"], 1: ["2S"], 2: ["9H", "3H"]}, {1: "H", 2: "H"}))
    bid_all(state)
    play(state, "5H", "2S")
    assert legal(state) == {"9H"}
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(2, parse_card("3H")))
    assert info.value.rule == "KM-9" and "3H" in str(info.value)


def test_t_km_10_must_trump_and_spades_break() -> None:
    state = start(build_setup({0: ["4D"], 1: ["2S", "AC"]}, {1: "DS"}))
    bid_all(state)
    play(state, "4D")
    assert legal(state) == {"2S"}
    assert not state.view(None)["spades_broken"]
    events = play(state, "2S")
    assert state.view(None)["spades_broken"]
    assert any(e.kind == "spades_broken" for e in events)


@pytest.mark.parametrize(("held", "expected"), [
    (["5S", "KS", "AC"], {"KS"}),
    (["5S", "3S", "AC"], {"5S", "3S"}),
])
def test_t_km_11_over_trump(held: list[str], expected: set[str]) -> None:
    state = start(build_setup({0: ["4D"], 1: ["9S"], 2: held}, {1: "D", 2: "DS"}))
    bid_all(state)
    play(state, "4D", "9S")
    assert legal(state) == expected


def test_t_km_12_discard_and_the_led_card_wins() -> None:
    state = start(build_setup({0: ["4D"], 1: ["AC", "2H"], 2: ["2D"], 3: ["3D"]},
                              {1: "DS", 2: "D", 3: "D"}))
    bid_all(state)
    play(state, "4D")
    assert legal(state) == hand(state, 1)  # no diamond, no spade: anything
    play(state, "AC", "2D", "3D")
    assert state.won == [1, 0, 0, 0] and state.turn == 0


def test_t_km_13_the_ruff_wins() -> None:
    state = start(build_setup({0: ["AH"], 1: ["2S"], 2: ["KH"], 3: ["AC"]},
                              {1: "H", 3: "HS"}))
    bid_all(state)
    play(state, "AH", "2S", "KH", "AC")
    assert state.won == [0, 1, 0, 0]
    assert state.turn == 1 and state.view(None)["tricks"][0]["winner"] == 1


def test_must_follow_rejects_another_suit() -> None:
    state = start(build_setup({0: ["5H"], 1: ["JH", "AC"]}, {}))
    bid_all(state)
    play(state, "5H")
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(1, parse_card("AC")))
    assert info.value.rule == "KM-9"


def test_led_spades_must_be_raised() -> None:
    """KM-9 applies when the led suit is spades."""
    state = start(build_setup({0: ["4D"], 1: ["2S", "5S"], 2: ["9S", "3S", "6D"], 3: ["7D"]},
                              {1: "D", 2: "S"}))
    bid_all(state)
    play(state, "4D", "2S")
    for _ in range(2):  # seats 2 and 3 follow with diamonds
        state.apply(state.legal_actions(state.turn)[0])
    assert state.turn == 1
    play(state, "5S")
    assert legal(state) == {"9S"}
