"""The trick core's fast paths give exactly what the plain definitions give.

``playable_mask`` works with the ``UPPER`` AND-trick and the masks pre-made in
``TrickDuties``; ``TrickDeal.legal_actions`` offers ``playable_mask``, with the shared
actions looked up per mask; ``trick_winner`` compares suits and strengths in one pass;
``plays_of`` with a cache of shared actions; ``canonical_masks`` with a one-sum deck
check; ``Play.bit`` is the card's bit made once; ``make_event`` makes a tuple-based
``Event`` with no Python ``__new__``. Each is checked here against a direct, slow
statement of the rule.
"""

from __future__ import annotations

import copy
import operator
import pickle
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.games.base import Event, make_event
from kahvehane.games.koz_maca import KozMacaPureDeal
from kahvehane.games.tricks import (
    BIT,
    FULL,
    PLAYS,
    STRENGTH,
    Play,
    TrickDuties,
    canonical_masks,
    cards_of,
    follow_mask,
    lead_mask,
    mask_of,
    playable_mask,
    plays_of,
    trick_winner,
)
from tests.tricks.lockstep import set_position

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow


def slow_playable(rules: TrickDuties, accessible: int, trick: Sequence[int],
                  broken: bool) -> set[int]:
    """KM-8..KM-10 / BK-9 card by card, with no masks."""
    hand = set(cards_of(accessible))
    if not trick:
        if rules.trump_lead_needs_break and not broken and rules.trump is not None:
            others = {c for c in hand if c // 13 != rules.trump}
            if others:
                return others
        return hand

    def beats_all_of(suit: int, c: int) -> bool:
        return all(STRENGTH[c] > STRENGTH[x] for x in trick if x // 13 == suit)

    led = trick[0] // 13
    same = {c for c in hand if c // 13 == led}
    if same:
        if led == rules.trump or rules.raise_plain:
            higher = {c for c in same if beats_all_of(led, c)}
            return higher or same
        return same
    if rules.trump is not None:
        trumps = {c for c in hand if c // 13 == rules.trump}
        if trumps:
            return {c for c in trumps if beats_all_of(rules.trump, c)} or trumps
    return hand


ALL_RULES = [
    TrickDuties(trump, raise_plain, needs_break, "L", "F", "V")
    for trump in (None, 0, 1, 2, 3)
    for raise_plain in (False, True)
    for needs_break in (False, True)
]


@st.composite
def positions(draw: st.DrawFn) -> tuple[TrickDuties, int, list[int], bool]:
    rules = draw(st.sampled_from(ALL_RULES))
    cards = draw(st.permutations(range(52)))
    n = draw(st.integers(0, 5))  # (tricks of more than four cards: the general case)
    size = draw(st.integers(1, 13))
    return rules, mask_of(cards[n:n + size]), list(cards[:n]), draw(st.booleans())


@settings(max_examples=600, deadline=None)
@given(positions())
def test_playable_mask_is_the_rule(position: tuple[TrickDuties, int, list[int], bool]) -> None:
    rules, accessible, trick, broken = position
    want = slow_playable(rules, accessible, trick, broken)
    assert set(cards_of(playable_mask(rules, accessible, trick, broken))) == want
    if trick:
        assert set(cards_of(follow_mask(rules, accessible, trick))) == want
    else:
        assert set(cards_of(lead_mask(rules, accessible, broken))) == want


@settings(max_examples=600, deadline=None)
@given(positions(), st.integers(0, 3))
def test_legal_actions_offer_the_playable_mask(
    position: tuple[TrickDuties, int, list[int], bool], seat: int
) -> None:
    """TrickDeal.legal_actions (and is_legal) offer playable_mask, under every kind of
    duties."""
    rules, hand, trick, broken = position
    state = KozMacaPureDeal(0, [0, 0, 0, 0])
    state.duties = rules
    set_position(state, seat, hand, trick, broken)
    want = playable_mask(rules, hand, trick, broken)
    for _ in range(2):  # the second time from the filled cache
        got = state.legal_actions(seat)
        assert [c for c in range(52) if state.is_legal(Play(seat, c))] == cards_of(want)
        assert got == [PLAYS[seat][c] for c in cards_of(want)]
        assert all(a is PLAYS[seat][a.card] for a in got if isinstance(a, Play))
        got.append(Play(seat, 0))  # the caller's list is its own
    assert state.legal_actions((seat + 1) % 4) == []


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_RULES), st.permutations(range(52)), st.integers(1, 4))
def test_trick_winner_is_the_rule(rules: TrickDuties, cards: list[int], n: int) -> None:
    """The highest trump, else the highest card of the led suit (KM-11, BK-10)."""
    trick = cards[:n]
    trumps = [c for c in trick if c // 13 == rules.trump]
    contenders = trumps or [c for c in trick if c // 13 == trick[0] // 13]
    best = max(contenders, key=STRENGTH.__getitem__)
    assert trick_winner(trick, rules.trump) == trick.index(best)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.integers(0, FULL))
def test_plays_of_lists_the_shared_plays_in_card_order(seat: int, mask: int) -> None:
    want = [Play(seat, c) for c in cards_of(mask)]
    for _ in range(2):  # the second call is served from the cache
        got = plays_of(seat, mask)
        assert got == want
        assert all(a is PLAYS[seat][a.card] for a in got if isinstance(a, Play))
    got.append(Play(seat, 0))  # the caller's list is its own
    assert plays_of(seat, mask) == want


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 51), min_size=3, max_size=3), min_size=1,
                max_size=4), st.integers(0, 3))
