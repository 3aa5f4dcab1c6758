"""A Gymnasium single-agent environment: one seat learns, kahvehane bots play the rest.

``kahvehane.rl.gym_env("koz_maca", seat=0, opponents="heuristic")``: the other seats are
played by :func:`kahvehane.bots.make_bot` bots of that kind (``random``, ``heuristic``,
``search`` with its options such as ``search:iterations=50``), each seeded from the
match seed, so an episode is reproducible from ``reset(seed=…)``. The observation is the
same dictionary as the PettingZoo environment's (``info["action_mask"]`` repeats the
mask); the reward of a step is what the agent's seat earned until its next decision,
the opponents' moves included. An illegal action ends the episode with
``illegal_reward`` (``info["illegal_action"]`` says why) unless ``illegal="raise"``.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
from gymnasium import spaces

from kahvehane.bots import make_bot
from kahvehane.bots.base import Bot
from kahvehane.errors import IllegalAction
from kahvehane.games.okey.actions import Arrange
from kahvehane.rl.aec import ILLEGAL, Observation, SeedSequence, observation_space
from kahvehane.rl.ids import env_id
from kahvehane.rl.render import render_table
from kahvehane.rl.table import Table

#: A bot that lays out its Okey rack again and again without moving is a bug; stop it.
MAX_ARRANGES = 3


class KahvehaneGymEnv(gymnasium.Env[Observation, int]):
    """One seat of a game against bots (see the module text)."""

    # (a text render has no frame rate; 1 is the classic environments' figure)
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (gymnasium's own)

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponents: str = "heuristic",
        render_mode: str | None = None,
        episode: str = "match",
        reward: str = "deal",
        layout: str = "seri",
        illegal: str = "terminate",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.table = Table(game, options, episode=episode, reward=reward, layout=layout,
                           managed=[seat])
        if not 0 <= seat < self.table.num_seats:
            raise ValueError(f"seat {seat} does not exist: {game} has seats"
                             f" 0..{self.table.num_seats - 1}")
        self.seat = seat
        self.opponents = opponents
        game = self.table.game  # (``game`` may have been a versioned id)
        make_bot(game, opponents, (seat + 1) % self.table.num_seats)  # a bad spec fails now
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.observation_space = observation_space(self.table)
        self.action_space = spaces.Discrete(self.table.codec.num_actions)  # type: ignore[assignment]
        self._seeds = SeedSequence()
        self._bots: dict[int, Bot] = {}
        self.match_seed: int | None = None

    def _obs(self) -> Observation:
        return {"observation": self.table.observe(self.seat),
                "action_mask": self.table.mask(self.seat)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.match_seed = self._seeds.next(seed)
        self.table.reset(self.match_seed)
        self._bots = {
            s: make_bot(self.table.game, self.opponents, s,
                        random.Random(f"{self.match_seed}:{s}"), self.table.options)
            for s in range(self.table.num_seats) if s != self.seat
        }
        self._play_opponents()
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    def _play_opponents(self) -> float:
        """Let the bots move until the agent is to act or the episode ends; the agent's
        rewards meanwhile."""
        table, earned, arranges = self.table, 0.0, 0
        while not table.done and table.to_act != self.seat:
            seat = table.to_act
            assert seat is not None
            choice = self._bots[seat].choose(table.view(seat), table.state.legal_actions(seat))
            if isinstance(choice, Arrange):
                arranges += 1
                if arranges > MAX_ARRANGES:
                    raise RuntimeError(f"the {self.opponents} bot of seat {seat} keeps"
                                       " rearranging its rack without playing")
                table.arrange(seat, choice.rack)
                continue
            arranges = 0
            earned += table.play(choice)[self.seat]
        return earned

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        info: dict[str, Any] = {}
        try:
            reward = self.table.step(int(action))[self.seat]
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self.table.stop()
            reward = self.illegal_reward
            info["illegal_action"] = str(exc)
        reward += self._play_opponents()
        obs = self._obs()
        info["action_mask"] = obs["action_mask"]
        return obs, float(reward), self.table.done, False, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return render_table(self.table)


def gym_id(game: str) -> str:
    """The Gymnasium registry id of a game: its versioned id, ``kahvehane/koz_maca-v0``."""
    return env_id(game)


def register() -> list[str]:
    """Register every game with Gymnasium's registry (``gymnasium.make(
    "kahvehane/casino-v0", players=3, ...)``) once; the ids."""
    from kahvehane.rl import GAMES

    ids = []
    for game in GAMES:
        env_id = gym_id(game)
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point="kahvehane.rl.gym:KahvehaneGymEnv",
                               kwargs={"game": game})
        ids.append(env_id)
    return ids


register()
