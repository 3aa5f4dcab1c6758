"""An Okey deal from a seat's view and an assignment of the tiles it cannot see
(``GameRules.hidden_places`` / ``deal_from_view``, OpenSpiel's ``resample_from_infostate``).

A seat sees its own rack, every discard pile as it lies now, the indicator, who showed
it, the rack sizes and how many tiles are left in the pile. The hidden places are

* ``"rack:<s>"`` — every other seat's rack (``view(None)``: all four), as many tiles as
  the view says;
* ``"pile"`` — the tiles still to draw, top first.

:func:`deal_from_view` builds the deal directly, through
:meth:`~kahvehane.games.okey.deal.OkeyDeal.from_position` — no past is replayed, so no
past has to be invented. What the view implies is kept:

* the viewer's rack layout, its KDV Ceza box (the sum frozen at its last discard, kept
  as a sum: the layout it was frozen from is not in the view) and ``ceza_live``;
* which seats have ended a turn: all of them after the first round, else the seats
  from the starter up to the one whose turn it is (read from the turn, the discard
  piles, the pile count, ``ceza_live`` and ``can_show_indicator``);
* a shown indicator: its copy went from the shower's rack and never goes back to the
  pile, so an assignment putting an unseen copy there is refused.

The other seats' racks are laid out as seri diz (as a player lays them out) and, in
KDV, their Ceza base frozen at that layout: what they pay if the deal ends before they
discard again.

>>> from kahvehane.match import Match
>>> from kahvehane.games.okey.rules import KDV_OKEY
>>> m = Match("kdv_okey", {"deals": 3}, seed=5)
>>> deal = m.deal()
>>> view = deal.view(1)
>>> places = KDV_OKEY.hidden_places(m.options, view)
>>> sorted(places.sizes.items())
[('pile', 48), ('rack:0', 14), ('rack:2', 15), ('rack:3', 14)]
>>> tiles = iter(places.unseen)
>>> assignment = {p: [next(tiles) for _ in range(n)] for p, n in places.sizes.items()}
>>> KDV_OKEY.deal_from_view(m.options, view, assignment).view(1) == view
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple

from kahvehane.errors import KahvehaneError, MalformedSetup
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.okey import messages as msg
from kahvehane.games.okey import rack as rk
from kahvehane.games.okey.deal import DISCARD, DRAW, OkeyDeal
from kahvehane.games.okey.solver import best_arrangement
from kahvehane.tiles import Tile, full_set, okey_of, parse_tile, tile_name, unit

__all__ = ["PILE", "deal_from_view", "hidden_places", "rack_place"]

PILE = "pile"
PILE_SIZE = 48  # tiles in the pile when the deal starts (106 − 1 − 15 − 3 × 14)


def rack_place(seat: int) -> str:
    """The hidden place of ``seat``'s rack."""
    return f"rack:{seat}"


@contextmanager
def _reading() -> Iterator[None]:
    """A missing key or a value of the wrong kind met while reading a view becomes
    :class:`MalformedSetup` saying what was wrong."""
    try:
        yield
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, KahvehaneError):
            raise MalformedSetup(msg.BAD_VIEW, problem=str(exc)) from None
        problem = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise MalformedSetup(msg.BAD_VIEW, problem=problem) from None


def _bad(problem: str) -> MalformedSetup:
    return MalformedSetup(msg.BAD_VIEW, problem=problem)


class _Reading(NamedTuple):
    """A view read once."""

    seat: int | None
    layout: rk.Rack  # the viewer's rack as laid out (empty for a spectator)
    discards: list[list[Tile]]
    indicator: Tile
    starter: int
    turn: int
    phase: str
    pile_left: int
    rack_sizes: list[int]
    gosterge: int | None
    places: HiddenPlaces


def _read(view: Mapping[str, Any]) -> _Reading:
    with _reading():
        if view["game"] not in ("duz_okey", "kdv_okey"):
            raise ValueError(f"the view is of {view['game']!r}")
        if view["over"]:
            raise ValueError("the deal is over")
        seat = view["seat"]
        if seat is not None and (type(seat) is not int or not 0 <= seat < 4):
            raise ValueError(f"{seat!r} is not a seat")
        layout: rk.Rack = []
        if seat is not None:
            layout = [tuple(parse_tile(x) for x in block) for block in view["rack"]]
        discards = [[parse_tile(x) for x in pile] for pile in view["discards"]]
        indicator = parse_tile(view["indicator"])
        sizes = [int(n) for n in view["rack_sizes"]]
        pile_left = int(view["pile_left"])
        gosterge = view["gosterge"]
        reading = (int(view["starter"]), int(view["turn"]), str(view["phase"]))
    if len(discards) != 4 or len(sizes) != 4:
        raise _bad("there must be 4 discard piles and 4 rack sizes")
    if seat is not None and sizes[seat] != len(rk.rack_tiles(layout)):
        raise _bad(f"seat {seat}'s rack holds {len(rk.rack_tiles(layout))} tiles, not the"
                   f" {sizes[seat]} of its rack size")
    if reading[2] not in (DRAW, DISCARD):
        raise _bad(f"the phase is {reading[2]!r}, not draw or discard")
    seen = Counter(rk.rack_tiles(layout))
    for pile in discards:
        seen.update(pile)
    seen[indicator] += 1
    unseen = Counter(full_set())
    unseen.subtract(seen)
    over = [t for t, n in unseen.items() if n < 0]
    if over:
        raise _bad(f"{tile_name(over[0])} is seen more times than the set has copies")
    places = {rack_place(s): sizes[s] for s in range(4) if s != seat}
    places[PILE] = pile_left
    tiles = tuple(sorted(unseen.elements()))
    if sum(places.values()) != len(tiles):
        raise _bad(f"the hidden places hold {sum(places.values())} tiles, but"
                   f" {len(tiles)} are unseen")
    return _Reading(seat, layout, discards, indicator, *reading, pile_left, sizes,
                    gosterge, HiddenPlaces(tiles, places))


