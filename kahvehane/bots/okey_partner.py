"""Okey in pairs (eşli, docs/rules/okey.md): the bots play for the side.

Partners sit opposite, so the seat that draws from a player's discards — the right
neighbour — is always an opponent, and the side's score is what counts (the search
bot scores the side's tally; :mod:`kahvehane.bots.okey_rollout`). The **partner
blunders** (:func:`okey_blunder`), which the heuristic and search bots never make in
pairs play:

* ``"passes_up_finish"`` — a finish is on offer and the seat discards instead: the
  side's finish is given away for a gamble;
* ``"okey_to_opponent"`` — the seat throws an okey (the wild tile) while it could throw
  another tile: the opponent on its right takes it;
* ``"feeds_next"`` — the seat throws a tile next to one the right opponent is known to
  hold (a tile it took from this seat's pile and has not shown since, or the indicator
  copy it showed: :func:`known_holdings`) — the same colour within two, or the same
  number — while another tile, neither an okey nor next to those, leaves a rack as good
  (no fewer pairs, no higher unmatched sum).

What is known comes from the seat's own memory of its views
(:class:`~kahvehane.bots.okey_memory.OkeyMemory`), never from a hidden rack.
:func:`side_discard` is how a bot keeps off the last blunder: it trades a feeding tile
for an equally good safe one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.games.base import Action
from kahvehane.games.okey.actions import Discard, Finish
from kahvehane.games.okey.solver import best_arrangement
from kahvehane.tiles import FALSE_JOKER, Tile, parse_tile

__all__ = ["feeds", "known_holdings", "okey_blunder", "side_discard"]


def known_holdings(view: Mapping[str, Any], memory: OkeyMemory) -> Counter[Tile]:
    """The tiles the right neighbour is known to hold: those it took from our pile
    and the indicator copy it showed, less what its own pile shows since."""
    right = memory.right
    held: Counter[Tile] = Counter(memory.taken.get(right, Counter()))
    if view["gosterge"] == right:
        held[parse_tile(view["indicator"])] += 1
    shown = Counter(parse_tile(x) for x in view["discards"][right])
    return held - shown


def feeds(tile: Tile, held: Counter[Tile], okey: Tile) -> bool:
    """Whether ``tile`` lies next to a held tile: the same colour within two, or the
    same number in another colour (the okey's stand-in counts as the okey's tile)."""
    if tile == okey:
        return False
    c, n = divmod(okey if tile == FALSE_JOKER else tile, 13)
    for h in held:
        if h == okey:
            continue
        hc, hn = divmod(okey if h == FALSE_JOKER else h, 13)
        if (hc == c and 0 < abs(hn - n) <= 2) or (hn == n and hc != c):
            return True
    return False


def _rest(tiles: Sequence[Tile], t: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(t)
    return rest


def _worth(tiles: Sequence[Tile], t: Tile, okey: Tile, indicator: Tile) -> tuple[int, int]:
    """(pairs kept, unmatched sum) of the rack left by throwing ``t``."""
    from kahvehane.bots.okey import count_pairs  # okey.py imports this module

    rest = _rest(tiles, t)
    return count_pairs(rest, okey, indicator), best_arrangement(rest, okey).unmatched_sum


def _safe_equal(view: Mapping[str, Any], tiles: Sequence[Tile], t: Tile,
                held: Counter[Tile]) -> list[Tile]:
    """The tiles, neither an okey nor feeding, whose throw leaves a rack as good as
    throwing ``t`` does."""
    okey = parse_tile(view["okey"])
    indicator = parse_tile(view["indicator"])
    pairs, left = _worth(tiles, t, okey, indicator)
    out = []
    for x in sorted(set(tiles)):
        if x in (okey, t) or feeds(x, held, okey):
            continue
        p, u = _worth(tiles, x, okey, indicator)
        if p >= pairs and u <= left:
            out.append(x)
    return out


def side_discard(view: Mapping[str, Any], tiles: Sequence[Tile], t: Tile,
                 memory: OkeyMemory) -> Tile:
    """``t``, or an equally good tile that feeds the right opponent nothing known; never
    an okey while another tile is left (the best other, the safe ones first)."""
    okey = parse_tile(view["okey"])
    held = known_holdings(view, memory)
    if t == okey and any(x != okey for x in tiles):
        indicator = parse_tile(view["indicator"])
        others = sorted({x for x in tiles if x != okey})
        return min(others, key=lambda x: (feeds(x, held, okey),
                                          -_worth(tiles, x, okey, indicator)[0],
                                          _worth(tiles, x, okey, indicator)[1]))
    if not held or not feeds(t, held, okey):
        return t
    safe = _safe_equal(view, tiles, t, held)
    indicator = parse_tile(view["indicator"])
    return min(safe, key=lambda x: _worth(tiles, x, okey, indicator)[1]) if safe else t


def okey_blunder(view: Mapping[str, Any], legal: Sequence[Action], action: Action,
                 memory: OkeyMemory) -> str | None:
    """The partner blunder of ``action`` (the seat's move that ends its decision, not
    an arrangement), or ``None`` (see the module)."""
    if not isinstance(action, Discard):
        return None
    if any(isinstance(a, Finish) for a in legal):
        return "passes_up_finish"
    okey = parse_tile(view["okey"])
    tiles = [parse_tile(x) for block in view["rack"] for x in block]
    if action.tile == okey and any(t != okey for t in tiles):
        return "okey_to_opponent"
    held = known_holdings(view, memory)
    if held and feeds(action.tile, held, okey) and _safe_equal(view, tiles, action.tile,
                                                               held):
        return "feeds_next"
    return None
