"""The fast paths of the Koz Maça engine change nothing but the speed.

* a setup written by ``setup_from_order`` (canonical card names) is read by a one-pass
  fast path; the same deal written leniently (``as``, ``10d``) goes the slow, checking
  way: both give the same deal, and a bad canonical setup gets the slow path's message;
* ``apply`` of a card ``legal_actions`` just offered skips the second rules check: a
  random deal played that way is identical, event by event and view by view, to the
  same deal played with the full check on every move;
* the ``phase`` and ``turn`` setters (used by the search bots' samplers) keep ``to_act``
  and ``is_over`` right.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.errors import MalformedSetup
from kahvehane.games.koz_maca import KASA_RULES, KOZ_MACA, Bid, KozMacaDeal, Play
from kahvehane.games.tricks import OVER, PLAYING
from tests.tricks.lockstep import play_lockstep

OPTIONS = KOZ_MACA.parse_options({})


def lenient(setup: dict[str, Any]) -> dict[str, Any]:
    """The same deal in lower case, which only the slow path reads."""
    return {"dealer": setup["dealer"], "hands": [[n.lower() for n in h] for h in setup["hands"]]}


def dealt(seed: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    return order, rng.randrange(4)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_setup_from_order_deals_blocks_of_13_from_the_seat_after_the_dealer(seed: int) -> None:
    order, dealer = dealt(seed)
    setup = KOZ_MACA.setup_from_order(OPTIONS, order, dealer, [])
    for i in range(4):
        seat = (dealer + 1 + i) % 4
        assert setup["hands"][seat] == [card_name(c) for c in order[13 * i: 13 * i + 13]]
    assert setup["dealer"] == dealer


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_the_fast_setup_reader_builds_the_same_deal(seed: int) -> None:
    order, dealer = dealt(seed)
    setup = KOZ_MACA.setup_from_order(OPTIONS, order, dealer, [])
    fast = KOZ_MACA.new_deal(OPTIONS, setup, [])
    slow = KOZ_MACA.new_deal(OPTIONS, lenient(setup), [])
    assert fast.hands == slow.hands and fast.dealer == slow.dealer == dealer
    assert fast.view(None) == slow.view(None)
    assert all(fast.view(s) == slow.view(s) for s in range(4))


@pytest.mark.parametrize("damage", ["repeat", "short", "long", "not a name", "not a list"])
def test_a_bad_canonical_setup_gets_the_checking_paths_error(damage: str) -> None:
    order, dealer = dealt(7)
    setup = KOZ_MACA.setup_from_order(OPTIONS, order, dealer, [])
    hands = setup["hands"]
    if damage == "repeat":
        hands[0][0] = hands[1][0]
    elif damage == "short":
        hands[2].pop()
    elif damage == "long":
        hands[2].append(hands[3].pop())
    elif damage == "not a name":
        hands[1][5] = 5
    else:
        hands[3] = "AS"
    with pytest.raises(MalformedSetup) as fast:
        KOZ_MACA.new_deal(OPTIONS, setup, [])
    if damage in ("repeat", "short", "long"):
        with pytest.raises(MalformedSetup) as slow:
            KOZ_MACA.new_deal(OPTIONS, lenient(setup), [])
        assert str(fast.value) == str(slow.value)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(KASA_RULES))
def test_offered_moves_play_exactly_like_fully_checked_ones(seed: int, kasa_rule: str) -> None:
    order, dealer = dealt(seed)
    options = KOZ_MACA.parse_options({"kasa_rule": kasa_rule})
    setup = KOZ_MACA.setup_from_order(options, order, dealer, [])
    offered = KOZ_MACA.new_deal(options, setup, [])
    checked = KOZ_MACA.new_deal(options, lenient(setup), [])
    assert play_lockstep(offered, checked, random.Random(seed)) == 56


def test_a_copy_plays_on_and_a_move_ends_the_offer() -> None:
    order, dealer = dealt(3)
    state = KOZ_MACA.new_deal(OPTIONS, KOZ_MACA.setup_from_order(OPTIONS, order, dealer, []), [])
    for _ in range(4):
        state.apply(state.legal_actions(state.turn)[0])
    legal = state.legal_actions(state.turn)
    twin = state.copy()
    twin.apply(legal[-1])
    state.apply(legal[-1])
    assert twin.view(None) == state.view(None)
    # after the move, the old offer is gone: the seat that just played is refused
    with pytest.raises(Exception, match="turn"):
        state.apply(legal[0])


def test_the_phase_and_turn_setters_keep_to_act_and_is_over() -> None:
    order, dealer = dealt(11)
    state = KOZ_MACA.new_deal(OPTIONS, KOZ_MACA.setup_from_order(OPTIONS, order, dealer, []), [])
    assert state.to_act == ((dealer + 1) % 4,) and not state.is_over
    for b in range(4):
        state.apply(Bid(state.turn, 1 + b))
    seat = state.turn
    card = state.legal_actions(seat)[0]
    assert isinstance(card, Play)
    state.turn = (seat + 1) % 4  # as a sampler does; the offer to `seat` must not survive
    assert state.to_act == ((seat + 1) % 4,)
    with pytest.raises(Exception, match="turn"):
        state.apply(card)
    state.phase = OVER
    assert state.is_over and state.to_act == () and state.legal_actions(seat) == []
    state.phase = PLAYING
    assert not state.is_over and state.to_act == ((seat + 1) % 4,)


def test_a_sampler_style_state_gets_consistent_bookkeeping() -> None:
    state = KozMacaDeal(0, [sum(1 << c for c in range(13 * s, 13 * s + 13)) for s in range(4)])
    state.phase = PLAYING
    state.turn = 2
    state.leader = 2
    state.bids = [1, 1, 1, 1]
    assert state.to_act == (2,)
    assert [a.card for a in state.legal_actions(2) if isinstance(a, Play)] == \
        list(range(26, 39))
