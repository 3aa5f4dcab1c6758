"""The compiled Koz Maça core (``kahvehane/games/koz_maca/_core.pyx``) is the pure-Python
engine (``KozMacaPureDeal``), only faster.

Random deals are played move by move through both, the same way a bot, a benchmark or the
server drives them — asking ``legal_actions`` first (the fast path) or not (the full
check) — with illegal and malformed moves mixed in. Both must offer the same (shared)
actions, accept and refuse the same moves with the same error, emit the same events,
show every seat the same view and end with the same result. Copies, pickles and the
attribute writes of the search bots' samplers must carry the compiled fields too.
"""

from __future__ import annotations

import os
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import IllegalAction, MalformedAction
from kahvehane.games.base import Action
from kahvehane.games.koz_maca import (
    COMPILED,
    DUTIES,
    KASA_RULES,
    KOZ_MACA,
    Bid,
    KozMacaDeal,
    KozMacaPureDeal,
    Play,
)
from kahvehane.games.koz_maca.constants import FIRST_TO_SIX
from kahvehane.games.tricks import PLAYING, PLAYS, cards_of, mask_of, playable_mask
from tests.tricks.lockstep import set_position, snapshot


def test_the_compiled_core_is_in_use_unless_turned_off() -> None:
    """``make test`` builds the core; a build that silently fell back to pure Python
    would leave the compiled path untested, so this says so."""
    if os.environ.get("KAHVEHANE_PURE_PYTHON", "") in ("", "0"):
        from kahvehane.games.koz_maca._core import KozMacaCore

        assert COMPILED
        assert KozMacaDeal.__mro__[1:3] == (KozMacaCore, KozMacaPureDeal)
        assert type(KOZ_MACA.new_deal(KOZ_MACA.parse_options({}), _setup(1), [])) is KozMacaDeal
    else:
        assert not COMPILED and KozMacaDeal is KozMacaPureDeal


