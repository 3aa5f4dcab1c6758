"""The hand solver and its public facade: docs/rules/okey.md, rules 11–13, 16–17, 29 and 32."""

from __future__ import annotations

from collections import Counter

import pytest

from kahvehane.errors import NotationError
from kahvehane.games.okey.melds import is_meld, is_pair, unmatched_sum
from kahvehane.games.okey.solver import (
    Arrangement,
    best_arrangement,
    best_finish,
    best_pairs_arrangement,
    can_finish_melds,
    can_finish_pairs,
    finish_multiplier,
)
from kahvehane.okey import solve
from kahvehane.tiles import FALSE_JOKER, okey_of, parse_tile, parse_tiles, tile_names

IND = parse_tile("R2")
OKEY = okey_of(IND)  # R3, worth 3 (rule 32's "okey worth 3")


def tiles(text: str) -> list[int]:
    return parse_tiles(text.split())


def names(a: Arrangement) -> list[list[str]]:
    return [tile_names(b) for b in a.blocks]


def check_layout(a: Arrangement, hand: list[int], okey: int) -> None:
    """The blocks hold exactly the hand; melds first and valid, then single tiles; the
    sum is what rule 29 charges for this layout."""
    assert Counter(x for b in a.blocks for x in b) == Counter(hand)
    sizes = [len(b) for b in a.blocks]
    assert sizes == sorted(sizes, key=lambda n: n == 1)
    assert all(is_meld(b, okey) for b in a.blocks if len(b) > 1)
    assert unmatched_sum(a.blocks, okey) == a.unmatched_sum


# ---------------------------------------------------------------- rule 32


def test_rule_32_without_okey() -> None:
    hand = tiles("R4 R5 R6 B9 B9 Y13 K2")
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 33  # B9 + B9 + Y13 + K2
    assert names(a)[0] == ["R4", "R5", "R6"]
    check_layout(a, hand, OKEY)


def test_rule_32_with_one_okey() -> None:
    hand = [*tiles("R4 R5 R6 B9 B9 Y13 K2"), OKEY]
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 33
    assert names(a)[0] == ["R4", "R5", "R6", "R3"]  # the okey as R7, after R6
    check_layout(a, hand, OKEY)


def test_rule_32_holds_for_any_colour_of_indicator_2() -> None:
    for ind in ("R2", "Y2", "B2", "K2"):
        okey = okey_of(parse_tile(ind))
        hand = tiles("R4 R5 R6 B9 B9 Y13 K2")
        if okey in hand:  # K2 indicator: the okey is K3, not in the hand
            continue
        assert best_arrangement(hand, okey).unmatched_sum == 33
        assert best_arrangement([*hand, okey], okey).unmatched_sum == 33


# ---------------------------------------------------------------- runs, groups, okeys


def test_twelve_thirteen_one_is_used_and_thirteen_one_two_is_not() -> None:
    okey = okey_of(parse_tile("K9"))  # K10: not in these hands
    a = best_arrangement(tiles("R12 R13 R1"), okey)
    assert a.unmatched_sum == 0 and names(a) == [["R12", "R13", "R1"]]
    a = best_arrangement(tiles("R13 R1 R2"), okey)
    assert a.unmatched_sum == 16
    # one R1, wanted by 12-13-1 and by 1-2-3: 12-13-1 leaves R2 R3 (5), 1-2-3 leaves 25
    a = best_arrangement(tiles("R12 R13 R1 R2 R3"), okey)
    assert a.unmatched_sum == 5 and names(a)[0] == ["R12", "R13", "R1"]


def test_okey_fills_the_gap_where_it_stands() -> None:
    hand = [*tiles("R4 R5 R7"), OKEY]
    a = best_arrangement(hand, OKEY)
    assert names(a) == [["R4", "R5", "R3", "R7"]]  # R3 is the okey, standing for R6


def test_okey_at_its_colour_in_a_group() -> None:
    hand = [*tiles("R9 B9"), OKEY]
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 0
    assert names(a) == [["R9", "R3", "B9"]]  # colour order R Y B K: the okey as Y9


def test_false_joker_is_an_ordinary_okey_tile() -> None:
    a = best_arrangement([*tiles("R2 R4"), FALSE_JOKER], OKEY)
    assert a.unmatched_sum == 0 and names(a) == [["R2", "J", "R4"]]
    a = best_arrangement([*tiles("R5 R7"), FALSE_JOKER], OKEY)  # J cannot be R6
    assert a.unmatched_sum == 5 + 7 + 3


def test_single_okey_and_false_joker_count_the_okey_number() -> None:
    a = best_arrangement([parse_tile("K9"), OKEY], OKEY)
    assert a.unmatched_sum == 9 + 3
    a = best_arrangement([parse_tile("K9"), FALSE_JOKER], OKEY)
    assert a.unmatched_sum == 9 + 3
    okey13 = okey_of(parse_tile("Y12"))  # Y13
    assert best_arrangement([okey13], okey13).unmatched_sum == 13


