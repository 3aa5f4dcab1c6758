"""The heuristic 101 Okey bot (docs/rules/okey_101.md, docs/bots.md).

It sees only its view and the legal actions, whose table actions are the engine's
suggestions (docs/engine.md, "101 Okey": the best opening, lay and pairs, every single
lay-off and swap). Its rules of thumb:

1. finish when it can (an okey finish first: it doubles, 101-31);
2. take the left neighbour's discard whenever the engine allows it (a take is legal only
   when the tile can go on the table this turn, 101-12), else draw from the pile;
3. open as soon as it can: an open-and-finish first, then melds, then pairs; once
   opened, take okeys back by swaps, lay off and lay whatever the engine offers (every
   tile on the table is a tile that costs nothing at the end);
4. discard the tile it needs least, never an okey (101) nor an işlek tile (101) while
   another tile will do: unopened, a tile with few possible meld-mates and a low number
   (high numbers help reach 101); opened, the highest number (it would be counted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots import BotKind
from kahvehane.bots.base import Bot
from kahvehane.games.base import Action
from kahvehane.games.okey_101.actions import (
    Discard,
    Draw,
    Finish,
    Lay,
    Layoff,
    LayPairs,
    Open,
    OpenPairs,
    Swap,
)
from kahvehane.games.okey_101.melds import STAR, stands_for
from kahvehane.tiles import Tile, parse_tile


def partners(tile: Tile, hand: Sequence[Tile], okey: Tile) -> int:
    """How many other tiles of the hand could share a meld with ``tile`` (okeys count)."""
    if tile == okey:
        return 99
    s = stands_for(tile, okey)
    out = 0
    for other in hand:
        if other == okey:
            out += 1
            continue
        o = stands_for(other, okey)
        if o == s:
            continue
        if o % 13 == s % 13 or (o // 13 == s // 13 and abs(o - s) <= 2):
            out += 1
    return out


class Okey101HeuristicBot(Bot):
    """See the module text."""

    kind = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        hand = [parse_tile(t) for block in view["rack"] for t in block]
        okey = parse_tile(view["okey"])
        finishes = [a for a in legal if isinstance(a, Finish)]
        if finishes:
            return max(finishes, key=lambda a: a.tile == okey)
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return next((a for a in draws if a.source == "left"), draws[0])
        table = self._table_action(legal, len(hand))
        if table is not None:
            return table
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]  # only a `return` is left: give the tile back
        islek = {parse_tile(t) for t in view["islek"]}
        opened = view["opened"][self.seat] is not None
        counts = Counter(hand)

        def cost(a: Discard) -> tuple[int, int, int]:
            t = a.tile
            penalty = int(t == okey or t in islek)
            number = stands_for(t, okey) % 13 + 1
            if opened:
                return penalty, -number, 0
            return penalty, partners(t, hand, okey) + 2 * (counts[t] - 1), number

        return min(discards, key=cost)

    @staticmethod
    def _table_action(legal: Sequence[Action], size: int) -> Action | None:
        opens = [a for a in legal if type(a) is Open]
        if opens:
            return max(opens, key=lambda a: sum(len(m) for m in a.melds) == size - 1)
        for kind in (OpenPairs, Swap, Layoff, Lay, LayPairs):
            found = [a for a in legal if type(a) is kind]
            if found:
                if kind is Layoff:  # a natural tile before an okey (okeys are worth keeping)
                    found.sort(key=lambda a: isinstance(a, Layoff) and a.tile >= STAR)
                return found[0]
        return None


#: The bots of 101 Okey, as :mod:`kahvehane.bots` reads them.
FAMILY = "okey_101"
KINDS = (BotKind("heuristic", lambda r: Okey101HeuristicBot(r.game, r.seat, r.rng)),)
