"""A Balayı Kingi deal from a seat's view and an assignment of the cards it cannot see
(``GameRules.hidden_places`` / ``deal_from_view``, OpenSpiel's
``resample_from_infostate``).

The hidden places, each filled in the order given here:

* ``"down"`` — every face-down card, pile by pile (seat 0's piles 0–9, then seat 1's);
* ``"up"`` — before the contract only: the face-up cards not dealt yet (BK-3), in the
  same pile order;
* ``"hand:<seat>"`` — a hand the viewer cannot see: the opponent's always, his own
  while it is locked (BK-5), both for a spectator. Before the contract the view shows
  no hand sizes; every hand then holds 6 cards.

>>> from kahvehane.match import Match
>>> from kahvehane.games.balayi_kingi.actions import ChooseContract
>>> m = Match("balayi_kingi", seed=4)
>>> deal = m.deal()
>>> _ = m.apply(ChooseContract(deal.chooser, "H"))
>>> view = deal.view(deal.chooser)
>>> places = hidden_places(view)
>>> sorted(places.sizes.items())
[('down', 20), ('hand:0', 6), ('hand:1', 6)]
>>> cards = list(places.unseen)
>>> again = deal_from_view(view, {"down": cards[:20], "hand:0": cards[20:26],
...                               "hand:1": cards[26:]})
>>> again.view(deal.chooser) == view
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from kahvehane.errors import MalformedSetup
from kahvehane.games.balayi_kingi.constants import HAND, NO_CARD, PILES, SEATS
from kahvehane.games.balayi_kingi.deal import BalayiKingiDeal
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.tricks import FULL, cards_of, mask_of
from kahvehane.games.tricks.sampling import (
    BAD_VIEW,
    Trick,
    card_named,
    cards_named,
    check_assignment,
    played_in_view,
    reading_view,
)

__all__ = ["deal_from_view", "hidden_places"]

TITLE = "Balayı Kingi"


class _Reading(NamedTuple):
    """A view read once: the face-up cards, the viewer's hand (if shown), the play and
    the hidden places."""

    up: list[list[int]]
    hand: list[int] | None
    history: list[Trick]
    trick: list[int]
    places: HiddenPlaces


def _read(view: Mapping[str, Any]) -> _Reading:
    with reading_view(TITLE):
        if view["game"] != "balayi_kingi":
            raise ValueError(f"the view is of {view['game']!r}")
        seat = view["seat"]
        if seat is not None and (type(seat) is not int or not 0 <= seat < SEATS):
            raise ValueError(f"{seat!r} is not a seat")
        players = view["players"]
        if len(players) != SEATS or any(len(p["piles"]) != PILES for p in players):
            raise ValueError(f"a view shows {SEATS} players of {PILES} piles")
        choosing = view["phase"] == "contract"
        up = [[NO_CARD if p["up"] is None else card_named(p["up"]) for p in pl["piles"]]
              for pl in players]
        known = mask_of(c for row in up for c in row if c >= 0)
        hand = cards_named(view["hand"]) if "hand" in view else None
        known |= mask_of(hand or ())
        history, trick = played_in_view(view)
        for _, cards, _ in history:
            known |= mask_of(cards)
        known |= mask_of(trick)
        sizes = {"down": sum(bool(p["down"]) for pl in players for p in pl["piles"])}
        if choosing:
            sizes["up"] = sum(c < 0 for row in up for c in row)
        for s in range(SEATS):
            if s != seat or hand is None:
                sizes[f"hand:{s}"] = HAND if choosing else int(players[s]["hand_count"])
    unseen = tuple(cards_of(FULL & ~known))
    if sum(sizes.values()) != len(unseen):
        raise MalformedSetup(BAD_VIEW, game=TITLE,
                             problem=f"its hidden places hold {sum(sizes.values())} cards,"
                                     f" but {len(unseen)} are unseen")
    return _Reading(up, hand, history, trick, HiddenPlaces(unseen, sizes))


def hidden_places(view: Mapping[str, Any]) -> HiddenPlaces:
    """The cards ``view`` does not show and the places they lie in (the module's
    docstring names them), with how many each holds."""
    return _read(view).places


def deal_from_view(
    view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
) -> BalayiKingiDeal:
    """The deal in which the seat of ``view`` sees exactly ``view`` and each hidden place
    holds its part of ``assignment`` (in the places' order);
    :class:`~kahvehane.errors.MalformedSetup` if the assignment does not deal the unseen
    cards into those places (or the view is not one of a Balayı Kingi deal)."""
    reading = _read(view)
    dealt = check_assignment(reading.places, assignment)
    downs = iter(dealt["down"])
    ups = iter(dealt.get("up", ()))
    with reading_view(TITLE):
        players = view["players"]
        piles = [[(next(downs) if p["down"] else NO_CARD, c if c >= 0 or "up" not in dealt
                   else next(ups)) for p, c in zip(pl["piles"], row, strict=True)]
                 for pl, row in zip(players, reading.up, strict=True)]
        # (a hand not hidden is the viewer's own, open hand)
        hands = [dealt.get(f"hand:{s}", reading.hand or []) for s in range(SEATS)]
        used = [[str(code) for code in pl["used_contracts"]] for pl in players]
        first = view["first_leader"]
        return BalayiKingiDeal.from_position(
            int(view["dealer"]), piles, hands, used, view["contract"],
            None if first is None else int(first), [bool(pl["unlocked"]) for pl in players],
            reading.history, reading.trick)
