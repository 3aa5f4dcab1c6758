"""BK-7 (a face-down card turns up when its cover is played) and BK-6's empty tableau:
T-BK-10, T-BK-11."""

from __future__ import annotations

from kahvehane.cards import parse_card
from kahvehane.games.balayi_kingi import Play
from tests.balayi_kingi.generate_records import EMPTY_TABLEAU_SETUP
from tests.balayi_kingi.helpers import choose, legal, make_setup, names, play, start


def test_t_bk_10_reveal() -> None:
    setup = make_setup(dealer=0, up={0: ["2D", "3C", "4C", "AS"]},
                       down={0: ["5C", "6C", "7C", "KH"]})
    state = start(setup)
    choose(state, "S")
    events = play(state, "AS")
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal and reveal[0].for_seat(1) == {"kind": "reveal", "seat": 0, "pile": 3,
                                                "card": "KH"}
    for viewer in (None, 0, 1):
        assert state.view(viewer)["players"][0]["piles"][3] == {"up": "KH", "down": False}
    state.apply(state.legal_actions(1)[0])  # nothing beats the ace of trumps
    assert state.to_act == (0,) and "KH" in legal(state)
    play(state, "KH")
    assert state.view(None)["players"][0]["piles"][3] == {"up": None, "down": False}


def test_t_bk_11_exhausted_tableau_unlocks_the_hand() -> None:
    state = start(EMPTY_TABLEAU_SETUP)
    choose(state, "S")
    hand0 = set(EMPTY_TABLEAU_SETUP["hands"][0])
    while state.tops[0]:
        assert not state.unlocked[0]
        seat = state.turn
        events = state.apply(state.legal_actions(seat)[0])
    assert state.unlocked[0] and state.unlocked_by[0] == "empty_tableau"
    assert state.unlocked_at[0] == 20
    unlock = [e for e in events if e.kind == "unlock"]
    assert unlock and set(unlock[0].for_seat(0)["hand"]) == hand0
    assert "hand" not in unlock[0].for_seat(1)
    assert set(state.view(0)["hand"]) == hand0
    # From now on seat 0 must play from the hand.
    while not state.is_over:
        if state.turn == 0:
            assert legal(state) <= hand0 and legal(state)
        state.apply(state.legal_actions(state.turn)[0])
    assert state.won == [0, 26]
    result = state.result()
    assert result is not None and result.scores == (-52, 52)


def test_played_pile_card_leaves_nothing_hidden_behind() -> None:
    setup = make_setup(dealer=0, up={0: ["2D"]}, down={0: ["3D"]})
    state = start(setup)
    choose(state, "NT")
    state.apply(Play(0, parse_card("2D")))
    assert "3D" in names(state.tops[0])
    assert state.down[0][0] == -1
