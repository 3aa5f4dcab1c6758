"""The test vectors T-101-1 … T-101-21 of docs/rules/okey_101.md, one test (or more)
each. Unless a test says otherwise: default options, indicator R2 so the okey is R3."""

from __future__ import annotations

import pytest

from kahvehane.games.base import DealResult
from kahvehane.games.okey_101.melds import kind_of, parse_meld_tile, resolve, value
from kahvehane.games.okey_101.rules import OKEY_101, pot_after
from kahvehane.games.okey_101.scoring import score_deal
from kahvehane.match import Match
from kahvehane.tiles import full_set, parse_tile
from tests.okey_101.helpers import act, make, put, refused, ts

OKEY, IND = parse_tile("R3"), parse_tile("R2")


def meld(text: str) -> list[tuple[int, int]]:
    return resolve([parse_meld_tile(x) for x in text.split()], OKEY)


def test_t1_deal_sizes_first_action_and_rotation() -> None:
    m = Match("okey_101", {"deals": 3}, seed=11)
    deal = m.deal(m.rules.setup_from_order(m.options, full_set(), 0, []))
    assert [len(deal.hand(s)) for s in range(4)] == [22, 21, 21, 21]
    assert deal.pile_left == 20
    every = sorted([deal.indicator, *deal.pile, *(t for s in range(4) for t in deal.hand(s))])
    assert every == full_set()
    assert not any(a.act == "draw" for a in deal.legal_actions(0))
    assert refused(deal, 0, "draw", **{"from": "pile"}) == "okey.already_drawn"
    done = DealResult((0, 0, 0, 0), "pile", {}, 0)
    assert OKEY_101.next_first_seat(m.options, [done]) == 1
    void = DealResult((0, 0, 0, 0), "void", {}, 1)
    assert OKEY_101.next_first_seat(m.options, [done, void]) == 1


@pytest.mark.parametrize(("text", "points"), [
    ("R1 R2 J", 6), ("R1 R2 *R3", 6), ("Y11 Y12 Y13", 36), ("K7 R7 B7 Y7", 28),
    (" ".join(f"B{n}" for n in range(1, 14)), 91), ("J R4 R5", 12)])
def test_t2_valid_melds_and_values(text: str, points: int) -> None:
    slots = meld(text)
    assert kind_of(slots, IND) in ("run", "group") and value(slots) == points


@pytest.mark.parametrize("text", ["Y12 Y13 Y1", "Y13 Y1 Y2", "R7 R7 B7", "R5 R6", "J B4 B5"])
def test_t2_invalid_melds(text: str) -> None:
    assert kind_of(meld(text), IND) is None


def test_t2_a_plain_okey_in_a_meld_is_refused() -> None:
    deal = make({0: "R1 R2 R3 K1 K2"})
    assert refused(deal, 0, "open", melds=[["R1", "R2", "R3"]]) == "okey101.plain_okey"


def test_t3_okey_values_and_two_okeys() -> None:
    assert value(meld("B5 B6 *B7")) == 18 and value(meld("*B4 B5 B6")) == 15
    assert value(meld("K9 Y9 *R9")) == 27 and value(meld("*B5 *B6 B7")) == 18
    deal = make({0: "R3 B7 K1 K2"})
    deal.opened[0] = "melds"
    assert refused(deal, 0, "lay", melds=[["*B5", "*B6", "B7"]]) == "okey101.not_in_hand"
    deal = make({0: "R3 R3 B7 K1"})
    deal.opened[0] = "melds"
    act(deal, 0, "lay", melds=[["*B5", "*B6", "B7"]])
    assert deal.hand(0) == ts("K1")


FOUR = "R10 R11 R12 K13 Y13 B13 B7 B8 B9 Y5 R5 K5 K1 K2 K3 B1 B2 Y7 Y9 K9 R7"


