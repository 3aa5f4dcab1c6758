"""PettingZoo's own API and seed tests on every game, and the AEC environment's
conventions: seeded deals, rewards, illegal actions, rendering, the free Okey layout.

PettingZoo's ``max_cycles_test`` does not apply: it drives ``parallel_env`` and ``env``
with ``max_cycles`` and unmasked random actions, for environments whose agents act in a
fixed cycle; these games are turn-based with masks (like PettingZoo's own classic
games, which it does not run on either) and offer no parallel API (``kahvehane.rl.aec``).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from kahvehane.errors import IllegalAction
from kahvehane.match import Match
from kahvehane.rl import env, raw_env
from tests.rl.helpers import CONFIGS, MORE_CONFIGS, config_id

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow

# What api_test says of every environment whose observation is the classic
# {"observation", "action_mask"} dictionary unless it is one of PettingZoo's own.
DICT_OBSERVATION_NOTES = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


@pytest.mark.parametrize("config", CONFIGS + MORE_CONFIGS, ids=config_id)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, **options), num_cycles=200)
        seed_test(lambda: env(game, **options), num_cycles=100)
    notes = {str(w.message) for w in caught}
    unexpected = [n for n in notes if not n.startswith(DICT_OBSERVATION_NOTES)]
    assert not unexpected


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_seed_deals_what_the_match_deals(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    e = raw_env(game, **options)
    e.reset(seed=77)
    m = Match(game, options, seed=77)
    state = m.deal()
    assert e.table.match.deals[0].setup == m.deals[0].setup
    seat = state.to_act[0]
    assert e.agent_selection == f"player_{seat}"
    # the first observation is the seat's view, encoded (KDV: after the seri diz layout)
    if game != "kdv_okey":
        expected = e.table.codec.observe(state.view(seat), seat, e.table.public(seat))
        assert np.array_equal(e.observe(e.agent_selection)["observation"], expected)


def test_reset_without_a_seed_continues_from_the_last_seed() -> None:
    a, b = raw_env("koz_maca"), raw_env("koz_maca")
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.match_seed == b.match_seed != 5
    assert a.table.record() == b.table.record()


def _play_random(e: Any, rng: np.random.Generator, limit: int = 50_000) -> dict[str, float]:
    totals: dict[str, float] = dict.fromkeys(e.possible_agents, 0.0)
    for _ in range(limit):
        if not e.agents:
            break
        agent = e.agent_selection
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_deal_rewards_are_the_deal_scores() -> None:
    e = raw_env("balayi_kingi", episode="deal")
    e.reset(seed=12)
    totals = _play_random(e, np.random.default_rng(1))
    scores = e.table.match.history[0].scores
    assert [totals[f"player_{s}"] for s in range(2)] == [float(x) for x in scores]
    assert sum(totals.values()) == 0  # Balayı Kingi's deal scores sum to zero (BK-11)


def test_okey_rewards_are_the_tallies_decrease() -> None:
    e = raw_env("duz_okey", deals=3, reward="deal")
    e.reset(seed=3)
    # a few void deals, or a finish: the reward is minus the deal's tally change
    table = e.table
    rng = np.random.default_rng(0)
    paid = dict.fromkeys(e.possible_agents, 0.0)
    while len(table.match.history) < 3 and e.agents:
        agent = e.agent_selection
        obs, reward, *_ = e.last()
        paid[agent] += reward
        mask = obs["action_mask"]
        finishes = [t for t in np.flatnonzero(mask) if 56 <= t < 109]
        e.step(int(finishes[0] if finishes else rng.choice(np.flatnonzero(mask))))
    for agent in e.possible_agents:
        paid[agent] += e._cumulative_rewards.get(agent, 0.0)
    tallies = [sum(r.scores[s] for r in table.match.history) for s in range(4)]
    assert [paid[f"player_{s}"] for s in range(4)] == [-float(t) for t in tallies]


def test_match_rewards_pay_the_winner() -> None:
    e = raw_env("koz_maca", finish_score=10, reward="match")
    e.reset(seed=4)
    totals = _play_random(e, np.random.default_rng(2))
    winner = e.table.match.result_json()["winner"]
    assert isinstance(winner, int)
    assert totals[f"player_{winner}"] == 1.0
    assert sum(totals.values()) == pytest.approx(0.0)


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    e = raw_env("koz_maca", illegal_reward=-3.0)
    e.reset(seed=1)
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -3.0
    assert sum(e.rewards.values()) == -3.0
    assert f"action {illegal}" in e.infos[agent]["illegal_action"]


def test_illegal_raise_raises_and_changes_nothing() -> None:
    e = raw_env("koz_maca", illegal="raise")
    e.reset(seed=1)
    agent = e.agent_selection
    before = (e.table.record(), e.observe(agent)["observation"].copy(), dict(e.rewards))
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="is not legal for seat"):
        e.step(illegal)
    assert e.table.record() == before[0]
    assert np.array_equal(e.observe(agent)["observation"], before[1])
    assert e.agent_selection == agent and not any(e.terminations.values())


def test_bad_environment_options_are_refused_with_what_is_wrong() -> None:
    from kahvehane.errors import InvalidOptions

    with pytest.raises(InvalidOptions, match="players"):
        env("casino", players=5)
    with pytest.raises(ValueError, match="layout is an Okey option"):
        env("koz_maca", layout="agent")
    with pytest.raises(ValueError, match="episode must be one of match, deal"):
        env("koz_maca", episode="trick")
    with pytest.raises(ValueError, match="reward='match' needs episode='match'"):
        env("koz_maca", episode="deal", reward="match")
    with pytest.raises(ValueError, match="render_mode must be 'ansi' or None"):
        env("koz_maca", render_mode="human")


def test_ansi_render_shows_the_table_and_the_actor_only() -> None:
    e = raw_env("koz_maca", render_mode="ansi")
    e.reset(seed=9)
    text = e.render()
    assert isinstance(text, str)
    seat = int(e.agent_selection.split("_")[1])
    assert f"player_{seat} to act" in text
    hands = e.table.match.deals[0].setup["hands"]
    own = e.table.state.own_view(seat)["hand"]
    assert all(card in text for card in own)
    others = {c for s, h in enumerate(hands) if s != seat for c in h}
    shown = text.split("holds:")[1]
    assert not any(f'"{c}"' in shown for c in others)


def test_okey_agent_layout_offers_the_suggested_layouts() -> None:
    e = raw_env("kdv_okey", layout="agent")
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    assert mask[109] == 1  # an unarranged rack: seri diz changes it
    e.step(109)
    assert e.agent_selection == agent  # laying out is free: still this agent's turn
    seat = int(agent.split("_")[1])
    assert e.observe(agent)["action_mask"][109] == 0  # already laid out by seri diz
    assert e.table.match.deals[0].actions[-1].to_json()["act"] == "arrange"
    rack = e.table.view(seat)["rack"]
    from kahvehane.tiles import parse_tile

    blocks = [[parse_tile(t) for t in block] for block in rack]
    e.arrange(agent, [[t] for b in blocks for t in b])  # a layout of the agent's own
    assert e.table.view(seat)["rack"] == [[t] for b in rack for t in b]


def test_okey_seri_layout_discards_without_splitting_a_per() -> None:
    e = raw_env("kdv_okey", deals=3)
    e.reset(seed=21)
    rng = np.random.default_rng(3)
    for _ in range(40):
        agent = e.agent_selection
        obs = e.observe(agent)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    from kahvehane.games.okey.solver import best_arrangement
    from kahvehane.tiles import parse_tile

    for seat in range(4):
        view = e.table.view(seat)
        if view["ceza"] is None or view["turn"] == seat:
            continue
        tiles = [parse_tile(t) for b in view["rack"] for t in b]
        best = best_arrangement(tiles, parse_tile(view["okey"]))
        assert view["ceza"] == best.unmatched_sum * (2 if view["okey"][0] in "RK" else 1)


def test_the_order_enforcing_wrapper_still_enforces_the_order() -> None:
    """``env`` forwards ``last`` and ``step`` straight to the environment (for speed):
    before ``reset`` they fail as PettingZoo's own wrapper makes them fail, and a step
    after the end changes nothing."""
    e = env("koz_maca", episode="deal")
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        e.last()
    with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before step"):
        e.step(0)
    e.reset(seed=4)
    obs = e.last()[0]
    assert np.array_equal(obs["action_mask"], e.unwrapped.observe(e.agent_selection)
                          ["action_mask"])
    while e.agents:
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    record = e.unwrapped.table.record()
    e.step(0)  # (PettingZoo's logger warns)
    assert e.unwrapped.table.record() == record
