"""Deals built from a seat's view (``hidden_places`` / ``deal_from_view``): over random
legal positions of Düz and KDV, alone and in pairs, every sample deals exactly the tiles
the seat has not seen, the seat sees exactly its view in it and may do exactly what it
could; bad assignments are refused and change nothing."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kahvehane.errors import MalformedSetup
from kahvehane.games import get_game
from kahvehane.games.okey.actions import Arrange, Draw, ShowIndicator
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.sampling import PILE, rack_place
from kahvehane.match import Match
from kahvehane.tiles import full_set, parse_tile

from .helpers import deal


def _tiles(d: OkeyDeal) -> Counter[int]:
    out = Counter([d.indicator, *d.pile[d.pile_pos:]])
    for s in range(4):
        out.update(d.hand(s))
        out.update(d.discards[s])
    return out


def position(game: str, pairs: bool, seed: int, cut: int) -> tuple[Match, OkeyDeal]:
    """A deal after ``cut`` actions of a mixed play: the heuristic bot's move or a
    random legal one (so left draws and shown indicators happen), stopped early if the
    deal ends."""
    from kahvehane.bots import make_bot

    rng = random.Random(seed)
    m = Match(game, {"deals": 3, "pairs": pairs}, seed=seed)
    d = m.deal()
    assert isinstance(d, OkeyDeal)
    bots = [make_bot(game, "heuristic", s, random.Random(s)) for s in range(4)]
    for _ in range(cut):
        seat = d.to_act[0]
        legal = d.legal_actions(seat)
        heuristic = rng.random() < 0.5
        action = bots[seat].choose(d.view(seat), legal) if heuristic else rng.choice(legal)
        probe = d.copy()
        probe.apply(action)
        if probe.is_over:
            break
        d.apply(action)
        if isinstance(action, Arrange):
            d.apply(bots[seat].choose(d.view(seat), d.legal_actions(seat)))
            if d.is_over:
                raise AssertionError("an arrange and its discard ended the deal")
    return m, d


def random_assignment(places: object, view: dict[str, object],
                      rng: random.Random) -> dict[str, list[int]]:
    from kahvehane.games.base import HiddenPlaces

    assert isinstance(places, HiddenPlaces)
    tiles = list(places.unseen)
    rng.shuffle(tiles)
    out: dict[str, list[int]] = {}
    for place, n in places.sizes.items():
        out[place], tiles = tiles[:n], tiles[n:]
    indicator = parse_tile(str(view["indicator"]))
    if view["gosterge"] is not None and indicator in out[PILE]:
        # the shown copy lies in a rack: swap it with a rack tile
        rack = next(p for p in out if p != PILE and out[p])
        i = out[PILE].index(indicator)
        out[PILE][i], out[rack][0] = out[rack][0], out[PILE][i]
    return out


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(game="kdv_okey", pairs=False, seed=148, viewer=1, cut=42)  # a shown indicator
@example(game="duz_okey", pairs=True, seed=148, viewer=1, cut=42)
@given(game=st.sampled_from(["duz_okey", "kdv_okey"]), pairs=st.booleans(),
       seed=st.integers(0, 10_000), cut=st.integers(0, 120),
       viewer=st.sampled_from([0, 1, 2, 3, None]))
def test_a_sample_is_consistent_with_the_view(
    game: str, pairs: bool, seed: int, cut: int, viewer: int | None
) -> None:
    m, d = position(game, pairs, seed, cut)
    rules = get_game(game)
    view = d.view(viewer)
    places = rules.hidden_places(m.options, view)
    # the unseen tiles are what the seat has not seen, each copy once: 106 in all
    seen = Counter([d.indicator])
    for pile in d.discards:
        seen.update(pile)
    if viewer is not None:
        seen.update(d.hand(viewer))
    assert seen + Counter(places.unseen) == Counter(full_set())
    assert sum(places.sizes.values()) == len(places.unseen) == 106 - sum(seen.values())
    hidden_seats = [s for s in range(4) if s != viewer]
    assert set(places.sizes) == {PILE, *(rack_place(s) for s in hidden_seats)}
    # the true hidden tiles are one assignment, a random one is another
    truth = {rack_place(s): d.hand(s) for s in hidden_seats}
    truth[PILE] = list(d.pile[d.pile_pos:])
    rng = random.Random(seed)
    for assignment in (truth, random_assignment(places, view, rng)):
        sample = rules.deal_from_view(m.options, view, assignment)
        assert sample.view(viewer) == view
        assert _tiles(sample) == Counter(full_set())
        for place, tiles in assignment.items():
            got = list(sample.pile) if place == PILE else sample.hand(int(place[5:]))
            assert Counter(got) == Counter(tiles)
        assert list(sample.pile) == assignment[PILE]  # top first
        if viewer is not None:
            assert sample.legal_actions(viewer) == d.legal_actions(viewer)
        assert sample.to_act == d.to_act
        # which seats have ended a turn is read from the view (it decides who may still
        # show the indicator and, in KDV, whose Ceza box is live) where the view tells
        if sample.discarded != d.discarded:
            # it does not number the turns: when every discard so far was taken (empty
            # piles, nothing drawn from the pile) the first round and a later one look
            # alike and the sample reads the first; the truth's reading then gives the
            # very same view, so no sampler could tell them apart
            other = sample.copy()
            other.discarded = list(d.discarded)
            other.turns_started = list(d.turns_started)
            assert other.view(viewer) == view
        # the sample plays on like a deal: every seat's legal moves are accepted
        s = sample.to_act[0]
        sample.apply(sample.legal_actions(s)[-1])


def test_a_shown_indicator_copy_never_lies_in_the_pile() -> None:
    # seat 1 held the indicator's copy (R2) and showed it; seat 0 views
    d = deal(starter=1, indicator="R2", hands={1: ["R2"]})
    d.apply(ShowIndicator(1))
    rules = get_game("duz_okey")
    options = rules.parse_options({})
    view = d.view(0)
    places = rules.hidden_places(options, view)
    copy = parse_tile("R2")
    assert copy in places.unseen
    tiles = [t for t in places.unseen if t != copy]
    bad = {rack_place(1): tiles[:15], rack_place(2): tiles[15:29],
           rack_place(3): tiles[29:43], PILE: [copy, *tiles[43:]]}
    with pytest.raises(MalformedSetup, match="cannot lie in the pile: seat 1 showed it"):
        rules.deal_from_view(options, view, bad)
    good = {**bad, PILE: [tiles[14], *tiles[43:]], rack_place(1): [*tiles[:14], copy]}
    sample = rules.deal_from_view(options, view, good)
    assert sample.view(0) == view
    assert copy in sample.hand(1)
    assert sample.gosterge == 1


def _places_and_truth() -> tuple[object, dict[str, object], dict[str, list[int]]]:
    m, d = position("kdv_okey", False, 3, 30)
    view = d.view(2)
    truth = {rack_place(s): d.hand(s) for s in (0, 1, 3)}
    truth[PILE] = list(d.pile[d.pile_pos:])
    return m.options, view, truth


def test_bad_assignments_are_refused() -> None:
    options, view, truth = _places_and_truth()
    rules = get_game("kdv_okey")
    with pytest.raises(MalformedSetup, match="fill exactly the hidden places"):
        rules.deal_from_view(options, view, {k: v for k, v in truth.items() if k != PILE})
    short = {**truth, PILE: truth[PILE][1:]}
    with pytest.raises(MalformedSetup, match=r"holds \d+ tiles, not"):
        rules.deal_from_view(options, view, short)
    seen = parse_tile(view["rack"][0][0])
    swapped = {**truth, PILE: [seen, *truth[PILE][1:]]}
    with pytest.raises(MalformedSetup, match="each copy once"):
        rules.deal_from_view(options, view, swapped)


def test_bad_views_are_refused() -> None:
    options, view, _ = _places_and_truth()
    rules = get_game("kdv_okey")
    with pytest.raises(MalformedSetup, match="missing 'pile_left'"):
        rules.hidden_places(options, {k: v for k, v in view.items() if k != "pile_left"})
    doubled = {**view, "discards": [view["rack"][0] * 3, [], [], []]}
    with pytest.raises(MalformedSetup, match="more times than the set has copies"):
        rules.hidden_places(options, doubled)
    with pytest.raises(MalformedSetup, match="the deal is over"):
        rules.hidden_places(options, {**view, "over": True})


def test_the_viewers_ceza_box_is_kept() -> None:
    # after its first discard seat 0's Ceza box is frozen; a sample keeps the sum
    d = deal(kdv=True, starter=0, indicator="K5")
    d.apply(d.legal_actions(0)[0])
    for s in (1, 2, 3):
        d.apply(Draw(s, "pile"))
        d.apply(d.legal_actions(s)[0])
    view = d.view(0)
    assert view["ceza_live"] is False
    d.apply(Arrange(0, tuple((t,) for t in reversed(d.hand(0)))))  # the layout moves on
    rules = get_game("kdv_okey")
    options = rules.parse_options({})
    later = d.view(0)
    places = rules.hidden_places(options, later)
    sample = rules.deal_from_view(options, later,
                                  random_assignment(places, later, random.Random(1)))
    assert sample.view(0) == later
    assert sample.view(0)["ceza"] == view["ceza"]