def test_t4_open_threshold() -> None:
    deal = make({0: FOUR})
    three = [["R10", "R11", "R12"], ["K13", "Y13", "B13"], ["B7", "B8", "B9"]]
    assert refused(deal, 0, "open", melds=three) == "okey101.below_threshold"
    act(deal, 0, "open", melds=[*three, ["Y5", "R5", "K5"]])
    assert deal.opened[0] == "melds" and deal.opening_values[0] == 111
    act(deal, 0, "lay", melds=[["K1", "K2", "K3"]])
    other = make({1: "K1 K2 K3 B4 B5 Y9"}, turn=1)
    put(other, 0, "B1 B2 B3", "R9 K9 *Y9")
    assert refused(other, 1, "lay", melds=[["K1", "K2", "K3"]]) == "okey101.not_opened"
    assert refused(other, 1, "layoff", meld=0, tile="B4") == "okey101.not_opened"
    assert refused(other, 1, "swap", meld=1, tile="Y9") == "okey101.not_opened"


def test_t5_katlamali_thresholds() -> None:
    deal = make({0: "Y1", 1: "Y1", 2: "Y1", 3: "Y1"}, katlamali=True)
    deal.opened[0], deal.opening_values[0] = "melds", 111
    assert deal.threshold(1) == 112
    deal.opened[1], deal.opening_values[1] = "melds", 112
    assert deal.threshold(2) == 113
    deal.opened[2], deal.opening_values[2] = "pairs", 5
    assert deal.pairs_needed(3) == 6 and deal.threshold(3) == 113
    hand = "B4 B4 Y9 Y9 K1 K1 Y6 Y6 B8 B8 K11 K11 Y2"
    d = make({3: hand}, turn=3, katlamali=True)
    d.opened[2], d.opening_values[2] = "pairs", 5
    five = [["B4", "B4"], ["Y9", "Y9"], ["K1", "K1"], ["Y6", "Y6"], ["B8", "B8"]]
    assert refused(d, 3, "open_pairs", pairs=five) == "okey101.too_few_pairs"
    act(d, 3, "open_pairs", pairs=[*five, ["K11", "K11"]])
    p = make({}, katlamali=True, pairs=True, katlamali_partner=False)
    p.opened[0], p.opening_values[0] = "melds", 111
    assert p.threshold(2) == 101 and p.threshold(1) == 112


def test_t6_pairs_opening() -> None:
    hand = "B4 B4 Y9 R3 K1 K1 J R3 Y6 Y6 B7"
    deal = make({0: hand})
    pairs = [["B4", "B4"], ["Y9", "*Y9"], ["K1", "K1"], ["J", "*R3"], ["Y6", "Y6"]]
    act(deal, 0, "open_pairs", pairs=pairs)
    assert deal.opened[0] == "pairs" and deal.opening_values[0] == 5
    d = make({0: "R2 R3 B4 B4 Y9 Y9 K1 K1 Y6 Y6 B7"})
    with_ind = [["R2", "*R2"], ["B4", "B4"], ["Y9", "Y9"], ["K1", "K1"], ["Y6", "Y6"]]
    assert refused(d, 0, "open_pairs", pairs=with_ind) == "okey101.invalid_pair"
    assert refused(d, 0, "open_pairs", pairs=with_ind[1:]) == "okey101.too_few_pairs"
    later = make({0: "B1 B2 B3 K4 K4 Y5"})
    later.opened[0] = "pairs"
    assert refused(later, 0, "lay", melds=[["B1", "B2", "B3"]]) == "okey101.pairs_opener_no_lay"
    act(later, 0, "lay_pairs", pairs=[["K4", "K4"]])
    m = make({0: "K4 K4 Y5"})
    m.opened[0] = "melds"
    assert refused(m, 0, "lay_pairs", pairs=[["K4", "K4"]]) == "okey101.no_pairs_opener"
    m.opened[2] = "pairs"
    act(m, 0, "lay_pairs", pairs=[["K4", "K4"]])


@pytest.mark.parametrize(("tile", "points", "kind"), [
    ("B7", 101, "islek"), ("B3", 101, "islek"), ("B8", 0, None), ("B9", 101, "islek"),
    ("R9", 0, None), ("K9", 0, None), ("Y2", 101, "islek"), ("Y4", 101, "islek"),
    ("R3", 101, "okey_discard"), ("J", 0, None)])
