"""KM-12: 10 × bid + overtricks; short or 3+ over ("Yan 3 Batar") costs 10 × bid.
T-KM-1 … T-KM-5, and whole deals scored through the engine."""

from __future__ import annotations

import pytest

from kahvehane.games.koz_maca import deal_score
from tests.koz_maca.helpers import bid_all, start

ALL_SPADES = {
    "dealer": 3,
    "hands": [[f"{f}{s}" for f in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J",
                                   "Q", "K")] for s in "SHDC"],
}


@pytest.mark.parametrize(("bid", "tricks", "score"), [
    (3, 3, 30),                                   # T-KM-1 (seed)
    (3, 5, 32),                                   # T-KM-2 (seed)
    (3, 2, -30), (3, 1, -30),                     # T-KM-3 (seed)
    (3, 6, -30),                                  # T-KM-4 (seed: Yan 3 Batar)
    (3, 4, 31), (1, 0, -10), (1, 3, 12), (1, 4, -10), (10, 12, 102),   # T-KM-5
    (10, 13, -100), (11, 13, 112), (13, 13, 130), (3, 13, -30),
])
def test_deal_score(bid: int, tricks: int, score: int) -> None:
    assert deal_score(bid, tricks) == score


@pytest.mark.parametrize(("bids", "scores"), [
    ((13, 1, 1, 1), (130, -10, -10, -10)),
    ((10, 1, 2, 1), (-100, -10, -20, -10)),       # Yan 3 Batar in a real deal
    ((11, 13, 1, 5), (112, -130, -10, -50)),
])
def test_a_whole_deal_is_scored(bids: tuple[int, ...], scores: tuple[int, ...]) -> None:
    """Seat 0 holds all spades and leads (KM-8 exception): it takes all 13 tricks."""
    state = start(ALL_SPADES)
    bid_all(state, bids)
    while not state.is_over:
        state.apply(state.legal_actions(state.turn)[0])
    result = state.result()
    assert result is not None
    assert result.scores == scores
    assert result.end == "tricks"
    assert result.detail["tricks"] == [13, 0, 0, 0]
    assert result.detail["bids"] == list(bids)
