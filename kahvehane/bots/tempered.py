"""The ``tempered`` bot (level kolay): the heuristic with a temperament.

A beginner does not play randomly: most moves are sensible, a few are careless. The
tempered bot asks its family's heuristic bot for every move and, with probability ``p``
(:data:`DEFAULT_P`), plays a uniformly random legal action instead. It is added for every
family that has a ``heuristic`` kind (:mod:`kahvehane.bots`), so nothing here names a
game. The heuristic still sees every view (it may remember what it saw, as a person
would); only its answer is sometimes overruled.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots.base import Bot
from kahvehane.games.base import Action

__all__ = ["DEFAULT_P", "TemperedBot"]

#: How often the tempered bot plays a random legal action instead of the heuristic's.
DEFAULT_P = 0.3


class TemperedBot(Bot):
    """``inner``'s move, or with probability ``p`` a random legal action (its own rng)."""

    kind = "tempered"

    def __init__(self, inner: Bot, p: float = DEFAULT_P) -> None:
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be from 0 to 1, not {p}")
        super().__init__(inner.game, inner.seat, inner.rng)
        self.inner = inner
        self.p = p

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        move = self.inner.choose(view, legal)
        if move not in legal:
            return move  # a free action (an Okey arrangement) is never overruled
        if len(legal) > 1 and self.rng.random() < self.p:
            return legal[int(self.rng.random() * len(legal))]
        return move
