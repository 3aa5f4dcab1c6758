"""The Okey heuristic bot (Düz and KDV).

What it does, in order, each time it is asked (it sees only its view and legal list):

1. shows the indicator (gösterge) whenever it may — it always lowers its own tally;
2. finishes as soon as it can, choosing the finish with the highest multiplier
   (an okey put on the indicator, or a çift finish, pays double or more);
3. draws from the left when the left tile lowers the best unmatched sum of its rack
   (it would keep that tile), else from the pile;
4. discards the least useful tile: the one whose removal leaves the lowest unmatched
   sum ("seri diz" of the other 14), breaking ties by keeping tiles that are close to
   others (same colour ±1/±2, same number) and never throwing an okey away; with five
   pairs or more it plays for a çift finish and keeps pairs instead;
5. arranges before it discards (rules 29–30): it lays the 14 it keeps out as seri diz
   and the tile it throws as a block of its own at the end, so the Ceza frozen at the
   discard is the lowest possible. The arrange is answered first; the discard follows
   when it is asked again, naming that last block as the copy that leaves (``at``), so
   no other copy of the tile is ever taken from a per.

In pairs play (eşli) it plays for the side: it remembers what its right opponent took
from it and trades a tile that would feed that opponent for an equally good one
(:mod:`kahvehane.bots.okey_partner`, the partner blunders).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots import BotKind, search_kind
from kahvehane.bots.base import Bot
from kahvehane.bots.learned import learned_kind
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.bots.okey_partner import side_discard
from kahvehane.games.base import Action
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.melds import face_value
from kahvehane.games.okey.solver import best_arrangement, finish_multiplier
from kahvehane.tiles import FALSE_JOKER, Tile, parse_tile

PAIR_MODE = 5  # pairs (okeys counted) from which the bot plays for a çift finish


def count_pairs(tiles: Sequence[Tile], okey: Tile, indicator: Tile) -> int:
    """Pairs the tiles can make (rule 13), okeys pairing with singles."""
    counts = Counter(t for t in tiles if t != okey)
    wild = len(tiles) - sum(counts.values())
    pairs = sum(c // 2 for t, c in counts.items() if t != indicator)
    singles = sum(c % 2 for t, c in counts.items() if t != indicator)
    used = min(wild, singles)
    return pairs + used + (wild - used) // 2


def closeness(t: Tile, others: Sequence[Tile], okey: Tile) -> int:
    """How many other tiles could meld with ``t`` soon: same colour within 2, or the
    same number in another colour. Okeys are close to everything."""
    if t == okey:
        return 99
    real = okey if t == FALSE_JOKER else t
    colour, number = divmod(real, 13)
    near = 0
    for o in others:
        if o == okey:
            near += 1
            continue
        r = okey if o == FALSE_JOKER else o
        c, n = divmod(r, 13)
        if (c == colour and 0 < abs(n - number) <= 2) or (n == number and c != colour):
            near += 1
    return near


class OkeyHeuristicBot(Bot):
    """Plays Düz and KDV Okey sensibly: see the module docstring."""

    kind = "heuristic"

    def __init__(self, game: str, seat: int, rng: Any = None, *, pairs: bool = False) -> None:
        super().__init__(game, seat, rng)
        self._cache: dict[tuple[Tile, ...], tuple[Tile, tuple[tuple[Tile, ...], ...]]] = {}
        #: In pairs play the bot remembers what its right opponent took from it and keeps
        #: off the partner blunders (:mod:`kahvehane.bots.okey_partner`).
        self.pairs = pairs
        self.memory = OkeyMemory(seat)

    # -- evaluation ---------------------------------------------------------------------
    def plan_discard(
        self, tiles: list[Tile], okey: Tile, indicator: Tile
    ) -> tuple[Tile, tuple[tuple[Tile, ...], ...]]:
        """(the tile to throw, the layout of the 14 kept) for a 15-tile rack."""
        key = tuple(sorted(tiles))
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        pair_mode = count_pairs(tiles, okey, indicator) >= PAIR_MODE
        best: tuple[tuple[int, ...], Tile, tuple[tuple[Tile, ...], ...]] | None = None
        for t in sorted(set(tiles)):
            rest = list(tiles)
            rest.remove(t)
            arr = best_arrangement(rest, okey)
            if pair_mode:
                score: tuple[int, ...] = (
                    -count_pairs(rest, okey, indicator), int(t == okey),
                    arr.unmatched_sum, closeness(t, rest, okey),
                )
            else:
                score = (arr.unmatched_sum, int(t == okey), closeness(t, rest, okey),
                         -face_value(t, okey))
            if best is None or score < best[0]:
                best = (score, t, arr.blocks)
        assert best is not None
        self._cache[key] = (best[1], best[2])
        return best[1], best[2]

    def _rack_value(self, tiles: list[Tile], okey: Tile, indicator: Tile) -> tuple[int, int]:
        """(pairs-first or melds-first) badness of a 14-tile rack: lower is better."""
        if count_pairs(tiles, okey, indicator) >= PAIR_MODE:
            return (0, -count_pairs(tiles, okey, indicator))
        return (1, best_arrangement(tiles, okey).unmatched_sum)

    # -- the decision -------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        if self.pairs:
            self.memory.observe(view)
        for a in legal:
            if isinstance(a, ShowIndicator):
                return a
        okey = parse_tile(view["okey"])
        indicator = parse_tile(view["indicator"])
        rack: list[list[str]] = view["rack"]
        tiles = [parse_tile(x) for block in rack for x in block]
        finishes = [a for a in legal if isinstance(a, Finish)]
        if finishes:
            return max(
                finishes,
                key=lambda a: (finish_multiplier(tiles, a.tile, indicator) or 0, -a.tile),
            )
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return self._draw(view, draws, tiles, okey, indicator)
        discard, layout = self.plan_discard(tiles, okey, indicator)
        if self.pairs:
            safe = side_discard(view, tiles, discard, self.memory)
            if safe != discard:
                discard = safe
                rest = list(tiles)
                rest.remove(safe)
                layout = best_arrangement(rest, okey).blocks
        wanted = [list(b) for b in layout] + [[discard]]
        current = [[parse_tile(x) for x in block] for block in rack]
        if current != wanted:
            return Arrange(self.seat, tuple(tuple(b) for b in wanted))
        if any(isinstance(a, Discard) and a.tile == discard for a in legal):
            if self.pairs:
                self.memory.discarding(view, discard)
            return Discard(self.seat, discard, at=(len(wanted) - 1, 0))
        return legal[0]  # not reached: every held tile may be discarded

    def _draw(
        self, view: Mapping[str, Any], draws: list[Draw], tiles: list[Tile], okey: Tile,
        indicator: Tile,
    ) -> Action:
        pile = next((a for a in draws if a.source == PILE), None)
        left = next((a for a in draws if a.source == LEFT), None)
        if left is None:
            assert pile is not None
            return pile
        left_seat = (self.seat - 1) % 4
        tile = parse_tile(view["discards"][left_seat][-1])
        if pile is None or tile == okey:
            return left
        throw, _ = self.plan_discard([*tiles, tile], okey, indicator)
        if throw == tile:
            return pile  # it would throw the tile straight back
        after = list(tiles)
        after.append(tile)
        after.remove(throw)
        if self._rack_value(after, okey, indicator) < self._rack_value(tiles, okey, indicator):
            return left
        return pile


#: The bots of the Okey family (Düz and KDV), as :mod:`kahvehane.bots` reads them.
FAMILY = "okey"
KINDS = (BotKind("heuristic", lambda r: OkeyHeuristicBot(r.game, r.seat, r.rng,
                                                        pairs=bool(r.options.get("pairs")))),
         search_kind("kahvehane.bots.okey_search:OkeyPlan",
                     frozenset({"read", "z", "margin"})),
         learned_kind())
