"""The çanak as ledger transfers (docs/rules/okey_101.md 101-39): chips are conserved
deal by deal and over a match, and a broken pot pays what earlier matches left in it."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from kahvehane.games.okey_101.chips import canak_transfers, net_changes, settle_match
from kahvehane.match import Match
from tests.okey_101.helpers import play_random


@given(st.integers(1, 50), st.integers(0, 1000),
       st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=1, max_size=12))
def test_a_match_settlement_conserves_chips(ante: int, before: int,
                                            breaks: list[int | None]) -> None:
    s = settle_match(ante, before, breaks)
    moved = net_changes(s.at_start + s.at_end)
    assert tuple(moved.get(f"seat:{i}", 0) for i in range(4)) == s.net
    assert moved.get("kasa", 0) == s.kasa_after - s.kasa_before
    assert sum(s.net) + s.kasa_after - s.kasa_before == 0
    assert all(t.amount > 0 for t in s.at_start + s.at_end)
    last = max((k for k, b in enumerate(breaks) if b is not None), default=None)
    tail = len(breaks) - (last + 1 if last is not None else 0)
    assert s.kasa_after == (before if last is None else 0) + 4 * ante * tail


def test_every_deal_of_a_played_match_moves_what_its_detail_says() -> None:
    m = Match("okey_101", {"deals": 3, "canak": True, "canak_ante": 7}, seed="çanak")
    play_random(m, random.Random(2), deals=2)
    pot = 0
    for result in m.history:
        canak = result.detail["canak"]
        moved = net_changes(canak_transfers(canak, 7))
        assert canak["before"] == pot and canak["paid_in"] == 28
        assert sum(moved.values()) == 0 and moved["kasa"] == canak["after"] - canak["before"]
        pot = canak["after"]
    summary = m.rules.summary(m.options, m.history)
    assert summary.extra["canak"] == pot
    assert len(summary.extra["canak_breaks"]) == len(m.history)
    assert settle_match(7, 0, summary.extra["canak_breaks"]).kasa_after == pot


def test_the_view_shows_the_pot_with_this_deals_antes() -> None:
    m = Match("okey_101", {"deals": 3, "canak": True, "canak_ante": 10}, seed=1)
    assert m.deal().view(None)["canak"] == 40
    assert Match("okey_101", {"deals": 3}, seed=1).deal().view(2)["canak"] is None
