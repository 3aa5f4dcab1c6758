"""Random positions of every trick-game deal class, for the tests of the shared parts:
``is_legal``, sampling from a view, the refusal messages."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

from kahvehane.errors import ActionError
from kahvehane.games.balayi_kingi import BALAYI_KINGI, CONTRACTS, ChooseContract
from kahvehane.games.base import Action, DealState
from kahvehane.games.koz_maca import KASA_RULES, KOZ_MACA, Bid, KozMacaDeal, KozMacaPureDeal
from kahvehane.games.tricks import Play, TrickDeal

#: The deal classes: what ``new_deal`` makes for each game, and Koz Maça's reference.
KINDS = ["koz_maca", "koz_maca_pure", "balayi_kingi"]


def new_deal(kind: str, rng: random.Random) -> TrickDeal:
    """A random deal of ``kind``: any dealer; for Koz Maça any Kasa rule, an open or a
    closed Kasa, an extra deal or not."""
    rules = BALAYI_KINGI if kind == "balayi_kingi" else KOZ_MACA
    options = rules.parse_options({})
    order = list(range(52))
    rng.shuffle(order)
    setup = rules.setup_from_order(options, order, rng.randrange(rules.num_seats(options)), [])
    deal = rules.new_deal(options, setup, [])
    if kind == "balayi_kingi":
        assert isinstance(deal, TrickDeal)
        return deal
    cls = KozMacaPureDeal if kind == "koz_maca_pure" else KozMacaDeal
    return cls(deal.dealer, list(deal.hands), rng.choice(KASA_RULES), rng.random() < 0.8,
               rng.random() < 0.2)


def positions(kind: str, rng: random.Random, every: int = 1) -> Iterator[TrickDeal]:
    """Every ``every``-th position of one random deal of ``kind``, its end included,
    each reached by random legal moves (the legal actions asked first, as a bot does)."""
    state = new_deal(kind, rng)
    step = 0
    while True:
        if step % every == 0 or state.is_over:
            yield state
        if state.is_over:
            return
        legal = state.legal_actions(state.to_act[0])
        state.apply(rng.choice(legal))
        step += 1


class Stranger(Action):
    """An action of no trick game."""


def candidates(state: TrickDeal) -> list[Any]:
    """Actions to try on ``state``: every card of every seat, and the opening actions,
    well-formed or not, of the state's game."""
    seats = range(state.num_seats)
    out: list[Any] = [Play(s, c) for s in seats for c in range(52)]
    seat = state.turn
    out += [Play(seat, -1), Play(seat, 52), Play(seat, True), Play(seat, "AS"),
            Play("0", 5), Stranger(seat)]
    if state.game == "koz_maca":
        out += [Bid(s, b) for s in seats for b in (0, 1, 7, 13, 14)]
        out += [Bid(seat, True), Bid(seat, 3.0)]  # type: ignore[arg-type]
    else:
        out += [ChooseContract(s, code) for s in seats for code in CONTRACTS]
        out += [ChooseContract(seat, "X"), ChooseContract(seat, 3)]  # type: ignore[arg-type]
    return out


def accepts(state: DealState, action: Any) -> bool:
    """Does a copy of ``state`` take ``action``?"""
    try:
        state.copy().apply(action)
    except ActionError:
        return False
    return True


def frozen(state: DealState) -> bytes:
    """Every field of ``state`` (a compiled core's C fields too), as bytes."""
    return pickle.dumps(state)
