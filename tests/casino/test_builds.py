"""Builds (docs/rules/casino.md, B-0..B-11): T3–T8, T14, T21, T23–T25, T27."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.base import Action
from kahvehane.games.casino import BuildAction, CaptureAction, CasinoDeal
from kahvehane.games.casino.builds import MULTIPLE, SINGLE, Build

from .helpers import build, c, capture, cards, key, legal_keys, playing, position, snapshot, trail


def rejects(state: CasinoDeal, action: Action, rule: str) -> None:
    """``action`` is refused citing ``rule``, and the state is exactly as before."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(state) == before


# -- T3: the seed's chain "build 5 → 8 → 9" ---------------------------------------------------


def t3(p1: str = "3H 8S 4C", p2: str = "AD 9C 4D") -> CasinoDeal:
    return position(["KD QH 5S", p1, p2], "", [(5, SINGLE, 0, "2C 3D")], turn=1)


def test_t3_chain_5_8_9() -> None:
    state = t3()
    state.apply(build(1, "3H", 8, "2C 3D 3H"))
    assert state.builds == {8: Build(8, SINGLE, 1, tuple(cards("2C 3D 3H")))}
    state.apply(build(2, "AD", 9, "2C 3D 3H AD"))
    assert state.builds == {9: Build(9, SINGLE, 2, tuple(cards("2C 3D 3H AD")))}
    state.apply(trail(0, "KD"))
    assert key(trail(1, "4C")) in legal_keys(state)  # P1 owns nothing any more (O-3)
    state.apply(trail(1, "4C"))
    state.apply(capture(2, "9C", "2C 3D 3H AD"))


def test_t3_raise_needs_the_card_for_the_new_value() -> None:
    rejects(t3(p1="3H 7S 4C"), build(1, "3H", 8, "2C 3D 3H"), "B-1")
    state = t3(p2="AD 10C 4D")
    state.apply(build(1, "3H", 8, "2C 3D 3H"))
    rejects(state, build(2, "AD", 9, "2C 3D 3H AD"), "B-1")


def test_a_raise_must_add_the_played_cards_value() -> None:
    rejects(t3(), build(1, "3H", 9, "2C 3D 3H"), "B-6")


# -- T4: the declared value decides the kind --------------------------------------------------


def test_t4a_declaring_3s_makes_a_frozen_multiple_build() -> None:
    state = position(["3D 3H", "2S 8D"], "3C")
    state.apply(build(0, "3D", 3, "3D", "3C"))
    assert state.builds[3].kind == MULTIPLE
    rejects(state, build(1, "2S", 5, "3D 3C 2S"), "B-7")
    assert not any(isinstance(a, BuildAction) and a.value == 5 for a in state.legal_actions(1))


def test_t4b_declaring_6_makes_a_single_build_that_can_be_raised() -> None:
    state = position(["3D 6S", "2S 8D"], "3C")
    state.apply(build(0, "3D", 6, "3D 3C"))
    assert state.builds[6].kind == SINGLE
    assert key(build(1, "2S", 8, "3D 3C 2S")) in legal_keys(state)
    state.apply(build(1, "2S", 8, "3D 3C 2S"))
    assert state.builds == {8: Build(8, SINGLE, 1, tuple(cards("3D 3C 2S")))}


# -- T5: pagat's ace-two ----------------------------------------------------------------------


def test_t5_the_legal_plays_of_the_3() -> None:
    state = position(["3S 3H 6D", "KD KH KC"], "AC 2D")
    plays = {key(a) for a in playing(state, "3S")}
    assert plays == {
        key(capture(0, "3S", "AC 2D")),
        key(build(0, "3S", 6, "3S AC 2D")),
        key(build(0, "3S", 3, "3S", "AC 2D")),
        key(trail(0, "3S")),
    }
    rejects(state, build(0, "3S", 4, "3S AC"), "B-1")
    rejects(state, build(0, "3S", 5, "3S 2D"), "B-1")
    state.apply(build(0, "3S", 3, "AC 2D", "3S"))
    assert state.builds[3] == Build(3, MULTIPLE, 0, tuple(cards("AC 2D 3S")),
                                    ((c("AC"), c("2D")), (c("3S"),)))


# -- T6 / T7: pagat's examples B and C --------------------------------------------------------


def t6() -> CasinoDeal:
    return position(["3D 8H 10C", "KD KH KC"], "2S", [(5, SINGLE, 1, "AH 4C")])


def test_t6_raise_with_the_played_card_only() -> None:
    state = t6()
    state.apply(build(0, "3D", 8, "AH 4C 3D"))
    assert state.builds == {8: Build(8, SINGLE, 0, tuple(cards("AH 4C 3D")))}


