"""The six games as reinforcement-learning environments (``pip install 'kahvehane[rl]'``).

* :func:`env` / :func:`raw_env` — PettingZoo AEC environments, all seats agents;
* :func:`gym_env` — a Gymnasium environment: one seat, kahvehane bots at the others;
* :func:`vector_env` — N games in self-play batched into numpy arrays (Gymnasium's
  vector API where it fits);
* :func:`register_openspiel` — the games as OpenSpiel (pyspiel) Python games.

``docs/rl.md`` documents the observation layouts, the action encodings and the rewards.
This package is imported only when used; its dependencies (numpy, pettingzoo,
gymnasium, and open-spiel for the OpenSpiel part) are the ``rl`` extra's.

>>> from kahvehane.rl import env
>>> e = env("koz_maca")
>>> e.reset(seed=2026)
>>> e.agent_selection, int(e.action_space("player_0").n)
('player_3', 65)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pettingzoo import AECEnv

    from kahvehane.rl.aec import KahvehaneEnv, Observation
    from kahvehane.rl.gym import KahvehaneGymEnv
    from kahvehane.rl.vector import KahvehaneVectorEnv

#: The games, in the order the documentation lists them.
GAMES = ("duz_okey", "kdv_okey", "koz_maca", "balayi_kingi", "casino", "royal_casino")


def env(game: str, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """A PettingZoo AEC environment of ``game`` (see :func:`kahvehane.rl.aec.env`)."""
    from kahvehane.rl.aec import env as make

    return make(game, **kwargs)


def raw_env(game: str, **kwargs: Any) -> KahvehaneEnv:
    """The AEC environment without PettingZoo's order-enforcing wrapper."""
    from kahvehane.rl.aec import KahvehaneEnv

    return KahvehaneEnv(game, **kwargs)


def gym_env(game: str, **kwargs: Any) -> KahvehaneGymEnv:
    """A Gymnasium environment: one ``seat`` against ``opponents`` bots."""
    from kahvehane.rl.gym import KahvehaneGymEnv

    return KahvehaneGymEnv(game, **kwargs)


def vector_env(game: str, num_envs: int = 16, **kwargs: Any) -> KahvehaneVectorEnv:
    """``num_envs`` games batched (see :mod:`kahvehane.rl.vector`)."""
    from kahvehane.rl.vector import vector_env as make

    return make(game, num_envs, **kwargs)


def register_openspiel() -> list[str]:
    """Register the games with pyspiel; their short names (``kahvehane_koz_maca``, …)."""
    from kahvehane.rl.spiel import register

    return register()


__all__ = ["GAMES", "env", "gym_env", "raw_env", "register_openspiel", "vector_env"]
