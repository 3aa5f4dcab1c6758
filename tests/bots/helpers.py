"""Shared helpers of the bot tests: play a deal forward with chosen bots."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kahvehane.bots import make_bot
from kahvehane.games.base import DealState
from kahvehane.match import Match


class Counting:
    """A sampler's ``sample`` that counts its calls (a search's budget in samples)."""

    def __init__(self, smp: Any) -> None:
        self.smp = smp
        self.calls = 0

    def __call__(self, rng: random.Random) -> Any:
        self.calls += 1
        return self.smp.sample(rng)


CARD_GAMES: list[tuple[str, dict[str, object]]] = [
    ("koz_maca", {}),
    ("balayi_kingi", {}),
    ("casino", {"players": 2}),
    ("royal_casino", {"players": 3}),
    ("casino", {"players": 4, "partners": True}),
]


def positions(game: str, options: dict[str, object], seed: int, *, every: int = 5,
              deals: int = 1) -> Iterator[tuple[Match, DealState, int]]:
    """Positions of heuristic-bot play: (match, state, seat to act), every ``every``
    decisions, over the first ``deals`` deals."""
    m = Match(game, options, seed=seed)
    bots = [make_bot(game, "heuristic", s, random.Random(s), m.options)
            for s in range(m.num_seats)]
    k = 0
    while not m.complete and len(m.deals) < deals:
        st = m.deal()
        while not st.is_over:
            seat = st.to_act[0]
            if k % every == 0:
                yield m, st, seat
            k += 1
            m.apply(bots[seat].choose(st.view(seat), st.legal_actions(seat)))