def test_canonical_masks_sum_the_bits(groups: list[list[int]], count: int) -> None:
    cut = [g[:count] for g in groups]  # (a group of one card takes another path)
    names = [[card_name(c) for c in g] for g in cut]
    assert canonical_masks(names, count) == [sum(1 << c for c in g) for g in cut]
    assert canonical_masks(names, count + 1) is None
    assert canonical_masks([*names[:-1], tuple(names[-1])], count) is None
    if count:
        assert canonical_masks([*names[:-1], [n.lower() for n in names[-1]]], count) is None
        assert canonical_masks([*names[:-1], [*names[-1][:-1], 5]], count) is None
        assert canonical_masks([*names[:-1], [*names[-1][:-1], []]], count) is None


def test_the_one_sum_deck_check_rejects_repeats() -> None:
    # 2S twice and no 3S: the same count, but the sum is not the full deck.
    names = [card_name(c) for c in range(52)]
    names[1] = names[0]
    assert sum(canonical_masks([names], 52) or [0]) != FULL


def test_play_bit_is_the_cards_bit_and_no_part_of_the_value() -> None:
    for c in range(52):
        assert Play(1, c).bit == BIT[c] == PLAYS[1][c].bit
    for bad in (-1, 52, True, False, 3.0, "AS", None):
        assert Play(1, bad).bit == 0  # type: ignore[arg-type]
    assert repr(Play(2, 5)) == "Play(seat=2, card=5)"
    assert Play(2, 5) == PLAYS[2][5] and hash(Play(2, 5)) == hash(PLAYS[2][5])
    assert Play(2, 5) != Play(2, 6) and Play(2, 5) != Play(3, 5)


def test_make_event_is_event() -> None:
    for args in (("trick", 2, {"number": 1}, None), ("unlock", 0, {}, {"hand": ["AS"]}),
                 ("deal_end", None, {"scores": [1, -1]}, None)):
        made = make_event(*args)
        assert made == Event(*args) and type(made) is Event
        assert made.for_seat(args[1]) == Event(*args).for_seat(args[1])


def test_an_event_behaves_as_the_frozen_dataclass_it_was() -> None:
    e = Event("trick", 2, {"number": 1})
    assert (e.kind, e.seat, e.public, e.private) == ("trick", 2, {"number": 1}, None)
    assert e == Event(kind="trick", seat=2, public={"number": 1}, private=None)
    assert e != Event("trick", 2, {"number": 2})
    assert operator.ne(e, make_event(*e)) is False
    # equal to an Event only, not to a tuple of the same fields (either way round)
    fields = ("trick", 2, {"number": 1}, None)
    assert operator.eq(e, fields) is operator.eq(fields, e) is False
    assert operator.ne(e, fields) is operator.ne(fields, e) is True
    assert repr(e) == "Event(kind='trick', seat=2, public={'number': 1}, private=None)"
    fresh = Event("x", None)
    assert fresh.public == {} and fresh.public is not Event("y", None).public
    with pytest.raises(AttributeError):
        e.kind = "bid"  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(e)  # its public dict is not hashable, as before
    assert pickle.loads(pickle.dumps(e)) == e and copy.deepcopy(e) == e
