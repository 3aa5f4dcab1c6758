"""What deals and matches produce: a deal's result and where a match stands.

Their own module so that the registry's :class:`~kahvehane.games.spec.EntryRule` (which
settles a finished match from its summary) and the engine interface
(:mod:`kahvehane.games.base`, which re-exports both) share them without importing each
other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["JSON", "DealResult", "MatchSummary"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class DealResult:
    """What a finished deal wrote into the score table.

    ``scores`` has one entry per seat (partners both show their side's figure);
    ``end`` says how the deal ended (``finish``, ``void``, ``tricks``, ``cards``);
    ``detail`` holds the game's facts (docs/records.md, "kahvehane replay"); ``first_seat``
    is the deal's starter (Okey) or dealer (card games), which the rotation of the next
    deal needs.
    """

    scores: tuple[int, ...]
    end: str
    detail: JSON
    first_seat: int

    def to_json(self) -> JSON:
        return {"scores": list(self.scores), "end": self.end, "detail": self.detail}


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """Where a match stands after some finished deals.

    ``winner`` is a seat, a sorted list of seats (partners) or ``None`` (not over, or a
    shared first place). ``extra`` holds the game's top-level result keys
    (Okey: ``ranking_points``; Koz Maça: ``kasa_claimant``).
    """

    complete: bool
    totals: tuple[int, ...]
    winner: int | list[int] | None
    extra: JSON = field(default_factory=dict)
