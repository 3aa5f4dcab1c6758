"""One Okey deal as a state machine (docs/rules/okey.md, rules 5–18 and 29).

The same class plays Düz and KDV: the variants differ only in scoring (rules 24–25 vs
27–31), and the rack layout is kept in both (rule 29: in Düz it is kept but never
scored). Seats act in turn ``s → s+1``; a turn is *draw* then *discard or finish*, except
the starter's first turn, which has no draw. ``arrange`` is the one out-of-turn action.
A discard takes the copy the player picked (``Discard.at``, else the default copy) and
leaves a gap where it stood (:mod:`~kahvehane.games.okey.rack`).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from kahvehane.errors import ActionError, IllegalAction, MalformedAction
from kahvehane.games.base import JSON, Action, DealResult, DealState, Event
from kahvehane.games.okey import messages as msg
from kahvehane.games.okey import rack as rk
from kahvehane.games.okey.actions import (
    LEFT,
    PILE,
    Arrange,
    Discard,
    Draw,
    Finish,
    ShowIndicator,
    parse_okey_action,
    slot_value,
)
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.games.okey.scoring import duz_deal_scores, kdv_deal_scores, partner
from kahvehane.games.okey.solver import (
    best_arrangement,
    best_pairs_arrangement,
    finish_multiplier,
    finish_options,
    may_finish,
)
from kahvehane.tiles import FALSE_JOKER, Tile, okey_of, tile_name, tile_names, unit

# Actions are immutable: legal_actions hands out these shared instances.
_DISCARDS = tuple(tuple(Discard(s, t) for t in range(53)) for s in range(4))
_FINISHES = tuple(tuple(Finish(s, t) for t in range(53)) for s in range(4))
_SHOW = tuple(ShowIndicator(s) for s in range(4))
_DRAW_PILE = tuple(Draw(s, PILE) for s in range(4))
_DRAW_LEFT = tuple(Draw(s, LEFT) for s in range(4))
_SINGLE = tuple((t,) for t in range(FALSE_JOKER + 1))  # a tile as a block of its own
_SEATS = tuple((s,) for s in range(4))  # to_act of each seat's turn
_NAMES = tuple(tile_name(t) for t in range(FALSE_JOKER + 1))
_FREE = ("arrange",)  # the actions a seat may make off turn (rule 29)

DRAW = "draw"
DISCARD = "discard"  # the second part of a turn: discard or finish


def _shown(tile: object) -> str:
    """A tile as an error names it: its notation, or what was given if it is no tile."""
    if type(tile) is int and 0 <= tile <= FALSE_JOKER:
        return _NAMES[tile]
    return repr(tile)


def _not_the_rack(seat: int, laid: list[Tile], held: list[Tile]) -> IllegalAction:
    """The refusal of an ``arrange`` whose tiles are not the ones ``seat`` holds: what it
    adds and what it leaves out (rule 29)."""
    extra = " ".join(tile_names(sorted((Counter(laid) - Counter(held)).elements())))
    missing = " ".join(tile_names(sorted((Counter(held) - Counter(laid)).elements())))
    if extra and missing:
        return IllegalAction(msg.ARRANGE_EXTRA_MISSING, "rule 29", seat=seat, extra=extra,
                             missing=missing)
    if extra:
        return IllegalAction(msg.ARRANGE_EXTRA, "rule 29", seat=seat, extra=extra)
    return IllegalAction(msg.ARRANGE_MISSING, "rule 29", missing=missing)


class OkeyDeal(DealState):
    """A deal of Düz or KDV Okey.

    Build it with :meth:`from_setup` (the rules object does this for a match). All
    racks are seen by the engine; :meth:`view` is what leaves it.

    Speed (random play runs ~200 actions a deal, each after a ``legal_actions``): each
    seat's tiles are also kept as two bitsets over the 53 tile codes (held at least once,
    held twice) and a sorted list of its ``Discard`` actions, updated on every draw and
    discard, so that checking an action, listing the discards and the finish filter
    (:func:`~kahvehane.games.okey.solver.may_finish`) never rebuild the hand from the
    rack layout. ``racks`` stays the single truth: every rack change puts a new list in
    ``racks``, and a seat whose rack object is not the one the bitsets were made from
    (someone assigned ``racks[s]``) gets them rebuilt first (:meth:`_sync`).
    """

    game: ClassVar[str] = "okey"

    __slots__ = (
        "_discard_acts",
        "_discard_tiles",
        "_finish_cache",
        "_flat",
        "_frozen",
        "_held",
        "_synced",
        "_twice",
        "discarded",
        "discards",
        "finish_tile",
        "finisher",
        "gosterge",
        "indicator",
        "kdv",
        "multiplier",
        "okey",
        "pairs",
        "phase",
        "pile",
        "pile_pos",
        "racks",
        "starter",
        "turn",
        "turns_started",
        "void",
    )

    def __init__(
        self,
        *,
        kdv: bool,
        pairs: bool,
        starter: int,
        indicator: Tile,
        hands: list[list[Tile]],
        pile: list[Tile],
    ) -> None:
        self.kdv = kdv
        self.pairs = pairs
        self.starter = starter
        self.indicator = indicator
        self.okey = okey_of(indicator)
        self.racks: list[rk.Rack] = [rk.unarranged(h) for h in hands]
        self.pile: tuple[Tile, ...] = tuple(pile)
        self.pile_pos = 0
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.turn = starter
        self.phase = DISCARD  # the starter's first turn has no draw (rule 9)
        self.discarded = [False, False, False, False]  # has the seat ended a turn yet
        self.turns_started = [False, False, False, False]
        self.turns_started[starter] = True
        self.gosterge: int | None = None
        # each seat's rack at its last discard: its Ceza base (rule 29), summed on demand
        # (or, in a deal built from a view, the sum alone: :meth:`from_position`)
        self._frozen: list[rk.Rack | int | None] = [None, None, None, None]
        self.finisher: int | None = None
        self.finish_tile: Tile | None = None
        self.multiplier: int | None = None
        self.void = False
        self._finish_cache: tuple[int, int, dict[Tile, int]] | None = None
        self._held = [0, 0, 0, 0]
        self._twice = [0, 0, 0, 0]
        self._discard_tiles: list[list[Tile]] = [[], [], [], []]
        self._discard_acts: list[list[Action]] = [[], [], [], []]
        self._synced: list[rk.Rack | None] = [None, None, None, None]
        self._flat = [True, True, True, True]  # every block a single tile (as dealt)
        for seat in range(4):
            self._sync(seat)

    @classmethod
    def from_position(
        cls,
        *,
        kdv: bool,
        pairs: bool,
        starter: int,
        indicator: Tile,
        racks: list[rk.Rack],
        pile: list[Tile],
        discards: list[list[Tile]],
        turn: int,
        phase: str,
        discarded: list[bool],
        gosterge: int | None,
        frozen: list[rk.Rack | int | None],
    ) -> Self:
        """A deal in progress built directly from where it stands (a search bot's
        sample of a view, :mod:`~kahvehane.games.okey.sampling`), not replayed from a
        setup: the racks as laid out, the pile still to draw (top first), each seat's
        discard pile (bottom first), whose turn and which part of it, which seats have
        ended a turn, who showed the indicator, and each seat's Ceza base frozen at its
        last discard — a layout, or the unmatched sum alone where only the sum is known
        (a viewer's own Ceza box), ``None`` before its first discard.

        The caller vouches that the tiles are a deal's 106 (the sampling module
        checks them); nothing is replayed, so nothing about the past is invented.
        """
        new = cls(kdv=kdv, pairs=pairs, starter=starter, indicator=indicator,
                  hands=[rk.rack_tiles(r) for r in racks], pile=pile)
        new.racks = [list(r) for r in racks]
        new.discards = [list(d) for d in discards]
        new.turn = turn
        new.phase = phase
        new.discarded = list(discarded)
        new.turns_started = [d or s == turn for s, d in enumerate(discarded)]
        new.gosterge = gosterge
        new._frozen = list(frozen)
        for seat in range(4):
            new._sync(seat)
        return new

    # ------------------------------------------------------------------ basics
    @property
    def num_seats(self) -> int:
        return 4

    @property
    def is_over(self) -> bool:
        return self.finisher is not None or self.void

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.finisher is not None or self.void else _SEATS[self.turn]

    @property
    def pile_left(self) -> int:
        return len(self.pile) - self.pile_pos

    @property
    def ceza_frozen(self) -> list[int | None]:
        """Each seat's unmatched sum (rule 29) as laid out at its last discard, ``None``
        before its first: what KDV charges it if another seat finishes. Summed when asked
        (the layout at the discard is kept), because only KDV's end and views need it."""
        return [None if r is None else self._frozen_sum(s) for s, r in enumerate(self._frozen)]

    def _frozen_sum(self, seat: int) -> int:
        """The unmatched sum of ``seat``'s frozen layout (its current one if none)."""
        frozen = self._frozen[seat]
        if isinstance(frozen, int):
            return frozen
        return unmatched_sum(self.racks[seat] if frozen is None else frozen, self.okey)

    def hand(self, seat: int) -> list[Tile]:
        """The tiles ``seat`` holds, in rack order."""
        return rk.rack_tiles(self.racks[seat])

    def copy(self) -> Self:
        new = object.__new__(type(self))
        for name in OkeyDeal.__slots__:
            setattr(new, name, getattr(self, name))
        new.racks = list(self.racks)  # blocks are tuples and racks are replaced, not mutated
        new.discards = [list(d) for d in self.discards]
        new.discarded = list(self.discarded)
        new.turns_started = list(self.turns_started)
        new._frozen = list(self._frozen)
        new._held = list(self._held)
        new._twice = list(self._twice)
        new._discard_tiles = [list(t) for t in self._discard_tiles]
        new._discard_acts = [list(a) for a in self._discard_acts]
        new._synced = list(self._synced)
        new._flat = list(self._flat)
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        return parse_okey_action(obj)

    # ------------------------------------------------------------------ tile sets
    def _sync(self, seat: int) -> None:
        """Rebuild ``seat``'s bitsets and discard list from its rack (see the class
        text): at the start, and if ``racks[seat]`` was replaced from outside."""
        rack = self.racks[seat]
        held = twice = 0
        tiles = rk.rack_tiles(rack)
        for t in tiles:
            bit = 1 << t
            if held & bit:
                twice |= bit
            else:
                held |= bit
        self._held[seat] = held
        self._twice[seat] = twice
        tiles = sorted(set(tiles))
        self._discard_tiles[seat] = tiles
        discards = _DISCARDS[seat]
        self._discard_acts[seat] = [discards[t] for t in tiles]
        self._flat[seat] = all(len(block) == 1 for block in rack)
        self._synced[seat] = rack

    def _holds(self, seat: int, tile: object) -> bool:
        """Does ``seat`` hold ``tile``? A bit test for a tile code; anything else is
        looked for in the rack as before (``1.0`` equals the code 1)."""
        if type(tile) is int and 0 <= tile <= FALSE_JOKER:
            if self._synced[seat] is not self.racks[seat]:
                self._sync(seat)
            return bool(self._held[seat] >> tile & 1)
        return tile in self._holding(seat)

    # ------------------------------------------------------------------ rules
    def can_show_indicator(self, seat: int) -> bool:
        """Rule 14: once per deal, on the seat's first turn, before drawing."""
        return (
            not self.is_over
            and self.gosterge is None
            and seat == self.turn
            and not self.discarded[seat]
            and (self.phase == DRAW or seat == self.starter)
            and self._holds(seat, self.indicator)
        )

    def _holding(self, seat: int) -> list[Tile]:
        return rk.rack_tiles(self.racks[seat])

    def finishing_tiles(self, seat: int) -> dict[Tile, int]:
        """Tiles ``seat`` could put on the indicator now, with the multiplier (rules 16–17)."""
        if self.is_over or seat != self.turn or self.phase != DISCARD:
            return {}
        if self._synced[seat] is not self.racks[seat]:
            self._sync(seat)
        held = self._held[seat]
        twice = self._twice[seat]
        if not may_finish(held, twice, self.okey, self.indicator):
            return {}
        cache = self._finish_cache
        if cache is not None and cache[0] == held and cache[1] == twice:
            return cache[2]
        found = finish_options(self._holding(seat), self.indicator)
        self._finish_cache = (held, twice, found)
        return found

    def legal_actions(self, seat: int) -> list[Action]:
        """Every in-turn action of ``seat`` (stable order).

        ``arrange`` is always legal during the deal but has too many forms to list; it is
        validated directly, and :meth:`suggested_arrangements` offers seri diz / çift diz.
        Discards are listed without ``at`` (the default copy); one naming the slot of
        another copy is legal too (rule 29) and is checked when played.
        """
        if self.finisher is not None or self.void or seat != self.turn:
            return []
        if self._synced[seat] is not self.racks[seat]:
            self._sync(seat)
        held = self._held[seat]
        if self.phase == DRAW:
            out: list[Action] = []
            if self.gosterge is None and not self.discarded[seat] and held >> self.indicator & 1:
                out.append(_SHOW[seat])
            if self.pile_pos < len(self.pile):
                out.append(_DRAW_PILE[seat])
            if self.discards[(seat - 1) % 4]:
                out.append(_DRAW_LEFT[seat])
            return out
        if (
            seat == self.starter
            and self.gosterge is None
            and not self.discarded[seat]
            and held >> self.indicator & 1
        ):
            out = [_SHOW[seat], *self._discard_acts[seat]]
        else:
            out = self._discard_acts[seat].copy()
        if may_finish(held, self._twice[seat], self.okey, self.indicator):
            finishes = _FINISHES[seat]
            out.extend(finishes[t] for t in self.finishing_tiles(seat))
        return out

    def suggested_arrangements(self, seat: int) -> list[Arrange]:
        """"Seri diz" (lowest unmatched sum) and "çift diz" (most pairs) for ``seat``."""
        tiles = self._holding(seat)
        seri = best_arrangement(tiles, self.okey)
        cift = best_pairs_arrangement(tiles, self.okey, self.indicator)
        return [Arrange(seat, seri.blocks), Arrange(seat, cift.blocks)]

    # ------------------------------------------------------------------ checks
    # Each action has one check: it raises the refusal apply would raise, or returns what
    # the move needs, and changes nothing (it may rebuild a seat's tile sets, a cache of
    # the rack). ``apply`` runs it before it mutates; ``is_legal`` runs it alone.

    def free_actions(self, seat: int) -> tuple[str, ...]:
        """``arrange``, for any seat, on or off turn, while the deal is in progress
        (rule 29); nothing once it is over."""
        return () if self.is_over else _FREE

    def is_legal(self, action: Action) -> bool:
        """Whether :meth:`apply` would accept ``action`` now: its check alone (the one
        ``apply`` runs first), so the two cannot disagree."""
        check = _CHECK.get(type(action)) or _check_of(action)
        if check is None:
            return False
        try:
            check(self, action)
        except ActionError:
            return False
        return True

    def _check_turn(self, action: Action, phase: str | None) -> None:
        if self.is_over:
            raise IllegalAction(msg.DEAL_OVER, "rule 29")
        if action.seat != self.turn:
            raise IllegalAction(msg.NOT_YOUR_TURN, "rule 9", turn=self.turn, seat=action.seat)
        if phase is not None and self.phase != phase:
            raise IllegalAction(msg.ALREADY_DRAWN if phase == DRAW else msg.DRAW_FIRST,
                                "rule 10", seat=action.seat)

    def _check_arrange(self, a: Arrange) -> rk.Rack:
        """The new layout (empty blocks dropped)."""
        if self.is_over:
            raise IllegalAction(msg.DEAL_OVER, "rule 29")
        if not 0 <= a.seat < 4:
            raise MalformedAction(msg.NO_SUCH_SEAT, seat=a.seat)
        blocks = [b for b in a.rack if b]
        held = self._holding(a.seat)
        if not rk.same_tiles(rk.rack_tiles(blocks), held):
            raise _not_the_rack(a.seat, rk.rack_tiles(blocks), held)
        return blocks

    def _check_show(self, a: ShowIndicator) -> None:
        self._check_turn(a, None)
        if self.gosterge is not None:
            raise IllegalAction(msg.GOSTERGE_SHOWN, "rule 14")
        if self.discarded[a.seat] or (self.phase != DRAW and a.seat != self.starter):
            raise IllegalAction(msg.GOSTERGE_FIRST_TURN, "rule 14")
        if not self._holds(a.seat, self.indicator):
            raise IllegalAction(msg.GOSTERGE_NOT_HELD, "rule 14", seat=a.seat,
                                tile=tile_name(self.indicator))

    def _check_draw(self, a: Draw) -> None:
        seat = a.seat
        if self.finisher is not None or self.void or seat != self.turn or self.phase != DRAW:
            self._check_turn(a, DRAW)
        if a.source == PILE:
            if self.pile_pos >= len(self.pile):
                raise IllegalAction(msg.PILE_EMPTY, "rule 10")
        elif a.source == LEFT:
            left = (seat - 1) % 4
            if not self.discards[left]:
                raise IllegalAction(msg.NO_LEFT_DISCARD, "rule 10", left=left)
        else:
            raise MalformedAction(msg.BAD_SOURCE, source=repr(a.source))

    def _check_discard(self, a: Discard) -> tuple[Tile, rk.Slot]:
        """The code of the tile that leaves and its slot: the one ``at`` names (it must
        hold that tile), else the default copy (rule 29)."""
        seat = a.seat
        if self.finisher is not None or self.void or seat != self.turn or self.phase != DISCARD:
            self._check_turn(a, DISCARD)
        t = a.tile
        if self._synced[seat] is not self.racks[seat]:
            self._sync(seat)
        if not (type(t) is int and 0 <= t <= FALSE_JOKER and self._held[seat] >> t & 1):
            if not self._holds(seat, t):
                raise IllegalAction(msg.NOT_HELD, "rule 10", seat=seat, tile=_shown(t))
            t = self._as_code(seat, t)
        rack = self.racks[seat]
        if a.at is None:
            slot = rk.default_slot(rack, t)
            assert slot is not None, "the tile sets say the rack holds it"
            return t, slot
        b, i = slot_value(a.at)
        if b >= len(rack):
            raise IllegalAction(msg.AT_NO_BLOCK, "rule 29", seat=seat, block=b,
                                last=len(rack) - 1)
        block = rack[b]
        if i >= len(block):
            raise IllegalAction(msg.AT_NO_POSITION, "rule 29", seat=seat, block=b, position=i,
                                last=len(block) - 1)
        if block[i] != t:
            raise IllegalAction(msg.AT_OTHER_TILE, "rule 29", block=b, position=i,
                                there=_NAMES[block[i]], tile=_NAMES[t])
        return t, (b, i)

    def _check_finish(self, a: Finish) -> tuple[Tile, int]:
        """The code of the tile put on the indicator, and the multiplier."""
        self._check_turn(a, DISCARD)
        if not self._holds(a.seat, a.tile):
            raise IllegalAction(msg.NOT_HELD, "rule 16", seat=a.seat, tile=_shown(a.tile))
        t = self._as_code(a.seat, a.tile)
        m = finish_multiplier(self._holding(a.seat), t, self.indicator)
        if m is None:
            raise IllegalAction(msg.FINISH_INVALID, "rule 16", tile=_NAMES[t])
        return t, m

    # ------------------------------------------------------------------ moves
    def apply(self, action: Action) -> list[Event]:
        handler = _APPLY.get(type(action))
        if handler is not None:
            return handler(self, action)
        if isinstance(action, Arrange):
            return self._arrange(action)
        if isinstance(action, Draw):
            return self._draw(action)
        if isinstance(action, Discard):
            return self._discard(action)
        if isinstance(action, Finish):
            return self._finish(action)
        if isinstance(action, ShowIndicator):
            return self._show(action)
        raise MalformedAction(msg.NOT_AN_ACTION, action=repr(action))

    def _arrange(self, a: Arrange) -> list[Event]:
        blocks = self._check_arrange(a)
        synced = self._synced[a.seat] is self.racks[a.seat]
        self.racks[a.seat] = blocks
        if synced:  # the same tiles: only the layout changed
            self._synced[a.seat] = blocks
            self._flat[a.seat] = all(len(block) == 1 for block in blocks)
        return [Event("arrange", a.seat, {}, {"rack": self._rack_json(a.seat)})]

    def _show(self, a: ShowIndicator) -> list[Event]:
        self._check_show(a)
        self.gosterge = a.seat
        return [Event("show_indicator", a.seat, {"tile": tile_name(self.indicator)})]

    def _draw(self, a: Draw) -> list[Event]:
        seat = a.seat
        if (self.finisher is not None or self.void or seat != self.turn or self.phase != DRAW
                or a.source != PILE or self.pile_pos >= len(self.pile)):
            self._check_draw(a)  # all but the commonest move, which it would accept
        if self._synced[seat] is not self.racks[seat]:
            self._sync(seat)
        if a.source == PILE:
            t = self.pile[self.pile_pos]
            self.pile_pos += 1
            event = Event("draw", seat, {"from": PILE, "pile_left": len(self.pile) - self.pile_pos},
                          {"tile": _NAMES[t]})
        else:
            t = self.discards[(seat - 1) % 4].pop()
            event = Event("draw", seat, {"from": LEFT, "tile": _NAMES[t]})
        # the tile arrives as a block of its own at the end (rack.add_drawn)
        self.racks[seat] = self._synced[seat] = [*self.racks[seat], _SINGLE[t]]
        bit = 1 << t
        held = self._held[seat]
        if held & bit:
            self._twice[seat] |= bit
        else:
            self._held[seat] = held | bit
            tiles = self._discard_tiles[seat]
            i = bisect_left(tiles, t)
            tiles.insert(i, t)
            self._discard_acts[seat].insert(i, _DISCARDS[seat][t])
        self.phase = DISCARD
        return [event]

    def _discard(self, a: Discard) -> list[Event]:
        seat = a.seat
        t = a.tile
        rack = self.racks[seat]
        if (self.finisher is None and not self.void and seat == self.turn
                and self.phase == DISCARD and self._synced[seat] is rack and a.at is None
                and type(t) is int and 0 <= t <= FALSE_JOKER and self._held[seat] >> t & 1):
            # the commonest case, which the check would accept: the default copy leaves
            if self._flat[seat]:  # every block one tile: drop the rightmost (t,)
                i = len(rack) - 1 - rack[::-1].index(_SINGLE[t])
                rack = rack.copy()
                del rack[i]
            else:
                slot = rk.default_slot(rack, t)
                assert slot is not None
                rack = rk.remove_at(rack, *slot)
        else:
            t, slot = self._check_discard(a)
            rack = rk.remove_at(self.racks[seat], *slot)
        self._take(seat, t, rack)
        self.discards[seat].append(t)
        self.discarded[seat] = True
        self._frozen[seat] = rack
        events = [Event("discard", seat, {"tile": _NAMES[t]})]
        if self.pile_pos >= len(self.pile):
            self.void = True  # rule 18: the last pile tile's drawer discarded
            events.append(Event("deal_end", None, {"end": "void", "scores": [0, 0, 0, 0]}))
            return events
        self.turn = turn = (seat + 1) % 4
        self.turns_started[turn] = True
        self.phase = DRAW
        return events

    def _take(self, seat: int, t: Tile, rack: rk.Rack) -> None:
        """``seat`` holds one fewer ``t``; ``rack`` is its new layout."""
        bit = 1 << t
        twice = self._twice[seat]
        if twice & bit:
            self._twice[seat] = twice ^ bit
        else:
            self._held[seat] ^= bit
            tiles = self._discard_tiles[seat]
            i = bisect_left(tiles, t)
            del tiles[i]
            del self._discard_acts[seat][i]
        self.racks[seat] = rack
        self._synced[seat] = rack

    def _as_code(self, seat: int, tile: object) -> Tile:
        """The held tile code equal to ``tile`` (``tile`` itself for a code)."""
        if type(tile) is int:
            return tile
        return next(t for t in self._holding(seat) if t == tile)

    def _finish(self, a: Finish) -> list[Event]:
        t, m = self._check_finish(a)
        rack = self.racks[a.seat]
        slot = rk.default_slot(rack, t)
        assert slot is not None
        self._take(a.seat, t, rk.remove_at(rack, *slot))
        self.finisher = a.seat
        self.finish_tile = t
        self.multiplier = m
        result = self.result()
        assert result is not None
        return [
            Event("finish", a.seat, {"tile": _NAMES[t], "multiplier": m,
                                     "rack": self._rack_json(a.seat)}),
            Event("deal_end", None, {"end": "finish", "scores": list(result.scores)}),
        ]

    # ------------------------------------------------------------------ scoring
    def unmatched(self) -> list[int | None]:
        """Unmatched sums charged at the end (rule 29): frozen at each seat's last discard,
        or the current layout for a seat that never discarded; ``None`` for the finisher
        and, in pairs play, the partner."""
        out: list[int | None] = []
        for seat in range(4):
            if self.finisher is not None and (
                seat == self.finisher or (self.pairs and seat == partner(self.finisher))
            ):
                out.append(None)
                continue
            out.append(self._frozen_sum(seat))
        return out

    def colour_factor(self) -> int:
        """k(c) of KDV and u(c) of Düz: 1 for blue/yellow, 2 for black/red."""
        return unit(self.indicator)

    def _detail(self) -> JSON:
        detail: JSON = {
            "starter": self.starter,
            "indicator": tile_name(self.indicator),
            "okey": tile_name(self.okey),
            "finisher": self.finisher,
            "multiplier": self.multiplier,
            "finish_tile": tile_name(self.finish_tile) if self.finish_tile is not None else None,
            "gosterge": self.gosterge,
        }
        if self.kdv:
            if self.finisher is None:
                detail["unmatched"] = [None] * 4
                detail["ceza"] = [None] * 4
            else:
                un = self.unmatched()
                k = self.colour_factor()
                detail["unmatched"] = un
                detail["ceza"] = [None if u is None else u * k for u in un]
        return detail

    def result(self) -> DealResult | None:
        if not self.is_over:
            return None
        detail = self._detail()
        if self.void:
            return DealResult((0, 0, 0, 0), "void", detail, self.starter)
        if self.kdv:
            scores = kdv_deal_scores(
                k=self.colour_factor(), finisher=self.finisher, multiplier=self.multiplier,
                ceza=detail["ceza"], gosterge=self.gosterge, pairs=self.pairs,
            )
        else:
            scores = duz_deal_scores(
                indicator_unit=self.colour_factor(), finisher=self.finisher,
                multiplier=self.multiplier, gosterge=self.gosterge, pairs=self.pairs,
            )
        return DealResult(tuple(scores), "finish", detail, self.starter)

    def partial_detail(self) -> JSON:
        return self._detail()

    # ------------------------------------------------------------------ views
    def _rack_json(self, seat: int) -> list[list[str]]:
        return [tile_names(block) for block in self.racks[seat]]

    def public_view(self) -> JSON:
        """Everyone's discards and counts of the rest; racks and the pile order are
        hidden, only a finisher's laid-down rack is shown to all."""
        out: JSON = {
            "game": "kdv_okey" if self.kdv else "duz_okey",
            "starter": self.starter,
            "indicator": tile_name(self.indicator),
            "okey": tile_name(self.okey),
            "turn": None if self.is_over else self.turn,
            "phase": None if self.is_over else self.phase,
            "pile_left": self.pile_left,
            "discards": [tile_names(d) for d in self.discards],
            "rack_sizes": [len(self._holding(s)) for s in range(4)],
            "gosterge": self.gosterge,
            "over": self.is_over,
            "end": None if not self.is_over else ("void" if self.void else "finish"),
            "finisher": self.finisher,
            "finish_tile": tile_name(self.finish_tile) if self.finish_tile is not None else None,
            "multiplier": self.multiplier,
        }
        if self.finisher is not None:
            out["finisher_rack"] = self._rack_json(self.finisher)
        return out

    def own_view(self, seat: int) -> JSON:
        """A seat's own rack, whether it may show the indicator, and (KDV) its Ceza box:
        ``ceza`` is k × the unmatched sum of the layout frozen at the seat's last discard
        or, before its first discard, of its layout now (what it would be charged if the
        deal ended now), with ``ceza_live`` saying which (rule 29)."""
        out: JSON = {"rack": self._rack_json(seat),
                     "can_show_indicator": self.can_show_indicator(seat)}
        if self.kdv:
            out["ceza"] = self._frozen_sum(seat) * self.colour_factor()
            out["ceza_live"] = self._frozen[seat] is None
        return out


_APPLY: dict[type, Callable[[OkeyDeal, Any], list[Event]]] = {
    Arrange: OkeyDeal._arrange,
    Draw: OkeyDeal._draw,
    Discard: OkeyDeal._discard,
    Finish: OkeyDeal._finish,
    ShowIndicator: OkeyDeal._show,
}
"""``apply`` by the exact action class: one lookup instead of a chain of ``isinstance``
(subclasses of the actions still go through the chain)."""

_CHECK: dict[type, Callable[[OkeyDeal, Any], object]] = {
    Arrange: OkeyDeal._check_arrange,
    Draw: OkeyDeal._check_draw,
    Discard: OkeyDeal._check_discard,
    Finish: OkeyDeal._check_finish,
    ShowIndicator: OkeyDeal._check_show,
}
"""Each action's check (``is_legal``), by the exact action class."""


def _check_of(action: Action) -> Callable[[OkeyDeal, Any], object] | None:
    """The check of a subclass of an Okey action (``None``: not an Okey action)."""
    return next((c for kind, c in _CHECK.items() if isinstance(action, kind)), None)
