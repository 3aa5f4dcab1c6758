"""The hidden-card checker (``tests/server/leaks.py``) on a transcript made without a
server or any timing: a Balayı Kingi deal, the messages a seat would be sent, and a
late move of that seat naming a card its opponent now holds.

The server refuses such a move with the same words wherever the card is (BK-6's
``not_accessible``), so the refusal repeats only what the player itself sent: that is no
leak. The same card in anything else, or in a refusal the player did not provoke, is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.errors import IllegalAction
from kahvehane.match import Match
from kahvehane.server.errors import ProtocolError
from kahvehane.server.protocol import error_message
from tests.server.leaks import CARD, _tokens, check_viewer, sent_before, states

TABLE = "t1"
JSON = dict[str, Any]


class Transcript:
    """What seat 0 of a Balayı Kingi match received and sent, as the table would send
    it: every change an event carrying view(0), a refused move an ``error``."""

    def __init__(self, seed: int) -> None:
        self.match = Match("balayi_kingi", {}, players=["person", "bot:random"])
        self.match.deal(seed=seed)
        self.received: list[JSON] = []
        self.sent: list[tuple[int, JSON]] = []
        self.rng = random.Random(seed)
        self._tell({"kind": "deal_start", "data": {"deal": 0}})

    @property
    def state(self) -> Any:
        state = self.match.current
        assert state is not None
        return state

    def _tell(self, event: JSON) -> None:
        self.received.append({"type": "event", "table": TABLE, "n": len(self.received) + 1,
                              **event, "view": self.state.view(0)})

    def play(self) -> None:
        """One legal move of the seat to act."""
        seat = self.state.to_act[0]
        action = self.rng.choice(self.state.legal_actions(seat))
        events = self.match.apply(action)
        self._tell({"kind": "game", "data": events[-1].for_seat(0)})

    def act_late(self, card: str) -> None:
        """Seat 0 sends a move naming ``card`` (from a turn it saw long ago): refused."""
        msg = {"type": "act", "table": TABLE, "action": {"act": "play", "card": card}}
        self.sent.append((len(self.received), msg))
        with pytest.raises(IllegalAction) as refusal:
            self.match.apply(self.state.parse_action({**msg["action"], "seat": 0}))
        self.received.append(error_message(
            ProtocolError.wrap("illegal_action", refusal.value), table=TABLE))

    def check(self, *, with_sent: bool) -> int:
        record = self.match.to_record(include_setups=True)
        views, hidden = states(record)
        return check_viewer(record, 0, self.received, views, hidden,
                            sent_before(self.received, self.sent) if with_sent else None)


def opponent_card(t: Transcript) -> str | None:
    """A card in seat 1's (unlocked) hand, which seat 0 cannot see, if seat 0 is to act."""
    st_ = t.state
    if st_.to_act != (0,) or st_.public_view()["phase"] != "play":
        return None
    hand = _tokens(st_.own_view(1), CARD, set()) - _tokens(st_.view(0), CARD, set())
    return min(hand) if hand else None


def late_move_transcript(seed: int) -> tuple[Transcript, str]:
    """Play until seat 0 is to act while seat 1's hand holds a card; seat 0 names it."""
    t = Transcript(seed)
    card = opponent_card(t)
    while card is None:
        t.play()
        if t.match.current is None:  # this deal never came to such a turn
            t.match.deal()
            t._tell({"kind": "deal_start", "data": {"deal": len(t.match.deals) - 1}})
        card = opponent_card(t)
    t.act_late(card)
    t.play()  # seat 0's own move: the next message with a view
    return t, card


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_a_refusal_repeating_the_senders_card_is_no_leak(seed: int) -> None:
    t, card = late_move_transcript(seed)
    refusal = t.received[-2]
    assert refusal["type"] == "error" and refusal["i18n"]["params"]["card"] == card
    assert t.check(with_sent=True) == len(t.received) - 1  # every view matched
    with pytest.raises(AssertionError, match=f"seat 0 was sent \\['{card}'\\]"):
        t.check(with_sent=False)  # without what was sent, the echo counts


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_a_hidden_card_the_viewer_did_not_name_is_still_a_leak(seed: int) -> None:
    t, card = late_move_transcript(seed)
    t.sent.clear()  # the same refusal, but the seat never named the card
    with pytest.raises(AssertionError, match=f"seat 0 was sent \\['{card}'\\]"):
        t.check(with_sent=True)
    t, card = late_move_transcript(seed)
    t.received[-2] = {"type": "event", "table": TABLE, "n": 0, "kind": "game",
                      "data": {"kind": "peek", "seat": 1, "card": card}}
    with pytest.raises(AssertionError, match=f"seat 0 was sent \\['{card}'\\]"):
        t.check(with_sent=True)  # named by the player first, but not in a refusal
