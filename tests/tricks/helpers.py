"""Small helpers for the trick-core tests: card names in, card names out."""

from __future__ import annotations

from kahvehane.cards import SPADES, card_name, parse_card
from kahvehane.games.tricks import TrickDuties, cards_of, mask_of

#: Koz Maça's switches (KM-8..KM-10).
KM = TrickDuties(SPADES, raise_plain=True, trump_lead_needs_break=True,
                lead_rule="KM-8", follow_rule="KM-9", void_rule="KM-10")


def balayi(trump: int | None) -> TrickDuties:
    """Balayı Kingi's switches for a contract (BK-9)."""
    return TrickDuties(trump, raise_plain=False, trump_lead_needs_break=False,
                      lead_rule="BK-10", follow_rule="BK-9", void_rule="BK-9")


def m(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


def cards(*names: str) -> list[int]:
    return [parse_card(n) for n in names]


def names(mask: int) -> set[str]:
    return {card_name(c) for c in cards_of(mask)}
