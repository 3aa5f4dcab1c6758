"""101 Okey (docs/rules/okey_101.md): opening with 101 or five pairs, laying off on the
table, penalties and the çanak, on the shared Okey pieces (tiles, the rack model, the
setup and the ranking).

The modules, bottom up:

* :mod:`~kahvehane.games.okey_101.messages` — every refusal, in English and Turkish;
* :mod:`~kahvehane.games.okey_101.melds` — table melds with declared okeys, values, işlek;
* :mod:`~kahvehane.games.okey_101.solver` — the best opening, the most pairs, lay-offs;
* :mod:`~kahvehane.games.okey_101.hints` — the solver's help for a hand and a table;
* :mod:`~kahvehane.games.okey_101.actions` — the actions and their record form;
* :mod:`~kahvehane.games.okey_101.scoring` — one deal's scores (101-31 … 101-36);
* :mod:`~kahvehane.games.okey_101.take` — may a seat take from the left, can it still use it;
* :mod:`~kahvehane.games.okey_101.outcome` — the multiplier, the çanak, ``detail``, the result;
* :mod:`~kahvehane.games.okey_101.deal` — one deal as a state machine;
* :mod:`~kahvehane.games.okey_101.sampling` — a deal from a view, for search bots;
* :mod:`~kahvehane.games.okey_101.chips` — the çanak as ledger transfers;
* :mod:`~kahvehane.games.okey_101.rules` — options, rotation and the match;
* :mod:`~kahvehane.games.okey_101.spec` — the game as the salon knows it.
"""
