"""Koz Maça: four players, one bid each, spades always trump (RULES.md 2.A, KM-1..KM-15).

:data:`KOZ_MACA` is the game's :class:`~kahvehane.games.base.GameRules`;
:class:`~kahvehane.games.koz_maca.engine.KozMacaState` one deal (with a compiled hot path when
built, see :data:`~kahvehane.games.koz_maca.engine.COMPILED`);
:func:`~kahvehane.games.koz_maca.chips.settle_game` the chips of a finished game.
The trick play itself is the shared core :mod:`kahvehane.games.tricks`.
"""

from __future__ import annotations

from kahvehane.games.koz_maca.chips import ChipSettlement, Transfer, settle_game
from kahvehane.games.koz_maca.engine import (
    COMPILED,
    KASA_RULES,
    KOZ_MACA,
    Bid,
    KozMaca,
    KozMacaDeal,
    KozMacaState,
    Play,
    deal_score,
    match_status,
)

__all__ = [
    "COMPILED",
    "KASA_RULES",
    "KOZ_MACA",
    "Bid",
    "ChipSettlement",
    "KozMaca",
    "KozMacaDeal",
    "KozMacaState",
    "Play",
    "Transfer",
    "deal_score",
    "match_status",
    "settle_game",
]
