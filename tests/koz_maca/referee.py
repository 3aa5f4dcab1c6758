"""An independent Koz Maça referee, used to write and check the golden records.

It shares no code with the engine (no bitmasks, no ``kahvehane`` import): cards are the
strings of the records, hands are Python sets, and every rule of docs/rules/koz_maca.md is written
out again in the most literal way. The golden ``.expected.json`` files are *its* output,
so a golden test compares two implementations, not the engine with itself.

``referee(record)`` returns the replay result docs/records.md specifies, or raises
:class:`Illegal` naming the first action the rules reject.
"""

from __future__ import annotations

import hashlib
from typing import Any

SUITS = "SHDC"
FACES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CANONICAL = [f + s for s in SUITS for f in FACES]
STRENGTH_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


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


def stream_ints(seed: Any, k: int) -> Any:
    """The random stream of docs/records.md, "Seeded deals": yields a function below(n)."""
    text = str(seed)
    chunks: list[int] = []
    block = [0]

    def below(n: int) -> int:
        limit = 2**64 - (2**64 % n)
        while True:
            if not chunks:
                digest = hashlib.sha256(f"kahvehane/1:{text}:{k}:{block[0]}".encode()).digest()
                block[0] += 1
                chunks.extend(int.from_bytes(digest[i : i + 8], "big") for i in range(0, 32, 8))
            x = chunks.pop(0)
            if x < limit:
                return x % n

    return below


def seeded_deal(seed: Any, k: int, dealer: int | None) -> dict[str, Any]:
    """A seeded Koz Maça deal: the first dealer drawn in deal 0, then Fisher–Yates."""
    below = stream_ints(seed, k)
    if dealer is None:
        dealer = below(4)
    order = list(CANONICAL)
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    hands: list[list[str]] = [[], [], [], []]
    for block in range(4):
        hands[(dealer + 1 + block) % 4] = order[13 * block : 13 * block + 13]
    return {"dealer": dealer, "hands": hands}


def legal_cards(hand: set[str], trick: list[str], broken: bool) -> set[str]:
    """KM-8 (lead), KM-9 (follow and raise, also after a ruff), KM-10 (trump, over-trump)."""
    if not trick:
        if broken:
            return set(hand)
        non_spades = {c for c in hand if suit(c) != "S"}
        return non_spades if non_spades else set(hand)
    led = suit(trick[0])
    follow = {c for c in hand if suit(c) == led}
    if follow:
        top = max(strength(c) for c in trick if suit(c) == led)
        higher = {c for c in follow if strength(c) > top}
        return higher if higher else follow
    spades = {c for c in hand if suit(c) == "S"}
    if spades:
        in_trick = [strength(c) for c in trick if suit(c) == "S"]
        if in_trick:
            higher = {c for c in spades if strength(c) > max(in_trick)}
            if higher:
                return higher
        return spades
    return set(hand)


def winner_index(trick: list[str]) -> int:
    """KM-11: the highest spade, else the highest card of the led suit."""
    spades = [i for i, c in enumerate(trick) if suit(c) == "S"]
    if spades:
        return max(spades, key=lambda i: strength(trick[i]))
    led = suit(trick[0])
    return max((i for i, c in enumerate(trick) if suit(c) == led),
               key=lambda i: strength(trick[i]))


def score(bid: int, taken: int) -> int:
    """KM-12."""
    if taken < bid:
        return -10 * bid
    if taken >= bid + 3:
        return -10 * bid
    return 10 * bid + taken - bid


