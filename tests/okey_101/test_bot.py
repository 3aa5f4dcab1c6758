"""The 101 bots (kahvehane/bots/okey_101.py): the random, heuristic and tempered bots
play seeded deals with legal moves only, and the heuristic one plays better than chance."""

from __future__ import annotations

import random

import pytest

from kahvehane.bots import bot_kinds, make_bot
from kahvehane.match import Match


def _play(kinds: list[str], seed: int) -> tuple[int, ...]:
    m = Match("okey_101", {"deals": 3, "pairs": seed % 3 == 0, "katlamali": seed % 2 == 1},
              seed=seed)
    bots = [make_bot("okey_101", kinds[s], seat=s, rng=random.Random(seed * 10 + s))
            for s in range(4)]
    state = m.deal()
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal)
        assert action in legal
        m.apply(action)
    result = state.result()
    assert result is not None
    return result.scores


def test_the_kinds() -> None:
    assert bot_kinds("okey_101") == ["random", "heuristic", "tempered"]


@pytest.mark.parametrize("kind", ["random", "heuristic", "tempered"])
def test_every_kind_plays_seeded_deals_legally(kind: str) -> None:
    for seed in range(4):
        _play([kind] * 4, seed)


def test_the_heuristic_bot_beats_random_bots() -> None:
    ours = theirs = 0
    for seed in range(16):
        scores = _play(["heuristic", "random", "heuristic", "random"], seed)
        ours += scores[0] + scores[2]
        theirs += scores[1] + scores[3]
    assert ours < theirs
