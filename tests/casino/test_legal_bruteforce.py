"""legal_actions against brute force: what it lists is exactly what docs/rules/casino.md says.

The oracle tries every collection of disjoint sets of table cards through the validator
(``state.check``), which reads stated sets directly and shares no code with the
value-level enumeration. From the legal moves it derives the documented listing —
maximal captures per card and value; plain builds; maximal multiple builds per value and
per way the played card enters — and compares: one listed move per distinct outcome.
Positions come from random play biased towards building, and from synthetic tables.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from kahvehane.cards import Card, rank_of
from kahvehane.errors import IllegalAction
from kahvehane.games.base import Action
from kahvehane.games.casino import BuildAction, CaptureAction, CasinoDeal, TrailAction
from kahvehane.games.casino.builds import MULTIPLE, SINGLE, Build
from kahvehane.match import Match

from .helpers import rules_of

Canon = tuple[Any, ...]


def _subsets(items: Sequence[Card]) -> list[tuple[Card, ...]]:
    return [
        combo for k in range(1, len(items) + 1) for combo in itertools.combinations(items, k)
    ]


def _collections(groups: list[tuple[Card, ...]], start: int = 0,
                 used: frozenset[Card] = frozenset()) -> Iterator[list[tuple[Card, ...]]]:
    """Every collection (possibly empty) of pairwise disjoint groups, each once."""
    yield []
    for i in range(start, len(groups)):
        g = groups[i]
        if used.isdisjoint(g):
            for rest in _collections(groups, i + 1, used | frozenset(g)):
                yield [g, *rest]


def _legal(state: CasinoDeal, action: Action) -> bool:
    try:
        state.check(action)
    except IllegalAction:
        return False
    return True


def _keys(state: CasinoDeal, cs: Sequence[Card]) -> frozenset[Card]:
    return frozenset(cs)


def _capture_canon(state: CasinoDeal, a: CaptureAction) -> Canon:
    builds = tuple(sorted(b.value for b in state.builds.values()
                          if any(set(s) == b.card_set for s in a.sets)))
    in_builds = {x for b in state.builds.values() for x in b.cards}
    loose = [x for s in a.sets for x in s if x not in in_builds]
    return ("capture", a.card, a.value, builds, _keys(state, loose))


def _build_canon(state: CasinoDeal, a: BuildAction) -> Canon:
    by_cards = {b.card_set: b for b in state.builds.values()}
    raised: int | None = None
    merged: list[int] = []
    loose: list[Card] = []
    for s in a.sets:
        b = by_cards.get(frozenset(s) - {a.card})
        if b is not None:
            if a.card in s:
                raised = b.value
            else:
                merged.append(b.value)
        else:
            loose.extend(x for x in s if x != a.card)
    kind = SINGLE if len(a.sets) == 1 else MULTIPLE
    return ("build", a.card, a.value, kind, raised, tuple(merged), _keys(state, loose))


def _maximal(sets: dict[frozenset[Card], Canon]) -> set[Canon]:
    return {canon for cards, canon in sets.items()
            if not any(cards < other for other in sets)}


def expected_listing(state: CasinoDeal) -> set[Canon]:
    """The documented listing, from brute force over every stated move."""
    rs = state.variant
    seat = state.turn
    hand = state.hands[seat]
    loose = sorted(state.loose)
    builds = list(state.builds.values())
    subsets = _subsets(loose)
    out: set[Canon] = set()
    for p in hand:
        court = rs.court_rank(p)
        options: Sequence[int | None] = rs.play_values(p) or [None]
        for v in options:
            groups: list[tuple[Card, ...]] = []
            if court is not None:
                groups = [(x,) for x in loose if rank_of(x) == court]
            else:
                assert v is not None
                groups = [b.cards for b in builds if b.value == v]
                for s in subsets:
                    vals = [rs.table_value(x) for x in s]
                    alone = len(s) == 1 and (
                        vals[0] == v or (rs.pairs_by_rank(p) and rank_of(s[0]) == 1)
                    )
                    summed = len(s) > 1 and None not in vals and sum(
                        x for x in vals if x is not None) == v
                    if alone or summed:
                        groups.append(s)
            declared = v if len(rs.play_values(p)) > 1 else None
            taken: dict[frozenset[Card], Canon] = {}
            for col in _collections(groups):
                if not col:
                    continue
                a = CaptureAction(seat, p, tuple(col), declared)
                if _legal(state, a):
                    taken[frozenset(x for s in col for x in s)] = _capture_canon(state, a)
            out |= _maximal(taken)
        if rs.table_value(p) is None:
            continue
        hs = rs.play_values(p)
        for big_v in range(1, rs.max_value + 1):
            p_sets: list[tuple[Card, ...]] = [(p,)]
            for s in subsets:
                vals = [rs.table_value(x) for x in s]
                if None not in vals and big_v - sum(x for x in vals if x is not None) in hs:
                    p_sets.append((p, *s))
            p_sets += [(*b.cards, p) for b in builds
                       if b.kind == SINGLE and big_v - b.value in hs]
            others: list[tuple[Card, ...]] = [b.cards for b in builds if b.value == big_v]
            for s in subsets:
                vals = [rs.table_value(x) for x in s]
                if None not in vals and sum(x for x in vals if x is not None) == big_v:
                    others.append(s)
            merge = [b.cards for b in builds if b.value == big_v]
            plain: set[Canon] = set()
            multiples: dict[Any, dict[frozenset[Card], Canon]] = {}
            for ps in p_sets:
                usable = [g for g in others if not set(g) & set(ps)]
                for col in _collections(usable):
                    made = BuildAction(seat, p, (ps, *col), big_v)
                    if not _legal(state, made):
                        continue
                    canon = _build_canon(state, made)
                    if [g for g in col] == merge or (not col and not merge):
                        plain.add(canon)
                    if canon[3] == MULTIPLE:
                        family = canon[4]
                        moved = frozenset(x for s in made.sets for x in s)
                        multiples.setdefault(family, {})[moved] = canon
            out |= plain
            for fam in multiples.values():
                out |= _maximal(fam)
    return out


def check_position(state: CasinoDeal) -> None:
    seat = state.turn
    listed = state.legal_actions(seat)
    canons: list[Canon] = []
    for a in listed:
        assert _legal(state, a), a
        if isinstance(a, CaptureAction):
            canons.append(_capture_canon(state, a))
        elif isinstance(a, BuildAction):
            canons.append(_build_canon(state, a))
        else:
            assert isinstance(a, TrailAction)
    assert len(canons) == len(set(canons)), "a move is listed twice"
    assert set(canons) == expected_listing(state)
    owns = any(b.owner == seat for b in state.builds.values())
    trails = {a.card for a in listed if isinstance(a, TrailAction)}
    if state.variant.preset is None:  # O-1, T-1
        assert trails == (set() if owns else set(state.hands[seat]))
    assert trails == {x for x in state.hands[seat] if _legal(state, TrailAction(seat, x))}
    assert listed, "a player to act always has a legal move (O-4)"


def _positions_from_play(game: str, players: int, seed: int, options: dict[str, Any],
                         limit: int) -> Iterator[CasinoDeal]:
    """Positions met in a random hand whose players like to build."""
    rng = random.Random(seed)
    m = Match(game, {"players": players, **options}, seed=f"brute-{seed}")
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    while not state.is_over:
        if len(state.loose) + sum(len(b.cards) for b in state.builds.values()) <= limit:
            yield state
        seat = state.to_act[0]
        acts = state.legal_actions(seat)
        builds = [a for a in acts if isinstance(a, BuildAction)]
        state.apply(rng.choice(builds if builds and rng.random() < 0.6 else acts))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("casino", 2, {}),
        ("casino", 3, {}),
        ("casino", 4, {"partners": True}),
        ("royal_casino", 2, {}),
        ("royal_casino", 3, {"nordic_specials": True}),
        ("royal_casino", 2, {"preset": "royal_dominican"}),  # R-3b
    ],
)
def test_listing_matches_brute_force_in_play(
    game: str, players: int, options: dict[str, Any]
) -> None:
    checked = 0
    for seed in range(6):
        for state in _positions_from_play(game, players, seed, options, limit=7):
            check_position(state)
            checked += 1
    assert checked > 50


def _synthetic(game: str, seed: int, nordic: bool) -> CasinoDeal:
    """A random table of 3–6 loose cards and up to two builds, 2 or 3 players."""
    rng = random.Random(seed)
    rules = rules_of(game)
    raw: dict[str, Any] = {"players": rng.choice([2, 3])}
    if nordic:
        raw["nordic_specials"] = True
    rs = rules.variant(rules.parse_options(raw))
    deck = list(range(52))
    rng.shuffle(deck)
    builds: list[Build] = []
    for _ in range(rng.randint(0, 2)):
        a, b = deck.pop(), deck.pop()
        va, vb = rs.table_value(a), rs.table_value(b)
        if va is None or vb is None or va + vb > rs.max_value:
            continue
        value = va + vb
        if any(x.value == value for x in builds):
            continue
        kind = rng.choice([SINGLE, MULTIPLE])
        builds.append(Build(value, kind, rng.randrange(rs.players), (a, b)))
    loose = [deck.pop() for _ in range(rng.randint(3, 6))]
    hands = [[deck.pop() for _ in range(rng.randint(1, 4))] for _ in range(rs.players)]
    return rules.deal_class.from_position(rs, hands, loose, builds, turn=0)


@pytest.mark.parametrize(("game", "nordic"), [("casino", False), ("royal_casino", False),
                                              ("royal_casino", True)])
def test_listing_matches_brute_force_on_synthetic_tables(game: str, nordic: bool) -> None:
    for seed in range(60):
        state = _synthetic(game, seed, nordic)
        # a synthetic owner may hold no card for their build; such a seat can be stuck
        seat = state.turn
        owned = [b.value for b in state.builds.values() if b.owner == seat]
        if any(not any(state.variant.can_capture(x, v) for x in state.hands[seat]) for v in owned):
            continue
        check_position(state)
