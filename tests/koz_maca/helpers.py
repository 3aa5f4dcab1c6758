"""A fixed-hand dealer for Koz Maça tests: build full deals around the cards a test names.

``build_setup({2: ["9H", "QH", "AC"]}, voids={2: "H"})`` gives seat 2 those cards, fills
every hand to 13 with the remaining cards, and keeps seat 2 free of further hearts, so
that a rule case written for a small hand ("hand {9H, QH, AC}") has exactly the same legal
cards in a real 13-card deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kahvehane.cards import card_name, parse_card
from kahvehane.games.base import Action, DealResult, Event
from kahvehane.games.koz_maca import KOZ_MACA, Bid, KozMacaState, Play

ALL = [card_name(c) for c in range(52)]


def build_setup(spec: Mapping[int, Iterable[str]], voids: Mapping[int, str] | None = None,
                dealer: int = 3) -> dict[str, Any]:
    hands: dict[int, list[str]] = {s: [card_name(parse_card(c)) for c in spec.get(s, ())]
                                   for s in range(4)}
    voids = voids or {}
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card is named twice"

    def allowed(card: str) -> list[int]:
        return [s for s in range(4) if card[-1] not in voids.get(s, "")]

    rest = sorted((c for c in ALL if c not in used), key=lambda c: len(allowed(c)))
    for card in rest:
        seats = [s for s in allowed(card) if len(hands[s]) < 13]
        assert seats, f"no seat can take {card}"
        hands[max(seats, key=lambda s: 13 - len(hands[s]))].append(card)
    return {"dealer": dealer, "hands": [hands[s] for s in range(4)]}


def start(setup: Mapping[str, Any], options: Mapping[str, Any] | None = None,
          history: Sequence[DealResult] = ()) -> KozMacaState:
    return KOZ_MACA.new_deal(KOZ_MACA.parse_options(options), setup, history)


def bid_all(state: KozMacaState, bids: Sequence[int] = (1, 1, 1, 1)) -> None:
    for b in bids:
        state.apply(Bid(state.turn, b))


def play(state: KozMacaState, *cards: str) -> list[Event]:
    events: list[Event] = []
    for c in cards:
        events += state.apply(Play(state.turn, parse_card(c)))
    return events


def legal(state: KozMacaState, seat: int | None = None) -> set[str]:
    seat = state.turn if seat is None else seat
    return {card_name(a.card) for a in state.legal_actions(seat) if isinstance(a, Play)}


def hand(state: KozMacaState, seat: int) -> set[str]:
    return {c for c in ALL if state.hands[seat] >> parse_card(c) & 1}


def first_legal(state: KozMacaState) -> Action:
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
