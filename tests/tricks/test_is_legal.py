"""``is_legal`` is ``apply`` without the move: for every deal class of the trick games it
accepts exactly what ``apply`` accepts, agrees with ``legal_actions``, and — a query —
changes nothing, not even what a compiled core remembers of its last offer."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tricks.positions import KINDS, accepts, candidates, frozen, positions


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(KINDS), st.integers(0, 10**9))
def test_is_legal_accepts_what_apply_accepts(kind: str, seed: int) -> None:
    rng = random.Random(seed)
    for state in positions(kind, rng, every=9):
        for asked in (False, True):  # a compiled core's offered fast path, and not
            if asked and not state.is_over:
                state.legal_actions(state.to_act[0])
            before = frozen(state)
            tries = candidates(state)
            verdicts = [state.is_legal(a) for a in tries]
            assert frozen(state) == before
            assert verdicts == [accepts(state, a) for a in tries]
            assert frozen(state) == before


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(KINDS), st.integers(0, 10**9))
def test_is_legal_agrees_with_legal_actions(kind: str, seed: int) -> None:
    """Every legal action is legal, and every other try of that seat is not."""
    rng = random.Random(seed)
    for state in positions(kind, rng, every=3):
        tries = candidates(state)
        for seat in range(state.num_seats):
            legal = state.legal_actions(seat)
            assert all(state.is_legal(a) for a in legal)
            assert {a for a in tries if type(a.seat) is int and a.seat == seat
                    and state.is_legal(a)} <= set(legal)


def test_the_trick_games_have_no_free_actions() -> None:
    rng = random.Random(1)
    for kind in KINDS:
        for state in positions(kind, rng, every=20):
            assert all(state.free_actions(s) == () for s in range(state.num_seats))
