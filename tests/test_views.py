"""A view is the public view, the seat, and the seat's own view — in every game.

The salon encodes the public part once per move and adds each seat's own part to it as
text (``kahvehane/server/table/views.py``), so the parts must not share a key, and together
they must be exactly ``view(seat)``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.games import GAME_NAMES
from kahvehane.games.base import DealState
from kahvehane.match import Match


def check_parts(state: DealState) -> None:
    public = state.public_view()
    assert "seat" not in public
    assert state.view(None) == {**public, "seat": None}
    for seat in range(state.num_seats):
        own = state.own_view(seat)  # may be empty (Balayı: a hand not yet unlocked)
        assert not own.keys() & public.keys() and "seat" not in own
        assert state.view(seat) == {**public, "seat": seat, **own}
    public["game"] = "changed"  # a new dict each call: the caller may keep or change it
    assert state.public_view()["game"] != "changed"


@pytest.mark.parametrize("game", sorted(GAME_NAMES))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_views_are_public_part_seat_and_own_part(game: str, seed: int) -> None:
    rng = random.Random(seed)
    options = {"players": 2 + seed % 3} if game.endswith("casino") else {}
    match = Match(game, options, seed=seed)
    for _ in range(2):  # two deals: the second starts from the first one's result
        if match.complete:
            break
        state = match.deal()
        check_parts(state)
        while not state.is_over:
            seat = state.to_act[0]
            match.apply(rng.choice(state.legal_actions(seat)))
            check_parts(state)