class Deal:
    """One deal, step by step (also used by the property tests to know what is hidden)."""

    def __init__(self, setup: dict[str, Any], kasa_rule: str, claim_open: bool,
                 extra: bool) -> None:
        self.dealer = int(setup["dealer"])
        self.hands = [{canon(c) for c in h} for h in setup["hands"]]
        self.kasa_rule = kasa_rule
        self.claim_open = claim_open
        self.extra = extra
        self.bids: list[int | None] = [None] * 4
        self.taken = [0, 0, 0, 0]
        self.broken = False
        self.leader = (self.dealer + 1) % 4
        self.trick: list[str] = []
        self.tricks_done = 0
        self.claimant: int | None = None
        self.nbids = 0

    @property
    def over(self) -> bool:
        return self.tricks_done == 13

    def next_seat(self) -> int:
        if self.nbids < 4:
            return (self.dealer + 1 + self.nbids) % 4
        return (self.leader + len(self.trick)) % 4

    def act(self, action: dict[str, Any]) -> str | None:
        """Apply one record action; return why it is illegal (nothing changed), or None."""
        if self.over:
            return "the deal is over"
        seat = action.get("seat")
        if seat != self.next_seat():
            return f"not seat {seat}'s turn"
        if self.nbids < 4:
            b = action.get("tricks")
            if action.get("act") != "bid" or type(b) is not int or not 1 <= b <= 13:
                return "a bid 1..13 is due"
            self.bids[seat] = b
            self.nbids += 1
            return None
        if action.get("act") != "play" or not isinstance(action.get("card"), str):
            return "a card is due"
        card = canon(action["card"])
        if card not in legal_cards(self.hands[seat], self.trick, self.broken):
            return f"{card} is not legal"
        self.hands[seat].discard(card)
        self.trick.append(card)
        if suit(card) == "S":
            self.broken = True
        if len(self.trick) == 4:
            w = (self.leader + winner_index(self.trick)) % 4
            self.taken[w] += 1
            self.tricks_done += 1
            if self.claim_open and self.claimant is None:
                if self.kasa_rule == "first_to_six" and self.taken[w] == 6:
                    self.claimant = w
                if self.kasa_rule == "first_six_tricks" and self.tricks_done == 6 \
                        and self.taken[w] == 6:
                    self.claimant = w
            self.leader = w
            self.trick = []
        return None

    def detail(self) -> dict[str, Any]:
        return {"bids": list(self.bids), "tricks": list(self.taken),
                "kasa_claimant": self.claimant, "extra_deal": self.extra}

    def scores(self) -> list[int]:
        return [score(b or 0, t) for b, t in zip(self.bids, self.taken, strict=True)]


def referee(record: dict[str, Any]) -> dict[str, Any]:
    """The replay result of a Koz Maça record, computed independently."""
    options = record.get("options") or {}
    finish = options.get("finish_score", 100)
    kasa_rule = options.get("kasa_rule", "first_to_six")
    totals = [0, 0, 0, 0]
    deals_out: list[dict[str, Any]] = []
    claimant: int | None = None
    winner: int | None = None
    dealer: int | None = None
    for k, entry in enumerate(record["deals"]):
        assert winner is None, "a deal after the match is over"
        next_dealer = None if dealer is None else (dealer + 1) % 4
        setup = entry.get("setup")
        if setup is None:
            seed = entry.get("seed", record.get("seed"))
            setup = seeded_deal(seed, k, None if k == 0 else next_dealer)
        assert next_dealer is None or setup["dealer"] == next_dealer, "rotation"
        dealer = setup["dealer"]
        top = max(totals)
        extra = k > 0 and top >= finish and totals.count(top) > 1
        deal = Deal(setup, kasa_rule, claimant is None, extra)
        for i, action in enumerate(entry["actions"]):
            why = deal.act(action)
            if why is not None:
                raise Illegal(k, i, why)
        if not deal.over:
            deals_out.append({"scores": None, "end": None, "detail": deal.detail()})
            continue
        scores = deal.scores()
        totals = [a + b for a, b in zip(totals, scores, strict=True)]
        deals_out.append({"scores": scores, "end": "tricks", "detail": deal.detail()})
        if deal.claimant is not None:
            claimant = deal.claimant
        top = max(totals)
        if top >= finish and totals.count(top) == 1:
            winner = totals.index(top)
    return {
        "game": "koz_maca",
        "complete": winner is not None,
        "deals": deals_out,
        "totals": totals,
        "winner": winner,
        "kasa_claimant": claimant,
    }