def test_two_okeys_make_a_meld_of_one_tile() -> None:
    a = best_arrangement([parse_tile("K13"), OKEY, OKEY], OKEY)
    assert a.unmatched_sum == 0
    check_layout(a, [parse_tile("K13"), OKEY, OKEY], OKEY)


def test_spare_okeys_join_melds() -> None:
    hand = [*tiles("R7 Y7 B7 K7 B1 B2 B3"), OKEY, OKEY]
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 0
    check_layout(a, hand, OKEY)


def test_an_okey_no_meld_can_take_stays_single() -> None:
    # a group of four has no room: the okey stays single (3), which beats giving up K7
    hand = [*tiles("R7 Y7 B7 K7"), OKEY]
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 3 and names(a) == [["R7", "Y7", "B7", "K7"], ["R3"]]
    # a run of 13 has no room either, but it can be split around the okey
    hand = [*tiles("Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10 Y11 Y12 Y13"), OKEY]
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 0
    check_layout(a, hand, OKEY)


def test_duplicates_make_two_melds() -> None:
    hand = tiles("R1 R1 R2 R2 R3 R3 Y5 Y5 B5 B5 K5 K5")
    a = best_arrangement(hand, OKEY)
    assert a.unmatched_sum == 0 and len(a.blocks) == 4
    check_layout(a, hand, OKEY)


def test_any_number_of_tiles() -> None:
    assert best_arrangement([], OKEY) == Arrangement((), 0)
    assert best_arrangement([parse_tile("B4")], OKEY).unmatched_sum == 4


def test_impossible_racks_are_rejected() -> None:
    with pytest.raises(ValueError, match="more than twice"):
        best_arrangement(tiles("R5 R5 R5"), OKEY)
    with pytest.raises(ValueError, match="tile code"):
        best_arrangement([53], OKEY)
    with pytest.raises(ValueError, match="okey"):
        best_arrangement([OKEY, OKEY, OKEY], OKEY)
    with pytest.raises(ValueError, match="okey"):
        best_arrangement([1], FALSE_JOKER)


# ---------------------------------------------------------------- rules 16–17: finishing

MELDS_14 = "R4 R5 R6 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R7"  # no R3: the okey is not in it
FINISH_15 = "R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4 K1"  # okey Y10: K1 goes out


def test_can_finish_melds() -> None:
    assert can_finish_melds(tiles(MELDS_14), OKEY)
    assert not can_finish_melds(tiles(MELDS_14)[:13], OKEY)  # 14 tiles needed
    assert not can_finish_melds(tiles(MELDS_14.replace("R7", "R9")), OKEY)


