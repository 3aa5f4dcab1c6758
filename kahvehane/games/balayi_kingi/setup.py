"""Balayı Kingi's deal as a record writes it: the layout dealt from a shuffled order
(BK-3, docs/records.md "Seeded deals") and a setup read back, with a
:class:`~kahvehane.errors.MalformedSetup` for anything that is not a possible deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kahvehane.cards import canonical_cards, card_name, card_names, parse_card
from kahvehane.errors import MalformedSetup, Message
from kahvehane.games import setup_checks as sc
from kahvehane.games.balayi_kingi.constants import HAND, PILES, SEATS
from kahvehane.games.base import JSON
from kahvehane.games.tricks import BIT, FULL

__all__ = ["Layout", "deal_order", "read_setup"]

BAD_PILES = Message("balayi_kingi.setup.piles", "'piles' must be a list of 2 lists of 10 piles",
                    "'piles' 10'ar desteden oluşan 2 listelik bir liste olmalı")
BAD_ROW = Message("balayi_kingi.setup.row", "piles[{seat}] must hold {piles} piles",
                  "piles[{seat}] {piles} deste tutmalı")
BAD_HANDS = Message("balayi_kingi.setup.hands", "'hands' must be a list of 2 hands",
                    "'hands' iki oyuncunun kartlarını tutan bir liste olmalı")

#: Piles (``(down, up)`` per pile, per seat) and hands (cards per seat) of a deal.
Layout = tuple[list[list[tuple[int, int]]], list[list[int]]]
#: ``_LAYOUT_BLOCKS[dealer][seat]``: the parts of the shuffled order that become the
#: seat's face-down piles 0–4 and 5–9 and face-up piles 0–4 and 5–9 (BK-3).
_LAYOUT_BLOCKS: tuple[tuple[tuple[slice, slice, slice, slice], ...], ...] = tuple(
    tuple(
        (slice(0, 5), slice(10, 15), slice(20, 25), slice(30, 35)) if seat != dealer
        else (slice(5, 10), slice(15, 20), slice(25, 30), slice(35, 40))
        for seat in range(SEATS)
    )
    for dealer in range(SEATS)
)


def deal_order(order: list[int], dealer: int) -> JSON:
    """Deal in the order of BK-3: face-down on the non-dealer's piles 0–4, the
    dealer's 0–4, the non-dealer's 5–9, the dealer's 5–9; face-up in the same order;
    then the hands three at a time, non-dealer first."""
    names = card_names(order[:52])
    down: list[list[str]] = [[], []]
    up: list[list[str]] = [[], []]
    for seat, block in enumerate(_LAYOUT_BLOCKS[dealer]):
        down[seat] = names[block[0]] + names[block[1]]
        up[seat] = names[block[2]] + names[block[3]]
    other = 1 - dealer
    return {
        "dealer": dealer,
        "piles": [[[d, u] for d, u in zip(down[s], up[s], strict=True)]
                  for s in range(SEATS)],
        "hands": [names[40:43] + names[46:49] if s == other else names[43:46] + names[49:]
                  for s in range(SEATS)],
    }


def _canonical_layout(raw_piles: list[Any], raw_hands: Any) -> Layout | None:
    """Piles and hands of a setup written with canonical card names in the right shape
    that is exactly the 52 cards (what :func:`deal_order` writes), else ``None``: one
    pass and one dict lookup per card (see
    :func:`~kahvehane.games.tricks.canonical_masks` for the one-sum deck check)."""
    names: list[Any] = []
    for row in raw_piles:
        if type(row) is not list or len(row) != PILES:
            return None
        for pile in row:
            if type(pile) is not list or len(pile) != 2:
                return None
            names += pile
    if type(raw_hands) is not list or len(raw_hands) != SEATS:
        return None
    for hand in raw_hands:
        if type(hand) is not list or len(hand) != HAND:
            return None
        names += hand
    cards = canonical_cards(names)
    if cards is None or sum(map(BIT.__getitem__, cards)) != FULL:
        return None
    half = SEATS * PILES
    piles = [list(zip(cards[0:half:2], cards[1:half:2], strict=True)),
             list(zip(cards[half:2 * half:2], cards[half + 1:2 * half:2], strict=True))]
    return piles, [cards[2 * half:2 * half + HAND], cards[2 * half + HAND:]]


def _parse_layout(raw_piles: list[Any], setup: Mapping[str, Any]) -> Layout:
    """Piles and hands of any setup, with a :class:`MalformedSetup` naming the first
    problem."""
    piles: list[list[tuple[int, int]]] = []
    for s, row in enumerate(raw_piles):
        if not isinstance(row, list) or len(row) != PILES:
            raise MalformedSetup(BAD_ROW, seat=s, piles=PILES)
        parsed = []
        for i, pile in enumerate(row):
            down, up = sc.item_list(pile, f"piles[{s}][{i}] ([down, up])", parse_card, 2)
            parsed.append((down, up))
        piles.append(parsed)
    raw_hands = sc.field(setup, "hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != SEATS:
        raise MalformedSetup(BAD_HANDS)
    hands = [sc.item_list(h, f"hands[{s}]", parse_card, HAND)
             for s, h in enumerate(raw_hands)]
    everything = [c for row in piles for pile in row for c in pile]
    everything += [c for h in hands for c in h]
    sc.check_exact_deck(everything, range(52), card_name, sc.THE_52_CARDS)
    return piles, hands


def read_setup(setup: Mapping[str, Any]) -> tuple[int, Layout]:
    """The dealer and the layout of a setup, or :class:`MalformedSetup`.

    A setup written with canonical names (every random deal) is read in one pass; any
    other goes the lenient, checking way, which also words the error.
    """
    dealer = sc.seat_field(setup, "dealer", SEATS)
    raw_piles = sc.field(setup, "piles")
    if not isinstance(raw_piles, list) or len(raw_piles) != SEATS:
        raise MalformedSetup(BAD_PILES)
    layout = _canonical_layout(raw_piles, setup.get("hands"))
    if layout is None:  # not canonical, or not a deal: parse slowly, word the error
        layout = _parse_layout(raw_piles, setup)
    return dealer, layout
