"""A fixed-layout dealer: a complete Balayı Kingi ``setup`` around the cards a scenario
names.

``fixed_setup(up={1: ["7D", "5H"]}, no_suits={("up", 1): "SH"})`` puts those cards face
up on seat 1's first piles and fills every other position (face-up, face-down, hands)
from the remaining cards (deterministically) while keeping the named groups free of the
named suits — so a rule case written for a few cards ("the follower's face-up cards
{3D, 5H}") has exactly the same legal cards in a full 52-card layout.

>>> s = fixed_setup(up={1: ["7D", "5H"]}, no_suits={("up", 1): "SH"})
>>> [pile[1] for pile in s["piles"][1][:2]], len(s["hands"][0])
(['7D', '5H'], 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kahvehane.cards import card_name, parse_card
from kahvehane.errors import MalformedSetup, Message
from kahvehane.games.balayi_kingi.constants import HAND, PILES, SEATS
from kahvehane.games.base import JSON

__all__ = ["fixed_setup"]

NAMED_TWICE = Message("balayi_kingi.fixed.twice", "{card} is named twice",
                      "{card} iki kez verilmiş")
TOO_MANY = Message("balayi_kingi.fixed.too_many",
                   "the {kind} cards of seat {seat} are {count}, more than {room}",
                   "{seat}. koltuğun {kind} kartları {count} tane, {room} taneden fazla")
NO_ROOM = Message("balayi_kingi.fixed.no_room", "no place can take {card}",
                  "{card} kartını alabilecek yer yok")

_ALL = [card_name(c) for c in range(52)]
#: How many cards each kind of place holds per seat.
ROOM = {"up": PILES, "down": PILES, "hand": HAND}
Group = tuple[str, int]


def fixed_setup(dealer: int = 0, up: Mapping[int, Iterable[str]] | None = None,
                down: Mapping[int, Iterable[str]] | None = None,
                hands: Mapping[int, Iterable[str]] | None = None,
                no_suits: Mapping[Group, str] | None = None) -> JSON:
    """A setup with the named face-up, face-down and hand cards of each seat (first, in
    pile order) and the groups of ``no_suits`` (``("up", 1)`` → ``"SH"``) holding no
    other card of those suits; the rest dealt in canonical order to the groups with the
    most room. :class:`MalformedSetup` if a card is named twice, a group is given too
    many or the suits left out leave a card no place."""
    groups: dict[Group, list[str]] = {}
    used: set[str] = set()
    for kind, given in (("up", up), ("down", down), ("hand", hands)):
        for seat in range(SEATS):
            cards = [card_name(parse_card(c)) for c in (given or {}).get(seat, ())]
            if len(cards) > ROOM[kind]:
                raise MalformedSetup(TOO_MANY, kind=kind, seat=seat, count=len(cards),
                                     room=ROOM[kind])
            for card in cards:
                if card in used:
                    raise MalformedSetup(NAMED_TWICE, card=card)
                used.add(card)
            groups[(kind, seat)] = cards
    no_suits = no_suits or {}

    def allowed(card: str) -> list[Group]:
        return [g for g in groups if card[-1] not in no_suits.get(g, "")]

    for card in sorted((c for c in _ALL if c not in used), key=lambda c: len(allowed(c))):
        room = [g for g in allowed(card) if len(groups[g]) < ROOM[g[0]]]
        if not room:
            raise MalformedSetup(NO_ROOM, card=card)
        groups[max(room, key=lambda g: ROOM[g[0]] - len(groups[g]))].append(card)
    return {
        "dealer": dealer,
        "piles": [[[groups[("down", s)][i], groups[("up", s)][i]] for i in range(PILES)]
                  for s in range(SEATS)],
        "hands": [groups[("hand", s)] for s in range(SEATS)],
    }
