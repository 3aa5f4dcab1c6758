"""Any action, legal or not, either applies (and the tiles are still the 106) or is
refused with an ActionError that changes nothing: random table actions thrown at random
deals (docs/engine.md: apply validates completely before it changes anything)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import ActionError
from kahvehane.games.okey_101.actions import (
    Discard,
    Finish,
    Lay,
    Layoff,
    LayPairs,
    Open,
    OpenPairs,
    Return,
    Swap,
)
from kahvehane.games.okey_101.melds import STAR
from kahvehane.match import Match
from kahvehane.tiles import full_set
from tests.okey_101.test_properties import all_tiles


def _random_action(rng: random.Random, deal: object, seat: int) -> object:
    hand = deal.hand(seat)  # type: ignore[attr-defined]
    okey = deal.okey  # type: ignore[attr-defined]

    def tile() -> int:
        t = rng.choice(hand) if hand and rng.random() < 0.8 else rng.randrange(53)
        if t == okey and rng.random() < 0.7:
            return STAR + rng.randrange(52)
        return t

    kind = rng.randrange(9)
    melds = tuple(tuple(tile() for _ in range(rng.randrange(2, 6)))
                  for _ in range(rng.randrange(1, 6)))
    pairs = tuple((tile(), tile()) for _ in range(rng.randrange(1, 7)))
    meld = rng.randrange(-1, len(deal.table) + 2)  # type: ignore[attr-defined]
    return [Open(seat, melds), OpenPairs(seat, pairs), Lay(seat, melds),
            LayPairs(seat, pairs), Layoff(seat, meld, tile()),
            Swap(seat, meld, rng.randrange(53)), Discard(seat, rng.randrange(53)),
            Finish(seat, rng.randrange(53)), Return(seat)][kind]


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_random_actions_apply_or_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    m = Match("okey_101", {"deals": 3, "katlamali": seed % 2 == 0}, seed=seed)
    deal = m.deal()
    while not deal.is_over:
        seat = deal.to_act[0]
        for _ in range(20):
            action = _random_action(rng, deal, rng.choice([seat, seat, (seat + 1) % 4]))
            before = (deal.view(None), [deal.hand(s) for s in range(4)])
            try:
                deal.apply(action)  # type: ignore[arg-type]
            except ActionError:
                assert (deal.view(None), [deal.hand(s) for s in range(4)]) == before
            assert all_tiles(deal) == full_set()
            if deal.is_over:
                break
        if not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions(deal.to_act[0])))
    assert all_tiles(deal) == full_set()
