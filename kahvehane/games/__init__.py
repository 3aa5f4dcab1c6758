"""The rules engines, one per game, behind one interface (:mod:`kahvehane.games.base`).

>>> sorted(GAME_NAMES)
['balayi_kingi', 'casino', 'duz_okey', 'kdv_okey', 'koz_maca', 'royal_casino']
"""

from __future__ import annotations

import importlib

from kahvehane.errors import MalformedRecord
from kahvehane.games.base import GameRules

_REGISTRY: dict[str, tuple[str, str]] = {
    "duz_okey": ("kahvehane.games.okey.rules", "DUZ_OKEY"),
    "kdv_okey": ("kahvehane.games.okey.rules", "KDV_OKEY"),
    "koz_maca": ("kahvehane.games.koz_maca", "KOZ_MACA"),
    "balayi_kingi": ("kahvehane.games.balayi_kingi", "BALAYI_KINGI"),
    "casino": ("kahvehane.games.casino", "CASINO"),
    "royal_casino": ("kahvehane.games.casino", "ROYAL_CASINO"),
}
GAME_NAMES = frozenset(_REGISTRY)


def get_game(name: str) -> GameRules:
    """The rules object of a game id, e.g. ``get_game("duz_okey")``."""
    try:
        module_name, attr = _REGISTRY[name]
    except (KeyError, TypeError):
        raise MalformedRecord(
            f"unknown game {name!r}: games are {', '.join(sorted(_REGISTRY))}"
        ) from None
    rules: GameRules = getattr(importlib.import_module(module_name), attr)
    return rules
