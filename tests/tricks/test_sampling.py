"""Sampling belongs to the games: for random positions of Koz Maça and Balayı Kingi, in
every phase and for every viewer, ``deal_from_view(view, assignment)`` is a deal in which
the viewer sees exactly ``view`` and each hidden place holds exactly its part of the
assignment; with the true assignment it is the deal itself, move for move."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import MalformedSetup
from kahvehane.games import get_game
from kahvehane.games.balayi_kingi import BalayiKingiDeal
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.koz_maca import KozMacaDeal
from kahvehane.games.tricks import TrickDeal, cards_of
from tests.tricks.lockstep import snapshot
from tests.tricks.positions import positions

GAMES = ["koz_maca", "balayi_kingi"]


def random_assignment(places: HiddenPlaces, rng: random.Random) -> dict[str, list[int]]:
    cards = list(places.unseen)
    rng.shuffle(cards)
    out: dict[str, list[int]] = {}
    for place, size in places.sizes.items():
        out[place], cards = cards[:size], cards[size:]
    return out


def held(deal: TrickDeal, places: HiddenPlaces) -> dict[str, list[int]]:
    """What each hidden place holds in ``deal`` (in the place's order)."""
    out: dict[str, list[int]] = {}
    for place in places.sizes:
        if place.startswith("hand:"):
            out[place] = cards_of(deal.hands[int(place[5:])])
        elif isinstance(deal, BalayiKingiDeal):
            pool = deal.down if place == "down" else deal.up
            out[place] = [c for row in pool for c in row if c >= 0]
            if place == "up":  # only the face-up cards the chooser cannot see yet
                out[place] = [deal.up[s][i] for s in (0, 1) for i in range(10)
                              if not (s == deal.chooser and i < 5)]
    return out


def viewers(deal: TrickDeal) -> list[int | None]:
    return [None, *range(deal.num_seats)]


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**9))
def test_a_deal_from_a_view_shows_the_view_and_holds_the_assignment(game: str,
                                                                  seed: int) -> None:
    rules = get_game(game)
    options = rules.parse_options({})
    rng = random.Random(seed)
    for deal in positions(game, rng, every=5):
        for seat in viewers(deal):
            view = deal.view(seat)
            places = rules.hidden_places(options, view)
            assert sum(places.sizes.values()) == len(places.unseen)
            assignment = random_assignment(places, rng)
            again = rules.deal_from_view(options, view, assignment)
            assert type(again) is type(deal)
            assert again.view(seat) == view
            assert held(again, places) == {p: sorted(cs) if p.startswith("hand:") else cs
                                           for p, cs in assignment.items()}


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 10**9))
def test_the_true_assignment_gives_the_deal_itself(game: str, seed: int) -> None:
    """The deal rebuilt from a seat's view and the cards really hidden plays on exactly
    as the deal does: the same legal actions, events, views and scores."""
    rules = get_game(game)
    options = rules.parse_options({})
    rng = random.Random(seed)
    for deal in positions(game, rng, every=11):
        seat = rng.choice(viewers(deal))
        view = deal.view(seat)
        places = rules.hidden_places(options, view)
        twin = rules.deal_from_view(options, view, held(deal, places))
        original = deal.copy()
        play_on = random.Random(seed)
        while True:
            mine, theirs = snapshot(original, deal.num_seats), snapshot(twin, deal.num_seats)
            assert mine[:3] == theirs[:3]  # views, to_act, is_over
            if isinstance(deal, KozMacaDeal):  # Balayı's detail has what a view lacks
                assert mine[3:] == theirs[3:]
            if original.is_over:
                break
            actions = original.legal_actions(original.to_act[0])
            assert twin.legal_actions(twin.to_act[0]) == actions
            action = play_on.choice(actions)
            assert original.apply(action) == twin.apply(action)
        result, again = original.result(), twin.result()
        assert result is not None and again is not None and result.scores == again.scores


def _view_and_places(game: str) -> tuple[Any, dict[str, Any], HiddenPlaces]:
    rules = get_game(game)
    walk = positions(game, random.Random(5), every=10)
    next(walk)
    next(walk)
    deal = next(walk)  # (the positions are one live deal: read it now)
    view = deal.view(deal.to_act[0])
    return rules, view, rules.hidden_places(rules.parse_options({}), view)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("damage", ["place", "size", "repeat", "seen", "bool"])
def test_an_assignment_that_does_not_fit_is_refused(game: str, damage: str) -> None:
    rules, view, places = _view_and_places(game)
    assignment = random_assignment(places, random.Random(1))
    place = next(p for p, cards in assignment.items() if len(cards) > 1)
    if damage == "place":
        assignment["hand:7"] = assignment.pop(place)
    elif damage == "size":
        assignment[place] = assignment[place][1:]
    elif damage == "repeat":
        assignment[place][0] = assignment[place][1]
    elif damage == "seen":
        assignment[place][0] = next(c for c in range(52) if c not in places.unseen)
    else:  # True is not the card 1, even where 1 is unseen
        assignment[place][0] = True
    with pytest.raises(MalformedSetup) as info:
        rules.deal_from_view(rules.parse_options({}), view, assignment)
    assert info.value.code.startswith("tricks.assignment_")
    assert info.value.render("tr") != str(info.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_view_of_another_game_or_a_broken_view_is_refused(game: str) -> None:
    rules, view, _ = _view_and_places(game)
    other = "balayi_kingi" if game == "koz_maca" else "koz_maca"
    for bad in ({**view, "game": other}, {k: v for k, v in view.items() if k != "tricks"},
                {**view, "seat": 9}):
        with pytest.raises(MalformedSetup) as info:
            rules.hidden_places(rules.parse_options({}), bad)
        assert info.value.code == "tricks.bad_view"
