"""Capturing (docs/rules/casino.md: C-15..C-23): T1, T2, T12, T13, T25 (Casino), T26, T28."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.casino import CaptureAction

from .helpers import (
    c,
    capture,
    cards,
    key,
    legal_keys,
    outcome,
    playing,
    position,
    snapshot,
    trail,
)

T1_TABLE = "6C 6D 6H 3S 3D 2C 2D 2H"


# -- T1: the seed's 6 with one, two, three 6s, two 3s and three 2s ----------------------------


@pytest.mark.parametrize(
    "sets",
    [
        ["6C"],
        ["6D"],
        ["3S 3D"],
        ["2C 2D 2H"],
        ["6C", "6D", "6H"],
        ["6H", "2C 2D 2H"],
        ["6C", "6D", "6H", "3S 3D", "2C 2D 2H"],
        ["2H 2C 2D", "3D 3S", "6D"],  # any order of sets and cards
    ],
)
def test_t1_any_disjoint_selection_of_groups_is_legal(sets: list[str]) -> None:
    state = position(["6S 9C", "KD KH"], T1_TABLE)
    state.apply(capture(0, "6S", *sets))
    taken = {x for s in sets for x in cards(s)}
    assert sorted(state.piles[0]) == sorted([c("6S"), *taken])
    assert set(state.loose) == set(cards(T1_TABLE)) - taken
    assert state.last_capturer == 0  # C-23


@pytest.mark.parametrize(
    ("sets", "rule"),
    [
        (["3S 3D 2C 2D 2H"], "C-19"),  # one group worth 12
        (["3S 2C"], "C-19"),  # worth 5
        (["6C", "6C"], "C-20"),  # a card in two groups
        (["6C 6D"], "C-19"),  # two 6s are 12, not a group of 6
        (["4S"], "C-19"),  # not on the table
        ([], "C-19"),
    ],
)
def test_t1_illegal_groups(sets: list[str], rule: str) -> None:
    state = position(["6S 9C", "KD KH"], T1_TABLE)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(capture(0, "6S", *sets))
    assert info.value.rule == rule
    assert snapshot(state) == before


def test_t1_maximal_capture_clears_the_table_and_is_a_sweep_only_with_sweeps() -> None:
    for sweeps in (False, True):
        state = position(["6S 9C", "KD KH"], T1_TABLE, sweeps=sweeps)
        maximal = [a for a in state.legal_actions(0)
                   if isinstance(a, CaptureAction) and a.card == c("6S")]
        assert len(maximal) == 1  # the only maximal capture: everything
        state.apply(maximal[0])
        assert state.loose == [] and state.builds == {}
        assert state.sweeps == ([0] if sweeps else [])


# -- T2: pagat's 8 ----------------------------------------------------------------------------


def test_t2_the_two_maximal_captures_of_an_8() -> None:
    state = position(["8H 4S", "KD KH"], "AC 2D 3H 5S 6C 8D")
    listed = {outcome(a) for a in state.legal_actions(0)
              if isinstance(a, CaptureAction) and a.card == c("8H")}
    assert listed == {
        ("capture", c("8H"), frozenset(cards("8D 6C 2D 5S 3H")), None),
        ("capture", c("8H"), frozenset(cards("8D 5S 2D AC")), None),
    }
    state.apply(capture(0, "8H", "8D", "6C 2D", "5S 3H"))
    assert state.loose == [c("AC")]


def test_t2_all_six_cards_is_illegal() -> None:
    state = position(["8H 4S", "KD KH"], "AC 2D 3H 5S 6C 8D")
    with pytest.raises(IllegalAction, match="C-19"):
        state.apply(capture(0, "8H", "8D", "6C 2D", "5S 3H AC"))  # 25 is not 3 x 8


def test_t2_partial_captures_are_accepted_though_not_listed() -> None:
    """C-21: captures need not be maximal; apply accepts them."""
    state = position(["8H 4S", "KD KH"], "AC 2D 3H 5S 6C 8D")
    assert key(capture(0, "8H", "6C 2D")) not in legal_keys(state)
    state.apply(capture(0, "8H", "6C 2D"))
    assert sorted(state.loose) == sorted(cards("AC 3H 5S 8D"))


# -- C-15 / T26: builds are taken whole, never in sums ----------------------------------------


def test_t26_a_build_never_joins_a_sum() -> None:
    state = position(["9H 4C", "KD KH"], "2S", [(7, "single", 1, "3C 4D")])
    for sets in (["3C 4D 2S"], ["3C 4D", "2S"], ["3C", "4D 2S"]):
        with pytest.raises(IllegalAction, match=r"C-1[59]"):
            state.apply(capture(0, "9H", *sets))
    nine = playing(state, "9H")
    assert [key(a) for a in nine] == [key(trail(0, "9H"))]


def test_a_build_is_captured_only_by_its_value() -> None:
    state = position(["7H 8C", "KD KH"], "", [(7, "single", 1, "3C 4D")])
    with pytest.raises(IllegalAction, match="C-15"):
        state.apply(capture(0, "8C", "3C 4D"))
    state.apply(capture(0, "7H", "4D 3C"))  # the build's cards, in any order
    assert state.builds == {}
    assert sorted(state.piles[0]) == sorted(cards("7H 3C 4D"))


# -- C-18 / T12: courts -----------------------------------------------------------------------


def test_t12_casino_court_takes_exactly_one_court_of_its_rank() -> None:
    state = position(["QS 2H", "KD KH"], "QC QD 10H 2C")
    listed = {key(a) for a in playing(state, "QS")}
    assert listed == {key(capture(0, "QS", "QC")), key(capture(0, "QS", "QD")),
                      key(trail(0, "QS"))}
    for sets, rule in ((["QC", "QD"], "C-18"), (["QC QD"], "C-18"), (["10H 2C"], "C-18"),
                       (["KD"], "C-18")):
        with pytest.raises(IllegalAction) as info:
            state.apply(capture(0, "QS", *sets))
        assert info.value.rule == rule
    state.apply(capture(0, "QS", "QD"))
    assert sorted(state.loose) == sorted(cards("QC 10H 2C"))


def test_t12_royal_queen_takes_both_queens_and_sums_of_12() -> None:
    state = position(["QS 2H", "KD KH"], "QC QD 10H 2C", game="royal_casino")
    state.apply(capture(0, "QS", "QC", "QD", "10H 2C"))
    assert state.loose == [] and state.sweeps == [0]  # Royal sweeps by default


def test_courts_never_count_in_casino_sums() -> None:
    state = position(["10S 2H", "KD KH"], "JC AD 9C")  # J is not 10 in Casino
    with pytest.raises(IllegalAction, match="C-19"):
        state.apply(capture(0, "10S", "JC"))
    state.apply(capture(0, "10S", "AD 9C"))


def test_t25_casino_jack_with_no_jack_on_the_table_can_only_trail() -> None:
    state = position(["JC 5H", "KD KH"], "2D 9S")
    assert {key(a) for a in playing(state, "JC")} == {
        key(trail(0, "JC"))
    }


# -- C-3 / C-4 / T13: the Royal ace -----------------------------------------------------------


def test_t13_royal_ace_as_14_takes_a_sum_of_14() -> None:
    state = position(["AS 2H", "KD KH"], "8C 5D AH", game="royal_casino")
    state.apply(capture(0, "AS", "8C 5D AH", value=14))
    assert state.loose == []


def test_t13_royal_ace_as_1_pairs_the_loose_ace() -> None:
    state = position(["AS 2H", "KD KH"], "8C 5D AH", game="royal_casino")
    state.apply(capture(0, "AS", "AH", value=1))
    assert sorted(state.loose) == sorted(cards("8C 5D"))


def test_t13_royal_ace_as_14_may_pair_the_ace_alone() -> None:
    state = position(["AS 2H", "KD KH"], "8C 5D AH", game="royal_casino")
    state.apply(capture(0, "AS", "AH", value=14))
    assert sorted(state.loose) == sorted(cards("8C 5D"))


def test_royal_ace_must_declare_and_declare_truly() -> None:
    state = position(["AS 2H", "KD KH"], "8C 5D AH", game="royal_casino")
    with pytest.raises(IllegalAction, match="C-3"):
        state.apply(capture(0, "AS", "AH"))  # 1 or 14?
    with pytest.raises(IllegalAction, match="C-3"):
        state.apply(capture(0, "AS", "AH", value=13))
    with pytest.raises(IllegalAction, match="C-19"):
        state.apply(capture(0, "AS", "8C 5D AH", value=1))


def test_royal_ace_listing_declares_values() -> None:
    state = position(["AS 2H", "KD KH"], "8C 5D AH", game="royal_casino")
    listed = {outcome(a) for a in state.legal_actions(0)
              if isinstance(a, CaptureAction) and a.card == c("AS")}
    assert listed == {
        ("capture", c("AS"), frozenset(cards("AH")), 1),
        ("capture", c("AS"), frozenset(cards("8C 5D AH")), 14),
    }


def test_only_aces_pair_by_rank() -> None:
    """C-4: a 2♠ declared 15 does not pair a loose 2."""
    state = position(["2S 9H", "KD KH"], "2C KC", game="royal_casino", nordic_specials=True)
    with pytest.raises(IllegalAction, match="C-19"):
        state.apply(capture(0, "2S", "2C", value=15))
    state.apply(capture(0, "2S", "2C KC", value=15))


def test_value_given_for_a_one_value_card_must_be_its_value() -> None:
    state = position(["7H 2H", "KD KH"], "7C", game="royal_casino")
    with pytest.raises(IllegalAction, match="C-3"):
        state.apply(capture(0, "7H", "7C", value=8))
    state.apply(capture(0, "7H", "7C", value=7))
    casino = position(["7H 2H", "KD KH"], "7C")
    with pytest.raises(IllegalAction, match="C-2"):
        casino.apply(capture(0, "7H", "7C", value=14))


# -- C-5 / T28: nordic specials ---------------------------------------------------------------


def test_t28_ten_of_diamonds_counts_only_10_by_default() -> None:
    state = position(["10D 2H", "KD KH"], "KC 3S", game="royal_casino")
    with pytest.raises(IllegalAction, match="C-3"):
        state.apply(capture(0, "10D", "KC 3S", value=16))
    assert not any(isinstance(a, CaptureAction) for a in playing(state, "10D"))


def test_t28_with_nordic_specials_10d_as_16_takes_king_and_three() -> None:
    state = position(["10D 2H", "KD KH"], "KC 3S", game="royal_casino", nordic_specials=True)
    with pytest.raises(IllegalAction, match="C-3"):
        state.apply(capture(0, "10D", "KC 3S"))  # 10 or 16 must be declared
    assert key(capture(0, "10D", "KC 3S", value=16)) in legal_keys(state)
    state.apply(capture(0, "10D", "KC 3S", value=16))
    assert state.loose == []


# -- C-16, C-17, C-23: one card, then the next seat -------------------------------------------


def test_play_passes_to_the_next_seat_whatever_happens() -> None:
    state = position(["6S 9C", "KD KH", "4C 5C"], T1_TABLE)
    state.apply(capture(0, "6S", "6C"))
    assert state.to_act == (1,)
    state.apply(trail(1, "KD"))
    assert state.to_act == (2,)


def test_the_card_must_be_in_the_hand_and_the_turn_must_be_yours() -> None:
    state = position(["6S 9C", "KD KH"], T1_TABLE)
    with pytest.raises(IllegalAction, match="C-16"):
        state.apply(capture(0, "6D", "6C"))
    with pytest.raises(IllegalAction, match="C-12"):
        state.apply(trail(1, "KD"))
    with pytest.raises(IllegalAction, match="C-19"):
        state.apply(capture(0, "6S", "6S"))  # the played card is not captured from the table
