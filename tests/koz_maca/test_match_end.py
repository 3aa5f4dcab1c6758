"""KM-13 (finish score, extra deal on a tie for the top), KM-4 (options), KM-5 (dealer
rotation): T-KM-14 and the match around the deals."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from kahvehane.errors import InvalidOptions, MalformedSetup
from kahvehane.games.koz_maca import KOZ_MACA, match_status
from kahvehane.match import Match
from kahvehane.records import replay
from tests.koz_maca.helpers import build_setup, fake_history, start

RECORDS = Path(__file__).parent.parent / "records" / "koz_maca"


@pytest.mark.parametrize(("totals", "status"), [
    ([105, 98, 40, 12], ("won", 0)),           # T-KM-14
    ([120, 120, 90, 60], ("extra", None)),     # T-KM-14
    ([130, 110, 110, 20], ("won", 0)),         # T-KM-14: a tie below the top is no tie
    ([99, 98, 40, 12], ("continue", None)),
    ([100, 100, 100, 100], ("extra", None)),
    ([-5, 100, 3, 0], ("won", 1)),
])
def test_t_km_14_match_status(totals: list[int], status: tuple[str, int | None]) -> None:
    assert match_status(totals, 100) == status


def test_summary_names_the_winner() -> None:
    opts = KOZ_MACA.parse_options({})
    s = KOZ_MACA.summary(opts, fake_history([[105, 98, 40, 12]]))
    assert (s.complete, s.winner, s.totals) == (True, 0, (105, 98, 40, 12))
    s = KOZ_MACA.summary(opts, fake_history([[60, 60, 0, 0], [60, 60, 0, 0]]))
    assert (s.complete, s.winner) == (False, None)


def test_a_tie_for_the_top_makes_the_next_deal_an_extra_deal() -> None:
    opts = KOZ_MACA.parse_options({})
    tied = fake_history([[120, 120, 90, 60]])
    state = KOZ_MACA.new_deal(opts, build_setup({}, dealer=1), tied)
    assert state.extra_deal and state.partial_detail()["extra_deal"] is True
    plain = fake_history([[90, 90, 10, 0]])
    assert not KOZ_MACA.new_deal(opts, build_setup({}, dealer=1), plain).extra_deal


def test_finish_score_option() -> None:
    opts = KOZ_MACA.parse_options({"finish_score": 30})
    assert KOZ_MACA.summary(opts, fake_history([[31, 30, 0, 0]])).winner == 0
    assert not KOZ_MACA.summary(KOZ_MACA.parse_options({}),
                                fake_history([[31, 30, 0, 0]])).complete


@pytest.mark.parametrize("bad", [
    {"finish_score": 0}, {"finish_score": -10}, {"finish_score": 1.5},
    {"finish_score": True}, {"finish_score": "100"}, {"kasa_rule": "first"},
    {"entry": 1000},
])
def test_bad_options_are_rejected(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidOptions):
        KOZ_MACA.parse_options(bad)


def test_defaults() -> None:
    assert KOZ_MACA.parse_options(None) == {"finish_score": 100, "kasa_rule": "first_to_six"}


def test_km_5_dealer_rotates_to_the_next_seat() -> None:
    opts = KOZ_MACA.parse_options({})
    assert KOZ_MACA.next_first_seat(opts, []) is None
    assert KOZ_MACA.next_first_seat(opts, fake_history([[0] * 4], first_dealer=3)) == 0
    m = Match("koz_maca", seed="rotation")
    dealers = []
    for _ in range(5):
        state = m.deal()
        dealers.append(m.deals[-1].setup["dealer"])
        while not state.is_over:
            m.apply(state.legal_actions(state.to_act[0])[0])
        if m.complete:
            break
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))


def test_wrong_dealer_is_a_malformed_record() -> None:
    m = Match("koz_maca")
    state = m.deal(build_setup({}, dealer=0))
    while not state.is_over:
        m.apply(state.legal_actions(state.to_act[0])[0])
    with pytest.raises(MalformedSetup):
        m.deal(build_setup({}, dealer=2))


def _results(name: str) -> dict[str, object]:
    result: dict[str, object] = json.loads((RECORDS / f"{name}.expected.json").read_text())
    return result


def test_extra_deal_record_counts_scores_and_rotates() -> None:
    m = replay((RECORDS / "tie_extra_deal.json").read_text())
    first, extra = m.history
    totals = [sum(x) for x in zip(first.scores, strict=True)]
    top = max(totals)
    assert top >= 30 and totals.count(top) > 1
    assert extra.detail["extra_deal"] and extra.first_seat == (first.first_seat + 1) % 4
    assert m.result_json()["winner"] is not None and m.complete


def test_extra_deal_can_be_won_by_a_player_outside_the_tie() -> None:
    m = replay((RECORDS / "tie_extra_deal_outsider_wins.json").read_text())
    tied = [s for s, t in enumerate(m.history[0].scores) if t == max(m.history[0].scores)]
    assert m.result_json()["winner"] not in tied


def test_two_extra_deals_in_a_row() -> None:
    m = replay((RECORDS / "tie_two_extra_deals.json").read_text())
    assert [d.detail["extra_deal"] for d in m.history] == [False, True, True]


def test_an_extra_deal_is_an_ordinary_deal() -> None:
    state = start(build_setup({}, dealer=1), history=fake_history([[120, 120, 90, 60]]))
    assert state.extra_deal and state.to_act == (2,)
