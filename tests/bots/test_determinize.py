"""A determinized state is a possible deal: the searching seat sees exactly its view,
its legal actions are the same, and the deal plays on to its end legally."""

from __future__ import annotations

import random

import pytest

from kahvehane.bots.cardutil import BIT
from kahvehane.bots.determinize import deal_constrained, forbidden_by_play, sampler
from kahvehane.cards import parse_card as c
from kahvehane.games.koz_maca import DUTIES
from tests.bots.helpers import CARD_GAMES, positions


@pytest.mark.parametrize(("game", "options"), CARD_GAMES)
def test_samples_match_the_view(game: str, options: dict[str, object]) -> None:
    rng = random.Random(7)
    checked = 0
    for _, state, seat in positions(game, options, seed=21, every=7):
        view = state.view(seat)
        if game == "balayi_kingi" and view["phase"] != "play":
            continue
        smp = sampler(view, options)
        for _ in range(2):
            d = smp.sample(rng)
            assert d.view(seat) == view
            assert d.legal_actions(seat) == state.legal_actions(seat)
            while not d.is_over:  # the sample plays on legally to the end
                s = d.to_act[0]
                legal = d.legal_actions(s)
                assert legal
                d.apply(legal[int(rng.random() * len(legal))])
            checked += 1
    assert checked > 5


def test_past_plays_rule_cards_out() -> None:
    # a diamond was led; a player who threw a club holds no diamond and no spade
    led = [c("4D")]
    out = forbidden_by_play(DUTIES, c("AC"), led, False, BIT[c("9D")] | BIT[c("2S")]
                            | BIT[c("5H")])
    assert out == BIT[c("9D")] | BIT[c("2S")]
    # a player who followed low under a jack holds no higher heart (KM-9 raise duty)
    out = forbidden_by_play(DUTIES, c("5H"), [c("JH")], False,
                            BIT[c("QH")] | BIT[c("3H")] | BIT[c("2S")])
    assert out == BIT[c("QH")]


def test_deal_constrained_respects_masks() -> None:
    rng = random.Random(3)
    cards = list(range(12))
    hearts_only = sum(BIT[x] for x in range(4))
    allowed = {0: hearts_only, 1: sum(BIT[x] for x in cards), 2: sum(BIT[x] for x in cards)}
    for _ in range(50):
        out = deal_constrained(cards, allowed, {0: 4, 1: 4, 2: 4}, rng)
        assert sorted(out[0]) == [0, 1, 2, 3]
        assert sorted(out[0] + out[1] + out[2]) == cards
