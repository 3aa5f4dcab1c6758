"""Balayı Kingi's contracts (BK-4): the four trump suits and Kozsuz, their weights, and
the trick duties each one plays under (BK-9)."""

from __future__ import annotations

from kahvehane.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from kahvehane.games.tricks import TrickDuties

__all__ = ["BEFORE_CONTRACT", "CONTRACTS", "CONTRACT_DUTIES"]

#: Contracts in the order legal_actions lists them (by weight), with weight and trump.
CONTRACTS: dict[str, tuple[int, int | None]] = {
    "C": (1, CLUBS),
    "D": (2, DIAMONDS),
    "H": (3, HEARTS),
    "S": (4, SPADES),
    "NT": (5, None),
}
#: ``CONTRACT_DUTIES[code]``: Balayı's switches of the shared trick duties under a
#: contract — no duty to beat in plain suits, raise on a led trump, trump when void.
CONTRACT_DUTIES: dict[str, TrickDuties] = {
    code: TrickDuties(
        trump=trump,
        raise_plain=False,
        trump_lead_needs_break=False,
        lead_rule="BK-10",
        follow_rule="BK-9",
        void_rule="BK-9",
    )
    for code, (_, trump) in CONTRACTS.items()
}
#: A deal's duties before its contract is named: no card is played then (BK-4), so they
#: are never consulted; the contract's replace them.
BEFORE_CONTRACT = CONTRACT_DUTIES["NT"]
