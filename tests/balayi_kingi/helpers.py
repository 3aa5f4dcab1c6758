"""A fixed-layout dealer for Balayı Kingi tests.

``make_setup(up={1: ["7D", "5H"]}, no_suits={("up", 1): "SH"})`` puts those cards face up
on seat 1's first piles and fills every other position (face-up, face-down, hands) from
the remaining cards while keeping the named groups free of the named suits — so a rule
case written for a few cards ("follower's face-up cards {3D, 5H}") has exactly the same
legal cards in a full 52-card layout.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kahvehane.cards import card_name, parse_card
from kahvehane.games.balayi_kingi import BALAYI_KINGI, BalayiKingiState, ChooseContract, Play
from kahvehane.games.base import DealResult, Event

ALL = [card_name(c) for c in range(52)]
CAPACITY = {"up": 10, "down": 10, "hand": 6}


def make_setup(dealer: int = 0, up: Mapping[int, Iterable[str]] | None = None,
               down: Mapping[int, Iterable[str]] | None = None,
               hands: Mapping[int, Iterable[str]] | None = None,
               no_suits: Mapping[tuple[str, int], str] | None = None) -> dict[str, Any]:
    groups: dict[tuple[str, int], list[str]] = {}
    for kind, spec in (("up", up), ("down", down), ("hand", hands)):
        for seat in (0, 1):
            groups[(kind, seat)] = [card_name(parse_card(c)) for c in (spec or {}).get(seat, ())]
    no_suits = no_suits or {}
    used = [c for g in groups.values() for c in g]
    assert len(used) == len(set(used)), "a card is named twice"

    def allowed(card: str) -> list[tuple[str, int]]:
        return [g for g in groups if card[-1] not in no_suits.get(g, "")]

    for card in sorted((c for c in ALL if c not in used), key=lambda c: len(allowed(c))):
        room = [g for g in allowed(card) if len(groups[g]) < CAPACITY[g[0]]]
        assert room, f"no place for {card}"
        groups[max(room, key=lambda g: CAPACITY[g[0]] - len(groups[g]))].append(card)
    return {
        "dealer": dealer,
        "piles": [[[groups[("down", s)][i], groups[("up", s)][i]] for i in range(10)]
                  for s in (0, 1)],
        "hands": [groups[("hand", 0)], groups[("hand", 1)]],
    }


def start(setup: Mapping[str, Any], history: Sequence[DealResult] = ()) -> BalayiKingiState:
    return BALAYI_KINGI.new_deal({}, setup, history)


def choose(state: BalayiKingiState, code: str) -> list[Event]:
    return state.apply(ChooseContract(state.chooser, code))


def play(state: BalayiKingiState, *cards: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        events += state.apply(Play(state.turn, parse_card(c)))
    return events


def legal(state: BalayiKingiState, seat: int | None = None) -> set[str]:
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
