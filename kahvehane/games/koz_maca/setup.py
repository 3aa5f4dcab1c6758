"""Koz Maça's deal as a record writes it: dealing a shuffled order into a ``setup``
(KM-5, docs/records.md "Seeded deals") and reading a setup back, with a
:class:`~kahvehane.errors.MalformedSetup` for anything that is not a possible deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.cards import card_name, card_names, parse_card
from kahvehane.errors import MalformedSetup, Message
from kahvehane.games import setup_checks as sc
from kahvehane.games.base import JSON
from kahvehane.games.koz_maca.constants import SEATS, TRICKS
from kahvehane.games.tricks import FULL, canonical_masks, mask_of

__all__ = ["deal_order", "read_setup"]

BAD_HANDS = Message("koz_maca.setup.hands", "'hands' must be a list of 4 hands",
                    "'hands' dört oyuncunun kartlarını tutan bir liste olmalı")

#: ``_BLOCKS[dealer]``: which block of 13 of the shuffled order each seat gets (KM-5).
_BLOCKS: tuple[tuple[slice, ...], ...] = tuple(
    tuple(slice(TRICKS * ((s - dealer - 1) % SEATS), TRICKS * ((s - dealer - 1) % SEATS + 1))
          for s in range(SEATS))
    for dealer in range(SEATS)
)


def deal_order(order: list[int], dealer: int) -> JSON:
    """Blocks of 13 from the shuffled order, starting with the seat after the dealer
    and ending with the dealer (docs/records.md, "Seeded deals")."""
    names = card_names(order[:52])
    b0, b1, b2, b3 = _BLOCKS[dealer]
    return {"dealer": dealer, "hands": [names[b0], names[b1], names[b2], names[b3]]}


def _canonical_hands(raw_hands: list[Any]) -> list[int] | None:
    """The hand masks of four hands of 13 canonical card names (what :func:`deal_order`
    writes) that are together exactly the 52 cards, else ``None`` (see
    :func:`~kahvehane.games.tricks.canonical_masks`)."""
    masks = canonical_masks(raw_hands, TRICKS)
    return masks if masks is not None and sum(masks) == FULL else None


def read_setup(setup: Mapping[str, Any]) -> tuple[int, list[int]]:
    """The dealer and the four hand masks of a setup, or :class:`MalformedSetup`.

    A setup written with canonical names (every random deal) is read in one pass; any
    other goes the lenient, checking way, which also words the error.
    """
    dealer = sc.seat_field(setup, "dealer", SEATS)
    raw_hands = sc.field(setup, "hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != SEATS:
        raise MalformedSetup(BAD_HANDS)
    masks = _canonical_hands(raw_hands)
    if masks is None:  # not canonical, or not a deal: parse slowly, word the error
        hands = [sc.item_list(h, f"hands[{s}]", parse_card, TRICKS)
                 for s, h in enumerate(raw_hands)]
        sc.check_exact_deck((c for h in hands for c in h), range(52), card_name,
                            sc.THE_52_CARDS)
        masks = [mask_of(h) for h in hands]
    return dealer, masks
