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
from kahvehane.games.casino.packing import (
    Group,
    build_packings,
    capture_packings,
    value_multisets,
)
from kahvehane.games.casino.table import MULTIPLE, SINGLE, Build, can_keep
from kahvehane.games.casino.values import CasinoRuleset

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
    rs: CasinoRuleset, seat: int, values: list[int], rest: Sequence[Card], played: Card
) -> None:
    """O-2: after the move the player keeps a card for every build they own."""
    if not can_keep(values, rest, rs.can_capture):
        shown = ", ".join(f"the {v}-build" for v in sorted(values))
        raise IllegalAction(
            f"after playing {card_name(played)} seat {seat} would own {shown} without a"
            " card of its own left to capture each",
            "O-2",
        )


def _check_common(sets: Sets, played: Card) -> None:
    if not sets:
        raise IllegalAction(f"playing {card_name(played)} this way names no set", "C-19")
    seen: set[Card] = set()
    for s in sets:
        if not s:
            raise IllegalAction("a set may not be empty", "C-19")
        for c in s:
            if c in seen:
                raise IllegalAction(f"{card_name(c)} appears in two sets", "C-20")
            seen.add(c)


def check(
    rs: CasinoRuleset,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: CasinoAction,
) -> Plan:
    """Validate ``action`` for ``seat`` (whose turn it is) and say what it does."""
    if action.card not in hand:
        raise IllegalAction(f"{card_name(action.card)} is not in seat {seat}'s hand", "C-16")
    must = rs.must_take(action.card, loose)
    if must and not isinstance(action, CaptureAction):
        raise IllegalAction(
            f"{card_name(action.card)} matches the loose {_names(must)} and must capture"
            f" {'it' if len(must) == 1 else 'them'} (royal_dominican)",
            "R-3b",
        )
    if isinstance(action, TrailAction):
        return _check_trail(seat, builds, action)
    if isinstance(action, CaptureAction):
        plan = _check_capture(rs, seat, hand, loose, builds, action)
        left = [x for x in must if x not in plan.taken_loose]
        if left:
            raise IllegalAction(
                f"{card_name(action.card)} must also take the loose {_names(left)} of its"
                " rank (royal_dominican)",
                "R-3b",
            )
        return plan
    return _check_build(rs, seat, hand, loose, builds, action)


def _check_trail(seat: int, builds: Builds, action: TrailAction) -> Plan:
    owned = sorted(b.value for b in builds.values() if b.owner == seat)
    if owned:
        raise IllegalAction(
            f"seat {seat} owns the {owned[0]}-build and may not trail"
            f" {card_name(action.card)}: capture, build or add instead",
            "O-1",
        )
    return Plan("trail", action.card, None)


