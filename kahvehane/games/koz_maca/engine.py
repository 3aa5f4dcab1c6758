"""The Koz Maça engine: one deal as a state machine, and the match rules around deals.

A deal is: four bids in turn (KM-6), then 13 tricks led first by the seat after the
dealer (KM-7), played by the shared trick core with Koz Maça's switches — spades trump,
no spade lead before spades are broken (KM-8), raise in the led suit even after a ruff
(KM-9), trump and over-trump when void (KM-10). The deal also watches for the Kasa claim
(KM-15), which needs the match's history (one claim per match); the match rules decide
extra deals on a tie for the top (KM-13).

Hands are 52-bit masks (see :mod:`kahvehane.games.tricks`), and the actions a seat can
take are pre-built frozen objects, so a random deal costs well under a millisecond.

>>> from kahvehane.match import Match
>>> m = Match("koz_maca", {"finish_score": 100}, seed=2026)
>>> state = m.deal()
>>> state.to_act, [a.to_json() for a in state.legal_actions(3)][:2]
((3,), [{'seat': 3, 'act': 'bid', 'tricks': 1}, {'seat': 3, 'act': 'bid', 'tricks': 2}])
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from kahvehane.cards import card_name, card_names, parse_card
from kahvehane.errors import (
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    MalformedSetup,
)
from kahvehane.games import setup_checks as sc
from kahvehane.games.base import (
    JSON,
    Action,
    DealResult,
    Event,
    GameRules,
    MatchSummary,
    card_value,
    make_event,
    parse_seat,
    require,
)
from kahvehane.games.koz_maca.tables import (
    BEATS,
    BID_EVENTS,
    BROKEN_EVENTS,
    KASA_TRICKS,
    MAX_BID,
    MIN_BID,
    NAMES,
    NEXT,
    PLAY_EVENTS,
    RULES,
    SEAT_AT,
    SEATS,
    TO_ACT,
    TRICKS,
)
from kahvehane.games.tricks import (
    BIT,
    FULL,
    OVER,
    PLAYING,
    PLAYS,
    Play,
    TrickState,
    canonical_masks,
    cards_of,
    explain_illegal,
    mask_of,
    playable_mask,
)

__all__ = [
    "COMPILED",
    "KASA_RULES",
    "KOZ_MACA",
    "RULES",
    "Bid",
    "KozMaca",
    "KozMacaDeal",
    "KozMacaState",
    "Play",
    "deal_score",
    "match_status",
]

DEFAULT_FINISH = 100
FIRST_TO_SIX = "first_to_six"
FIRST_SIX_TRICKS = "first_six_tricks"
#: The values of the ``kasa_rule`` option (KM-15); the first is the default.
KASA_RULES = (FIRST_TO_SIX, FIRST_SIX_TRICKS)
#: ``_new_tuple(Event, (kind, seat, public, private))`` is ``make_event`` without the call
#: to it, for the trick event (13 times a deal).
_new_tuple = tuple.__new__

_BIDDING = 0
_PLAYING, _OVER = PLAYING, OVER
_PHASE_NAMES = ("bidding", "play", "over")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Announce how many tricks this seat will take (1..13, KM-6)."""

    act: ClassVar[str] = "bid"
    tricks: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "bid", "tricks": self.tricks}


# Actions are immutable, so legal_actions hands out these shared instances.
_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(s, b) for b in range(MIN_BID, MAX_BID + 1)) for s in range(SEATS)
)


def deal_score(bid: int, tricks: int) -> int:
    """A player's deal score for bid ``bid`` and ``tricks`` taken (KM-12).

    Short of the bid, or 3 or more over it ("Yan 3 Batar"), costs 10 × bid; otherwise
    10 × bid plus one point per overtrick.

    >>> deal_score(3, 3), deal_score(3, 5), deal_score(3, 2), deal_score(3, 6)
    (30, 32, -30, -30)
    """
    if tricks < bid or tricks >= bid + 3:
        return -10 * bid
    return 10 * bid + (tricks - bid)


def match_status(totals: Sequence[int], finish_score: int) -> tuple[str, int | None]:
    """Where a match stands after a deal (KM-13): ``("won", seat)``, ``("extra", None)``
    when two or more share the highest total and it reaches the finish score, else
    ``("continue", None)``.

    >>> match_status([105, 98, 40, 12], 100)
    ('won', 0)
    >>> match_status([120, 120, 90, 60], 100)
    ('extra', None)
    >>> match_status([130, 110, 110, 20], 100)
    ('won', 0)
    """
    top = max(totals)
    if top < finish_score:
        return ("continue", None)
    leaders = [s for s, t in enumerate(totals) if t == top]
    if len(leaders) == 1:
        return ("won", leaders[0])
    return ("extra", None)