def hidden_places(view: Mapping[str, Any]) -> HiddenPlaces:
    """The tiles ``view`` does not show (not in the viewer's rack, not on a discard pile,
    not the face-up indicator) and where they lie: the other racks and the pile."""
    return _read(view).places


def _check_assignment(
    places: HiddenPlaces, assignment: Mapping[str, Sequence[Tile]]
) -> dict[str, list[Tile]]:
    if set(assignment) != set(places.sizes):
        raise MalformedSetup(msg.WRONG_PLACES, places=", ".join(places.sizes),
                             given=", ".join(map(str, assignment)) or "none")
    out: dict[str, list[Tile]] = {}
    dealt: Counter[Tile] = Counter()
    for place, size in places.sizes.items():
        tiles = list(assignment[place])
        if len(tiles) != size:
            raise MalformedSetup(msg.WRONG_SIZE, place=place, size=size, count=len(tiles))
        out[place] = tiles
        dealt.update(tiles)
    if dealt != Counter(places.unseen):
        extra = dealt - Counter(places.unseen)
        problem = (f"{_name(next(iter(extra)))} is not unseen that often" if extra else
                   "some unseen tile is missing")
        raise MalformedSetup(msg.WRONG_TILES, problem=problem)
    return out


def _name(t: object) -> str:
    return tile_name(t) if type(t) is int and 0 <= t <= 52 else repr(t)


def _discarded(r: _Reading, view: Mapping[str, Any]) -> list[bool]:
    """Which seats have ended a turn. Turns go round from the starter; while the first
    round lasts, the seats before the one to act have discarded and the others have
    not. The view does not number the turns, so the first round is the reading when
    the view allows it (empty piles for the seats still to play, few tiles drawn, the
    viewer's own ``ceza_live`` and ``can_show_indicator``), else every seat has."""
    done = (r.turn - r.starter) % 4  # seats that ended a turn, in the first round
    drawn = PILE_SIZE - r.pile_left
    # draws so far in the first round: one per turn after the starter's first
    draws = max(done - 1, 0) + (1 if r.phase == DISCARD and done > 0 else 0)
    first = [(r.starter + j) % 4 for j in range(done)]
    early = (
        not (r.phase == DRAW and done == 0)  # the starter's first turn has no draw
        and drawn <= draws
        and all(not r.discards[s] for s in range(4) if s not in first)
    )
    if early and r.seat is not None:
        if "ceza_live" in view and bool(view["ceza_live"]) == (r.seat in first):
            early = False
        held = r.indicator in rk.rack_tiles(r.layout)
        could = (r.gosterge is None and r.seat == r.turn and held
                 and (r.phase == DRAW or r.seat == r.starter))
        if could and bool(view["can_show_indicator"]) == (r.seat in first):
            early = False
    out = [s in first for s in range(4)] if early else [True] * 4
    if r.seat is not None and "ceza_live" in view and bool(view["ceza_live"]) == out[r.seat]:
        raise _bad("its ceza_live does not fit the turn it shows")
    return out


def deal_from_view(
    options: Mapping[str, Any], view: Mapping[str, Any],
    assignment: Mapping[str, Sequence[Tile]],
) -> OkeyDeal:
    """The deal in which the seat of ``view`` sees exactly ``view``, each other rack
    holds ``assignment["rack:<s>"]`` and the pile is ``assignment["pile"]`` (top first);
    :class:`~kahvehane.errors.MalformedSetup` if the assignment does not deal the unseen
    tiles into those places, puts a shown indicator's copy in the pile, or the view is
    not one of an Okey deal in progress."""
    r = _read(view)
    dealt = _check_assignment(r.places, assignment)
    kdv = view["game"] == "kdv_okey"
    if r.gosterge is not None and r.indicator in dealt[PILE]:
        raise MalformedSetup(msg.SHOWN_COPY_IN_PILE, tile=tile_name(r.indicator),
                             seat=r.gosterge)
    discarded = _discarded(r, view)
    okey = okey_of(r.indicator)
    racks: list[rk.Rack] = []
    frozen: list[rk.Rack | int | None] = []
    for s in range(4):
        if s == r.seat:
            racks.append(r.layout)
            if not discarded[s]:
                frozen.append(None)
            elif kdv:
                with _reading():
                    ceza, k = int(view["ceza"]), unit(r.indicator)
                if ceza % k:
                    raise _bad(f"its Ceza {ceza} is not a multiple of {k}")
                frozen.append(ceza // k)
            else:
                frozen.append(r.layout)
            continue
        tiles = dealt[rack_place(s)]
        # a player lays the rack out as seri diz; only KDV charges the layout
        layout = [*best_arrangement(tiles, okey).blocks] if kdv else rk.unarranged(tiles)
        racks.append(layout)
        frozen.append(layout if discarded[s] else None)
    return OkeyDeal.from_position(
        kdv=kdv, pairs=bool(options["pairs"]), starter=r.starter, indicator=r.indicator,
        racks=racks, pile=dealt[PILE], discards=r.discards, turn=r.turn, phase=r.phase,
        discarded=discarded, gosterge=r.gosterge, frozen=frozen)
