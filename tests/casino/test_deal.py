"""Options, cards, seating and the deal (docs/rules/casino.md: C-1..C-12), T17, seeded deals."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from kahvehane.cards import card_name, parse_card
from kahvehane.errors import InvalidOptions, MalformedSetup
from kahvehane.games import get_game
from kahvehane.games.base import DealResult
from kahvehane.games.casino import CASINO, ROYAL_CASINO, CasinoDeal
from kahvehane.games.casino.fixed import fixed_setup
from kahvehane.games.casino.values import CasinoVariant, RoyalVariant
from kahvehane.match import Match, derive_setup

from .helpers import random_hand

# -- 3.1 options ------------------------------------------------------------------------------


def test_registry_serves_both_games() -> None:
    assert get_game("casino") is CASINO
    assert get_game("royal_casino") is ROYAL_CASINO


def test_option_defaults() -> None:
    assert CASINO.parse_options({"players": 3}) == {
        "players": 3, "partners": False, "sweeps": False, "target": 21}
    assert ROYAL_CASINO.parse_options({"players": 2}) == {
        "players": 2, "partners": False, "sweeps": True, "target": 21,
        "nordic_specials": False}


@pytest.mark.parametrize(
    ("game", "raw"),
    [
        ("casino", {}),  # players is required
        ("casino", {"players": 5}),
        ("casino", {"players": True}),
        ("casino", {"players": 3, "partners": True}),  # partners only with 4
        ("casino", {"players": 2, "sweeps": "yes"}),
        ("casino", {"players": 2, "target": 0}),
        ("casino", {"players": 2, "nordic_specials": True}),  # Royal only
        ("casino", {"players": 2, "house_rule": 1}),
        ("royal_casino", {"players": 2, "direction": "counter-clockwise"}),
    ],
)
def test_bad_options(game: str, raw: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        get_game(game).parse_options(raw)


def test_clockwise_direction_is_accepted() -> None:
    assert CASINO.parse_options({"players": 2, "direction": "clockwise"})["players"] == 2


# -- 3.2 values -------------------------------------------------------------------------------


def test_c1_c2_casino_values() -> None:
    rs = CasinoVariant(players=2)
    assert [rs.table_value(parse_card(r + "H")) for r in ["A", "2", "9", "10", "J", "Q", "K"]] == [
        1, 2, 9, 10, None, None, None]
    assert rs.play_values(parse_card("KH")) == () and rs.max_value == 10
    assert rs.court_rank(parse_card("QC")) == 12 and rs.court_rank(parse_card("10C")) is None


def test_c3_c5_c6_royal_values() -> None:
    rs = RoyalVariant(players=2)
    assert [rs.table_value(parse_card(r + "C")) for r in ["A", "J", "Q", "K"]] == [1, 11, 12, 13]
    assert rs.play_values(parse_card("AC")) == (1, 14)
    assert rs.play_values(parse_card("2S")) == (2,) and rs.max_value == 14
    nordic = RoyalVariant(players=2, nordic_specials=True)
    assert nordic.play_values(parse_card("2S")) == (2, 15)
    assert nordic.play_values(parse_card("10D")) == (10, 16)
    assert nordic.table_value(parse_card("10D")) == 10 and nordic.max_value == 16
    assert nordic.play_values(parse_card("2H")) == (2,)


def test_c7_partners_sit_opposite() -> None:
    rs = CasinoVariant(players=4, partners=True)
    assert [rs.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert rs.seats_of(1) == (1, 3) and rs.num_sides == 2


# -- 3.3 the deal -----------------------------------------------------------------------------


def test_c9_first_deal_in_twos() -> None:
    order = list(range(52))
    setup = CASINO.setup_from_order(CASINO.parse_options({"players": 3}), order, 0, [])
    first = setup["rounds"][0]
    names = [card_name(x) for x in order]
    # seat 1, seat 2, table, dealer 0 — twice
    assert first["hands"][1] == names[0:2] + names[8:10]
    assert first["hands"][2] == names[2:4] + names[10:12]
    assert first["table"] == names[4:6] + names[12:14]
    assert first["hands"][0] == names[6:8] + names[14:16]
    # C-10: later rounds four each, two at a time, dealer last, nothing to the table
    second = setup["rounds"][1]
    assert "table" not in second
    assert second["hands"][1] == names[16:18] + names[22:24]
    assert second["hands"][0] == names[20:22] + names[26:28]


@pytest.mark.parametrize(("players", "partners", "rounds"),
                         [(2, False, 6), (3, False, 4), (4, False, 3), (4, True, 3)])
def test_c11_rounds_per_hand(players: int, partners: bool, rounds: int) -> None:
    m = Match("casino", {"players": players, "partners": partners}, seed=5)
    state = m.deal()
    assert state.view(None)["rounds"] == rounds
    setup = m.deals[0].setup
    assert len(setup["rounds"]) == rounds
    dealt = [c for r in setup["rounds"] for h in r["hands"] for c in h]
    assert sorted(dealt + setup["rounds"][0]["table"]) == sorted(map(card_name, range(52)))


def test_t17_three_players_deal_and_the_last_flag() -> None:
    m = Match("casino", {"players": 3}, seed="t17")
    state = m.deal()
    assert isinstance(state, CasinoDeal)
    view = state.view(None)
    assert view["hand_sizes"] == [4, 4, 4] and len(view["table"]["loose"]) == 4
    assert view["stock"] == 36 and not view["last_round"]
    deals: list[Any] = []
    while not state.is_over:
        seat = state.to_act[0]
        events = state.apply(state.legal_actions(seat)[-1])
        deals += [e for e in events if e.kind == "deal"]
    rounds = sorted({e.public["round"] for e in deals})
    assert rounds == [1, 2, 3]
    assert {e.public["round"] for e in deals if e.public["last"]} == {3}
    assert all(e.public.get("announce") == "son" for e in deals if e.public["last"])
    assert all(e.public["cards"] == 4 for e in deals)
    residue = state.residue
    assert residue is not None and residue["to"] is None  # only trails: nobody captured
    assert residue["cards"] == 52 and sum(len(p) for p in state.piles) == 0


def test_c12_the_player_after_the_dealer_starts_every_round() -> None:
    m = Match("casino", {"players": 3}, seed=9)
    state = m.deal()
    dealer = m.deals[0].setup["dealer"]
    starts = [state.to_act[0]]
    while not state.is_over:
        events = state.apply(state.legal_actions(state.to_act[0])[0])
        if any(e.kind == "deal" for e in events):
            starts.append(state.to_act[0])
    assert starts == [(dealer + 1) % 3] * 4


def test_c8_dealer_rotates_and_a_wrong_dealer_is_malformed() -> None:
    import random

    m = Match("casino", {"players": 3}, seed=11)
    first = m.deal()
    random_hand(first, random.Random(1))  # type: ignore[arg-type]
    m.history.append(first.result())  # type: ignore[arg-type]
    d0 = m.deals[0].setup["dealer"]
    second = m.deal()
    assert m.deals[1].setup["dealer"] == (d0 + 1) % 3
    assert isinstance(second, CasinoDeal) and second.to_act == ((d0 + 2) % 3,)
    m2 = Match("casino", {"players": 3})
    m2.history.append(DealResult((0, 0, 0), "cards", {}, 0))
    with pytest.raises(MalformedSetup):
        m2.deal(fixed_setup(3, dealer=0))


# -- seeded deals (docs/records.md, "Seeded deals"), our own vectors ----------------------------

SEEDED_2P = {"dealer": 1, "rounds": [
    {"hands": [["2C", "JS", "2D", "9C"], ["KS", "JC", "8H", "6C"]],
     "table": ["6D", "3D", "AH", "4D"]},
    {"hands": [["5H", "7S", "9H", "JD"], ["10D", "8C", "8D", "4C"]]},
    {"hands": [["QC", "9D", "5S", "3C"], ["KH", "7H", "9S", "4H"]]},
    {"hands": [["AD", "6S", "3H", "JH"], ["AC", "8S", "QS", "10H"]]},
    {"hands": [["5D", "KC", "2S", "2H"], ["7D", "10S", "QH", "5C"]]},
    {"hands": [["3S", "4S", "6H", "AS"], ["QD", "7C", "10C", "KD"]]}]}

SEEDED_4P = {"dealer": 1, "rounds": [
    {"hands": [["10C", "QC", "9S", "8H"], ["6H", "2D", "10H", "QH"],
               ["JH", "8D", "9H", "6S"], ["6C", "7H", "7C", "5C"]],
     "table": ["AC", "5D", "4D", "JS"]},
    {"hands": [["KD", "2C", "AH", "JC"], ["8C", "KH", "4C", "9C"],
               ["7S", "5H", "7D", "10D"], ["3D", "AD", "9D", "4S"]]},
    {"hands": [["2H", "10S", "6D", "QD"], ["KS", "3H", "3C", "5S"],
               ["8S", "QS", "KC", "4H"], ["3S", "2S", "JD", "AS"]]}]}

SEEDED_ROYAL_3P_K2 = {"dealer": 1, "rounds": [
    {"hands": [["KH", "9D", "10D", "10C"], ["AD", "AS", "QH", "8H"],
               ["8C", "3S", "2D", "7C"]], "table": ["8D", "9H", "4S", "4H"]},
    {"hands": [["KD", "9C", "4C", "7S"], ["KC", "QC", "6S", "5S"],
               ["9S", "QS", "2S", "7D"]]},
    {"hands": [["JH", "JD", "4D", "JC"], ["AH", "7H", "6C", "6D"],
               ["8S", "QD", "JS", "10H"]]},
    {"hands": [["5D", "5H", "KS", "6H"], ["2C", "5C", "3H", "10S"],
               ["3C", "2H", "AC", "3D"]]}]}


def test_seeded_two_player_deal() -> None:
    m = Match("casino", {"players": 2}, seed=301)
    m.deal()
    assert m.deals[0].setup == SEEDED_2P


def test_seeded_partners_deal() -> None:
    m = Match("casino", {"players": 4, "partners": True}, seed="masa 4")
    m.deal()
    assert m.deals[0].setup == SEEDED_4P


def test_seeded_royal_three_player_third_deal() -> None:
    opts = ROYAL_CASINO.parse_options({"players": 3})
    history = [DealResult((0, 0, 0), "cards", {}, d) for d in (2, 0)]  # dealer 1 is next
    assert derive_setup(ROYAL_CASINO, opts, -13, 2, history) == SEEDED_ROYAL_3P_K2


# -- setups from anywhere are checked ---------------------------------------------------------


def _good() -> dict[str, Any]:
    return copy.deepcopy(SEEDED_2P)


@pytest.mark.parametrize(
    "breakage",
    [
        lambda s: s.pop("dealer"),
        lambda s: s.update(dealer=2),
        lambda s: s.update(dealer="0"),
        lambda s: s["rounds"].pop(),
        lambda s: s["rounds"][0].pop("table"),
        lambda s: s["rounds"][1].update(table=["AS"]),
        lambda s: s["rounds"][0]["hands"].pop(),
        lambda s: s["rounds"][0]["hands"][0].pop(),
        lambda s: s["rounds"][0]["hands"][0].__setitem__(0, "JS"),  # doubled, 2C missing
        lambda s: s["rounds"][0]["hands"][0].__setitem__(0, "1S"),
        lambda s: s["rounds"].__setitem__(2, "round"),
    ],
)
def test_malformed_setups(breakage: Any) -> None:
    setup = _good()
    breakage(setup)
    opts = CASINO.parse_options({"players": 2})
    with pytest.raises(MalformedSetup):
        CASINO.setup_first_seat(setup)
        CASINO.new_deal(opts, setup, [])


def test_players_must_match_the_setup() -> None:
    opts = CASINO.parse_options({"players": 3})
    with pytest.raises(MalformedSetup):
        CASINO.new_deal(opts, _good(), [])


def test_fixed_setup_is_a_valid_deal() -> None:
    setup = fixed_setup(4, dealer=2, table=["3C"], rounds=[{0: ["3D", "6S"]}, {3: ["KD"]}])
    state = CASINO.new_deal(CASINO.parse_options({"players": 4}), setup, [])
    assert state.view(0)["hand"][:2] == ["3D", "6S"]
    assert state.view(None)["table"]["loose"][0] == "3C"
    with pytest.raises(ValueError):
        fixed_setup(2, table=["3C"], rounds=[{0: ["3C"]}])
