"""The games as RL environments beside PettingZoo's and OpenSpiel's (issues 18, 36).

**Environment steps per second** of random agents, for every game through our
PettingZoo AEC environment (``kahvehane.rl.env(game, episode="deal")``), side by side in
the same run with PettingZoo's RLCard-based classic games and OpenSpiel's ``spades``
through its Python API. Every step builds the acting agent's observation and action
mask (``env.last()``; for spades ``observation_tensor`` and ``legal_actions_mask``) and
plays a uniformly random legal action (Python's ``random`` picks among the mask's ones,
the same way for every environment). A step is one agent decision; dealing is timed
but not counted (our deal is made at ``reset``, RLCard's too; spades' 52 chance nodes
are applied in the loop). Time is the process's CPU time (``time.process_time``; it was
wall time before issue 36, whose runs shared the machine at load averages of 25–35).
Each environment runs for ``--seconds`` of CPU per round, the rounds
go round all environments ``--repeats`` times (so a change of the machine's load hits
them all), and the table gives the median and the range over the rounds.

PettingZoo 1.27 removed ``gin_rummy_v4`` (PettingZoo issue 1383; the game lives on in
RLCard). It is rebuilt here as PettingZoo 1.24 made it: PettingZoo's own
``RLCardBase`` over RLCard's ``gin-rummy``, the observation planes 0–3 of RLCard's
5 × 52 and the 110-action mask (RLCard's payoffs instead of v4's knock/gin rewards: they
are computed once per game). ``leduc_holdem_v4`` is PettingZoo's as shipped.

**Strength**: OpenSpiel's ``ISMCTSBot`` (random-rollout evaluator, UCT c = 2, the
most-visited move) on our Koz Maça through ``kahvehane.rl.spiel`` against our search bot
(``kahvehane.bots``, ISMCTS with greedy rollouts and heuristic bids) at an equal time per
move: our bot gets ``search:time=T``; the IS-MCTS bot's simulation count is set before
each move from its own measured simulations per second (the average over its last
moves), so both spend about T per decision (the figures are printed). Two seats each,
opposite; the seats swap every match. Whole matches to ``finish_score`` 100 are played
until ``--strength-seconds`` run out; the share is the IS-MCTS seats' share of the
matches won, with a 95% Wilson interval.

**Batched** (issue 36): the same games through ``kahvehane.rl.vector_env(game, 256,
episode="deal")``, a step being one decision in each of the 256 games (counted 256).

Last line: ``rl: okey/gin_rummy=X koz_maca/spades=Y ismcts-share=Z vector=R`` — the
ratios of the median steps per second (``okey`` is the slower of Düz and KDV Okey), the
share, and KDV's batched steps per second over its single environment's.
Koz Maça is also timed through ``raw_env`` (no PettingZoo order-enforcing wrapper, which
every environment of the table but spades pays), for the line before it.
Targets (issues 18, 36): okey/gin_rummy ≥ 2, koz_maca/spades ≥ 1, vector ≥ 10.

Usage: ``python bench/rl.py [--seconds S] [--repeats R] [--strength-seconds T]
[--move-time M]`` (defaults 2, 5, 150, 0.05: about five minutes in all).
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from pettingzoo.classic import leduc_holdem_v4
from pettingzoo.classic.rlcard_envs.rlcard_base import RLCardBase
from pettingzoo.utils import wrappers

from kahvehane.bots import make_bot
from kahvehane.games.koz_maca import COMPILED
from kahvehane.rl import env as kahvehane_env
from kahvehane.rl import raw_env as kahvehane_raw_env
from kahvehane.rl import vector_env
from kahvehane.rl.spiel import register, state_of
from kahvehane.rl.table import Table

#: The batched environments timed, at N games per step (issue 36).
VECTOR_GAMES = ("duz_okey", "kdv_okey", "koz_maca")
VECTOR_N = 256

OURS: list[tuple[str, dict[str, Any]]] = [
    ("duz_okey", {}),
    ("kdv_okey", {}),
    ("koz_maca", {}),
    ("balayi_kingi", {}),
    ("casino", {}),
    ("royal_casino", {}),
]


class GinRummy(RLCardBase):  # type: ignore[misc]
    """PettingZoo's ``gin_rummy_v4`` as PettingZoo 1.24 built it (see the module text)."""

    metadata = {  # noqa: RUF012 (PettingZoo's own declaration)
        "render_modes": [], "name": "gin_rummy_v4", "is_parallelizable": False,
    }

    def __init__(self) -> None:
        super().__init__("gin-rummy", 2, (4, 52))
        self.render_mode = None

    def observe(self, agent: str) -> dict[str, Any]:
        state = self.env.get_state(self._name_to_int(agent))
        mask = np.zeros(110, "int8")
        for i in self.next_legal_moves:  # a list after reset, RLCard's dict of ids after
            mask[i] = 1
        return {"observation": state["obs"][0:4, :].astype(self._dtype), "action_mask": mask}