@pytest.mark.parametrize("opened", [True, False])
def test_t7_islek(tile: str, points: int, kind: str | None, opened: bool) -> None:
    deal = make({1: f"{tile} K12 K11"}, turn=1)
    put(deal, 0, "B4 B5 B6", "R9 K9 Y9", "Y1 *Y2 Y3")
    if opened:
        deal.opened[1] = "melds"
    act(deal, 1, "discard", tile=tile)
    got = deal.penalties[1]
    assert sum(p["points"] for p in got) == points
    assert [p["kind"] for p in got] == ([kind] if kind else [])


def test_t7_finish_and_empty_table() -> None:
    deal = make({1: "B7"}, turn=1)
    put(deal, 0, "B4 B5 B6")
    deal.opened[1] = "melds"
    act(deal, 1, "finish", tile="B7")
    assert deal.penalties[1] == []
    empty = make({1: "B7 K1"}, turn=1)
    act(empty, 1, "discard", tile="B7")
    assert empty.penalties[1] == []


SEAT1 = "R13 Y13 B10 B11 B12 R7 R8 R9 R10 Y1 K4 B5"


def _take_deal(hand: str = SEAT1, **options: object) -> object:
    deal = make({1: hand}, turn=1, phase="draw", **options)
    deal.discards[0] = ts("K13")
    return deal


def test_t8_take_from_the_left() -> None:
    deal = _take_deal()
    assert any(a.act == "draw" and a.source == "left" for a in deal.legal_actions(1))
    act(deal, 1, "draw", **{"from": "left"})
    assert refused(deal, 1, "discard", tile="Y1") == "okey101.take_unused"
    assert refused(deal, 1, "finish", tile="Y1") == "okey101.take_unused"
    opening = [["R13", "Y13", "K13"], ["B10", "B11", "B12"], ["R7", "R8", "R9", "R10"]]
    assert refused(deal, 1, "open", melds=opening[1:]) == "okey101.open_without_take"
    act(deal, 1, "open", melds=opening)
    act(deal, 1, "discard", tile="Y1")
    twin = _take_deal(SEAT1 + " K13")
    act(twin, 1, "draw", **{"from": "left"})
    act(twin, 1, "open", melds=opening)
    act(twin, 1, "discard", tile="Y1")
    short = _take_deal("R13 Y13 B10 B11 B12 Y1 K4")
    assert not any(a.act == "draw" and a.source == "left" for a in short.legal_actions(1))
    assert refused(short, 1, "draw", **{"from": "left"}) == "okey101.take_unusable"


@pytest.mark.parametrize("penalty", [0, 101])
def test_t8_return(penalty: int) -> None:
    deal = _take_deal(take_return_penalty=penalty)
    act(deal, 1, "draw", **{"from": "left"})
    act(deal, 1, "return")
    assert deal.discards[0] == ts("K13")
    assert refused(deal, 1, "discard", tile="Y1") == "okey101.draw_pile_after_return"
    assert [a.act for a in deal.legal_actions(1)] == ["draw"]
    act(deal, 1, "draw", **{"from": "pile"})
    assert deal.penalty_total()[1] == penalty
    late = _take_deal()
    act(late, 1, "draw", **{"from": "left"})
    act(late, 1, "arrange", rack=[[n] for n in (SEAT1 + " K13").split()])
    act(late, 1, "open", melds=[["R13", "Y13", "K13"], ["B10", "B11", "B12"],
                                ["R7", "R8", "R9", "R10"]])
    assert refused(late, 1, "return") == "okey101.return_not_now"


def test_t9_keep_a_tile() -> None:
    deal = make({1: "B7 B8"}, turn=1)
    put(deal, 0, "B4 B5 B6")
    deal.opened[1] = "melds"
    act(deal, 1, "layoff", meld=0, tile="B7")
    assert refused(deal, 1, "layoff", meld=0, tile="B8") == "okey101.empties_hand"
    assert refused(deal, 1, "discard", tile="B8") == "okey101.last_tile_finishes"
    act(deal, 1, "finish", tile="B8")
    assert deal.penalties[1] == [] and deal.end == "finish"


