"""The Okey search bot (Düz and KDV, alone or in pairs): information-set search over
the tiles its seat cannot see.

Each decision with a real choice is searched:

* **draw**: the pile or the left discard (when the left tile joins a per of the rack
  or is an okey; a tile that joins nothing is left without a search);
* **discard or finish**: every finish on offer (the best tile per multiplier: plain,
  çift, okey ×2, çift+okey ×4) and the heuristic's best discards (by the seri diz left),
  the heuristic's own move always among them.

Showing the indicator is never searched: it lowers the shower's tally and costs
nothing. For every candidate the bot plays on in the same determinized samples
(:class:`~kahvehane.bots.okey_memory.OkeyMemory`: the unseen tiles dealt at random, with
what it remembers pinned) with the rollout policy of :mod:`kahvehane.bots.okey_rollout`
for every seat, for a horizon of turns, and scores the outcome **on the score table**
(Düz: the finish's 2·u·M; KDV: the base 50k·M against each opponent's Ceza·M;
gösterge; in pairs play, the side's score) as its own tally against the opponents'
mean. The candidate with the best mean wins, but the heuristic's move is kept unless
another beats it by :data:`MARGIN` of a deal's stake and by :data:`Z` standard errors of
the paired differences — a few noisy samples do not overturn a sound move.

The budget per decision is ``iterations`` samples (:attr:`OkeyPlan.default_iterations`)
and a time limit (``time`` seconds), checked between samples, at least
:data:`MIN_SAMPLES` played. A spec without either gets both defaults (24 samples within
:data:`DEFAULT_TIME`); ``iterations`` alone plays exactly that many samples, with no
clock, so a seeded run repeats exactly (the tests do that).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots.base import cpu_clock
from kahvehane.bots.okey import OkeyHeuristicBot
from kahvehane.bots.okey_evidence import read_table
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.bots.okey_partner import side_discard
from kahvehane.bots.okey_rollout import (
    leaf_scores,
    left_is_useful,
    relative,
    rollout,
    unmatched,
)
from kahvehane.bots.search import SearchBot, SearchPlan
from kahvehane.games.base import Action
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.solver import best_arrangement, finish_multiplier
from kahvehane.tiles import Tile, parse_tile, unit

__all__ = ["OkeyPlan"]

DEFAULT_TIME = 0.1  # seconds per searched decision, when the spec gives none
HORIZON = 8  # turns each rollout plays (two rounds) before the leaf estimate
DISCARDS = 3  # the heuristic's best discards searched
MARGIN = 0.05  # of a deal's stake (Düz 2u, KDV 50k): what must beat the heuristic's move
MIN_SAMPLES = 1
Z = 2.0  # standard errors by which another move must beat the heuristic's
#: How much of the table the samples read (``search:read=…``; :mod:`okey_evidence`):
#: the hard facts only, also the tiles passed and thrown, also (KDV) the racks'
#: settledness behind the Ceza boxes. The last is the default.
READS = ("hard", "table", "all")


def _tiles(view: Mapping[str, Any]) -> list[Tile]:
    return [parse_tile(x) for block in view["rack"] for x in block]


class OkeyPlan(SearchPlan):
    """The search of the Okey family's ``search`` bot (see the module text)."""

    default_iterations = 24

    def __init__(self, bot: SearchBot) -> None:
        super().__init__(bot)
        self.pairs = bool(bot.options.get("pairs"))
        self.heuristic = OkeyHeuristicBot(bot.game, bot.seat, bot.rng)
        self.memory = OkeyMemory(bot.seat)
        self.read = bot.params.get("read", READS[-1])
        if self.read not in READS:
            raise ValueError(f"read must be one of {', '.join(READS)}, not {self.read!r}")
        # the guard (``search:z=1;margin=0.02`` plays a bolder search)
        self.z = float(bot.params.get("z", Z))
        self.margin = float(bot.params.get("margin", MARGIN))
        if self.z < 0 or self.margin < 0:
            raise ValueError("z and margin must not be negative")
        # the discard decided before its arrange: (rack tiles, layout, tile)
        self._planned: tuple[tuple[Tile, ...], list[list[Tile]], Tile] | None = None
        self.last_values: dict[str, float] = {}
        self.searched = False  # whether the last decision was searched (bench/bots.py)

    def observe(self, view: Mapping[str, Any]) -> None:
        self.memory.observe(view)

    # -- the decision -------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               deadline: float | None) -> Action:
        self.searched = False
        if deadline is None and not self.bot.iterations_given:
            deadline = cpu_clock() + DEFAULT_TIME
        show = next((a for a in legal if isinstance(a, ShowIndicator)), None)
        if show is not None:
            return show
        if any(isinstance(a, Draw) for a in legal):
            return self._draw(view, legal, deadline)
        return self._discard(view, legal, deadline)

    def _draw(self, view: Mapping[str, Any], legal: Sequence[Action],
              deadline: float | None) -> Action:
        pile = next((a for a in legal if isinstance(a, Draw) and a.source == PILE), None)
        left = next((a for a in legal if isinstance(a, Draw) and a.source == LEFT), None)
        if pile is None or left is None:
            return pile or left or legal[0]
        okey = parse_tile(view["okey"])
        tile = parse_tile(view["discards"][(self.bot.seat - 1) % 4][-1])
        if not left_is_useful(_tiles(view), tile, okey):
            return pile
        heuristic = self.heuristic.choose(view, [pile, left])
        return self._search(view, [pile, left], heuristic, deadline)

    def _discard(self, view: Mapping[str, Any], legal: Sequence[Action],
                 deadline: float | None) -> Action:
        tiles = _tiles(view)
        rack = [[parse_tile(x) for x in block] for block in view["rack"]]
        planned = self._planned
        self._planned = None
        if planned is not None and planned[0] == tuple(sorted(tiles)) and planned[1] == rack:
            return self._throw(view, planned[2], rack)
        indicator = parse_tile(view["indicator"])
        okey = parse_tile(view["okey"])
        finishes: dict[int, Finish] = {}
        for a in legal:
            if isinstance(a, Finish):
                m = finish_multiplier(tiles, a.tile, indicator) or 0
                finishes.setdefault(m, a)
        if finishes and self.pairs:  # the side's finish now, never a gamble for a better
            return finishes[max(finishes)]
        throw, _ = self.heuristic.plan_discard(tiles, okey, indicator)
        if self.pairs:
            throw = side_discard(view, tiles, throw, self.memory)
        ranked = sorted(set(tiles), key=lambda t: (
            t != throw, unmatched([x for x in tiles if x != t] + [t] * (tiles.count(t) - 1),
                                  okey), t == okey))
        if self.pairs:  # never an okey to the opponent on the right
            ranked = [t for t in ranked if t != okey] or ranked
        discards: list[Action] = [Discard(self.bot.seat, t) for t in ranked[:DISCARDS]]
        candidates: list[Action] = [*finishes.values(), *discards]
        heuristic: Action = (finishes[max(finishes)] if finishes
                             else Discard(self.bot.seat, throw))
        choice = self._search(view, candidates, heuristic, deadline)
        if isinstance(choice, Finish):
            return choice
        assert isinstance(choice, Discard)
        if self.pairs:
            choice = Discard(self.bot.seat, side_discard(view, tiles, choice.tile, self.memory))
        wanted = _throw_layout(tiles, choice.tile, okey)
        if rack != wanted:
            self._planned = (tuple(sorted(tiles)), wanted, choice.tile)
            return Arrange(self.bot.seat, tuple(tuple(b) for b in wanted))
        return self._throw(view, choice.tile, rack)

    def _throw(self, view: Mapping[str, Any], tile: Tile, rack: list[list[Tile]]) -> Action:
        """The discard of ``tile`` from the last block (where the arrange put it)."""
        self.memory.discarding(view, tile)
        return Discard(self.bot.seat, tile, at=(len(rack) - 1, 0))

    def _steps(self, view: Mapping[str, Any], a: Action) -> list[Action]:
        """What a candidate is played as: a discard after laying the rest out as seri
        diz (so the Ceza box freezes as the bot would freeze it), else the action."""
        if not isinstance(a, Discard):
            return [a]
        layout = _throw_layout(_tiles(view), a.tile, parse_tile(view["okey"]))
        return [Arrange(a.seat, tuple(tuple(b) for b in layout)),
                Discard(a.seat, a.tile, at=(len(layout) - 1, 0))]

    # -- the search ---------------------------------------------------------------------
    def _search(self, view: Mapping[str, Any], candidates: Sequence[Action],
                heuristic: Action, deadline: float | None) -> Action:
        """The candidate with the best mean over the samples; the heuristic's move
        unless the best beats it by the margin and by :data:`Z` standard errors of the
        paired differences (the same samples serve every candidate)."""
        bot = self.bot
        seat = bot.seat
        self.searched = True
        if heuristic not in candidates:
            candidates = [heuristic, *candidates]
        values: dict[Action, list[float]] = {a: [] for a in candidates}
        steps = {a: self._steps(view, a) for a in candidates}
        reading = (None if self.read == "hard" else
                   read_table(view, ceza=self.read == "all"))
        n = 0
        while n < bot.iterations and (deadline is None or n < MIN_SAMPLES
                                      or cpu_clock() < deadline):
            sample = self.memory.sample(view, bot.options, bot.rng, reading)
            for a in candidates:
                state = sample.copy()
                for step in steps[a]:
                    state.apply(step)
                rollout(state, HORIZON)
                values[a].append(relative(leaf_scores(state), seat, state.pairs))
            n += 1
        means = {a: statistics.fmean(v) for a, v in values.items()}
        self.last_values = {repr(a): v for a, v in means.items()}
        bot.last_values = self.last_values
        best = max(candidates, key=lambda a: means[a])
        if best == heuristic or n < 2:
            return heuristic
        diffs = [x - y for x, y in zip(values[best], values[heuristic], strict=True)]
        gain = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(n)
        stake = (50 if view["game"] == "kdv_okey" else 2) * unit(parse_tile(view["indicator"]))
        return best if gain > self.margin * stake and gain > self.z * error else heuristic


def _throw_layout(tiles: list[Tile], tile: Tile, okey: Tile) -> list[list[Tile]]:
    """The rack laid out to throw ``tile``: the others as seri diz, ``tile`` last."""
    kept = list(tiles)
    kept.remove(tile)
    return [list(b) for b in best_arrangement(kept, okey).blocks] + [[tile]]
