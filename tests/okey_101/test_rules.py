"""The rules of docs/rules/okey_101.md that the test vectors leave untested, one test
each (named by rule number): each fails if its rule is broken."""

from __future__ import annotations

from kahvehane.games.base import DealResult
from kahvehane.games.okey_101.rules import OKEY_101
from kahvehane.match import Match
from kahvehane.tiles import FALSE_JOKER, full_set, parse_tile, tile_names
from tests.okey_101.helpers import act, make, put, refused, ts


def test_101_1_a_false_joker_is_redrawn_as_indicator_and_is_not_wild() -> None:
    order = [FALSE_JOKER, FALSE_JOKER, *full_set()[:-2]]
    setup = OKEY_101.setup_from_order(OKEY_101.parse_options({}), order, 0, [])
    assert setup["indicator"] == "R1" and setup["hands"][0][:2] == ["J", "J"]
    deal = make({0: "J B4 B5 K1"})
    assert refused(deal, 0, "open", melds=[["J", "B4", "B5"]]) == "okey101.invalid_meld"


def test_101_4_void_deals_do_not_count_and_the_lowest_total_wins() -> None:
    opts = OKEY_101.parse_options({"deals": 3})
    scored = DealResult((10, -101, 50, 202), "finish", {"finisher": 1}, 0)
    void = DealResult((0, 0, 0, 0), "void", {"finisher": None}, 1)
    assert not OKEY_101.summary(opts, [scored, void, scored]).complete
    done = OKEY_101.summary(opts, [scored, void, scored, scored])
    assert done.complete and done.winner == 1 and done.totals == (30, -303, 150, 606)


def test_101_8_taking_from_the_left_does_not_shorten_the_pile() -> None:
    deal = make({1: "K11 K12 K1 K2"}, turn=1, phase="draw")
    put(deal, 2, "K3 K4 K5")
    deal.opened[1] = "melds"
    deal.discards[0] = ts("K13")
    left = deal.pile_left
    act(deal, 1, "draw", **{"from": "left"})
    assert deal.pile_left == left and deal.discards[0] == []


def test_101_10_only_the_next_seat_takes_a_discard() -> None:
    deal = make({0: "B7 K1", 2: "B5 B6 K2"}, turn=0)
    act(deal, 0, "discard", tile="B7")
    assert deal.discards[0] == ts("B7")
    deal.turn, deal.phase = 2, "draw"
    deal.opened[2] = "melds"
    assert refused(deal, 2, "draw", **{"from": "left"}) == "okey.no_left_discard"


def test_101_15_table_indices_follow_the_order_laid() -> None:
    deal = make({0: "R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 K1 K2 K3 Y1"})
    act(deal, 0, "open", melds=[["K13", "Y13", "B13"], ["R10", "R11", "R12"],
                                ["B7", "B8", "B9"], ["Y5", "R5", "K5"]])
    act(deal, 0, "lay", melds=[["K1", "K2", "K3"]])
    assert [m.names(deal.okey)[0] for m in deal.table] == ["Y13", "R10", "B7", "R5", "K1"]
    assert [e["index"] for e in deal.view(None)["table"]] == [0, 1, 2, 3, 4]


def test_101_17_and_101_19_lay_offs_never_count_toward_the_opening_and_later_melds_may_be_small(
) -> None:
    deal = make({0: "R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 K1 K2 K3 Y1 B6"})
    put(deal, 1, "B10 B11 B12")
    three = [["R10", "R11", "R12"], ["K13", "Y13", "B13"], ["B7", "B8", "B9"]]
    assert refused(deal, 0, "layoff", meld=0, tile="B13") == "okey101.not_opened"
    act(deal, 0, "open", melds=[*three, ["Y5", "R5", "K5"]])
    act(deal, 0, "layoff", meld=3, tile="B6")  # the opening turn allows lay-offs
    act(deal, 0, "lay", melds=[["K1", "K2", "K3"]])


def test_101_22_a_player_opens_once() -> None:
    deal = make({0: "B4 B4 Y9 Y9 K1 K1 Y6 Y6 B8 B8 K11 K11 Y2 Y2 B1 B1 R5"})
    five = [["B4", "B4"], ["Y9", "Y9"], ["K1", "K1"], ["Y6", "Y6"], ["B8", "B8"]]
    act(deal, 0, "open_pairs", pairs=five)
    assert refused(deal, 0, "open_pairs", pairs=[["K11", "K11"], ["Y2", "Y2"], ["B1", "B1"],
                                                  ["K11", "K11"], ["Y2", "Y2"]]) == \
        "okey101.already_opened"


