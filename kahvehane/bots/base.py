"""What a bot is: a player that sees only its seat's view and the legal actions.

A bot is handed exactly what a person at that seat would have — ``view(seat)`` and the
list of legal actions — and answers with one of those actions. It is never handed the
deal state, so it cannot peek at hidden cards or tiles; search bots sample the hidden
part from what the view shows (determinization) instead.

Randomness inside a bot comes from the ``random.Random`` it was created with, so a
seeded simulation replays exactly.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games.base import Action

#: The clock of a bot's budget: CPU seconds of the deciding thread. A search given 0.1 s
#: per decision gets 0.1 s of computing whatever else the machine runs, so its play does
#: not weaken under load (issue 35: a fixed CPU budget per decision); a salon asks a
#: deliberate bot on a thread of its own, whose clock this is.
cpu_clock = time.thread_time


class Bot(ABC):
    """A player program for one game. Subclasses implement :meth:`choose`."""

    #: The bot's kind, e.g. ``"random"``, ``"heuristic"``, ``"search"``.
    kind: str = ""
    #: The salon level it was seated for (``kolay``, ``orta``, ``zor``;
    #: :mod:`kahvehane.bots.levels`), or ``None`` outside a salon table.
    level: str | None = None
    #: Whether a choice takes long (a search spends up to its clock, 0.1–0.5 s): the salon
    #: then asks the bot off its event loop, so other tables are not held up meanwhile.
    deliberate: bool = False

    def __init__(self, game: str, seat: int, rng: random.Random | None = None) -> None:
        self.game = game
        self.seat = seat
        self.rng = rng if rng is not None else random.Random()

    @property
    def label(self) -> str:
        """How the bot is shown to people: always marked as a bot."""
        return f"bot:{self.kind}"

    @property
    def player_name(self) -> str:
        """The bot's name in a match record's ``players``: its label, and the level it
        was seated for if any (``"bot:search (zor)"``; docs/records.md)."""
        return self.label if self.level is None else f"{self.label} ({self.level})"

    @abstractmethod
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (never empty) knowing only ``view``.

        Okey bots may also answer with an ``Arrange`` of their own rack (the one action
        that legal lists do not hold, because it has too many forms); the caller applies
        it and asks again, so a bot must not arrange twice in a row without a change.
        """
