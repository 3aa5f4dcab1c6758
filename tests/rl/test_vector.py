"""The batched environment: each row is the single environment's observation of the
same seat for the same seeds and actions, the rewards and episode ends are the same,
and a batched observation shows nothing hidden."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium import spaces

from kahvehane.bots.determinize import sampler
from kahvehane.rl import raw_env, vector_env
from kahvehane.rl.table import Table
from tests.rl.test_no_leak import _redeal_okey

VECTOR_GAMES = ["duz_okey", "kdv_okey", "koz_maca"]


@pytest.mark.parametrize("game", VECTOR_GAMES)
def test_rows_equal_the_single_environment_for_the_same_seeds(game: str) -> None:
    n, seed = 5, 40
    venv = vector_env(game, n, episode="deal")
    singles = [raw_env(game, episode="deal") for _ in range(n)]
    obs, info = venv.reset(seed=seed)
    for i, e in enumerate(singles):
        e.reset(seed=seed + i)
    rng = np.random.default_rng(1)
    ended = 0
    steps = 260 if "okey" in game else 130  # Koz Maça: at least two deals each
    for _ in range(steps):
        for i, e in enumerate(singles):
            agent = e.agent_selection
            assert info["seat"][i] == int(agent.split("_")[1])
            single = e.observe(agent)
            assert np.array_equal(obs["observation"][i], single["observation"])
            assert np.array_equal(obs["action_mask"][i], single["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, term, trunc, info = venv.step(actions)
        assert not trunc.any()
        for i, e in enumerate(singles):
            e.step(int(actions[i]))
            assert list(rewards[i]) == [e.rewards[a] for a in e.possible_agents]
            assert bool(term[i]) == all(e.terminations.values())
            if term[i]:
                ended += 1
                assert info["final_match_seed"][i] == e.match_seed
                e.reset()
                assert venv.match_seeds[i] == e.match_seed
    assert venv.observation_space.contains(obs)
    if game == "koz_maca":
        assert ended >= n  # the autoreset was exercised and matched


def test_the_vector_api_shapes_and_refusals() -> None:
    venv = vector_env("koz_maca", 3)
    assert venv.num_envs == 3
    assert venv.single_action_space == spaces.Discrete(65)
    obs, info = venv.reset(seed=[7, None, 9])
    assert obs["observation"].shape == (3, 551) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (3, 65) and info["seat"].shape == (3,)
    assert venv.match_seeds[0] == 7 and venv.match_seeds[2] == 9
    with pytest.raises(ValueError, match="one action per game"):
        venv.step(np.zeros(2, dtype=np.int64))
    illegal = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]])
    obs, rewards, term, _, info = venv.step(illegal)
    assert term.all() and (rewards.min(axis=1) == -1.0).all()
    assert all("is not legal" in str(x) for x in info["illegal_action"])
    assert obs["action_mask"].sum(axis=1).min() > 0  # every game dealt anew
    with pytest.raises(ValueError, match="3 seeds for 2 games"):
        vector_env("duz_okey", 2).reset(seed=[1, 2, 3])


def test_batched_card_observations_do_not_change_with_the_hidden_cards() -> None:
    venv = vector_env("koz_maca", 6, episode="deal")
    obs, info = venv.reset(seed=3)
    rng = np.random.default_rng(2)
    pick = random.Random(5)
    for _ in range(23):
        obs, _, _, _, info = venv.step(
            np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]]))
    before = venv.observations()[0]
    assert np.array_equal(before["observation"], obs["observation"])
    tables = venv.tables
    differed = 0
    for i, table in enumerate(tables):
        seat = int(info["seat"][i])
        state = sampler(table.view(seat), table.options).sample(pick)
        venv.tables[i] = table.copy(state)
        differed += any(state.view(s) != table.view(s) for s in range(4) if s != seat)
    after = venv.observations()[0]
    assert differed >= 4  # the other hands really changed
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


@pytest.mark.parametrize("game", ["duz_okey", "kdv_okey"])
def test_batched_okey_observations_do_not_change_with_the_hidden_tiles(game: str) -> None:
    n = 4
    venv = vector_env(game, n, episode="deal")
    obs, info = venv.reset(seed=11)
    rng = np.random.default_rng(4)
    tokens: list[list[int]] = [[] for _ in range(n)]
    for _ in range(37):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, _, term, _, info = venv.step(actions)
        assert not term.any()
        for i in range(n):
            tokens[i].append(int(actions[i]))
    pick = random.Random(6)
    for i in range(n):
        seat = int(info["seat"][i])
        setup = _redeal_okey(venv.tables[i], seat, pick)
        assert setup != venv.tables[i].match.deals[0].setup
        other = Table(game, episode="deal")
        other.reset(setup=setup)
        for token in tokens[i]:
            other.step(token)
        venv.tables[i] = other
    after = venv.observations()[0]
    assert np.array_equal(after["observation"], obs["observation"])
    assert np.array_equal(after["action_mask"], obs["action_mask"])
