"""The optional ``royal_dominican`` preset of Royal Casino (docs/rules/casino.md, R-3),
rule by rule.

R-3a counter-clockwise play (seat numbering is playing order, so only the table turns),
R-3b compulsory capture of equal loose cards, R-3c opposing sweeps cancel, R-3d the end
game at 18/19/20. Every rule is also checked *off* the preset, so that a test fails if a
rule leaks into plain Royal Casino or goes missing from the preset.
"""

from __future__ import annotations

from typing import Any

import pytest

from kahvehane.errors import IllegalAction, InvalidOptions
from kahvehane.games.casino import (
    CASINO,
    ROYAL_CASINO,
    BuildAction,
    CaptureAction,
    TrailAction,
)
from kahvehane.games.casino.scoring import score_hand
from kahvehane.games.casino.values import RoyalVariant
from kahvehane.match import Match

from .helpers import build, c, capture, cards, deal, playing, position, trail

DOM: dict[str, Any] = {"preset": "royal_dominican"}


def dom(**kw: Any) -> RoyalVariant:
    return RoyalVariant(**{"players": 2, "dominican": True, **kw})


# -- options ------------------------------------------------------------------------------------


def test_the_preset_is_a_royal_option_off_by_default() -> None:
    plain = ROYAL_CASINO.parse_options({"players": 2})
    assert "preset" not in plain and "direction" not in plain
    assert ROYAL_CASINO.variant(plain).preset is None
    on = ROYAL_CASINO.parse_options({"players": 2, **DOM})
    assert on == {
        "players": 2,
        "partners": False,
        "sweeps": True,
        "target": 21,
        "nordic_specials": False,
        "preset": "royal_dominican",
        "direction": "counter-clockwise",
    }
    rs = ROYAL_CASINO.variant(on)
    assert rs.dominican and rs.preset == "royal_dominican"
    # the normalised options parse to themselves (records store them)
    assert ROYAL_CASINO.parse_options(on) == on


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (CASINO, {"preset": "royal_dominican"}),
        (CASINO, {"direction": "counter-clockwise"}),
        (ROYAL_CASINO, {"preset": "dominican"}),
        (ROYAL_CASINO, {"preset": True}),
        (ROYAL_CASINO, {"direction": "counter-clockwise"}),
        (ROYAL_CASINO, {"direction": "anticlockwise", **DOM}),
        (ROYAL_CASINO, {"direction": "clockwise", **DOM}),
        (ROYAL_CASINO, {"nordic_specials": True, **DOM}),
    ],
)
def test_wrong_preset_options_are_refused(game: Any, options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptions):
        game.parse_options({"players": 2, **options})


# -- R-3a: counter-clockwise play ------------------------------------------------------------


def test_r3a_seats_stay_in_playing_order_only_the_table_turns() -> None:
    """Seat s+1 still plays after seat s and the deal still passes to seat dealer+1."""
    plain = ROYAL_CASINO.parse_options({"players": 3})
    on = ROYAL_CASINO.parse_options({"players": 3, **DOM})
    order = list(range(52))
    assert ROYAL_CASINO.setup_from_order(on, order, 2, []) == ROYAL_CASINO.setup_from_order(
        plain, order, 2, []
    )
    m = Match("royal_casino", {"players": 3, **DOM}, seed=7)
    state = m.deal()
    dealer = state.view(None)["dealer"]
    assert state.view(None)["direction"] == "counter-clockwise"
    turns = []
    for _ in range(6):
        seat = state.to_act[0]
        turns.append(seat)
        m.apply(state.legal_actions(seat)[0])
    assert turns == [(dealer + 1 + i) % 3 for i in range(6)]
    assert Match("royal_casino", {"players": 3}, seed=7).deal().view(None)["direction"] == (
        "clockwise"
    )


# -- R-3b: compulsory capture of equal loose cards -------------------------------------------


def test_r3b_a_card_matching_a_loose_card_may_not_trail() -> None:
    state = position(["5S 9C", "2D"], "5H 3C", game="royal_casino", **DOM)
    with pytest.raises(IllegalAction) as info:
        state.check(trail(0, "5S"))
    assert info.value.rule == "R-3b"
    state.check(trail(0, "9C"))  # no loose 9: trailing stays free
    plain = position(["5S 9C", "2D"], "5H 3C", game="royal_casino")
    plain.check(trail(0, "5S"))  # off the preset: T-1


