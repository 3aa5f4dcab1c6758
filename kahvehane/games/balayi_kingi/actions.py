"""Balayı Kingi's actions — naming the contract (BK-4) and the shared trick core's
``Play`` — as the engine takes them and as a record writes them (docs/records.md, "Actions")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.errors import MalformedAction, Message
from kahvehane.games.balayi_kingi.constants import SEATS
from kahvehane.games.balayi_kingi.contracts import CONTRACTS
from kahvehane.games.base import JSON, Action, parse_seat, require
from kahvehane.games.tricks import Play, parse_play

__all__ = ["CHOICES", "ChooseContract", "Play", "parse_action"]

UNKNOWN_ACT = Message(
    "balayi_kingi.unknown_act",
    "unknown act {act}: Balayı Kingi actions are 'contract' and 'play'",
    "bilinmeyen hamle {act}: Balayı Kingi hamleleri 'contract' ve 'play'")
UNKNOWN_CONTRACT = Message(
    "balayi_kingi.unknown_contract", "{code} is not a contract: contracts are exactly {codes}",
    "{code} bir kontrat değil: kontratlar yalnızca {codes}")


@dataclass(frozen=True, slots=True)
class ChooseContract(Action):
    """The non-dealer names the deal's contract: ``C D H S`` or ``NT`` (BK-4)."""

    act: ClassVar[str] = "contract"
    contract: str

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "contract", "contract": self.contract}


#: ``CHOICES[seat][code]``: the shared ``ChooseContract`` actions (actions are immutable,
#: so ``legal_actions`` hands these out).
CHOICES: tuple[dict[str, ChooseContract], ...] = tuple(
    {code: ChooseContract(s, code) for code in CONTRACTS} for s in range(SEATS)
)


def parse_action(obj: Mapping[str, Any]) -> Action:
    """A record action of Balayı Kingi, or :class:`~kahvehane.errors.MalformedAction`
    saying what is wrong.

    >>> parse_action({"seat": 1, "act": "contract", "contract": "NT"})
    ChooseContract(seat=1, contract='NT')
    """
    seat = parse_seat(obj, SEATS)
    act = require(obj, "act", str)
    if act == "contract":
        code = require(obj, "contract", str)
        if code not in CONTRACTS:
            raise MalformedAction(UNKNOWN_CONTRACT, code=repr(code), codes=", ".join(CONTRACTS))
        return CHOICES[seat][code]
    if act == "play":
        return parse_play(seat, obj)
    raise MalformedAction(UNKNOWN_ACT, act=repr(act))
