"""One Balayı Kingi deal as a state machine: the contract, then 26 two-card tricks.

Each player has 10 piles (a face-down card under a face-up one) and 6 hand cards that
nobody — not even the owner — sees until the owner wins a trick (BK-5). The non-dealer
picks the contract after seeing only the first 5 face-up cards (BK-3, BK-4); each player
names each of ♣ ♦ ♥ ♠ and Kozsuz exactly once over the 10 deals of a match, so a deal
needs the match history to know which contracts are left. Trick play is the shared core
:class:`~kahvehane.games.tricks.TrickDeal` with Balayı's duties: no duty to beat in plain
suits, raise on a led trump, trump when void (BK-9).

What is hidden is the heart of this game, so the state keeps every card (it is a setup)
but :meth:`BalayiKingiDeal.view` and the events show a card only once it is face up, or
to its owner once his hand is unlocked. Even an illegal-action message never says more
than "not accessible": it must not confirm what lies in a locked hand.

>>> from kahvehane.match import Match
>>> m = Match("balayi_kingi", seed=0)
>>> state = m.deal()
>>> [a.to_json()["contract"] for a in state.legal_actions(0)]
['C', 'D', 'H', 'S', 'NT']
>>> sum(p["up"] is not None for p in state.view(0)["players"][0]["piles"])
5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from kahvehane.cards import DIAMONDS, card_name, card_names
from kahvehane.errors import IllegalAction, MalformedAction, Message
from kahvehane.games.balayi_kingi.actions import CHOICES, ChooseContract, parse_action
from kahvehane.games.balayi_kingi.constants import (
    CONTRACT,
    EARLY_PILES,
    HAND,
    HAND_PLAY_EVENTS,
    NAMES,
    NO_CARD,
    PHASE_NAMES,
    PILE_PLAY_EVENTS,
    PILES,
    REVEAL_EVENTS,
    SEATS,
    TO_ACT,
    TRICKS,
)
from kahvehane.games.balayi_kingi.contracts import BEFORE_CONTRACT, CONTRACT_DUTIES, CONTRACTS
from kahvehane.games.balayi_kingi.scoring import deal_scores
from kahvehane.games.base import JSON, Action, Event, make_event
from kahvehane.games.tricks import BIT, PLAYING, STRENGTH, TrickDeal, cards_of, mask_of

__all__ = ["BalayiKingiDeal"]

CONTRACT_CHOSEN = Message(
    "balayi_kingi.contract_chosen", "the contract of this deal is already chosen",
    "bu dağıtımın kontratı zaten seçildi")
NOT_CHOOSER = Message(
    "balayi_kingi.not_chooser",
    "the non-dealer (seat {chooser}) chooses the contract, not seat {seat}",
    "kontratı dağıtmayan oyuncu ({chooser}. koltuk) seçer, {seat}. koltuk değil")
NOT_A_CONTRACT = Message(
    "balayi_kingi.not_a_contract", "{code} is not a contract: contracts are {codes}",
    "{code} bir kontrat değil: kontratlar {codes}")
CONTRACT_USED = Message(
    "balayi_kingi.contract_used",
    "seat {seat} has already named {code} in this match: each contract is named once",
    "{seat}. koltuk bu maçta {code} kontratını zaten seçti: her kontrat bir kez seçilir")
NO_CONTRACT_YET = Message(
    "balayi_kingi.no_contract_yet", "no card is played before the contract is chosen",
    "kontrat seçilmeden kart oynanmaz")
# Deliberately the same words whether the card is face down, in a locked hand or the
# opponent's: the message must not reveal where a hidden card is.
NOT_ACCESSIBLE = Message(
    "balayi_kingi.not_accessible",
    "{card} is not accessible to seat {seat}: only face-up pile tops, and hand cards once"
    " the hand is unlocked, may be played",
    "{card}, {seat}. koltuğun oynayabileceği bir kart değil: yalnızca açık deste"
    " üstlerindeki kartlar ve kilidi açılmış eldeki kartlar oynanabilir")


def _face_up(rows: Sequence[Sequence[int]]) -> tuple[list[int], list[int]]:
    """The pile index of each face-up card (``NO_CARD`` for the others) and each seat's
    mask of face-up cards, for rows of face-up cards (``NO_CARD`` for an empty pile)."""
    where = [NO_CARD] * 52
    for row in rows:
        for i, c in enumerate(row):
            if c >= 0:
                where[c] = i
    return where, [mask_of(c for c in row if c >= 0) for row in rows]


class BalayiKingiDeal(TrickDeal):
    """One Balayı Kingi deal: the contract choice, then 26 two-card tricks.

    ``down[s][i]`` / ``up[s][i]`` are the face-down and face-up cards of seat ``s``'s pile
    ``i`` (``NO_CARD`` once gone). ``tops[s]`` is the mask of ``s``'s face-up cards —
    accessible in every phase after the contract — and ``hands[s]`` the mask of his hand
    cards, accessible once ``unlocked[s]``. ``contract`` is ``None`` until named; the
    ``duties`` are then the contract's (BK-9).
    """

    game: ClassVar[str] = "balayi_kingi"
    seats: ClassVar[int] = SEATS
    tricks: ClassVar[int] = TRICKS
    title: ClassVar[str] = "Balayı Kingi"
    over_rule: ClassVar[str] = "BK-10"
    opening_refusal: ClassVar[tuple[Message, str]] = (NO_CONTRACT_YET, "BK-4")
    unplayable_refusal: ClassVar[tuple[Message, str]] = (NOT_ACCESSIBLE, "BK-6")

    def __init__(
        self,
        dealer: int,
        piles: Sequence[Sequence[tuple[int, int]]],
        hands: Sequence[Sequence[int]],
        used: Sequence[Sequence[str]] = ((), ()),
    ) -> None:
        self.dealer = dealer
        self.chooser = 1 - dealer
        self.down = [[p[0] for p in piles[s]] for s in range(SEATS)]
        self.up = up = [[p[1] for p in piles[s]] for s in range(SEATS)]
        self.hands = [mask_of(h) for h in hands]
        self.used = (list(used[0]), list(used[1]))
        self.where, self.tops = _face_up(up)
        self.unlocked = [False, False]
        self.unlocked_by: list[str | None] = [None, None]
        self.unlocked_at: list[int | None] = [None, None]
        self._phase = CONTRACT
        self._turn = self.chooser
        self.to_act = TO_ACT[self.chooser]
        self.is_over = False
        self.contract: str | None = None
        self.duties = BEFORE_CONTRACT
        self.broken = True  # no trump waits to be broken in Balayı (BK-10)
        self.first_leader: int | None = None
        self.leader = self.chooser
        self.trick: list[int] = []
        self.won = [0, 0]
        self.history: list[tuple[int, tuple[int, ...], int]] = []

    @classmethod
    def from_position(
        cls,
        dealer: int,
        piles: Sequence[Sequence[tuple[int, int]]],
        hands: Sequence[Sequence[int]],
        used: Sequence[Sequence[str]],
        contract: str | None,
        first_leader: int | None,
        unlocked: Sequence[bool],
        history: Sequence[tuple[int, tuple[int, ...], int]],
        trick: Sequence[int],
    ) -> Self:
        """A deal in progress: ``piles`` are the ``(down, up)`` cards still in each pile
        (``NO_CARD`` where gone), ``hands`` the cards still in each hand, ``contract``
        the contract named (``None``: not yet, and then nothing else may have happened),
        ``first_leader`` who led the first trick, ``unlocked`` whose hands are open,
        ``history`` the tricks taken as ``(leader, cards, winner)`` and ``trick`` the
        trick in play. The turn and the tricks won follow from them (a search bot's
        samples are built this way). Why and at which trick a hand was unlocked is not
        part of a position: ``unlocked_by`` / ``unlocked_at`` stay ``None``."""
        deal = cls(dealer, piles, hands, used)
        if contract is None:
            return deal
        deal.contract = contract
        deal.duties = CONTRACT_DUTIES[contract]
        deal.first_leader = first_leader
        if first_leader is not None:
            deal.leader = first_leader
        deal.unlocked = [bool(u) for u in unlocked]
        deal.resume_play(list(history), list(trick))
        return deal

    # ----------------------------------------------------------------- contract
    def opening_actions(self, seat: int) -> list[Action]:
        """Unused contracts in weight order (C D H S NT), for the chooser."""
        if self._phase == CONTRACT and seat == self._turn:
            used = self.used[seat]
            return [a for code, a in CHOICES[seat].items() if code not in used]
        return []

    def opening_is_legal(self, action: Action) -> bool:
        if not isinstance(action, ChooseContract):
            return False
        code = action.contract
        return (self._phase == CONTRACT and action.seat == self.chooser
                and isinstance(code, str) and code in CONTRACTS
                and code not in self.used[action.seat])

    def apply_opening(self, action: Action) -> list[Event]:
        if isinstance(action, ChooseContract):
            return self._choose(action.seat, action.contract)
        return super().apply_opening(action)

    def _choose(self, seat: int, code: str) -> list[Event]:
        if self._phase != CONTRACT:
            raise IllegalAction(CONTRACT_CHOSEN, "BK-4")
        if seat != self.chooser:
            raise IllegalAction(NOT_CHOOSER, "BK-4", chooser=self.chooser, seat=seat)
        if not isinstance(code, str) or code not in CONTRACTS:
            raise MalformedAction(NOT_A_CONTRACT, code=repr(code), codes=", ".join(CONTRACTS))
        if code in self.used[seat]:
            raise IllegalAction(CONTRACT_USED, "BK-4", seat=seat, code=code)
        self.contract = code
        self.duties = CONTRACT_DUTIES[code]
        weight = CONTRACTS[code][0]
        events = [Event("contract", seat, {"contract": code, "weight": weight})]
        # BK-3: the other 15 face-up cards and the hands are dealt only now.
        events.append(Event("layout", None, {
            "up": [card_names(self.up[s]) for s in range(SEATS)],
            "hand_counts": [HAND, HAND],
        }))
        # BK-8: the owner of the lowest face-up diamond leads; none → the non-dealer.
        lowest = NO_CARD
        owner = self.chooser
        for s in range(SEATS):
            for c in self.up[s]:
                if c // 13 == DIAMONDS and (lowest < 0 or STRENGTH[c] < STRENGTH[lowest]):
                    lowest, owner = c, s
        self.first_leader = self.leader = self.turn = owner
        events.append(Event("first_lead", owner, {
            "lowest_diamond": card_name(lowest) if lowest >= 0 else None}))
        self.phase = PLAYING
        return events

    # ----------------------------------------------------------------- play
    def accessible(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play from (BK-6)."""
        return self.tops[seat] | (self.hands[seat] if self.unlocked[seat] else 0)

    def turn_rule(self) -> str:
        """Out of turn: the first lead is BK-8's, every later card BK-10's."""
        return "BK-8" if not self.history and not self.trick else "BK-10"

    def play_card(self, seat: int, card: int) -> list[Event]:
        bit = BIT[card]
        tops = self.tops
        if tops[seat] & bit:
            where = self.where
            pile = where[card]
            where[card] = NO_CARD
            events = [PILE_PLAY_EVENTS[seat][pile][card]]
            down = self.down[seat]
            below = down[pile]
            self.up[seat][pile] = below
            if below >= 0:  # BK-7: the card beneath turns face up at once
                down[pile] = NO_CARD
                tops[seat] ^= bit | BIT[below]
                where[below] = pile
                events.append(REVEAL_EVENTS[seat][pile][below])
            else:
                tops[seat] ^= bit
                if not tops[seat] and not self.unlocked[seat]:  # BK-6
                    events.append(self._unlock(seat, "empty_tableau", len(self.history) + 1))
        else:
            self.hands[seat] ^= bit
            events = [HAND_PLAY_EVENTS[seat][card]]
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:  # (the turn setter, written out: the hot path)
            self._turn = turn = 1 - seat
            self.to_act = TO_ACT[turn]
            return events
        winner, number = self.take_trick(events)
        if not self.unlocked[winner]:
            events.append(self._unlock(winner, "trick", number))  # BK-5
        if number == TRICKS:
            self.end_deal(events)
        return events

    def _unlock(self, seat: int, reason: str, number: int) -> Event:
        """The owner may now see and play his hand; only he learns its cards."""
        self.unlocked[seat] = True
        self.unlocked_by[seat] = reason
        self.unlocked_at[seat] = number
        return make_event("unlock", seat, {"reason": reason, "trick": number},
                          {"hand": card_names(cards_of(self.hands[seat]))})

    # ----------------------------------------------------------------- results
    def scores(self) -> tuple[int, int]:
        assert self.contract is not None
        return deal_scores(self.contract, self.won)

    def own_detail(self) -> JSON:
        return {
            "contract": self.contract,
            "chooser": self.chooser,
            "weight": CONTRACTS[self.contract][0] if self.contract else None,
            "first_leader": self.first_leader,
            "unlocked_by": list(self.unlocked_by),
            "unlocked_at": list(self.unlocked_at),
        }

    def public_view(self) -> JSON:
        """Face-up cards for everyone (before the contract only the chooser's first five
        exist); face-down cards as a bare flag."""
        choosing = self._phase == CONTRACT
        players: list[JSON] = []
        for s in range(SEATS):
            piles: list[JSON] = []
            for i in range(PILES):
                u = self.up[s][i]
                shown = u >= 0 and (not choosing or (s == self.chooser and i in EARLY_PILES))
                piles.append({"up": NAMES[u] if shown else None,
                              "down": self.down[s][i] >= 0})
            players.append({
                "piles": piles,
                "hand_count": 0 if choosing else self.hands[s].bit_count(),
                "unlocked": self.unlocked[s],
                "tricks_won": self.won[s],
                "used_contracts": list(self.used[s]),
            })
        out: JSON = {
            "game": self.game,
            "dealer": self.dealer,
            "chooser": self.chooser,
            "phase": PHASE_NAMES[self._phase],
            "to_act": list(self.to_act),
            "contract": self.contract,
            "weight": CONTRACTS[self.contract][0] if self.contract else None,
            "first_leader": self.first_leader,
            "players": players,
        }
        out.update(self.play_view(self._phase == PLAYING))
        return out

    def own_view(self, seat: int) -> JSON:
        """Hand cards only to their unlocked owner."""
        if not (0 <= seat < SEATS and self.unlocked[seat]):
            return {}
        return {"hand": card_names(cards_of(self.hands[seat]))}

    def revealed(self) -> list[JSON]:
        """Every seat's hand (locked or not) and its piles, face-down cards included
        (``None`` where a pile has none left); a face-up card not turned yet during the
        contract choice is shown too, as the record's setup deals it."""
        return [{"hand": card_names(cards_of(self.hands[s])),
                 "piles": [{"up": NAMES[u] if u >= 0 else None,
                            "down": NAMES[d] if d >= 0 else None}
                           for u, d in zip(self.up[s], self.down[s], strict=True)]}
                for s in range(SEATS)]

    def copy(self) -> Self:
        new = super().copy()
        new.down = [p[:] for p in self.down]
        new.up = [p[:] for p in self.up]
        new.where = self.where[:]
        new.tops = self.tops[:]
        new.unlocked = self.unlocked[:]
        new.unlocked_by = self.unlocked_by[:]
        new.unlocked_at = self.unlocked_at[:]
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        return parse_action(obj)
