"""Koz Maça's constants and the objects made once for every move, shared by the engine
(:mod:`~kahvehane.games.koz_maca.deal`) and its compiled core (``_core.pyx``), so that
both emit the very same events.

Actions and single-move events are immutable, so they are made once here and handed out
shared: a move then allocates one short list (``docs/engine.md``, "Events are read-only").
"""

from __future__ import annotations

from kahvehane.cards import CARD_NAMES, SPADES
from kahvehane.games.base import Event
from kahvehane.games.tricks import TrickDuties

SEATS = 4
TRICKS = 13
MIN_BID, MAX_BID = 1, 13
#: A sixth trick makes its taker the Kasa claimant (KM-15).
KASA_TRICKS = 6

DEFAULT_FINISH = 100
FIRST_TO_SIX = "first_to_six"
FIRST_SIX_TRICKS = "first_six_tricks"
#: The values of the ``kasa_rule`` option (KM-15); the first is the default.
KASA_RULES = (FIRST_TO_SIX, FIRST_SIX_TRICKS)

#: The phase before the play: the four bids (KM-6).
BIDDING = 0
PHASE_NAMES = ("bidding", "play", "over")

#: Koz Maça's switches of the shared trick duties.
DUTIES = TrickDuties(
    trump=SPADES,
    raise_plain=True,
    trump_lead_needs_break=True,
    lead_rule="KM-8",
    follow_rule="KM-9",
    void_rule="KM-10",
)
assert SPADES == 0  # the spades are the card codes 0..12: a spade is tested as c < 13

NAMES = CARD_NAMES

PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", s, {"card": NAMES[c]}) for c in range(52)) for s in range(SEATS)
)
BID_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("bid", s, {"tricks": b}) for b in range(MAX_BID + 1)) for s in range(SEATS)
)
BROKEN_EVENTS: tuple[Event, ...] = tuple(Event("spades_broken", s, {}) for s in range(SEATS))
TO_ACT: tuple[tuple[int], ...] = tuple((s,) for s in range(SEATS))
NEXT: tuple[int, ...] = tuple((s + 1) % SEATS for s in range(SEATS))
