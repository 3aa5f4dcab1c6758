"""Casino search helpers: perfect-information Monte Carlo with heuristic rollouts.

The search bot plays Casino (and Royal Casino) by determinized evaluation: it deals the
cards it cannot see (the other hands, the stock) at random, consistently with its view
and its memory of the cards gone (:class:`kahvehane.bots.determinize.CasinoSampler`),
plays each of the heuristic's best few moves in every such deal, and continues with the
heuristic bot's own move choice for every seat (:func:`policy`, the same scores as
:func:`kahvehane.bots.casino.score_move`, read from the state) for a few plies, at most
to the end of the round of cards. A line is worth the points its side captures from now
on against the others' (aces, the casinos, cards and spades towards the majorities,
sweeps), plus most of the points of the builds it owns at the end. The same deals serve
every candidate (common random numbers) and the rollouts are deterministic; the
heuristic's own move is kept unless another is better by a margin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from kahvehane.bots.base import cpu_clock
from kahvehane.bots.casino import score_move
from kahvehane.games.base import Action

__all__ = ["choose_move_pimc", "policy", "rollout", "score_state"]


def score_state(a: Action, seat: int, state: Any, sweeps: bool, royal: bool) -> float:
    """:func:`kahvehane.bots.casino.score_move` of ``a``, from a state's table."""
    return score_move(a, seat, state.loose, list(state.builds.values()), sweeps, royal)


def policy(state: Any, s: int, sweeps: bool, royal: bool) -> Action:
    """The heuristic bot's move for seat ``s`` of a full state."""
    legal: list[Action] = state.legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    best: Action = legal[0]
    best_score = float("-inf")
    for a in legal:
        v = score_state(a, s, state, sweeps, royal)
        if v > best_score:
            best, best_score = a, v
    return best


def rollout(state: Any, plies: int, sweeps: bool, royal: bool) -> None:
    """The heuristic's moves for every seat, ``plies`` moves at most and never past the
    end of the current round of cards."""
    rnd = state.round
    for _ in range(plies):
        if state.is_over or state.round != rnd:
            return
        s = state.turn
        state.apply(policy(state, s, sweeps, royal))


def choose_move_pimc(
    samples: Callable[[random.Random], Any],
    candidates: Sequence[Action],
    seat: int,
    reward: Callable[[Any, Any], list[float]],
    rng: random.Random,
    n_samples: int,
    plies: int,
    margin: float,
    sweeps: bool,
    royal: bool,
    deadline: float | None = None,
) -> tuple[Action, dict[Action, float]]:
    """The candidate (``candidates[0]`` is the heuristic's) with the best mean reward."""
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for i in range(n_samples):
        if deadline is not None and i and cpu_clock() > deadline:
            break
        base = samples(rng)
        done += 1
        for a in candidates:
            st = base.copy()
            st.apply(a)
            rollout(st, plies, sweeps, royal)
            totals[a] += reward(st, base)[seat]
    means = {a: t / done for a, t in totals.items()}
    heuristic = candidates[0]
    best = max(candidates, key=lambda a: means[a] + (margin if a == heuristic else 0.0))
    return best, means
