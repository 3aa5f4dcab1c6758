"""A 101 deal from a seat's view and an assignment of the tiles it cannot see
(``GameRules.hidden_places`` / ``deal_from_view``), for search bots.

Everything on the table is public in 101 (101-38): the melds (so the okeys in them and
what they stand for), every discard stack, hand sizes, openings, penalties and the turn's
state, which the public view carries. What a seat cannot see are the other racks,
``"rack:<s>"`` (a spectator's view: all four), and the pile, ``"pile"`` (top first).
The deal is built directly from the view; nothing about the past is invented.

>>> from kahvehane.match import Match
>>> from kahvehane.games.okey_101.rules import OKEY_101
>>> m = Match("okey_101", {"deals": 3}, seed=5)
>>> view = m.deal().view(1)
>>> places = OKEY_101.hidden_places(m.options, view)
>>> sorted(places.sizes.items())
[('pile', 20), ('rack:0', 21), ('rack:2', 22), ('rack:3', 21)]
>>> tiles = iter(places.unseen)
>>> assignment = {p: [next(tiles) for _ in range(n)] for p, n in places.sizes.items()}
>>> OKEY_101.deal_from_view(m.options, view, assignment).view(1) == view
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.errors import MalformedSetup, Message
from kahvehane.games.base import JSON, HiddenPlaces
from kahvehane.games.okey import rack as rk
from kahvehane.games.okey_101.deal import Okey101Deal
from kahvehane.games.okey_101.melds import STAR, TableMeld, parse_meld_tile
from kahvehane.tiles import TILE_CODES, full_set, okey_of

WRONG_ASSIGNMENT = Message(
    "okey101.wrong_assignment",
    "the assignment does not fill the hidden places with the unseen tiles",
    "atama gizli yerleri görülmeyen taşlarla doldurmuyor")


def _table_tiles(view: Mapping[str, Any], okey: int) -> list[int]:
    out = []
    for meld in view["table"]:
        for name in meld["tiles"]:
            m = parse_meld_tile(name)
            out.append(okey if m >= STAR else m)
    return out


def hidden_places(view: Mapping[str, Any]) -> HiddenPlaces:
    """The unseen tiles (once per copy) and the places holding them."""
    indicator = TILE_CODES[view["indicator"]]
    okey = okey_of(indicator)
    seen = [indicator, *_table_tiles(view, okey)]
    for d in view["discards"]:
        seen += [TILE_CODES[t] for t in d]
    seat = view.get("seat")
    if seat is not None:
        seen += [TILE_CODES[t] for block in view["rack"] for t in block]
    unseen = Counter(full_set()) - Counter(seen)
    sizes = {f"rack:{s}": view["rack_sizes"][s] for s in range(4) if s != seat}
    sizes["pile"] = view["pile_left"]
    return HiddenPlaces(tuple(sorted(unseen.elements())), sizes)


def deal_from_view(options: JSON, view: Mapping[str, Any],
                   assignment: Mapping[str, Sequence[int]]) -> Okey101Deal:
    """The deal in which the viewing seat sees ``view`` and each hidden place holds the
    assigned tiles; :class:`MalformedSetup` if they are not the unseen tiles."""
    places = hidden_places(view)
    given = [t for p in places.sizes for t in assignment.get(p, ())]
    if set(assignment) != set(places.sizes) or any(
            len(assignment[p]) != n for p, n in places.sizes.items()) or \
            Counter(given) != Counter(places.unseen):
        raise MalformedSetup(WRONG_ASSIGNMENT)
    seat = view.get("seat")
    indicator = TILE_CODES[view["indicator"]]
    racks: list[rk.Rack] = []
    for s in range(4):
        if s == seat:
            racks.append([tuple(TILE_CODES[t] for t in b) for b in view["rack"]])
        else:
            racks.append(rk.unarranged(assignment[f"rack:{s}"]))
    pile = list(assignment["pile"])
    state = view["turn_state"]
    deal = Okey101Deal(options=options, starter=view["starter"], indicator=indicator,
                       hands=[[], [], [], []], pile=pile, canak_before=state["canak_before"])
    deal.racks = racks
    okey = deal.okey
    deal.discards = [[TILE_CODES[t] for t in d] for d in view["discards"]]
    deal.turn = view["turn"] if view["turn"] is not None else view["starter"]
    deal.phase = view["phase"] or "play"
    deal.table = []
    for meld in view["table"]:
        slots = []
        for name in meld["tiles"]:
            m = parse_meld_tile(name)
            slots.append((okey, m - STAR) if m >= STAR else (m, okey if m == 52 else m))
        deal.table.append(TableMeld(meld["owner"], meld["kind"], slots))
    deal.opened = list(view["opened"])
    deal.opening_values = list(view["opening_values"])
    deal.penalties = [[dict(p) for p in ps] for ps in view["penalties"]]
    deal.opened_this_turn = state["opened_this_turn"]
    deal.elden_ok = state["elden_ok"]
    deal.turn_layoffs = state["turn_layoffs"]
    deal.end_adds = {(m, e): n for m, e, n in state["end_adds"]}
    deal.actions_done = state["actions_done"]
    deal.just_took = view["can_return"]
    deal.must_finish = view["must_finish"]
    if view["taken"] is not None:
        taken = TILE_CODES[view["taken"]]
        deal.pending = (taken, deal.hand(deal.turn).count(taken) - 1)
    return deal
