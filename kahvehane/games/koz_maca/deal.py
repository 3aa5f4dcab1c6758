"""One Koz Maça deal as a state machine: four bids, then 13 tricks (KM-5..KM-12, KM-15).

A deal is: four bids in turn (KM-6), then 13 tricks led first by the seat after the
dealer (KM-7), played by the shared trick core with Koz Maça's duties — spades trump,
no spade lead before spades are broken (KM-8), raise in the led suit even after a ruff
(KM-9), trump and over-trump when void (KM-10). The deal also watches for the Kasa claim
(KM-15), which needs the match's history (one claim per match).

Two classes, one engine:

* :class:`KozMacaPureDeal` is the whole engine in plain Python on the trick core
  (:class:`~kahvehane.games.tricks.TrickDeal`): the reference.
* :class:`KozMacaDeal`, the class ``new_deal`` makes, is the same class with the
  compiled core ``_core.KozMacaCore`` ahead of it (``legal_actions``, and ``apply`` of
  a card, in Cython) when that module is built and :data:`COMPILED` is true, and
  :class:`KozMacaPureDeal` itself otherwise. The core calls back only the declared hooks
  of :class:`~kahvehane.games.tricks.TrickDeal` and :meth:`KozMacaPureDeal.claim_or_end`.

>>> from kahvehane.match import Match
>>> m = Match("koz_maca", {"finish_score": 100}, seed=2026)
>>> state = m.deal()
>>> state.to_act, [a.to_json() for a in state.legal_actions(3)][:2]
((3,), [{'seat': 3, 'act': 'bid', 'tricks': 1}, {'seat': 3, 'act': 'bid', 'tricks': 2}])
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from kahvehane.errors import IllegalAction, Message
from kahvehane.games.base import JSON, Action, Event, make_event
from kahvehane.games.koz_maca.actions import BIDS, Bid, parse_action
from kahvehane.games.koz_maca.constants import (
    BID_EVENTS,
    BIDDING,
    BROKEN_EVENTS,
    DUTIES,
    FIRST_TO_SIX,
    KASA_TRICKS,
    MAX_BID,
    MIN_BID,
    NAMES,
    NEXT,
    PHASE_NAMES,
    PLAY_EVENTS,
    SEATS,
    TO_ACT,
    TRICKS,
)
from kahvehane.games.koz_maca.scoring import deal_score
from kahvehane.games.tricks import BIT, PLAYING, TrickDeal, cards_of

__all__ = ["COMPILED", "KozMacaDeal", "KozMacaPureDeal"]

BIDDING_OVER = Message(
    "koz_maca.bidding_over", "the bidding is over: each player bids once, in turn",
    "ihale bitti: her oyuncu sırayla bir kez ihale verir")
DEAL_OVER = Message("koz_maca.deal_over", "the deal is over", "dağıtım bitti")
NOT_YOUR_BID = Message(
    "koz_maca.not_your_bid", "it is seat {turn}'s turn to bid, not seat {seat}'s",
    "ihale sırası {turn}. koltukta, {seat}. koltukta değil")
BAD_BID = Message(
    "koz_maca.bad_bid", "a bid is a number of tricks from {low} to {high}, not {bid}",
    "ihale {low} ile {high} arasında bir el sayısıdır, {bid} olamaz")
NOT_BID_YET = Message(
    "koz_maca.not_bid_yet", "no card is played before all four players have bid",
    "dört oyuncu da ihale vermeden kart oynanmaz")
NOT_HELD = Message("koz_maca.not_held", "seat {seat} does not hold {card}",
                   "{seat}. koltukta {card} yok")


class KozMacaPureDeal(TrickDeal):
    """One Koz Maça deal: bidding, then 13 tricks, in pure Python (the reference).

    ``claim_open`` is False when an earlier deal of the match already produced the Kasa
    claimant (KM-15: at most one per match); ``extra_deal`` marks a deal played because
    of a tie for the top (KM-13). Both come from the match history. ``bids[s]`` is seat
    ``s``'s bid (``None`` until made); ``claimant`` / ``claim_trick`` the Kasa claim of
    this deal, if any.
    """

    game: ClassVar[str] = "koz_maca"
    seats: ClassVar[int] = SEATS
    tricks: ClassVar[int] = TRICKS
    title: ClassVar[str] = "Koz Maça"
    over_rule: ClassVar[str] = "KM-12"
    opening_refusal: ClassVar[tuple[Message, str]] = (NOT_BID_YET, "KM-6")
    unplayable_refusal: ClassVar[tuple[Message, str]] = (NOT_HELD, "KM-5")

    def __init__(
        self,
        dealer: int,
        hands: Sequence[int],
        kasa_rule: str = FIRST_TO_SIX,
        claim_open: bool = True,
        extra_deal: bool = False,
    ) -> None:
        # (Positional parameters and list displays: a new deal is made for every random
        # game, and a call with keywords or a list repeat costs more.)
        self.dealer = dealer
        self.hands = [*hands]
        self.kasa_rule = kasa_rule
        self.claim_open = claim_open
        self.extra_deal = extra_deal
        self._phase = BIDDING
        self._turn = first = NEXT[dealer]
        self.to_act = TO_ACT[first]
        self.is_over = False
        self.bids: list[int | None] = [None, None, None, None]
        self.leader = first
        self.trick: list[int] = []
        self.duties = DUTIES
        self.won = [0, 0, 0, 0]
        self.history: list[tuple[int, tuple[int, ...], int]] = []
        self.broken = False
        self.claimant: int | None = None
        self.claim_trick: int | None = None

    @classmethod
    def from_position(
        cls,
        dealer: int,
        hands: Sequence[int],
        kasa_rule: str,
        claim_open: bool,
        extra_deal: bool,
        bids: Sequence[int | None],
        history: Sequence[tuple[int, tuple[int, ...], int]],
        trick: Sequence[int],
    ) -> Self:
        """A deal in progress: ``hands`` are what each seat still holds, ``bids`` the
        bids made so far (``None`` for a seat yet to bid, in bidding order from the seat
        after the dealer), ``history`` the tricks taken as ``(leader, cards, winner)`` and
        ``trick`` the cards of the trick in play. Everything else — whose turn it is, the
        tricks won, whether spades are broken, the Kasa claim — follows from them as the
        rules make it follow (a search bot's samples are built this way)."""
        deal = cls(dealer, hands, kasa_rule, claim_open, extra_deal)
        deal.bids = list(bids)
        made = sum(b is not None for b in bids)
        if made < SEATS:
            deal.turn = (NEXT[dealer] + made) % SEATS
            return deal
        deal.resume_play(list(history), list(trick))
        won = [0] * SEATS
        for number, (_, _, winner) in enumerate(history, start=1):
            won[winner] += 1
            if won[winner] == KASA_TRICKS:
                deal._claim(winner, number)
        return deal

    # ----------------------------------------------------------------- bidding
    def opening_actions(self, seat: int) -> list[Action]:
        """Bids 1..13 ascending while bidding, for the seat to bid."""
        if self._phase == BIDDING and seat == self._turn:
            return [*BIDS[seat]]
        return []

    def opening_is_legal(self, action: Action) -> bool:
        if not isinstance(action, Bid):
            return False
        tricks = action.tricks
        return (self._phase == BIDDING and action.seat == self._turn
                and not isinstance(tricks, bool) and isinstance(tricks, int)
                and MIN_BID <= tricks <= MAX_BID)

    def apply_opening(self, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            return self._bid(action.seat, action.tricks)
        return super().apply_opening(action)

    def _bid(self, seat: int, tricks: int) -> list[Event]:
        phase = self._phase
        if phase != BIDDING:
            raise IllegalAction(BIDDING_OVER if phase == PLAYING else DEAL_OVER, "KM-6")
        if seat != self._turn:
            raise IllegalAction(NOT_YOUR_BID, "KM-6", turn=self._turn, seat=seat)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not (
            MIN_BID <= tricks <= MAX_BID
        ):
            raise IllegalAction(BAD_BID, "KM-6", low=MIN_BID, high=MAX_BID, bid=repr(tricks))
        self.bids[seat] = tricks
        events = [BID_EVENTS[seat][tricks]]
        turn = NEXT[seat]
        if turn == NEXT[self.dealer]:  # back to the first bidder: everyone has bid
            self.phase = PLAYING
            turn = self.leader
            events.append(make_event("bidding_done", None, {"bids": list(self.bids),
                                                            "leader": turn}))
        self.turn = turn
        return events

    # ----------------------------------------------------------------- play
    def turn_rule(self) -> str:
        """Out of turn: the lead is the last winner's (KM-7), then play goes round (KM-3)."""
        return "KM-7" if not self.trick else "KM-3"

    def play_card(self, seat: int, card: int) -> list[Event]:
        self.hands[seat] ^= BIT[card]
        trick = self.trick
        trick.append(card)
        if card >= 13 or self.broken:  # not a spade, or spades already broken
            events = [PLAY_EVENTS[seat][card]]
        else:
            self.broken = True
            events = [PLAY_EVENTS[seat][card], BROKEN_EVENTS[seat]]
        if len(trick) < SEATS:  # (the turn setter, written out: the hot path)
            self._turn = turn = NEXT[seat]
            self.to_act = TO_ACT[turn]
            return events
        winner, number = self.take_trick(events)
        if self.won[winner] == KASA_TRICKS or number == TRICKS:
            self.claim_or_end(winner, number, events)
        return events

    def claim_or_end(self, winner: int, number: int, events: list[Event]) -> None:
        """After trick ``number``, won by ``winner``, when it is his sixth or the last of
        the deal (the compiled core calls this too, on the same condition): the Kasa
        claim (KM-15) and the end of the deal, with their events."""
        if self.won[winner] == KASA_TRICKS and self._claim(winner, number):
            events.append(make_event("kasa_claim", winner, {"trick": number}))
        if number == TRICKS:
            self.end_deal(events)

    def _claim(self, winner: int, number: int) -> bool:
        """``winner`` took his sixth trick with trick ``number``: he claims the Kasa if
        no one has claimed it in the match and the Kasa rule allows (KM-15)."""
        if self.claim_open and self.claimant is None and (
            self.kasa_rule == FIRST_TO_SIX or number == KASA_TRICKS
        ):
            self.claimant = winner
            self.claim_trick = number
            return True
        return False

    # ----------------------------------------------------------------- results
    def scores(self) -> tuple[int, ...]:
        return tuple(deal_score(b or 0, t) for b, t in zip(self.bids, self.won, strict=True))

    def own_detail(self) -> JSON:
        return {
            "bids": list(self.bids),
            "kasa_claimant": self.claimant,
            "extra_deal": self.extra_deal,
            "kasa_claim_trick": self.claim_trick,
        }

    def public_view(self) -> JSON:
        """Public facts: bids, tricks, the cards played, how many cards each seat holds.
        No seat's unplayed card appears."""
        out: JSON = {
            "game": self.game,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self._phase],
            "to_act": list(self.to_act),
            "extra_deal": self.extra_deal,
            "kasa_rule": self.kasa_rule,
            "kasa_open": self.claim_open and self.claimant is None,
            "kasa_claimant": self.claimant,
            "bids": list(self.bids),
            "tricks_won": list(self.won),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "spades_broken": self.broken,
        }
        out.update(self.play_view(self._phase == PLAYING))
        return out

    def own_view(self, seat: int) -> JSON:
        """A seat sees its own hand (KM-6: bids are made looking at one's cards)."""
        if not 0 <= seat < SEATS:
            return {}
        return {"hand": [NAMES[c] for c in cards_of(self.hands[seat])]}

    def copy(self) -> Self:
        new = super().copy()
        new.bids = self.bids[:]
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        return parse_action(obj)


try:  # the compiled core, built at install time when a C compiler is at hand
    from kahvehane.games.koz_maca import _core
except ImportError:  # a build without a compiler
    _core = None  # type: ignore[assignment]

#: Whether Koz Maça deals run the compiled ``legal_actions`` and ``apply`` of a card
#: (``_core.pyx``): when it is built, unless ``KAHVEHANE_PURE_PYTHON`` is set (to 1).
COMPILED: bool = _core is not None and os.environ.get("KAHVEHANE_PURE_PYTHON", "") in ("", "0")

if TYPE_CHECKING or not COMPILED:
    KozMacaDeal = KozMacaPureDeal
else:
    class KozMacaDeal(_core.KozMacaCore, KozMacaPureDeal):
        """One Koz Maça deal: :class:`KozMacaPureDeal` with the compiled core of
        ``_core.pyx`` (``legal_actions``, and ``apply`` of a card) ahead of its own."""
