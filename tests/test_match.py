"""The generic Match: the chance step, the order of deals, saving as a record."""

from __future__ import annotations

import pytest

from kahvehane.errors import IllegalAction, MalformedSetup
from kahvehane.match import Match, MatchOver


def test_a_deal_needs_a_setup_or_a_seed() -> None:
    with pytest.raises(MalformedSetup, match="no setup"):
        Match("duz_okey").deal()


def test_no_new_deal_while_one_is_running_and_no_action_between_deals() -> None:
    m = Match("duz_okey", seed=5)
    with pytest.raises(IllegalAction, match="no action follows"):
        m.apply({"seat": 0, "act": "discard", "tile": "R1"})
    m.deal()
    with pytest.raises(MatchOver, match="not over yet"):
        m.deal()


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a = Match("kdv_okey", seed="masa 4")
    b = Match("kdv_okey", seed="masa 4")
    c = Match("kdv_okey", seed="masa 5")
    a.deal(), b.deal(), c.deal()
    assert a.deals[0].setup == b.deals[0].setup != c.deals[0].setup


def test_a_deal_seed_and_commitment_are_kept_in_the_record() -> None:
    from kahvehane.rng import commitment

    m = Match("duz_okey")
    m.deal(seed="secret-1", commitment=commitment("secret-1"))
    rec = m.to_record()
    assert rec["deals"][0]["seed"] == "secret-1"
    assert rec["deals"][0]["commitment"] == commitment("secret-1")
    assert rec["deals"][0]["setup"] == m.deals[0].setup


def test_players_and_options_go_into_the_record() -> None:
    m = Match("duz_okey", {"deals": 7}, seed=1, players=["a", "b", "c", "d"])
    rec = m.to_record()
    assert rec["options"] == {"deals": 7, "pairs": False}
    assert rec["players"] == ["a", "b", "c", "d"]
    assert rec["format"] == "kahvehane/1" and rec["deals"] == []