def test_t6_a_table_card_cannot_change_the_value() -> None:
    rejects(t6(), build(0, "3D", 10, "AH 4C 3D 2S"), "B-6")
    rejects(t6(), build(0, "3D", 10, "AH 4C 3D", "2S"), "B-6")


def test_t7_raise_and_add_a_loose_9() -> None:
    state = position(["2H 9D", "KD KH"], "9S", [(7, SINGLE, 1, "3C 4D")])
    assert key(build(0, "2H", 9, "3C 4D 2H", "9S")) in legal_keys(state)
    state.apply(build(0, "2H", 9, "3C 4D 2H", "9S"))
    b = state.builds[9]
    assert (b.kind, b.owner, set(b.cards)) == (MULTIPLE, 0, set(cards("3C 4D 2H 9S")))
    assert state.loose == []


# -- T8: 6 and two nines ----------------------------------------------------------------------


def test_t8_add_add_capture() -> None:
    state = position(["6S 9C 9D", "KD KH QC"], "3H", [(9, SINGLE, 1, "5C 4D")])
    state.apply(build(0, "6S", 9, "5C 4D", "6S 3H"))  # B-8
    assert state.builds[9].kind == MULTIPLE and state.builds[9].owner == 0
    state.apply(trail(1, "KD"))
    rejects(state, trail(0, "9C"), "O-1")
    state.apply(build(0, "9C", 9, "5C 4D 6S 3H", "9C"))  # 9♦ is kept
    state.apply(trail(1, "KH"))
    rejects(state, trail(0, "9D"), "O-1")
    state.apply(capture(0, "9D", "5C 4D 6S 3H 9C"))
    assert state.builds == {}
    assert len(state.piles[0]) == 6  # 9♦ and the five cards of the build


def test_adding_the_last_card_of_a_value_is_refused() -> None:
    state = position(["6S 9C 2H", "KD KH QC"], "3H", [(9, MULTIPLE, 0, "5C 4D")])
    rejects(state, build(0, "9C", 9, "5C 4D", "9C"), "B-1")


# -- T21: the seed's 8 with 3 and 5 -----------------------------------------------------------


def test_t21_multiple_build_of_8s_needs_a_second_8() -> None:
    state = position(["8H 8S", "KD KH"], "5C 3D")
    state.apply(build(0, "8H", 8, "8H", "5C 3D"))
    assert state.builds[8].kind == MULTIPLE


def test_t21_with_one_8_capture_instead() -> None:
    state = position(["8H 2C", "KD KH"], "5C 3D")
    rejects(state, build(0, "8H", 8, "8H", "5C 3D"), "B-1")
    state.apply(capture(0, "8H", "5C 3D"))


# -- T23 / B-7: multiple builds are frozen ----------------------------------------------------


def test_t23_a_multiple_build_cannot_be_raised() -> None:
    state = position(["AS 9D", "KD KH"], "", [(8, MULTIPLE, 1, "8C 5D 3H")])
    rejects(state, build(0, "AS", 9, "8C 5D 3H AS"), "B-7")
    assert key(trail(0, "AS")) in legal_keys(state)
    assert not any(isinstance(a, BuildAction) for a in state.legal_actions(0))


# -- T24 / B-2: a build contains the played card ----------------------------------------------


def test_t24_table_cards_alone_never_form_a_build() -> None:
    state = position(["5H 4S", "KD KH"], "2C 3D")
    rejects(state, build(0, "5H", 5, "2C 3D"), "B-2")
    rejects(state, build(0, "4S", 5, "2C 3D"), "B-2")
    state.apply(capture(0, "5H", "2C 3D"))


def test_the_played_card_is_in_exactly_one_set() -> None:
    state = position(["3H 6S", "KD KH"], "3C 3D")
    rejects(state, build(0, "3H", 6, "3H 3C", "3H 3D"), "C-20")


def test_a_build_needs_two_cards() -> None:
    state = position(["6H 6S", "KD KH"], "2C")
    rejects(state, build(0, "6H", 6, "6H"), "B-4")


# -- B-0 / T25: courts ------------------------------------------------------------------------


def test_t25_casino_courts_never_enter_builds() -> None:
    state = position(["JC KH 2H", "KD 3C"], "2D QC")
    rejects(state, build(0, "JC", 13, "JC 2D"), "B-0")
    rejects(state, build(0, "2H", 10, "2H QC"), "B-0")
    assert not any(isinstance(a, BuildAction) and a.card == c("JC")
                   for a in state.legal_actions(0))


