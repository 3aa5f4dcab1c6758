"""Casino and Royal Casino: one engine, two games (RULES.md part 3, docs/rules/casino.md).

The modules, bottom up:

* :mod:`~kahvehane.games.casino.values` — what cards count, per game (Royal overrides);
* :mod:`~kahvehane.games.casino.packing` — captures and builds by values and subset sums;
* :mod:`~kahvehane.games.casino.table` — builds and the owner's kept cards;
* :mod:`~kahvehane.games.casino.actions` — trail / capture / build and their record form;
* :mod:`~kahvehane.games.casino.moves` — checking a stated move, listing legal moves;
* :mod:`~kahvehane.games.casino.scoring` — the hand's items, ties, Royal's count-out;
* :mod:`~kahvehane.games.casino.state` — one hand as a state machine;
* :mod:`~kahvehane.games.casino.rules` — options, the deal, rotation and match end.

>>> from kahvehane.match import Match
>>> m = Match("casino", {"players": 2}, seed=301)
>>> state = m.deal()
>>> state.view(0)["hand"], state.view(0)["table"]["loose"]
(['2C', 'JS', '2D', '9C'], ['6D', '3D', 'AH', '4D'])
"""

from kahvehane.games.casino.actions import BuildAction, CaptureAction, TrailAction
from kahvehane.games.casino.rules import CASINO, ROYAL_CASINO, CasinoRules, RoyalCasinoRules
from kahvehane.games.casino.state import CasinoDeal, RoyalCasinoDeal
from kahvehane.games.casino.table import Build
from kahvehane.games.casino.values import CasinoRuleset, RoyalRuleset

__all__ = [
    "CASINO",
    "ROYAL_CASINO",
    "Build",
    "BuildAction",
    "CaptureAction",
    "CasinoDeal",
    "CasinoRules",
    "CasinoRuleset",
    "RoyalCasinoDeal",
    "RoyalCasinoRules",
    "RoyalRuleset",
    "TrailAction",
]
