"""Every environment works with no options, and its id says which encoding it speaks:
PettingZoo's ``api_test`` and ``seed_test`` and Gymnasium's ``check_env`` on
``env(game)`` and ``gym_env(game)`` exactly as a researcher first calls them."""

from __future__ import annotations

import warnings

import gymnasium
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from kahvehane.games import get_game
from kahvehane.rl import GAMES, env, gym_env, raw_env
from kahvehane.rl.gym import register
from kahvehane.rl.ids import RL_DEFAULTS, VERSIONS, default_options, env_id, game_of
from tests.rl.test_pettingzoo import DICT_OBSERVATION_NOTES


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed_tests_pass_with_no_options(game: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, episode="deal"), num_cycles=150)
        seed_test(lambda: env(game, episode="deal"), num_cycles=80)
        api_test(env(game), num_cycles=60)  # the whole match, the default episode
    notes = {str(w.message) for w in caught}
    assert not [n for n in notes if not n.startswith(DICT_OBSERVATION_NOTES)]


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env_passes_with_no_options(game: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(env_id(game)).unwrapped)
    assert gym_env(game).table.options == default_options(game)
    assert not [str(w.message) for w in caught]


@pytest.mark.parametrize("game", GAMES)
def test_every_option_defaults_to_the_spec_and_is_a_keyword(game: str) -> None:
    spec = get_game(game).spec
    options = raw_env(game).table.options
    assert options == default_options(game)
    for opt in spec.options:
        if opt.required:
            assert options[opt.name] == RL_DEFAULTS[game][opt.name]
        elif opt.name in options:
            assert options[opt.name] == opt.default
    # each option may be given as a keyword, and then it is what the table plays
    for opt in spec.options:
        others = [c for c in (opt.choices or ()) if c != options.get(opt.name)]
        if not others or opt.name in ("direction", "preset"):
            continue
        given = {opt.name: others[0], **({"players": 4} if opt.name == "partners" else {})}
        assert raw_env(game, **given).table.options[opt.name] == others[0]


def test_casino_plays_two_players_by_default_and_still_takes_three() -> None:
    e = raw_env("casino")
    assert e.possible_agents == ["player_0", "player_1"]
    assert raw_env("royal_casino", players=3).possible_agents[-1] == "player_2"


def test_ids_are_versioned_and_name_the_environment() -> None:
    assert env_id("casino") == f"kahvehane/casino-v{VERSIONS['casino']}"
    assert register() == [env_id(g) for g in GAMES]
    for game in GAMES:
        assert game_of(env_id(game)) == game
        e = raw_env(env_id(game))
        assert e.table.game == game
        assert e.metadata["name"] == env_id(game).replace("kahvehane/", "kahvehane_").replace(
            "-v", "_v")
    with pytest.raises(ValueError, match="this release has kahvehane/casino-v0"):
        env("kahvehane/casino-v7")
    with pytest.raises(ValueError, match="not an environment id"):
        env("kahvehane/Casino")
    with pytest.raises(ValueError, match="no environment for game 'tavla'"):
        env("tavla")
