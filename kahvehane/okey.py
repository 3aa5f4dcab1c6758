"""The Okey hand solver's public entry point, :func:`solve` (``docs/okey-solver.md``).

A stable import path for library users: the solver lives in the game's own package
(:mod:`kahvehane.games.okey.solve`), and this module re-exports its public API, nothing
else.

>>> solve("R4 R5 R6 B9 B9 Y13 K2 R3", "R2").arrangement.unmatched_sum
33
"""

from kahvehane.games.okey.solve import FinishPlan, InvalidRack, Solution, solve

__all__ = ["FinishPlan", "InvalidRack", "Solution", "solve"]