def test_r3b_a_card_matching_a_loose_card_may_not_build() -> None:
    state = position(["5S 8C", "2D"], "5H 3C", game="royal_casino", **DOM)
    with pytest.raises(IllegalAction) as info:
        state.check(build(0, "5S", 8, "5S 3C"))
    assert info.value.rule == "R-3b"
    plain = position(["5S 8C", "2D"], "5H 3C", game="royal_casino")
    plain.check(build(0, "5S", 8, "5S 3C"))


def test_r3b_the_capture_must_take_every_equal_loose_card() -> None:
    state = position(["7S", "2D"], "7H 7D 4C 3C", game="royal_casino", **DOM)
    with pytest.raises(IllegalAction) as info:
        state.check(capture(0, "7S", "7H"))
    assert info.value.rule == "R-3b"
    with pytest.raises(IllegalAction):
        state.check(capture(0, "7S", "4C 3C"))
    state.check(capture(0, "7S", "7H", "7D"))
    state.check(capture(0, "7S", "7H", "7D", "4C 3C"))
    plain = position(["7S", "2D"], "7H 7D 4C 3C", game="royal_casino")
    plain.check(capture(0, "7S", "4C 3C"))  # C-21 off the preset


def test_r3b_a_played_ace_must_take_the_loose_aces_as_1_or_14() -> None:
    state = position(["AS 9C", "2D"], "AH 10C 4D", game="royal_casino", **DOM)
    with pytest.raises(IllegalAction):
        state.check(trail(0, "AS"))
    with pytest.raises(IllegalAction) as info:
        state.check(capture(0, "AS", "10C 4D", value=14))
    assert info.value.rule == "R-3b"
    state.check(capture(0, "AS", "AH", value=1))
    state.check(capture(0, "AS", "AH", "10C 4D", value=14))
    moves = playing(state, "AS")
    assert moves and all(isinstance(a, CaptureAction) for a in moves)
    assert all(any(c("AH") in s for s in a.sets) for a in moves if isinstance(a, CaptureAction))


def test_r3b_legal_actions_list_only_captures_for_a_matching_card() -> None:
    state = position(["5S 8C 2H", "2D"], "5H 3C", game="royal_casino", **DOM)
    fives = playing(state, "5S")
    assert fives and all(isinstance(a, CaptureAction) for a in fives)
    for a in fives:
        assert isinstance(a, CaptureAction)
        assert any(c("5H") in s for s in a.sets)
        state.check(a)
    # the other cards keep every kind of move
    assert any(isinstance(a, TrailAction) for a in playing(state, "8C"))
    assert any(isinstance(a, BuildAction) for a in playing(state, "2H"))
    plain = position(["5S 8C 2H", "2D"], "5H 3C", game="royal_casino")
    assert any(isinstance(a, TrailAction) for a in playing(plain, "5S"))


def test_r3b_an_owner_with_a_matching_card_still_has_a_move() -> None:
    state = position(
        ["9S 4C", "2D"], "4H", [(9, "single", 0, "6C 3D")], game="royal_casino", **DOM
    )
    keys = state.legal_actions(0)
    assert keys and not any(isinstance(a, TrailAction) for a in keys)
    # 4C must take 4H; 9S takes the build
    assert {a.card for a in keys} == set(cards("9S 4C"))


# -- R-3c: opposing sweeps cancel -------------------------------------------------------------


def test_r3c_standing_sweeps() -> None:
    rs = dom()
    assert rs.standing_sweeps([]) == []
    assert rs.standing_sweeps([0, 1]) == []
    assert rs.standing_sweeps([0, 0, 1]) == [0]
    assert rs.standing_sweeps([1, 0, 0, 0, 1]) == [0]
    three = dom(players=3)
    assert three.standing_sweeps([0, 1, 2]) == [2]  # 1 cancels 0; 2 finds none standing
    assert three.standing_sweeps([0, 0, 1, 2]) == []
    team = dom(players=4, partners=True)
    assert team.standing_sweeps([0, 2, 1]) == [2]  # partners never cancel each other
    assert team.standing_sweeps([0, 2, 3, 1]) == []
    assert RoyalVariant(players=2).standing_sweeps([0, 1]) == [0, 1]


def test_r3c_cancelled_sweeps_score_nothing() -> None:
    piles = [cards("2H 3H"), cards("4H 5H")]
    on = score_hand(dom(), piles, [0, 1, 0], (0, 0))
    off = score_hand(RoyalVariant(players=2), piles, [0, 1, 0], (0, 0))
    assert on.points["sweeps"] == (1, 0)
    assert off.points["sweeps"] == (2, 1)


