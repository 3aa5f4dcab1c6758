"""Rule 18: a deal is void when the last pile tile's drawer discards without finishing."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Discard, Draw
from kahvehane.match import Match

from .helpers import deal


def _exhaust(d):  # type: ignore[no-untyped-def]
    d.apply(Discard(d.turn, d.hand(d.turn)[-1]))
    while not d.is_over:
        seat = d.turn
        d.apply(Draw(seat, "pile"))
        d.apply(Discard(seat, d.hand(seat)[-1]))
    return d


def test_void_when_the_pile_runs_out() -> None:
    d = _exhaust(deal(starter=0))
    assert d.void and d.pile_left == 0
    result = d.result()
    assert result is not None
    assert result.end == "void" and result.scores == (0, 0, 0, 0)
    # 48 draws after the starter's discard: seats 1,2,3,0,... the 48th drawer is seat 0
    assert result.detail["finisher"] is None
    with pytest.raises(IllegalAction):
        d.apply(Draw(1, "pile"))


def test_void_deal_scores_nothing_even_gosterge_and_is_replayed_by_same_starter() -> None:
    m = Match("duz_okey", {"deals": 3}, seed=11)
    d = m.deal()
    starter = d.starter
    for action in list(d.legal_actions(starter)):
        if action.act == "show_indicator":
            m.apply(action)
    m.apply(Discard(starter, d.hand(starter)[-1]))
    while m.current is not None:
        seat = d.turn
        m.apply(Draw(seat, "pile"))
        m.apply(Discard(seat, d.hand(seat)[-1]))
    assert m.history[-1].end == "void"
    assert m.result_json()["totals"] == [0, 0, 0, 0]
    nxt = m.deal()
    assert nxt.starter == starter
    assert m.rules.summary(m.options, m.history).complete is False
    assert len(m.result_json()["deals"]) == 2
