"""Playing an Okey deal on fast, and what a position is worth on the score table
(the rollouts of :mod:`kahvehane.bots.okey_search`).

The rollout policy is the heuristic bot's idea at a fraction of its cost (one exact
seri diz per decision, :func:`~kahvehane.games.okey.solver.best_arrangement`, where the
heuristic tries every discard): show the indicator; finish with the highest multiplier
the exact finish check offers; take the left tile when it joins a per (or is an okey);
lay the rack out as seri diz and throw the unmatched tile least close to the others,
the highest first. The layout is arranged before the discard, so a KDV Ceza box is
frozen as a player would freeze it.

A rollout stops when the deal ends (its scores are exact) or after a horizon of turns;
then :func:`leaf_scores` estimates the deal's scores from how close each rack is to a
finish: the lower a seat's best unmatched sum, the likelier it finishes first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from kahvehane.bots.okey import closeness
from kahvehane.games.okey.actions import LEFT, PILE, Arrange, Discard, Draw, Finish, ShowIndicator
from kahvehane.games.okey.deal import DRAW, OkeyDeal
from kahvehane.games.okey.melds import face_value, is_meld
from kahvehane.games.okey.scoring import partner
from kahvehane.games.okey.solver import best_arrangement
from kahvehane.tiles import Tile

__all__ = ["leaf_scores", "left_is_useful", "relative", "rollout", "rollout_action", "unmatched"]

#: How sharply a lower unmatched sum makes a seat the likelier finisher (leaf estimate).
TEMPERATURE = 8.0
#: The share of unfinished deals the leaf expects to end in a finish (the rest go void).
FINISH_SHARE = 0.7


_MEMO: dict[tuple[Tile, ...], int] = {}
_MEMO_SIZE = 100_000  # racks remembered (a few MB), then forgotten all at once


def unmatched(tiles: Sequence[Tile], okey: Tile) -> int:
    """The best unmatched sum of a rack, remembered: the samples of one decision and
    the candidates played in each share most racks."""
    key = (okey, *sorted(tiles))
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        found = _MEMO[key] = best_arrangement(tiles, okey).unmatched_sum
    return found


def left_is_useful(tiles: Sequence[Tile], left: Tile, okey: Tile) -> bool:
    """Whether the left tile would join a per of the rack (or is an okey): adding it
    lowers the best unmatched sum by more than its own face value would raise it."""
    if left == okey:
        return True
    return unmatched([*tiles, left], okey) < unmatched(tiles, okey) + face_value(left, okey)


def throw_choice(state: OkeyDeal, seat: int) -> tuple[Tile, list[tuple[Tile, ...]]]:
    """The tile to throw and the layout to throw it from: seri diz with that tile moved
    to a block of its own at the end. The tile is the unmatched one (never an okey)
    least close to the others, the highest face value first."""
    tiles = state.hand(seat)
    okey = state.okey
    blocks = list(best_arrangement(tiles, okey).blocks)
    melded = [len(b) >= 3 and is_meld(b, okey) for b in blocks]
    loose = [t for b, m in zip(blocks, melded, strict=True) if not m for t in b if t != okey]
    if not loose:  # all melded: break the rack where it costs least
        loose = [t for t in tiles if t != okey] or list(tiles)
    best = min(loose, key=lambda t: (closeness(t, tiles, okey), -face_value(t, okey), t))
    # take it from a loose block if one holds it, else from the first block that does
    order = [i for i, m in enumerate(melded) if not m] + [i for i, m in enumerate(melded) if m]
    i = next(i for i in order if best in blocks[i])
    block = list(blocks[i])
    block.remove(best)
    layout = [*blocks[:i], *([tuple(block)] if block else []), *blocks[i + 1:], (best,)]
    return best, layout


def rollout_action(state: OkeyDeal, seat: int) -> list[Draw | Discard | Finish | ShowIndicator
                                                        | Arrange]:
    """The rollout policy's move(s) for ``seat`` now: one action, or an arrange and
    the discard that follows it."""
    legal = state.legal_actions(seat)
    okey = state.okey
    if state.phase == DRAW:
        if legal and isinstance(legal[0], ShowIndicator):
            return [legal[0]]
        left_pile = state.discards[(seat - 1) % 4]
        if left_pile and (state.pile_left == 0
                          or left_is_useful(state.hand(seat), left_pile[-1], okey)):
            return [Draw(seat, LEFT)]
        return [Draw(seat, PILE)]
    finishes = state.finishing_tiles(seat)
    if finishes:
        tile = max(finishes, key=lambda t: (finishes[t], -t))
        return [Finish(seat, tile)]
    tile, layout = throw_choice(state, seat)
    return [Arrange(seat, tuple(layout)), Discard(seat, tile, at=(len(layout) - 1, 0))]


def rollout(state: OkeyDeal, turns: int) -> None:
    """Play ``state`` on with the rollout policy for every seat, for at most ``turns``
    turns or until the deal ends."""
    done = 0
    while not state.is_over and done < turns:
        seat = state.turn
        for action in rollout_action(state, seat):
            state.apply(action)
        if state.phase == DRAW or state.is_over:
            done += 1


def leaf_scores(state: OkeyDeal) -> list[float]:
    """The deal's scores: exact once it is over, else expected from each rack's best
    unmatched sum U (a seat finishes first with a weight exp(−U / T); the finisher
    pays the base, the others what the rules charge them). The gösterge already shown
    counts as scored."""
    result = state.result()
    if result is not None:
        return [float(x) for x in result.scores]
    okey = state.okey
    k = state.colour_factor()
    u = [unmatched(state.hand(s), okey) for s in range(4)]
    low = min(u)
    weight = [math.exp((low - x) / TEMPERATURE) for x in u]
    total = sum(weight)
    p = [w / total * FINISH_SHARE for w in weight]
    out = [0.0] * 4
    for f in range(4):
        side = {f, partner(f)} if state.pairs else {f}
        for s in range(4):
            if s in side:
                out[s] -= p[f] * (50 * k if state.kdv else 2 * k)
            else:
                out[s] += p[f] * (k * u[s] if state.kdv else 2 * k)
    if state.gosterge is not None:
        out[state.gosterge] -= 25 * k if state.kdv else k
    return out


def relative(scores: Sequence[float], seat: int, pairs: bool) -> float:
    """How good ``scores`` are for ``seat`` (higher is better): the opponents' mean
    minus its own (its side's, in pairs play) — the tally is lowest-wins."""
    if pairs:
        mine = (scores[seat] + scores[partner(seat)]) / 2
        theirs = (scores[(seat + 1) % 4] + scores[(seat + 3) % 4]) / 2
        return theirs - mine
    return sum(scores[s] for s in range(4) if s != seat) / 3 - scores[seat]
