"""The ``random`` bot: a uniformly random legal action, for every game.

It is the baseline the other bots are measured against and the player the engine
benchmarks use. It never arranges an Okey rack (its Ceza is that of an unarranged
rack), so it is not meant for public tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots.base import Bot
from kahvehane.games.base import Action


class RandomBot(Bot):
    """Picks one of the legal actions uniformly at random (with its own ``rng``)."""

    kind = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]
