"""Rules 9, 10 and 15: turn order, draw then discard, the left discard, free discards."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Discard, Draw, ShowIndicator
from kahvehane.tiles import parse_tile

from .helpers import deal, snapshot


def test_rule9_starter_first_turn_has_no_draw() -> None:
    d = deal(starter=2)
    assert d.to_act == (2,)
    acts = d.legal_actions(2)
    assert not any(isinstance(a, Draw) for a in acts)
    assert {a.tile for a in acts if isinstance(a, Discard)} == set(d.hand(2))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="rule 10"):
        d.apply(Draw(2, "pile"))
    assert snapshot(d) == before


def test_rule9_play_passes_to_the_next_seat() -> None:
    d = deal(starter=3)
    d.apply(Discard(3, d.hand(3)[0]))
    assert d.to_act == (0,)
    assert d.legal_actions(3) == []


def test_rule10_draw_from_pile_takes_the_top_tile_and_it_arrives_as_its_own_block() -> None:
    d = deal(starter=0, pile_top=["Y13", "B2"])
    d.apply(Discard(0, d.hand(0)[0]))
    d.apply(Draw(1, "pile"))
    assert d.racks[1][-1] == (parse_tile("Y13"),)
    assert len(d.hand(1)) == 15
    assert d.pile_left == 47


def test_rule10_draw_from_left_takes_only_the_most_recent_discard() -> None:
    d = deal(starter=0, hands={0: ["R7", "R8"]})
    d.apply(Discard(0, parse_tile("R7")))
    assert d.view(None)["discards"][0] == ["R7"]
    d.apply(Draw(1, "left"))
    assert d.racks[1][-1] == (parse_tile("R7"),)
    assert d.view(None)["discards"][0] == []
    assert d.pile_left == 48


def test_rule10_must_draw_before_discarding_and_cannot_draw_twice() -> None:
    d = deal(starter=0)
    d.apply(Discard(0, d.hand(0)[0]))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="must draw first"):
        d.apply(Discard(1, d.hand(1)[0]))
    assert snapshot(d) == before
    d.apply(Draw(1, "pile"))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="already drawn"):
        d.apply(Draw(1, "pile"))
    assert snapshot(d) == before


def test_rule10_acting_out_of_turn_is_refused() -> None:
    d = deal(starter=0)
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="seat 0's turn, not seat 2's"):
        d.apply(Discard(2, d.hand(2)[0]))
    assert snapshot(d) == before


def test_discarding_a_tile_not_held_is_refused() -> None:
    d = deal(starter=0, hands={0: ["R1"] * 2})
    missing = next(t for t in range(52) if t not in d.hand(0))
    with pytest.raises(IllegalAction, match="does not hold"):
        d.apply(Discard(0, missing))


def test_rule15_an_okey_may_be_discarded_and_a_left_tile_discarded_again() -> None:
    d = deal(starter=0, indicator="K5", hands={0: ["K6", "R9"]})
    okey = parse_tile("K6")
    assert Discard(0, okey) in d.legal_actions(0)
    d.apply(Discard(0, okey))
    d.apply(Draw(1, "left"))
    assert Discard(1, okey) in d.legal_actions(1)
    d.apply(Discard(1, okey))
    assert d.view(None)["discards"][1] == ["K6"]


def test_legal_actions_in_draw_phase_are_pile_and_left() -> None:
    d = deal(starter=0)
    d.apply(Discard(0, d.hand(0)[0]))
    acts = [a for a in d.legal_actions(1) if not isinstance(a, ShowIndicator)]
    assert acts == [Draw(1, "pile"), Draw(1, "left")]
