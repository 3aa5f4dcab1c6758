"""Rule 29 as revised (issue 17): a discard takes the copy the player picked (``at``),
leaves a gap where it stood, and the Ceza box shows the live figure before the seat's
first discard."""

from __future__ import annotations

import json
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cli import main
from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Arrange, Discard, Draw, parse_okey_action
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.melds import unmatched_sum
from kahvehane.tiles import full_set, parse_tile, parse_tiles, tile_names

from .helpers import deal, snapshot

RECORDS = Path(__file__).resolve().parent.parent / "records" / "okey"

# issue 17, situation 1: R5 alone on the left, R4-R5-R6 to its right (red indicator: k = 2)
LONE_AND_RUN = [["R5"], ["R4", "R5", "R6"], ["K7", "K8", "K9"], ["Y10", "Y11", "Y12"],
                ["B1", "B2", "B3"], ["K1"], ["Y13"]]
# situation 2: two pers with R2 between them in one block (black indicator: k = 2)
TWO_PERS = [["B9", "Y9", "K9", "R2", "B11", "B12", "B13"], ["R5", "R6", "R7"],
            ["Y1", "Y2", "Y3"], ["K13"], ["Y13"]]


def _laid(layout: list[list[str]], indicator: str, **kw: Any) -> OkeyDeal:
    """A KDV deal whose starter (seat 0) has ``layout`` laid out."""
    d = deal(kdv=True, starter=0, indicator=indicator,
             hands={0: [t for b in layout for t in b]}, **kw)
    d.apply(Arrange(0, tuple(tuple(parse_tiles(b)) for b in layout)))
    return d


def _rack(d: OkeyDeal, seat: int) -> list[list[str]]:
    return [tile_names(b) for b in d.racks[seat]]


def test_the_lone_copy_picked_keeps_the_run_ceza_28() -> None:
    d = _laid(LONE_AND_RUN, "R2")
    d.apply(Discard(0, parse_tile("R5"), at=(0, 0)))
    assert _rack(d, 0) == LONE_AND_RUN[1:]
    assert d.ceza_frozen[0] == 1 + 13
    assert d.view(0)["ceza"] == 28 and d.view(0)["ceza_live"] is False


def test_without_at_the_runs_copy_leaves_and_the_run_splits_ceza_58() -> None:
    d = _laid(LONE_AND_RUN, "R2")
    d.apply(Discard(0, parse_tile("R5")))
    assert _rack(d, 0) == [["R5"], ["R4"], ["R6"], *LONE_AND_RUN[2:]]
    assert d.ceza_frozen[0] == 5 + 4 + 6 + 1 + 13
    assert d.view(0)["ceza"] == 58


def test_a_tile_thrown_between_two_pers_leaves_two_pers_ceza_52_not_178() -> None:
    d = _laid(TWO_PERS, "K4")
    d.apply(Discard(0, parse_tile("R2"), at=(0, 3)))
    assert _rack(d, 0) == [["B9", "Y9", "K9"], ["B11", "B12", "B13"], *TWO_PERS[1:]]
    assert d.view(0)["ceza"] == 2 * (13 + 13) == 52
    # the same tiles closed up into one block (the old model) are one non-per of six
    fused = [["B9", "Y9", "K9", "B11", "B12", "B13"], *TWO_PERS[1:]]
    assert 2 * unmatched_sum([parse_tiles(b) for b in fused], d.okey) == 178


def test_the_default_copy_is_the_last_position_of_the_rightmost_block() -> None:
    layout = [["R5", "R6", "R7"], ["B5", "R5", "B5"], ["Y3"]]
    # the copy leaves from block 1 (the rightmost holding R5), its only R5 at position 1
    d = _laid([*layout, ["K1", "K2", "K3"], ["Y7", "Y8", "Y9"], ["B11"], ["Y13"]], "K4")
    d.apply(Discard(0, parse_tile("R5")))
    assert _rack(d, 0)[:4] == [["R5", "R6", "R7"], ["B5"], ["B5"], ["Y3"]]


def test_of_two_copies_in_one_block_the_later_leaves_by_default() -> None:
    d = _laid([["B5", "R1", "B5"], ["R2", "R3", "R4"], ["K7", "K8", "K9"], ["Y9", "Y10"],
               ["Y11", "Y12", "Y13"], ["K1"]], "K4")
    d.apply(Discard(0, parse_tile("B5")))
    assert _rack(d, 0)[0] == ["B5", "R1"]


