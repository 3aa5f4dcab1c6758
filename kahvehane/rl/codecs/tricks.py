"""Koz Maça and Balayı Kingi: bids or a contract, then one card per move.

Both actions spaces are one token per move: Koz Maça ``0..12`` bid 1..13 and ``13..64``
play card *c*; Balayı Kingi ``0..4`` name ♣ ♦ ♥ ♠ Kozsuz and ``5..56`` play card *c*.
Cards are numbered as in :mod:`kahvehane.cards`: suits ♠ ♥ ♦ ♣, ranks A 2 … K.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kahvehane.cards import CARD_NAMES
from kahvehane.games.balayi_kingi import ChooseContract
from kahvehane.games.base import JSON, Action
from kahvehane.games.koz_maca import Bid
from kahvehane.games.tricks import Play
from kahvehane.rl.codecs.base import (
    CARD_INDEX,
    Codec,
    Layout,
    Obs,
    Public,
    Tokens,
    relative,
    set_ones,
    squash,
)

#: Balayı Kingi's contracts in weight order (♣ 1, ♦ 2, ♥ 3, ♠ 4, Kozsuz 5).
CONTRACTS: tuple[str, ...] = ("C", "D", "H", "S", "NT")


# The encoders collect the indices of the ones in a list and set them in one numpy
# assignment: a Python loop over numpy items costs several times more per card.


def _cards(on: list[int], offset: int, names: Sequence[str]) -> None:
    on.extend(offset + CARD_INDEX[name] for name in names)


def _trick(on: list[int], view: JSON, offset: int, planes: Sequence[int]) -> None:
    """The current trick: the card each seat has played in it, one 52-plane per seat
    (``planes[s]`` is the offset of seat *s*'s plane)."""
    for entry in view["trick"]:
        on.append(offset + planes[entry["seat"]] + CARD_INDEX[entry["card"]])


def _encode_tricks(on: list[int], tricks: Sequence[JSON], offset: int,
                   planes: Sequence[int]) -> None:
    index = CARD_INDEX
    for trick in tricks:
        leader = trick["leader"]
        for i, name in enumerate(trick["cards"]):
            on.append(offset + planes[leader + i] + index[name])


class History:
    """The cards each seat played in the finished tricks, one 52-plane per relative seat
    (``planes`` covers two rounds of seats: a trick's *i*-th card is its leader's + *i*),
    for one codec, kept per observer and extended as tricks are added: the finished
    tricks only grow within a deal, so a view whose tricks begin with the ones encoded
    last time (compared in full: the cache is a pure function of the view) needs only
    its new tricks encoded. The whole history was the largest part of a Koz Maça
    observation's cost (13 tricks × 4 cards at the end of a deal)."""

    def __init__(self) -> None:
        self._seen: dict[int, tuple[list[JSON], list[int]]] = {}

    def add(self, on: list[int], view: JSON, offset: int, planes: Sequence[int],
            me: int) -> None:
        tricks: list[JSON] = view["tricks"]
        cached = self._seen.get(me)
        if cached is not None:
            seen, ones = cached
            k = len(seen)
            if k <= len(tricks) and tricks[:k] == seen:
                if k < len(tricks):
                    ones = list(ones)
                    _encode_tricks(ones, tricks[k:], offset, planes)
                    self._seen[me] = (list(tricks), ones)
                on.extend(ones)
                return
        ones = []
        _encode_tricks(ones, tricks, offset, planes)
        self._seen[me] = (list(tricks), ones)
        on.extend(ones)


def _planes(me: int, n: int) -> tuple[int, ...]:
    """The 52-plane offset of each seat seen from ``me``, for seats 0..2n−1."""
    return tuple(52 * relative(s, me, n) for s in range(2 * n))


def _one_hot_seat(on: list[int], offset: int, seat: int | None, me: int, n: int) -> None:
    if seat is not None:
        on.append(offset + relative(seat, me, n))


class KozMacaCodec(Codec):
    """Koz Maça: 65 actions (13 bids, 52 cards); observation of 551 numbers."""

    game = "koz_maca"
    num_actions = 65
    layout = Layout([
        ("hand", 52, "my cards"),
        ("trick", 4 * 52, "the current trick: the card each relative seat has played in it"),
        ("played", 4 * 52, "the cards each relative seat played in the finished tricks"),
        ("bids", 4 * 14, "each relative seat's bid, one-hot (0 = not yet bid, 1..13)"),
        ("tricks_won", 4, "tricks won by each relative seat / 13"),
        ("my_turn", 1, "1 if I am to act"),
        ("phase", 2, "bidding, play (one-hot)"),
        ("leader", 4, "the relative seat leading the current trick"),
        ("dealer", 4, "the relative seat that dealt"),
        ("spades_broken", 1, "1 once a spade has been played"),
        ("kasa", 6, "Kasa still open; extra deal; the claimant's relative seat (4)"),
        ("totals", 4, "each relative seat's match total t as t / (abs(t) + finish_score)"),
        ("deals", 1, "finished deals d as d / (d + 10)"),
    ])

    def __init__(self, options: Mapping[str, Any], num_seats: int) -> None:
        super().__init__(options, num_seats)
        self._scale = float(options["finish_score"])
        self._planes = [_planes(me, num_seats) for me in range(num_seats)]
        self._bids = tuple(Bid(s, b) for s in range(num_seats) for b in range(1, 14))
        self._history = History()
        self._offsets = {b.name: b.offset for b in self.layout.blocks}
        self._relative = [tuple(relative(s, me, num_seats) for s in range(num_seats))
                          for me in range(num_seats)]
        lay = self.layout
        self._seat_blocks = ((lay["leader"], "leader"), (lay["dealer"], "dealer"),
                             (lay["kasa"] + 2, "kasa_claimant"))

    def observe_into(self, obs: Obs, view: JSON, seat: int, public: Public) -> None:
        # (the hottest encoder of the benchmarks: offsets read once per codec, the
        # relative seats from a table, the numbers set in one assignment)
        o, n, me = self._offsets, self.num_seats, seat
        planes = self._planes[me]
        rel = self._relative[me]
        index = CARD_INDEX
        hand = o["hand"]
        on: list[int] = [hand + index[name] for name in view.get("hand", ())]
        _trick(on, view, o["trick"], planes)
        self._history.add(on, view, o["played"], planes, me)
        bids, won = o["bids"], o["tricks_won"]
        at: list[int] = []
        values: list[float] = []
        view_bids, view_won = view["bids"], view["tricks_won"]
        for s in range(n):
            r = rel[s]
            bid = view_bids[s]
            on.append(bids + 14 * r + (0 if bid is None else bid))
            at.append(won + r)
            values.append(view_won[s] / 13)
        if me in view["to_act"]:
            on.append(o["my_turn"])
        on.append(o["phase"] + (0 if view["phase"] == "bidding" else 1))
        for offset, key in self._seat_blocks:
            who = view[key]
            if who is not None:
                on.append(offset + rel[who])
        if view["spades_broken"]:
            on.append(o["spades_broken"])
        kasa = o["kasa"]
        if view["kasa_open"]:
            on.append(kasa)
        if view["extra_deal"]:
            on.append(kasa + 1)
        set_ones(obs, on)
        totals, scale = o["totals"], self._scale
        for s, t in enumerate(public.totals):
            at.append(totals + rel[s])
            values.append(squash(t, scale))
        at.append(o["deals"])
        values.append(public.deals_done / (public.deals_done + 10))
        obs[at] = values

    def tokens(self, action: Action, view: JSON) -> Tokens:
        if isinstance(action, Play):
            return (13 + action.card,)
        if isinstance(action, Bid):
            return (action.tricks - 1,)
        raise TypeError(f"not a Koz Maça action: {action!r}")

    def token_name(self, token: int) -> str:
        self.check_token(token)
        return f"bid {token + 1}" if token < 13 else f"play {CARD_NAMES[token - 13]}"


class BalayiKingiCodec(Codec):
    """Balayı Kingi: 57 actions (5 contracts, 52 cards); observation of 504 numbers."""

    game = "balayi_kingi"
    num_actions = 57
    layout = Layout([
        ("hand", 52, "my hand cards, once unlocked (zeros while locked: I cannot see them)"),
        ("tops", 2 * 52, "face-up pile tops, mine then the opponent's"),
        ("covered", 2 * 52, "those face-up tops with a face-down card beneath, mine then theirs"),
        ("down_only", 2, "piles showing only a face-down card (/10), mine then theirs"),
        ("trick", 2 * 52, "the current trick's card by relative seat"),
        ("played", 2 * 52, "the cards each relative seat played in the finished tricks"),
        ("contract", 6, "the contract: none yet, ♣, ♦, ♥, ♠, Kozsuz (one-hot)"),
        ("phase", 2, "contract, play (one-hot)"),
        ("my_turn", 1, "1 if I am to act"),
        ("seats", 6, "the chooser, the dealer and the leader: relative seat, one-hot each"),
        ("used", 2 * 5, "contracts each relative seat has already named this match"),
        ("counts", 6, "hand cards /6, hand unlocked, tricks won /26; for me then the opponent"),
        ("totals", 2, "each relative seat's match total t as t / (abs(t) + 50)"),
        ("deals", 1, "finished deals / 10"),
    ])

    def __init__(self, options: Mapping[str, Any], num_seats: int) -> None:
        super().__init__(options, num_seats)
        self._planes = [_planes(me, num_seats) for me in range(num_seats)]
        self._history = History()

    def observe_into(self, obs: Obs, view: JSON, seat: int, public: Public) -> None:
        lay, n, me = self.layout, self.num_seats, seat
        planes = self._planes[me]
        on: list[int] = []
        _cards(on, lay["hand"], view.get("hand", ()))
        tops, covered, down_only = lay["tops"], lay["covered"], lay["down_only"]
        counts, used = lay["counts"], lay["used"]
        for s, player in enumerate(view["players"]):
            r = relative(s, me, n)
            bare = 0
            for pile in player["piles"]:
                up = pile["up"]
                if up is None:
                    bare += 1 if pile["down"] else 0
                    continue
                on.append(tops + 52 * r + CARD_INDEX[up])
                if pile["down"]:
                    on.append(covered + 52 * r + CARD_INDEX[up])
            obs[down_only + r] = bare / 10
            obs[counts + 3 * r] = player["hand_count"] / 6
            if player["unlocked"]:
                on.append(counts + 3 * r + 1)
            obs[counts + 3 * r + 2] = player["tricks_won"] / 26
            on.extend(used + 5 * r + CONTRACTS.index(c) for c in player["used_contracts"])
        _trick(on, view, lay["trick"], planes)
        self._history.add(on, view, lay["played"], planes, me)
        contract = view["contract"]
        on.append(lay["contract"] + (0 if contract is None else 1 + CONTRACTS.index(contract)))
        on.append(lay["phase"] + (0 if view["phase"] == "contract" else 1))
        if me in view["to_act"]:
            on.append(lay["my_turn"])
        seats = lay["seats"]
        _one_hot_seat(on, seats, view["chooser"], me, n)
        _one_hot_seat(on, seats + 2, view["dealer"], me, n)
        _one_hot_seat(on, seats + 4, view["leader"], me, n)
        set_ones(obs, on)
        _totals(obs, lay["totals"], public, me, n, 50.0)
        obs[lay["deals"]] = public.deals_done / 10

    def tokens(self, action: Action, view: JSON) -> Tokens:
        if isinstance(action, Play):
            return (5 + action.card,)
        if isinstance(action, ChooseContract):
            return (CONTRACTS.index(action.contract),)
        raise TypeError(f"not a Balayı Kingi action: {action!r}")

    def token_name(self, token: int) -> str:
        self.check_token(token)
        if token < 5:
            return f"contract {CONTRACTS[token]}"
        return f"play {CARD_NAMES[token - 5]}"


def _totals(obs: Obs, offset: int, public: Public, me: int, n: int, scale: float) -> None:
    for s, t in enumerate(public.totals):
        obs[offset + relative(s, me, n)] = squash(t, scale)


__all__ = ["CONTRACTS", "BalayiKingiCodec", "KozMacaCodec"]
