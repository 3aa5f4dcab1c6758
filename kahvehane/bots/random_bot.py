"""The ``random`` bot: a uniformly random legal action. The baseline every other bot
must beat, and the fastest way to drive an engine through many random games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots.base import Bot
from kahvehane.games.base import Action


class RandomBot(Bot):
    """Chooses uniformly among the legal actions (any game)."""

    kind = "random"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
