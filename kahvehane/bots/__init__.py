"""Bots for every game. A bot sees only ``view(seat)`` and the legal actions.

>>> import random
>>> bot = make_bot("koz_maca", "random", seat=1, rng=random.Random(7))
>>> bot.label
'bot:random'
"""

from __future__ import annotations

import random

from kahvehane.bots.base import Bot
from kahvehane.bots.random_bot import RandomBot

# game id → bot kind → class. Game-specific bots register here as they are written.
_BOTS: dict[str, dict[str, type[Bot]]] = {
    game: {"random": RandomBot}
    for game in ("duz_okey", "kdv_okey", "koz_maca", "balayi_kingi", "casino", "royal_casino")
}


def bot_kinds(game: str) -> list[str]:
    """The bot kinds available for a game, e.g. ``["random", "heuristic"]``."""
    return sorted(_BOTS.get(game, {}))


def make_bot(game: str, kind: str, seat: int, rng: random.Random | None = None) -> Bot:
    """A new bot of ``kind`` for ``seat`` of ``game``; ``ValueError`` names the choices."""
    try:
        cls = _BOTS[game][kind]
    except KeyError:
        raise ValueError(
            f"no {kind!r} bot for {game!r}: choose from {', '.join(bot_kinds(game)) or 'none'}"
        ) from None
    return cls(game, seat, rng)


__all__ = ["Bot", "RandomBot", "bot_kinds", "make_bot"]