@pytest.mark.parametrize("limit", [2, None])
def test_t10_pairs_opener_limit(limit: int | None) -> None:
    deal = make({2: "B7 B8 B9 Y2 K1"}, turn=2, pairs_layoff_limit=limit)
    put(deal, 0, "B4 B5 B6", "Y1 *Y2 Y3")
    deal.opened[2] = "pairs"
    act(deal, 2, "layoff", meld=0, tile="B7")
    act(deal, 2, "layoff", meld=0, tile="B8")
    if limit == 2:
        assert refused(deal, 2, "layoff", meld=0, tile="B9") == "okey101.layoff_limit"
        assert refused(deal, 2, "swap", meld=1, tile="Y2") == "okey101.layoff_limit"
        act(deal, 2, "discard", tile="K1")
        deal.turn, deal.phase = 2, "play"  # seat 2's next turn
        act(deal, 2, "layoff", meld=0, tile="B9")
    else:
        act(deal, 2, "layoff", meld=0, tile="B9")
        act(deal, 2, "swap", meld=1, tile="Y2")


def test_t11_swap() -> None:
    deal = make({1: "Y2 K5 K6"}, turn=1)
    put(deal, 0, "B1 B2 B3", "K1 K2 K3", "Y1 *Y2 Y3")
    deal.opened[1] = "melds"
    act(deal, 1, "swap", meld=2, tile="Y2")
    assert deal.table[2].names(deal.okey) == ["Y1", "Y2", "Y3"]
    assert sorted(deal.hand(1)) == sorted(ts("R3 K5 K6"))
    act(deal, 1, "layoff", meld=2, tile="*Y4")
    assert deal.table[2].names(deal.okey) == ["Y1", "Y2", "Y3", "*Y4"]
    closed = make({1: "Y2 K5"}, turn=1)
    put(closed, 0, "Y1 *Y2 Y3")
    assert refused(closed, 1, "swap", meld=0, tile="Y2") == "okey101.not_opened"
    g = make({1: "K7 Y7 K1 K2"}, turn=1)
    put(g, 0, "R7 B7 *Y7")
    g.opened[1] = "melds"
    assert refused(g, 1, "layoff", meld=0, tile="Y7") == "okey101.does_not_fit"
    act(g, 1, "layoff", meld=0, tile="K7")
    assert sorted(g.table[0].names(g.okey)) == sorted(["R7", "B7", "*Y7", "K7"])
    act(g, 1, "swap", meld=0, tile="Y7")
    assert OKEY in g.hand(1)
    j = make({1: "J K1 K2"}, turn=1)
    put(j, 0, "*R3 R4 R5")
    j.opened[1] = "melds"
    act(j, 1, "swap", meld=0, tile="J")
    assert OKEY in j.hand(1)


def _score(m: int, opened0: str = "melds", held: str = "value101",
           hands: tuple[str, ...] = ("", "B5 K9", "Y4 Y6", "K1 K2"),
           pen: tuple[int, ...] = (0, 0, 0, 0)) -> list[int]:
    return score_deal(finisher=0, multiplier=m, opened=[opened0, "melds", "pairs", None],
                      hands=[ts(h) for h in hands], okey=OKEY, held_okey=held,
                      pairs_play=False, penalty_total=list(pen))["scores"]


def test_t12_scoring() -> None:
    assert _score(1) == [-101, 14, 20, 202]
    assert _score(2) == [-202, 28, 40, 404]
    assert _score(4, "pairs") == [-404, 56, 80, 808]


@pytest.mark.parametrize(("held", "m1", "m2", "pairs1"), [
    ("value101", 106, 212, 210), ("surcharge101", 106, 111, 109), ("face", 8, 16, 14)])
def test_t13_held_okey(held: str, m1: int, m2: int, pairs1: int) -> None:
    hands = ("", "B5 R3", "Y4 R3", "R3 K1")
    assert _score(1, held=held, hands=hands)[1:] == [m1, pairs1, 202]
    assert _score(2, held=held, hands=hands)[1] == m2


