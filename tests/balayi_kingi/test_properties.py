"""Random legal play, checked against the independent referee at every step:

* the engine's legal cards are exactly the referee's (BK-6, BK-9), tricks and scores agree;
* cards are conserved: piles + hands + played cards are the 52 cards, once each;
* no view and no event ever shows a card the viewer may not see — face-down cards, a
  locked hand (even to its owner), the opponent's hand, the layout before the contract;
* deals are zero-sum (BK-11);
* rejected actions leave every view and the legal actions unchanged;
* records of random seeded matches replay to the same result.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import card_name
from kahvehane.errors import IllegalAction
from kahvehane.games.balayi_kingi import (
    BALAYI_KINGI,
    CONTRACTS,
    BalayiKingiDeal,
    ChooseContract,
    Play,
)
from kahvehane.games.base import Action
from kahvehane.match import Match, derive_setup
from kahvehane.records import replay_result
from tests.balayi_kingi import referee as ref
from tests.balayi_kingi.helpers import names
from tests.koz_maca.test_properties import strings_in

ALL = {card_name(c) for c in range(52)}


def snapshot(state: BalayiKingiDeal) -> Any:
    return ([state.view(v) for v in (None, 0, 1)], [state.legal_actions(s) for s in (0, 1)],
            state.to_act, state.partial_detail())


def illegal_tries(state: BalayiKingiDeal, rng: random.Random) -> list[Action]:
    seat = state.to_act[0]
    legal = set(state.legal_actions(seat))
    tries: list[Action] = [Play(1 - seat, c) for c in rng.sample(range(52), 2)]
    tries += [ChooseContract(s, code) for s in (0, 1) for code in CONTRACTS]
    tries += [Play(seat, c) for c in rng.sample(range(52), 6)]
    return [a for a in tries if a not in legal]


def held(state: BalayiKingiDeal) -> list[str]:
    out = []
    for s in (0, 1):
        out += [card_name(c) for c in state.down[s] if c >= 0]
        out += [card_name(c) for c in state.up[s] if c >= 0]
        out += sorted(names(state.hands[s]))
    return out


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.integers(0, 9))
def test_random_deal_against_the_referee(seed: int, k: int) -> None:
    rng = random.Random(seed)
    codes = list(CONTRACTS)
    rng.shuffle(codes)
    history_codes = [codes[i // 2 % 5] if i % 2 == 0 else codes[(i // 2 + 1) % 5]
                     for i in range(k)]
    from tests.balayi_kingi.helpers import fake_history

    history = fake_history(history_codes, first_dealer=rng.randrange(2))
    setup = derive_setup(BALAYI_KINGI, {}, seed, k, history)
    state = BALAYI_KINGI.new_deal({}, setup, history)
    used = [[str(d.detail["contract"]) for d in history if d.detail["chooser"] == s]
            for s in (0, 1)]
    deal = ref.Deal(setup, used)
    played: list[str] = []
    step = 0
    while not state.is_over:
        seat = state.to_act[0]
        assert seat == deal.turn
        actions = state.legal_actions(seat)
        if state.phase == 1:
            assert {card_name(a.card) for a in actions if isinstance(a, Play)} == deal.legal(seat)
        else:
            assert [a.contract for a in actions if isinstance(a, ChooseContract)] == [
                c for c in CONTRACTS if c not in used[seat]]
        assert sorted(held(state) + played) == sorted(ALL)
        if step % 5 == 0:
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
        for viewer in (None, 0, 1):
            hidden = deal.hidden_from(viewer)
            assert not strings_in(state.view(viewer)) & hidden
            for e in events:
                assert not strings_in(e.for_seat(viewer)) & hidden
        assert state.unlocked == deal.unlocked
        step += 1
    result = state.result()
    assert result is not None
    assert list(result.detail["tricks"]) == deal.taken and sum(deal.taken) == 26
    assert sum(result.scores) == 0
    w = CONTRACTS[str(deal.contract)][0]
    assert list(result.scores) == [(t - 13) * w for t in deal.taken]


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**9), st.booleans())
def test_records_of_random_matches_replay(seed: int, setups: bool) -> None:
    rng = random.Random(seed)
    m = Match("balayi_kingi", seed=seed)
    while not m.complete:
        state = m.deal()
        while not state.is_over:
            m.apply(rng.choice(state.legal_actions(state.to_act[0])))
    record = m.to_record(include_setups=setups)
    assert replay_result(record) == m.result_json()
    keys = ("contract", "chooser", "weight", "tricks")
    expected = dict(m.result_json())
    expected["deals"] = [{**d, "detail": {k: d["detail"][k] for k in keys}}
                         for d in expected["deals"]]
    assert ref.referee(record) == expected
    assert sum(m.result_json()["totals"]) == 0
