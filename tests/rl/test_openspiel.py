"""The games as OpenSpiel games: pyspiel's random-simulation test on every registered
game, the chance nodes as the project's shuffle, and IS-MCTS's resampling."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from kahvehane.match import Match
from kahvehane.rl import register_openspiel
from kahvehane.rl.spiel import PARAMETERS, seeded_chance_actions

NAMES = register_openspiel()
PARAMS = {"casino": {"players": 3}, "royal_casino": {"players": 2, "nordic_specials": True}}


def _game(name: str) -> pyspiel.Game:
    return pyspiel.load_game(f"kahvehane_{name}", PARAMS.get(name, {}))


def test_every_game_is_registered() -> None:
    assert [f"kahvehane_{g}" for g in PARAMETERS] == NAMES
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PARAMETERS))
def test_random_simulation_test_passes(name: str) -> None:
    pyspiel.random_sim_test(_game(name), num_sims=4, serialize=False, verbose=False)


@pytest.mark.parametrize("name", list(PARAMETERS))
def test_seeded_chance_actions_deal_the_seeded_deal(name: str) -> None:
    game = _game(name)
    state = game.new_initial_state()
    options = {k: v for k, v in PARAMS.get(name, {}).items()}
    for action in seeded_chance_actions(name, options, "çay ocağı"):
        assert state.is_chance_node()
        state.apply_action(action)
    assert not state.is_chance_node()
    match = Match(name, options, seed="çay ocağı")
    match.deal()
    assert state.table.match.deals[0].setup == match.deals[0].setup
    assert state.current_player() == match.current.to_act[0]


@pytest.mark.parametrize("name", ["koz_maca", "balayi_kingi", "casino"])
def test_resampling_keeps_the_players_information_and_moves_the_rest(name: str) -> None:
    game = _game(name)
    state = game.new_initial_state()
    for action in seeded_chance_actions(name, PARAMS.get(name, {}), 11):
        state.apply_action(action)
    rng = random.Random(3)
    moved = 0
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
        player = state.current_player()
        key = state.information_state_string(player)
        other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0., 1.))
        assert other.information_state_string(player) == key
        assert other.legal_actions() == state.legal_actions()
        moved += str(other.table.state.view(None)) != str(state.table.state.view(None)) or any(
            other.table.view(s) != state.table.view(s)
            for s in range(game.num_players()) if s != player)
    assert moved >= 6


def test_ismcts_plays_koz_maca() -> None:
    game = _game("koz_maca")
    state = game.new_initial_state()
    for action in seeded_chance_actions("koz_maca", {}, 5):
        state.apply_action(action)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(1))
    for _ in range(6):  # the four bids and two cards
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.table.view(0)["phase"] == "play"


def test_okey_has_no_resampling_yet_and_says_so() -> None:
    game = _game("duz_okey")
    state = game.new_initial_state()
    for action in seeded_chance_actions("duz_okey", {}, 1):
        state.apply_action(action)
    with pytest.raises(NotImplementedError, match="no determinization of Okey"):
        state.resample_from_infostate(state.current_player(),
                                      pyspiel.UniformProbabilitySampler(0., 1.))


def test_okey_deal_ends_unscored_after_max_moves() -> None:
    game = pyspiel.load_game("kahvehane_duz_okey", {"max_moves": 30})
    state = game.new_initial_state()
    for action in seeded_chance_actions("duz_okey", {}, 2):
        state.apply_action(action)
    rng = random.Random(0)
    moves = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    assert moves == 30 and state.returns() == [0.0] * 4
    assert game.max_game_length() == 30
