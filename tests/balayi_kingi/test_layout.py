"""BK-3: the layout — 10 face-down and 10 face-up cards and 6 hand cards each, dealt in
the seed's order, with only 5 face-up cards existing when the contract is chosen: T-BK-1."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.errors import MalformedSetup
from kahvehane.games.balayi_kingi import BALAYI_KINGI
from kahvehane.match import Match, derive_setup
from tests.balayi_kingi.helpers import choose, fake_history, make_setup, start
from tests.balayi_kingi.referee import seeded_deal

#: a test vector of the seeded deal (docs/records.md): seed 0, deal 0 (dealer drawn: seat 1).
SEED_0: dict[str, Any] = {
    "dealer": 1,
    "piles": [
        [["KD", "7D"], ["4H", "5H"], ["5S", "7H"], ["8D", "AC"], ["QS", "JD"], ["10D", "5D"],
         ["QC", "2C"], ["4D", "8S"], ["QD", "2H"], ["10H", "9H"]],
        [["9S", "4S"], ["3C", "AS"], ["10C", "JC"], ["KH", "JS"], ["3S", "6S"], ["7S", "6H"],
         ["6D", "KC"], ["5C", "8C"], ["8H", "3H"], ["6C", "2D"]],
    ],
    "hands": [["2S", "AH", "QH", "4C", "10S", "9C"], ["AD", "7C", "KS", "3D", "JH", "9D"]],
}


def test_seeded_vector() -> None:
    m = Match("balayi_kingi", seed=0)
    m.deal()
    assert m.deals[0].setup == SEED_0


def test_dealing_order_of_bk_3() -> None:
    setup = BALAYI_KINGI.setup_from_order({}, list(range(52)), 0, [])
    n = card_name
    piles = setup["piles"]
    assert [p[0] for p in piles[1][:5]] == [n(c) for c in range(0, 5)]     # non-dealer down
    assert [p[0] for p in piles[0][:5]] == [n(c) for c in range(5, 10)]    # dealer down
    assert [p[0] for p in piles[1][5:]] == [n(c) for c in range(10, 15)]
    assert [p[0] for p in piles[0][5:]] == [n(c) for c in range(15, 20)]
    assert [p[1] for p in piles[1][:5]] == [n(c) for c in range(20, 25)]   # the first 5 up
    assert [p[1] for p in piles[0][:5]] == [n(c) for c in range(25, 30)]
    assert [p[1] for p in piles[1][5:]] == [n(c) for c in range(30, 35)]
    assert [p[1] for p in piles[0][5:]] == [n(c) for c in range(35, 40)]
    assert setup["hands"][1] == [n(c) for c in (40, 41, 42, 46, 47, 48)]
    assert setup["hands"][0] == [n(c) for c in (43, 44, 45, 49, 50, 51)]


@settings(max_examples=30, deadline=None)
@given(st.one_of(st.integers(-10**6, 10**6), st.text(max_size=12)), st.integers(0, 9),
       st.integers(0, 1))
def test_independent_derivation_agrees(seed: int | str, k: int, dealer: int) -> None:
    codes = ["C", "D", "H", "S", "NT"] * 2
    history = fake_history(codes[:k], first_dealer=(dealer - k) % 2) if k else []
    expected = seeded_deal(seed, k, dealer if k else None)
    assert derive_setup(BALAYI_KINGI, {}, seed, k, history) == expected


def test_t_bk_1_counts() -> None:
    state = start(SEED_0)
    view = state.view(None)
    # When the contract is chosen exactly 5 face-up cards exist: the chooser's piles 0–4.
    ups = [(s, i) for s in (0, 1) for i, p in enumerate(view["players"][s]["piles"]) if p["up"]]
    assert ups == [(0, i) for i in range(5)]
    assert all(p["down"] for s in (0, 1) for p in view["players"][s]["piles"])
    choose(state, "H")
    view = state.view(None)
    for s in (0, 1):
        piles = view["players"][s]["piles"]
        assert sum(p["down"] for p in piles) == 10
        assert sum(p["up"] is not None for p in piles) == 10
        assert view["players"][s]["hand_count"] == 6
    every = [c for row in SEED_0["piles"] for p in row for c in p] + [
        c for h in SEED_0["hands"] for c in h]
    assert len(set(every)) == 52


def _broken(mutate: Any) -> dict[str, Any]:
    setup = copy.deepcopy(SEED_0)
    mutate(setup)
    return setup


@pytest.mark.parametrize("mutate", [
    lambda s: s.pop("dealer"),
    lambda s: s.update(dealer=2),
    lambda s: s.pop("piles"),
    lambda s: s["piles"][0].pop(),
    lambda s: s["piles"][1][3].pop(),
    lambda s: s["piles"].pop(),
    lambda s: s["hands"][0].pop(),
    lambda s: s["hands"].pop(),
    lambda s: s["hands"][0].__setitem__(0, "AD"),
    lambda s: s["piles"][0][0].__setitem__(1, "XX"),
    lambda s: s.update(piles="none"),
])
def test_malformed_setups(mutate: Any) -> None:
    with pytest.raises(MalformedSetup):
        start(_broken(mutate))


def test_helper_layout_is_a_deal() -> None:
    setup = make_setup(up={0: ["2D"]}, no_suits={("up", 1): "D"})
    state = start(setup)
    choose(state, "NT")
    assert state.first_leader == 0


def test_bk_1_two_players_one_deck() -> None:
    assert BALAYI_KINGI.num_seats({}) == 2
    assert BALAYI_KINGI.canonical_deck() == list(range(52))
    assert start(SEED_0).num_seats == 2
