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
from typing import Any

from kahvehane.errors import MalformedSetup
from kahvehane.games.balayi_kingi.constants import HAND, NO_CARD, PILES, SEATS
from kahvehane.games.balayi_kingi.deal import BalayiKingiDeal
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.tricks import FULL, cards_of, mask_of
from kahvehane.games.tricks.sampling import (
    BAD_VIEW,
    cards_named,
    check_assignment,
    played_in_view,
    reading_view,
)

__all__ = ["deal_from_view", "hidden_places"]

TITLE = "Balayı Kingi"


def _viewer(view: Mapping[str, Any]) -> int | None:
    if view["game"] != "balayi_kingi":
        raise ValueError(f"the view is of {view['game']!r}")
    seat = view["seat"]
    if seat is not None and (type(seat) is not int or not 0 <= seat < SEATS):
        raise ValueError(f"{seat!r} is not a seat")
    if len(view["players"]) != SEATS or any(len(p["piles"]) != PILES
                                            for p in view["players"]):
        raise ValueError(f"a view shows {SEATS} players of {PILES} piles")
    return seat


def _face_up(view: Mapping[str, Any]) -> list[list[int]]:
    """The face-up cards the view shows, by seat and pile (``NO_CARD`` where none)."""
    return [[NO_CARD if p["up"] is None else cards_named([p["up"]])[0] for p in pl["piles"]]
            for pl in view["players"]]


def _hidden_hands(view: Mapping[str, Any], seat: int | None) -> list[int]:
    return [s for s in range(SEATS) if s != seat or "hand" not in view]


def hidden_places(view: Mapping[str, Any]) -> HiddenPlaces:
    """The cards ``view`` does not show and the places they lie in (the module's
    docstring names them), with how many each holds."""
    with reading_view(TITLE):
        seat = _viewer(view)
        choosing = view["phase"] == "contract"
        players = view["players"]
        up = _face_up(view)
        known = mask_of(c for row in up for c in row if c >= 0)
        if "hand" in view:
            known |= mask_of(cards_named(view["hand"]))
        history, trick = played_in_view(view)
        for _, cards, _ in history:
            known |= mask_of(cards)
        known |= mask_of(trick)
        sizes = {"down": sum(bool(p["down"]) for pl in players for p in pl["piles"])}
        if choosing:
            sizes["up"] = sum(c < 0 for row in up for c in row)
        for s in _hidden_hands(view, seat):
            sizes[f"hand:{s}"] = HAND if choosing else int(players[s]["hand_count"])
    unseen = tuple(cards_of(FULL & ~known))
    if sum(sizes.values()) != len(unseen):
        raise MalformedSetup(BAD_VIEW, game=TITLE,
                             problem=f"its hidden places hold {sum(sizes.values())} cards,"
                                     f" but {len(unseen)} are unseen")
    return HiddenPlaces(unseen, sizes)


def deal_from_view(
    view: Mapping[str, Any], assignment: Mapping[str, Sequence[int]]
) -> BalayiKingiDeal:
    """The deal in which the seat of ``view`` sees exactly ``view`` and each hidden place
    holds its part of ``assignment`` (in the places' order);
    :class:`~kahvehane.errors.MalformedSetup` if the assignment does not deal the unseen
    cards into those places (or the view is not one of a Balayı Kingi deal)."""
    dealt = check_assignment(hidden_places(view), assignment)
    with reading_view(TITLE):
        _viewer(view)
        players = view["players"]
        downs = iter(dealt["down"])
        ups = iter(dealt.get("up", ()))
        piles: list[list[tuple[int, int]]] = []
        for pl, row in zip(players, _face_up(view), strict=True):
            piles.append([
                (next(downs) if p["down"] else NO_CARD,
                 c if c >= 0 or "up" not in dealt else next(ups))
                for p, c in zip(pl["piles"], row, strict=True)])
        hands = [dealt[f"hand:{s}"] if f"hand:{s}" in dealt else cards_named(view["hand"])
                 for s in range(SEATS)]
        used = [[str(code) for code in pl["used_contracts"]] for pl in players]
        history, trick = played_in_view(view)
        first = view["first_leader"]
        return BalayiKingiDeal.from_position(
            int(view["dealer"]), piles, hands, used, view["contract"],
            None if first is None else int(first), [bool(pl["unlocked"]) for pl in players],
            history, trick)
