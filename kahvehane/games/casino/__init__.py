"""Casino and Royal Casino: one engine, two games (docs/rules/casino.md).

The modules, bottom up:

* :mod:`~kahvehane.games.casino.spec` — the two games as the registry knows them
  (options with their exact types, labels in both languages);
* :mod:`~kahvehane.games.casino.messages` — every refusal, in English and Turkish;
* :mod:`~kahvehane.games.casino.values` — the variant: what cards count, per game
  (:class:`RoyalVariant` overrides :class:`CasinoVariant`);
* :mod:`~kahvehane.games.casino.packing` — captures and builds by values and subset sums;
* :mod:`~kahvehane.games.casino.builds` — builds and the owner's kept cards;
* :mod:`~kahvehane.games.casino.actions` — trail / capture / build and their record form;
* :mod:`~kahvehane.games.casino.moves` — checking a stated move, listing legal moves;
* :mod:`~kahvehane.games.casino.scoring` — the hand's items, ties, Royal's count-out;
* :mod:`~kahvehane.games.casino.deal` — one hand as a state machine;
* :mod:`~kahvehane.games.casino.setup` — the deal from a shuffled deck, a setup checked;
* :mod:`~kahvehane.games.casino.fixed` — a setup from the few cards a scenario names;
* :mod:`~kahvehane.games.casino.sampling` — a hand built from a view and its hidden cards;
* :mod:`~kahvehane.games.casino.rules` — options, the deal, rotation and match end.

>>> from kahvehane.match import Match
>>> m = Match("casino", {"players": 2}, seed=301)
>>> state = m.deal()
>>> state.view(0)["hand"], state.view(0)["table"]["loose"]
(['2C', 'JS', '2D', '9C'], ['6D', '3D', 'AH', '4D'])
"""

from kahvehane.games.casino.actions import BuildAction, CaptureAction, TrailAction
from kahvehane.games.casino.builds import Build
from kahvehane.games.casino.deal import CasinoDeal, RoyalCasinoDeal
from kahvehane.games.casino.fixed import fixed_setup
from kahvehane.games.casino.rules import CASINO, ROYAL_CASINO, CasinoRules, RoyalCasinoRules
from kahvehane.games.casino.values import CasinoVariant, RoyalVariant

__all__ = [
    "CASINO",
    "ROYAL_CASINO",
    "Build",
    "BuildAction",
    "CaptureAction",
    "CasinoDeal",
    "CasinoRules",
    "CasinoVariant",
    "RoyalCasinoDeal",
    "RoyalCasinoRules",
    "RoyalVariant",
    "TrailAction",
    "fixed_setup",
]
