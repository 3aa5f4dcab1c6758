"""Checking a stated move, and listing the legal moves, of one Casino position.

Two directions over the same rules:

* :func:`check` validates an action exactly as the player stated it — its ``sets`` are
  read directly (is this set a build, a raise, loose cards summing to the value?), so
  checking never enumerates anything and accepts every grouping the rules allow. It
  returns a :class:`Plan` that the state applies in one step, or raises
  :class:`IllegalAction` naming the rule and the card.
* :func:`legal_actions` lists the legal moves canonically (see its docstring and
  docs/rules/casino.md for exactly which), built from value-level packings
  (:mod:`kahvehane.games.casino.packing`) so that a 20-card table stays fast.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from kahvehane.cards import Card, card_name, rank_of
from kahvehane.errors import IllegalAction
from kahvehane.games.casino.actions import (
    BuildAction,
    CaptureAction,
    CasinoAction,
    Sets,
    TrailAction,
)
from kahvehane.games.casino.builds import MULTIPLE, SINGLE, Build, can_keep
from kahvehane.games.casino.messages import (
    BUILD_NEEDS_VALUE,
    BUILD_RANGE,
    BUILD_SET_SUM,
    CAPTURED_WHOLE,
    COUNTS,
    COURT_BUILD,
    COURT_NO_VALUE,
    COURT_ONE,
    COURT_RANK,
    COURTS_BUILT,
    COURTS_IN_SUM,
    DECLARE,
    EMPTY_SET,
    FROZEN,
    IN_BUILD_JOIN,
    IN_BUILD_RAISE,
    KEEP_ONE,
    KEEP_SEVERAL,
    MERGE_SAME,
    MUST_ALSO_TAKE,
    MUST_CAPTURE_IT,
    MUST_CAPTURE_THEM,
    NO_CAPTURE_CARD,
    NO_SET,
    NOT_ALONE,
    NOT_IN_HAND,
    NOT_ON_TABLE,
    PLAYED_IN_SET,
    PLAYED_ONCE,
    PLAYED_SET,
    RAISES_TO,
    SECOND_BUILD,
    SET_SUM,
    TRAIL_OWNER,
    TWICE,
    TWO_CARDS,
)
from kahvehane.games.casino.packing import (
    Group,
    build_packings,
    capture_packings,
    value_multisets,
)
from kahvehane.games.casino.values import CasinoVariant

Builds = Mapping[int, Build]
"""The builds on the table by value: there is never more than one per value (B-9)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """A validated move, ready to apply: what leaves the table and what arrives.

    ``taken_loose`` and ``taken_builds`` (build values) leave the table; a capture puts
    them and the played card on the capturer's pile, a build turns them into
    ``new_build``; a trail adds the played card to the loose cards.
    """

    act: str
    card: Card
    value: int | None
    taken_loose: tuple[Card, ...] = ()
    taken_builds: tuple[int, ...] = ()
    new_build: Build | None = None


def _names(cards: Sequence[Card]) -> str:
    return "+".join(card_name(c) for c in cards)