def _setup(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    order = list(range(52))
    rng.shuffle(order)
    return KOZ_MACA.setup_from_order(KOZ_MACA.parse_options({}), order, rng.randrange(4), [])


def _pair(seed: int, kasa_rule: str, claim_open: bool) -> tuple[KozMacaPureDeal, KozMacaPureDeal]:
    setup = _setup(seed)
    options = KOZ_MACA.parse_options({"kasa_rule": kasa_rule})
    fast = KOZ_MACA.new_deal(options, setup, [])
    assert isinstance(fast, KozMacaPureDeal)
    fast.claim_open = claim_open
    pure = KozMacaPureDeal(fast.dealer, fast.hands, kasa_rule, claim_open)
    return pure, fast


def _outcome(state: KozMacaPureDeal, action: Any) -> tuple[Any, ...]:
    try:
        return ("accepted", state.apply(action))
    except (IllegalAction, MalformedAction) as exc:
        return (type(exc).__name__, str(exc), getattr(exc, "rule", None))


def _same(pure: KozMacaPureDeal, fast: KozMacaPureDeal) -> None:
    assert snapshot(pure, 4) == snapshot(fast, 4)
    assert (pure.turn, pure.phase, pure.leader, pure.broken) == \
        (fast.turn, fast.phase, fast.leader, fast.broken)
    assert (pure.hands, pure.trick, pure.won, pure.history) == \
        (fast.hands, fast.trick, fast.won, fast.history)


def _bad_moves(seat: int, legal: list[Action], rng: random.Random) -> list[Any]:
    other = (seat + 1 + rng.randrange(3)) % 4
    bad: list[Any] = [Play(other, rng.randrange(52)), Play(seat, -1), Play(seat, 52),
                      Play(seat, True), Play(seat, "AS"), Play("0", 5), Bid(seat, 3),
                      Bid(seat, 0), Bid(seat, 14), Bid(other, 2), object()]
    bad += [Play(seat, c) for c in rng.sample(range(52), 8)]
    return [b for b in bad if b not in legal]


def _sampler_copy(pure: KozMacaPureDeal) -> KozMacaPureDeal:
    """A compiled state set up field by field, as the search bots' samplers do."""
    twin = KozMacaDeal(pure.dealer, [0, 0, 0, 0], pure.kasa_rule, pure.claim_open)
    twin.hands = list(pure.hands)
    twin.bids = list(pure.bids)
    twin.trick = list(pure.trick)
    twin.won = list(pure.won)
    twin.history = list(pure.history)
    twin.broken = pure.broken
    twin.leader = pure.leader
    twin.phase = pure.phase
    twin.turn = pure.turn
    return twin


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(KASA_RULES), st.booleans())
def test_random_deals_play_identically_through_both_paths(
    seed: int, kasa_rule: str, claim_open: bool
) -> None:
    pure, fast = _pair(seed, kasa_rule, claim_open)
    rng = random.Random(seed)
    moves = 0
    kept: tuple[KozMacaPureDeal, list[Action]] | None = None
    while not pure.is_over:
        _same(pure, fast)
        seat = pure.to_act[0]
        for other in range(4):
            if other != seat:
                assert pure.legal_actions(other) == fast.legal_actions(other) == []
        if rng.random() < 0.8:  # asked first: the offered fast path
            legal = pure.legal_actions(seat)
            offered = fast.legal_actions(seat)
            assert offered == legal
            assert all(a is b for a, b in zip(offered, legal, strict=True))
        else:  # not asked: every move gets the full check
            legal = pure.copy().legal_actions(seat)
        if pure.phase == PLAYING:
            assert _sampler_copy(pure).legal_actions(seat) == legal
        if moves % 3 == 0:
            before = snapshot(pure, 4)
            for bad in _bad_moves(seat, legal, rng):
                got = _outcome(fast, bad)
                assert got == _outcome(pure, bad), bad
                assert got[0] != "accepted", bad
                _same(pure, fast)
            assert snapshot(fast, 4) == before
        if moves == 20:  # a copy and a pickle go on the same way, independently
            kept = (fast.copy(), [])
            assert snapshot(pickle.loads(pickle.dumps(fast)), 4) == snapshot(fast, 4)
        action = rng.choice(legal)
        want = pure.apply(action)
        assert fast.apply(action) == want
        if kept is not None:
            kept[1].append(action)
        moves += 1
    _same(pure, fast)
    assert fast.result() == pure.result() is not None
    assert kept is not None
    twin, later = kept
    assert type(twin) is type(fast)
    for action in later:
        twin.legal_actions(twin.to_act[0])
        twin.apply(action)
    assert snapshot(twin, 4) == snapshot(fast, 4)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 3), st.integers(1, 13), st.booleans(),
       st.integers(0, 3))
def test_any_position_offers_what_the_rule_allows(
    cards: list[int], n: int, size: int, broken: bool, seat: int
) -> None:
    """Positions no random deal may reach soon (a lead holding only spades before they
    are broken, long voids): the compiled offer is ``playable_mask`` under Koz Maça's
    rules, as the pure-Python one is."""
    trick, hand = list(cards[:n]), mask_of(cards[n:n + size])
    want = [PLAYS[seat][c] for c in cards_of(playable_mask(DUTIES, hand, trick, broken))]
    for cls in (KozMacaPureDeal, KozMacaDeal):
        state = set_position(cls(0, [0, 0, 0, 0]), seat, hand, trick, broken)
        assert state.legal_actions(seat) == want
        # apply after the offer (a copy keeps it) takes exactly the offered cards
        assert [c for c in range(52) if _outcome(state.copy(), Play(seat, c))[0] == "accepted"] \
            == [a.card for a in want if isinstance(a, Play)]


def test_a_copy_does_not_share_the_compiled_fields() -> None:
    _, fast = _pair(5, FIRST_TO_SIX, True)
    for _ in range(9):
        fast.apply(fast.legal_actions(fast.to_act[0])[0])
    twin = fast.copy()
    before = snapshot(fast, 4)
    while not twin.is_over:
        twin.apply(twin.legal_actions(twin.to_act[0])[-1])
    assert snapshot(fast, 4) == before
    assert fast.hands is not twin.hands and fast.trick is not twin.trick
