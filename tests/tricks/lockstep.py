"""Play one random deal twice in lockstep, to check the engines' fast paths.

``offered`` asks ``legal_actions`` before every move, so ``apply`` takes a fast path
where an engine has one (Koz Maça's compiled core remembers the cards it offered);
``checked`` never asks, so every move gets the full check.
Both must emit the same events, show the same views and end with the same result, and
the offered state must still reject illegal moves without changing. The cards offered
must be exactly those that the full check of a copy of ``checked`` accepts.
"""

from __future__ import annotations

import random
from typing import Any

from kahvehane.errors import IllegalAction, MalformedAction
from kahvehane.games.base import Action, DealState
from kahvehane.games.tricks import PLAYING, Play, TrickDeal


def set_position(state: TrickDeal, seat: int, hand: int, trick: list[int],
             broken: bool) -> TrickDeal:
    """``state`` set, field by field as the search bots' samplers do, to the play phase
    with ``seat`` to play ``hand`` on ``trick``."""
    state.hands[seat] = hand
    state.trick = trick
    state.broken = broken
    state.phase = PLAYING
    state.turn = seat
    return state


def snapshot(state: DealState, seats: int) -> Any:
    viewers: list[int | None] = [None, *range(seats)]
    return ([state.view(v) for v in viewers], state.to_act, state.is_over,
            state.partial_detail(), state.result())


def accepts(state: DealState, action: Action) -> bool:
    """Does ``state`` (a copy of it) take ``action``?"""
    try:
        state.copy().apply(action)
    except (IllegalAction, MalformedAction):
        return False
    return True


def play_lockstep(offered: DealState, checked: DealState, rng: random.Random) -> int:
    """Play ``offered`` and ``checked`` (the same position) to the end; return the number
    of moves."""
    seats = offered.num_seats
    viewers: list[int | None] = [None, *range(seats)]
    moves = 0
    while not offered.is_over:
        assert snapshot(offered, seats) == snapshot(checked, seats)
        seat = offered.to_act[0]
        legal = offered.legal_actions(seat)
        if legal and all(isinstance(a, Play) for a in legal):
            assert legal == [Play(seat, c) for c in range(52) if accepts(checked, Play(seat, c))]
        if moves % 3 == 0:  # illegal moves after an offer: rejected, nothing changes
            before = snapshot(offered, seats)
            tries: list[Action] = [Play((seat + 1) % seats, 0), Play(seat, -1),
                                   Play(seat, 52), Play(seat, True)]
            tries += [Play(seat, c) for c in rng.sample(range(52), 6)]
            for bad in tries:
                if bad in legal:
                    continue
                try:
                    offered.apply(bad)
                except (IllegalAction, MalformedAction):
                    pass
                else:
                    raise AssertionError(f"accepted {bad}")
                assert snapshot(offered, seats) == before
            assert offered.legal_actions(seat) == legal
        action = rng.choice(legal)
        got = offered.apply(action)
        want = checked.apply(action)
        assert [e.for_seat(v) for e in got for v in viewers] == \
            [e.for_seat(v) for e in want for v in viewers]
        assert got == want
        moves += 1
    assert checked.is_over
    assert snapshot(offered, seats) == snapshot(checked, seats)
    return moves
