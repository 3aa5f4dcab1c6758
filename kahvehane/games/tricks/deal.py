"""The deal every trick game shares: the play phase, its checks and its bookkeeping.

:class:`TrickDeal` is a :class:`~kahvehane.games.base.DealState` whose play phase —
``legal_actions``, ``is_legal`` and ``apply`` of a :class:`~kahvehane.games.tricks.Play`,
the refusal of a card that may not be played, taking a trick, the end of the deal, the
play view, ``copy``, ``result`` and ``partial_detail`` — is written here once, in plain
Python on the trick duties (:mod:`kahvehane.games.tricks.duties`). A game adds its
opening phase (Koz Maça's bids, Balayı's contract) and what is its own in playing a
card, through the hooks below.

**Hooks a game defines** (class attributes and methods of its deal class):

* ``seats``, ``tricks``, ``title`` — seats at the table, tricks in a deal, the game's
  name in messages;
* ``over_rule`` — the rule an action after the last trick breaks;
* ``opening_refusal``, ``unplayable_refusal`` — ``(Message, rule)``: a card played
  before the play phase; a card the seat cannot play from (params ``seat``, ``card``);
* ``opening_actions(seat)``, ``opening_is_legal(action)``, ``apply_opening(action)`` —
  the opening phase (and every action that is not a ``Play``);
* ``accessible(seat)`` — the mask of the cards ``seat`` plays from (its hand by default);
* ``turn_rule()`` — the rule a card played out of turn breaks now;
* ``play_card(seat, card)`` — play a card already found legal, with the game's events
  (it calls :meth:`TrickDeal.take_trick` on the last card of a trick and
  :meth:`TrickDeal.end_deal` after the last trick);
* ``scores()``, ``own_detail()`` — the deal's scores, and its ``detail`` beside the
  tricks taken and the dealer.

**The protocol of a compiled core.** A game may put a compiled class ahead of its deal
class (Koz Maça's ``_core.KozMacaCore``) with faster ``legal_actions`` and ``apply`` of
a card. Such a core talks to the Python class through these public methods only:
``opening_actions(seat)`` (the legal actions outside the play phase),
``play_refusal(seat, card)`` (the error to raise for a card it found illegal), its
game's documented after-trick hook, ``super().apply`` for every other action, and it
overrides :meth:`TrickDeal.shallow_copy` (to copy the fields it keeps in C) and the
``phase`` / ``turn`` setters (the same bookkeeping, on its fields). Its results must be
exactly the Python class's: the lockstep tests play both side by side.

Queries have no side effects: ``legal_actions`` and ``is_legal`` change nothing, so
``apply`` works the trick duties out again (a compiled core may remember the mask it
offered, inside itself, as long as every result is the same).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Self

from kahvehane.cards import CARD_NAMES, card_name
from kahvehane.errors import ActionError, IllegalAction, MalformedAction, Message
from kahvehane.games.base import JSON, Action, DealResult, DealState, Event, make_event
from kahvehane.games.tricks.actions import Play, plays_of
from kahvehane.games.tricks.duties import TrickDuties, explain_illegal, playable_mask, trick_winner
from kahvehane.games.tricks.masks import BIT

__all__ = ["DEAL_OVER", "NOT_AN_ACTION", "NOT_A_CARD", "NOT_YOUR_TURN", "OVER", "PLAYING",
           "TrickDeal"]

#: The phases every trick game's deal shares (its first phase, 0, is the game's own
#: opening: bidding, choosing the contract).
PLAYING, OVER = 1, 2
_TO_ACT: tuple[tuple[int], ...] = tuple((s,) for s in range(4))
#: ``_new_tuple(Event, (kind, seat, public, private))`` is ``make_event`` without the call.
_new_tuple = tuple.__new__

NOT_YOUR_TURN = Message(
    "tricks.not_your_turn", "it is seat {turn}'s turn to play, not seat {seat}'s",
    "oynama sırası {turn}. koltukta, {seat}. koltukta değil")
NOT_A_CARD = Message("tricks.not_a_card", "{card} is not a card", "{card} bir kart değil")
NOT_AN_ACTION = Message("tricks.not_an_action", "{kind} is not a {game} action",
                        "{kind} bir {game} hamlesi değil")
DEAL_OVER = Message(
    "tricks.deal_over", "the deal is over: all {tricks} tricks are played",
    "dağıtım bitti: {tricks} elin hepsi oynandı")


class TrickDeal(DealState):
    """The bookkeeping and the play phase every trick game's deal shares.

    ``to_act`` and ``is_over`` are plain attributes rather than computed properties, since
    a random game reads both before every move; the ``phase`` and ``turn`` setters keep
    them up to date (``__init__`` of a game sets all four at once, for speed).

    ``hands[s]`` is the mask of seat ``s``'s hand, ``trick`` the cards of the trick in
    play order from ``leader``, ``history`` every trick taken as ``(leader, cards,
    winner)`` (public knowledge), ``won[s]`` the tricks ``s`` has taken, ``broken``
    whether a trump has been played (what a lead under
    :attr:`~TrickDuties.trump_lead_needs_break` needs) and ``duties`` the game's trick
    duties for this deal.
    """

    to_act: tuple[int, ...] = ()
    is_over: bool = False
    _phase: int = 0
    _turn: int = 0
    dealer: int
    hands: list[int]
    trick: list[int]
    broken: bool
    duties: TrickDuties
    leader: int
    won: list[int]
    history: list[tuple[int, tuple[int, ...], int]]

    # -- the game's hooks (see the module's docstring)
    seats: ClassVar[int]
    tricks: ClassVar[int]
    title: ClassVar[str]
    over_rule: ClassVar[str]
    opening_refusal: ClassVar[tuple[Message, str]]
    unplayable_refusal: ClassVar[tuple[Message, str]]

    def opening_actions(self, seat: int) -> list[Action]:
        """The legal actions outside the play phase (bids, a contract); none here."""
        return []

    def opening_is_legal(self, action: Action) -> bool:
        """:meth:`is_legal` of an action that is not a ``Play``."""
        return False

    def apply_opening(self, action: Action) -> list[Event]:
        """:meth:`apply` of an action that is not a ``Play`` (raises if refused)."""
        raise MalformedAction(NOT_AN_ACTION, kind=type(action).__name__, game=self.title)

    def accessible(self, seat: int) -> int:
        """The mask of the cards ``seat`` plays from: its hand."""
        return self.hands[seat]

    @abstractmethod
    def turn_rule(self) -> str:
        """The rule a card played out of turn breaks now."""

    @abstractmethod
    def play_card(self, seat: int, card: int) -> list[Event]:
        """Play ``card``, already found legal, for ``seat``; the events."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """The deal's scores by seat (read once the deal is over)."""

    def own_detail(self) -> JSON:
        """The game's own facts of the deal's ``detail`` (docs/records.md, "kahvehane replay")."""
        return {}

    # -- the interface
    @property
    def num_seats(self) -> int:
        return self.seats

    @property
    def phase(self) -> int:
        """0 (the game's opening: bidding, the contract), :data:`PLAYING` or :data:`OVER`."""
        return self._phase

    @phase.setter
    def phase(self, value: int) -> None:
        self._phase = value
        self.is_over = value == OVER
        self.to_act = () if value == OVER else _TO_ACT[self._turn]

    @property
    def turn(self) -> int:
        """The seat to act (the last one that acted, once the deal is over)."""
        return self._turn

    @turn.setter
    def turn(self, seat: int) -> None:
        self._turn = seat
        self.to_act = () if self._phase == OVER else _TO_ACT[seat]

    def playable(self, seat: int) -> int:
        """The mask of the cards ``seat`` may play now, if it is his turn to play."""
        return playable_mask(self.duties, self.accessible(seat), self.trick, self.broken)

    # (legal_actions and apply spell playable() out: they run for every move of every
    # random game, and a Python call costs about as much as the duties themselves.)
    def legal_actions(self, seat: int) -> list[Action]:
        """In the play phase, the legal cards of the seat to play, by card code (the
        shared ``Play`` objects); before it, the game's :meth:`opening_actions`."""
        if seat != self._turn or self._phase != PLAYING:
            return self.opening_actions(seat)
        return plays_of(seat, playable_mask(self.duties, self.accessible(seat), self.trick,
                                            self.broken))

    def is_legal(self, action: Action) -> bool:
        if isinstance(action, Play):
            seat = action.seat
            return (self._phase == PLAYING and seat == self._turn
                    and bool(self.playable(seat) & action.bit))
        return self.opening_is_legal(action)

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``, or raise the :class:`~kahvehane.errors.ActionError` that says
        why not (:meth:`play_refusal`) before anything changes."""
        if isinstance(action, Play):
            seat = action.seat
            # (Play.bit is 0 unless the card is a card code: one AND tests both.)
            if not (self._phase == PLAYING and seat == self._turn
                    and playable_mask(self.duties, self.accessible(seat), self.trick,
                                      self.broken) & action.bit):
                raise self.play_refusal(seat, action.card)
            return self.play_card(seat, action.card)
        return self.apply_opening(action)

    def play_refusal(self, seat: int, card: int) -> ActionError:
        """The error of ``seat`` playing ``card`` now, which the rules do not allow: the
        first of the phase, the turn, a card code, a card the seat can play from and the
        trick duties that it fails (a compiled core calls this too, to word its errors
        exactly as the Python class does)."""
        if self._phase != PLAYING:
            if self._phase == OVER:
                return IllegalAction(DEAL_OVER, self.over_rule, tricks=self.tricks)
            message, rule = self.opening_refusal
            return IllegalAction(message, rule)
        if seat != self._turn:
            return IllegalAction(NOT_YOUR_TURN, self.turn_rule(), turn=self._turn, seat=seat)
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
            return MalformedAction(NOT_A_CARD, card=repr(card))
        accessible = self.accessible(seat)
        if not accessible & BIT[card]:
            message, rule = self.unplayable_refusal
            return IllegalAction(message, rule, seat=seat, card=card_name(card))
        why = explain_illegal(self.duties, accessible, self.trick, self.broken, card)
        assert why is not None, f"{card_name(card)} is legal: it has no refusal"
        return why.error(seat)

    def take_trick(self, events: list[Event]) -> tuple[int, int]:
        """Score the full trick on the table (KM-11, BK-10): its winner takes it and leads
        next; the ``trick`` event goes to ``events``. Returns the winner and the trick's
        number (1 for the first)."""
        trick = self.trick
        leader = self.leader
        winner = (leader + trick_winner(trick, self.duties.trump)) % self.seats
        self.won[winner] += 1
        history = self.history
        number = len(history) + 1
        cards = tuple(trick)
        history.append((leader, cards, winner))
        names = CARD_NAMES
        events.append(_new_tuple(Event, ("trick", winner, {
            "number": number, "leader": leader, "cards": [names[c] for c in cards]}, None)))
        self.trick = []
        # (the turn setter, written out: the deal is in its play phase)
        self.leader = self._turn = winner
        self.to_act = _TO_ACT[winner]
        return winner, number

    def end_deal(self, events: list[Event]) -> None:
        """The last trick is taken: the deal is over, with its ``deal_end`` event."""
        self.phase = OVER
        events.append(make_event("deal_end", None, {"tricks": list(self.won),
                                                    "scores": list(self.scores())}))

    def resume_play(self, history: list[tuple[int, tuple[int, ...], int]],
                    trick: list[int]) -> None:
        """Put this deal, whose hands hold what is still unplayed, in its play phase after
        the tricks ``history`` and the cards ``trick`` of the trick in progress (a
        position a game builds from a view): the tricks taken, the leader (the last
        winner; ``leader`` as set if no trick is taken yet), whether trumps are broken,
        the phase and the seat to play follow from them."""
        self.history = history
        self.won = won = [0] * self.seats
        for _, _, winner in history:
            won[winner] += 1
        if history:
            self.leader = history[-1][2]
        self.trick = trick
        trump_mask = self.duties.trump_mask
        self.broken = self.broken or any(
            BIT[c] & trump_mask for _, cards, _ in history for c in cards) or any(
            BIT[c] & trump_mask for c in trick)
        self.phase = OVER if len(history) == self.tricks else PLAYING
        self.turn = (self.leader + len(trick)) % self.seats

    def play_view(self, playing: bool) -> JSON:
        """The play as everyone sees it: the leader (while cards are being played), the
        trick on the table and every trick taken. Card names come from a table, since
        the salon renders this after every move."""
        names = CARD_NAMES
        leader = self.leader
        seats = self.seats
        return {
            "leader": leader if playing else None,
            "trick": [{"seat": (leader + i) % seats, "card": names[c]}
                      for i, c in enumerate(self.trick)],
            "tricks": [{"leader": lead, "cards": [names[c] for c in cards], "winner": win}
                       for lead, cards, win in self.history],
        }

    def partial_detail(self) -> JSON:
        out = self.own_detail()
        out["tricks"] = list(self.won)
        out["dealer"] = self.dealer
        return out

    def result(self) -> DealResult | None:
        if self._phase != OVER:
            return None
        return DealResult(self.scores(), "tricks", self.partial_detail(), self.dealer)

    def shallow_copy(self) -> Self:
        """A new deal of this class sharing every field with this one (``copy`` then
        gives it its own lists). A compiled base overrides it to copy its C fields."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def copy(self) -> Self:
        """An independent copy (the game's own lists are copied by its override)."""
        new = self.shallow_copy()
        new.hands = self.hands[:]
        new.trick = self.trick[:]
        new.won = self.won[:]
        new.history = self.history[:]
        return new
