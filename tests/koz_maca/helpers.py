"""Helpers for the Koz Maça tests: deals around named cards, moves by card name.

``build_setup({2: ["9H", "QH", "AC"]}, voids={2: "H"})`` is the package's fixed-hand
dealer (:func:`kahvehane.games.koz_maca.fixed.fixed_setup`): seat 2 gets those cards,
every hand is filled to 13 with the remaining cards, and seat 2 stays free of further
hearts, so that a rule case written for a small hand ("hand {9H, QH, AC}") has exactly
the same legal cards in a real 13-card deal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.cards import card_name, parse_card
from kahvehane.games.base import Action, DealResult, Event
from kahvehane.games.koz_maca import KOZ_MACA, Bid, KozMacaDeal, Play
from kahvehane.games.koz_maca.fixed import fixed_setup as build_setup

__all__ = ["bid_all", "build_setup", "fake_history", "first_legal", "hand", "legal", "play",
           "start"]

ALL = [card_name(c) for c in range(52)]


def start(setup: Mapping[str, Any], options: Mapping[str, Any] | None = None,
          history: Sequence[DealResult] = ()) -> KozMacaDeal:
    return KOZ_MACA.new_deal(KOZ_MACA.parse_options(options), setup, history)


def bid_all(state: KozMacaDeal, bids: Sequence[int] = (1, 1, 1, 1)) -> None:
    for b in bids:
        state.apply(Bid(state.turn, b))


def play(state: KozMacaDeal, *cards: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        events += state.apply(Play(state.turn, parse_card(c)))
    return events


def legal(state: KozMacaDeal, seat: int | None = None) -> set[str]:
    seat = state.turn if seat is None else seat
    return {card_name(a.card) for a in state.legal_actions(seat) if isinstance(a, Play)}


def hand(state: KozMacaDeal, seat: int) -> set[str]:
    return {c for c in ALL if state.hands[seat] >> parse_card(c) & 1}


def first_legal(state: KozMacaDeal) -> Action:
    return state.legal_actions(state.turn)[0]


def fake_history(scores: Sequence[Sequence[int]], first_dealer: int = 0,
                 claims: Sequence[int | None] | None = None) -> list[DealResult]:
    """Finished deals with given scores (for match-level rules that only read results)."""
    out = []
    for k, sc in enumerate(scores):
        claim = claims[k] if claims else None
        out.append(DealResult(tuple(sc), "tricks",
                              {"bids": [1] * 4, "tricks": [0] * 4, "kasa_claimant": claim,
                               "extra_deal": False}, (first_dealer + k) % 4))
    return out
