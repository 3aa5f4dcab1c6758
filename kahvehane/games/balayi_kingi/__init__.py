"""Balayı Kingi: two players, a face-up/face-down tableau and locked hands
(docs/rules/balayi_kingi.md).

The package, one module per concern (the layout every game has):

* :mod:`~kahvehane.games.balayi_kingi.spec` — the game as the salon knows it;
* :mod:`~kahvehane.games.balayi_kingi.actions` — :class:`ChooseContract` and ``Play``;
* :mod:`~kahvehane.games.balayi_kingi.deal` — one deal, :class:`BalayiKingiDeal`;
* :mod:`~kahvehane.games.balayi_kingi.rules` — :data:`BALAYI_KINGI`, the match around
  deals;
* :mod:`~kahvehane.games.balayi_kingi.contracts` — the contracts, their weights and
  trick duties; :mod:`~kahvehane.games.balayi_kingi.scoring`,
  :mod:`~kahvehane.games.balayi_kingi.setup`, :mod:`~kahvehane.games.balayi_kingi.fixed`
  (a fixed-layout dealer), :mod:`~kahvehane.games.balayi_kingi.sampling` (a deal from a
  view) and :mod:`~kahvehane.games.balayi_kingi.constants`.

The trick play itself is the shared core :mod:`kahvehane.games.tricks`.
"""

from __future__ import annotations

from kahvehane.games.balayi_kingi.actions import ChooseContract, Play
from kahvehane.games.balayi_kingi.constants import HAND, NO_CARD, PILES
from kahvehane.games.balayi_kingi.contracts import CONTRACT_DUTIES, CONTRACTS
from kahvehane.games.balayi_kingi.deal import BalayiKingiDeal
from kahvehane.games.balayi_kingi.fixed import fixed_setup
from kahvehane.games.balayi_kingi.rules import BALAYI_KINGI, BalayiKingiRules
from kahvehane.games.balayi_kingi.scoring import deal_scores, used_contracts

__all__ = [
    "BALAYI_KINGI",
    "CONTRACTS",
    "CONTRACT_DUTIES",
    "HAND",
    "NO_CARD",
    "PILES",
    "BalayiKingiDeal",
    "BalayiKingiRules",
    "ChooseContract",
    "Play",
    "deal_scores",
    "fixed_setup",
    "used_contracts",
]