def _remove_one(hand: Sequence[Card], c: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(c)
    return rest


def _owned_after(builds: Builds, seat: int, gone: Sequence[int]) -> list[int]:
    return [b.value for b in builds.values() if b.owner == seat and b.value not in gone]


def _check_keep(
    variant: CasinoVariant, seat: int, values: list[int], rest: Sequence[Card], played: Card
) -> None:
    """O-2: after the move the player keeps a card for every build they own."""
    if not can_keep(values, rest, variant.can_capture):
        if len(values) == 1:
            raise IllegalAction(KEEP_ONE, "O-2", card=card_name(played), seat=seat,
                                value=values[0])
        raise IllegalAction(KEEP_SEVERAL, "O-2", card=card_name(played), seat=seat,
                            values=", ".join(map(str, sorted(values))))


def _check_common(sets: Sets, played: Card) -> None:
    if not sets:
        raise IllegalAction(NO_SET, "C-19", card=card_name(played))
    seen: set[Card] = set()
    for s in sets:
        if not s:
            raise IllegalAction(EMPTY_SET, "C-19")
        for c in s:
            if c in seen:
                raise IllegalAction(TWICE, "C-20", card=card_name(c))
            seen.add(c)


def check(
    variant: CasinoVariant,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: CasinoAction,
) -> Plan:
    """Validate ``action`` for ``seat`` (whose turn it is) and say what it does."""
    if action.card not in hand:
        raise IllegalAction(NOT_IN_HAND, "C-16", card=card_name(action.card), seat=seat)
    must = variant.must_take(action.card, loose)
    if must and not isinstance(action, CaptureAction):
        raise IllegalAction(MUST_CAPTURE_IT if len(must) == 1 else MUST_CAPTURE_THEM, "R-3b",
                            card=card_name(action.card), cards=_names(must))
    if isinstance(action, TrailAction):
        return _check_trail(seat, builds, action)
    if isinstance(action, CaptureAction):
        plan = _check_capture(variant, seat, hand, loose, builds, action)
        left = [x for x in must if x not in plan.taken_loose]
        if left:
            raise IllegalAction(MUST_ALSO_TAKE, "R-3b", card=card_name(action.card),
                                cards=_names(left))
        return plan
    return _check_build(variant, seat, hand, loose, builds, action)


def _check_trail(seat: int, builds: Builds, action: TrailAction) -> Plan:
    owned = sorted(b.value for b in builds.values() if b.owner == seat)
    if owned:
        raise IllegalAction(TRAIL_OWNER, "O-1", seat=seat, value=owned[0],
                            card=card_name(action.card))
    return Plan("trail", action.card, None)


def _check_capture(
    variant: CasinoVariant,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: CaptureAction,
) -> Plan:
    p = action.card
    _check_common(action.sets, p)
    if any(p in s for s in action.sets):
        raise IllegalAction(PLAYED_IN_SET, "C-19", card=card_name(p))
    loose_set = set(loose)
    rest = _remove_one(hand, p)
    court = variant.court_rank(p)
    if court is not None:
        if action.value is not None:
            raise IllegalAction(COURT_NO_VALUE, "C-18", card=card_name(p))
        if len(action.sets) != 1 or len(action.sets[0]) != 1:
            raise IllegalAction(COURT_ONE, "C-18", card=card_name(p))
        x = action.sets[0][0]
        if x not in loose_set or rank_of(x) != court:
            raise IllegalAction(COURT_RANK, "C-18", card=card_name(p), other=card_name(x))
        _check_keep(variant, seat, _owned_after(builds, seat, ()), rest, p)
        return Plan("capture", p, None, (x,))
    options = variant.play_values(p)
    rule = "C-3" if variant.royal else "C-2"
    if action.value is None:
        if len(options) > 1:
            raise IllegalAction(DECLARE, rule, card=card_name(p), values=list(options))
        v = options[0]
    elif action.value in options:
        v = action.value
    else:
        raise IllegalAction(COUNTS, rule, card=card_name(p), values=list(options),
                            value=action.value)
    by_cards = {b.card_set: b for b in builds.values()}
    in_build = {c: b for b in builds.values() for c in b.cards}
    taken_loose: list[Card] = []
    taken_builds: list[int] = []
    for s in action.sets:
        b = by_cards.get(frozenset(s))
        if b is not None:
            if b.value != v:
                raise IllegalAction(BUILD_NEEDS_VALUE, "C-15", value=b.value,
                                    cards=_names(b.cards), card=card_name(p), counted=v)
            taken_builds.append(b.value)
            continue
        for c in s:
            if c in in_build:
                raise IllegalAction(CAPTURED_WHOLE, "C-15", card=card_name(c),
                                    value=in_build[c].value)
            if c not in loose_set:
                raise IllegalAction(NOT_ON_TABLE, "C-19", card=card_name(c))
        if len(s) == 1:
            c = s[0]
            paired = variant.pairs_by_rank(p) and rank_of(c) == rank_of(p)
            if variant.table_value(c) == v or paired:
                taken_loose.append(c)
                continue
            raise IllegalAction(NOT_ALONE, "C-19", card=card_name(p), value=v,
                                other=card_name(c))
        values = [variant.table_value(c) for c in s]
        if any(x is None for x in values):
            raise IllegalAction(COURTS_IN_SUM, "C-20", cards=_names(s))
        total = sum(x for x in values if x is not None)
        if total != v:
            raise IllegalAction(SET_SUM, "C-19", cards=_names(s), total=total, value=v,
                                card=card_name(p))
        taken_loose.extend(s)
    _check_keep(variant, seat, _owned_after(builds, seat, taken_builds), rest, p)
    return Plan("capture", p, v, tuple(taken_loose), tuple(taken_builds))


def _check_build(
    variant: CasinoVariant,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: BuildAction,
) -> Plan:
    p, big_v = action.card, action.value
    if variant.table_value(p) is None:
        raise IllegalAction(COURT_BUILD, "B-0", card=card_name(p))
    if not 1 <= big_v <= variant.max_value:
        raise IllegalAction(BUILD_RANGE, "C-6", max=variant.max_value, value=big_v)
    _check_common(action.sets, p)
    holding = [s for s in action.sets if p in s]
    if len(holding) != 1:
        raise IllegalAction(PLAYED_ONCE, "B-2", card=card_name(p))
    hs = variant.play_values(p)
    loose_set = set(loose)
    by_cards = {b.card_set: b for b in builds.values()}
    in_build = {c: b for b in builds.values() for c in b.cards}
    taken_loose: list[Card] = []
    absorbed: list[Build] = []
    groups: list[tuple[Card, ...]] = []
    for s in action.sets:
        without = frozenset(s) - {p}
        b = by_cards.get(without)
        if b is not None:
            if p in s:
                if b.kind != SINGLE:
                    raise IllegalAction(FROZEN, "B-7", value=b.value, card=card_name(p))
                if big_v - b.value not in hs:
                    raise IllegalAction(RAISES_TO, "B-6", card=card_name(p), value=b.value,
                                        values=[b.value + h for h in hs], target=big_v)
                groups.append((*b.cards, p))
            else:
                if b.value != big_v:
                    raise IllegalAction(MERGE_SAME, "B-10", value=b.value, target=big_v)
                groups.extend(b.groups)
            absorbed.append(b)
            continue
        for c in s:
            if c in in_build:
                why, rule = (IN_BUILD_RAISE, "B-6") if p in s else (IN_BUILD_JOIN, "C-15")
                raise IllegalAction(why, rule, card=card_name(c), value=in_build[c].value)
            if c != p and c not in loose_set:
                raise IllegalAction(NOT_ON_TABLE, "B-4", card=card_name(c))
        others = [c for c in s if c != p]
        values = [variant.table_value(c) for c in others]
        if any(x is None for x in values):
            raise IllegalAction(COURTS_BUILT, "B-0", cards=_names(others))
        total = sum(x for x in values if x is not None)
        if p in s:
            if big_v - total not in hs:
                raise IllegalAction(PLAYED_SET, "B-4", cards=_names(s),
                                    values=[h + total for h in hs], value=big_v)
        elif total != big_v:
            raise IllegalAction(BUILD_SET_SUM, "B-5", cards=_names(s), total=total,
                                value=big_v)
        taken_loose.extend(others)
        groups.append(tuple(s))
    existing = builds.get(big_v)
    if existing is not None and existing not in absorbed:
        raise IllegalAction(SECOND_BUILD, "B-9", value=big_v, cards=_names(existing.cards))
    if len(action.sets) == 1 and action.sets[0] == (p,):
        raise IllegalAction(TWO_CARDS, "B-4", card=card_name(p))
    rest = _remove_one(hand, p)
    if not any(variant.can_capture(c, big_v) for c in rest):
        raise IllegalAction(NO_CAPTURE_CARD, "B-1", seat=seat, value=big_v)
    gone = [b.value for b in absorbed]
    _check_keep(variant, seat, [*_owned_after(builds, seat, gone), big_v], rest, p)
    kind = SINGLE if len(action.sets) == 1 else MULTIPLE
    cards = tuple(c for s in action.sets for c in s)
    new = Build(big_v, kind, seat, cards, tuple(groups))
    return Plan("build", p, big_v, tuple(taken_loose), tuple(gone), new)


# -- listing the legal moves ------------------------------------------------------------------


class LooseIndex:
    """The loose cards by value: ``counts[x - 1]`` of them count ``x``.

    :meth:`selections` turns a value vector (how many cards of each value) back into
    every choice of actual cards.
    """

    def __init__(self, variant: CasinoVariant, loose: Sequence[Card]) -> None:
        by_value: dict[int, list[Card]] = {}
        courts: list[Card] = []
        for c in sorted(loose):
            v = variant.table_value(c)
            if v is None:
                courts.append(c)
            else:
                by_value.setdefault(v, []).append(c)
        self.by_value = by_value
        self.courts = courts
        counts = [0] * variant.max_value
        for v, cs in by_value.items():
            counts[v - 1] = len(cs)
        self.counts = tuple(counts)

    def of_value(self, v: int) -> list[Card]:
        return list(self.by_value.get(v, ()))

    def selections(self, need: Mapping[int, int]) -> Iterator[dict[int, tuple[Card, ...]]]:
        """Each choice of ``need[v]`` loose cards of every value ``v``."""
        values = sorted(v for v, k in need.items() if k)
        choices = [itertools.combinations(self.by_value[v], need[v]) for v in values]
        for combo in itertools.product(*choices):
            yield dict(zip(values, combo, strict=True))

    def groups(self, values: Group) -> Iterator[tuple[Card, ...]]:
        """Each choice of cards for one group of ``values`` (ascending, as packings give)."""
        need = Counter(values)
        choices = [itertools.combinations(self.by_value[v], need[v]) for v in sorted(need)]
        for combo in itertools.product(*choices):
            yield tuple(itertools.chain.from_iterable(combo))


def _layout(groups: Sequence[Group]) -> list[list[tuple[int, int]]]:
    """Where each group finds its cards in a selection: (value, index) per card."""
    used: Counter[int] = Counter()
    out: list[list[tuple[int, int]]] = []
    for g in groups:
        slots = []
        for v in g:
            slots.append((v, used[v]))
            used[v] += 1
        out.append(slots)
    return out


def _deal_groups(
    layout: list[list[tuple[int, int]]], chosen: Mapping[int, Sequence[Card]]
) -> list[tuple[Card, ...]]:
    """The groups of a :func:`_layout`, filled from one selection."""
    return [tuple(chosen[v][i] for v, i in slots) for slots in layout]


def _need(*groups: Sequence[int]) -> Counter[int]:
    need: Counter[int] = Counter()
    for g in groups:
        need.update(g)
    return need


def legal_actions(
    variant: CasinoVariant,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
) -> list[CasinoAction]:
    """The legal moves of ``seat`` (to act), canonically; :func:`check` accepts more.

    Listed in this order — all captures, then all builds, then all trails, each card by
    card in hand order:

    * **captures**: for each value the card may count, every *maximal* capture — one that
      no other capture with that card and value contains — one entry per distinct set
      of taken cards. A maximal capture always takes the build of that value, every
      loose card of that value and (a Royal ace) every loose ace. A Casino court lists
      one capture per loose court of its rank.
    * **builds**: for each build value the rest of the hand can capture (B-1), every
      *plain* build — the played card with loose cards worth the rest, or raising one
      single build, plus the existing build of that value when there is one (B-9) —
      and every *maximal* multiple build, separately for each way the played card
      enters (with loose cards, or by raising).
    * **trails**: every card, unless the player owns a build (O-1).

    With the ``royal_dominican`` preset a card of the same rank as a loose card is listed
    with its captures only (R-3b): every maximal capture already takes all those cards.

    Each listed move is a distinct outcome (the cards it moves, and for a build its
    value and kind). Not listed, but accepted by :func:`check`: captures and multiple
    builds that take only some of a listed one's groups, and other groupings of the
    same cards — their number grows exponentially with the table, and each is either
    identical in effect to a listed move or takes a subset of its cards.
    """
    index = LooseIndex(variant, loose)
    owns = any(b.owner == seat for b in builds.values())
    captures: list[CasinoAction] = []
    makes: list[CasinoAction] = []
    trails: list[CasinoAction] = []
    for p in hand:
        rest = _remove_one(hand, p)
        captures.extend(_captures(variant, seat, p, rest, index, builds))
        if variant.must_take(p, loose):  # R-3b: a maximal capture takes every card of its rank
            continue
        makes.extend(_builds(variant, seat, p, rest, index, builds))
        if not owns:
            trails.append(TrailAction(seat, p))
    return captures + makes + trails


def _captures(
    variant: CasinoVariant,
    seat: int,
    p: Card,
    rest: Sequence[Card],
    index: LooseIndex,
    builds: Builds,
) -> Iterator[CasinoAction]:
    court = variant.court_rank(p)
    if court is not None:
        if can_keep(_owned_after(builds, seat, ()), rest, variant.can_capture):
            for x in index.courts:
                if rank_of(x) == court:
                    yield CaptureAction(seat, p, ((x,),))
        return
    options = variant.play_values(p)
    pairs = variant.pairs_by_rank(p)
    for v in options:
        build = builds.get(v)
        gone = (v,) if build is not None else ()
        if not can_keep(_owned_after(builds, seat, gone), rest, variant.can_capture):
            continue
        declared = v if len(options) > 1 else None
        head: list[tuple[Card, ...]] = [build.cards] if build is not None else []
        head.extend((c,) for c in index.of_value(v))
        free_aces = pairs and v != 1
        for packing in capture_packings(index.counts, v, free_aces):
            need = _need(*packing)
            in_sums = need[1]
            if free_aces:
                need[1] = index.counts[0]
            layout = _layout(packing)
            for chosen in index.selections(need):
                sets = head + _deal_groups(layout, chosen)
                sets.extend((c,) for c in chosen.get(1, ())[in_sums:])  # the other aces pair
                if sets:
                    yield CaptureAction(seat, p, tuple(sets), declared)


def _builds(
    variant: CasinoVariant,
    seat: int,
    p: Card,
    rest: Sequence[Card],
    index: LooseIndex,
    builds: Builds,
) -> Iterator[CasinoAction]:
    if variant.table_value(p) is None:
        return
    hs = variant.play_values(p)
    for big_v in sorted({v for c in rest for v in variant.play_values(c)}):  # B-1
        merge = builds.get(big_v)
        head: tuple[tuple[Card, ...], ...] = (merge.cards,) if merge is not None else ()
        merged = (big_v,) if merge is not None else ()
        singles = tuple((c,) for c in index.of_value(big_v))
        # O-2 depends only on which builds the move absorbs: decide it once per way in
        if can_keep([*_owned_after(builds, seat, merged), big_v], rest, variant.can_capture):
            sums = tuple(sorted({big_v - h for h in hs if big_v >= h}))
            yield from _loose_builds(seat, p, big_v, head, singles, sums, index)
        for b in builds.values():
            if b.kind != SINGLE or big_v - b.value not in hs:
                continue
            owned = [*_owned_after(builds, seat, (*merged, b.value)), big_v]
            if can_keep(owned, rest, variant.can_capture):
                yield from _raise_builds(seat, p, big_v, head, singles, b, index)


def _loose_builds(
    seat: int,
    p: Card,
    big_v: int,
    head: tuple[tuple[Card, ...], ...],
    singles: tuple[tuple[Card, ...], ...],
    sums: tuple[int, ...],
    index: LooseIndex,
) -> Iterator[CasinoAction]:
    """Plain builds of ``p`` with loose cards, then maximal multiple builds (B-4/5/8)."""
    seen: set[frozenset[Card]] = set()  # multiple builds only: plain singles never repeat
    for s in sums:
        if s == 0:
            if head:  # the played card alone joins the build of its value (B-8)
                seen.add(frozenset((*head[0], p)))
                yield BuildAction(seat, p, (*head, (p,)), big_v)
            continue
        for partners in value_multisets(index.counts[: big_v - 1], s):
            for cards in index.groups(partners):
                group = (p, *cards)
                if head:
                    seen.add(frozenset((*head[0], *group)))
                yield BuildAction(seat, p, (*head, group), big_v)
    for partners, packing in build_packings(index.counts, big_v, sums):
        if len(head) + 1 + len(singles) + len(packing) < 2:
            continue
        layout = _layout([partners, *packing])
        for chosen in index.selections(_need(partners, *packing)):
            dealt = _deal_groups(layout, chosen)
            sets = (*head, (p, *dealt[0]), *singles, *dealt[1:])
            moved = frozenset(c for x in sets for c in x)
            if moved not in seen:
                seen.add(moved)
                yield BuildAction(seat, p, sets, big_v)


def _raise_builds(
    seat: int,
    p: Card,
    big_v: int,
    head: tuple[tuple[Card, ...], ...],
    singles: tuple[tuple[Card, ...], ...],
    raised: Build,
    index: LooseIndex,
) -> Iterator[CasinoAction]:
    """Raising a single build with ``p`` (B-6): plainly, then maximal multiple builds."""
    group = (*raised.cards, p)
    yield BuildAction(seat, p, (*head, group), big_v)
    for packing in capture_packings(index.counts, big_v):
        if len(head) + 1 + len(singles) + len(packing) < 2 or (not packing and not singles):
            continue  # no extra group: that is the plain raise above
        layout = _layout(packing)
        for chosen in index.selections(_need(*packing)):
            sets = (*head, group, *singles, *_deal_groups(layout, chosen))
            yield BuildAction(seat, p, sets, big_v)