def test_101_24_lay_offs_no_wrap_a_full_group_and_okeys_say_what_they_are() -> None:
    deal = make({1: "K1 Y7 R3 B9 B10"}, turn=1)
    put(deal, 0, "K11 K12 K13", "R7 B7 K7 Y7", "B7 B8 *B9")
    deal.opened[1] = "melds"
    assert refused(deal, 1, "layoff", meld=0, tile="K1") == "okey101.does_not_fit"
    assert refused(deal, 1, "layoff", meld=1, tile="Y7") == "okey101.does_not_fit"
    assert refused(deal, 1, "layoff", meld=0, tile="R3") == "okey101.plain_okey"
    act(deal, 1, "layoff", meld=0, tile="*K10")
    act(deal, 1, "layoff", meld=2, tile="B10")
    assert deal.table[2].names(deal.okey) == ["B7", "B8", "*B9", "B10"]


def test_101_25_a_melds_openers_pairs_make_no_pairs_opener() -> None:
    deal = make({0: "K4 K4 Y5 Y1"}, katlamali=True)
    deal.opened[0], deal.opening_values[0] = "melds", 120
    deal.opened[2], deal.opening_values[2] = "pairs", 5
    put(deal, 2, "B1 B1")
    act(deal, 0, "lay_pairs", pairs=[["K4", "K4"]])
    assert deal.opened[0] == "melds" and deal.pairs_needed() == 6
    assert refused(deal, 0, "layoff", meld=0, tile="Y5") == "okey101.pair_no_layoff"


def test_101_26_end_limit() -> None:
    deal = make({1: "K4 K5 K6 R1"}, turn=1, end_limit=2)
    put(deal, 0, "K1 K2 K3")
    deal.opened[1] = "melds"
    act(deal, 1, "layoff", meld=0, tile="K4")
    act(deal, 1, "layoff", meld=0, tile="K5")
    assert refused(deal, 1, "layoff", meld=0, tile="K6") == "okey101.end_limit"


def test_101_28_an_unopened_player_cannot_finish() -> None:
    deal = make({0: "K4"})
    assert refused(deal, 0, "finish", tile="K4") == "okey101.cannot_finish"


def test_101_31_a_pairs_opener_finishes_at_double() -> None:
    deal = make({0: "K4 K4 K1"}, turn=0)
    deal.opened[0] = "pairs"
    act(deal, 0, "lay_pairs", pairs=[["K4", "K4"]])
    act(deal, 0, "finish", tile="K1")
    assert deal.flags == {"okey": False, "pairs": True, "elden": False}
    assert deal.multiplier == 2


def test_101_36_and_101_37_partners_open_for_themselves_and_lay_off_on_each_other() -> None:
    deal = make({2: "K4 K1 Y2"}, turn=2, pairs=True)
    deal.opened[0] = "melds"
    put(deal, 0, "K1 K2 K3")
    assert refused(deal, 2, "layoff", meld=0, tile="K4") == "okey101.not_opened"
    deal.opened[2] = "melds"
    act(deal, 2, "layoff", meld=0, tile="K4")


def test_101_38_a_view_shows_its_own_rack_and_the_public_table_only() -> None:
    m = Match("okey_101", {"deals": 3}, seed=3)
    deal = m.deal()
    for seat in range(4):
        view = deal.view(seat)
        assert sorted(t for b in view["rack"] for t in b) == sorted(tile_names(deal.hand(seat)))
        assert view["rack_sizes"] == [len(deal.hand(s)) for s in range(4)]
    assert "rack" not in deal.view(None)


def test_101_40_the_layout_has_no_rule_effect_and_at_picks_the_copy() -> None:
    deal = make({1: "B7 Y1 Y1 K1"}, turn=1)
    deal.opened[1] = "melds"
    put(deal, 0, "Y2 Y3 Y4", "B4 B5 B6")
    act(deal, 1, "arrange", rack=[["Y1", "K1"], ["Y1", "B7"]])
    assert [a.act for a in deal.legal_actions(1)].count("layoff") == 2
    act(deal, 1, "layoff", meld=0, tile="Y1")  # the default copy: the last block's
    assert deal.racks[1] == [(parse_tile("Y1"), parse_tile("K1")), (parse_tile("B7"),)]
    swap = make({1: "Y2 K1 K2"}, turn=1)
    swap.opened[1] = "melds"
    put(swap, 0, "Y1 *Y2 Y3")
    act(swap, 1, "arrange", rack=[["K1", "Y2", "K2"]])
    act(swap, 1, "swap", meld=0, tile="Y2")
    assert swap.racks[1] == [(parse_tile("K1"),), (parse_tile("K2"),), (parse_tile("R3"),)]
    pick = make({1: "K9 K9 K1"}, turn=1)
    act(pick, 1, "arrange", rack=[["K9", "K1"], ["K9"]])
    act(pick, 1, "discard", tile="K9", at=[0, 0])
    assert pick.racks[1] == [(parse_tile("K1"),), (parse_tile("K9"),)]