def test_can_finish_pairs() -> None:
    hand = [*tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2"), OKEY]
    assert can_finish_pairs(hand, OKEY, IND)  # the okey pairs with B2
    assert not can_finish_melds(hand, OKEY)
    # the indicator tile never pairs, not even with an okey
    with_ind = [*tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 R2"), OKEY]
    assert not can_finish_pairs(with_ind, OKEY, IND)


def test_finish_multipliers() -> None:
    plain = tiles(MELDS_14) + tiles("K13")
    assert finish_multiplier(plain, parse_tile("K13"), IND) == 1
    assert finish_multiplier(plain, parse_tile("R4"), IND) is None  # rejected: no melds
    okey_out = [*tiles(MELDS_14), OKEY]
    assert finish_multiplier(okey_out, OKEY, IND) == 2  # okey finish
    joker_out = [*tiles(MELDS_14), FALSE_JOKER]
    assert finish_multiplier(joker_out, FALSE_JOKER, IND) == 1  # a false joker is no okey
    pairs = tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2 K4")
    assert finish_multiplier(pairs, parse_tile("K4"), IND) == 2  # çift
    pairs_okey = [*tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2"), OKEY]
    assert finish_multiplier(pairs_okey, OKEY, IND) == 4  # çift + okey
    with pytest.raises(ValueError):
        finish_multiplier(plain, parse_tile("Y9"), IND)  # not in the hand


def test_cift_reading_wins_when_both_hold() -> None:
    ind = parse_tile("K11")
    okey = okey_of(ind)  # K12
    both = [*tiles("R1 R1 R2 R2 R3 R3 Y5 Y5 B5 B5 K5 K5"), okey, okey]
    assert can_finish_melds(both, okey) and can_finish_pairs(both, okey, ind)
    assert finish_multiplier([*both, parse_tile("K13")], parse_tile("K13"), ind) == 2


def test_best_finish_takes_the_highest_multiplier() -> None:
    hand = [*tiles(MELDS_14), OKEY]
    out, m, a = best_finish(hand, IND)  # type: ignore[misc]
    assert (out, m) == (OKEY, 2)  # the okey on the indicator beats melding it
    assert a.unmatched_sum == 0 and all(is_meld(b, OKEY) for b in a.blocks)
    pairs_okey = [*tiles("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2"), OKEY]
    out, m, a = best_finish(pairs_okey, IND)  # type: ignore[misc]
    assert (out, m) == (OKEY, 4)
    assert all(len(b) == 2 and is_pair(*b, OKEY, IND) for b in a.blocks)
    assert best_finish(tiles("R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B3"), IND) is None


def test_finish_with_plain_tile() -> None:
    hand = tiles(FINISH_15)
    out, m, a = best_finish(hand, parse_tile("Y9"))  # type: ignore[misc]
    assert (tile_names([out]), m) == (["K1"], 1)
    check_layout(a, hand[:-1], okey_of(parse_tile("Y9")))


# ---------------------------------------------------------------- çift diz


def test_best_pairs_arrangement() -> None:
    hand = [*tiles("R5 R5 B9 K13 R2 J J"), OKEY]
    a = best_pairs_arrangement(hand, OKEY, IND)
    assert names(a)[:3] == [["R5", "R5"], ["K13", "R3"], ["J", "J"]]
    # the okey pairs with the most valuable single; the indicator R2 never pairs
    assert sorted(names(a)[3:]) == [["B9"], ["R2"]]
    assert a.unmatched_sum == 9 + 2
    assert Counter(x for b in a.blocks for x in b) == Counter(hand)


def test_pairs_keep_an_odd_okey_or_a_cheaper_single() -> None:
    # two okeys and one single: either okey+single and an okey left, or okey+okey and
    # the single left; both are 1 pair, the cheaper leftover wins
    hand = [parse_tile("K1"), OKEY, OKEY]
    a = best_pairs_arrangement(hand, OKEY, IND)
    assert a.unmatched_sum == 1 and names(a) == [["R3", "R3"], ["K1"]]
    hand = [parse_tile("K13"), OKEY, OKEY]
    assert best_pairs_arrangement(hand, OKEY, IND).unmatched_sum == 3


# ---------------------------------------------------------------- the facade


def test_solve_facade_rule_32() -> None:
    s = solve("R4 R5 R6 B9 B9 Y13 K2 R3", "R2")
    assert s.okey == "R3" and s.indicator == "R2"
    assert s.arrangement.unmatched_sum == 33
    assert s.blocks()[0] == ["R4", "R5", "R6", "R3"]
    assert s.finish is None
    assert s.pair_count == 2  # B9 B9 and Y13 with the okey


def test_solve_accepts_codes_and_a_string() -> None:
    a = solve(tiles(FINISH_15), parse_tile("Y9"))
    b = solve(FINISH_15, "Y9")
    assert a == b
    assert a.finish is not None and a.finish.tile == "K1" and a.finish.kind == "plain"


def test_solve_finish_kinds() -> None:
    s = solve("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2 R3", "R2")
    assert s.finish is not None and (s.finish.kind, s.finish.multiplier) == ("çift+okey", 4)
    s = solve("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2 K4", "R2")
    assert s.finish is not None and (s.finish.tile, s.finish.kind) == ("K4", "çift")
    s = solve(MELDS_14 + " R3", "R2")
    assert s.finish is not None and (s.finish.tile, s.finish.kind) == ("R3", "okey")


def test_solve_json() -> None:
    j = solve(FINISH_15, "Y9").to_json()
    assert j["okey"] == "Y10" and j["can_finish"] is True
    assert j["finish"]["tile"] == "K1" and j["finish"]["multiplier"] == 1
    assert j["arrangement"]["unmatched_sum"] == 0
    assert sum(len(b) for b in j["arrangement"]["blocks"]) == 15
    assert j["pairs"]["pairs"] == 0 and j["pairs"]["unmatched_sum"] == sum(
        parse_tile(x) % 13 + 1 for x in j["tiles"]
    )


@pytest.mark.parametrize(
    ("tiles_", "indicator", "error", "match"),
    [
        ("R1 R2 X3", "R5", NotationError, "X3"),
        ("R1 R1 R1", "R5", ValueError, "three|3 times"),
        ("R5 R5", "R5", ValueError, "indicator"),
        ("R1", "J", ValueError, "false joker"),
        (" ".join(["R1", "R1", "R2", "R2", "R3", "R3", "R4", "R4"] * 2), "K1", ValueError, "15"),
        ("J J J", "R5", ValueError, "J appears 3 times"),
        ("R1 R2", 99, ValueError, "99"),
    ],
)
def test_solve_rejects_impossible_racks(
    tiles_: str, indicator: str | int, error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        solve(tiles_, indicator)


def test_solve_rejects_more_than_fifteen_tiles() -> None:
    hand = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 Y1 Y2 Y3"
    with pytest.raises(ValueError, match="at most 15"):
        solve(hand, "K1")
