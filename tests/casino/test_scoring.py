"""End of hand and scoring (docs/rules/casino.md): E-1..E-6, S-1..S-3, R-count-out.

T15 (residue), T16 (ties), T18 (Royal count-out), T19 (Casino end), T22 (sweep).
"""

from __future__ import annotations

import pytest

from kahvehane.games.base import DealResult
from kahvehane.games.casino import CASINO, ROYAL_CASINO, TrailAction
from kahvehane.games.casino.scoring import score_hand, unique_max
from kahvehane.games.casino.values import CasinoVariant, RoyalVariant

from .helpers import capture, cards, position, trail

ALL = list(range(52))


def piles_of(*texts: str) -> list[list[int]]:
    """Piles from explicit cards; a trailing ``"rest"`` pile takes every card not named."""
    named = [cards(t) for t in texts if t != "rest"]
    used = {x for p in named for x in p}
    if "rest" in texts:
        named.insert(texts.index("rest"), [x for x in ALL if x not in used])
    return named


# -- T15 / E-2: the residue -------------------------------------------------------------------


def test_t15_residue_goes_to_the_last_capturer_and_is_no_sweep() -> None:
    state = position(["9S", "2C"], "3D 4H", last_capturer=1, sweeps=True)
    state.apply(trail(0, "9S"))
    events = state.apply(trail(1, "2C"))
    result = state.result()
    assert result is not None
    assert result.detail["residue"] == {"to": 1, "cards": 4}
    assert result.detail["sweeps"] == [] and result.detail["points"]["sweeps"] == [0, 0]
    assert sorted(state.piles[1]) == sorted(cards("3D 4H 9S 2C"))
    assert [e.kind for e in events] == ["trail", "residue", "hand_end"]
    assert events[1].public == {"cards": ["3D", "4H", "9S", "2C"]}


def test_residue_of_a_build_left_on_the_table_goes_too() -> None:
    """A synthetic position: the build's owner has no cards left, so the build remains."""
    state = position(["9S", "2C", ""], "", [(7, "single", 2, "3D 4H")], last_capturer=0)
    state.apply(trail(0, "9S"))
    state.apply(trail(1, "2C"))
    result = state.result()
    assert result is not None
    assert result.detail["residue"] == {"to": 0, "cards": 4}
    assert sorted(state.piles[0]) == sorted(cards("9S 2C 3D 4H"))


def test_e2_with_no_capture_the_residue_scores_for_nobody() -> None:
    state = position(["10D AS", "2S 3H"], "4C")
    for action in (trail(0, "10D"), trail(1, "2S"), trail(0, "AS"), trail(1, "3H")):
        state.apply(action)
    result = state.result()
    assert result is not None
    assert result.detail["residue"] == {"to": None, "cards": 5}
    assert result.scores == (0, 0)
    assert result.detail["cards"] == [0, 0]


def test_e1_the_hand_ends_when_the_last_card_is_played() -> None:
    state = position(["9S", "2C"], "9H", last_capturer=None)
    state.apply(capture(0, "9S", "9H"))
    assert not state.is_over and state.to_act == (1,)
    state.apply(trail(1, "2C"))
    assert state.is_over and state.to_act == () and state.legal_actions(1) == []


# -- T16 / E-3 / E-4 / E-5: items and ties ----------------------------------------------------


def test_t16_tied_cards_score_nothing() -> None:
    spades = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    p0 = spades[:7] + [x for x in ALL if x >= 13][:19]
    p1 = [x for x in ALL if x not in p0]
    assert (len(p0), len(p1)) == (26, 26)
    score = score_hand(CasinoVariant(players=2), [p0, p1], [], (0, 0))
    assert score.points["cards"] == (0, 0)
    assert score.points["spades"] == (1, 0)
    non_sweep = sum(sum(v) for k, v in score.points.items() if k != "sweeps")
    assert non_sweep == 8


def test_e3_item_values() -> None:
    p0, p1 = piles_of("10D 2S AS AH AD AC 3S", "rest")
    score = score_hand(CasinoVariant(players=2), [p0, p1], [], (0, 0))
    assert score.points == {
        "cards": (0, 3), "spades": (0, 1), "aces": (4, 0),
        "big_casino": (2, 0), "little_casino": (1, 0), "sweeps": (0, 0),
    }
    assert score.counted == (7, 4)