def gin_rummy_env() -> Any:
    return wrappers.OrderEnforcingWrapper(GinRummy())


def clock() -> float:
    """The process's CPU time: the steps per second are per second of CPU the process
    got, so a shared machine's load (other jobs taking the cores) changes them far less
    than wall time would; every environment is timed the same way."""
    return time.process_time()


def pettingzoo_steps(make: Callable[[], Any], seconds: float, seed: int) -> float:
    """Random-agent steps per second of a PettingZoo AEC environment."""
    env = make()
    pick = random.Random(seed)
    env.reset(seed=seed)  # seeded once; later resets go on from it
    steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        while env.agents:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[pick.randrange(len(legal))]))
            steps += 1
        if clock() >= deadline:
            return steps / (clock() - start)
        env.reset()


def spades_steps(seconds: float, seed: int) -> float:
    """Random-agent steps per second of OpenSpiel's spades through pyspiel."""
    game = pyspiel.load_game("spades")
    pick = random.Random(seed)
    steps = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[pick.randrange(len(outcomes))][0])
                continue
            p = state.current_player()
            np.asarray(state.observation_tensor(p), dtype=np.float32)
            np.asarray(state.legal_actions_mask(p), dtype=np.int8)
            legal = state.legal_actions(p)
            state.apply_action(legal[pick.randrange(len(legal))])
            steps += 1
    return steps / (clock() - start)