def test_t14_penalties_are_not_multiplied() -> None:
    assert _score(2, pen=(0, 0, 0, 101))[3] == 505
    assert _score(2, pen=(101, 0, 0, 0))[0] == -101
    deal = make({0: "R3 K1 K2"})
    deal.opened[0] = "melds"
    act(deal, 0, "discard", tile="R3")
    assert deal.penalties[0][0]["kind"] == "okey_discard"


ELDEN = "R1 R2 R3 R4 R5 R6 R7 Y1 Y2 Y3 Y4 Y5 Y6 Y7 B1 B2 B3 B4 B5 B6 B7 K1"
ELDEN_MELDS = [["R1", "R2", "*R3", "R4", "R5", "R6", "R7"],
               ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
               ["B1", "B2", "B3", "B4", "B5", "B6", "B7"]]


@pytest.mark.parametrize(("last", "scores"), [
    ("K1", [-202, 404, 404, 404]), ("R3", [-404, 808, 808, 808])])
def test_t15_elden(last: str, scores: list[int]) -> None:
    hand = ELDEN if last == "K1" else ELDEN.replace("K1", "R3")
    deal = make({0: hand})
    melds = [ELDEN_MELDS[0] if last == "K1" else ["R1", "R2", "*R3", "R4", "R5", "R6", "R7"],
             *ELDEN_MELDS[1:]]
    act(deal, 0, "open", melds=melds)
    act(deal, 0, "finish", tile=last)
    result = deal.result()
    assert result is not None and list(result.scores) == scores
    assert result.detail["flags"]["elden"] is True