def test_e4_ties_among_three() -> None:
    assert unique_max([20, 20, 12]) is None
    p = [cards("2H 3H 4H"), cards("5H 6H 7H"), [x for x in ALL if x not in
                                                cards("2H 3H 4H 5H 6H 7H")]]
    score = score_hand(CasinoVariant(players=3), p, [], (0, 0, 0))
    assert score.points["cards"] == (0, 0, 3)


@pytest.mark.parametrize(("cards_tied", "spades_tied", "total"),
                         [(False, False, 11), (False, True, 10), (True, False, 8),
                          (True, True, 7)])
def test_e5_non_sweep_points_per_hand(cards_tied: bool, spades_tied: bool, total: int) -> None:
    """Three players, so that 13 spades can tie (5, 5, 3); all 52 cards are taken."""
    spades = cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    others = [x for x in ALL if x not in spades]
    sizes = (20, 20, 12) if cards_tied else (20, 18, 14)
    taken = (5, 5, 3) if spades_tied else (6, 4, 3)
    piles, s_at, o_at = [], 0, 0
    for n, k in zip(sizes, taken, strict=True):
        piles.append(spades[s_at : s_at + k] + others[o_at : o_at + n - k])
        s_at, o_at = s_at + k, o_at + n - k
    assert sorted(x for p in piles for x in p) == ALL
    score = score_hand(CasinoVariant(players=3), piles, [], (0, 0, 0))
    assert sum(sum(v) for k, v in score.points.items() if k != "sweeps") == total


# -- S-1..S-3, T22: sweeps --------------------------------------------------------------------


def test_t22_a_sweep_scores_and_leaves_the_next_player_only_trails() -> None:
    state = position(["6S 9C", "KD 4H", "2C 3C"], "6C 6D 3S 3D", sweeps=True)
    events = state.apply(capture(0, "6S", "6C", "6D", "3S 3D"))
    assert events[0].public["sweep"] is True
    assert state.sweeps == [0]
    listed = state.legal_actions(1)
    assert listed and all(isinstance(a, TrailAction) for a in listed)


def test_without_sweeps_clearing_the_table_is_no_sweep() -> None:
    state = position(["6S 9C", "KD 4H"], "6C", sweeps=False)
    events = state.apply(capture(0, "6S", "6C"))
    assert events[0].public["sweep"] is False and state.sweeps == []


def test_s1_a_sweep_on_the_final_play_counts_and_s3_order() -> None:
    state = position(["6S 5H", "5C 7D"], "6C", sweeps=True)
    state.apply(capture(0, "6S", "6C"))  # sweep by 0
    state.apply(trail(1, "5C"))
    state.apply(capture(0, "5H", "5C"))  # sweep by 0
    state.apply(trail(1, "7D"))
    result = state.result()
    assert result is not None and result.detail["sweeps"] == [0, 0]
    assert result.detail["residue"] == {"to": 0, "cards": 1}  # the 7♦: no sweep
    state = position(["6S 2H", "2C 2D"], "6C", sweeps=True)
    state.apply(capture(0, "6S", "6C"))
    state.apply(trail(1, "2C"))
    state.apply(trail(0, "2H"))
    state.apply(capture(1, "2D", "2C", "2H"))  # the last play clears the table: a sweep
    result = state.result()
    assert result is not None
    assert result.detail["sweeps"] == [0, 1]  # in the order made (S-3)
    assert result.detail["points"]["sweeps"] == [1, 1]
    assert result.detail["residue"] == {"to": 1, "cards": 0}
    state2 = position(["6S 5H", "7C 5D"], "6C", sweeps=True)
    state2.apply(capture(0, "6S", "6C"))
    state2.apply(trail(1, "7C"))
    state2.apply(trail(0, "5H"))
    state2.apply(capture(1, "5D", "5H"))  # the 7♣ stays: residue, not a sweep
    r2 = state2.result()
    assert r2 is not None and r2.detail["sweeps"] == [0]
    assert r2.detail["residue"] == {"to": 1, "cards": 1}


def test_final_capture_clearing_the_table_is_a_sweep() -> None:
    state = position(["6S", "7D"], "6C 7C", sweeps=True)
    state.apply(capture(0, "6S", "6C"))
    state.apply(capture(1, "7D", "7C"))
    result = state.result()
    assert result is not None
    assert result.detail["sweeps"] == [1]
    assert result.detail["residue"] == {"to": 1, "cards": 0}
    assert result.detail["points"]["sweeps"] == [0, 1]


def test_sweeps_score_in_casino_when_enabled() -> None:
    score = score_hand(CasinoVariant(players=2, sweeps=True), piles_of("rest", ""), [1, 1, 0],
                       (0, 0))
    assert score.points["sweeps"] == (1, 2)


