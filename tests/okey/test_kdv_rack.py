"""Rule 29: the rack model and the KDV Ceza frozen at each discard."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Arrange, Discard, Draw, Finish
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.games.okey.rack import default_slot, remove_at
from kahvehane.tiles import parse_tile, parse_tiles

from .helpers import MELDS_14, deal, snapshot


def _blocks(*blocks: list[str]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(parse_tiles(b)) for b in blocks)


def test_as_dealt_nothing_is_arranged() -> None:
    d = deal(starter=0)
    assert all(len(block) == 1 for block in d.racks[0])


def test_arrange_must_hold_exactly_the_rack_and_may_be_done_off_turn() -> None:
    d = deal(starter=0)
    hand = d.hand(2)
    d.apply(Arrange(2, (tuple(hand[:3]), (), tuple(hand[3:]))))  # empty blocks are ignored
    assert d.racks[2] == [tuple(hand[:3]), tuple(hand[3:])]
    before = snapshot(d)
    with pytest.raises(IllegalAction, match="leaves out"):
        d.apply(Arrange(2, (tuple(hand[:-1]),)))
    with pytest.raises(IllegalAction, match="does not hold"):
        d.apply(Arrange(2, (tuple(hand), (hand[0],))))
    assert snapshot(d) == before


def test_discard_takes_the_rightmost_copy_by_default_and_leaves_a_gap() -> None:
    # rule 29 as revised (2026-12-01): the block splits where the tile stood; it used to
    # close up ([(1, 3)] below)
    r7 = parse_tile("R7")
    rack = [(r7, parse_tile("R8"), parse_tile("R9")), (parse_tile("K1"), r7)]
    assert default_slot(rack, r7) == (1, 1)
    assert remove_at(rack, 1, 1) == [rack[0], (parse_tile("K1"),)]
    assert remove_at([(1, 2, 3)], 0, 1) == [(1,), (3,)]


def test_draw_x_discard_x_removes_the_tile_just_drawn() -> None:
    d = deal(starter=0, hands={1: ["B9"]}, pile_top=["B9"])
    d.apply(Discard(0, d.hand(0)[-1]))
    d.apply(Arrange(1, (tuple(d.hand(1)),)))
    layout = list(d.racks[1])
    d.apply(Draw(1, "pile"))
    d.apply(Discard(1, parse_tile("B9")))
    assert d.racks[1] == layout


def test_ceza_is_frozen_at_discard_and_later_arranging_does_not_change_it() -> None:
    # indicator R2: okey R3, k = 2. Seat 1 lays R4 R5 R6 | B9 B9 | Y13 | K2 | ... unmatched
    d = deal(kdv=True, starter=0, indicator="R2",
             hands={0: [*MELDS_14[:13], "Y13"],
                    1: ["R4", "R5", "R6", "B9", "B9", "Y13", "K2", "K7", "K8", "K9", "B1",
                        "B2", "B3", "Y5"]},
             pile_top=["Y6"])
    d.apply(Discard(0, parse_tile("Y13")))
    d.apply(Arrange(1, _blocks(["R4", "R5", "R6"], ["B9", "B9"], ["Y13"], ["K2"],
                               ["K7", "K8", "K9"], ["B1", "B2", "B3"], ["Y5"])))
    d.apply(Draw(1, "pile"))  # Y6 arrives as its own block
    d.apply(Discard(1, parse_tile("Y5")))
    # unmatched: B9 B9 Y13 K2 Y6 = 9 + 9 + 13 + 2 + 6 = 39
    assert d.ceza_frozen[1] == 39
    assert d.view(1)["ceza"] == 78
    assert d.view(1)["ceza_live"] is False
    # seat 2 has not discarded: its box shows the live Ceza of its layout, marked live
    # (rule 29 as revised; it used to be empty): unarranged, every tile is unmatched
    assert "ceza" not in d.view(None)
    assert d.view(2)["ceza"] == 2 * unmatched_sum(d.racks[2], d.okey)
    assert d.view(2)["ceza_live"] is True
    d.apply(Arrange(1, tuple((t,) for t in d.hand(1))))  # unarrange after the discard
    assert d.ceza_frozen[1] == 39


def test_a_seat_that_never_discarded_is_charged_on_its_layout_at_the_end() -> None:
    finisher_hand = ["R1", "R2", "R3", "R4", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K9",
                     "K10", "K11", "K12"]
    d = deal(kdv=True, starter=0, indicator="B5",
             hands={0: ["Y13"], 1: finisher_hand, 2: ["K1", "K2", "K3"]},
             pile_top=["R9"])
    d.apply(Discard(0, parse_tile("Y13")))
    d.apply(Draw(1, "pile"))
    d.apply(Finish(1, parse_tile("R9")))
    result = d.result()
    assert result is not None
    un = result.detail["unmatched"]
    assert un[1] is None
    # seat 2 never discarded and never arranged: every tile is unmatched
    assert un[2] == sum(t % 13 + 1 for t in d.hand(2))
    assert result.detail["ceza"][2] == un[2]  # blue: k = 1
    assert result.scores[2] == un[2]
    assert result.scores[1] == -50


def test_ceza_counts_an_unmatched_okey_and_false_joker_at_the_okeys_number() -> None:
    d = deal(kdv=True, starter=0, indicator="R2",
             hands={0: ["R3", "J", "R9", "K1", "B5", "Y5", "K9", "K11", "B13", "Y10", "R7",
                        "B7", "Y1", "K4", "B11"]})
    d.apply(Discard(0, parse_tile("R9")))  # as dealt: every tile is unmatched
    rest = [1, 5, 5, 9, 11, 13, 10, 7, 7, 1, 4, 11]
    assert d.ceza_frozen[0] == 3 + 3 + sum(rest)


def test_duz_keeps_the_layout_but_never_scores_it() -> None:
    d = deal(kdv=False, starter=0, indicator="K5", hands={0: [*MELDS_14, "Y13"]})
    d.apply(Finish(0, parse_tile("Y13")))
    result = d.result()
    assert result is not None
    assert "ceza" not in result.detail
    assert result.scores == (-4, 4, 4, 4)
