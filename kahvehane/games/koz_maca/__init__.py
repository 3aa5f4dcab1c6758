"""Koz Maça: four players, one bid each, spades always trump (docs/rules/koz_maca.md, KM-1..KM-15).

The package, one module per concern (the layout every game has):

* :mod:`~kahvehane.games.koz_maca.spec` — the game as the salon knows it (options, the
  entry fee and its settlement);
* :mod:`~kahvehane.games.koz_maca.actions` — :class:`Bid` and ``Play``;
* :mod:`~kahvehane.games.koz_maca.deal` — one deal: :class:`KozMacaDeal` (what
  ``new_deal`` makes: the compiled core ``_core.pyx`` ahead of the pure-Python class,
  when built, see :data:`COMPILED`) and :class:`KozMacaPureDeal` (the pure-Python
  reference);
* :mod:`~kahvehane.games.koz_maca.rules` — :data:`KOZ_MACA`, the match around deals;
* :mod:`~kahvehane.games.koz_maca.scoring`, :mod:`~kahvehane.games.koz_maca.setup`,
  :mod:`~kahvehane.games.koz_maca.fixed` (a fixed-hand dealer),
  :mod:`~kahvehane.games.koz_maca.sampling` (a deal from a view);
* :mod:`~kahvehane.games.koz_maca.chips` — the chips of a finished game (the Kasa);
  :mod:`~kahvehane.games.koz_maca.constants` — the constants and pre-built events.

The trick play itself is the shared core :mod:`kahvehane.games.tricks`.
"""

from __future__ import annotations

from kahvehane.games.koz_maca.actions import Bid, Play
from kahvehane.games.koz_maca.chips import ChipSettlement, Transfer, settle_game
from kahvehane.games.koz_maca.constants import DUTIES, KASA_RULES
from kahvehane.games.koz_maca.deal import COMPILED, KozMacaDeal, KozMacaPureDeal
from kahvehane.games.koz_maca.fixed import fixed_setup
from kahvehane.games.koz_maca.rules import KOZ_MACA, KozMacaRules
from kahvehane.games.koz_maca.scoring import deal_score, match_status

__all__ = [
    "COMPILED",
    "DUTIES",
    "KASA_RULES",
    "KOZ_MACA",
    "Bid",
    "ChipSettlement",
    "KozMacaDeal",
    "KozMacaPureDeal",
    "KozMacaRules",
    "Play",
    "Transfer",
    "deal_score",
    "fixed_setup",
    "match_status",
    "settle_game",
]
