"""Rules 4–8: the tile set, the indicator and okey, dealing, the starter rotation."""

from __future__ import annotations

from collections import Counter

import pytest

from kahvehane.errors import MalformedSetup, NotationError
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.rules import DUZ_OKEY, KDV_OKEY
from kahvehane.match import Match
from kahvehane.records import ReplayError, replay
from kahvehane.tiles import (
    FALSE_JOKER,
    full_set,
    okey_of,
    parse_tile,
    tile_name,
)


def test_rule4_set_is_106_tiles_each_twice_plus_two_false_jokers() -> None:
    s = full_set()
    assert len(s) == 106
    counts = Counter(s)
    assert all(counts[t] == 2 for t in range(52))
    assert counts[FALSE_JOKER] == 2


@pytest.mark.parametrize(
    ("indicator", "okey"),
    [("B13", "B1"), ("R2", "R3"), ("K12", "K13"), ("Y1", "Y2"), ("R13", "R1")],
)
def test_rule6_okey_is_next_number_of_indicator_colour_with_13_to_1(
    indicator: str, okey: str
) -> None:
    assert tile_name(okey_of(parse_tile(indicator))) == okey


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("R14", "'R14' is not a tile: numbers are 1–13"),
        ("R0", "numbers are 1–13"),
        ("G5", r"colours are R \(red\), Y \(yellow\), B \(blue\), K \(black\)"),
        ("", "is not a tile"),
        ("7R", "colours are"),
    ],
)
def test_bad_tile_names_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_tile(text)


def test_tile_notation_round_trips_and_accepts_lower_case() -> None:
    for t in range(53):
        assert parse_tile(tile_name(t)) == t
        assert parse_tile(tile_name(t).lower()) == t


def test_rule5_indicator_is_the_first_tile_that_is_not_a_false_joker() -> None:
    order = [FALSE_JOKER, FALSE_JOKER] + list(range(52)) * 2
    setup = DUZ_OKEY.setup_from_order({"deals": 5, "pairs": False}, order, 0, [])
    assert setup["indicator"] == "R1"
    # the two false jokers stay in the deal: they open the starter's hand
    assert setup["hands"][0][:2] == ["J", "J"]
    assert sum(h.count("R1") for h in setup["hands"]) + setup["pile"].count("R1") == 1


def test_rule5_false_joker_indicator_is_a_malformed_setup() -> None:
    setup = fixed_setup(indicator="R2")
    setup["indicator"] = "J"
    # make the set exact again: the R2 freed goes where a J was
    for h in setup["hands"]:
        if "J" in h:
            h[h.index("J")] = "R2"
            break
    else:
        setup["pile"][setup["pile"].index("J")] = "R2"
    with pytest.raises(MalformedSetup, match="never the false joker"):
        DUZ_OKEY.new_deal({"deals": 5, "pairs": False}, setup, [])


def test_rule7_deal_sizes_15_14_14_14_and_pile_48() -> None:
    m = Match("kdv_okey", seed="rule7")
    d = m.deal()
    sizes = [len(d.hand(s)) for s in range(4)]
    assert sizes[d.starter] == 15
    assert sorted(sizes) == [14, 14, 14, 15]
    assert d.pile_left == 48


def test_rule7_wrong_hand_size_is_rejected() -> None:
    setup = fixed_setup(starter=1)
    setup["pile"].append(setup["hands"][1].pop())
    with pytest.raises(MalformedSetup, match=r"hands\[1\] must hold 15, not 14"):
        DUZ_OKEY.new_deal({"deals": 5, "pairs": False}, setup, [])


def test_setup_must_be_exactly_the_106_tiles() -> None:
    setup = fixed_setup()
    setup["pile"][0] = "R7" if setup["pile"][0] != "R7" else "R8"
    with pytest.raises(MalformedSetup, match="not exactly the 106 Okey tiles: too many"):
        KDV_OKEY.new_deal({"deals": 5, "pairs": False}, setup, [])


def test_rule8_starter_rotates_in_play_order_and_stays_after_a_void_deal() -> None:
    from kahvehane.games.base import DealResult

    opts = DUZ_OKEY.parse_options({})
    assert DUZ_OKEY.next_first_seat(opts, []) is None
    finished = DealResult((0, 0, 0, 0), "finish", {"finisher": 0}, 3)
    assert DUZ_OKEY.next_first_seat(opts, [finished]) == 0
    void = DealResult((0, 0, 0, 0), "void", {"finisher": None}, 2)
    assert DUZ_OKEY.next_first_seat(opts, [void]) == 2


def test_rule8_a_record_that_breaks_the_rotation_is_malformed() -> None:
    first = fixed_setup(starter=0, hands={0: ["R1", "R2", "R3", "R4", "Y7", "Y8", "Y9", "B10",
                                              "B11", "B12", "K1", "K2", "K3", "K4", "Y13"]},
                        indicator="K5")
    second = fixed_setup(starter=2)
    rec = {
        "game": "duz_okey",
        "options": {"deals": 3},
        "deals": [
            {"setup": first, "actions": [{"seat": 0, "act": "finish", "tile": "Y13"}]},
            {"setup": second, "actions": []},
        ],
    }
    with pytest.raises(ReplayError) as info:
        replay(rec)
    assert info.value.deal == 1 and info.value.action_index is None
    assert "rotation gives seat 1" in str(info.value)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 4}, "3, 5, 7, 9 or 11"),
        ({"deals": True}, "3, 5, 7, 9 or 11"),
        ({"pairs": "yes"}, "true or false"),
        ({"speed": 1}, "unknown option"),
    ],
)
def test_rule3_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ReplayError, match=message):
        replay({"game": "duz_okey", "options": options, "deals": []})


def test_rule3_defaults_are_five_deals_individual_play() -> None:
    assert DUZ_OKEY.parse_options(None) == {"deals": 5, "pairs": False}
