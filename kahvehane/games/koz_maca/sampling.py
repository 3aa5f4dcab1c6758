"""A Koz Maça deal from a seat's view and an assignment of the cards it cannot see
(``GameRules.hidden_places`` / ``deal_from_view``, OpenSpiel's
``resample_from_infostate``).

A seat sees its own hand, the bids and every card played; the hidden places are the
other seats' hands, ``"hand:<seat>"``, each holding as many cards as the view says.
:func:`deal_from_view` builds the deal through
:meth:`~kahvehane.games.koz_maca.deal.KozMacaPureDeal.from_position`, so the seat sees
exactly its view in it: everything else (the turn, the Kasa claim, broken spades)
follows from the view's history by the rules.

>>> from kahvehane.match import Match
>>> m = Match("koz_maca", seed=3)
>>> deal = m.deal()
>>> view = deal.view(2)
>>> places = hidden_places(view)
>>> sorted(places.sizes.items())
[('hand:0', 13), ('hand:1', 13), ('hand:3', 13)]
>>> cards = list(places.unseen)
>>> again = deal_from_view(view, {"hand:0": cards[:13], "hand:1": cards[13:26],
...                               "hand:3": cards[26:]})
>>> again.view(2) == view
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from kahvehane.errors import MalformedSetup
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.koz_maca.constants import SEATS
from kahvehane.games.koz_maca.deal import KozMacaDeal
from kahvehane.games.tricks import FULL, cards_of, mask_of
from kahvehane.games.tricks.sampling import (
    BAD_VIEW,
    Trick,
    cards_named,
    check_assignment,
    played_in_view,
    reading_view,
)

__all__ = ["deal_from_view", "hidden_places"]

TITLE = "Koz Maça"


class _Reading(NamedTuple):
    """A view read once: the viewer, his hand, the play and the hidden places."""

    seat: int | None
    own: int
    history: list[Trick]
    trick: list[int]
    places: HiddenPlaces


def _read(view: Mapping[str, Any]) -> _Reading:
    with reading_view(TITLE):
        if view["game"] != "koz_maca":
            raise ValueError(f"the view is of {view['game']!r}")
        seat = view["seat"]
        if seat is not None and (type(seat) is not int or not 0 <= seat < SEATS):
            raise ValueError(f"{seat!r} is not a seat")
        own = mask_of(cards_named(view["hand"])) if seat is not None else 0
        history, trick = played_in_view(view)
        known = own | mask_of(trick)
        for _, cards, _ in history:
            known |= mask_of(cards)
        sizes = {f"hand:{s}": int(view["hand_sizes"][s]) for s in range(SEATS) if s != seat}
    unseen = tuple(cards_of(FULL & ~known))
    if sum(sizes.values()) != len(unseen):
        raise MalformedSetup(BAD_VIEW, game=TITLE,
                             problem=f"the hands hold {sum(sizes.values())} cards, but"
                                     f" {len(unseen)} are unseen")
    return _Reading(seat, own, history, trick, HiddenPlaces(unseen, sizes))


def hidden_places(view: Mapping[str, Any]) -> HiddenPlaces:
    """The cards ``view`` does not show (neither the viewer's hand nor played) and the
    hands they lie in: ``"hand:<seat>"`` for every other seat (all four for a
    spectator's view), with the size the view shows."""
    return _read(view).places


def deal_from_view(
    view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
) -> KozMacaDeal:
    """The deal in which the seat of ``view`` sees exactly ``view`` and each other hand
    holds ``assignment["hand:<seat>"]``; :class:`~kahvehane.errors.MalformedSetup` if the
    assignment does not deal the unseen cards into those hands (or the view is not one
    of a Koz Maça deal).

    The Kasa is open to this deal's players if the view says it is, or if one of them
    has claimed it (a claim needs an open Kasa); the Kasa rule is the view's.
    """
    reading = _read(view)
    dealt = check_assignment(reading.places, assignment)
    hands = [reading.own if s == reading.seat else mask_of(dealt[f"hand:{s}"])
             for s in range(SEATS)]
    with reading_view(TITLE):
        bids = [None if b is None else int(b) for b in view["bids"]]
        claimant = view["kasa_claimant"]
        return KozMacaDeal.from_position(
            int(view["dealer"]), hands, str(view["kasa_rule"]),
            bool(view["kasa_open"]) or claimant is not None, bool(view["extra_deal"]),
            bids, reading.history, reading.trick)
