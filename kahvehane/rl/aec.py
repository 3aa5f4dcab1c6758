"""The PettingZoo AEC environments (``kahvehane.rl.env("kdv_okey", deals=5)``).

Classic-environment conventions: agents ``player_0..n-1`` (seat *i* is ``player_i``);
each observation is ``{"observation": float32 vector, "action_mask": int8 vector}``
built from ``view(seat)`` and the public score table only; one fixed ``Discrete`` action
space per game (``docs/rl.md``); an agent may act several times in a row (Okey's draw
then discard, a Casino move spelled in tokens). An illegal action ends the episode with
``illegal_reward`` for its agent and 0 for the others (``infos[agent]["illegal_action"]``
says why), or, with ``illegal="raise"``, raises the engine's ``IllegalAction`` and
changes nothing.

No parallel-API wrapper is offered: the games are strictly turn-based and the agent to
act does not go round in a fixed cycle (trick winners lead, an Okey turn is two steps,
a Casino move may be several), which is what PettingZoo's ``aec_to_parallel`` needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from kahvehane.errors import IllegalAction
from kahvehane.rl.ids import VERSIONS
from kahvehane.rl.render import render_table
from kahvehane.rl.table import Table

ILLEGAL = ("terminate", "raise")
Observation = dict[str, Any]


def observation_space(table: Table) -> spaces.Dict:
    """The observation space of a table's game: the vector in [−1, 1] and the mask."""
    codec = table.codec
    return spaces.Dict({
        "observation": spaces.Box(-1.0, 1.0, (codec.obs_size,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (codec.num_actions,), dtype=np.int8),
    })


class SeedSequence:
    """The match seeds of successive resets: ``reset(seed=s)`` plays seed ``s`` exactly
    (the deal ``kahvehane replay`` derives from it) and the resets without a seed that
    follow draw theirs from ``s``, so a run is reproducible from its first seed."""

    def __init__(self) -> None:
        self._rng = np.random.default_rng()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            return int(seed)
        return int(self._rng.integers(2**62))


class KahvehaneEnv(AECEnv[str, Observation, int]):
    """One of the six games as a PettingZoo AEC environment (see the module text)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"], "name": "kahvehane", "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        *,
        episode: str = "match",
        reward: str = "deal",
        layout: str = "seri",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.table = Table(game, options, episode=episode, reward=reward, layout=layout)
        game = self.table.game
        name = f"kahvehane_{game}_v{VERSIONS[game]}"  # PettingZoo's spelling of env_id(game)
        self.metadata = {**self.metadata, "name": name}  # type: ignore[misc]
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = [f"player_{s}" for s in range(self.table.num_seats)]
        self.agents: list[str] = []
        obs = observation_space(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        act = spaces.Discrete(self.table.codec.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, act)
        self._seeds = SeedSequence()
        #: The match seed of the current episode (``self.table.record()`` is its record).
        self.match_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        self.match_seed = self._seeds.next(seed)
        self.table.reset(self.match_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.to_act
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        seat = self._seat(agent)
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for an agent that is done")
        try:
            rewards = self.table.step(int(action))
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            rewards = [0.0] * self.table.num_seats
            rewards[self._seat(agent)] = self.illegal_reward
            self.table.stop()
            self.infos[agent] = {"illegal_action": str(exc)}
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: rewards[s] for s, a in enumerate(self.possible_agents)}
        self._accumulate_rewards()
        if self.table.done:
            self.terminations = dict.fromkeys(self.agents, True)
            self._deads_step_first()
        else:
            self._select()

    def arrange(self, agent: str, blocks: Iterable[Iterable[int]]) -> None:
        """Lay out ``agent``'s Okey rack as ``blocks`` of tile codes: the free action of
        docs/rules/okey.md rule 29, outside the action space, allowed at any time in the deal."""
        self.table.arrange(self._seat(agent), blocks)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_table(self.table)

    def close(self) -> None:
        """Nothing to release: the environment holds no files or processes."""


class OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Observation, int]):
    """PettingZoo's order-enforcing wrapper, its checks unchanged, with the two calls of
    every step forwarded straight to the environment: PettingZoo's ``last()`` run on a
    wrapper reads five attributes through two ``__getattr__`` levels each, and its
    ``step()`` reads ``agents`` so — together a third of a Koz Maça step's time."""

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool,
                                                  dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        out: tuple[Observation | None, float, bool, bool, dict[str, Any]]
        out = self.env.last(observe)
        return out

    def step(self, action: int | None) -> None:
        env = self.env
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            env.step(action)


def raw_env(game: str, **kwargs: Any) -> KahvehaneEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return KahvehaneEnv(game, **kwargs)


def env(game: str, **kwargs: Any) -> AECEnv[str, Observation, int]:
    """``game`` (``duz_okey``, ``kdv_okey``, ``koz_maca``, ``balayi_kingi``, ``casino``,
    ``royal_casino``, or a versioned id such as ``kahvehane/casino-v0``) as a PettingZoo
    AEC environment; keyword arguments are the game's table options (``deals=5``,
    ``players=3``, …; each left out takes its default, :mod:`kahvehane.rl.ids`) and the
    environment's (``episode``, ``reward``, ``layout``, ``illegal``, ``illegal_reward``,
    ``render_mode``)."""
    out: AECEnv[str, Observation, int] = OrderEnforcing(raw_env(game, **kwargs))
    return out
