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


def play_random(match: Any, rng: Any, deals: int = 1) -> list[Any]:
    """Play ``deals`` deals of ``match`` with uniformly random legal actions (an
    ``arrange`` now and then too); the deal states, each checked by ``check`` after
    every action if the caller wraps this."""
    from kahvehane.games.okey_101.actions import Arrange

    states = []
    for _ in range(deals):
        if match.complete:
            break
        state = match.deal()
        while not state.is_over:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            assert actions, f"seat {seat} has no legal action: {state.view(seat)}"
            if rng.random() < 0.05:
                rack = [[t] for t in state.hand(seat)]
                rng.shuffle(rack)
                match.apply(Arrange(seat, tuple(tuple(b) for b in rack)))
            match.apply(rng.choice(actions))
        states.append(state)
    return states
