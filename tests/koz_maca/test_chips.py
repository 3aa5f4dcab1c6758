"""KM-14 / KM-15 chips: the winner's 3E, the Kasa's E, the claimant's Kasa; chips are
conserved (P-5): T-KM-15, T-KM-16."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.games.koz_maca import settle_game


def test_t_km_15() -> None:
    s = settle_game(1_000, kasa_before=0, winner=2, kasa_claimant=None)
    assert s.net == (-1_000, -1_000, 2_000, -1_000)
    assert s.kasa_delta == 1_000
    assert sum(s.net) + s.kasa_delta == 0


def test_t_km_16_the_kasa_accumulates_and_is_paid() -> None:
    kasa = 0
    for _ in range(5):
        kasa = settle_game(1_000, kasa, winner=0, kasa_claimant=None).kasa_after
    assert kasa == 5_000
    game6 = settle_game(1_000, kasa, winner=1, kasa_claimant=2)
    assert game6.kasa_at_start == 6_000
    assert game6.net[2] == -1_000 + 6_000
    assert game6.kasa_after == 0
    game7 = settle_game(1_000, game6.kasa_after, winner=1, kasa_claimant=None)
    assert game7.kasa_at_start == 1_000


def test_winner_and_claimant_may_be_the_same_seat() -> None:
    s = settle_game(500, 2_000, winner=3, kasa_claimant=3)
    assert s.net == (-500, -500, -500, -500 + 1_500 + 2_500)
    assert s.kasa_after == 0


def test_transfers_are_the_whole_story() -> None:
    s = settle_game(1_000, 3_000, winner=0, kasa_claimant=1)
    moves = [(t.source, t.target, t.amount) for t in s.transfers]
    assert moves == [("seat:0", "pot", 1_000), ("seat:1", "pot", 1_000),
                     ("seat:2", "pot", 1_000), ("seat:3", "pot", 1_000),
                     ("pot", "kasa", 1_000), ("pot", "seat:0", 3_000),
                     ("kasa", "seat:1", 4_000)]


@pytest.mark.parametrize(("args", "message"), [
    ((0, 0, 0, None), "entry"), ((-5, 0, 0, None), "entry"), ((True, 0, 0, None), "entry"),
    ((10, -1, 0, None), "Kasa"), ((10, 0, 4, None), "winner"), ((10, 0, 0, 7), "claimant"),
])
def test_bad_arguments(args: tuple[int, int, int, int | None], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        settle_game(*args)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 10**9), st.integers(0, 10**12), st.integers(0, 3),
       st.one_of(st.none(), st.integers(0, 3)))
def test_conservation(entry: int, kasa: int, winner: int, claimant: int | None) -> None:
    s = settle_game(entry, kasa, winner, claimant)
    assert sum(s.net) + s.kasa_delta == 0
    assert s.kasa_after == (0 if claimant is not None else kasa + entry)
    assert all(t.amount > 0 for t in s.transfers)
    losers = [x for i, x in enumerate(s.net) if i not in (winner, claimant)]
    assert all(x == -entry for x in losers)
