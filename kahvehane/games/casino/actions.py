"""Casino's three actions and their record form (docs/records.md, "Actions";
docs/rules/casino.md, "Records").

``sets`` are kept exactly as the player wrote them (tuples of card codes): the engine
checks them directly (:mod:`kahvehane.games.casino.moves`), so a record may group and
order its cards any legal way.

>>> from kahvehane.cards import parse_card as c
>>> a = CaptureAction(1, c("6H"), ((c("6S"),), (c("3D"), c("3C"))))
>>> a.to_json()
{'seat': 1, 'act': 'capture', 'card': '6H', 'sets': [['6S'], ['3D', '3C']]}
>>> parse_action(a.to_json()) == a
True
>>> parse_action({"seat": 0, "act": "build", "card": "3H", "sets": [["3H", "2C"]]})
Traceback (most recent call last):
...
kahvehane.errors.MalformedAction: the action has no 'value' field
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from kahvehane.cards import Card, card_name
from kahvehane.errors import MalformedAction
from kahvehane.games.base import JSON, Action, card_value, require
from kahvehane.games.casino.messages import NO_SUCH_SEAT, NOT_AN_INTEGER, SET_NOT_LIST, UNKNOWN_ACT

Sets = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class TrailAction(Action):
    """Lay ``card`` face up on the table as a loose card (T-1)."""

    act: ClassVar[str] = "trail"
    card: Card

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": self.act, "card": card_name(self.card)}


@dataclass(frozen=True, slots=True)
class CaptureAction(Action):
    """Play ``card`` and take ``sets`` (C-19); ``value`` is the declared count (C-3, C-5).

    ``value`` is needed only for a card that can count two ways (a Royal ace, and with
    ``nordic_specials`` 2♠ and 10♦); otherwise it may be ``None``.
    """

    act: ClassVar[str] = "capture"
    card: Card
    sets: Sets
    value: int | None = None

    def to_json(self) -> JSON:
        out: JSON = {
            "seat": self.seat,
            "act": self.act,
            "card": card_name(self.card),
            "sets": [[card_name(x) for x in s] for s in self.sets],
        }
        if self.value is not None:
            out["value"] = self.value
        return out


@dataclass(frozen=True, slots=True)
class BuildAction(Action):
    """Play ``card`` into a build of declared ``value`` made of ``sets`` (B-3..B-8).

    The played card is in exactly one set; a set is loose cards (maybe with the played
    card) summing to ``value``, an existing build of ``value`` taken over whole, or an
    existing single build plus the played card (a raise).
    """

    act: ClassVar[str] = "build"
    card: Card
    sets: Sets
    value: int

    def to_json(self) -> JSON:
        return {
            "seat": self.seat,
            "act": self.act,
            "card": card_name(self.card),
            "sets": [[card_name(x) for x in s] for s in self.sets],
            "value": self.value,
        }


CasinoAction = TrailAction | CaptureAction | BuildAction


def _sets(raw: list[Any]) -> Sets:
    out: list[tuple[Card, ...]] = []
    for i, s in enumerate(raw):
        if not isinstance(s, list):
            raise MalformedAction(SET_NOT_LIST, index=i, value=repr(s))
        out.append(tuple(card_value(x, f"'sets'[{i}]") for x in s))
    return tuple(out)


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction(NOT_AN_INTEGER, key=repr(key), value=repr(value))
    return value


def parse_action(obj: Mapping[str, Any]) -> CasinoAction:
    """Read a record action; :class:`MalformedAction` says what is wrong with it.

    Only the form is checked here (fields, types, card names); whether the move is
    allowed is the state's question, so that the rule it breaks can be named.
    """
    act = require(obj, "act", str)
    seat = require(obj, "seat", int)
    if seat < 0:
        raise MalformedAction(NO_SUCH_SEAT, seat=seat)
    card = card_value(require(obj, "card", str), "'card'")
    if act == "trail":
        return TrailAction(seat, card)
    if act == "capture":
        sets = _sets(require(obj, "sets", list))
        raw = obj.get("value")
        return CaptureAction(seat, card, sets, None if raw is None else _int(raw, "value"))
    if act == "build":
        sets = _sets(require(obj, "sets", list))
        return BuildAction(seat, card, sets, _int(require(obj, "value", int), "value"))
    raise MalformedAction(UNKNOWN_ACT, act=repr(act))
