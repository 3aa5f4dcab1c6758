"""An independent Balayı Kingi referee, used to write and check the golden records.

No engine code: cards are record strings, a pile is a Python list ``[down, up]`` whose
last element is its top, hands are sets. It also says which cards a seat may not see at
any moment (:meth:`Deal.hidden_from`), which the property tests hold every view and event
against. ``referee(record)`` returns the replay result or raises :class:`Illegal`.
"""

from __future__ import annotations

import hashlib
from typing import Any

SUITS = "SHDC"
FACES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CANONICAL = [f + s for s in SUITS for f in FACES]
STRENGTH_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
WEIGHT = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}


class Illegal(Exception):
    """The first action the rules reject: deal index and action index (0-based)."""

    def __init__(self, deal: int, index: int, why: str) -> None:
        super().__init__(f"deal {deal}, action {index}: {why}")
        self.deal = deal
        self.index = index


def suit(card: str) -> str:
    return card[-1]


def strength(card: str) -> int:
    return STRENGTH_ORDER.index(card[:-1])


def canon(card: str) -> str:
    return card.strip().upper()


def seeded_deal(seed: Any, k: int, dealer: int | None) -> dict[str, Any]:
    """A seeded deal (docs/records.md): SHA-256 stream, Fisher–Yates, then BK-3's order."""
    chunks: list[int] = []
    block = 0

    def below(n: int) -> int:
        nonlocal block
        limit = 2**64 - (2**64 % n)
        while True:
            if not chunks:
                digest = hashlib.sha256(f"kahvehane/1:{seed}:{k}:{block}".encode()).digest()
                block += 1
                chunks.extend(int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8))
            x = chunks.pop(0)
            if x < limit:
                return x % n

    if dealer is None:
        dealer = below(2)
    order = list(CANONICAL)
    for i in range(51, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    other = 1 - dealer
    piles: list[list[list[str]]] = [[[] for _ in range(10)] for _ in range(2)]
    pos = 0
    for _layer in ("down", "up"):
        for seat, first in ((other, 0), (dealer, 0), (other, 5), (dealer, 5)):
            for i in range(first, first + 5):
                piles[seat][i].append(order[pos])
                pos += 1
    hands: list[list[str]] = [[], []]
    for seat in (other, dealer, other, dealer):
        hands[seat] += order[pos : pos + 3]
        pos += 3
    return {"dealer": dealer, "piles": piles, "hands": hands}


class Deal:
    """One deal step by step."""

    def __init__(self, setup: dict[str, Any], used: list[list[str]]) -> None:
        self.dealer: int = setup["dealer"]
        self.chooser = 1 - self.dealer
        self.piles = [[[canon(c) for c in p] for p in row] for row in setup["piles"]]
        self.hands = [{canon(c) for c in h} for h in setup["hands"]]
        self.used = used
        self.contract: str | None = None
        self.unlocked = [False, False]
        self.taken = [0, 0]
        self.trick: list[str] = []
        self.leader = self.chooser
        self.turn = self.chooser
        self.done = 0
        self.played: set[str] = set()
        # Face-up cards ever shown (played cards are public too).
        self.shown: set[str] = {self.piles[self.chooser][i][1] for i in range(5)}

    @property
    def over(self) -> bool:
        return self.done == 26

    def trump(self) -> str | None:
        return None if self.contract == "NT" else self.contract

    def tops(self, seat: int) -> set[str]:
        return {p[-1] for p in self.piles[seat] if p}

    def accessible(self, seat: int) -> set[str]:
        acc = self.tops(seat)
        if self.unlocked[seat]:
            acc |= self.hands[seat]
        return acc

    def legal(self, seat: int) -> set[str]:
        acc = self.accessible(seat)
        if not self.trick:
            return acc
        led = self.trick[0]
        same = {c for c in acc if suit(c) == suit(led)}
        if same:
            if suit(led) == self.trump():
                higher = {c for c in same if strength(c) > strength(led)}
                if higher:
                    return higher
            return same
        trumps = {c for c in acc if suit(c) == self.trump()}
        return trumps if trumps else acc

    def act(self, action: dict[str, Any]) -> str | None:
        seat = action.get("seat")
        if self.over:
            return "the deal is over"
        if seat != self.turn:
            return f"not seat {seat}'s turn"
        if self.contract is None:
            code = action.get("contract")
            if action.get("act") != "contract" or code not in WEIGHT:
                return "a contract is due"
            if code in self.used[seat]:
                return f"{code} was already named"
            self.contract = code
            for row in self.piles:
                self.shown |= {p[1] for p in row}
            diamonds = [(strength(p[1]), s) for s in (0, 1) for p in self.piles[s]
                        if suit(p[1]) == "D"]
            self.leader = self.turn = min(diamonds)[1] if diamonds else self.chooser
            return None
        if action.get("act") != "play" or not isinstance(action.get("card"), str):
            return "a card is due"
        card = canon(action["card"])
        if card not in self.legal(seat):
            return f"{card} is not legal"
        self.played.add(card)
        for p in self.piles[seat]:
            if p and p[-1] == card:
                p.pop()
                if p:
                    self.shown.add(p[-1])
                break
        else:
            self.hands[seat].remove(card)
        if not self.tops(seat) and not self.unlocked[seat]:
            self.unlocked[seat] = True
        self.trick.append(card)
        if len(self.trick) == 1:
            self.turn = 1 - seat
            return None
        a, b = self.trick
        second_wins = (suit(b) == suit(a) and strength(b) > strength(a)) or (
            suit(b) == self.trump() and suit(a) != self.trump())
        w = seat if second_wins else self.leader
        self.taken[w] += 1
        self.unlocked[w] = True
        self.done += 1
        self.trick = []
        self.leader = self.turn = w
        return None

    def hidden_from(self, viewer: int | None) -> set[str]:
        """Cards ``viewer`` (``None``: a spectator) must not see now."""
        visible = set(self.shown) | self.played
        if viewer is not None and self.unlocked[viewer]:
            visible |= self.hands[viewer]
        return set(CANONICAL) - visible

    def detail(self) -> dict[str, Any]:
        return {"contract": self.contract, "chooser": self.chooser,
                "weight": WEIGHT[self.contract] if self.contract else None,
                "tricks": list(self.taken)}


def referee(record: dict[str, Any]) -> dict[str, Any]:
    """The replay result of a Balayı Kingi record, computed independently."""
    totals = [0, 0]
    used: list[list[str]] = [[], []]
    deals_out: list[dict[str, Any]] = []
    dealer: int | None = None
    for k, entry in enumerate(record["deals"]):
        assert k < 10, "a deal after the match is over"
        next_dealer = None if dealer is None else 1 - dealer
        setup = entry.get("setup")
        if setup is None:
            seed = entry.get("seed", record.get("seed"))
            setup = seeded_deal(seed, k, None if k == 0 else next_dealer)
        assert next_dealer is None or setup["dealer"] == next_dealer, "rotation"
        dealer = setup["dealer"]
        deal = Deal(setup, [list(u) for u in used])
        for i, action in enumerate(entry["actions"]):
            why = deal.act(action)
            if why is not None:
                raise Illegal(k, i, why)
        if not deal.over:
            deals_out.append({"scores": None, "end": None, "detail": deal.detail()})
            continue
        assert deal.contract is not None
        w = WEIGHT[deal.contract]
        scores = [(deal.taken[0] - 13) * w, (deal.taken[1] - 13) * w]
        totals = [totals[0] + scores[0], totals[1] + scores[1]]
        used[deal.chooser].append(deal.contract)
        deals_out.append({"scores": scores, "end": "tricks", "detail": deal.detail()})
    complete = len(deals_out) == 10 and deals_out[-1]["end"] is not None
    winner = None
    if complete and totals[0] != totals[1]:
        winner = 0 if totals[0] > totals[1] else 1
    return {"game": "balayi_kingi", "complete": complete, "deals": deals_out,
            "totals": totals, "winner": winner}
