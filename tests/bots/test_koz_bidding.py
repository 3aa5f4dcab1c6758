"""Koz Maça bidding by simulation (issue 19): the search bot's bid is the candidate with
the best mean deal score over deals sampled from its view, played out by the heuristic;
it keeps to its budget and replays exactly. No test here measures time."""

from __future__ import annotations

import random
from typing import Any

from kahvehane.bots import make_bot
from kahvehane.bots.cardutil import names_mask
from kahvehane.bots.determinize import sampler
from kahvehane.bots.koz_bidding import MARGIN, SPREAD, choose_bid_by_simulation, heuristic_playout
from kahvehane.bots.koz_maca import choose_bid
from kahvehane.games import get_game
from kahvehane.games.koz_maca import Bid
from kahvehane.games.koz_maca.fixed import fixed_setup
from kahvehane.match import Match
from tests.bots.helpers import Counting

SPADES = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]


def _bidder(setup: dict[str, Any] | None = None, seed: str = "kb") -> tuple[Any, int]:
    rules = get_game("koz_maca")
    options = rules.parse_options({})
    state = rules.new_deal(options, setup, []) if setup else Match(
        "koz_maca", options, seed=seed).deal()
    return state, state.to_act[0]


def test_a_heuristic_playout_ends_the_deal_legally() -> None:
    state, _ = _bidder()
    heuristic_playout(state)  # the engine refuses any illegal bid or card
    assert state.is_over and sum(state.won) == 13 and None not in state.bids


def test_a_hand_that_takes_every_trick_bids_thirteen() -> None:
    """Thirteen spades win all 13 tricks in every sample: bid 13 makes 130, 12 makes one
    over (121), 11 two over (112); the candidates go :data:`SPREAD` below."""
    state, _ = _bidder(fixed_setup({0: SPADES}, dealer=3))
    assert state.to_act[0] == 0
    view = state.view(0)
    legal = [a for a in state.legal_actions(0) if isinstance(a, Bid)]
    smp = sampler(view, {})
    bid, means = choose_bid_by_simulation(view, 0, legal, smp.sample, random.Random(1), 4)
    assert bid == 13
    assert means == {11: 112.0, 12: 121.0, 13: 130.0}
    assert min(means) == 13 - SPREAD


def test_it_keeps_to_its_budget_and_replays_exactly() -> None:
    for k in range(4):
        state, seat = _bidder(seed=f"kb{k}")
        view = state.view(seat)
        legal = [a for a in state.legal_actions(seat) if isinstance(a, Bid)]
        counting = Counting(sampler(view, {}))
        bid, means = choose_bid_by_simulation(view, seat, legal, counting,
                                              random.Random(k), 6)
        assert counting.calls == 6 and bid in {a.tricks for a in legal}
        heuristic = choose_bid(names_mask(view["hand"]))
        assert heuristic in means and all(abs(b - heuristic) <= SPREAD for b in means)
        # the heuristic's bid unless another's mean is better by the margin
        assert bid == heuristic or means[bid] > means[heuristic] + MARGIN
        assert means[bid] >= means[heuristic]
        late = Counting(sampler(view, {}))
        choose_bid_by_simulation(view, seat, legal, late, random.Random(k), 50, deadline=0.0)
        assert late.calls == 1  # a deadline already past: one sample
        again, same = choose_bid_by_simulation(view, seat, legal, sampler(view, {}).sample,
                                               random.Random(k), 6)
        assert (again, same) == (bid, means)


def test_the_search_bot_bids_by_simulation() -> None:
    differs = 0
    for k in range(12):
        state, seat = _bidder(seed=f"sb{k}")
        view, legal = state.view(seat), state.legal_actions(seat)
        bot = make_bot("koz_maca", "search", seat, random.Random(k))
        heuristic = make_bot("koz_maca", "heuristic", seat, random.Random(k))
        choice = bot.choose(view, legal)
        assert isinstance(choice, Bid) and choice in legal
        assert bot.last_values and str(choice.tricks) in bot.last_values  # type: ignore[attr-defined]
        differs += choice != heuristic.choose(view, legal)
    assert differs > 0  # not the heuristic's bid under another name
