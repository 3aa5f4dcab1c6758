"""KM-15: the Kasa claimant — first to 6 tricks (default) or tricks 1–6 (option), one
claim per match, in the deal's ``detail`` and at the top of the replay: T-KM-17."""

from __future__ import annotations

from pathlib import Path

from kahvehane.games.koz_maca import KOZ_MACA, KozMacaDeal
from kahvehane.records import replay, replay_result
from tests.koz_maca.helpers import bid_all, build_setup, fake_history, start
from tests.koz_maca.test_scoring import ALL_SPADES

RECORDS = Path(__file__).parent.parent / "records" / "koz_maca"


def _reach_six(history: list[tuple[int, tuple[int, ...], int]]) -> dict[int, int]:
    count = [0] * 4
    at: dict[int, int] = {}
    for n, (_lead, _cards, w) in enumerate(history, 1):
        count[w] += 1
        if count[w] == 6:
            at[w] = n
    return at


def test_claim_at_the_sixth_trick() -> None:
    state = start(ALL_SPADES)
    bid_all(state, (13, 1, 1, 1))
    for _ in range(5 * 4):
        state.apply(state.legal_actions(state.turn)[0])
    assert state.claimant is None
    events = []
    for _ in range(4):
        events += state.apply(state.legal_actions(state.turn)[0])
    assert state.claimant == 0 and state.claim_trick == 6
    assert [e.kind for e in events][-1] == "kasa_claim"


def test_t_km_17_the_first_to_reach_six_claims() -> None:
    """In the record's deal 0, seat 1 reaches 6 tricks at trick 9 and seat 3 at trick 12;
    in deal 1 seat 0 reaches 6 tricks and nothing changes."""
    m = replay((RECORDS / "kasa_order_two_reach_six.json").read_text())
    deal0, deal1 = (d.state for d in m.deals)
    assert isinstance(deal0, KozMacaDeal) and isinstance(deal1, KozMacaDeal)
    assert _reach_six(deal0.history) == {1: 9, 3: 12}
    assert m.history[0].detail["kasa_claimant"] == 1
    assert 0 in _reach_six(deal1.history)
    assert m.history[1].detail["kasa_claimant"] is None
    assert m.result_json()["kasa_claimant"] == 1


def test_one_claim_per_match() -> None:
    opts = KOZ_MACA.parse_options({})
    state = KOZ_MACA.new_deal(opts, ALL_SPADES, fake_history([[0] * 4], first_dealer=2,
                                                             claims=[2]))
    bid_all(state, (13, 1, 1, 1))
    while not state.is_over:
        state.apply(state.legal_actions(state.turn)[0])
    assert state.won[0] == 13 and state.claimant is None
    assert KOZ_MACA.summary(opts, fake_history([[0] * 4, [0] * 4],
                                               claims=[None, 3])).extra == {"kasa_claimant": 3}


def test_first_six_tricks_rule_claims_only_a_clean_sweep_of_tricks_1_to_6() -> None:
    state = start(ALL_SPADES, {"kasa_rule": "first_six_tricks"})
    bid_all(state, (13, 1, 1, 1))
    while not state.is_over:
        state.apply(state.legal_actions(state.turn)[0])
    assert state.claimant == 0
    # A deal in which someone reaches 6 tricks later than trick 6: no claim.
    m = replay((RECORDS / "kasa_first_six_tricks_no_claim.json").read_text())
    deal = m.deals[0].state
    assert isinstance(deal, KozMacaDeal) and _reach_six(deal.history)
    assert m.history[0].detail["kasa_claimant"] is None


def test_first_to_six_on_the_same_deal_claims() -> None:
    """The no-claim deal of first_six_tricks does produce a claim under the default."""
    import json

    rec = json.loads((RECORDS / "kasa_first_six_tricks_no_claim.json").read_text())
    rec["options"] = {"kasa_rule": "first_to_six"}
    assert replay_result(rec)["kasa_claimant"] is not None


def test_claim_in_view_and_detail() -> None:
    state = start(build_setup({}))
    assert state.view(None)["kasa_open"] and state.partial_detail()["kasa_claimant"] is None
