"""The fast paths of the Balayı Kingi engine change nothing but the speed.

* a setup written by ``setup_from_order`` (canonical card names) is read by a one-pass
  fast path; the same deal written leniently (``as``, ``10d``) goes the slow, checking
  way: both give the same deal, and a bad canonical setup gets the slow path's message;
* asking ``legal_actions`` before every move changes nothing (queries have no side
  effects): a random deal played that way is identical, event by event and view by
  view, to the same deal played without asking.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.errors import MalformedSetup
from kahvehane.games.balayi_kingi import BALAYI_KINGI, CONTRACTS, ChooseContract
from tests.tricks.lockstep import play_lockstep

OPTIONS = BALAYI_KINGI.parse_options({})


def lenient(setup: dict[str, Any]) -> dict[str, Any]:
    """The same deal in lower case, which only the slow path reads."""
    return {"dealer": setup["dealer"],
            "piles": [[[n.lower() for n in pile] for pile in row] for row in setup["piles"]],
            "hands": [[n.lower() for n in h] for h in setup["hands"]]}


def dealt(seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    return order, rng.randrange(2)


def bk3_layout(order: list[int], dealer: int) -> dict[str, Any]:
    """BK-3 written out: down on the non-dealer's piles 0-4, the dealer's 0-4, the
    non-dealer's 5-9, the dealer's 5-9; face up in the same order; the hands three at a
    time, non-dealer first."""
    other = 1 - dealer
    it = iter(order)
    layers: list[list[list[str]]] = []
    for _ in ("down", "up"):
        layer: list[list[str]] = [[""] * 10, [""] * 10]
        for seat, first in ((other, 0), (dealer, 0), (other, 5), (dealer, 5)):
            for i in range(first, first + 5):
                layer[seat][i] = card_name(next(it))
        layers.append(layer)
    hands: list[list[str]] = [[], []]
    for seat in (other, dealer, other, dealer):
        hands[seat] += [card_name(next(it)) for _ in range(3)]
    return {"dealer": dealer,
            "piles": [[[layers[0][s][i], layers[1][s][i]] for i in range(10)] for s in (0, 1)],
            "hands": hands}


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_setup_from_order_follows_bk3(seed: int) -> None:
    order, dealer = dealt(seed)
    assert BALAYI_KINGI.setup_from_order(OPTIONS, order, dealer, []) == bk3_layout(order, dealer)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_the_fast_setup_reader_builds_the_same_deal(seed: int) -> None:
    order, dealer = dealt(seed)
    setup = BALAYI_KINGI.setup_from_order(OPTIONS, order, dealer, [])
    fast = BALAYI_KINGI.new_deal(OPTIONS, setup, [])
    slow = BALAYI_KINGI.new_deal(OPTIONS, lenient(setup), [])
    for attr in ("dealer", "chooser", "down", "up", "hands", "where", "tops", "used"):
        assert getattr(fast, attr) == getattr(slow, attr), attr
    assert all(fast.view(v) == slow.view(v) for v in (None, 0, 1))


@pytest.mark.parametrize("damage", ["repeat", "short pile", "short hand", "not a name",
                                    "no hands"])
def test_a_bad_canonical_setup_gets_the_checking_paths_error(damage: str) -> None:
    order, dealer = dealt(7)
    setup = BALAYI_KINGI.setup_from_order(OPTIONS, order, dealer, [])
    if damage == "repeat":
        setup["hands"][0][0] = setup["piles"][1][3][1]
    elif damage == "short pile":
        setup["piles"][0][4].pop()
    elif damage == "short hand":
        setup["hands"][1].pop()
    elif damage == "not a name":
        setup["piles"][1][2][0] = None
    else:
        del setup["hands"]
    with pytest.raises(MalformedSetup) as fast:
        BALAYI_KINGI.new_deal(OPTIONS, setup, [])
    if damage in ("repeat", "short pile", "short hand"):
        with pytest.raises(MalformedSetup) as slow:
            BALAYI_KINGI.new_deal(OPTIONS, lenient(setup), [])
        assert str(fast.value) == str(slow.value)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(list(CONTRACTS)))
def test_offered_moves_play_exactly_like_fully_checked_ones(seed: int, contract: str) -> None:
    order, dealer = dealt(seed)
    setup = BALAYI_KINGI.setup_from_order(OPTIONS, order, dealer, [])
    offered = BALAYI_KINGI.new_deal(OPTIONS, setup, [])
    checked = BALAYI_KINGI.new_deal(OPTIONS, lenient(setup), [])
    for state in (offered, checked):
        state.apply(ChooseContract(1 - dealer, contract))
    assert play_lockstep(offered, checked, random.Random(seed)) == 52