def test_a_split_that_leaves_a_valid_per_on_one_side() -> None:
    layout = [["R4", "R5", "R6", "Y8", "Y13"], ["K7", "K8", "K9"], ["Y1", "Y2", "Y3"],
              ["B11", "B12", "B13", "K1"]]
    d = _laid(layout, "K4")
    live = d.view(0)["ceza"]
    assert live == 2 * (4 + 5 + 6 + 8 + 13 + 11 + 12 + 13 + 1)  # two blocks are no pers
    d.apply(Discard(0, parse_tile("Y8"), at=(0, 3)))
    assert _rack(d, 0)[:2] == [["R4", "R5", "R6"], ["Y13"]]
    d2 = _laid(layout, "K4")
    d2.apply(Discard(0, parse_tile("K1"), at=(3, 3)))  # from the end: only shortens it
    assert _rack(d2, 0)[3] == ["B11", "B12", "B13"]
    assert d.ceza_frozen[0] == 13 + 11 + 12 + 13 + 1
    assert d2.ceza_frozen[0] == 4 + 5 + 6 + 8 + 13


def test_draw_x_then_discard_x_takes_the_drawn_tile_unless_at_says_otherwise() -> None:
    for at, kept_last in [(None, False), ((0, 0), True)]:
        d = deal(kdv=True, starter=0, hands={1: ["B9", "B10", "B11"]}, pile_top=["B9"])
        d.apply(Discard(0, d.hand(0)[-1]))
        d.apply(Arrange(1, (tuple(parse_tiles(["B9", "B10", "B11"])),
                            *((t,) for t in d.hand(1)[3:]))))
        before = list(d.racks[1])
        d.apply(Draw(1, "pile"))
        d.apply(Discard(1, parse_tile("B9"), at=at))
        if kept_last:  # the run's B9 left: B10 B11 stay, the drawn B9 is the last block
            assert d.racks[1] == [tuple(parse_tiles(["B10", "B11"])), *before[1:],
                                  (parse_tile("B9"),)]
        else:
            assert d.racks[1] == before


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ([0], "'at' must name a slot as [block, position], two non-negative integers, not [0]"),
        ([0, 0, 0], "not [0, 0, 0]"),
        ([-1, 0], "not [-1, 0]"),
        ([0, -1], "not [0, -1]"),
        ([True, 0], "not [true, 0]"),
        ([0.0, 0], "not [0.0, 0]"),
        ("0,0", 'not "0,0"'),
        ({"block": 0}, 'not {"block": 0}'),
        ([7, 0], "seat 0's rack has no block 7: its blocks are 0 to 6"),
        ([1, 3], "block 1 of seat 0's rack has no position 3: its positions are 0 to 2"),
        ([2, 0], "the slot [2, 0] holds K7, not R5"),
    ],
)
def test_every_invalid_at_is_refused_naming_rule_29_and_changes_nothing(
    at: Any, message: str
) -> None:
    d = _laid(LONE_AND_RUN, "R2")
    before = snapshot(d)
    with pytest.raises(IllegalAction) as info:
        d.apply(parse_okey_action({"seat": 0, "act": "discard", "tile": "R5", "at": at}))
    assert info.value.rule == "rule 29" and message in str(info.value)
    assert info.value.code.startswith("okey.") and info.value.render("tr") != str(info.value)
    assert snapshot(d) == before
    if isinstance(at, list) and len(at) == 2 and all(type(x) is int and x >= 0 for x in at):
        action = Discard(0, parse_tile("R5"), at=(at[0], at[1]))
        assert not d.is_legal(action)
        with pytest.raises(IllegalAction, match="rule 29"):
            d.apply(action)
        assert snapshot(d) == before


def test_an_at_built_in_python_is_checked_as_well() -> None:
    d = _laid(LONE_AND_RUN, "R2")
    bad = Discard(0, parse_tile("R5"), at=("a", 0))  # type: ignore[arg-type]
    assert not d.is_legal(bad)
    with pytest.raises(IllegalAction, match=r"not \['a', 0\]|not \[\"a\", 0\]"):
        d.apply(bad)


def test_at_reads_and_writes_as_the_record_says() -> None:
    obj = {"seat": 1, "act": "discard", "tile": "R7", "at": [2, 0]}
    action = parse_okey_action(obj)
    assert action == Discard(1, parse_tile("R7"), at=(2, 0))
    assert action.to_json() == obj
    assert parse_okey_action({"seat": 1, "act": "discard", "tile": "R7", "at": None}) == (
        Discard(1, parse_tile("R7")))
    assert "at" not in Discard(1, parse_tile("R7")).to_json()


