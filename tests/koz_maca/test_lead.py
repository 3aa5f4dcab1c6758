"""KM-7 (who leads) and KM-8 (no spade lead before spades are broken): T-KM-7."""

from __future__ import annotations

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import IllegalAction
from kahvehane.games.koz_maca import Play
from tests.koz_maca.helpers import bid_all, build_setup, hand, legal, play, start


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_km_7_the_seat_after_the_dealer_leads(dealer: int) -> None:
    state = start(build_setup({}, dealer=dealer))
    bid_all(state)
    assert state.to_act == ((dealer + 1) % 4,)


def test_t_km_7_no_spade_lead_while_unbroken() -> None:
    state = start(build_setup({0: ["AS", "2H"]}))
    bid_all(state)
    assert legal(state) == {c for c in hand(state, 0) if not c.endswith("S")}
    with pytest.raises(IllegalAction) as info:
        state.apply(Play(0, parse_card("AS")))
    assert info.value.rule == "KM-8" and "AS" in str(info.value)


def test_t_km_7_only_spades_may_be_led() -> None:
    spades = [f"{f}S" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                "K")]
    state = start(build_setup({0: spades}))
    bid_all(state)
    assert legal(state) == set(spades)


def test_t_km_7_after_a_spade_every_card_may_be_led() -> None:
    state = start(build_setup({0: ["4D"], 1: ["2S", "AH"], 2: ["5D"], 3: ["6D"]}, {1: "D"}))
    bid_all(state)
    play(state, "4D", "2S")
    for _ in range(2):
        state.apply(state.legal_actions(state.turn)[0])
    assert state.turn == 1  # the ruff won, the winner leads (KM-7)
    assert legal(state) == hand(state, 1)


def test_winner_leads_the_next_trick() -> None:
    state = start(build_setup({0: ["AH"], 1: ["2H"], 2: ["3H"], 3: ["4H"]}))
    bid_all(state)
    play(state, "AH", "2H", "3H", "4H")
    assert state.to_act == (0,)