@pytest.mark.parametrize("below", [True, False])
def test_t15_elden_below_threshold(below: bool) -> None:
    low = [["R1", "R2", "R3"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B3", "B4"],
           ["K1", "K2", "K3", "K4", "K5"], ["Y4", "Y5", "Y6"], ["B5", "B6", "B7"]]
    tiles = " ".join(x.replace("*", "") for m in low for x in m)
    assert sum(value(meld(" ".join(m).replace("R3", "*R3"))) for m in low) < 101
    low[0] = ["R1", "R2", "*R3"]
    one = make({0: tiles + " K9"}, elden_below_threshold=below)
    two = make({0: tiles + " K9 K11"}, elden_below_threshold=below)
    assert refused(two, 0, "open", melds=low) == "okey101.below_threshold"
    if below:
        act(one, 0, "open", melds=low)
        assert [a.act for a in one.legal_actions(0)] == ["finish"]
        assert refused(one, 0, "discard", tile="K9") == "okey101.must_finish"
    else:
        assert refused(one, 0, "open", melds=low) == "okey101.below_threshold"


@pytest.mark.parametrize(("elden", "m"), [("nobody_opened", 1), ("same_turn", 2)])
def test_t15_elden_after_another_opening(elden: str, m: int) -> None:
    deal = make({0: ELDEN}, elden=elden)
    deal.opened[2], deal.opening_values[2] = "melds", 120
    act(deal, 0, "open", melds=ELDEN_MELDS)
    act(deal, 0, "finish", tile="K1")
    assert deal.multiplier == m


def test_t16_partner_play() -> None:
    def run(opened: list[str | None], hands: list[str], pen: list[int], m: int) -> list[int]:
        return score_deal(finisher=0, multiplier=m, opened=opened,
                          hands=[ts(h) for h in hands], okey=OKEY, held_okey="value101",
                          pairs_play=True, penalty_total=pen)["scores"]
    scores = run(["melds", None, "melds", "melds"], ["", "K1", "K12 R3", "B5 K9"],
                 [0, 0, 101, 0], 1)
    assert scores == [-101, 202, 101, 14]
    assert [scores[0] + scores[2], scores[1] + scores[3]] == [0, 216]
    elden = run(["melds", None, None, None], ["", "K1", "K1", "K1"], [0, 0, 0, 0], 2)
    assert elden == [-202, 404, 0, 404]


def _pile_out(**options: object) -> object:
    deal = make({0: "R10 R10 K10", 1: "Y6 Y5 K1", 2: "K13 K13", 3: "B2 B5"}, turn=3,
                phase="draw", pile="Y1", **options)
    deal.opened[:] = ["melds", "pairs", None, "melds"]
    return deal


def test_t17_pile_out() -> None:
    deal = _pile_out()
    act(deal, 3, "draw", **{"from": "pile"})
    act(deal, 3, "discard", tile="B2")
    r = deal.result()
    assert r is not None and r.end == "pile" and r.detail["end_reason"] == "pile"
    assert list(r.scores) == [30, 24, 202, 6] and r.detail["multiplier"] == 1
    void = _pile_out(pile_out="void")
    act(void, 3, "draw", **{"from": "pile"})
    act(void, 3, "discard", tile="B2")
    rv = void.result()
    assert rv is not None and rv.end == "void" and list(rv.scores) == [0, 0, 0, 0]
    islek = _pile_out()
    put(islek, 0, "B3 B4 B5")
    act(islek, 3, "draw", **{"from": "pile"})
    act(islek, 3, "discard", tile="B2")
    r2 = islek.result()
    assert r2 is not None and r2.scores[3] == 6 + 101


@pytest.mark.parametrize("void", [True, False])
def test_t18_four_pairs(void: bool) -> None:
    deal = make({3: "B4 B4 Y9 Y9 K1 K1 Y6 Y6 B8 B8 K11"}, turn=3, four_pairs_void=void)
    deal.opened[:3] = ["pairs", "pairs", "pairs"]
    deal.penalties[0].append({"kind": "islek", "tile": "B1", "action": 0, "points": 101})
    act(deal, 3, "open_pairs", pairs=[["B4", "B4"], ["Y9", "Y9"], ["K1", "K1"],
                                      ["Y6", "Y6"], ["B8", "B8"]])
    if void:
        r = deal.result()
        assert r is not None and r.end == "void" and list(r.scores) == [0, 0, 0, 0]
        assert r.detail["end_reason"] == "four_pairs"
        assert OKEY_101.next_first_seat(OKEY_101.parse_options({}), [r]) == deal.starter
    else:
        assert not deal.is_over


def test_t19_no_gosterge() -> None:
    deal = make({0: "R2 K1 K2"})
    assert refused(deal, 0, "show_indicator") == "okey101.no_gosterge"


def test_t20_ranking() -> None:
    opts = OKEY_101.parse_options({"deals": 5})
    history = [DealResult((-303, 150, 420, 88), "finish", {"finisher": 0}, 0)] + [
        DealResult((0, 0, 0, 0), "finish", {"finisher": None}, s) for s in range(4)]
    summary = OKEY_101.summary(opts, history)
    assert summary.complete and summary.extra["ranking_points"] == [5, -2, -5, 2]


def test_t21_canak() -> None:
    opts = OKEY_101.parse_options({"canak": True, "canak_ante": 10})
    history: list[DealResult] = []

    def play(finish_tile: str | None, finisher: int = 0) -> dict[str, object]:
        deal = make({finisher: f"{finish_tile or 'K5'} K1"}, canak=True, canak_ante=10,
                    turn=finisher)
        deal.canak_before = pot_after(history)
        deal.opened[finisher] = "melds"
        if finish_tile is None:
            deal.pile = ()
            act(deal, finisher, "discard", tile="K1")
        else:
            act(deal, finisher, "layoff", meld=0, tile="K1") if deal.table else None
            deal.racks[finisher] = [(parse_tile(finish_tile),)]
            act(deal, finisher, "finish", tile=finish_tile)
        r = deal.result()
        assert r is not None
        history.append(r)
        return r.detail["canak"]

    first = play("K5")
    assert (first["before"], first["paid_in"], first["after"]) == (0, 40, 40)
    second = play("R3", finisher=1)
    assert second["paid_out"] == {"to": 1, "chips": 80} and second["after"] == 0
    third = play(None)
    assert third["after"] == 40 and pot_after(history) == 40
    assert OKEY_101.summary(opts, history).extra["canak"] == 40
