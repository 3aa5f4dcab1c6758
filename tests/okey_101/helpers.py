"""Deals of chosen hands for the 101 tests: short hands are fine (the engine never
counts a hand's size except when reading a record's setup)."""

from __future__ import annotations

from typing import Any

from kahvehane.games.okey_101.deal import Okey101Deal
from kahvehane.games.okey_101.melds import TableMeld, kind_of, parse_meld_tile, resolve
from kahvehane.games.okey_101.rules import OKEY_101
from kahvehane.tiles import parse_tile, parse_tiles


def ts(text: str) -> list[int]:
    return parse_tiles(text.split())


def make(hands: dict[int, str], *, indicator: str = "R2", starter: int = 0,
         pile: str = "K1 K2 K3 K4 Y1 Y2", turn: int | None = None, phase: str = "play",
         **options: Any) -> Okey101Deal:
    """A deal with these hands (seats not named hold ``Y13 Y13 B1``), ``turn``'s turn in
    ``phase``."""
    opts = OKEY_101.parse_options(options)
    full = [ts(hands.get(s, "Y13 Y13 B1")) for s in range(4)]
    deal = Okey101Deal(options=opts, starter=starter, indicator=parse_tile(indicator),
                       hands=full, pile=ts(pile))
    deal.turn = starter if turn is None else turn
    deal.phase = phase
    return deal


def put(deal: Okey101Deal, owner: int, *melds: str) -> None:
    """Put melds (written as in records, ``*X`` for an okey) on the table."""
    for text in melds:
        slots = resolve([parse_meld_tile(x) for x in text.split()], deal.okey)
        kind = kind_of(slots, deal.indicator)
        assert kind is not None, text
        deal.table.append(TableMeld(owner, kind, sorted(slots, key=lambda x: x[1])
                                    if kind != "pair" else slots))


def act(deal: Okey101Deal, seat: int, act: str, **fields: Any) -> Any:
    """Apply a record action."""
    return deal.apply(deal.parse_action({"seat": seat, "act": act, **fields}))


def refused(deal: Okey101Deal, seat: int, act_name: str, **fields: Any) -> str:
    """The code of the refusal of a record action (the state must be unchanged)."""
    from kahvehane.errors import ActionError

    before = deal.view(None), [deal.hand(s) for s in range(4)]
    try:
        act(deal, seat, act_name, **fields)
    except ActionError as exc:
        assert (deal.view(None), [deal.hand(s) for s in range(4)]) == before
        return str(exc.code)
    raise AssertionError(f"{act_name} {fields} was accepted")
