"""The one action every trick game shares — play a card — and its shared instances.

Actions are immutable, so ``legal_actions`` hands out pre-built ``Play`` objects (no
allocation per move): :data:`PLAYS` has one per seat and card, and :func:`plays_of`
lists a legal mask's plays from a cache of one tuple per suit mask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kahvehane.cards import card_name
from kahvehane.games.base import JSON, Action, card_value, require
from kahvehane.games.tricks.masks import BIT, SUIT_MASK, cards_of

__all__ = ["PLAYS", "PLAYS_BY_MASK", "Play", "parse_play", "plays_of"]


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card (an int of :mod:`kahvehane.cards`) to the current trick.

    One action for every trick game: Koz Maça plays from the hand, Balayı Kingi from
    the hand or a face-up pile (the card says which).
    """

    act: ClassVar[str] = "play"
    card: int
    #: ``BIT[card]``, or 0 when ``card`` is not a card code (not an int 0..51): made once
    #: here, so that ``apply`` tests a card against a legal mask with one AND, with no
    #: type and range check per move. Not part of the action's value (no ``__init__``
    #: argument; equality, hashing and ``repr`` ignore it).
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        c = self.card
        object.__setattr__(self, "bit", BIT[c] if type(c) is int and 0 <= c < 52 else 0)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "play", "card": card_name(self.card)}


#: ``PLAYS[seat][card]``: the shared ``Play`` of every seat (up to four) and card.
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(s, c) for c in range(52)) for s in range(4)
)

#: ``PLAYS_BY_MASK[seat][mask]``: the tuple of ``seat``'s ``Play`` actions for a mask
#: of cards of one suit, filled by :func:`plays_of` on first use. A legal set is usually
#: one suit (a follower's), so it is then one dict lookup; a lead joins one tuple per
#: suit. At most 4 × 8191 entries per seat, however long the process plays.
PLAYS_BY_MASK: tuple[dict[int, tuple[Play, ...]], ...] = tuple({0: ()} for _ in range(4))

_S0, _S1, _S2, _S3 = SUIT_MASK


def plays_of(seat: int, mask: int) -> list[Action]:
    """The shared ``Play`` actions of ``seat`` for every card in ``mask``, by card code
    (a new list: the caller's own).

    A mask of one suit is one lookup; a lead (13 times a deal) spans several suits, and
    the four per-suit lookups are written out. A miss (a suit mask seen for the first
    time, rare once a process has played a while) is filled in and looked up again.
    """
    by_mask = PLAYS_BY_MASK[seat]
    plays = by_mask.get(mask)
    if plays is not None:
        return [*plays]
    try:
        return [*by_mask[mask & _S0], *by_mask[mask & _S1], *by_mask[mask & _S2],
                *by_mask[mask & _S3]]
    except KeyError:
        for suit_mask in SUIT_MASK:
            part = mask & suit_mask
            if part not in by_mask:
                by_mask[part] = tuple(PLAYS[seat][c] for c in cards_of(part))
        return plays_of(seat, mask)


def parse_play(seat: int, obj: Mapping[str, Any]) -> Play:
    """The shared ``Play`` of a record action ``{"act": "play", "card": "7D"}`` of
    ``seat`` (already read), or :class:`~kahvehane.errors.MalformedAction`."""
    return PLAYS[seat][card_value(require(obj, "card", str), "'card'")]
