"""The Koz Maça heuristic bot.

* **Bid** from hand strength: aces and guarded kings and queens of the side suits, the
  top spades and every spade past the third, and a little for short side suits it can
  ruff (:func:`estimate_tricks`), rounded, at least 1.
* **Play**: while it still needs tricks it wins them *cheaply* — the lowest card that
  wins when it plays last, the lowest card that no unseen card can beat otherwise, and
  leads its sure winners; when it has made its bid it ducks with the highest card that
  loses, because three overtricks ("Yan 3 Batar") cost the whole bid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.bots import BotKind, search_kind
from kahvehane.bots.base import Bot
from kahvehane.bots.cardutil import (
    FULL,
    STRENGTH,
    SUIT_MASK,
    beats,
    cards_of,
    highest,
    is_master,
    lowest,
    names_mask,
    played_mask,
    winning_card,
)
from kahvehane.cards import SPADES, parse_card
from kahvehane.games.base import Action
from kahvehane.games.koz_maca import Bid, Play


def estimate_tricks(hand: int) -> float:
    """Expected tricks of a 13-card hand (a mask), the classic Spades count."""
    est = 0.0
    spades = hand & SUIT_MASK[SPADES]
    ns = spades.bit_count()
    for suit in range(1, 4):
        cards = sorted((STRENGTH[c] for c in cards_of(hand & SUIT_MASK[suit])), reverse=True)
        n = len(cards)
        if 14 in cards:
            est += 1.0 if n <= 5 else 0.7
        if 13 in cards:
            est += (0.8 if n >= 2 else 0.3) if n <= 5 else 0.4
        if 12 in cards and n >= 3:
            est += 0.4 if n <= 4 else 0.2
        if n <= 1 and ns >= 3:
            est += 0.6 if n == 0 else 0.3  # ruffing chances
    ranks = sorted((STRENGTH[c] for c in cards_of(spades)), reverse=True)
    if 14 in ranks:
        est += 1.0
    if 13 in ranks:
        est += 1.0 if ns >= 2 else 0.5
    if 12 in ranks and ns >= 3:
        est += 0.8
    if 11 in ranks and ns >= 4:
        est += 0.4
    est += max(0, ns - 3) * 0.9
    return est


def choose_bid(hand: int) -> int:
    return max(1, min(13, round(estimate_tricks(hand))))


def choose_card(
    seat: int, hand: int, legal: list[int], trick: list[int], bid: int, won: int,
    unseen: int,
) -> int:
    """The heuristic's card: ``trick`` is the current trick's cards in play order."""
    need = bid - won
    if not trick:
        if need > 0:
            masters = [c for c in legal if is_master(c, unseen)
                       and (c // 13 == SPADES or not (unseen & SUIT_MASK[SPADES])
                            or (unseen & SUIT_MASK[c // 13]).bit_count() >= 3)]
            if masters:
                return min(masters, key=lambda c: (STRENGTH[c], c))
            # lead low from the longest side suit to set up winners and ruffs
            longest = max(range(4), key=lambda s: ((hand & SUIT_MASK[s]).bit_count()
                                                   if s != SPADES else -1, -s))
            side = [c for c in legal if c // 13 == longest]
            pool = side or legal
            return min(pool, key=lambda c: (STRENGTH[c], c))
        # bid made: lead the card most likely to lose
        return min(legal, key=lambda c: (not (unseen & _higher_in_suit(c)), STRENGTH[c], c))
    best = winning_card(trick, SPADES)
    winners = [c for c in legal if beats(c, best, SPADES)]
    losers = [c for c in legal if not beats(c, best, SPADES)]
    last = len(trick) == 3
    if need > 0:
        if winners:
            if last:
                return min(winners, key=lambda c: (STRENGTH[c], c))
            safe = [c for c in winners if _safe(c, trick, unseen)]
            if safe:
                return min(safe, key=lambda c: (STRENGTH[c], c))
            if not losers:
                return min(winners, key=lambda c: (STRENGTH[c], c))
        return min(losers or legal, key=lambda c: (STRENGTH[c], c))
    if losers:
        return max(losers, key=lambda c: (c // 13 != SPADES, STRENGTH[c], -c))
    if last:
        return highest(_mask(legal))
    return lowest(_mask(legal))


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _higher_in_suit(c: int) -> int:
    from kahvehane.bots.cardutil import HIGHER

    return HIGHER[c]


def _safe(c: int, trick: list[int], unseen: int) -> bool:
    """No unseen card can beat ``c`` in this trick (a ruff of a side suit counts as a
    threat only while spades are unseen)."""
    led = trick[0] // 13
    if c // 13 == SPADES:
        return is_master(c, unseen)
    if led != c // 13:
        return False
    return is_master(c, unseen) and (not (unseen & SUIT_MASK[SPADES])
                                     or (unseen & SUIT_MASK[led]).bit_count() >= 3)


class KozMacaHeuristicBot(Bot):
    """Bids from hand strength, wins tricks cheaply, avoids Yan 3 Batar."""

    kind = "heuristic"

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        hand = names_mask(view["hand"])
        if isinstance(legal[0], Bid):
            bid = choose_bid(hand)
            return next(a for a in legal if isinstance(a, Bid) and a.tricks == bid)
        plays = [a for a in legal if isinstance(a, Play)]
        trick = [parse_card(p["card"]) for p in view["trick"]]
        unseen = FULL & ~hand & ~played_mask(view)
        card = choose_card(self.seat, hand, [a.card for a in plays], trick,
                           view["bids"][self.seat] or 0, view["tricks_won"][self.seat], unseen)
        return next(a for a in plays if a.card == card)


#: The bots of Koz Maça, as :mod:`kahvehane.bots` reads them.
FAMILY = "koz_maca"
KINDS = (BotKind("heuristic", lambda r: KozMacaHeuristicBot(r.game, r.seat, r.rng)),
         search_kind("kahvehane.bots.search:KozMacaPlan"))
