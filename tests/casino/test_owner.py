"""Owner duties (docs/rules/casino.md: O-1..O-4) and partners (C-7, B-11): T9, T10, T11, T20."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.base import Action
from kahvehane.games.casino import CaptureAction, CasinoDeal, TrailAction

from .helpers import build, capture, key, legal_keys, position, snapshot, trail

BUILD_8 = (8, "single", 0, "5C 3D")


def rejects(state: CasinoDeal, action: Action, rule: str) -> None:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule == rule, str(info.value)
    assert snapshot(state) == before


# -- T9 ---------------------------------------------------------------------------------------


def test_t9_owner_may_capture_the_build_or_something_else_but_not_trail() -> None:
    state = position(["8C 5D", "KD KH"], "5H", [BUILD_8])
    assert key(capture(0, "8C", "5C 3D")) in legal_keys(state)
    assert key(capture(0, "5D", "5H")) in legal_keys(state)
    rejects(state, trail(0, "5D"), "O-1")
    rejects(state, trail(0, "8C"), "O-1")
    assert not any(isinstance(a, TrailAction) for a in state.legal_actions(0))
    state.apply(capture(0, "5D", "5H"))  # 8♣ is kept for the build


def test_t9_owner_takes_the_build_with_loose_groups_of_its_value() -> None:
    state = position(["8C 5D", "KD KH"], "6H 2S 8S", [BUILD_8])
    state.apply(capture(0, "8C", "5C 3D", "6H 2S", "8S"))
    assert state.loose == [] and state.builds == {}


def test_t9_owner_with_two_8s_may_take_a_loose_8_alone() -> None:
    state = position(["8C 8D", "KD KH"], "8S", [BUILD_8])
    state.apply(capture(0, "8C", "8S"))
    assert state.builds[8].owner == 0


def test_t9_owner_with_a_court_may_capture_with_it_but_not_trail_it() -> None:
    state = position(["8C QH", "KD KH"], "QS", [BUILD_8])
    rejects(state, trail(0, "QH"), "O-1")
    state.apply(capture(0, "QH", "QS"))


def test_o2_the_capturing_card_may_not_be_spent_elsewhere() -> None:
    state = position(["8C 5D", "KD KH"], "3H 5H", [BUILD_8])
    rejects(state, capture(0, "8C", "3H 5H"), "O-2")  # the build would be left without an 8
    state.apply(capture(0, "8C", "5C 3D", "3H 5H"))


def test_o2_owner_of_two_builds_keeps_a_card_for_each() -> None:
    state = position(["8C 9S 2H", "KD KH"], "7H AC", [BUILD_8, (9, "single", 0, "4C 5S")])
    rejects(state, build(0, "2H", 9, "7H 2H"), "B-9")  # the 9-build is there: add to it
    rejects(state, build(0, "8C", 9, "4C 5S", "8C AC"), "O-2")  # the 8 would be gone
    state.apply(build(0, "2H", 9, "4C 5S", "2H 7H"))  # 8♣ and 9♠ are both kept
    assert state.builds[9].kind == "multiple" and state.builds[8].owner == 0


def test_o2_one_royal_ace_cannot_be_kept_for_two_builds() -> None:
    """INTERPRETATION of O-2: each owned build needs its own card (docs/rules/casino.md)."""
    state = position(["AS AH KC 3D", "QD QH QC 5H"], "AD AC", game="royal_casino")
    state.apply(build(0, "AH", 1, "AH", "AD"))  # a multiple 1-build, A♠ kept for it
    state.apply(trail(1, "5H"))
    # K♣ + A♣ = 14 would need A♠ as 14 as well as 1: one card cannot capture both builds
    rejects(state, build(0, "KC", 14, "KC AC"), "O-2")
    assert key(build(0, "KC", 14, "KC AC")) not in legal_keys(state)
    state.apply(capture(0, "AS", "AH AD", value=1))


def test_o4_an_owner_always_has_a_legal_capture() -> None:
    state = position(["8C", "KD"], "", [BUILD_8])
    assert [key(a) for a in state.legal_actions(0)] == [key(capture(0, "8C", "5C 3D"))]


# -- T10 / T11 --------------------------------------------------------------------------------


def test_t10_taking_a_build_with_loose_cards_of_its_value() -> None:
    state = position(["9H 2C", "4C KH"], "5D", [(9, "single", 0, "6S 3H")], turn=1)
    state.apply(trail(1, "4C"))
    state.apply(capture(0, "9H", "6S 3H", "5D 4C"))
    assert state.loose == [] and state.builds == {}


def test_t11_stealing_a_build() -> None:
    state = position(["KD QH", "5S 5H", "8D 2C"], "", [(8, "single", 1, "5C 3D")], turn=2)
    state.apply(capture(2, "8D", "5C 3D"))
    assert state.last_capturer == 2
    assert state.builds == {}


# -- O-3 --------------------------------------------------------------------------------------


def test_o3_raising_someone_elses_build_takes_over_its_duties() -> None:
    state = position(["3H 8S", "AD 9C"], "", [(5, "single", 0, "2C 3D")])
    rejects(state, trail(0, "3H"), "O-1")
    state.apply(build(0, "3H", 8, "2C 3D 3H"))
    state.apply(build(1, "AD", 9, "2C 3D 3H AD"))
    assert key(trail(0, "3H")) not in legal_keys(state)  # 3♥ was played
    assert key(trail(0, "8S")) in legal_keys(state)  # P0 owns nothing: may trail


# -- T20: partners ----------------------------------------------------------------------------


def test_t20_partner_raise_and_capture() -> None:
    state = position(["2C 9S 5C", "KD KH KC", "2H 9C 6D", "QD QH QC"], "5H",
                     [(7, "single", 0, "4C 3S")], partners=True, turn=2)
    state.apply(build(2, "2H", 9, "4C 3S 2H"))  # seat 2 raises partner's 7 to 9
    assert state.builds[9].owner == 2
    state.apply(trail(3, "QD"))
    state.apply(trail(0, "2C"))  # seat 0 owns nothing now: may trail (O-3)
    state.apply(trail(1, "KD"))
    state.apply(capture(2, "9C", "4C 3S 2H"))
    assert state.last_capturer == 2


def test_t20_a_partner_may_capture_the_others_build_and_piles_pool() -> None:
    state = position(["5C 9S", "KD KH", "7D 6D", "QD QH"], "",
                     [(7, "single", 0, "4C 3S")], partners=True, turn=2)
    assert key(capture(2, "7D", "4C 3S")) in legal_keys(state)
    state.apply(capture(2, "7D", "4C 3S"))
    assert state.view(0)["captured"] == [0, 0, 3, 0]
    assert state.partial_detail()["cards"] == [3, 0, 3, 0]  # the side's figure, per seat


def test_no_trailing_by_an_owner_is_in_the_listing_too() -> None:
    state = position(["8C 5D QS", "KD KH KC"], "5H", [BUILD_8])
    listed = state.legal_actions(0)
    assert listed and not any(isinstance(a, TrailAction) for a in listed)
    assert any(isinstance(a, CaptureAction) for a in listed)
