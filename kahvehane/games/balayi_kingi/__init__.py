"""Balayı Kingi: two players, a face-up/face-down tableau and locked hands (RULES.md 2.B).

Each player has 10 piles (a face-down card under a face-up one) and 6 hand cards that
nobody — not even the owner — sees until the owner wins a trick (BK-5). The non-dealer
picks the contract after seeing only the first 5 face-up cards (BK-3, BK-4); each player
names each of ♣ ♦ ♥ ♠ and Kozsuz exactly once over the 10 deals of a match, so a deal
needs the match history to know which contracts are left. Trick play is the shared core
:mod:`kahvehane.games.tricks` with Balayı's switches: no duty to beat in plain suits,
raise on a led trump, trump when void (BK-9).

What is hidden is the heart of this game, so the state keeps every card (it is a setup)
but :meth:`BalayiKingiState.view` and the events show a card only once it is face up, or
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
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from kahvehane.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    canonical_cards,
    card_name,
    card_names,
    parse_card,
)
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
from kahvehane.games.tricks import (
    BIT,
    FULL,
    OVER,
    PLAYING,
    PLAYS,
    PLAYS_BY_MASK,
    STRENGTH,
    Play,
    TrickRules,
    TrickState,
    cards_of,
    explain_illegal,
    mask_of,
    playable_mask,
    plays_of,
)

__all__ = [
    "BALAYI_KINGI",
    "CONTRACTS",
    "BalayiKingi",
    "BalayiKingiState",
    "ChooseContract",
    "Play",
    "deal_scores",
]

SEATS = 2
PILES = 10
HAND = 6
TRICKS = 26
DEALS = 10
#: Contracts in the order legal_actions lists them (by weight), with weight and trump.
CONTRACTS: dict[str, tuple[int, int | None]] = {
    "C": (1, CLUBS),
    "D": (2, DIAMONDS),
    "H": (3, HEARTS),
    "S": (4, SPADES),
    "NT": (5, None),
}
_TRICK_RULES: dict[str, TrickRules] = {
    code: TrickRules(
        trump=trump,
        raise_plain=False,
        trump_lead_needs_break=False,
        lead_rule="BK-10",
        follow_rule="BK-9",
        void_rule="BK-9",
    )
    for code, (_, trump) in CONTRACTS.items()
}
_CONTRACT = 0
_PLAYING, _OVER = PLAYING, OVER
_PHASE_NAMES = ("contract", "play", "over")
#: The piles of the chooser whose face-up cards exist when he chooses (BK-3).
_EARLY_PILES = range(5)
_NO_CARD = -1


@dataclass(frozen=True, slots=True)
class ChooseContract(Action):
    """The non-dealer names the deal's contract: ``C D H S`` or ``NT`` (BK-4)."""

    act: ClassVar[str] = "contract"
    contract: str

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "contract", "contract": self.contract}



_CHOICES: tuple[dict[str, ChooseContract], ...] = tuple(
    {code: ChooseContract(s, code) for code in CONTRACTS} for s in range(SEATS)
)
# The events of single moves, prebuilt and shared like the actions (events are frozen
# and their ``public`` dicts are only ever read): a move then allocates one short list.
# ``_PILE_PLAY_EVENTS[seat][pile][card]``, ``_HAND_PLAY_EVENTS[seat][card]`` and
# ``_REVEAL_EVENTS[seat][pile][card]``.
_PILE_PLAY_EVENTS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(
        tuple(Event("play", s, {"card": card_name(c), "from": "pile", "pile": i})
              for c in range(52))
        for i in range(PILES)
    )
    for s in range(SEATS)
)
_HAND_PLAY_EVENTS: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event("play", s, {"card": card_name(c), "from": "hand", "pile": None})
          for c in range(52))
    for s in range(SEATS)
)
_REVEAL_EVENTS: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(Event("reveal", s, {"pile": i, "card": card_name(c)}) for c in range(52))
          for i in range(PILES))
    for s in range(SEATS)
)
_TO_ACT: tuple[tuple[int], ...] = tuple((s,) for s in range(SEATS))
_NAMES: tuple[str, ...] = tuple(card_name(c) for c in range(52))


