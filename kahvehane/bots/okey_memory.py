"""What an Okey seat remembers across the views of a deal, and the samples it deals
from them (determinization for :mod:`kahvehane.bots.okey_search`).

A view shows the discard piles as they lie now, not what was taken from them. A person
at the table remembers more: the tile they threw and whether the right neighbour (the
next seat, who draws from their pile) took it or drew from the pile instead. A tile the
neighbour took is in its rack — it took it to keep it — so every sample puts it there
(while that copy is still unseen: once seen again it is wherever it was seen). A tile
the neighbour passed is remembered as passed (:attr:`OkeyMemory.passed`).

A shown indicator's copy left the shower's rack only if it was discarded, and never
goes back to the pile: while unseen, the samples keep it in the shower's rack (or, when
the viewer showed it and no longer holds it, in a rack, never the pile).

The bot is handed views only when it is asked to move; the memory compares each view
with what it expected after its last discard, so it needs no event stream.

>>> import random
>>> from kahvehane.match import Match
>>> m = Match("duz_okey", {"deals": 3}, seed=4)
>>> deal = m.deal()
>>> memory = OkeyMemory(2)
>>> view = deal.view(2)
>>> memory.observe(view)
>>> sample = memory.sample(view, m.options, random.Random(1))
>>> sample.view(2) == view
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from kahvehane.bots.okey_evidence import PROPOSALS, Reading
from kahvehane.games import get_game
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.sampling import PILE, rack_place
from kahvehane.tiles import Tile, parse_tile

__all__ = ["OkeyMemory"]


class OkeyMemory:
    """One seat's memory of the deal in progress (see the module text)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._deal: tuple[Any, ...] | None = None
        self._pile_left = 0
        self.taken: dict[int, Counter[Tile]] = {}  # seat → tiles it took from our pile
        self.passed: dict[int, list[Tile]] = {}  # seat → our discards it did not take
        self._pending: tuple[int, Tile] | None = None  # our pile's length after a discard

    @property
    def right(self) -> int:
        """The seat that draws from this seat's discards."""
        return (self.seat + 1) % 4

    def _reset(self, key: tuple[Any, ...]) -> None:
        self._deal = key
        self.taken = {self.right: Counter()}
        self.passed = {self.right: []}
        self._pending = None

    def observe(self, view: Mapping[str, Any]) -> None:
        """Take in a view of this seat: a new deal starts a new memory; after our
        discard, the next view says whether the right neighbour took it."""
        if view["over"]:
            return
        key = (view["game"], view["starter"], view["indicator"])
        pile_left = int(view["pile_left"])
        if key != self._deal or pile_left > self._pile_left:
            self._reset(key)
        self._pile_left = pile_left
        if self._pending is None:
            return
        length, tile = self._pending
        mine = view["discards"][self.seat]
        if len(mine) < length:  # the right neighbour took it
            self.taken[self.right][tile] += 1
            self._pending = None
        elif view["turn"] != self.right or view["phase"] != "draw":
            # the right neighbour has drawn, and not our tile
            self.passed[self.right].append(tile)
            self._pending = None

    def discarding(self, view: Mapping[str, Any], tile: Tile) -> None:
        """We are about to throw ``tile`` (``view`` is the view we throw it from)."""
        self._pending = (len(view["discards"][self.seat]) + 1, tile)

    def assignment(self, view: Mapping[str, Any], options: Mapping[str, Any],
                   rng: random.Random) -> dict[str, list[Tile]]:
        """The unseen tiles dealt at random to the hidden places, with what is
        remembered placed first (see the module text)."""
        rules = get_game(view["game"])
        places = rules.hidden_places(rules.parse_options(options), view)
        pool = Counter(places.unseen)
        room = dict(places.sizes)
        out: dict[str, list[Tile]] = {p: [] for p in room}

        def pin(place: str, tile: Tile) -> None:
            if pool[tile] > 0 and room.get(place, 0) > 0:
                pool[tile] -= 1
                room[place] -= 1
                out[place].append(tile)

        for s, tiles in self.taken.items():
            for t in tiles.elements():
                pin(rack_place(s), t)
        gosterge = view["gosterge"]
        indicator = parse_tile(view["indicator"])
        racks = [p for p in room if p != PILE]
        if gosterge is not None and pool[indicator] > 0:
            home = rack_place(gosterge)
            if home not in room or room[home] == 0:
                home = rng.choice([p for p in racks if room[p] > 0])
            pin(home, indicator)
        rest = list(pool.elements())
        rng.shuffle(rest)
        for place in out:
            n = room[place]
            out[place].extend(rest[:n])
            del rest[:n]
        for place in racks:
            rng.shuffle(out[place])
        return out

    def sample(self, view: Mapping[str, Any], options: Mapping[str, Any],
               rng: random.Random, reading: Reading | None = None) -> OkeyDeal:
        """A deal consistent with ``view`` and this memory; with a ``reading`` of the
        table, one of :data:`~kahvehane.bots.okey_evidence.PROPOSALS` such deals' hidden
        tiles chosen in proportion to how likely the others' racks are
        (:mod:`kahvehane.bots.okey_evidence`)."""
        rules = get_game(view["game"])
        if reading is None:
            assignment = self.assignment(view, options, rng)
        else:
            others = [s for s in range(4) if s != self.seat]
            assignment = reading.choose(
                [self.assignment(view, options, rng) for _ in range(PROPOSALS)], others, rng)
        deal = rules.deal_from_view(rules.parse_options(options), view, assignment)
        assert isinstance(deal, OkeyDeal)
        return deal