# -- T18 / R-count-out ------------------------------------------------------------------------


def test_t18_count_out_stops_at_the_target() -> None:
    p0 = [x for x in ALL if x not in cards("AS 2S 3S 4S 5S 6S 7S 10D")][:30]
    p1 = [x for x in ALL if x not in p0]
    score = score_hand(RoyalVariant(players=2), [p0, p1], [], (19, 20))
    assert score.points["cards"] == (3, 0)
    assert score.points["spades"] == (0, 1) and score.points["big_casino"] == (0, 2)
    assert score.stopped_at == "cards"
    assert score.counted == (3, 0)  # P0 reaches 22 first: nothing else is counted


def test_count_out_item_by_item() -> None:
    """Order: cards, spades, 10♦, 2♠, aces ♠ ♣ ♥ ♦, sweeps in order (R-count-out)."""
    rs = RoyalVariant(players=2)
    p1 = cards("2S AS AC 3S 4S 5S 6S 7S 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
               " 2C 3C 4C 5C 6C 7C")
    p0 = [x for x in ALL if x not in p1]
    # 26 cards each (tied); P1 has 7 spades, 2♠, A♠ and A♣; P0 has 10♦, A♥ and A♦
    cases = {
        (20, 20): ("spades", (0, 1)),
        (19, 19): ("big_casino", (2, 1)),
        (15, 19): ("little_casino", (2, 2)),
        (10, 18): ("aces", (2, 3)),  # 18 + spades + 2♠ + A♠ = 21
        (17, 14): ("aces", (4, 4)),  # P0: 17 + 10♦ + A♥ + A♦ = 21
        (10, 15): (None, (4, 4)),
    }
    for before, (stopped, counted) in cases.items():
        score = score_hand(rs, [p0, p1], [], before)
        assert (score.stopped_at, score.counted) == (stopped, counted), before
        assert score.points["cards"] == (0, 0)
    swept = score_hand(rs, [p0, p1], [1, 0, 0], (10, 16))
    assert swept.stopped_at == "sweeps" and swept.counted == (4, 5)
    assert swept.points["sweeps"] == (2, 1)


# -- T19 / E-6: the end of a Casino match -----------------------------------------------------


def _history(*scores: tuple[int, ...]) -> list[DealResult]:
    return [DealResult(s, "cards", {}, i % len(s)) for i, s in enumerate(scores)]


@pytest.mark.parametrize(
    ("scores", "complete", "winner"),
    [
        ([(11, 12), (11, 11)], True, 1),  # 22 v 23
        ([(11, 11), (11, 11)], False, None),  # 22 v 22: another hand
        ([(10, 10), (10, 9)], False, None),  # 20 v 19
        ([(21, 3)], True, 0),
        ([(7, 8, 6), (8, 7, 15)], True, 2),  # 15 15 21
        ([(11, 10, 11, 10), (11, 11, 11, 11)], True, [0, 2]),  # partners 22 v 21
    ],
)
def test_t19_casino_match_end(scores: list[tuple[int, ...]], complete: bool,
                              winner: int | list[int] | None) -> None:
    n = len(scores[0])
    opts = CASINO.parse_options({"players": n, "partners": n == 4})
    summary = CASINO.summary(opts, _history(*scores))
    assert (summary.complete, summary.winner) == (complete, winner)
    assert summary.totals == tuple(sum(s[i] for s in scores) for i in range(n))


def test_royal_match_ends_with_the_side_that_reached_the_target() -> None:
    opts = ROYAL_CASINO.parse_options({"players": 2})
    assert ROYAL_CASINO.summary(opts, _history((11, 20), (4, 2))).winner == 1
    assert not ROYAL_CASINO.summary(opts, _history((11, 20))).complete


def test_partners_scores_show_the_side_figure() -> None:
    state = position(["6S", "7D", "5C", "QH"], "6C 7C", partners=True)
    state.apply(capture(0, "6S", "6C"))
    state.apply(capture(1, "7D", "7C"))
    state.apply(trail(2, "5C"))
    state.apply(trail(3, "QH"))
    result = state.result()
    assert result is not None
    a, b = result.scores[0], result.scores[1]
    assert result.scores == (a, b, a, b)
    assert result.detail["cards"] == [2, 4, 2, 4]  # residue 5♣ Q♥ to seat 1's side
    assert result.detail["residue"] == {"to": 1, "cards": 2}
    assert result.detail["points"]["cards"] == [0, 3, 0, 3]
    assert state.legal_actions(0) == []
