"""BK-2 (10 deals, alternating dealer) and BK-4 (the non-dealer names each contract once):
T-BK-3."""

from __future__ import annotations

import itertools
import random

import pytest

from kahvehane.errors import IllegalAction, MalformedAction
from kahvehane.games.balayi_kingi import (
    BALAYI_KINGI,
    CONTRACTS,
    BalayiKingiDeal,
    ChooseContract,
)
from kahvehane.match import Match
from tests.balayi_kingi.helpers import fake_history, make_setup, start


def test_weights() -> None:
    assert {c: w for c, (w, _) in CONTRACTS.items()} == {"C": 1, "D": 2, "H": 3, "S": 4,
                                                          "NT": 5}


def test_t_bk_3_schedule_over_a_match() -> None:
    rng = random.Random(3)
    m = Match("balayi_kingi", seed="schedule")
    named: dict[int, list[str]] = {0: [], 1: []}
    choosers = []
    while not m.complete:
        state = m.deal()
        assert isinstance(state, BalayiKingiDeal)
        chooser = state.chooser
        choosers.append(chooser)
        options = [a.contract for a in state.legal_actions(chooser)
                   if isinstance(a, ChooseContract)]
        assert options == [c for c in CONTRACTS if c not in named[chooser]]
        if len(named[chooser]) == 4:
            assert len(options) == 1  # the 5th choice is forced
        for used in named[chooser]:
            with pytest.raises(IllegalAction) as info:
                state.apply(ChooseContract(chooser, used))
            assert info.value.rule == "BK-4"
        pick = rng.choice(options)
        m.apply(ChooseContract(chooser, pick))
        named[chooser].append(pick)
        while not state.is_over:
            m.apply(rng.choice(state.legal_actions(state.to_act[0])))
    assert len(m.history) == 10
    assert all(a != b for a, b in itertools.pairwise(choosers))
    assert sorted(named[0]) == sorted(named[1]) == sorted(CONTRACTS)
    dealers = [d.first_seat for d in m.history]
    assert dealers == [dealers[0], 1 - dealers[0]] * 5


def test_only_the_non_dealer_chooses() -> None:
    state = start(make_setup(dealer=0))
    assert state.to_act == (1,)
    with pytest.raises(IllegalAction) as info:
        state.apply(ChooseContract(0, "H"))
    assert info.value.rule == "BK-4"
    state.apply(ChooseContract(1, "H"))
    with pytest.raises(IllegalAction):
        state.apply(ChooseContract(1, "S"))  # a second choice


def test_used_contracts_come_from_the_history() -> None:
    history = fake_history(["H", "S", "C", "D"], first_dealer=0)  # seat 1 named H and C
    state = BALAYI_KINGI.new_deal({}, make_setup(dealer=0), history)
    assert [a.contract for a in state.legal_actions(1) if isinstance(a, ChooseContract)
            ] == ["D", "S", "NT"]
    assert state.view(None)["players"][1]["used_contracts"] == ["H", "C"]


def test_a_chooser_with_nothing_left_is_not_a_deal() -> None:
    from kahvehane.errors import MalformedSetup

    history = fake_history(["C", "C", "D", "D", "H", "H", "S", "S", "NT", "NT"])
    with pytest.raises(MalformedSetup):
        BALAYI_KINGI.new_deal({}, make_setup(dealer=0), history)


def test_record_form() -> None:
    assert BalayiKingiDeal.parse_action({"seat": 1, "act": "contract", "contract": "NT"}) \
        == ChooseContract(1, "NT")
    for bad in ({"seat": 1, "act": "contract", "contract": "nt"},
                {"seat": 1, "act": "contract", "contract": "X"},
                {"seat": 1, "act": "contract"},
                {"seat": 2, "act": "contract", "contract": "H"},
                {"seat": 1, "act": "bid", "tricks": 3},
                {"seat": 0, "act": "play", "card": "ZZ"}):
        with pytest.raises(MalformedAction):
            BalayiKingiDeal.parse_action(bad)
    state = start(make_setup(dealer=0))
    with pytest.raises(MalformedAction):
        state.apply(ChooseContract(1, "X"))


def test_options() -> None:
    from kahvehane.errors import InvalidOptions

    assert BALAYI_KINGI.parse_options({}) == {}
    with pytest.raises(InvalidOptions):
        BALAYI_KINGI.parse_options({"deals": 10})
