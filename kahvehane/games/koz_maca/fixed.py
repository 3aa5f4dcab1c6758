"""A fixed-hand dealer: a complete Koz Maça ``setup`` around the cards a scenario names.

Tests, puzzles and bug reports want "seat 2 holds 9H QH AC and no other heart" without
writing out all 52 cards. :func:`fixed_setup` gives each seat its named cards, fills
every hand to 13 with the remaining cards (deterministically) and keeps the ``voids``
free of the suits named for them, so a rule case written for a small hand has exactly
the same legal cards in a real 13-card deal.

>>> s = fixed_setup({2: ["9H", "QH", "AC"]}, voids={2: "H"})
>>> s["hands"][2][:3], len(s["hands"][2]), sum(c.endswith("H") for c in s["hands"][2])
(['9H', 'QH', 'AC'], 13, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kahvehane.cards import card_name, parse_card
from kahvehane.errors import MalformedSetup, Message
from kahvehane.games.base import JSON
from kahvehane.games.koz_maca.constants import SEATS, TRICKS

__all__ = ["fixed_setup"]

NAMED_TWICE = Message("koz_maca.fixed.twice", "{card} is named twice",
                      "{card} iki kez verilmiş")
TOO_MANY = Message("koz_maca.fixed.too_many", "seat {seat} is given {count} cards, not 13",
                   "{seat}. koltuğa 13 değil {count} kart verilmiş")
NO_ROOM = Message("koz_maca.fixed.no_room", "no seat can take {card}",
                  "{card} kartını alabilecek koltuk yok")

_ALL = [card_name(c) for c in range(52)]


def fixed_setup(hands: Mapping[int, Iterable[str]], voids: Mapping[int, str] | None = None,
                dealer: int = 3) -> JSON:
    """A setup where seat ``s`` holds ``hands[s]`` (card names, first) and no card of
    the suits in ``voids[s]`` (suit letters, ``"HD"``) beyond those, the rest dealt in
    canonical order to the seats with the most room; :class:`MalformedSetup` if a card
    is named twice, a seat is given too many or the voids leave a card no place."""
    given = {s: [card_name(parse_card(c)) for c in hands.get(s, ())] for s in range(SEATS)}
    voids = voids or {}
    used: set[str] = set()
    for s, cards in given.items():
        if len(cards) > TRICKS:
            raise MalformedSetup(TOO_MANY, seat=s, count=len(cards))
        for card in cards:
            if card in used:
                raise MalformedSetup(NAMED_TWICE, card=card)
            used.add(card)

    def allowed(card: str) -> list[int]:
        return [s for s in range(SEATS) if card[-1] not in voids.get(s, "")]

    for card in sorted((c for c in _ALL if c not in used), key=lambda c: len(allowed(c))):
        seats = [s for s in allowed(card) if len(given[s]) < TRICKS]
        if not seats:
            raise MalformedSetup(NO_ROOM, card=card)
        given[max(seats, key=lambda s: TRICKS - len(given[s]))].append(card)
    return {"dealer": dealer, "hands": [given[s] for s in range(SEATS)]}
