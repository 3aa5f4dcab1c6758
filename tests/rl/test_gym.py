"""Gymnasium's environment checker on the single-agent environment of every game, and
what the single-agent environment adds: bots at the other seats, seeded episodes."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from kahvehane.bots import BotSpecError
from kahvehane.rl import gym_env
from kahvehane.rl.gym import gym_id
from tests.rl.helpers import CONFIGS, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_gymnasium_env_checker_passes(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        made = gymnasium.make(gym_id(game), opponents="heuristic", **options)
        check_env(made.unwrapped)
    assert not [str(w.message) for w in caught]


def _episode(e: Any, seed: int, limit: int = 3000) -> tuple[list[float], dict[str, Any]]:
    obs, info = e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = []
    for _ in range(limit):
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = e.step(action)
        rewards.append(reward)
        if terminated or truncated:
            break
    return rewards, e.table.record()


def test_the_opponents_are_bots_and_a_seed_replays_the_episode() -> None:
    a = gym_env("koz_maca", seat=1, opponents="heuristic", episode="deal")
    b = gym_env("koz_maca", seat=1, opponents="heuristic", episode="deal")
    ra, rec_a = _episode(a, 31)
    rb, rec_b = _episode(b, 31)
    assert ra == rb and rec_a == rec_b
    actions = rec_a["deals"][0]["actions"]
    assert {x["seat"] for x in actions} == {0, 1, 2, 3}
    scores = a.table.match.history[0].scores
    assert sum(ra) == float(scores[1])  # the agent's reward is its seat's deal score
    assert a.table.to_act is None


def test_okey_bots_lay_out_their_own_racks() -> None:
    e = gym_env("kdv_okey", seat=0, opponents="heuristic", deals=3, episode="deal")
    _episode(e, 5, limit=60)
    acts = [(x["seat"], x["act"]) for x in e.table.record()["deals"][0]["actions"]]
    assert (1, "arrange") in acts  # the heuristic bot arranged, the table applied it
    assert (0, "arrange") in acts  # the table laid out the agent's rack by seri diz


def test_an_illegal_action_ends_the_episode_unless_asked_to_raise() -> None:
    from kahvehane.errors import IllegalAction

    e = gym_env("balayi_kingi", illegal_reward=-5.0)
    obs, _ = e.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(illegal)
    assert terminated and reward == -5.0 and "is not legal" in info["illegal_action"]
    strict = gym_env("balayi_kingi", illegal="raise")
    obs, _ = strict.reset(seed=2)
    before = strict.table.record()
    with pytest.raises(IllegalAction):
        strict.step(illegal)
    assert strict.table.record() == before


def test_bad_seat_and_bot_are_refused() -> None:
    with pytest.raises(ValueError, match="seat 4 does not exist"):
        gym_env("koz_maca", seat=4)
    with pytest.raises(BotSpecError, match="no 'minimax' bot for duz_okey"):
        gym_env("duz_okey", opponents="minimax")