def deal_scores(contract: str, tricks: Sequence[int]) -> tuple[int, int]:
    """(t − 13) × w for each player (BK-11); the two always sum to zero.

    >>> deal_scores("H", [16, 10]), deal_scores("NT", [10, 16]), deal_scores("S", [26, 0])
    ((9, -9), (-15, 15), (52, -52))
    """
    weight = CONTRACTS[contract][0]
    return ((tricks[0] - 13) * weight, (tricks[1] - 13) * weight)


def used_contracts(history: Sequence[DealResult]) -> tuple[list[str], list[str]]:
    """The contracts each seat has named so far in the match (from the deal details)."""
    used: tuple[list[str], list[str]] = ([], [])
    for d in history:
        used[int(d.detail["chooser"])].append(str(d.detail["contract"]))
    return used


class BalayiKingiState(TrickState):
    """One Balayı Kingi deal: the contract choice, then 26 two-card tricks.

    ``down[s][i]`` / ``up[s][i]`` are the face-down and face-up cards of seat ``s``'s pile
    ``i`` (-1 once gone). ``tops[s]`` is the mask of ``s``'s face-up cards — accessible
    in every phase after the contract — and ``hands[s]`` the mask of his hand cards,
    accessible once ``unlocked[s]``.
    """

    game: ClassVar[str] = "balayi_kingi"

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
        self.where = where = [_NO_CARD] * 52  # pile index of each face-up card
        for row in up:
            for i, c in enumerate(row):
                where[c] = i
        self.tops = [mask_of(row) for row in up]
        self.unlocked = [False, False]
        self.unlocked_by: list[str | None] = [None, None]
        self.unlocked_at: list[int | None] = [None, None]
        self._phase = _CONTRACT
        self._turn = self.chooser
        self.to_act = _TO_ACT[self.chooser]
        self.is_over = False
        self._offered = 0
        self.contract: str | None = None
        self.rules: TrickRules | None = None
        self.first_leader: int | None = None
        self.leader = self.chooser
        self.trick: list[int] = []
        self.won = [0, 0]
        self.history: list[tuple[int, tuple[int, ...], int]] = []

    # ----------------------------------------------------------------- interface
    @property
    def num_seats(self) -> int:
        return SEATS

    def accessible(self, seat: int) -> int:
        """Mask of the cards ``seat`` may play from (BK-6)."""
        return self.tops[seat] | (self.hands[seat] if self.unlocked[seat] else 0)

    def legal_actions(self, seat: int) -> list[Action]:
        """Unused contracts in weight order (C D H S NT); then legal cards by card code."""
        if seat != self._turn or self._phase != _PLAYING:
            if self._phase == _CONTRACT and seat == self._turn:
                used = self.used[seat]
                return [a for code, a in _CHOICES[seat].items() if code not in used]
            return []
        rules = self.rules
        assert rules is not None
        accessible = self.tops[seat] | (self.hands[seat] if self.unlocked[seat] else 0)
        self._offered = mask = playable_mask(rules, accessible, self.trick, True)
        plays = PLAYS_BY_MASK[seat].get(mask)
        return [*plays] if plays is not None else plays_of(seat, mask)

    def apply(self, action: Action) -> list[Event]:
        """Validate and play ``action``.

        The common case — a card that ``legal_actions`` has just offered — is one mask
        test (see :class:`~kahvehane.games.tricks.TrickState`); any other card gets the
        full check of :meth:`_check_play`, which finds the rule that is broken and raises
        before anything changes. The contract goes through :meth:`_choose`.
        """
        if isinstance(action, Play):
            seat = action.seat
            if not (seat == self._turn and self._offered & action.bit):  # see Play.bit
                self._check_play(seat, action.card)  # raises, unless legal after all
            self._offered = 0
            return self._play(seat, action.card)
        if isinstance(action, ChooseContract):
            return self._choose(action.seat, action.contract)
        raise MalformedAction(f"{type(action).__name__} is not a Balayı Kingi action")

    # ----------------------------------------------------------------- contract
    def _choose(self, seat: int, code: str) -> list[Event]:
        if self.phase != _CONTRACT:
            raise IllegalAction("the contract of this deal is already chosen", "BK-4")
        if seat != self.chooser:
            raise IllegalAction(f"the non-dealer (seat {self.chooser}) chooses the contract,"
                                f" not seat {seat}", "BK-4")
        if code not in CONTRACTS:
            raise MalformedAction(f"{code!r} is not a contract: contracts are"
                                  f" {', '.join(CONTRACTS)}")
        if code in self.used[seat]:
            raise IllegalAction(f"seat {seat} has already named {code} in this match: each"
                                " contract is named once", "BK-4")
        self.contract = code
        self.rules = _TRICK_RULES[code]
        weight = CONTRACTS[code][0]
        events = [Event("contract", seat, {"contract": code, "weight": weight})]
        # BK-3: the other 15 face-up cards and the hands are dealt only now.
        events.append(Event("layout", None, {
            "up": [[card_name(c) for c in self.up[s]] for s in range(SEATS)],
            "hand_counts": [HAND, HAND],
        }))
        # BK-8: the owner of the lowest face-up diamond leads; none → the non-dealer.
        lowest = _NO_CARD
        owner = self.chooser
        for s in range(SEATS):
            for c in self.up[s]:
                if c // 13 == DIAMONDS and (lowest < 0 or STRENGTH[c] < STRENGTH[lowest]):
                    lowest, owner = c, s
        self.first_leader = self.leader = self.turn = owner
        events.append(Event("first_lead", owner, {
            "lowest_diamond": card_name(lowest) if lowest >= 0 else None}))
        self.phase = _PLAYING
        return events

    # ----------------------------------------------------------------- play
    def _check_play(self, seat: int, c: int) -> None:
        """Raise the :class:`IllegalAction` (or :class:`MalformedAction`) that playing
        ``c`` breaks; return only if the play is legal."""
        if self.phase != _PLAYING:
            if self.phase == _OVER:
                raise IllegalAction("the deal is over: all 26 tricks are played", "BK-10")
            raise IllegalAction("no card is played before the contract is chosen", "BK-4")
        if seat != self.turn:
            rule = "BK-8" if not self.history and not self.trick else "BK-10"
            raise IllegalAction(f"it is seat {self.turn}'s turn to play, not seat {seat}'s",
                                rule)
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
            raise MalformedAction(f"{c!r} is not a card")
        rules = self.rules
        assert rules is not None
        bit = BIT[c]
        acc = self.accessible(seat)
        if not acc & bit:
            # Deliberately the same words whether the card is face down, in a locked
            # hand or the opponent's: the message must not reveal where a hidden card is.
            raise IllegalAction(f"{card_name(c)} is not accessible to seat {seat}: only"
                                " face-up pile tops, and hand cards once the hand is"
                                " unlocked, may be played", "BK-6")
        if not playable_mask(rules, acc, self.trick, True) & bit:
            why = explain_illegal(rules, acc, self.trick, True, c)
            assert why is not None
            raise IllegalAction(f"seat {seat}: {why[0]}", why[1])

    def _play(self, seat: int, c: int) -> list[Event]:
        """Play a card already checked legal: the hot path of every random game."""
        bit = BIT[c]
        tops = self.tops
        if tops[seat] & bit:
            where = self.where
            pile = where[c]
            where[c] = _NO_CARD
            events = [_PILE_PLAY_EVENTS[seat][pile][c]]
            down = self.down[seat]
            below = down[pile]
            self.up[seat][pile] = below
            if below >= 0:  # BK-7: the card beneath turns face up at once
                down[pile] = _NO_CARD
                tops[seat] ^= bit | BIT[below]
                where[below] = pile
                events.append(_REVEAL_EVENTS[seat][pile][below])
            else:
                tops[seat] ^= bit
                if not tops[seat] and not self.unlocked[seat]:  # BK-6
                    events.append(self._unlock(seat, "empty_tableau", len(self.history) + 1))
        else:
            self.hands[seat] ^= bit
            events = [_HAND_PLAY_EVENTS[seat][c]]
        trick = self.trick
        trick.append(c)
        if len(trick) < SEATS:
            self._turn = turn = 1 - seat
            self.to_act = _TO_ACT[turn]
            return events

        rules = self.rules
        assert rules is not None
        leader = self.leader
        a, b = trick
        winner = (leader + rules.beats[a * 52 + b]) % SEATS  # see trick_winner_of
        self.won[winner] += 1
        history = self.history
        number = len(history) + 1
        history.append((leader, (a, b), winner))
        events.append(make_event("trick", winner, {"number": number, "leader": leader,
                                                   "cards": [_NAMES[a], _NAMES[b]]}))
        if not self.unlocked[winner]:
            events.append(self._unlock(winner, "trick", number))  # BK-5
        self.trick = []
        self.leader = self.turn = winner
        if number == TRICKS:
            self.phase = _OVER
            events.append(make_event("deal_end", None, {"tricks": list(self.won),
                                                        "scores": list(self._scores())}))
        return events

    def _unlock(self, seat: int, reason: str, number: int) -> Event:
        """The owner may now see and play his hand; only he learns its cards."""
        self.unlocked[seat] = True
        self.unlocked_by[seat] = reason
        self.unlocked_at[seat] = number
        return make_event("unlock", seat, {"reason": reason, "trick": number},
                          {"hand": [card_name(x) for x in cards_of(self.hands[seat])]})

    # ----------------------------------------------------------------- results
    def _scores(self) -> tuple[int, int]:
        assert self.contract is not None
        return deal_scores(self.contract, self.won)

    def partial_detail(self) -> JSON:
        return {
            "contract": self.contract,
            "chooser": self.chooser,
            "weight": CONTRACTS[self.contract][0] if self.contract else None,
            "tricks": list(self.won),
            "dealer": self.dealer,
            "first_leader": self.first_leader,
            "unlocked_by": list(self.unlocked_by),
            "unlocked_at": list(self.unlocked_at),
        }

    def result(self) -> DealResult | None:
        if self.phase != _OVER:
            return None
        return DealResult(self._scores(), "tricks", self.partial_detail(), self.dealer)

    def public_view(self) -> JSON:
        """Face-up cards for everyone (before the contract only the chooser's first five
        exist); face-down cards as a bare flag."""
        choosing = self.phase == _CONTRACT
        players: list[JSON] = []
        for s in range(SEATS):
            piles: list[JSON] = []
            for i in range(PILES):
                u = self.up[s][i]
                shown = u >= 0 and (not choosing or (s == self.chooser and i in _EARLY_PILES))
                piles.append({"up": card_name(u) if shown else None,
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
            "phase": _PHASE_NAMES[self.phase],
            "to_act": list(self.to_act),
            "contract": self.contract,
            "weight": CONTRACTS[self.contract][0] if self.contract else None,
            "first_leader": self.first_leader,
            "players": players,
        }
        out.update(self._play_view(self.phase == _PLAYING))
        return out

    def own_view(self, seat: int) -> JSON:
        """Hand cards only to their unlocked owner."""
        if not (0 <= seat < SEATS and self.unlocked[seat]):
            return {}
        return {"hand": card_names(cards_of(self.hands[seat]))}

    def copy(self) -> Self:
        new = self._blank()
        new.__dict__.update(self.__dict__)
        new.down = [p[:] for p in self.down]
        new.up = [p[:] for p in self.up]
        new.hands = self.hands[:]
        new.where = self.where[:]
        new.tops = self.tops[:]
        new.unlocked = self.unlocked[:]
        new.unlocked_by = self.unlocked_by[:]
        new.unlocked_at = self.unlocked_at[:]
        new.trick = self.trick[:]
        new.won = self.won[:]
        new.history = self.history[:]
        return new

    @classmethod
    def parse_action(cls, obj: Mapping[str, Any]) -> Action:
        seat = parse_seat(obj, SEATS)
        act = require(obj, "act", str)
        if act == "contract":
            code = require(obj, "contract", str)
            if code not in CONTRACTS:
                raise MalformedAction(f"{code!r} is not a contract: contracts are exactly"
                                      f" {', '.join(CONTRACTS)}")
            return _CHOICES[seat][code]
        if act == "play":
            return PLAYS[seat][card_value(require(obj, "card", str), "'card'")]
        raise MalformedAction(
            f"unknown act {act!r}: Balayı Kingi actions are 'contract' and 'play'")


_Layout = tuple[list[list[tuple[int, int]]], list[list[int]]]
#: ``_LAYOUT_BLOCKS[dealer][seat]``: the parts of the shuffled order that become the
#: seat's face-down piles 0–4 and 5–9 and face-up piles 0–4 and 5–9 (BK-3).
_LAYOUT_BLOCKS: tuple[tuple[tuple[slice, slice, slice, slice], ...], ...] = tuple(
    tuple(
        (slice(0, 5), slice(10, 15), slice(20, 25), slice(30, 35)) if seat != dealer
        else (slice(5, 10), slice(15, 20), slice(25, 30), slice(35, 40))
        for seat in range(SEATS)
    )
    for dealer in range(SEATS)
)


def _canonical_layout(raw_piles: list[Any], raw_hands: Any) -> _Layout | None:
    """Piles and hands of a setup written with canonical card names in the right shape
    that is exactly the 52 cards (what :meth:`BalayiKingi.setup_from_order` writes), else
    ``None``: one pass and one dict lookup per card (see
    :func:`~kahvehane.games.tricks.canonical_masks` for the one-sum deck check)."""
    names: list[Any] = []
    for row in raw_piles:
        if type(row) is not list or len(row) != PILES:
            return None
        for pile in row:
            if type(pile) is not list or len(pile) != 2:
                return None
            names += pile
    if type(raw_hands) is not list or len(raw_hands) != SEATS:
        return None
    for hand in raw_hands:
        if type(hand) is not list or len(hand) != HAND:
            return None
        names += hand
    cards = canonical_cards(names)
    if cards is None or sum(map(BIT.__getitem__, cards)) != FULL:
        return None
    half = SEATS * PILES
    piles = [list(zip(cards[0:half:2], cards[1:half:2], strict=True)),
             list(zip(cards[half:2 * half:2], cards[half + 1:2 * half:2], strict=True))]
    return piles, [cards[2 * half:2 * half + HAND], cards[2 * half + HAND:]]


def _parse_layout(raw_piles: list[Any], setup: Mapping[str, Any]) -> _Layout:
    """Piles and hands of any setup, with a :class:`MalformedSetup` naming the first
    problem."""
    piles: list[list[tuple[int, int]]] = []
    for s, row in enumerate(raw_piles):
        if not isinstance(row, list) or len(row) != PILES:
            raise MalformedSetup(f"piles[{s}] must hold {PILES} piles")
        parsed = []
        for i, pile in enumerate(row):
            down, up = sc.item_list(pile, f"piles[{s}][{i}] ([down, up])", parse_card, 2)
            parsed.append((down, up))
        piles.append(parsed)
    raw_hands = sc.field(setup, "hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != SEATS:
        raise MalformedSetup("'hands' must be a list of 2 hands")
    hands = [sc.item_list(h, f"hands[{s}]", parse_card, HAND)
             for s, h in enumerate(raw_hands)]
    everything = [c for row in piles for pile in row for c in pile]
    everything += [c for h in hands for c in h]
    sc.check_exact_deck(everything, range(52), card_name, "the 52 cards")
    return piles, hands


class BalayiKingi(GameRules):
    """The match around Balayı Kingi deals: 10 deals, alternating dealer (BK-2, BK-12)."""

    name = "balayi_kingi"
    deck_kind = "cards"

    def parse_options(self, raw: Mapping[str, Any] | None) -> JSON:
        """Balayı Kingi has no table options.

        >>> BALAYI_KINGI.parse_options(None)
        {}
        """
        if raw:
            raise InvalidOptions(f"unknown Balayı Kingi option(s) {', '.join(sorted(raw))}:"
                                 " the game has no options")
        return {}

    def num_seats(self, options: JSON) -> int:
        return SEATS

    def canonical_deck(self) -> list[int]:
        return list(range(52))

    def setup_from_order(
        self, options: JSON, order: list[int], first_seat: int, history: Sequence[DealResult]
    ) -> JSON:
        """Deal in the order of BK-3: face-down on the non-dealer's piles 0–4, the
        dealer's 0–4, the non-dealer's 5–9, the dealer's 5–9; face-up in the same order;
        then the hands three at a time, non-dealer first."""
        names = card_names(order[:52])
        down: list[list[str]] = [[], []]
        up: list[list[str]] = [[], []]
        for seat, block in enumerate(_LAYOUT_BLOCKS[first_seat]):
            down[seat] = names[block[0]] + names[block[1]]
            up[seat] = names[block[2]] + names[block[3]]
        other = 1 - first_seat
        return {
            "dealer": first_seat,
            "piles": [[[d, u] for d, u in zip(down[s], up[s], strict=True)]
                      for s in range(SEATS)],
            "hands": [names[40:43] + names[46:49] if s == other else names[43:46] + names[49:]
                      for s in range(SEATS)],
        }

    def new_deal(
        self, options: JSON, setup: Mapping[str, Any], history: Sequence[DealResult]
    ) -> BalayiKingiState:
        dealer = sc.seat_field(setup, "dealer", SEATS)
        raw_piles = sc.field(setup, "piles")
        if not isinstance(raw_piles, list) or len(raw_piles) != SEATS:
            raise MalformedSetup("'piles' must be a list of 2 lists of 10 piles")
        layout = _canonical_layout(raw_piles, setup.get("hands"))
        if layout is None:  # not canonical, or not a deal: parse slowly, word the error
            layout = _parse_layout(raw_piles, setup)
        piles, hands = layout
        used = used_contracts(history)
        if len(used[1 - dealer]) >= len(CONTRACTS):
            raise MalformedSetup(f"seat {1 - dealer} has named every contract already:"
                                 " a match is 10 deals")
        return BalayiKingiState(dealer, piles, hands, used)

    def setup_first_seat(self, setup: Mapping[str, Any]) -> int:
        return sc.seat_field(setup, "dealer", SEATS)

    def next_first_seat(self, options: JSON, history: Sequence[DealResult]) -> int | None:
        """The dealer alternates every deal (BK-2)."""
        if not history:
            return None
        return 1 - history[-1].first_seat

    def summary(self, options: JSON, history: Sequence[DealResult]) -> MatchSummary:
        """After 10 deals the higher total wins; equal totals are a draw (BK-12)."""
        totals = [0, 0]
        for d in history:
            totals[0] += d.scores[0]
            totals[1] += d.scores[1]
        complete = len(history) >= DEALS
        winner: int | None = None
        if complete and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        return MatchSummary(complete=complete, totals=tuple(totals), winner=winner)


#: The Balayı Kingi rules object the registry serves (``get_game("balayi_kingi")``).
BALAYI_KINGI = BalayiKingi()