def test_t25_royal_jack_on_a_2_makes_13_with_a_king() -> None:
    state = position(["JC KH", "KD 3C"], "2D", game="royal_casino")
    assert key(build(0, "JC", 13, "JC 2D")) in legal_keys(state)
    state.apply(build(0, "JC", 13, "JC 2D"))
    assert state.builds[13] == Build(13, SINGLE, 0, tuple(cards("JC 2D")))
    rejects(position(["JC QH", "KD 3C"], "2D", game="royal_casino"),
            build(0, "JC", 13, "JC 2D"), "B-1")


# -- T14 / B-5: the Royal ace in builds -------------------------------------------------------


def test_t14_royal_14_build_on_a_king() -> None:
    state = position(["AD AS", "KD 3C"], "KC", game="royal_casino")
    state.apply(build(0, "AD", 14, "AD KC"))
    assert state.builds[14].kind == SINGLE
    state.apply(trail(1, "3C"))
    state.apply(capture(0, "AS", "AD KC", value=14))


def test_royal_played_ace_may_count_14_in_its_own_group() -> None:
    state = position(["AD AS", "KD 3C"], "KC AH", game="royal_casino")
    state.apply(build(0, "AD", 14, "AD", "KC AH"))
    assert state.builds[14].kind == MULTIPLE


def test_multiple_build_of_aces_is_legal() -> None:
    state = position(["AS AH", "KD 3C"], "AD")
    state.apply(build(0, "AS", 1, "AS", "AD"))
    assert state.builds[1].kind == MULTIPLE


# -- B-9 / B-10 / T27: one build per value ----------------------------------------------------


def t27() -> CasinoDeal:
    return position(["2C 8S", "KD KH"], "6D", [(8, SINGLE, 1, "5H 3S")])


def test_t27_a_second_8_build_is_refused() -> None:
    rejects(t27(), build(0, "2C", 8, "2C 6D"), "B-9")


def test_t27_merging_into_the_existing_build_is_legal() -> None:
    state = t27()
    assert key(build(0, "2C", 8, "5H 3S", "2C 6D")) in legal_keys(state)
    state.apply(build(0, "2C", 8, "5H 3S", "2C 6D"))
    b = state.builds[8]
    assert (b.kind, b.owner, set(b.cards)) == (MULTIPLE, 0, set(cards("5H 3S 2C 6D")))


def test_a_raise_onto_an_existing_value_merges_it() -> None:
    """B-6: a raise to V while a V-build lies on the table merges that build too."""
    state = position(["3H 8S", "KD KH"], "",
                     [(5, SINGLE, 1, "2C 3D"), (8, SINGLE, 1, "6C 2D")])
    rejects(state, build(0, "3H", 8, "2C 3D 3H"), "B-9")
    state.apply(build(0, "3H", 8, "2C 3D 3H", "6C 2D"))
    assert list(state.builds) == [8] and state.builds[8].kind == MULTIPLE


def test_b10_builds_of_other_values_never_combine() -> None:
    state = position(["3H 8S", "KD KH"], "",
                     [(5, SINGLE, 1, "2C 3D"), (3, SINGLE, 1, "AC 2D")])
    rejects(state, build(0, "3H", 8, "2C 3D", "AC 2D 3H"), "B-10")
    rejects(state, build(0, "3H", 8, "2C 3D AC 2D 3H"), "B-6")


def test_a_build_set_must_be_exactly_a_builds_cards() -> None:
    state = position(["3H 8S", "KD KH"], "4C", [(8, SINGLE, 1, "5C 3D")])
    rejects(state, build(0, "3H", 8, "5C 3D 4C", "3H"), "C-15")


# -- B-11: no build for a partner -------------------------------------------------------------


def test_b11_the_kept_card_must_be_the_builders_own() -> None:
    state = position(["3H 2C", "KD KH", "8S 8C", "QD QC"], "5D", partners=True)
    rejects(state, build(0, "3H", 8, "3H 5D"), "B-1")


# -- the listing: only legal builds, every plain one ------------------------------------------


def test_listed_builds_all_apply() -> None:
    state = position(["3D 5S 8C 9H", "KD KH QC QD"], "AC 2D 3C 4H 5D 6S",
                     [(7, SINGLE, 1, "2H 5C")])
    listed = [a for a in state.legal_actions(0) if isinstance(a, BuildAction)]
    assert listed
    for a in listed:
        trial = state.copy()
        trial.apply(a)
        assert trial.builds[a.value].owner == 0
    keys = {key(a) for a in listed}
    assert key(build(0, "3D", 8, "3D 5D")) in keys  # plain single builds are all listed
    assert key(build(0, "3D", 9, "3D 6S")) in keys
    assert key(build(0, "3D", 8, "3D AC 4H")) in keys
    assert key(build(0, "3D", 9, "3D 2H 5C")) not in keys  # 2H 5C are the 7-build's
    assert all(not isinstance(a, CaptureAction) for a in listed)
