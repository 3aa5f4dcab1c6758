"""The ``learned`` bot: the trained baseline policy shipped with the RL environments.

A small neural policy trained with the batched environment (``bench/train_baseline.py``;
``docs/rl.md`` says how and how strong it is) plays from the seat's view and legal list
alone, like every bot: it encodes the view with the environment's codec and plays the
legal action the policy rates highest. It is labelled ``bot:learned`` and is the salon
level ``egitilmis`` (:mod:`kahvehane.bots.levels`) where a game has a policy.

The policy and its encoder live in :mod:`kahvehane.rl.baseline`, in the RL layer above
the bots (with numpy from the ``rl`` extra), because the bot must encode a view exactly
as the environment the policy learned in did: one codec, not a copy. Like a family's
search plan (:func:`kahvehane.bots.search_kind`), it is therefore *named*, not
imported: :data:`POLICY_MODULE` is loaded by name on first use. A family declares the
kind with :func:`learned_kind`; which of its games have a policy is that module's
answer (:func:`has_policy`), and a game without one refuses the kind clearly.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from kahvehane.bots import BotKind, BotRequest
from kahvehane.bots.base import Bot
from kahvehane.games.base import Action

__all__ = ["POLICY_MODULE", "LearnedBot", "has_policy", "learned_kind"]

#: The module of the shipped policies (``plays(game)``, ``BaselinePlayer``).
POLICY_MODULE = "kahvehane.rl.baseline"


def _policies() -> ModuleType | None:
    try:
        return importlib.import_module(POLICY_MODULE)
    except ImportError:  # (the rl extra, numpy, is not installed)
        return None


def has_policy(game: str) -> bool:
    """Whether a trained policy plays ``game`` (and the ``rl`` extra is installed)."""
    module = _policies()
    return module is not None and bool(module.plays(game))


class LearnedBot(Bot):
    """Plays the trained policy of its game (see the module text)."""

    kind = "learned"

    def __init__(self, req: BotRequest) -> None:
        super().__init__(req.game, req.seat, req.rng)
        module = _policies()
        if module is None or not module.plays(req.game):
            raise ValueError(f"no trained policy plays {req.game}")
        self._player = module.BaselinePlayer(req.game, req.seat, req.options)

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        choice: Action = self._player.choose(view, legal)
        return choice


def learned_kind() -> BotKind:
    """The ``learned`` kind, for a family whose games have trained policies."""
    return BotKind("learned", LearnedBot)
