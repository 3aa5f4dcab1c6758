"""Shared test helpers for Okey: a deal from a fixed setup, and a snapshot of all views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.games.okey.deal import OkeyDeal
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.games.okey.rules import DUZ_OKEY, KDV_OKEY
from kahvehane.tiles import parse_tiles

# A 14-tile hand of melds (indicator K5, okey K6): R1-R4, Y7-Y9, B10-B12, K1-K4.
MELDS_14 = ["R1", "R2", "R3", "R4", "Y7", "Y8", "Y9", "B10", "B11", "B12", "K1", "K2", "K3", "K4"]
# 7 pairs (indicator K5, okey K6).
PAIRS_14 = ["R1", "R1", "Y2", "Y2", "B3", "B3", "K9", "K9", "R11", "R11", "Y12", "Y12",
            "B13", "B13"]


def deal(
    *,
    kdv: bool = False,
    pairs: bool = False,
    starter: int = 0,
    indicator: str = "K5",
    hands: Mapping[int, Sequence[str]] | None = None,
    pile_top: Sequence[str] = (),
    pile_bottom: Sequence[str] = (),
) -> OkeyDeal:
    setup = fixed_setup(starter=starter, indicator=indicator, hands=hands,
                        pile_top=pile_top, pile_bottom=pile_bottom)
    rules = KDV_OKEY if kdv else DUZ_OKEY
    return rules.new_deal(rules.parse_options({"pairs": pairs}), setup, [])


def snapshot(state: OkeyDeal) -> list[Any]:
    """Everything observable: all views, legal actions and the hidden racks and pile."""
    return [
        [state.view(s) for s in (None, 0, 1, 2, 3)],
        [state.legal_actions(s) for s in range(4)],
        [list(r) for r in state.racks],
        state.pile[state.pile_pos :],
        state.result(),
    ]


def tiles(*names: str) -> list[int]:
    return parse_tiles(names)


def greedy_action(d: OkeyDeal, rng: Any) -> Any:
    """A simple test player that finishes reasonably often (so random matches end):
    finish when possible, take the left tile when it gets matched, discard the costliest
    unmatched tile of the best arrangement; otherwise a random legal action."""
    from kahvehane.games.okey.actions import Discard, Draw, Finish
    from kahvehane.games.okey.melds import face_value
    from kahvehane.games.okey.solver import best_arrangement

    seat = d.turn
    acts = d.legal_actions(seat)
    finishes = [a for a in acts if isinstance(a, Finish)]
    if finishes:
        return rng.choice(finishes)
    if rng.random() < 0.2:
        return rng.choice(acts)
    hand = d.hand(seat)
    if d.phase == "draw":
        left = d.discards[(seat - 1) % 4]
        if left:
            with_left = best_arrangement([*hand, left[-1]], d.okey)
            if with_left.unmatched_sum < best_arrangement(hand, d.okey).unmatched_sum:
                return Draw(seat, "left")
        return Draw(seat, "pile")
    arrangement = best_arrangement(hand, d.okey)
    unmatched = [b[0] for b in arrangement.blocks if len(b) == 1]
    if unmatched:
        worst = max(unmatched, key=lambda t: (t != d.okey, face_value(t, d.okey)))
        return Discard(seat, worst)
    return rng.choice(acts)
