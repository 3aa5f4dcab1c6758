"""Queries: ``is_legal`` is ``apply``'s question asked without applying anything, and
Casino has no off-turn (free) actions.

``is_legal`` must agree with ``apply`` on every stated move, legal or not; hold for
every listed move and for the unlisted ones ``check`` accepts (a partial capture, C-21);
change nothing; and decide a stated move by validating its sets, never by listing moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahvehane.errors import IllegalAction
from kahvehane.games.casino import CaptureAction, TrailAction, moves

from .helpers import CONFIGS, capture, position, random_positions, snapshot, stated_move


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(min_value=0, max_value=2**32))
def test_is_legal_agrees_with_apply_and_changes_nothing(
    config: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, options = config
    rng = random.Random(seed)
    verdicts = set()
    for state in random_positions(game, options, seed):
        before = snapshot(state)
        for _ in range(3):
            action = stated_move(state, rng)
            legal = state.is_legal(action)
            assert snapshot(state) == before
            trial = state.copy()
            try:
                trial.apply(action)
            except IllegalAction:
                assert not legal, action
                assert snapshot(trial) == before
            else:
                assert legal, action
            verdicts.add(legal)
        if state.is_over:
            continue
        seat = state.to_act[0]
        assert all(state.is_legal(a) for a in state.legal_actions(seat))
        for other in range(state.num_seats):
            assert state.free_actions(other) == ()
            if other != seat:  # C-12: a move out of turn is never legal
                assert not any(state.is_legal(TrailAction(other, x)) for x in state.hands[other])
        assert snapshot(state) == before
    assert verdicts == {True, False}


def test_a_finished_hand_has_no_legal_move() -> None:
    state = position(["6S", ""], "6C")
    assert state.is_legal(capture(0, "6S", "6C"))
    state.apply(capture(0, "6S", "6C"))
    assert state.is_over
    assert not state.is_legal(capture(0, "6S", "6C"))
    assert state.free_actions(0) == state.free_actions(1) == ()


def test_is_legal_validates_the_stated_sets_without_listing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = position(["8S 9C", "KD"], "2C 6H 3D 5C 8H")

    def no_listing(*args: Any) -> Any:
        raise AssertionError("is_legal listed the legal moves")

    monkeypatch.setattr(moves, "legal_actions", no_listing)
    whole = capture(0, "8S", "2C 6H", "3D 5C", "8H")
    part = capture(0, "8S", "3D 5C")  # C-21: only some of the groups
    assert state.is_legal(whole) and state.is_legal(part)
    assert not state.is_legal(capture(0, "8S", "2C 5C"))  # C-19: 7, not 8
    assert not state.is_legal(CaptureAction(0, 51, ((0,),)))  # not in the hand (C-16)
    with pytest.raises(AssertionError, match="listed"):
        state.legal_actions(0)