def _check_capture(
    rs: CasinoRuleset,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: CaptureAction,
) -> Plan:
    p = action.card
    _check_common(action.sets, p)
    if any(p in s for s in action.sets):
        raise IllegalAction(f"the played {card_name(p)} cannot be in a captured set", "C-19")
    loose_set = set(loose)
    rest = _remove_one(hand, p)
    court = rs.court_rank(p)
    if court is not None:
        if action.value is not None:
            raise IllegalAction(f"{card_name(p)} is a court and has no value to declare", "C-18")
        if len(action.sets) != 1 or len(action.sets[0]) != 1:
            raise IllegalAction(
                f"{card_name(p)} is a court: it captures exactly one loose card of its rank",
                "C-18",
            )
        x = action.sets[0][0]
        if x not in loose_set or rank_of(x) != court:
            raise IllegalAction(
                f"{card_name(p)} captures only a loose court of its rank, not {card_name(x)}",
                "C-18",
            )
        _check_keep(rs, seat, _owned_after(builds, seat, ()), rest, p)
        return Plan("capture", p, None, (x,))
    options = rs.play_values(p)
    rule = "C-3" if rs.royal else "C-2"
    if action.value is None:
        if len(options) > 1:
            raise IllegalAction(
                f"declare what {card_name(p)} counts: {' or '.join(map(str, options))}", rule
            )
        v = options[0]
    elif action.value in options:
        v = action.value
    else:
        raise IllegalAction(
            f"{card_name(p)} counts {' or '.join(map(str, options))}, not {action.value}", rule
        )
    by_cards = {b.card_set: b for b in builds.values()}
    in_build = {c: b for b in builds.values() for c in b.cards}
    taken_loose: list[Card] = []
    taken_builds: list[int] = []
    for s in action.sets:
        b = by_cards.get(frozenset(s))
        if b is not None:
            if b.value != v:
                raise IllegalAction(
                    f"the {b.value}-build ({_names(b.cards)}) is captured only by a card"
                    f" counting {b.value}, and {card_name(p)} counts {v}",
                    "C-15",
                )
            taken_builds.append(b.value)
            continue
        for c in s:
            if c in in_build:
                raise IllegalAction(
                    f"{card_name(c)} is in the {in_build[c].value}-build, which is captured"
                    " whole, as one set of exactly its cards",
                    "C-15",
                )
            if c not in loose_set:
                raise IllegalAction(f"{card_name(c)} is not on the table", "C-19")
        if len(s) == 1:
            c = s[0]
            if rs.table_value(c) == v or (rs.pairs_by_rank(p) and rank_of(c) == rank_of(p)):
                taken_loose.append(c)
                continue
            raise IllegalAction(
                f"{card_name(p)} counting {v} cannot take {card_name(c)} alone", "C-19"
            )
        values = [rs.table_value(c) for c in s]
        if any(x is None for x in values):
            raise IllegalAction(f"courts never count in a sum ({_names(s)})", "C-20")
        total = sum(x for x in values if x is not None)
        if total != v:
            raise IllegalAction(
                f"{_names(s)} make {total}, not {v}: each set must be worth what"
                f" {card_name(p)} counts",
                "C-19",
            )
        taken_loose.extend(s)
    _check_keep(rs, seat, _owned_after(builds, seat, taken_builds), rest, p)
    return Plan("capture", p, v, tuple(taken_loose), tuple(taken_builds))


def _check_build(
    rs: CasinoRuleset,
    seat: int,
    hand: Sequence[Card],
    loose: Sequence[Card],
    builds: Builds,
    action: BuildAction,
) -> Plan:
    p, big_v = action.card, action.value
    if rs.table_value(p) is None:
        raise IllegalAction(f"{card_name(p)} is a court: courts are never built", "B-0")
    if not 1 <= big_v <= rs.max_value:
        raise IllegalAction(f"a build is worth 1 to {rs.max_value}, not {big_v}", "C-6")
    _check_common(action.sets, p)
    holding = [s for s in action.sets if p in s]
    if len(holding) != 1:
        raise IllegalAction(
            f"the played {card_name(p)} must be in the build, in exactly one set", "B-2"
        )
    hs = rs.play_values(p)
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
                    raise IllegalAction(
                        f"the {b.value}-build is a multiple build: its value is frozen and"
                        f" {card_name(p)} cannot raise it",
                        "B-7",
                    )
                if big_v - b.value not in hs:
                    raise IllegalAction(
                        f"{card_name(p)} raises the {b.value}-build to"
                        f" {' or '.join(str(b.value + h) for h in hs)}, not {big_v}",
                        "B-6",
                    )
                groups.append((*b.cards, p))
            else:
                if b.value != big_v:
                    raise IllegalAction(
                        f"the {b.value}-build cannot become part of a {big_v}-build: only"
                        " builds of the same value merge",
                        "B-10",
                    )
                groups.extend(b.groups)
            absorbed.append(b)
            continue
        for c in s:
            if c in in_build:
                rule, why = (
                    ("B-6", "table cards never change a build's value")
                    if p in s
                    else ("C-15", "a build joins whole, as one set of exactly its cards")
                )
                raise IllegalAction(
                    f"{card_name(c)} is in the {in_build[c].value}-build: {why}", rule
                )
            if c != p and c not in loose_set:
                raise IllegalAction(f"{card_name(c)} is not on the table", "B-4")
        others = [c for c in s if c != p]
        values = [rs.table_value(c) for c in others]
        if any(x is None for x in values):
            raise IllegalAction(f"courts are never built ({_names(others)})", "B-0")
        total = sum(x for x in values if x is not None)
        if p in s:
            if big_v - total not in hs:
                made = " or ".join(str(h + total) for h in hs)
                raise IllegalAction(f"{_names(s)} make {made}, not {big_v}", "B-4")
        elif total != big_v:
            raise IllegalAction(
                f"{_names(s)} make {total}, not {big_v}: every set of a build is worth its"
                " value",
                "B-5",
            )
        taken_loose.extend(others)
        groups.append(tuple(s))
    existing = builds.get(big_v)
    if existing is not None and existing not in absorbed:
        raise IllegalAction(
            f"there is already a {big_v}-build ({_names(existing.cards)}): add to it, as one"
            " more set of this build, instead of making a second one",
            "B-9",
        )
    if len(action.sets) == 1 and action.sets[0] == (p,):
        raise IllegalAction(
            f"a build needs at least two cards: {card_name(p)} alone is a trail", "B-4"
        )
    rest = _remove_one(hand, p)
    if not any(rs.can_capture(c, big_v) for c in rest):
        raise IllegalAction(
            f"seat {seat} would keep no card worth {big_v} to capture this build", "B-1"
        )
    gone = [b.value for b in absorbed]
    _check_keep(rs, seat, [*_owned_after(builds, seat, gone), big_v], rest, p)
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

    def __init__(self, rs: CasinoRuleset, loose: Sequence[Card]) -> None:
        by_value: dict[int, list[Card]] = {}
        courts: list[Card] = []
        for c in sorted(loose):
            v = rs.table_value(c)
            if v is None:
                courts.append(c)
            else:
                by_value.setdefault(v, []).append(c)
        self.by_value = by_value
        self.courts = courts
        counts = [0] * rs.max_value
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
    rs: CasinoRuleset,
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
    index = LooseIndex(rs, loose)
    owns = any(b.owner == seat for b in builds.values())
    captures: list[CasinoAction] = []
    makes: list[CasinoAction] = []
    trails: list[CasinoAction] = []
    for p in hand:
        rest = _remove_one(hand, p)
        captures.extend(_captures(rs, seat, p, rest, index, builds))
        if rs.must_take(p, loose):  # R-3b: a maximal capture takes every card of its rank
            continue
        makes.extend(_builds(rs, seat, p, rest, index, builds))
        if not owns:
            trails.append(TrailAction(seat, p))
    return captures + makes + trails


