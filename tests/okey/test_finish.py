"""Rules 16–17: finishing, its validation and its multiplier."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Discard, Draw, Finish
from kahvehane.tiles import parse_tile

from .helpers import MELDS_14, PAIRS_14, deal, snapshot


def _starter_with(hand15: list[str], indicator: str = "K5", kdv: bool = False):  # type: ignore[no-untyped-def]
    return deal(kdv=kdv, starter=0, indicator=indicator, hands={0: hand15})


def test_normal_finish_multiplier_1() -> None:
    d = _starter_with([*MELDS_14, "Y13"])
    assert Finish(0, parse_tile("Y13")) in d.legal_actions(0)
    events = d.apply(Finish(0, parse_tile("Y13")))
    assert d.is_over and d.finisher == 0 and d.multiplier == 1
    assert [e.kind for e in events] == ["finish", "deal_end"]
    assert d.legal_actions(1) == []


def test_cift_finish_multiplier_2() -> None:
    d = _starter_with([*PAIRS_14, "Y13"])
    d.apply(Finish(0, parse_tile("Y13")))
    assert d.multiplier == 2


def test_okey_finish_multiplier_2_and_cift_okey_4() -> None:
    d = _starter_with([*MELDS_14, "K6"])  # K6 is the okey under indicator K5
    d.apply(Finish(0, parse_tile("K6")))
    assert d.multiplier == 2
    d = _starter_with([*PAIRS_14, "K6"])
    d.apply(Finish(0, parse_tile("K6")))
    assert d.multiplier == 4


def test_false_joker_on_the_indicator_is_not_an_okey_finish() -> None:
    d = _starter_with([*MELDS_14, "J"])
    d.apply(Finish(0, parse_tile("J")))
    assert d.multiplier == 1


def test_both_readings_valid_uses_cift() -> None:
    """Two runs R1-R4 and two Y7-Y9 are also 7 pairs: rule 17 takes the çift reading."""
    both = ["R1", "R1", "R2", "R2", "R3", "R3", "R4", "R4", "Y7", "Y7", "Y8", "Y8", "Y9", "Y9"]
    d = _starter_with([*both, "B13"])
    d.apply(Finish(0, parse_tile("B13")))
    assert d.multiplier == 2


def test_invalid_finish_is_rejected_and_changes_nothing() -> None:
    hand = [*MELDS_14[:-1], "B5", "Y13"]  # K1 K2 K3 + B5: not melds
    d = _starter_with(hand)
    assert not any(isinstance(a, Finish) for a in d.legal_actions(0))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="rule 16"):
        d.apply(Finish(0, parse_tile("Y13")))
    assert snapshot(d) == before
    assert d.to_act == (0,)  # the turn continues


def test_finishing_with_13_1_2_is_rejected() -> None:
    hand = ["R13", "R1", "R2", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K1", "K2", "K3", "K4",
            "K5", "Y13"]
    d = _starter_with(hand, indicator="B5")
    with pytest.raises(IllegalAction, match="neither runs and groups"):
        d.apply(Finish(0, parse_tile("Y13")))


def test_finishing_with_12_13_1_is_accepted() -> None:
    hand = ["R12", "R13", "R1", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K1", "K2", "K3", "K4",
            "K5", "Y13"]
    d = _starter_with(hand, indicator="B5")
    d.apply(Finish(0, parse_tile("Y13")))
    assert d.finisher == 0


def test_in_play_indicator_copy_cannot_make_a_cift_finish() -> None:
    pairs = ["R1", "R1", "Y2", "Y2", "B3", "B3", "K9", "K9", "R11", "R11", "Y12", "Y12", "K5",
             "K6"]  # K5 (indicator copy) + K6 (okey) would be a pair but rule 13 forbids it
    d = _starter_with([*pairs, "B13"], indicator="K5")
    with pytest.raises(IllegalAction):
        d.apply(Finish(0, parse_tile("B13")))


def test_finish_before_drawing_is_refused_except_on_the_starters_first_turn() -> None:
    d = deal(starter=0, indicator="K5", hands={0: ["Y13"], 1: MELDS_14})
    d.apply(Discard(0, parse_tile("Y13")))
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="must draw first"):
        d.apply(Finish(1, parse_tile("K4")))
    assert snapshot(d) == before


def test_finishing_with_the_tile_just_taken_from_the_left() -> None:
    d = deal(starter=0, indicator="K5", hands={0: ["K4"], 1: [*MELDS_14[:13], "Y13"]})
    d.apply(Discard(0, parse_tile("K4")))
    d.apply(Draw(1, "left"))
    d.apply(Finish(1, parse_tile("Y13")))
    assert d.finisher == 1