# ------------------------------------------------------------------ the Ceza box


def test_the_ceza_box_is_live_before_the_first_discard_then_frozen() -> None:
    d = _laid(LONE_AND_RUN, "R2")
    # the starter holds 15: the live box is its layout now
    assert d.view(0)["ceza_live"] is True
    assert d.view(0)["ceza"] == 2 * (5 + 1 + 13)
    d.apply(Arrange(0, tuple((t,) for t in d.hand(0))))  # live: it follows the layout
    assert d.view(0)["ceza"] == 2 * sum(t % 13 + 1 for t in d.hand(0))
    d.apply(Arrange(0, tuple(tuple(parse_tiles(b)) for b in LONE_AND_RUN)))
    d.apply(Discard(0, parse_tile("R5"), at=(0, 0)))
    assert (d.view(0)["ceza"], d.view(0)["ceza_live"]) == (28, False)
    d.apply(Arrange(0, tuple((t,) for t in d.hand(0))))  # frozen: arranging does not help
    assert d.view(0)["ceza"] == 28
    # a seat that has not discarded yet sees its own live box, and only its own
    assert d.view(2)["ceza_live"] is True
    assert d.view(2)["ceza"] == 2 * unmatched_sum(d.racks[2], d.okey)
    assert "ceza" not in d.view(None) and "ceza_live" not in d.public_view()


def test_duz_has_no_ceza_box() -> None:
    d = deal(kdv=False)
    assert "ceza" not in d.view(0) and "ceza_live" not in d.view(0)


# ------------------------------------------------------------------ records and the CLI


def test_the_two_situations_replay_with_their_ceza_through_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = {}
    for name in ("kdv_discard_takes_the_picked_copy", "kdv_discard_default_copy_splits_the_run",
                 "kdv_discard_between_two_pers_leaves_a_gap"):
        assert main(["replay", str(RECORDS / f"{name}.json"), "--table"]) == 0
        row = next(line for line in capsys.readouterr().out.splitlines()
                   if line.startswith("0 "))
        figures[name] = row.split()[2]
        record = json.loads((RECORDS / f"{name}.json").read_text())
        assert any("at" in a for d in record["deals"] for a in d["actions"]) == (
            "default" not in name)
    assert figures == {"kdv_discard_takes_the_picked_copy": "28",
                       "kdv_discard_default_copy_splits_the_run": "58",
                       "kdv_discard_between_two_pers_leaves_a_gap": "52"}


# ------------------------------------------------------------------ the property


@st.composite
def _layouts(draw: st.DrawFn) -> tuple[list[int], list[tuple[int, ...]], tuple[int, int]]:
    """A 15-tile hand (at most two of a tile, no indicator K5), a random layout of it
    and a random slot."""
    pool = [t for t in full_set() if t != parse_tile("K5")]
    hand = draw(st.lists(st.sampled_from(pool), min_size=15, max_size=15).filter(
        lambda h: max(Counter(h).values()) <= 2))
    order = draw(st.permutations(hand))
    cuts = sorted(draw(st.sets(st.integers(1, 14), max_size=10)))
    bounds = [0, *cuts, 15]
    layout = [tuple(order[a:b]) for a, b in pairwise(bounds)]
    b = draw(st.integers(0, len(layout) - 1))
    i = draw(st.integers(0, len(layout[b]) - 1))
    return hand, layout, (b, i)


@settings(max_examples=120, deadline=None)
@given(case=_layouts(), kdv=st.booleans())
def test_a_discard_at_a_slot_empties_that_slot_and_keeps_every_tile(
    case: tuple[list[int], list[tuple[int, ...]], tuple[int, int]], kdv: bool
) -> None:
    hand, layout, (b, i) = case
    d = deal(kdv=kdv, starter=0, indicator="K5", hands={0: tile_names(hand)})
    d.apply(Arrange(0, tuple(layout)))
    tile = layout[b][i]
    d.apply(Discard(0, tile, at=(b, i)))
    split = [part for part in (layout[b][:i], layout[b][i + 1:]) if part]
    assert d.racks[0] == [*layout[:b], *split, *layout[b + 1:]]
    assert d.discards[0] == [tile]
    every = Counter([d.indicator, *d.pile[d.pile_pos:], *d.discards[0]])
    for s in range(4):
        every.update(d.hand(s))
    assert every == Counter(full_set())
    if kdv:
        assert d.ceza_frozen[0] == unmatched_sum(d.racks[0], d.okey)
