# The compiled core of a Koz Maça deal (_core.pyx): what the type checker needs.
from typing import Any

from kahvehane.games.base import Action, Event

class KozMacaCore:
    hands: list[int]
    trick: list[int]
    won: list[int]
    history: list[tuple[int, tuple[int, ...], int]]
    to_act: tuple[int, ...]
    is_over: bool
    broken: bool
    leader: int
    _turn: int
    _phase: int
    phase: int
    turn: int
    def legal_actions(self, seat: int) -> list[Action]: ...
    def apply(self, action: Action) -> list[Event]: ...
    def shallow_copy(self) -> Any: ...
