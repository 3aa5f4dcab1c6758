"""Bot levels: the strength a table's manager chooses for the bots of empty seats.

Four levels, the same words in every game (issues 19, 36):

* ``kolay`` (easy) — the ``tempered`` bot: the heuristic with random slips;
* ``orta`` (medium, the default) — the ``heuristic`` bot;
* ``zor`` (hard) — the ``search`` bot where the game has one, else the heuristic;
* ``egitilmis`` (trained) — the ``learned`` bot, the trained RL baseline, where a game
  has a policy (:mod:`kahvehane.bots.learned`: Okey), else the heuristic.

The levels are the choices of the table option ``bot_level``
(:data:`kahvehane.games.spec.BOT_LEVEL`, served by ``/api/games``). A level names a bot
*kind*; which kinds a game has is :func:`kahvehane.bots.bot_kinds`'s
answer, so a game that gains a search bot (Okey) plays it at ``zor`` without a change
here. A game without a heuristic plays ``random`` at every level.

>>> level_kind("koz_maca", "zor")
'search'
>>> level_kind("koz_maca", "kolay")
'tempered'
"""

from __future__ import annotations

from kahvehane.bots import bot_kinds
from kahvehane.bots.learned import has_policy
from kahvehane.games.spec import BOT_LEVEL

__all__ = ["DEFAULT_LEVEL", "LEVELS", "level_kind"]

#: The levels in the order a form offers them, each with the kinds it tries in turn.
LEVELS: dict[str, tuple[str, ...]] = {
    "kolay": ("tempered", "heuristic", "random"),
    "orta": ("heuristic", "random"),
    "zor": ("search", "heuristic", "random"),
    "egitilmis": ("learned", "heuristic", "random"),
}
#: The table option's default (:data:`kahvehane.games.spec.BOT_LEVEL`).
DEFAULT_LEVEL: str = BOT_LEVEL.default
if tuple(LEVELS) != BOT_LEVEL.choices:  # one list of levels, offered and played
    raise RuntimeError("bots.levels.LEVELS must be the choices of games.spec.BOT_LEVEL")


def level_kind(game: str, level: str) -> str:
    """The bot kind ``game`` plays at ``level`` (a key of :data:`LEVELS`): the first of
    the level's kinds the game has."""
    kinds = bot_kinds(game)
    return next(k for k in LEVELS[level]
                if k in kinds and (k != "learned" or has_policy(game)))
