"""Balayı Kingi's constants and the events made once for every move (events are frozen
and their ``public`` dicts are only ever read: a move then allocates one short list)."""

from __future__ import annotations

from kahvehane.cards import CARD_NAMES
from kahvehane.games.base import Event

SEATS = 2
PILES = 10
HAND = 6
TRICKS = 26
DEALS = 10
#: An empty place of a pile (``up`` / ``down`` hold a card code or this).
NO_CARD = -1
#: The phase before the play: the non-dealer names the contract (BK-4).
CONTRACT = 0
PHASE_NAMES = ("contract", "play", "over")
#: The piles of the chooser whose face-up cards exist when he chooses (BK-3).
EARLY_PILES = range(5)

NAMES = CARD_NAMES
#: ``PILE_PLAY_EVENTS[seat][pile][card]``: a card played from a face-up pile.
PILE_PLAY_EVENTS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(
        tuple(Event("play", s, {"card": NAMES[c], "from": "pile", "pile": i})
              for c in range(52))
        for i in range(PILES)
    )
    for s in range(SEATS)
)
#: ``HAND_PLAY_EVENTS[seat][card]``: a card played from the hand.
HAND_PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", s, {"card": NAMES[c], "from": "hand", "pile": None})
          for c in range(52))
    for s in range(SEATS)
)
#: ``REVEAL_EVENTS[seat][pile][card]``: the card beneath turns face up (BK-7).
REVEAL_EVENTS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event("reveal", s, {"pile": i, "card": NAMES[c]}) for c in range(52))
          for i in range(PILES))
    for s in range(SEATS)
)
TO_ACT: tuple[tuple[int], ...] = tuple((s,) for s in range(SEATS))
