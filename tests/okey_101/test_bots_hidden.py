"""The 101 bots see nothing hidden and never play an illegal move.

No peeking (the tests/bots/test_no_peeking.py pattern, for 101):
a second deal is built from a seat's view with the tiles it cannot see dealt anew
(``hidden_places`` / ``deal_from_view``, docs/engine.md); its view is the same, and every
101 bot kind, given the same random generator, chooses the same there. Legality: seeded
deals over the options that change the moves (pairs play, katlamalı, the lay-off and end
limits, the return penalty), every choice in the legal list and accepted by ``is_legal``.
Thousands more are played by ``bench/okey101.py --legal-deals``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from kahvehane.bots import bot_kinds, make_bot
from kahvehane.games.base import JSON, DealState
from kahvehane.games.okey_101.rules import OKEY_101
from kahvehane.match import Match

OPTIONS = [
    {"deals": 3},
    {"deals": 3, "pairs": True, "katlamali": True},
    {"deals": 3, "katlamali": True, "end_limit": 1, "take_return_penalty": 101},
    {"deals": 3, "pairs": True, "katlamali_partner": False, "elden": "same_turn"},
]


def _redealt(options: dict[str, Any], view: JSON, rng: random.Random) -> DealState:
    places = OKEY_101.hidden_places(options, view)
    unseen = list(places.unseen)
    rng.shuffle(unseen)
    tiles = iter(unseen)
    assignment = {p: [next(tiles) for _ in range(n)] for p, n in places.sizes.items()}
    return OKEY_101.deal_from_view(options, view, assignment)


@pytest.mark.parametrize("raw", OPTIONS[:2])
def test_every_bot_chooses_the_same_on_other_hidden_tiles(raw: dict[str, object]) -> None:
    m = Match("okey_101", raw, seed=8)
    players = [make_bot("okey_101", "heuristic", s, random.Random(s)) for s in range(4)]
    state = m.deal()
    rng = random.Random(3)
    compared = 0
    steps = 0
    while not state.is_over and steps < 400:
        seat = state.to_act[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if steps % 7 == 0:
            other = _redealt(m.options, view, rng)
            assert other.view(seat) == view
            other_legal = other.legal_actions(seat)
            assert other_legal == legal  # what a seat may do is decided by what it sees
            for kind in bot_kinds("okey_101"):
                a = make_bot("okey_101", kind, seat, random.Random(99), m.options)
                b = make_bot("okey_101", kind, seat, random.Random(99), m.options)
                assert b.choose(other.view(seat), other_legal) == a.choose(view, legal)
                compared += 1
        m.apply(players[seat].choose(view, legal))
        steps += 1
    assert compared > 10


@pytest.mark.parametrize("raw", OPTIONS)
def test_bots_play_seeded_deals_without_an_illegal_move(raw: dict[str, object]) -> None:
    kinds = bot_kinds("okey_101")
    for seed in range(3):
        m = Match("okey_101", raw, seed=f"legal-{seed}")
        players = [make_bot("okey_101", kinds[(seed + s) % len(kinds)], s,
                            random.Random(seed * 4 + s), m.options) for s in range(4)]
        state = m.deal()
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            assert legal, "a seat to act always has a legal move"
            action = players[seat].choose(state.view(seat), legal)
            assert action in legal and state.is_legal(action)
            m.apply(action)
        assert state.result() is not None
