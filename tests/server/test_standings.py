"""The standings policy: what a finished match writes for each seat, as a pure function
of the match's summary (no database)."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from kahvehane.bots import make_bot
from kahvehane.games.base import MatchSummary
from kahvehane.match import Match
from kahvehane.store.standings import seat_outcomes


def _results(summary: MatchSummary, seats: int = 4) -> list[str]:
    return [o.result for o in seat_outcomes(summary, ["a"] * seats, [None] * seats)]


def test_a_single_winner_and_partners() -> None:
    assert _results(MatchSummary(True, (10, 30, 20, 5), 1)) == ["loss", "win", "loss", "loss"]
    assert _results(MatchSummary(True, (3, -3, 3, -3), [0, 2])) == ["win", "loss", "win",
                                                                    "loss"]


def test_a_shared_first_place_is_a_draw_by_ranking_points_else_by_totals() -> None:
    # Okey: the ranking points decide who shares first place, not the totals.
    rp = MatchSummary(True, (100, 40, 90, 100), None, {"ranking_points": [2.5, 2.5, 1, 0]})
    assert _results(rp) == ["draw", "draw", "loss", "loss"]
    assert _results(MatchSummary(True, (11, 7, 11), None), 3) == ["draw", "loss", "draw"]


def test_rows_carry_people_names_totals_and_points_x12() -> None:
    summary = MatchSummary(True, (12, 3, -4, 0), 0,
                           {"ranking_points": [3.5, float(Fraction(5, 3)), -1, 0]})
    out = seat_outcomes(summary, ["Ayşe", "bot:heuristic", "Can"], [7, None, 9, None])
    assert [(o.seat, o.user_id, o.name, o.total) for o in out] == [
        (0, 7, "Ayşe", 12), (1, None, "bot:heuristic", 3), (2, 9, "Can", -4), (3, None, "?", 0)]
    assert [o.points_x12 for o in out] == [42, 20, -12, 0]
    assert all(o.chips_net == 0 for o in out)  # the settlement fills it in
    plain = seat_outcomes(MatchSummary(True, (1, 2), 1), ["a", "b"], [1, 2])
    assert [o.points_x12 for o in plain] == [0, 0]


def test_a_real_match_summary() -> None:
    """An Okey match played to its end by bots: points are the rules' ranking points
    × 12; the winner wins, or (no single winner) the best ranking points draw."""
    m = Match("duz_okey", {"deals": 3}, seed="standings")
    bots = [make_bot("duz_okey", "heuristic", s, random.Random(s)) for s in range(4)]
    while not m.complete:
        state = m.deal()
        while not state.is_over:
            seat = state.to_act[0]
            m.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    summary = m.rules.summary(m.options, m.history)
    out = seat_outcomes(summary, ["a", "b", "c", "d"], [1, 2, 3, 4])
    rp = summary.extra["ranking_points"]
    assert [o.points_x12 for o in out] == [round(p * 12) for p in rp]
    assert [o.total for o in out] == list(summary.totals)
    winner = summary.winner
    if winner is None:
        assert [o.result for o in out] == ["draw" if p == max(rp) else "loss" for p in rp]
    else:
        winners = {winner} if isinstance(winner, int) else set(winner)
        assert [o.result for o in out] == ["win" if s in winners else "loss"
                                           for s in range(4)]


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=4), st.data())
def test_exactly_the_winners_win_and_draws_need_a_shared_first(
        totals: list[int], data: st.DataObject) -> None:
    n = len(totals)
    winner = data.draw(st.none() | st.integers(0, n - 1)
                       | st.lists(st.integers(0, n - 1), min_size=1, unique=True).map(sorted))
    out = _results(MatchSummary(True, tuple(totals), winner), n)
    if winner is None:
        best = max(totals)
        assert out == ["draw" if t == best else "loss" for t in totals]
    else:
        winners = {winner} if isinstance(winner, int) else set(winner)
        assert {i for i, r in enumerate(out) if r == "win"} == winners
        assert "draw" not in out


def test_play_rule_counts_half_of_ones_own_decisions_and_the_leaver_is_last() -> None:
    from kahvehane.store.standings import play_rule

    rp = MatchSummary(True, (9, 5, 7, 3), 0, {"ranking_points": [3, 1, 2, 0]})
    out = seat_outcomes(rp, ["a", "b", "c", "d"], [1, 2, 3, None])
    ruled = play_rule(out, ["left", "", "away", ""], [(40, 2), (5, 5), (4, 6), (0, 10)])
    # the leaver (a winner by the totals) loses, in last place: the lowest points
    assert (ruled[0].result, ruled[0].points_x12, ruled[0].counted, ruled[0].left) == (
        "loss", 0, True, True)
    assert ruled[1].counted  # exactly half their own
    assert not ruled[2].counted  # less than half
    assert not ruled[3].counted  # a bot's seat is no one's
    assert not play_rule(out, ["", "", "", ""], [(0, 0)] * 4)[1].counted  # no decision
    assert [o.chips_net for o in ruled] == [o.chips_net for o in out]


def test_levels_grow_with_counted_matches() -> None:
    from kahvehane.store.ratings import level_of, shown

    assert [level_of(m) for m in (0, 4, 5, 15, 30, 50)] == [1, 1, 2, 3, 4, 5]
    assert shown(25.0, 25 / 3) == 1000 and shown(30.0, 2.0) > shown(30.0, 5.0)
