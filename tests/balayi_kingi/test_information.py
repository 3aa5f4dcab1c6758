"""BK-5 / BK-6: who sees what. Face-up cards are public; face-down cards are seen by
nobody; a hand is seen by nobody — not its owner — until he wins a trick (or his tableau
empties), and then by him alone: T-BK-5."""

from __future__ import annotations

import random

import pytest

from kahvehane.cards import parse_card
from kahvehane.errors import IllegalAction
from kahvehane.games.balayi_kingi import BalayiKingiDeal, Play
from kahvehane.match import Match
from tests.balayi_kingi.helpers import choose, make_setup, names, start
from tests.koz_maca.test_properties import strings_in

SETUP = make_setup(dealer=0, up={0: ["2D", "AS"]}, down={0: ["KH"]},
                   hands={0: ["QC"], 1: ["KC"]})


def test_before_the_contract_only_the_five_exist() -> None:
    state = start(SETUP)
    ups = [p[1] for p in SETUP["piles"][1][:5]]
    hidden = {c for row in SETUP["piles"] for p in row for c in p} | {
        c for h in SETUP["hands"] for c in h}
    hidden -= set(ups)
    for viewer in (None, 0, 1):
        seen = strings_in(state.view(viewer))
        assert set(ups) <= seen
        assert not seen & hidden
        assert "hand" not in state.view(viewer)


def test_locked_hand_is_hidden_from_its_owner() -> None:
    state = start(SETUP)
    choose(state, "S")
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert "hand" not in view
        assert not strings_in(view) & set(SETUP["hands"][0] + SETUP["hands"][1])
        assert [p["hand_count"] for p in view["players"]] == [6, 6]
        assert [p["unlocked"] for p in view["players"]] == [False, False]


def test_winning_a_trick_unlocks_for_the_owner_only() -> None:
    state = start(SETUP)
    choose(state, "S")
    assert state.turn == 0  # 2D is the lowest face-up diamond
    state.apply(Play(0, parse_card("AS")))
    events = state.apply(state.legal_actions(1)[0])
    unlock = [e for e in events if e.kind == "unlock"]
    assert len(unlock) == 1 and unlock[0].seat == 0
    assert set(unlock[0].for_seat(0)["hand"]) == set(SETUP["hands"][0])
    assert "hand" not in unlock[0].for_seat(1) and "hand" not in unlock[0].for_seat(None)
    assert set(state.view(0)["hand"]) == set(SETUP["hands"][0])
    for viewer in (None, 1):
        assert not strings_in(state.view(viewer)) & set(SETUP["hands"][0])
    assert state.view(None)["players"][0]["unlocked"] is True


def test_rejection_does_not_tell_where_a_hidden_card_is() -> None:
    """A locked hand card, a face-down card and a card the seat does not own get the
    same answer, so an illegal try cannot be used to probe hidden cards."""
    state = start(SETUP)
    choose(state, "S")
    messages = set()
    for card in ("QC", "KH", "KC"):
        with pytest.raises(IllegalAction) as info:
            state.apply(Play(0, parse_card(card)))
        assert info.value.rule == "BK-6"
        messages.add(str(info.value).replace(card, "##"))
    assert len(messages) == 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_t_bk_5_locked_play_is_from_the_tableau(seed: int) -> None:
    rng = random.Random(seed)
    m = Match("balayi_kingi", seed=seed)
    state = m.deal()
    assert isinstance(state, BalayiKingiDeal)
    m.apply(state.legal_actions(state.to_act[0])[0])
    was_unlocked = [False, False]
    while not state.is_over:
        seat = state.to_act[0]
        legal = {a.card for a in state.legal_actions(seat) if isinstance(a, Play)}
        tops = {parse_card(c) for c in names(state.tops[seat])}
        if not state.unlocked[seat]:
            assert legal <= tops
        elif not was_unlocked[seat] and state.unlocked_by[seat] == "trick":
            # He has just won his first trick, so he leads, and may lead any hand card.
            assert not state.trick and state.leader == seat
            assert {parse_card(c) for c in names(state.hands[seat])} <= legal
        was_unlocked[seat] = state.unlocked[seat]
        m.apply(rng.choice(state.legal_actions(seat)))