def test_r3c_in_play_two_opposing_sweeps_leave_none() -> None:
    state = position(["6S 2C", "6H 3C"], "6D", game="royal_casino", **DOM)
    state.apply(capture(0, "6S", "6D"))  # a sweep for seat 0
    state.apply(trail(1, "3C"))
    state.apply(trail(0, "2C"))
    state.apply(trail(1, "6H"))  # 6H matches nothing loose (3C, 2C): may trail
    result = state.result()
    assert result is not None
    assert result.detail["sweeps"] == [0]
    assert result.detail["points"]["sweeps"] == [1, 0]
    state = position(["6S 2C", "5H 3C"], "6D", game="royal_casino", **DOM)
    state.apply(capture(0, "6S", "6D"))
    state.apply(trail(1, "3C"))
    state.apply(trail(0, "2C"))
    state.apply(capture(1, "5H", "3C 2C"))  # seat 1 sweeps back
    result = state.result()
    assert result is not None
    assert result.detail["sweeps"] == [0, 1]
    assert result.detail["standing_sweeps"] == []
    assert result.detail["points"]["sweeps"] == [0, 0]


# -- R-3d: the end game at 18 / 19 / 20 ---------------------------------------------------------


def test_r3d_item_counts() -> None:
    rs = dom()
    assert all(rs.item_counts(r, p) for r in range(18) for p in (1, 2, 3))
    assert [p for p in (1, 2, 3) if rs.item_counts(18, p)] == [3]
    assert [p for p in (1, 2, 3) if rs.item_counts(19, p)] == [2]
    assert [p for p in (1, 2, 3) if rs.item_counts(20, p)] == [1]
    assert dom(target=11).item_counts(8, 1) is False  # relative to the target
    assert all(RoyalVariant(players=2).item_counts(r, p) for r in (18, 19, 20) for p in (1, 2))


# Side 0 takes 10♦, 2♠, A♠ and more spades; side 1 takes most cards.
PILES = ["10D 2S AS 3S 4S 5S 6S 7S 8S", "rest"]


def _piles() -> list[list[int]]:
    named = cards(PILES[0])
    return [named, [x for x in range(52) if x not in named]]


def test_r3d_on_18_only_most_cards_can_score() -> None:
    s = score_hand(dom(), [_piles()[1], _piles()[0]], [], (18, 0))
    # side 0 now has most cards (43): 18 + 3 = 21, the count-out stops there
    assert s.counted == (3, 0) and s.stopped_at == "cards"
    s = score_hand(dom(), _piles(), [], (18, 0))
    # side 0 on 18: spades (1), 10♦ (2), 2♠ (1), A♠ (1) would not land on 21
    assert s.counted == (0, 6) and s.stopped_at is None
    assert [name for name, side in s.voided if side == 0] == [
        "spades",
        "big_casino",
        "little_casino",
        "aces",
    ]
    off = score_hand(RoyalVariant(players=2), _piles(), [], (18, 0))
    assert off.stopped_at == "big_casino"


def test_r3d_on_19_only_a_two_point_item_and_on_20_a_one_point_item() -> None:
    s = score_hand(dom(), _piles(), [], (19, 0))
    # spades (1) voided at 19, then 10♦ (2) lands on 21
    assert s.counted == (2, 3) and s.stopped_at == "big_casino"
    assert s.voided == (("spades", 0),)
    s = score_hand(dom(), _piles(), [], (20, 0))
    assert s.counted == (1, 3) and s.stopped_at == "spades"
    s = score_hand(dom(), _piles(), [], (0, 20))
    # side 1 on 20: most cards (3) would pass 21 and is voided; then A♣ (1) wins
    assert s.voided == (("cards", 1),) and s.stopped_at == "aces"
    assert s.counted == (5, 1)


def test_r3d_below_18_the_count_out_climbs_into_the_zone() -> None:
    s = score_hand(dom(), _piles(), [], (16, 0))
    # spades 16 -> 17, 10♦ 17 -> 19, 2♠ voided (19 + 1), A♠ voided
    assert s.counted == (3, 6) and s.stopped_at is None
    assert s.voided == (("little_casino", 0), ("aces", 0))


def test_r3d_a_match_with_the_preset_still_ends_at_exactly_the_target() -> None:
    m = Match("royal_casino", {"players": 2, **DOM}, seed=5)
    while not m.complete:
        state = m.deal()
        while not state.is_over:
            m.apply(state.legal_actions(state.to_act[0])[0])
    totals = m.result_json()["totals"]
    assert max(totals) == 21


def test_a_dealt_hand_with_the_preset_plays_through() -> None:
    state = deal(2, game="royal_casino", table=["5H", "9C", "2D", "KD"], **DOM)
    while not state.is_over:
        state.apply(state.legal_actions(state.to_act[0])[-1])
    assert state.result() is not None
