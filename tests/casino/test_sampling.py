"""A hand from a view (``hidden_places`` / ``deal_from_view``): the seat sees exactly its
view, every hidden place holds exactly its cards of the assignment, the true hidden
cards give back the very state, and a bad view or assignment is refused with a code."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahvehane.errors import MalformedSetup
from kahvehane.games import get_game
from kahvehane.games.casino import CasinoDeal, CasinoRules
from kahvehane.match import Match

from .helpers import CONFIGS, c, position, random_positions, snapshot


def _rules(game: str) -> CasinoRules:
    rules = get_game(game)
    assert isinstance(rules, CasinoRules)
    return rules


def _truth(state: CasinoDeal, viewer: int | None) -> dict[str, list[int]]:
    """The hidden places as they really are."""
    out = {f"hand:{s}": list(state.hands[s]) for s in range(state.num_seats) if s != viewer}
    out["stock"] = [x for rnd in state.stock for hand in rnd for x in hand]
    out.update((f"pile:{s}", list(state.piles[s])) for s in range(state.num_seats))
    return out


def _shuffled(unseen: Sequence[int], sizes: dict[str, int], rng: random.Random
              ) -> dict[str, list[int]]:
    cards = list(unseen)
    rng.shuffle(cards)
    out = {}
    for place, size in sizes.items():
        out[place], cards = cards[:size], cards[size:]
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(min_value=0, max_value=2**32))
def test_a_deal_from_a_view_shows_that_view_and_holds_the_assignment(
    config: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, options = config
    rules = _rules(game)
    parsed = rules.parse_options(options)
    rng = random.Random(seed)
    for k, state in enumerate(random_positions(game, options, seed)):
        if state.is_over or k % 3:
            continue
        viewer = rng.choice([None, *range(state.num_seats)])
        view = state.view(viewer)
        places = rules.hidden_places(parsed, view)
        truth = _truth(state, viewer)
        assert dict(places.sizes) == {p: len(v) for p, v in truth.items()}
        assert sorted(places.unseen) == sorted(x for v in truth.values() for x in v)
        # the real hidden cards give back the state itself
        again = rules.deal_from_view(parsed, view, truth)
        assert snapshot(again) == snapshot(state)
        assert again.stock == state.stock and again.before == state.before
        # any other assignment: the same view, each place exactly its cards
        assignment = _shuffled(places.unseen, dict(places.sizes), rng)
        before = copy.deepcopy(assignment)
        other = rules.deal_from_view(parsed, view, assignment)
        assert assignment == before
        assert other.view(viewer) == view
        for s in range(state.num_seats):
            hand = state.hands[s] if s == viewer else assignment[f"hand:{s}"]
            assert other.hands[s] == hand and other.piles[s] == assignment[f"pile:{s}"]
        assert [x for rnd in other.stock for h in rnd for x in h] == assignment["stock"]
        seat = state.to_act[0]
        if viewer == seat:
            assert other.legal_actions(seat) == state.legal_actions(seat)
        if k == 9:  # the rebuilt state plays on to the end exactly as the real one
            real, moves = state.copy(), random.Random(k)
            while not real.is_over:
                a = moves.choice(real.legal_actions(real.to_act[0]))
                assert again.apply(a) == real.apply(a)
            assert again.result() == real.result() is not None


def _start() -> tuple[CasinoRules, dict[str, Any], dict[str, Any], dict[str, list[int]]]:
    m = Match("casino", {"players": 2}, seed=301)
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    view = state.view(0)
    return _rules("casino"), m.options, view, _truth(state, 0)


def _code(call: Any) -> str:
    with pytest.raises(MalformedSetup) as info:
        call()
    exc = info.value
    assert exc.render("tr") != str(exc)
    return exc.code


def test_a_bad_assignment_is_refused_with_what_is_wrong() -> None:
    rules, options, view, truth = _start()
    assert rules.deal_from_view(options, view, truth).view(0) == view
    missing = {k: v for k, v in truth.items() if k != "pile:1"}
    assert _code(lambda: rules.deal_from_view(options, view, missing)) == (
        "casino.assignment_places")
    short = {**truth, "hand:1": truth["hand:1"][:3]}
    assert _code(lambda: rules.deal_from_view(options, view, short)) == "casino.assignment_size"
    seen = {**truth, "hand:1": [c(view["hand"][0]), *truth["hand:1"][1:]]}  # a visible card
    with pytest.raises(MalformedSetup, match="given but not hidden: 2C") as info:
        rules.deal_from_view(options, view, seen)
    assert info.value.code == "casino.assignment_cards"


def test_a_view_that_is_not_this_tables_hand_in_play_is_refused() -> None:
    rules, options, view, truth = _start()
    three = rules.parse_options({"players": 3})
    assert _code(lambda: rules.hidden_places(three, view)) == "casino.view_mismatch"
    assert _code(lambda: _rules("royal_casino").hidden_places(
        _rules("royal_casino").parse_options({"players": 2}), view)) == "casino.view_mismatch"
    for key, bad in (("hand", ["2C", "ZZ"]), ("captured", [0]), ("dealer", 7),
                     ("to_act", [5]), ("sweeps", "none")):
        broken = {**view, key: bad}
        assert _code(lambda b=broken: rules.deal_from_view(options, b, truth)) == (
            "casino.view_field"), key
    assert _code(lambda: rules.hidden_places(options, {**view, "stock": 39})) == (
        "casino.view_stock")
    assert _code(lambda: rules.hidden_places(options, {**view, "captured": [1, 0]})) == (
        "casino.view_counts")
    finished = position(["6S", ""], "6C")
    finished.apply(finished.legal_actions(0)[0])
    assert finished.is_over
    assert _code(lambda: rules.hidden_places(options, finished.view(0))) == "casino.view_over"
