"""Small helpers the card-game bots share: reading a view's cards, masks, strength."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kahvehane.cards import parse_card
from kahvehane.games.tricks import BIT, HIGHER, STRENGTH, SUIT_MASK, cards_of, mask_of

__all__ = [
    "BIT",
    "FULL",
    "HIGHER",
    "STRENGTH",
    "SUIT_MASK",
    "cards_of",
    "mask_of",
    "names_mask",
    "played_mask",
]

FULL = (1 << 52) - 1


def names_mask(names: Iterable[str]) -> int:
    """The mask of some card names."""
    m = 0
    for x in names:
        m |= BIT[parse_card(x)]
    return m


def played_mask(view: Mapping[str, Any]) -> int:
    """Every card played to a trick so far (finished tricks and the current one)."""
    m = 0
    for t in view["tricks"]:
        m |= names_mask(t["cards"])
    for p in view["trick"]:
        m |= BIT[parse_card(p["card"])]
    return m


def lowest(mask: int) -> int:
    """The weakest card of a non-empty mask (by trick strength, then code)."""
    return min(cards_of(mask), key=lambda c: (STRENGTH[c], c))


def highest(mask: int) -> int:
    """The strongest card of a non-empty mask."""
    return max(cards_of(mask), key=lambda c: (STRENGTH[c], -c))


def is_master(card: int, unseen: int) -> bool:
    """No unseen card of its suit beats ``card``."""
    return not (HIGHER[card] & unseen)


def beats(card: int, best: int, trump: int | None) -> bool:
    """Whether ``card`` beats the trick's current winning card ``best``."""
    if card // 13 == best // 13:
        return STRENGTH[card] > STRENGTH[best]
    return card // 13 == trump


def winning_card(trick: list[int], trump: int | None) -> int:
    """The card now winning a non-empty trick."""
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    return best


__all__ += ["beats", "highest", "is_master", "lowest", "winning_card"]
