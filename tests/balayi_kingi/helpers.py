"""Helpers for the Balayı Kingi tests: layouts around named cards, moves by card name.

``make_setup(up={1: ["7D", "5H"]}, no_suits={("up", 1): "SH"})`` is the package's
fixed-layout dealer (:func:`kahvehane.games.balayi_kingi.fixed.fixed_setup`): those cards
face up on seat 1's first piles, every other position (face-up, face-down, hands) filled
from the remaining cards while keeping the named groups free of the named suits — so a
rule case written for a few cards ("follower's face-up cards {3D, 5H}") has exactly the
same legal cards in a full 52-card layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.cards import card_name, parse_card
from kahvehane.games.balayi_kingi import BALAYI_KINGI, BalayiKingiDeal, ChooseContract, Play
from kahvehane.games.balayi_kingi.fixed import fixed_setup as make_setup
from kahvehane.games.base import DealResult, Event

__all__ = ["choose", "fake_history", "legal", "make_setup", "names", "play", "start"]

ALL = [card_name(c) for c in range(52)]


def start(setup: Mapping[str, Any], history: Sequence[DealResult] = ()) -> BalayiKingiDeal:
    return BALAYI_KINGI.new_deal({}, setup, history)


def choose(state: BalayiKingiDeal, code: str) -> list[Event]:
    return state.apply(ChooseContract(state.chooser, code))


def play(state: BalayiKingiDeal, *cards: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        events += state.apply(Play(state.turn, parse_card(c)))
    return events


def legal(state: BalayiKingiDeal, seat: int | None = None) -> set[str]:
    seat = state.turn if seat is None else seat
    return {card_name(a.card) for a in state.legal_actions(seat) if isinstance(a, Play)}


def names(mask: int) -> set[str]:
    return {c for c in ALL if mask >> parse_card(c) & 1}


def fake_history(contracts: Sequence[str], first_dealer: int = 0,
                 scores: Sequence[Sequence[int]] | None = None) -> list[DealResult]:
    """Finished deals naming ``contracts`` in turn (the chooser is the non-dealer)."""
    out = []
    for k, code in enumerate(contracts):
        dealer = (first_dealer + k) % 2
        sc = tuple(scores[k]) if scores else (0, 0)
        out.append(DealResult(sc, "tricks", {"contract": code, "chooser": 1 - dealer,
                                             "weight": 1, "tricks": [13, 13]}, dealer))
    return out
