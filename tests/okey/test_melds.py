"""Runs, groups and pairs: every example of docs/rules/okey.md, rules 6, 11, 12, 13 and 29."""

from __future__ import annotations

import pytest

from kahvehane.games.okey.melds import (
    face_value,
    is_group,
    is_meld,
    is_pair,
    is_run,
    unmatched_sum,
)
from kahvehane.tiles import FALSE_JOKER, okey_of, parse_tile, parse_tiles

# Indicator K5: the okey is K6, so "OKEY" below is a K6 and the red tiles are ordinary.
INDICATOR = parse_tile("K5")
OKEY = okey_of(INDICATOR)
assert parse_tile("K6") == OKEY


def hand(text: str, okey: int = OKEY) -> list[int]:
    """Tiles from notation, OKEY written as the okey's code."""
    return [okey if x == "OKEY" else parse_tile(x) for x in text.split()]


# ---------------------------------------------------------------- rule 11: runs


@pytest.mark.parametrize(
    "text",
    [
        "R11 R12 R13 R1",  # the seed's 12-13-1 family
        "R12 R13 R1",
        "R1 R2 R3",
        "R12 OKEY R1",
        "OKEY R1 R2",  # as R1-R2-R3 (or 13-1-2 would be wrong: some assignment suffices)
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13",  # 13 tiles, the longest
        "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1",  # 13 tiles ending with the high 1
        "R5 OKEY R7",
        "OKEY OKEY R9",
        "R4 R5 R6 OKEY",  # rule 32: the okey as R7
    ],
)
def test_valid_runs(text: str) -> None:
    assert is_run(hand(text), OKEY)
    assert is_meld(hand(text), OKEY)


@pytest.mark.parametrize(
    "text",
    [
        "R13 R1 R2",  # 1 may follow 13 only as the last tile
        "R12 R13 R1 R2",
        "R13 OKEY R2",  # the okey would have to be R1 after 13
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 OKEY",  # 14 tiles
        "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1",  # 1 low and 1 high together
        "R1 R2",  # too short
        "R1 OKEY",
        "R1 R2 Y3",  # two colours
        "R5 R5 R6",  # a number twice
        "R5 R7 R9",  # gaps with no okey
        "R5 OKEY R8",  # two gaps, one okey
    ],
)
def test_invalid_runs(text: str) -> None:
    assert not is_run(hand(text), OKEY)


def test_run_order_does_not_matter() -> None:
    for text in ("R1 R2 R3", "R3 R1 R2", "R1 R13 R12", "R2 OKEY R1"):
        tiles = hand(text)
        assert is_run(tiles, OKEY) and is_run(list(reversed(tiles)), OKEY)
    assert not is_run(hand("R2 R1 R13"), OKEY)


# ---------------------------------------------------------------- rule 6: false joker


def test_false_joker_is_the_okey_tile_not_a_wildcard() -> None:
    okey = okey_of(parse_tile("R2"))  # R3
    j = FALSE_JOKER
    assert is_run([parse_tile("R2"), j, parse_tile("R4")], okey)  # J is an R3
    assert not is_run([parse_tile("R5"), j, parse_tile("R7")], okey)  # J cannot be R6
    assert is_group([j, parse_tile("Y3"), parse_tile("B3")], okey)
    assert not is_group([j, parse_tile("Y4"), parse_tile("B4")], okey)
    # a real okey is wild, so it can stand for R6
    assert is_run([parse_tile("R5"), okey, parse_tile("R7")], okey)


# ---------------------------------------------------------------- rule 12: groups


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("R7 Y7 B7", True),
        ("R7 Y7 B7 K7", True),
        ("R7 Y7 OKEY", True),  # the okey takes a missing colour
        ("R7 OKEY OKEY", True),
        ("R7 Y7 OKEY OKEY", True),
        ("R7 Y7 B7 OKEY", True),
        ("R7 R7 B7", False),  # the seed's counter-example: two of one colour
        ("R7 Y7", False),
        ("R7 Y7 B7 K7 OKEY", False),  # five tiles
        ("R7 Y7 B8", False),
        ("R7 Y7 B7 K7 R7", False),
    ],
)
def test_groups(text: str, valid: bool) -> None:
    assert is_group(hand(text), OKEY) is valid


# ---------------------------------------------------------------- rule 13: pairs


def test_pairs() -> None:
    okey = okey_of(parse_tile("R2"))  # R3
    ind = parse_tile("R2")
    t = parse_tile
    assert is_pair(t("B9"), t("B9"), okey, ind)
    assert not is_pair(t("B9"), t("K9"), okey, ind)
    assert not is_pair(t("B9"), t("B8"), okey, ind)
    assert is_pair(t("B9"), okey, okey, ind)  # the okey stands for the other B9
    assert is_pair(okey, t("K13"), okey, ind)
    assert is_pair(okey, okey, okey, ind)
    assert is_pair(FALSE_JOKER, FALSE_JOKER, okey, ind)
    assert is_pair(FALSE_JOKER, okey, okey, ind)
    assert not is_pair(FALSE_JOKER, t("R4"), okey, ind)
    # the in-play copy of the indicator tile is never in a pair, even with an okey
    assert not is_pair(ind, okey, okey, ind)
    assert not is_pair(okey, ind, okey, ind)
    assert not is_pair(ind, ind, okey, ind)


# ---------------------------------------------------------------- rule 29: face values


def test_face_values() -> None:
    okey = okey_of(parse_tile("R2"))  # R3, worth 3
    assert face_value(parse_tile("K13"), okey) == 13
    assert face_value(okey, okey) == 3
    assert face_value(FALSE_JOKER, okey) == 3
    okey13 = okey_of(parse_tile("B12"))  # B13
    assert face_value(okey13, okey13) == 13 and face_value(FALSE_JOKER, okey13) == 13


def test_unmatched_sum_of_a_layout() -> None:
    okey = okey_of(parse_tile("R2"))  # R3
    layout = [
        parse_tiles(["R4", "R5", "R6"]),  # a run: melded
        parse_tiles(["B9", "B9"]),  # a pair is not a per: 18
        parse_tiles(["Y13"]),
        [],  # empty blocks are ignored
        [okey],  # a single okey counts 3
        [FALSE_JOKER, parse_tile("K2")],  # not a meld: 3 + 2
        [parse_tile("Y1"), parse_tile("B1"), okey],  # a group with the okey
    ]
    assert unmatched_sum(layout, okey) == 18 + 13 + 3 + 5
    # the same tiles unarranged: every tile single (rule 29, "an unarranged rack")
    singles = [[x] for block in layout for x in block]
    assert unmatched_sum(singles, okey) == 4 + 5 + 6 + 18 + 13 + 3 + 3 + 2 + 1 + 1 + 3