def _totals(history: Sequence[DealResult]) -> list[int]:
    totals = [0] * SEATS
    for d in history:
        for s in range(SEATS):
            totals[s] += d.scores[s]
    return totals


def _match_claimant(history: Sequence[DealResult]) -> int | None:
    for d in history:
        claimant = d.detail.get("kasa_claimant")
        if claimant is not None:
            return int(claimant)
    return None


class KozMacaDeal(TrickState):
    """One Koz Maça deal: bidding, then 13 tricks, in pure Python.

    ``claim_open`` is False when an earlier deal of the match already produced the Kasa
    claimant (KM-15: at most one per match); ``extra_deal`` marks a deal played because
    of a tie for the top (KM-13). Both come from the match history.

    This is the whole engine and its reference. :class:`KozMacaState`, the class the
    game deals, is this class with ``legal_actions`` and ``apply`` for cards compiled
    (``_core.pyx``) when that module is built, and this class itself when it is not.
    """

    game: ClassVar[str] = "koz_maca"

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
        self._phase = _BIDDING
        self._turn = first = NEXT[dealer]
        self.to_act = TO_ACT[first]
        self.is_over = False
        self._offered = 0
        self.bids: list[int | None] = [None, None, None, None]
        self.leader = first
        self.trick: list[int] = []
        self._rules = RULES
        self.won = [0, 0, 0, 0]
        # Completed tricks: (leader, cards in play order, winner). Public knowledge.
        self.history: list[tuple[int, tuple[int, ...], int]] = []
        self.broken = False
        self.claimant: int | None = None
        self.claim_trick: int | None = None

    # ----------------------------------------------------------------- interface
    @property
    def num_seats(self) -> int:
        return SEATS

    # legal_actions (the legal cards in card-code order) is TrickState's.
    def _opening_actions(self, seat: int) -> list[Action]:
        """Bids 1..13 ascending while bidding, for the seat to bid."""
        if self._phase == _BIDDING and seat == self._turn:
            return [*_BIDS[seat]]
        return []

    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``.

        The common case — a card that ``legal_actions`` has just offered — is one mask
        test (see ``_offered``); any other card gets the full check of
        :meth:`_check_play`, which finds the rule that is broken and raises before
        anything changes. Bids go through :meth:`_bid`.
        """
        if isinstance(action, Play):
            seat = action.seat
            bit = action.bit  # 0 unless the card is a card code (see Play.bit)
            if not (seat == self._turn and self._offered & bit):
                self._check_play(seat, action.card)  # raises, unless legal after all
            # Legal (so ``bit`` is the card's bit): play it. The hot path of every game.
            c = action.card
            self._offered = 0
            self.hands[seat] ^= bit
            trick = self.trick
            trick.append(c)
            if c >= 13 or self.broken:  # not a spade, or spades already broken
                events = [PLAY_EVENTS[seat][c]]
            else:
                self.broken = True
                events = [PLAY_EVENTS[seat][c], BROKEN_EVENTS[seat]]
            if len(trick) < SEATS:
                self._turn = turn = NEXT[seat]
                self.to_act = TO_ACT[turn]
                return events
            # The fourth card: score the trick (KM-11) here, not in a method, since a call
            # costs about as much as the scoring (13 times a deal). The winner is three
            # lookups in RULES.beats, as in trick_winner_of.
            a, b, t, c = trick
            best, at = a, 0
            if BEATS[a][b]:
                best, at = b, 1
            if BEATS[best][t]:
                best, at = t, 2
            if BEATS[best][c]:
                at = 3
            leader = self.leader
            winner = SEAT_AT[leader][at]
            won = self.won
            won[winner] += 1
            history = self.history
            number = len(history) + 1
            history.append((leader, (a, b, t, c), winner))
            events.append(_new_tuple(Event, ("trick", winner, {
                "number": number, "leader": leader,
                "cards": [NAMES[a], NAMES[b], NAMES[t], NAMES[c]]}, None)))
            self.trick = []
            self.leader = self._turn = winner  # _offered is already 0 (cleared above)
            self.to_act = TO_ACT[winner]
            if won[winner] == KASA_TRICKS or number == TRICKS:
                self._kasa_or_end(winner, number, events)
            return events
        if isinstance(action, Bid):
            return self._bid(action.seat, action.tricks)
        raise MalformedAction(f"{type(action).__name__} is not a Koz Maça action")

    # ----------------------------------------------------------------- bidding
    def _bid(self, seat: int, tricks: int) -> list[Event]:
        phase = self._phase
        if phase != _BIDDING:
            raise IllegalAction(
                "the bidding is over: each player bids once, in turn" if phase == _PLAYING
                else "the deal is over", "KM-6")
        if seat != self._turn:
            raise IllegalAction(f"it is seat {self._turn}'s turn to bid, not seat {seat}'s",
                                "KM-6")
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not (
            MIN_BID <= tricks <= MAX_BID
        ):
            raise IllegalAction(f"a bid is a number of tricks from {MIN_BID} to {MAX_BID},"
                                f" not {tricks!r}", "KM-6")
        self.bids[seat] = tricks
        events = [BID_EVENTS[seat][tricks]]
        # The hot path writes _turn and to_act itself (see TrickState): four bids a deal.
        turn = NEXT[seat]
        if turn == NEXT[self.dealer]:  # back to the first bidder: everyone has bid
            self.phase = _PLAYING
            turn = self.leader
            events.append(make_event("bidding_done", None, {"bids": list(self.bids),
                                                            "leader": turn}))
        self._turn = turn
        self.to_act = TO_ACT[turn]
        return events

    # ----------------------------------------------------------------- play
    def _check_play(self, seat: int, c: int) -> None:
        """Raise the :class:`IllegalAction` (or :class:`MalformedAction`) that playing
        ``c`` breaks; return only if the play is legal."""
        if self.phase != _PLAYING:
            if self.phase == _OVER:
                raise IllegalAction("the deal is over: all 13 tricks are played", "KM-12")
            raise IllegalAction("no card is played before all four players have bid", "KM-6")
        if seat != self.turn:
            rule = "KM-7" if not self.trick else "KM-3"
            raise IllegalAction(f"it is seat {self.turn}'s turn to play, not seat {seat}'s",
                                rule)
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise MalformedAction(f"{c!r} is not a card")
        hand = self.hands[seat]
        bit = BIT[c]
        if not hand & bit:
            raise IllegalAction(f"seat {seat} does not hold {card_name(c)}", "KM-5")
        if not playable_mask(RULES, hand, self.trick, self.broken) & bit:
            why = explain_illegal(RULES, hand, self.trick, self.broken, c)
            assert why is not None
            raise IllegalAction(f"seat {seat}: {why[0]}", why[1])

    def _kasa_or_end(self, winner: int, number: int, events: list[Event]) -> None:
        """After trick ``number``, won by ``winner`` (his sixth, or the last of the deal):
        the Kasa claim (KM-15) and the end of the deal, with their events."""
        if self.won[winner] == KASA_TRICKS and self.claim_open and self.claimant is None and (
            self.kasa_rule == FIRST_TO_SIX or number == KASA_TRICKS
        ):
            self.claimant = winner
            self.claim_trick = number
            events.append(make_event("kasa_claim", winner, {"trick": number}))
        if number == TRICKS:
            self.phase = _OVER
            events.append(make_event("deal_end", None, {"tricks": list(self.won),
                                                        "scores": list(self._scores())}))

    # ----------------------------------------------------------------- results
    def _scores(self) -> tuple[int, ...]:
        return tuple(deal_score(b or 0, t) for b, t in zip(self.bids, self.won, strict=True))

    def partial_detail(self) -> JSON:
        return {
            "bids": list(self.bids),
            "tricks": list(self.won),
            "kasa_claimant": self.claimant,
            "extra_deal": self.extra_deal,
            "dealer": self.dealer,
            "kasa_claim_trick": self.claim_trick,
        }

    def result(self) -> DealResult | None:
        if self.phase != _OVER:
            return None
        return DealResult(self._scores(), "tricks", self.partial_detail(), self.dealer)

    def public_view(self) -> JSON:
        """Public facts: bids, tricks, the cards played, how many cards each seat holds.
        No seat's unplayed card appears."""
        out: JSON = {
            "game": self.game,
            "dealer": self.dealer,
            "phase": _PHASE_NAMES[self.phase],
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
        out.update(self._play_view(self.phase == _PLAYING))
        return out

    def own_view(self, seat: int) -> JSON:
        """A seat sees its own hand (KM-6: bids are made looking at one's cards)."""
        if not 0 <= seat < SEATS:
            return {}
        return {"hand": [NAMES[c] for c in cards_of(self.hands[seat])]}

    def copy(self) -> Self:
        new = self._blank()
        new.__dict__.update(self.__dict__)
        new.hands = self.hands[:]
        new.bids = self.bids[:]
        new.trick = self.trick[:]
        new.won = self.won[:]
        new.history = self.history[:]
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        seat = parse_seat(obj, SEATS)
        act = require(obj, "act", str)
        if act == "bid":
            return Bid(seat, int(require(obj, "tricks", int)))
        if act == "play":
            return PLAYS[seat][card_value(require(obj, "card", str), "'card'")]
        raise MalformedAction(f"unknown act {act!r}: Koz Maça actions are 'bid' and 'play'")


try:  # the compiled hot path, built at install time when a C compiler is at hand
    from kahvehane.games.koz_maca import _core
except ImportError:  # a build without a compiler
    _core = None  # type: ignore[assignment]

#: Whether Koz Maça deals run the compiled ``legal_actions`` and ``apply``
#: (``_core.pyx``): when it is built, unless ``KAHVEHANE_PURE_PYTHON`` is set (to 1).
COMPILED: bool = _core is not None and os.environ.get("KAHVEHANE_PURE_PYTHON", "") in ("", "0")

if TYPE_CHECKING or not COMPILED:
    KozMacaState = KozMacaDeal
else:
    class KozMacaState(_core.KozMacaCore, KozMacaDeal):
        """One Koz Maça deal: :class:`KozMacaDeal` with the compiled hot path of
        ``_core.pyx`` (``legal_actions``, and ``apply`` for a card) ahead of its own."""


def _canonical_hands(raw_hands: list[Any]) -> list[int] | None:
    """The hand masks of four hands of 13 canonical card names (what
    :meth:`KozMaca.setup_from_order` writes) that are together exactly the 52 cards, else
    ``None`` (see :func:`~kahvehane.games.tricks.canonical_masks`)."""
    masks = canonical_masks(raw_hands, TRICKS)
    return masks if masks is not None and sum(masks) == FULL else None


#: ``_BLOCKS[dealer]``: which block of 13 of the shuffled order each seat gets (KM-5).
_BLOCKS: tuple[tuple[slice, ...], ...] = tuple(
    tuple(slice(TRICKS * ((s - dealer - 1) % SEATS), TRICKS * ((s - dealer - 1) % SEATS + 1))
          for s in range(SEATS))
    for dealer in range(SEATS)
)


class KozMaca(GameRules):
    """The match around Koz Maça deals: options, dealing, rotation, the finish (KM-13)."""

    name = "koz_maca"
    deck_kind = "cards"

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """``finish_score`` (positive integer, default 100) and ``kasa_rule``.

        >>> KOZ_MACA.parse_options({})
        {'finish_score': 100, 'kasa_rule': 'first_to_six'}
        """
        raw = dict(raw or {})
        unknown = sorted(set(raw) - {"finish_score", "kasa_rule"})
        if unknown:
            raise InvalidOptions(f"unknown Koz Maça option(s) {', '.join(unknown)}:"
                                 " the options are finish_score and kasa_rule")
        finish = raw.get("finish_score", DEFAULT_FINISH)
        if isinstance(finish, bool) or not isinstance(finish, int) or finish <= 0:
            raise InvalidOptions(f"finish_score must be a positive integer, not {finish!r}")
        kasa_rule = raw.get("kasa_rule", FIRST_TO_SIX)
        if kasa_rule not in KASA_RULES:
            raise InvalidOptions(f"kasa_rule must be one of {', '.join(KASA_RULES)},"
                                 f" not {kasa_rule!r}")
        return {"finish_score": finish, "kasa_rule": kasa_rule}

    def num_seats(self, options: JSON) -> int:
        return SEATS

    def canonical_deck(self) -> list[int]:
        return list(range(52))

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Blocks of 13 from the shuffled order, starting with the seat after the dealer
        and ending with the dealer (RECORDS.md "Seeded deals")."""
        names = card_names(order[:52])
        b0, b1, b2, b3 = _BLOCKS[first_seat]
        return {"dealer": first_seat, "hands": [names[b0], names[b1], names[b2], names[b3]]}

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> KozMacaState:
        dealer = sc.seat_field(setup, "dealer", SEATS)
        raw_hands = sc.field(setup, "hands")
        if not isinstance(raw_hands, list) or len(raw_hands) != SEATS:
            raise MalformedSetup("'hands' must be a list of 4 hands")
        masks = _canonical_hands(raw_hands)
        if masks is None:  # not canonical, or not a deal: parse slowly, word the error
            hands = [sc.item_list(h, f"hands[{s}]", parse_card, TRICKS)
                     for s, h in enumerate(raw_hands)]
            sc.check_exact_deck((c for h in hands for c in h), range(52), card_name,
                                "the 52 cards")
            masks = [mask_of(h) for h in hands]
        # KM-13: this deal is an extra deal if the totals so far tie for the top at >= F.
        extra = bool(history) and match_status(_totals(history),
                                               options["finish_score"])[0] == "extra"
        return KozMacaState(dealer, masks, options["kasa_rule"],
                            not history or _match_claimant(history) is None, extra)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return sc.seat_field(setup, "dealer", SEATS)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The deal passes counter-clockwise, i.e. to the next seat (KM-5)."""
        if not history:
            return None
        return (history[-1].first_seat + 1) % SEATS

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        totals = _totals(history)
        status, winner = match_status(totals, options["finish_score"])
        return MatchSummary(
            complete=status == "won",
            totals=tuple(totals),
            winner=winner,
            extra={"kasa_claimant": _match_claimant(history)},
        )


#: The Koz Maça rules object the registry serves (``get_game("koz_maca")``).
KOZ_MACA = KozMaca()
