"""Koz Maça bidding by simulation: the bid that scores best over deals the bidder cannot
tell from the real one.

The heuristic bids its hand's estimated tricks (:func:`kahvehane.bots.koz_maca.choose_bid`).
A count of honours misses what decides a bid: how the other hands lie, how the
others bid, and that a bid missed by one trick costs as much as it would have won (KM-12:
short or three over, "Yan 3 Batar", is −10 × bid). So the search bot bids like this:

1. **Candidates**: the legal bids within :data:`SPREAD` of the heuristic's.
2. **Samples**: deals consistent with the view (:mod:`kahvehane.bots.determinize`, the
   game's ``deal_from_view``): the other three hands dealt at random from the unseen
   cards, the bids already made kept.
3. **Play-outs**: in each sample, each candidate is bid and the deal is played to its
   end by the heuristic for all four seats (the seats still to bid bid the heuristic's
   bid of their sampled hands). The same samples serve every candidate, and a play-out
   has no randomness of its own, so candidates are compared on the same deals.
4. **Pick**: the candidate with the best mean deal score; the heuristic's bid unless
   another is better by :data:`MARGIN` points.

It stops sampling at the deadline (``search:time=…``), after at least one sample.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kahvehane.bots.base import cpu_clock
from kahvehane.bots.cardutil import names_mask
from kahvehane.bots.koz_maca import choose_bid, choose_card
from kahvehane.games.base import DealState
from kahvehane.games.koz_maca import Bid, Play, deal_score

__all__ = ["BID_SAMPLES", "MARGIN", "SPREAD", "choose_bid_by_simulation", "heuristic_playout"]

#: Samples per bid decision when the bot spec gives no time limit.
BID_SAMPLES = 48
#: How far from the heuristic's bid the candidates go (in tricks, both ways).
SPREAD = 2
#: Mean deal points another bid must gain over the heuristic's to replace it.
MARGIN = 0.5


def heuristic_playout(state: Any) -> None:
    """Play ``state`` (a Koz Maça deal, any phase) to its end with the heuristic for
    every seat, reading the state's own fields (faster than building views; a seat's
    unseen cards are the other hands)."""
    while not state.is_over:
        s = state.turn
        legal = state.legal_actions(s)
        hands = state.hands
        if isinstance(legal[0], Bid):
            bid = choose_bid(hands[s])
            state.apply(next(a for a in legal if isinstance(a, Bid) and a.tricks == bid))
            continue
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        held = hands[0] | hands[1] | hands[2] | hands[3]
        card = choose_card(s, hands[s], [a.card for a in legal], list(state.trick),
                           state.bids[s] or 0, state.won[s], held & ~hands[s])
        state.apply(next(a for a in legal if isinstance(a, Play) and a.card == card))


def choose_bid_by_simulation(
    view: Mapping[str, Any],
    seat: int,
    legal: Sequence[Bid],
    sample: Callable[[random.Random], DealState],
    rng: random.Random,
    samples: int = BID_SAMPLES,
    deadline: float | None = None,
) -> tuple[int, dict[int, float]]:
    """The bid to make and each candidate's mean deal score (see the module text).
    ``sample(rng)`` deals the hidden hands consistently with ``view``."""
    heuristic = choose_bid(names_mask(view["hand"]))
    offered = {a.tricks for a in legal}
    candidates = [b for b in range(heuristic - SPREAD, heuristic + SPREAD + 1) if b in offered]
    if heuristic not in candidates:
        candidates.append(min(offered, key=lambda b: (abs(b - heuristic), b)))
    scores: dict[int, list[float]] = {b: [] for b in candidates}
    for i in range(max(1, samples)):
        if deadline is not None and i and cpu_clock() > deadline:
            break
        start = sample(rng)
        for b in candidates:
            state: Any = start.copy()  # a Koz Maça deal: its hands, bids and tricks
            state.apply(Bid(seat, b))
            heuristic_playout(state)
            scores[b].append(float(deal_score(b, state.won[seat])))
    means = {b: statistics.fmean(v) for b, v in scores.items()}
    base = heuristic if heuristic in means else candidates[-1]
    best = max(candidates, key=lambda b: (means[b], -abs(b - heuristic)))
    return (best if means[best] > means[base] + MARGIN else base), means