def vector_steps(game: str, num_envs: int, seconds: float, seed: int) -> float:
    """Random-agent steps per second (one step = one game's decision) of the batched
    environment: every step builds the N observations and masks and plays, in each
    game, a uniformly random legal action (the batch's own way: the largest of uniform
    draws over the mask's ones)."""
    venv = vector_env(game, num_envs, episode="deal")
    obs, _ = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        mask = obs["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, _, _, _, _ = venv.step(actions)
        steps += num_envs
    return steps / (clock() - start)


def throughput(seconds: float, repeats: int) -> dict[str, list[float]]:
    def ours(game: str, options: dict[str, Any]) -> Callable[[int], float]:
        return lambda seed: pettingzoo_steps(
            lambda: kahvehane_env(game, episode="deal", **options), seconds, seed)

    runs: dict[str, Callable[[int], float]] = {game: ours(game, o) for game, o in OURS}
    runs["koz_maca raw_env"] = lambda seed: pettingzoo_steps(
        lambda: kahvehane_raw_env("koz_maca", episode="deal"), seconds, seed)
    runs["pz gin_rummy_v4"] = lambda seed: pettingzoo_steps(gin_rummy_env, seconds, seed)
    runs["pz leduc_holdem_v4"] = lambda seed: pettingzoo_steps(leduc_holdem_v4.env, seconds,
                                                               seed)
    runs["openspiel spades"] = lambda seed: spades_steps(seconds, seed)
    for game in VECTOR_GAMES:
        runs[f"{game} vector N={VECTOR_N}"] = (
            lambda seed, game=game: vector_steps(game, VECTOR_N, seconds, seed))
    out: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(repeats):
        for name, run in runs.items():
            out[name].append(run(1000 + r))
        print(f"round {r + 1}/{repeats}: " + " ".join(
            f"{name.replace(' ', '_')}={out[name][-1]:.0f}" for name in runs), flush=True)
    return out


# -- strength ---------------------------------------------------------------------------------


class TimedISMCTS:
    """OpenSpiel's ISMCTSBot with its simulation count set, before each move, to what its
    measured rate gives in ``seconds`` (the mean rate over its last moves)."""

    def __init__(self, game: Any, seconds: float, seed: int) -> None:
        self.seconds = seconds
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        self.bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10,
                                    random_state=np.random.RandomState(seed + 1))
        self.rates: list[float] = []
        self.times: list[float] = []

    def step(self, state: Any) -> int:
        if len(state.legal_actions()) == 1:
            return int(state.legal_actions()[0])
        rate = statistics.fmean(self.rates[-20:]) if self.rates else 200.0
        sims = max(2, round(rate * self.seconds))
        self.bot._max_simulations = sims  # the one knob ISMCTSBot has for its budget
        start = time.perf_counter()
        action = self.bot.step(state)
        spent = time.perf_counter() - start
        self.rates.append(sims / spent)
        self.times.append(spent)
        return int(action)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def strength(seconds: float, move_time: float) -> tuple[int, int, dict[str, Any]]:
    register()
    game = pyspiel.load_game("kahvehane_koz_maca")
    won = played = 0
    ours_times: list[float] = []
    theirs: list[TimedISMCTS] = []
    points = {"ismcts": 0, "search": 0}
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        table = Table("koz_maca", {"finish_score": 100})
        table.reset(seed=f"strength-{played}")
        ismcts_seats = {0, 2} if played % 2 == 0 else {1, 3}
        bots: dict[int, Any] = {}
        for s in range(4):
            if s in ismcts_seats:
                bots[s] = TimedISMCTS(game, move_time, 7 * played + s)
                theirs.append(bots[s])
            else:
                bots[s] = make_bot("koz_maca", f"search:iterations=1000000;time={move_time}",
                                   s, random.Random(f"{played}:{s}"), table.options)
        while not table.done:
            seat = table.to_act
            assert seat is not None
            if seat in ismcts_seats:
                table.step(bots[seat].step(state_of(table)))
                continue
            legal = table.state.legal_actions(seat)
            start = time.perf_counter()
            choice = bots[seat].choose(table.view(seat), legal)
            if len(legal) > 1:
                ours_times.append(time.perf_counter() - start)
            table.play(choice)
        winner = table.match.result_json()["winner"]
        played += 1
        won += winner in ismcts_seats
        totals = table.match.result_json()["totals"]
        points["ismcts"] += sum(totals[s] for s in ismcts_seats)
        points["search"] += sum(totals[s] for s in range(4) if s not in ismcts_seats)
        side = "ismcts" if winner in ismcts_seats else "search"
        print(f"match {played}: winner seat {winner} ({side}), totals {totals}", flush=True)
    their_times = [t for b in theirs for t in b.times]
    info = {
        "ours_ms": 1000 * statistics.median(ours_times) if ours_times else float("nan"),
        "theirs_ms": 1000 * statistics.median(their_times) if their_times else float("nan"),
        "points": points,
    }
    return won, played, info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--strength-seconds", type=float, default=150.0)
    parser.add_argument("--move-time", type=float, default=0.05)
    args = parser.parse_args(argv)
    print(f"python {platform.python_version()} on {platform.machine()},"
          f" Koz Maça compiled core: {COMPILED}")
    runs = throughput(args.seconds, args.repeats)
    print("\n| environment | steps/s median | range |")
    print("|---|---|---|")
    med = {}
    for name, values in runs.items():
        med[name] = statistics.median(values)
        print(f"| {name} | {med[name]:,.0f} | {min(values):,.0f}–{max(values):,.0f} |")
    okey = min(med["duz_okey"], med["kdv_okey"])
    gin = med["pz gin_rummy_v4"]
    km = med["koz_maca"] / med["openspiel spades"]
    raw = med["koz_maca raw_env"] / med["openspiel spades"]
    vector = med[f"kdv_okey vector N={VECTOR_N}"] / med["kdv_okey"]
    print("batched over single: " + " ".join(
        f"{g}={med[f'{g} vector N={VECTOR_N}'] / med[g]:.2f}" for g in VECTOR_GAMES)
        + f" (N={VECTOR_N})")
    print(f"\nduz_okey/gin_rummy={med['duz_okey'] / gin:.2f}"
          f" kdv_okey/gin_rummy={med['kdv_okey'] / gin:.2f} koz_maca/spades={km:.2f}"
          f" (raw_env, without PettingZoo's order-enforcing wrapper: {raw:.2f})")
    won, played, info = strength(args.strength_seconds, args.move_time)
    lo, hi = wilson(won, played)
    share = won / played if played else float("nan")
    print(f"\nIS-MCTS (OpenSpiel) vs search (kahvehane), Koz Maça, {args.move_time * 1000:.0f} ms"
          f" per move: {won}/{played} matches won by IS-MCTS seats, share {share:.2f}"
          f" [95% {lo:.2f}, {hi:.2f}]; median ms per searched move: search"
          f" {info['ours_ms']:.1f}, IS-MCTS {info['theirs_ms']:.1f}; points"
          f" {info['points']}")
    print(f"rl: okey/gin_rummy={okey / gin:.2f} koz_maca/spades={km:.2f}"
          f" ismcts-share={share:.2f} vector={vector:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
