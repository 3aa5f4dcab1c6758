"""The trick core's fast paths give exactly what the plain definitions give.

``playable_mask`` works with the ``UPPER`` AND-trick and the masks pre-made in
``TrickRules``; ``trick_winner_of`` with the ``beats`` table; ``plays_of`` with a cache of
shared actions; ``canonical_mask`` with a one-sum deck check; ``make_event`` without the
dataclass ``__init__``. Each is checked here against a direct, slow statement of the rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.games.base import Event, make_event
from kahvehane.games.tricks import (
    FULL,
    PLAYS,
    STRENGTH,
    Play,
    TrickRules,
    canonical_mask,
    cards_of,
    follow_mask,
    lead_mask,
    mask_of,
    playable_mask,
    plays_of,
    trick_winner,
    trick_winner_of,
)


def slow_playable(rules: TrickRules, accessible: int, trick: Sequence[int],
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
    TrickRules(trump, raise_plain, needs_break, "L", "F", "V")
    for trump in (None, 0, 1, 2, 3)
    for raise_plain in (False, True)
    for needs_break in (False, True)
]


@st.composite
def positions(draw: st.DrawFn) -> tuple[TrickRules, int, list[int], bool]:
    rules = draw(st.sampled_from(ALL_RULES))
    cards = draw(st.permutations(range(52)))
    n = draw(st.integers(0, 3))
    size = draw(st.integers(1, 13))
    return rules, mask_of(cards[n:n + size]), list(cards[:n]), draw(st.booleans())


@settings(max_examples=600, deadline=None)
@given(positions())
def test_playable_mask_is_the_rule(position: tuple[TrickRules, int, list[int], bool]) -> None:
    rules, accessible, trick, broken = position
    want = slow_playable(rules, accessible, trick, broken)
    assert set(cards_of(playable_mask(rules, accessible, trick, broken))) == want
    if trick:
        assert set(cards_of(follow_mask(rules, accessible, trick))) == want
    else:
        assert set(cards_of(lead_mask(rules, accessible, broken))) == want


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(ALL_RULES), st.permutations(range(52)), st.integers(1, 4))
def test_trick_winner_of_is_trick_winner(rules: TrickRules, cards: list[int], n: int) -> None:
    trick = cards[:n]
    assert trick_winner_of(rules, trick) == trick_winner(trick, rules.trump)


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
@given(st.lists(st.integers(0, 51), max_size=20))
def test_canonical_mask_sums_the_bits(cards: list[int]) -> None:
    names = [card_name(c) for c in cards]
    assert canonical_mask(names, len(names)) == sum(1 << c for c in cards)
    assert canonical_mask(names, len(names) + 1) is None
    assert canonical_mask([n.lower() for n in names] + ["x"], len(names) + 1) is None
    assert canonical_mask(tuple(names), len(names)) is None


def test_the_one_sum_deck_check_rejects_repeats() -> None:
    # 2S twice and no 3S: the same count, but the sum is not the full deck.
    names = [card_name(c) for c in range(52)]
    names[1] = names[0]
    assert sum(canonical_mask([n], 1) or 0 for n in names) != FULL


def test_make_event_is_event() -> None:
    for args in (("trick", 2, {"number": 1}, None), ("unlock", 0, {}, {"hand": ["AS"]}),
                 ("deal_end", None, {"scores": [1, -1]}, None)):
        made = make_event(*args)
        assert made == Event(*args) and type(made) is Event
        assert made.for_seat(args[1]) == Event(*args).for_seat(args[1])
