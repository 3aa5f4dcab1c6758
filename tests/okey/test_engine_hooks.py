"""The engine hooks of issue 15 for Okey: ``is_legal`` is ``apply``'s own check and a
pure query, ``free_actions`` is ``arrange`` while the deal runs, and options go through
the game's spec with exact types."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import ActionError, InvalidOptions
from kahvehane.games import get_spec
from kahvehane.games.base import Action
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.rules import DUZ_OKEY, KDV_OKEY
from kahvehane.match import Match
from kahvehane.records import ReplayError, replay

from .helpers import MELDS_14, deal, greedy_action, snapshot

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow


def _candidates(d: OkeyDeal) -> list[Action]:
    """Every non-arrange action of every seat, legal or not, plus arranges that keep,
    shuffle, drop or add tiles."""
    out: list[Action] = []
    for s in range(4):
        out += [ShowIndicator(s), Draw(s, PILE), Draw(s, LEFT)]
        out += [Discard(s, t) for t in range(53)]
        out += [Finish(s, t) for t in range(53)]
        for b, block in enumerate(d.racks[s]):  # discards naming a slot, right or wrong
            for i, t in enumerate(block):
                out += [Discard(s, t, at=(b, i)), Discard(s, (t + 1) % 53, at=(b, i))]
        out.append(Discard(s, d.hand(s)[0], at=(len(d.racks[s]), 0)))
        hand = d.hand(s)
        out.append(Arrange(s, tuple((t,) for t in reversed(hand))))
        out.append(Arrange(s, (tuple(hand[1:]),)))
        out.append(Arrange(s, (tuple(hand), (hand[0],))))
    return out


def _accepts(d: OkeyDeal, action: Action) -> bool:
    try:
        d.copy().apply(action)
    except ActionError:
        return False
    return True


def _positions(seed: int, game: str) -> list[OkeyDeal]:
    """Copies of the states of one greedy-played deal, every few moves, and its end."""
    rng = random.Random(seed)
    m = Match(game, {"deals": 3}, seed=seed)
    d = m.deal()
    assert isinstance(d, OkeyDeal)
    out = []
    step = 0
    while not d.is_over:
        if step % 7 == 0:
            out.append(d.copy())
        if rng.random() < 0.1:
            m.apply(rng.choice(d.suggested_arrangements(rng.randrange(4))))
        m.apply(greedy_action(d, rng))
        step += 1
    out.append(d.copy())
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(["duz_okey", "kdv_okey"]))
def test_is_legal_agrees_with_apply_and_changes_nothing(seed: int, game: str) -> None:
    for d in _positions(seed, game):
        before = snapshot(d)
        for action in _candidates(d):
            assert d.is_legal(action) == _accepts(d, action), action
        assert snapshot(d) == before


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_legal_actions_are_exactly_the_listed_kinds_is_legal_accepts(seed: int) -> None:
    for d in _positions(seed, "kdv_okey"):
        for s in range(4):
            listed = d.legal_actions(s)
            accepted = [a for a in _candidates(d) if a.seat == s and d.is_legal(a)
                        and not isinstance(a, Arrange)
                        and not (isinstance(a, Discard) and a.at is not None)]
            assert sorted(map(repr, listed)) == sorted(map(repr, accepted))


def test_is_legal_refuses_what_is_not_an_okey_action() -> None:
    d = deal()
    assert not d.is_legal(Action(0))
    with pytest.raises(ActionError, match="not an Okey action"):
        d.apply(Action(0))


def test_a_draw_from_nowhere_is_refused_not_taken_from_the_left() -> None:
    d = deal(starter=3)
    d.apply(Discard(3, d.hand(3)[0]))
    before = snapshot(d)
    assert not d.is_legal(Draw(0, "middle"))
    with pytest.raises(ActionError, match="'from' must be 'pile' or 'left', not 'middle'"):
        d.apply(Draw(0, "middle"))
    assert snapshot(d) == before


def test_arrange_is_free_for_every_seat_while_the_deal_runs_and_not_after() -> None:
    d = deal(hands={0: [*MELDS_14, "Y13"]})
    assert [d.free_actions(s) for s in range(4)] == [("arrange",)] * 4
    d.apply(Finish(0, d.hand(0)[-1]))
    assert d.is_over
    assert [d.free_actions(s) for s in range(4)] == [()] * 4
    assert not d.is_legal(Arrange(1, tuple((t,) for t in d.hand(1))))


def test_the_spec_declares_what_the_engine_does() -> None:
    for game in ("duz_okey", "kdv_okey"):
        spec = get_spec(game)
        assert spec.free_actions == ("arrange",)
        d = Match(game, {}, seed=1).deal()
        assert d.free_actions(0) == spec.free_actions


# ------------------------------------------------------------------ options


@pytest.mark.parametrize("rules", [DUZ_OKEY, KDV_OKEY])
@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"deals": 5.0}, "options.bad_type_choice"),
        ({"deals": True}, "options.bad_type_choice"),
        ({"deals": "5"}, "options.bad_type_choice"),
        ({"deals": None}, "options.bad_type_choice"),
        ({"deals": 4}, "options.bad_choice"),
        ({"pairs": 1}, "options.not_boolean"),
        ({"pairs": 0}, "options.not_boolean"),
        ({"pairs": "true"}, "options.not_boolean"),
        ({"speed": 1}, "options.unknown"),
    ],
)
def test_options_have_exact_types(rules: Any, raw: dict[str, Any], code: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        rules.parse_options(raw)
    assert info.value.code == code
    assert rules.name in str(info.value)
    assert info.value.render("tr") != str(info.value)


def test_a_float_deal_count_is_refused_in_a_record_too() -> None:
    with pytest.raises(ReplayError, match=r"must be an integer: 3, 5, 7, 9 or 11, not 5\.0"):
        replay({"game": "kdv_okey", "options": {"deals": 5.0}, "deals": []})


def test_the_rules_use_the_specs_deal_counts() -> None:
    counts = get_spec("duz_okey").option("deals").choices
    assert counts == (3, 5, 7, 9, 11)
    for n in counts or ():
        assert DUZ_OKEY.parse_options({"deals": n, "pairs": True}) == {"deals": n,
                                                                       "pairs": True}


_JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
    | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=2), max_leaves=3,
)


@settings(max_examples=150, deadline=None)
@given(deals=_JSONISH, pairs=_JSONISH)
def test_every_option_value_is_kept_exactly_or_refused(deals: Any, pairs: Any) -> None:
    try:
        parsed = KDV_OKEY.parse_options({"deals": deals, "pairs": pairs})
    except InvalidOptions as exc:
        assert exc.code.startswith("options.")
        return
    assert type(parsed["deals"]) is int and parsed["deals"] in (3, 5, 7, 9, 11)
    assert type(parsed["pairs"]) is bool
    assert parsed == {"deals": deals, "pairs": pairs}
