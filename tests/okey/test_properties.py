"""Invariants of random legal Okey play (hypothesis): conservation of the 106 tiles, no
hidden tile in any view or event, records replay to the same result, and rejected
actions change nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Arrange, Discard, Draw, Finish
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.match import Match
from kahvehane.records import replay_result
from kahvehane.tiles import full_set

from .helpers import greedy_action, snapshot

GAMES = st.sampled_from(["duz_okey", "kdv_okey"])


def _all_tiles(d: OkeyDeal) -> Counter[int]:
    tiles = Counter([d.indicator, *d.pile[d.pile_pos :]])
    for seat in range(4):
        tiles.update(d.hand(seat))
        tiles.update(d.discards[seat])
    if d.finish_tile is not None:
        tiles[d.finish_tile] += 1
    return tiles


def _permute_hidden(d: OkeyDeal, viewer: int | None, rng: random.Random) -> OkeyDeal:
    """A state that differs from ``d`` only in what ``viewer`` cannot see."""
    e = d.copy()
    seats = [s for s in range(4) if s != viewer]
    hidden = [t for s in seats for t in e.hand(s)] + list(e.pile[e.pile_pos :])
    rng.shuffle(hidden)
    it = iter(hidden)
    for s in seats:
        e.racks[s] = [tuple(next(it) for _ in block) for block in e.racks[s]]
    e.pile = e.pile[: e.pile_pos] + tuple(it)
    return e


def _choose(d: OkeyDeal, rng: random.Random) -> object:
    if rng.random() < 0.15:
        return rng.choice(d.suggested_arrangements(rng.randrange(4)))
    return greedy_action(d, rng)


def play(game: str, seed: int, pairs: bool, check: bool) -> Match:
    rng = random.Random(seed)
    m = Match(game, {"deals": 3, "pairs": pairs}, seed=seed)
    while not m.complete:
        # greedy players finish most deals: a run of 60 void deals means finishing is broken
        assert len(m.deals) < 60, "no deal finishes: the finish check looks broken"
        d = m.deal()
        assert isinstance(d, OkeyDeal)
        while not d.is_over:
            action = _choose(d, rng)
            if check and rng.random() < 0.2:
                _try_illegal(d, rng)
            events = m.apply(action)  # type: ignore[arg-type]
            if check:
                assert _all_tiles(d) == Counter(full_set())
                for ev in events:
                    for v in (None, 0, 1, 2, 3):
                        if v != ev.seat:
                            assert ev.for_seat(v) == ev.for_seat(None)
                    if ev.kind == "draw" and ev.public["from"] == "pile":
                        assert "tile" not in ev.public
                if not d.is_over:
                    for viewer in (None, 0, 1, 2, 3):
                        other = _permute_hidden(d, viewer, rng)
                        assert other.view(viewer) == d.view(viewer)
    return m


def _try_illegal(d: OkeyDeal, rng: random.Random) -> None:
    seat = d.turn
    not_held = [t for t in range(53) if t not in d.hand(seat)]
    candidates = [
        Discard((seat + 1) % 4, d.hand((seat + 1) % 4)[0]),
        Discard(seat, rng.choice(not_held)),
        Draw(seat, "pile") if d.phase == "discard" else Discard(seat, d.hand(seat)[0]),
        Finish(seat, d.hand(seat)[0]),
        Arrange(seat, ((d.hand(seat)[0],),)),
    ]
    for action in candidates:
        if action in d.legal_actions(action.seat):
            continue
        before = snapshot(d)
        try:
            d.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted but is not legal")
        assert snapshot(d) == before


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), game=GAMES, pairs=st.booleans())
def test_random_play_conserves_tiles_and_leaks_nothing(seed: int, game: str, pairs: bool) -> None:
    play(game, seed, pairs, check=True)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), game=GAMES, pairs=st.booleans())
def test_random_match_record_replays_to_the_same_result(
    seed: int, game: str, pairs: bool
) -> None:
    m = play(game, seed, pairs, check=False)
    result = m.result_json()
    assert result["complete"] is True
    assert replay_result(m.to_record()) == result
    assert replay_result(m.to_record(include_setups=False)) == result
    totals = result["totals"]
    assert totals == [sum(d["scores"][s] for d in result["deals"]) for s in range(4)]
    assert sum(result["ranking_points"]) == 0
