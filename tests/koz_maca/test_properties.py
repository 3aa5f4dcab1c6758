"""Random legal play, checked against the independent referee at every step:

* the engine's legal cards are exactly the referee's (KM-8 … KM-10), and trick counts,
  scores and the Kasa claim agree;
* cards are conserved: hands + played cards are always the 52 cards, once each;
* no view and no event ever shows a card still in another seat's hand;
* rejected actions leave every view and the legal actions unchanged;
* records of random seeded matches replay to the same result.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name, parse_card
from kahvehane.errors import IllegalAction
from kahvehane.games.base import Action
from kahvehane.games.koz_maca import KOZ_MACA, Bid, KozMacaDeal, Play
from kahvehane.match import Match, derive_setup
from kahvehane.records import replay_result
from tests.koz_maca import referee as ref

ALL = {card_name(c) for c in range(52)}


def strings_in(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(strings_in(k) | strings_in(v) for k, v in obj.items()))
    if isinstance(obj, list | tuple):
        return set().union(*(strings_in(x) for x in obj))
    return set()


def hidden_from(deal: ref.Deal, viewer: int | None) -> set[str]:
    return {c for s in range(4) if s != viewer for c in deal.hands[s]}


def snapshot(state: KozMacaDeal) -> Any:
    return ([state.view(v) for v in (None, 0, 1, 2, 3)],
            [state.legal_actions(s) for s in range(4)], state.to_act,
            state.partial_detail())


def illegal_tries(state: KozMacaDeal, rng: random.Random) -> list[Action]:
    seat = state.turn
    legal = set(state.legal_actions(seat))
    tries: list[Action] = [Bid((seat + 1) % 4, 3), Play((seat + 1) % 4, 0), Bid(seat, 0),
                           Bid(seat, 14)]
    if state.phase == 1:
        tries.append(Bid(seat, 3))
        bad = [Play(seat, c) for c in range(52) if Play(seat, c) not in legal]
        tries += rng.sample(bad, min(3, len(bad)))
    else:
        tries += [Play(seat, c) for c in rng.sample(range(52), 2)]
    return [a for a in tries if a not in legal]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(["first_to_six", "first_six_tricks"]))
def test_random_deal_against_the_referee(seed: int, kasa_rule: str) -> None:
    rng = random.Random(seed)
    opts = KOZ_MACA.parse_options({"kasa_rule": kasa_rule})
    setup = derive_setup(KOZ_MACA, opts, seed, 0, [])
    state = KOZ_MACA.new_deal(opts, setup, [])
    deal = ref.Deal(setup, kasa_rule, True, False)
    played: list[str] = []
    step = 0
    while not state.is_over:
        seat = state.to_act[0]
        assert seat == deal.next_seat()
        actions = state.legal_actions(seat)
        if state.phase == 1:
            assert {card_name(a.card) for a in actions if isinstance(a, Play)} == \
                ref.legal_cards(deal.hands[seat], deal.trick, deal.broken)
        # conservation
        held = [c for s in range(4) for c in ALL if state.hands[s] >> parse_card(c) & 1]
        assert sorted(held + played) == sorted(ALL)
        if step % 7 == 0:
            before = snapshot(state)
            for bad in illegal_tries(state, rng):
                try:
                    state.apply(bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"accepted {bad}")
                assert snapshot(state) == before
        action = rng.choice(actions)
        events = state.apply(action)
        assert deal.act(action.to_json()) is None
        if isinstance(action, Play):
            played.append(card_name(action.card))
        for viewer in (None, 0, 1, 2, 3):
            hidden = hidden_from(deal, viewer)
            assert not strings_in(state.view(viewer)) & hidden
            for e in events:
                assert not strings_in(e.for_seat(viewer)) & hidden
        step += 1
    result = state.result()
    assert result is not None
    assert list(result.scores) == deal.scores()
    assert result.detail["tricks"] == deal.taken and sum(deal.taken) == 13
    assert result.detail["kasa_claimant"] == deal.claimant


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([10, 30, 60]), st.booleans())
def test_records_of_random_matches_replay(seed: int, finish: int, setups: bool) -> None:
    rng = random.Random(seed)
    m = Match("koz_maca", {"finish_score": finish}, seed=seed)
    while not m.complete and len(m.deals) < 12:
        state = m.deal()
        while not state.is_over:
            seat = state.to_act[0]
            acts = state.legal_actions(seat)
            bids = [a for a in acts if isinstance(a, Bid) and a.tricks <= 4]
            m.apply(rng.choice(bids or acts))
    record = m.to_record(include_setups=setups)
    assert replay_result(record) == m.result_json()
    assert ref.referee(record) == _without_extra_keys(m.result_json())


def _without_extra_keys(result: dict[str, Any]) -> dict[str, Any]:
    out = dict(result)
    out["deals"] = [{**d, "detail": {k: d["detail"][k] for k in
                                     ("bids", "tricks", "kasa_claimant", "extra_deal")}}
                    for d in result["deals"]]
    return out
