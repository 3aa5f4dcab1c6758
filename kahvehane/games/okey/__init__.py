"""Düz Okey and KDV (Banko) Okey: one engine, two games (``docs/rules/okey.md``), and
the hand solver (``docs/okey-solver.md``).

The modules, bottom up:

* :mod:`~kahvehane.games.okey.messages` — every refusal, in English and Turkish;
* :mod:`~kahvehane.games.okey.melds` — runs, groups and pairs (rules 11–13), the Ceza sum;
* :mod:`~kahvehane.games.okey.solver_core`, :mod:`~kahvehane.games.okey.solver` — seri
  diz, çift diz and the finish check, exact; :mod:`~kahvehane.games.okey.solve` — the
  public ``solve`` over them (imported as :mod:`kahvehane.okey`, its stable path);
* :mod:`~kahvehane.games.okey.rack` — the rack layout of rule 29;
* :mod:`~kahvehane.games.okey.actions` — the actions and their record form;
* :mod:`~kahvehane.games.okey.scoring` — Düz and KDV deal scores, the ranking;
* :mod:`~kahvehane.games.okey.deal` — one deal as a state machine (:class:`OkeyDeal`);
* :mod:`~kahvehane.games.okey.setup` — a deal's setup, dealt and read back;
* :mod:`~kahvehane.games.okey.rules` — options, rotation and the match (:class:`OkeyRules`);
* :mod:`~kahvehane.games.okey.spec` — the two games as the salon knows them;
* :mod:`~kahvehane.games.okey.fixed` — a dealer of chosen hands, for tests and puzzles.

>>> from kahvehane.match import Match
>>> deal = Match("kdv_okey", {"deals": 3}, seed="çay ocağı").deal()
>>> isinstance(deal, OkeyDeal), deal.free_actions(0)
(True, ('arrange',))
"""

from kahvehane.games.okey.actions import Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.messages import InvalidRack
from kahvehane.games.okey.rules import DUZ_OKEY, KDV_OKEY, OkeyRules

__all__ = [
    "DUZ_OKEY",
    "KDV_OKEY",
    "Arrange",
    "Discard",
    "Draw",
    "Finish",
    "InvalidRack",
    "OkeyDeal",
    "OkeyRules",
    "ShowIndicator",
    "fixed_setup",
]
