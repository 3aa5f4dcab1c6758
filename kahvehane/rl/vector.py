"""Batched environments: N games stepped at once, numpy arrays in and out.

``kahvehane.rl.vector_env("kdv_okey", num_envs=256)`` plays N independent matches with
every seat an agent (self-play, as the PettingZoo environment): each step takes one
action per game, for the seat to act in that game, and returns

* ``obs["observation"]`` — ``(N, obs_size)`` float32: the observation of the seat to act
  in each game, the very vector the single environment's ``observe`` gives that seat
  (built by the same codec from ``view(seat)`` and the public score table only);
* ``obs["action_mask"]`` — ``(N, num_actions)`` int8, that seat's legal actions;
* ``rewards`` — ``(N, num_seats)`` float32: what each seat of each game earned with that
  step (a deal's scores reach every seat at once, so one number per game would not do);
* ``terminations``, ``truncations`` — ``(N,)`` bool;
* ``infos["seat"]`` — ``(N,)`` the seat whose observation and mask each row holds.

It follows Gymnasium's ``VectorEnv`` (``num_envs``, ``single_observation_space``,
``single_action_space``, batched spaces, ``reset(seed=…)``, ``step(actions)``) with
``AutoresetMode.SAME_STEP``: a game that ends is dealt anew in the same step, the rows
then hold the new episode's first position and ``infos["final_match_seed"]`` tells
which match ended. Only the rewards differ from the single-agent convention (above).

Seeds: ``reset(seed=s)`` plays ``s + i`` in game *i* (Gymnasium's convention) and each
game's later episodes draw their seeds from it exactly as the single environment's
``reset()`` does, so game *i* is ``raw_env(game).reset(seed=s + i)`` followed by the
same actions (``tests/rl/test_vector.py`` checks every row against it).

The batch saves what a Python loop over single environments repeats per game and step:
PettingZoo's wrappers and dictionaries, a new array per observation and mask (each row
is written in place, the buffers zeroed once per step). The engines themselves still
move one game at a time (``docs/rl.md`` gives the measured speed-up).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kahvehane.errors import IllegalAction
from kahvehane.rl.aec import ILLEGAL, Observation, SeedSequence, observation_space
from kahvehane.rl.table import Table

Array = npt.NDArray[Any]


class KahvehaneVectorEnv(VectorEnv[Observation, Array, Array]):
    """``num_envs`` games of ``game`` in self-play, batched (see the module text)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (gymnasium's)

    def __init__(
        self,
        game: str,
        num_envs: int,
        *,
        episode: str = "match",
        reward: str = "deal",
        layout: str = "seri",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.tables = [Table(game, options, episode=episode, reward=reward, layout=layout)
                       for _ in range(num_envs)]
        first = self.tables[0]
        self.game = first.game
        self.num_envs = num_envs
        self.num_seats = first.num_seats
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.single_observation_space = observation_space(first)
        self.single_action_space = spaces.Discrete(first.codec.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        codec = first.codec
        self._obs = np.zeros((num_envs, codec.obs_size), dtype=np.float32)
        self._mask = np.zeros((num_envs, codec.num_actions), dtype=np.int8)
        self._seat = np.zeros(num_envs, dtype=np.int64)
        self._seeds = [SeedSequence() for _ in range(num_envs)]
        #: The match seed each game is playing.
        self.match_seeds: list[int | None] = [None] * num_envs

    # -- the batch --------------------------------------------------------------------------

    def _write(self, i: int) -> None:
        """Row ``i`` of the buffers: the seat to act of game ``i``, seen from its view."""
        table = self.tables[i]
        seat = table.to_act
        assert seat is not None  # (a finished game is dealt anew before it is written)
        self._seat[i] = seat
        table.observe_into(seat, self._obs[i])
        table.mask_into(seat, self._mask[i])

    def _observation(self) -> Observation:
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}

    def observations(self) -> tuple[Observation, dict[str, Any]]:
        """The batch rebuilt from every game's table as it stands (after a table was
        changed from outside, e.g. an Okey rack laid out with ``tables[i].arrange``)."""
        self._obs.fill(0.0)
        self._mask.fill(0)
        for i in range(self.num_envs):
            self._write(i)
        return self._observation(), {"seat": self._seat.copy()}

    def _deal(self, i: int, seed: int | None) -> None:
        self.match_seeds[i] = match_seed = self._seeds[i].next(seed)
        self.tables[i].reset(match_seed)

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal every game: ``seed`` is an int (game *i* plays ``seed + i``), one seed
        per game, or ``None`` (each game draws its next seed)."""
        if seed is None or isinstance(seed, int):
            seeds: list[int | None] = [None if seed is None else seed + i
                                       for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} games")
        self._obs.fill(0.0)
        self._mask.fill(0)
        for i, s in enumerate(seeds):
            self._deal(i, s)
            self._write(i)
        return self._observation(), {"seat": self._seat.copy()}

    def step(
        self, actions: Array
    ) -> tuple[Observation, Array, Array, Array, dict[str, Any]]:
        """One action per game, for the seat to act there (``infos["seat"]`` of the
        last step); see the module text for what comes back."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step takes one action per game: shape ({self.num_envs},),"
                             f" not {actions.shape}")
        n, seats = self.num_envs, self.num_seats
        rewards = np.zeros((n, seats), dtype=np.float32)
        terminated = np.zeros(n, dtype=bool)
        final_seeds: list[int | None] = [None] * n
        illegal: list[str | None] = [None] * n
        self._obs.fill(0.0)
        self._mask.fill(0)
        for i, table in enumerate(self.tables):
            try:
                rewards[i] = table.step(int(actions[i]))
            except IllegalAction as exc:
                if self.illegal == "raise":
                    raise
                rewards[i, self._seat[i]] = self.illegal_reward
                table.stop()
                illegal[i] = str(exc)
            if table.done:
                terminated[i] = True
                final_seeds[i] = self.match_seeds[i]
                self._deal(i, None)
            self._write(i)
        infos: dict[str, Any] = {"seat": self._seat.copy()}
        if terminated.any():
            infos["final_match_seed"] = np.array(final_seeds, dtype=object)
            infos["_final_match_seed"] = terminated.copy()
        if any(x is not None for x in illegal):
            infos["illegal_action"] = np.array(illegal, dtype=object)
        return (self._observation(), rewards, terminated, np.zeros(n, dtype=bool), infos)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release: the games hold no files or processes."""


def vector_env(game: str, num_envs: int = 16, **kwargs: Any) -> KahvehaneVectorEnv:
    """``num_envs`` games of ``game`` (a game or its versioned id) batched; keywords as
    :func:`kahvehane.rl.env`'s (table options, ``episode``, ``reward``, …)."""
    return KahvehaneVectorEnv(game, num_envs, **kwargs)


__all__ = ["KahvehaneVectorEnv", "vector_env"]
