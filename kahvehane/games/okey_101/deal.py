"""One 101 Okey deal as a state machine (docs/rules/okey_101.md, 101-5 … 101-40).

A turn is: a draw (none on the starter's first turn; a tile taken from the left may be
given back at once with ``return``, and the pile is drawn from instead), any number of
table actions (open, lay, lay off, swap), then one discard or the finish. The rack
layout (``arrange``, ``at``) is kept as in Düz Okey but has no rule effect (101-40).

**Table actions and ``legal_actions``.** A turn's table actions are far too many to list
(every subset of a 22-tile hand that is a set of melds), so ``legal_actions`` lists the
draws, ``return``, every discard and finish, every single lay-off and swap, and for
openings and new melds the solver's best one of each kind (:meth:`Okey101Deal.openings`
is the structured query behind it); any other legal ``open``/``lay``/``lay_pairs`` is
accepted by ``apply`` and ``is_legal`` (docs/engine.md, "101 Okey").

**The left take (101-11, 101-12).** A take is offered only when the tile can be put on
the table this turn; until it is, ``discard`` and ``finish`` are refused, and so is any
table action after which it no longer could be (so a turn can never get stuck).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from kahvehane.errors import ActionError, IllegalAction, MalformedAction
from kahvehane.games.base import JSON, Action, DealResult, DealState, Event
from kahvehane.games.okey import messages as okey_msg
from kahvehane.games.okey import rack as rk
from kahvehane.games.okey.actions import LEFT, PILE, slot_value
from kahvehane.games.okey.scoring import partner
from kahvehane.games.okey_101 import messages as msg
from kahvehane.games.okey_101 import outcome, solver, take
from kahvehane.games.okey_101.actions import (
    Arrange,
    Discard,
    Draw,
    Finish,
    Lay,
    Layoff,
    LayPairs,
    Open,
    OpenPairs,
    Return,
    ShowIndicator,
    Swap,
    parse_action,
)
from kahvehane.games.okey_101.melds import (
    GROUP,
    PAIR,
    RUN,
    PlainOkey,
    Slot,
    TableMeld,
    islek,
    kind_of,
    meld_tile_name,
    ordered,
    physical,
    resolve,
    stands_for,
    value,
)
from kahvehane.games.okey_101.scoring import PENALTY
from kahvehane.tiles import FALSE_JOKER, Tile, okey_of, tile_name, tile_names

DRAW, PLAY, AFTER_RETURN = "draw", "play", "after_return"
MELDS, PAIRS = "melds", "pairs"
BASE_T, BASE_P = 101, 5


def _names(tiles: Sequence[Tile]) -> str:
    return " ".join(tile_names(sorted(tiles)))


class Okey101Deal(DealState):
    """A deal of 101 Okey. ``options`` are the parsed table options (101-3);
    ``canak_before`` the table's pot before this deal's antes (101-39)."""

    game: ClassVar[str] = "okey_101"

    def __init__(self, *, options: Mapping[str, Any], starter: int, indicator: Tile,
                 hands: list[list[Tile]], pile: list[Tile], canak_before: int = 0) -> None:
        self.options = dict(options)
        self.starter = starter
        self.indicator = indicator
        self.okey = okey_of(indicator)
        self.racks: list[rk.Rack] = [rk.unarranged(h) for h in hands]
        self.pile: tuple[Tile, ...] = tuple(pile)
        self.pile_pos = 0
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.turn = starter
        self.phase = PLAY  # the starter's first turn has no draw (101-7)
        self.table: list[TableMeld] = []
        self.opened: list[str | None] = [None] * 4
        self.opening_values: list[int | None] = [None] * 4
        self.opened_this_turn = False
        self.elden_ok = False  # nobody else had opened when this turn's player opened
        self.pending: tuple[Tile, int] | None = None  # (tile taken from the left, held before)
        self.just_took = False
        self.must_finish = False
        self.turn_layoffs = 0  # lay-offs and swaps in this turn (101-24)
        self.end_adds: dict[tuple[int, str], int] = {}  # (meld, end) → tiles this turn
        self.penalties: list[list[JSON]] = [[], [], [], []]
        self.actions_done = 0
        self.end: str | None = None  # finish, pile or void
        self.end_reason: str | None = None
        self.finisher: int | None = None
        self.finish_tile: Tile | None = None
        self.flags: dict[str, bool] | None = None
        self.canak_before = canak_before
        self._cache: dict[tuple[Any, ...], Any] = {}

    # ------------------------------------------------------------------ basics
    @property
    def num_seats(self) -> int:
        return 4

    @property
    def is_over(self) -> bool:
        return self.end is not None

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.end is not None else (self.turn,)

    @property
    def pile_left(self) -> int:
        return len(self.pile) - self.pile_pos

    def hand(self, seat: int) -> list[Tile]:
        return rk.rack_tiles(self.racks[seat])

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.racks = list(self.racks)
        new.discards = [list(d) for d in self.discards]
        new.table = [TableMeld(m.owner, m.kind, list(m.slots)) for m in self.table]
        new.opened = list(self.opened)
        new.opening_values = list(self.opening_values)
        new.end_adds = dict(self.end_adds)
        new.penalties = [list(p) for p in self.penalties]
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        return parse_action(obj)

    def free_actions(self, seat: int) -> tuple[str, ...]:
        return () if self.is_over else ("arrange",)

    # ------------------------------------------------------------------ thresholds
    def threshold(self, seat: int | None = None) -> int:
        """T for ``seat`` (101-18): 101, or with ``katlamali`` one more than the highest
        melds opening counted (with ``katlamali_partner`` off in partner play, the
        opponents' only); ``seat`` None: every opening counted."""
        return self._bar(seat, MELDS, BASE_T)

    def pairs_needed(self, seat: int | None = None) -> int:
        """P for ``seat`` (101-18), as :meth:`threshold` for pairs openings."""
        return self._bar(seat, PAIRS, BASE_P)

    def _bar(self, seat: int | None, kind: str, base: int) -> int:
        if not self.options["katlamali"]:
            return base
        out = base
        for o in range(4):
            if self.opened[o] != kind:
                continue
            if (seat is not None and self.options["pairs"]
                    and not self.options["katlamali_partner"] and o in (seat, partner(seat))):
                continue
            v = self.opening_values[o]
            assert v is not None
            out = max(out, v + 1)
        return out

    # ------------------------------------------------------------------ queries
    def best(self, kind: str, hand: Sequence[Tile], must: Tile | None,
              at_least: int = 0) -> Any:
        """The solver's answer for ``hand`` (``at_least``: see ``best_opening``), kept
        for the state's next questions about the same hand."""
        key = (kind, tuple(sorted(hand)), must, at_least)
        if key not in self._cache:
            if kind == "open":
                found: Any = solver.best_opening(hand, self.okey, must=must,
                                                 at_least=at_least)
            elif kind == "elden":
                found = solver.all_but_one(hand, self.okey, must=must)
            else:
                found = solver.best_pairs(hand, self.okey, self.indicator, must=must)
            if len(self._cache) > 256:
                self._cache = {}
            self._cache[key] = found
        return self._cache[key]

    def openings(self, seat: int) -> JSON:
        """The structured query behind the openings ``legal_actions`` offers: the best
        melds opening (highest value, holding the tile taken from the left if one is
        pending), an open-and-finish below the threshold if the hand allows one
        (101-20), the most pairs, and the thresholds ``seat`` must reach."""
        hand = self.hand(seat)
        must = self.pending[0] if self.pending and seat == self.turn else None
        best = self.best("open", hand, must)
        pairs = self.best("pairs", hand, must)
        elden = self.best("elden", hand, must) if self.options["elden_below_threshold"] \
            else None
        return {"threshold": self.threshold(seat), "pairs_needed": self.pairs_needed(seat),
                "melds": best, "pairs": pairs, "elden": elden}

    def islek_tiles(self) -> list[Tile]:
        """Every tile a discard of which would cost 101 now (101-13, 101-14a)."""
        return [t for t in range(53) if t == self.okey or islek(t, self.table, self.okey)]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        """See the module text: draws, ``return``, single lay-offs and swaps, the best
        opening / lay / pairs of each kind, discards and the finish."""
        if self.end is not None or seat != self.turn:
            return []
        if self.phase == DRAW:
            out: list[Action] = []
            if self.pile_left:
                out.append(Draw(seat, PILE))
            if self.discards[(seat - 1) % 4] and take.take_usable(self, seat):
                out.append(Draw(seat, LEFT))
            return out
        if self.phase == AFTER_RETURN:
            return [Draw(seat, PILE)]
        hand = self.hand(seat)
        if self.must_finish:
            return [Finish(seat, hand[0])]
        candidates: list[Action] = []
        if self.just_took:
            candidates.append(Return(seat))
        must = self.pending[0] if self.pending else None
        kind = self.opened[seat]
        if kind is None:
            best = self.best("open", hand, must, self.threshold(seat))
            if best is not None:
                candidates.append(Open(seat, best.melds))
            if self.options["elden_below_threshold"]:
                elden = self.best("elden", hand, must)
                if elden is not None:
                    candidates.append(Open(seat, elden.melds))
            pairs = self.best("pairs", hand, must)
            if pairs is not None:
                candidates.append(OpenPairs(seat, pairs.melds))
        else:
            if kind == MELDS:
                best = self.best("open", hand, must)
                if best is not None:
                    candidates.append(Lay(seat, best.melds))
            if kind == PAIRS or PAIRS in self.opened:
                pairs = self.best("pairs", hand, must)
                if pairs is not None:
                    candidates.append(LayPairs(seat, pairs.melds))
            candidates += [Layoff(seat, m, t) for t, m in
                           solver.layoffs(hand, self.table, self.okey)]
            candidates += [Swap(seat, m, t) for t, m in
                           solver.swaps(hand, self.table, self.okey)]
        out = [a for a in candidates if self.is_legal(a)]
        if self.pending is None and not self.must_finish:
            if len(hand) >= 2:
                out += [Discard(seat, t) for t in sorted(set(hand))]
            elif kind is not None:
                out.append(Finish(seat, hand[0]))
        return out

    def is_legal(self, action: Action) -> bool:
        try:
            self.copy().apply(action)
        except ActionError:
            return False
        return True

    # ------------------------------------------------------------------ checks
    def _check_turn(self, a: Action, phase: str | None) -> None:
        if self.end is not None:
            raise IllegalAction(okey_msg.DEAL_OVER, "101-28")
        if a.seat != self.turn:
            raise IllegalAction(okey_msg.NOT_YOUR_TURN, "101-9", turn=self.turn, seat=a.seat)
        if phase == PLAY and self.phase != PLAY:
            if self.phase == AFTER_RETURN:
                raise IllegalAction(msg.DRAW_PILE_AFTER_RETURN, "101-12", seat=a.seat)
            raise IllegalAction(okey_msg.DRAW_FIRST, "101-8", seat=a.seat)
        if phase == PLAY and self.must_finish and not isinstance(a, Finish):
            raise IllegalAction(msg.MUST_FINISH, "101-20")

    def _remove(self, seat: int, tiles: Sequence[Tile]) -> None:
        """Take ``tiles`` from ``seat``'s rack (each from the default slot, 101-40), or
        refuse naming what is missing; the rack is unchanged on refusal."""
        missing = Counter(tiles) - Counter(self.hand(seat))
        if missing:
            raise IllegalAction(msg.NOT_IN_HAND, "101-9", seat=seat,
                                tiles=_names(list(missing.elements())))
        rack = self.racks[seat]
        for t in tiles:
            slot = rk.default_slot(rack, t)
            assert slot is not None
            rack = rk.remove_at(rack, *slot)
        self.racks[seat] = rack

    def _resolve(self, meld: Sequence[int], pairs: bool) -> tuple[list[Slot], str]:
        try:
            slots = resolve(meld, self.okey)
        except PlainOkey as exc:
            raise MalformedAction(msg.PLAIN_OKEY, "101-15", tile=str(exc)) from None
        kind = kind_of(slots, self.indicator)
        shown = "[" + " ".join(meld_tile_name(m) for m in meld) + "]"
        if pairs and kind != PAIR:
            raise IllegalAction(msg.INVALID_PAIR, "101-22", meld=shown)
        if not pairs and kind not in (RUN, GROUP):
            raise IllegalAction(msg.INVALID_MELD, "101-15", meld=shown)
        assert kind is not None
        return ordered(slots, kind), kind

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Play ``action`` or raise :class:`IllegalAction` (``MalformedAction``) saying
        why, with the state unchanged."""
        if isinstance(action, Arrange):
            events = self._arrange(action)
        else:
            if not isinstance(action, Action) or not 0 <= action.seat < 4:
                raise MalformedAction(okey_msg.NOT_AN_ACTION, action=repr(action))
            before = self.copy()
            try:
                events = self._act(action)
            except ActionError:
                self.__dict__.update(before.__dict__)
                raise
            except (TypeError, ValueError, IndexError):
                self.__dict__.update(before.__dict__)
                raise MalformedAction(okey_msg.NOT_AN_ACTION, action=repr(action)) from None
        self.actions_done += 1
        return events

    def _act(self, a: Action) -> list[Event]:
        if isinstance(a, ShowIndicator):
            raise IllegalAction(msg.NO_GOSTERGE, "101-6")
        if isinstance(a, Draw):
            return self._draw(a)
        if isinstance(a, Return):
            return self._return(a)
        if isinstance(a, Discard):
            return self._discard(a)
        if isinstance(a, Finish):
            return self._finish(a)
        self._check_turn(a, PLAY)
        if isinstance(a, Open | OpenPairs):
            events = self._table_action(a)
        elif isinstance(a, Layoff):
            events = self._layoff(a)
        elif isinstance(a, Swap):
            events = self._swap(a)
        else:
            raise MalformedAction(okey_msg.NOT_AN_ACTION, action=repr(a))
        if len(self.hand(a.seat)) == 0:
            raise IllegalAction(msg.EMPTIES_HAND, "101-9", seat=a.seat)
        self.just_took = False
        self._settle_take(a)
        return events

    def _settle_take(self, a: Action) -> None:
        """After a table action: is the pending take used, and can it still be?"""
        if self.pending is None:
            return
        x, before = self.pending
        if Counter(self.hand(a.seat))[x] <= before:
            self.pending = None
            return
        if self.opened[a.seat] is None or not take.usable(self, a.seat, self.hand(a.seat), x):
            raise IllegalAction(msg.TAKE_WOULD_STRAND, "101-11", tile=tile_name(x))

    def _arrange(self, a: Arrange) -> list[Event]:
        if self.end is not None:
            raise IllegalAction(okey_msg.DEAL_OVER, "101-40")
        if not 0 <= a.seat < 4:
            raise MalformedAction(okey_msg.NO_SUCH_SEAT, seat=a.seat)
        blocks = [tuple(b) for b in a.rack if b]
        laid, held = rk.rack_tiles(blocks), self.hand(a.seat)
        if not rk.same_tiles(laid, held):
            extra = _names(list((Counter(laid) - Counter(held)).elements()))
            missing = _names(list((Counter(held) - Counter(laid)).elements()))
            if extra:
                raise IllegalAction(okey_msg.ARRANGE_EXTRA, "101-40", seat=a.seat, extra=extra)
            raise IllegalAction(okey_msg.ARRANGE_MISSING, "101-40", missing=missing)
        self.racks[a.seat] = blocks
        return [Event("arrange", a.seat, {}, {"rack": self._rack_json(a.seat)})]

    def _draw(self, a: Draw) -> list[Event]:
        self._check_turn(a, None)
        seat = a.seat
        if self.phase == PLAY:
            raise IllegalAction(okey_msg.ALREADY_DRAWN, "101-8", seat=seat)
        if a.source == PILE:
            if not self.pile_left:
                raise IllegalAction(okey_msg.PILE_EMPTY, "101-8")
            t = self.pile[self.pile_pos]
            self.pile_pos += 1
            self.racks[seat] = rk.add_drawn(self.racks[seat], t)
            self.phase = PLAY
            return [Event("draw", seat, {"from": PILE, "pile_left": self.pile_left},
                          {"tile": tile_name(t)})]
        if a.source != LEFT:
            raise MalformedAction(okey_msg.BAD_SOURCE, source=repr(a.source))
        if self.phase == AFTER_RETURN:
            raise IllegalAction(msg.DRAW_PILE_AFTER_RETURN, "101-12", seat=seat)
        left = (seat - 1) % 4
        if not self.discards[left]:
            raise IllegalAction(okey_msg.NO_LEFT_DISCARD, "101-8", left=left)
        if not take.take_usable(self, seat):
            raise IllegalAction(msg.TAKE_UNUSABLE, "101-12", seat=seat,
                                tile=tile_name(self.discards[left][-1]))
        t = self.discards[left].pop()
        self.pending = (t, self.hand(seat).count(t))
        self.just_took = True
        self.racks[seat] = rk.add_drawn(self.racks[seat], t)
        self.phase = PLAY
        return [Event("draw", seat, {"from": LEFT, "tile": tile_name(t)})]

    def _return(self, a: Return) -> list[Event]:
        self._check_turn(a, PLAY)
        if not self.just_took or self.pending is None:
            raise IllegalAction(msg.RETURN_NOT_NOW, "101-12")
        t = self.pending[0]
        self._remove(a.seat, [t])
        self.discards[(a.seat - 1) % 4].append(t)
        self.pending = None
        self.just_took = False
        self.phase = AFTER_RETURN
        points = self.options["take_return_penalty"]
        if points:
            self.penalties[a.seat].append({"kind": "return", "tile": tile_name(t),
                                           "action": self.actions_done, "points": points})
        return [Event("return", a.seat, {"tile": tile_name(t), "penalty": points})]

    def _table_action(self, a: Open | OpenPairs) -> list[Event]:
        seat = a.seat
        pairs = isinstance(a, OpenPairs)
        melds = a.pairs if isinstance(a, OpenPairs) else a.melds
        opening = type(a) in (Open, OpenPairs)
        kind = self.opened[seat]
        if not melds:
            raise IllegalAction(msg.NO_MELDS, "101-17")
        if opening and kind is not None:
            raise IllegalAction(msg.ALREADY_OPENED, "101-22", seat=seat)
        if not opening:
            if kind is None:
                raise IllegalAction(msg.NOT_OPENED, "101-19", seat=seat)
            if not pairs and kind == PAIRS:
                raise IllegalAction(msg.PAIRS_OPENER_NO_LAY, "101-21")
            if pairs and kind == MELDS and PAIRS not in self.opened:
                raise IllegalAction(msg.NO_PAIRS_OPENER, "101-25")
        resolved = [self._resolve(m, pairs) for m in melds]
        tiles = [p for slots, _ in resolved for p in physical(slots)]
        hand = self.hand(seat)
        self._remove(seat, tiles)
        left = len(hand) - len(tiles)
        if left == 0:
            raise IllegalAction(msg.EMPTIES_HAND, "101-9", seat=seat)
        total = len(melds) if pairs else sum(value(s) for s, _ in resolved)
        if opening:
            if self.pending is not None and self.pending[0] not in tiles:
                raise IllegalAction(msg.OPEN_WITHOUT_TAKE, "101-11",
                                    tile=tile_name(self.pending[0]))
            if pairs:
                needed = self.pairs_needed(seat)
                if total < needed:
                    raise IllegalAction(msg.TOO_FEW_PAIRS, "101-22", count=total, needed=needed)
            else:
                threshold = self.threshold(seat)
                if total < threshold:
                    if not (self.options["elden_below_threshold"] and left == 1):
                        raise IllegalAction(msg.BELOW_THRESHOLD, "101-17", value=total,
                                            threshold=threshold)
                    self.must_finish = True
            self.elden_ok = all(self.opened[o] is None for o in range(4) if o != seat)
            self.opened[seat] = PAIRS if pairs else MELDS
            self.opening_values[seat] = total
            self.opened_this_turn = True
        first = len(self.table)
        for slots, k in resolved:
            self.table.append(TableMeld(seat, k, slots))
        laid = [{"index": first + i, **m.to_json(self.okey)}
                for i, m in enumerate(self.table[first:])]
        events = [Event(a.act, seat, {"melds": laid, "value": total})]
        if (opening and pairs and self.options["four_pairs_void"]
                and all(o == PAIRS for o in self.opened)):
            self.end = "void"
            self.end_reason = "four_pairs"
            events.append(Event("deal_end", None, {"end": "void", "reason": "four_pairs",
                                                   "scores": [0, 0, 0, 0]}))
        return events

    def _opened_for_table(self, seat: int) -> str:
        kind = self.opened[seat]
        if kind is None:
            raise IllegalAction(msg.NOT_OPENED, "101-24", seat=seat)
        if take.layoff_room(self, kind) <= 0:
            raise IllegalAction(msg.LAYOFF_LIMIT, "101-24",
                                limit=self.options["pairs_layoff_limit"])
        return kind

    def _meld(self, m: int) -> TableMeld:
        if not 0 <= m < len(self.table):
            raise MalformedAction(msg.NO_SUCH_MELD, "101-24", meld=m, count=len(self.table))
        return self.table[m]

    def _layoff(self, a: Layoff) -> list[Event]:
        seat = a.seat
        meld = self._meld(a.meld)  # a meld that does not exist: a malformed record
        self._opened_for_table(seat)
        if meld.kind == PAIR:
            raise IllegalAction(msg.PAIR_NO_LAYOFF, "101-25")
        (slot,) = self._resolve_tile(a.tile)
        where = meld.extension(slot[1])
        if where is None:
            raise IllegalAction(msg.DOES_NOT_FIT, "101-24", tile=meld_tile_name(a.tile),
                                meld=a.meld)
        limit = self.options["end_limit"]
        if meld.kind == RUN and limit is not None:
            if self.end_adds.get((a.meld, where), 0) >= limit:
                raise IllegalAction(msg.END_LIMIT, "101-26", limit=limit)
            self.end_adds[(a.meld, where)] = self.end_adds.get((a.meld, where), 0) + 1
        self._remove(seat, [slot[0]])
        meld.add(slot, where)
        self.turn_layoffs += 1
        return [Event("layoff", seat, {"meld": a.meld, "tile": meld_tile_name(a.tile),
                                       "tiles": meld.names(self.okey)})]

    def _resolve_tile(self, m: int) -> list[Slot]:
        try:
            return resolve([m], self.okey)
        except PlainOkey as exc:
            raise MalformedAction(msg.PLAIN_OKEY, "101-15", tile=str(exc)) from None

    def _swap(self, a: Swap) -> list[Event]:
        seat = a.seat
        meld = self._meld(a.meld)
        self._opened_for_table(seat)
        if a.tile == self.okey or not 0 <= a.tile <= FALSE_JOKER:
            raise IllegalAction(msg.SWAP_WITH_OKEY, "101-27")
        s = stands_for(a.tile, self.okey)
        i = meld.swap_index(s, self.okey)
        if i is None:
            raise IllegalAction(msg.NO_OKEY_FOR, "101-27", meld=a.meld, tile=tile_name(a.tile))
        self._remove(seat, [a.tile])
        meld.slots[i] = (a.tile, s)
        self.racks[seat] = rk.add_drawn(self.racks[seat], self.okey)
        self.turn_layoffs += 1
        return [Event("swap", seat, {"meld": a.meld, "tile": tile_name(a.tile),
                                     "tiles": meld.names(self.okey)})]

    def _leaving(self, a: Discard | Finish) -> tuple[Tile, rk.Slot]:
        """The tile that leaves and its slot (``at`` or the default copy, rule 29)."""
        seat, t = a.seat, a.tile
        rack = self.racks[seat]
        if not (type(t) is int and 0 <= t <= FALSE_JOKER) or t not in self.hand(seat):
            raise IllegalAction(okey_msg.NOT_HELD, "101-10", seat=seat,
                                tile=tile_name(t) if type(t) is int and 0 <= t <= 52 else repr(t))
        if a.at is None:
            slot = rk.default_slot(rack, t)
            assert slot is not None
            return t, slot
        b, i = slot_value(a.at)
        if b >= len(rack):
            raise IllegalAction(okey_msg.AT_NO_BLOCK, "rule 29", seat=seat, block=b,
                                last=len(rack) - 1)
        if i >= len(rack[b]):
            raise IllegalAction(okey_msg.AT_NO_POSITION, "rule 29", seat=seat, block=b,
                                position=i, last=len(rack[b]) - 1)
        if rack[b][i] != t:
            raise IllegalAction(okey_msg.AT_OTHER_TILE, "rule 29", block=b, position=i,
                                there=tile_name(rack[b][i]), tile=tile_name(t))
        return t, (b, i)

    def _discard(self, a: Discard) -> list[Event]:
        self._check_turn(a, PLAY)
        seat = a.seat
        if self.pending is not None:
            raise IllegalAction(msg.TAKE_UNUSED, "101-11", tile=tile_name(self.pending[0]))
        if len(self.hand(seat)) <= 1:
            raise IllegalAction(msg.LAST_TILE_FINISHES, "101-9")
        t, slot = self._leaving(a)
        penalty = None
        if t == self.okey:
            penalty = "okey_discard"
        elif islek(t, self.table, self.okey):
            penalty = "islek"
        if penalty is not None:
            self.penalties[seat].append({"kind": penalty, "tile": tile_name(t),
                                         "action": self.actions_done, "points": PENALTY})
        self.racks[seat] = rk.remove_at(self.racks[seat], *slot)
        self.discards[seat].append(t)
        events = [Event("discard", seat, {"tile": tile_name(t), "penalty": penalty})]
        if not self.pile_left:  # 101-29: the last pile tile's drawer discarded
            void = self.options["pile_out"] == "void"
            self.end = "void" if void else "pile"
            self.end_reason = "pile"
            result = self.result()
            assert result is not None
            events.append(Event("deal_end", None, {"end": self.end,
                                                   "scores": list(result.scores)}))
            return events
        self._next_turn()
        return events

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % 4
        self.phase = DRAW
        self.opened_this_turn = False
        self.just_took = False
        self.turn_layoffs = 0
        self.end_adds = {}

    def _finish(self, a: Finish) -> list[Event]:
        self._check_turn(a, PLAY)
        seat = a.seat
        hand = self.hand(seat)
        if self.pending is not None:
            raise IllegalAction(msg.TAKE_UNUSED, "101-11", tile=tile_name(self.pending[0]))
        if self.opened[seat] is None or len(hand) != 1:
            raise IllegalAction(msg.CANNOT_FINISH, "101-28", count=len(hand))
        t, slot = self._leaving(a)
        self.racks[seat] = rk.remove_at(self.racks[seat], *slot)
        self.discards[seat].append(t)
        elden = self.opened_this_turn and (
            self.options["elden"] == "same_turn" or self.elden_ok)
        self.flags = {"okey": t == self.okey, "pairs": self.opened[seat] == PAIRS,
                      "elden": elden}
        self.end = "finish"
        self.end_reason = "finish"
        self.finisher = seat
        self.finish_tile = t
        result = self.result()
        assert result is not None
        return [Event("finish", seat, {"tile": tile_name(t), "flags": dict(self.flags),
                                       "multiplier": self.multiplier}),
                Event("deal_end", None, {"end": "finish", "scores": list(result.scores)})]

    # ------------------------------------------------------------------ result
    @property
    def multiplier(self) -> int | None:
        """M of 101-31: 1 at a pile out, ``None`` before the end and for a void deal."""
        return outcome.multiplier_of(self)

    def penalty_total(self) -> list[int]:
        return [sum(p["points"] for p in ps) for ps in self.penalties]

    def canak(self) -> JSON | None:
        return outcome.canak(self)

    def canak_now(self) -> int | None:
        """The çanak as it stands (``None`` without the option): this deal's antes are in
        from its start, and a breaking finish empties it (101-39)."""
        if not self.options["canak"]:
            return None
        if self.end is None:
            return int(self.canak_before + 4 * self.options["canak_ante"])
        found = self.canak()
        assert found is not None
        return int(found["after"])

    def result(self) -> DealResult | None:
        return outcome.result(self)

    def partial_detail(self) -> JSON:
        return outcome.partial_detail(self)

    # ------------------------------------------------------------------ views
    def _rack_json(self, seat: int) -> list[list[str]]:
        return [tile_names(block) for block in self.racks[seat]]

    def public_view(self) -> JSON:
        """What every seat and spectator sees (101-38): the table, every discard stack,
        hand sizes, openings, thresholds, penalties, the turn and its state."""
        return {
            "game": self.game,
            "options": dict(self.options),
            "starter": self.starter,
            "indicator": tile_name(self.indicator),
            "okey": tile_name(self.okey),
            "turn": None if self.end else self.turn,
            "phase": None if self.end else self.phase,
            "pile_left": self.pile_left,
            "discards": [tile_names(d) for d in self.discards],
            "rack_sizes": [len(self.hand(s)) for s in range(4)],
            "table": [{"index": i, **m.to_json(self.okey)} for i, m in enumerate(self.table)],
            "opened": list(self.opened),
            "opening_values": list(self.opening_values),
            "thresholds": [{"melds": self.threshold(s), "pairs": self.pairs_needed(s)}
                           for s in range(4)],
            "penalties": [list(p) for p in self.penalties],
            "taken": None if self.pending is None else tile_name(self.pending[0]),
            "can_return": self.just_took,
            "must_finish": self.must_finish,
            "turn_state": {"opened_this_turn": self.opened_this_turn,
                           "elden_ok": self.elden_ok, "turn_layoffs": self.turn_layoffs,
                           "end_adds": [[m, e, n] for (m, e), n in self.end_adds.items()],
                           "actions_done": self.actions_done,
                           "canak_before": self.canak_before},
            "over": self.end is not None,
            "end": self.end,
            "finisher": self.finisher,
            "finish_tile": None if self.finish_tile is None else tile_name(self.finish_tile),
            "islek": tile_names(self.islek_tiles()) if self.table else [],
            "canak": self.canak_now(),
        }

    def own_view(self, seat: int) -> JSON:
        """The seat's own rack."""
        return {"rack": self._rack_json(seat)}


__all__ = ["Okey101Deal"]
