"""The deal (KM-5) and its record form: explicit setups are checked, seeded setups are
dealt in blocks of 13 starting after the dealer (docs/records.md, "Seeded deals")."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name, parse_card
from kahvehane.errors import MalformedSetup
from kahvehane.games.koz_maca import KOZ_MACA
from kahvehane.match import Match, derive_setup
from tests.koz_maca.helpers import build_setup, fake_history, start
from tests.koz_maca.referee import seeded_deal

#: a test vector of the seeded deal (docs/records.md): seed 2026, deal 0 (the dealer is drawn
#: first).
SEED_2026: dict[str, Any] = {"dealer": 2, "hands": [
    ["8S", "4S", "7S", "AD", "7D", "JC", "8H", "JH", "AH", "2S", "10S", "5H", "3H"],
    ["6S", "4D", "3S", "KC", "3D", "9S", "AS", "QD", "2H", "JS", "6C", "9D", "KD"],
    ["3C", "7H", "JD", "6H", "9H", "8C", "5D", "9C", "10H", "5S", "QH", "10D", "QC"],
    ["7C", "5C", "QS", "8D", "2C", "4C", "10C", "6D", "KH", "KS", "2D", "4H", "AC"]]}
#: Seed "42", deal 3, dealer 1 given by the rotation.
SEED_42_K3: dict[str, Any] = {"dealer": 1, "hands": [
    ["KD", "5C", "7D", "4D", "3C", "QD", "2S", "4H", "2C", "8C", "8H", "6D", "2H"],
    ["5S", "4C", "JS", "5H", "JC", "9D", "10H", "6S", "10C", "3D", "7S", "AS", "JD"],
    ["KH", "QC", "AH", "3S", "7H", "4S", "10D", "10S", "2D", "6C", "QH", "9H", "9C"],
    ["6H", "AC", "5D", "KC", "AD", "QS", "JH", "9S", "8S", "3H", "KS", "8D", "7C"]]}


def test_seeded_vector_deal_0() -> None:
    m = Match("koz_maca", seed=2026)
    m.deal()
    assert m.deals[0].setup == SEED_2026


def test_seeded_vector_later_deal_follows_the_rotation() -> None:
    opts = KOZ_MACA.parse_options({})
    history = fake_history([[0] * 4] * 3, first_dealer=2)  # dealers 2, 3, 0 → then 1
    assert derive_setup(KOZ_MACA, opts, "42", 3, history) == SEED_42_K3


def test_blocks_of_thirteen_from_the_seat_after_the_dealer() -> None:
    setup = KOZ_MACA.setup_from_order({}, list(range(52)), 1, [])
    assert setup["dealer"] == 1
    assert setup["hands"][2] == [card_name(c) for c in range(13)]
    assert setup["hands"][3] == [card_name(c) for c in range(13, 26)]
    assert setup["hands"][0] == [card_name(c) for c in range(26, 39)]
    assert setup["hands"][1] == [card_name(c) for c in range(39, 52)]


@settings(max_examples=30, deadline=None)
@given(st.one_of(st.integers(-10**6, 10**6), st.text(max_size=12)), st.integers(0, 6),
       st.integers(0, 3))
def test_independent_derivation_agrees(seed: int | str, k: int, dealer: int) -> None:
    opts = KOZ_MACA.parse_options({})
    history = fake_history([[0] * 4] * k, first_dealer=(dealer - k) % 4) if k else []
    expected = seeded_deal(seed, k, dealer if k else None)
    assert derive_setup(KOZ_MACA, opts, seed, k, history) == expected


def test_the_state_holds_the_setup() -> None:
    state = start(SEED_2026)
    assert state.dealer == 2 and state.to_act == (3,)
    assert state.view(3)["hand"] == sorted(SEED_2026["hands"][3], key=parse_card)


def _broken(mutate: Any) -> dict[str, Any]:
    setup = copy.deepcopy(build_setup({}))
    mutate(setup)
    return setup


@pytest.mark.parametrize("mutate", [
    lambda s: s.pop("dealer"),
    lambda s: s.update(dealer=4),
    lambda s: s.update(dealer="0"),
    lambda s: s.pop("hands"),
    lambda s: s.update(hands=s["hands"][:3]),
    lambda s: s["hands"][0].pop(),
    lambda s: s["hands"][0].__setitem__(0, s["hands"][1][0]),
    lambda s: s["hands"][0].__setitem__(0, "1S"),
    lambda s: s.update(hands="all"),
])
def test_malformed_setups(mutate: Any) -> None:
    with pytest.raises(MalformedSetup):
        start(_broken(mutate))


def test_lower_case_and_symbols_are_accepted() -> None:
    setup = build_setup({})
    setup["hands"] = [[c.lower() for c in h] for h in setup["hands"]]
    setup["hands"][0][0] = setup["hands"][0][0][:-1] + {"s": "♠", "h": "♥", "d": "♦",
                                                         "c": "♣"}[setup["hands"][0][0][-1]]
    assert start(setup).hands == start(build_setup({})).hands


def test_km_1_four_players_one_deck() -> None:
    opts = KOZ_MACA.parse_options({})
    assert KOZ_MACA.num_seats(opts) == 4
    assert KOZ_MACA.canonical_deck() == list(range(52))
    assert start(build_setup({})).num_seats == 4