def _captures(
    rs: CasinoRuleset,
    seat: int,
    p: Card,
    rest: Sequence[Card],
    index: LooseIndex,
    builds: Builds,
) -> Iterator[CasinoAction]:
    court = rs.court_rank(p)
    if court is not None:
        if can_keep(_owned_after(builds, seat, ()), rest, rs.can_capture):
            for x in index.courts:
                if rank_of(x) == court:
                    yield CaptureAction(seat, p, ((x,),))
        return
    options = rs.play_values(p)
    pairs = rs.pairs_by_rank(p)
    for v in options:
        build = builds.get(v)
        gone = (v,) if build is not None else ()
        if not can_keep(_owned_after(builds, seat, gone), rest, rs.can_capture):
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
    rs: CasinoRuleset,
    seat: int,
    p: Card,
    rest: Sequence[Card],
    index: LooseIndex,
    builds: Builds,
) -> Iterator[CasinoAction]:
    if rs.table_value(p) is None:
        return
    hs = rs.play_values(p)
    for big_v in sorted({v for c in rest for v in rs.play_values(c)}):  # B-1
        merge = builds.get(big_v)
        head: tuple[tuple[Card, ...], ...] = (merge.cards,) if merge is not None else ()
        merged = (big_v,) if merge is not None else ()
        singles = tuple((c,) for c in index.of_value(big_v))
        # O-2 depends only on which builds the move absorbs: decide it once per way in
        if can_keep([*_owned_after(builds, seat, merged), big_v], rest, rs.can_capture):
            sums = tuple(sorted({big_v - h for h in hs if big_v >= h}))
            yield from _loose_builds(seat, p, big_v, head, singles, sums, index)
        for b in builds.values():
            if b.kind != SINGLE or big_v - b.value not in hs:
                continue
            owned = [*_owned_after(builds, seat, (*merged, b.value)), big_v]
            if can_keep(owned, rest, rs.can_capture):
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
