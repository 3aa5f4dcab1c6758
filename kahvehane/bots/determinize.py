"""Determinization: a full deal state consistent with what one seat sees.

A search bot never receives the deal state. It receives ``view(seat)`` — its own cards,
the face-up cards and the public history — and samples the hidden part from it: the
other hands, face-down cards, a locked hand, the stock. :func:`sampler` prepares, once
per decision, everything a view says about the hidden cards; each ``sample(rng)`` then
deals the unseen cards at random into the hidden places and builds an engine state in
which the searching seat sees exactly its view (tests check ``state.view(seat)``).

What a view implies is used, not only what it shows: a player who did not follow the
led suit holds none of it, one who did not beat a card when the rules made him raise
holds nothing higher, a spade led before spades were broken means a hand of spades
only. Every such inference is found with the engine's own rule functions
(:func:`kahvehane.games.tricks.playable_mask`): a card ``x`` is ruled out of a hand if
holding it would have made the card that player actually played illegal.

The states are built directly from their parts (an engine's constructor and fields),
because replaying the history for every sample would cost more than the search. Only
this module knows those fields; the bots see nothing but views.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from kahvehane.bots.cardutil import BIT, FULL, cards_of, names_mask, played_mask
from kahvehane.cards import parse_card
from kahvehane.games import balayi_kingi as bk
from kahvehane.games import get_game
from kahvehane.games.base import DealState
from kahvehane.games.casino.rules import CasinoRules
from kahvehane.games.koz_maca import engine as km
from kahvehane.games.tricks import TrickRules, playable_mask

__all__ = ["Sampler", "deal_constrained", "forbidden_by_play", "sampler"]


class Sampler(Protocol):
    """Deals the hidden cards of one view at random into a full state."""

    def sample(self, rng: random.Random) -> DealState: ...


def forbidden_by_play(
    rules: TrickRules, card: int, before: Sequence[int], broken: bool, candidates: int
) -> int:
    """The cards among ``candidates`` the player cannot have held when he played ``card``
    on the trick ``before``: holding any of them would have made ``card`` illegal.

    Every duty of the trick rules (follow, raise, trump, over-trump, no trump lead
    before the break) is set off by a single held card, so testing one candidate at a
    time is exact.
    """
    if playable_mask(rules, BIT[card] | candidates, before, broken) & BIT[card]:
        return 0
    out = 0
    for x in cards_of(candidates):
        if not playable_mask(rules, BIT[card] | BIT[x], before, broken) & BIT[card]:
            out |= BIT[x]
    return out


def deal_constrained(
    cards: Sequence[int], allowed: Mapping[int, int], sizes: Mapping[int, int],
    rng: random.Random,
) -> dict[int, list[int]]:
    """Deal ``cards`` to the places of ``sizes`` (place → how many), each card only to a
    place whose ``allowed`` mask holds it. Random; exact when a deal exists (the real
    deal always is one). Cards left over (more cards than places) are left out.
    """
    places = [p for p in sizes if sizes[p] > 0]
    need = sum(sizes[p] for p in places)
    order = list(cards)
    for _ in range(30):
        rng.shuffle(order)
        # most constrained first, random among equals
        order.sort(key=lambda c: sum(1 for p in places if allowed[p] & BIT[c]))
        left = dict(sizes)
        out: dict[int, list[int]] = {p: [] for p in sizes}
        spare = len(order) - need
        ok = True
        for c in order:
            opts = [p for p in places if left[p] and allowed[p] & BIT[c]]
            if not opts:
                if spare > 0:
                    spare -= 1
                    continue
                ok = False
                break
            total = sum(left[p] for p in opts)
            if spare > 0 and rng.random() * (total + spare) >= total:
                spare -= 1
                continue
            r = rng.random() * total
            for p in opts:
                r -= left[p]
                if r < 0:
                    break
            out[p].append(c)
            left[p] -= 1
        if ok and all(left[p] == 0 for p in places):
            return out
    return _match(cards, allowed, sizes, rng)


def _match(
    cards: Sequence[int], allowed: Mapping[int, int], sizes: Mapping[int, int],
    rng: random.Random,
) -> dict[int, list[int]]:
    """Augmenting-path matching of places' slots to cards (the exact fallback)."""
    slots = [p for p in sizes for _ in range(sizes[p])]
    rng.shuffle(slots)
    pool = list(cards)
    rng.shuffle(pool)
    card_of: dict[int, int] = {}  # slot index -> card
    slot_of: dict[int, int] = {}  # card -> slot index

    def augment(i: int, seen: set[int]) -> bool:
        for c in pool:
            if c in seen or not allowed[slots[i]] & BIT[c]:
                continue
            seen.add(c)
            if c not in slot_of or augment(slot_of[c], seen):
                card_of[i] = c
                slot_of[c] = i
                return True
        return False

    for i in range(len(slots)):
        if not augment(i, set()):
            raise ValueError("no deal of the hidden cards fits the view")
    out: dict[int, list[int]] = {p: [] for p in sizes}
    for i, p in enumerate(slots):
        out[p].append(card_of[i])
    return out


# ---------------------------------------------------------------------------- Koz Maça
class KozMacaSampler:
    """Other hands of a Koz Maça view (bids and tricks are public)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seat = int(view["seat"])
        self.hand = names_mask(view["hand"])
        self.unseen = FULL & ~self.hand & ~played_mask(view)
        self.sizes = {s: int(view["hand_sizes"][s]) for s in range(4) if s != self.seat}
        allowed = {s: self.unseen for s in self.sizes}
        broken = False
        plays: list[tuple[int, list[int]]] = []
        for t in view["tricks"]:
            cards = [parse_card(x) for x in t["cards"]]
            plays.append((int(t["leader"]), cards))
        if view["trick"]:
            plays.append((int(view["trick"][0]["seat"]),
                          [parse_card(p["card"]) for p in view["trick"]]))
        for leader, cards in plays:
            for i, c in enumerate(cards):
                s = (leader + i) % 4
                if s in allowed:
                    allowed[s] &= ~forbidden_by_play(km.RULES, c, cards[:i], broken,
                                                     allowed[s])
                if c // 13 == 0:
                    broken = True
        self.allowed = allowed
        self.cards = cards_of(self.unseen)
        wins = [0, 0, 0, 0]
        self.claim_trick: int | None = None
        claimant = view["kasa_claimant"]
        for n, t in enumerate(view["tricks"], start=1):
            wins[t["winner"]] += 1
            if claimant is not None and t["winner"] == claimant and wins[claimant] == 6:
                self.claim_trick = n

    def sample(self, rng: random.Random) -> km.KozMacaState:
        v = self.view
        dealt = deal_constrained(self.cards, self.allowed, self.sizes, rng)
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.hand
        for s, cs in dealt.items():
            hands[s] = sum(BIT[c] for c in cs)
        claimant = v["kasa_claimant"]
        st = km.KozMacaState(
            int(v["dealer"]), hands, kasa_rule=v["kasa_rule"],
            claim_open=bool(v["kasa_open"]) or claimant is not None,
            extra_deal=bool(v["extra_deal"]),
        )
        st.phase = km._BIDDING if v["phase"] == "bidding" else km._PLAYING
        st.turn = int(v["to_act"][0])
        st.bids = list(v["bids"])
        if v["phase"] != "bidding":
            st.leader = int(v["leader"])
        st.trick = [parse_card(p["card"]) for p in v["trick"]]
        st.won = list(v["tricks_won"])
        st.history = [(int(t["leader"]), tuple(parse_card(x) for x in t["cards"]),
                       int(t["winner"])) for t in v["tricks"]]
        st.broken = bool(v["spades_broken"])
        st.claimant = claimant
        st.claim_trick = self.claim_trick
        return st


# ---------------------------------------------------------------------------- Balayı
class BalayiSampler:
    """Face-down cards of both players, a locked own hand and the opponent's hand."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        if view["phase"] != "play":
            raise ValueError("Balayı is searched only once the contract is chosen")
        self.view = view
        seat = self.seat = int(view["seat"])
        opp = 1 - seat
        players = view["players"]
        self.up = [[-1 if p["up"] is None else parse_card(p["up"]) for p in pl["piles"]]
                   for pl in players]
        visible = sum(BIT[c] for row in self.up for c in row if c >= 0)
        self.own_hand = names_mask(view["hand"]) if "hand" in view else None
        known = visible | played_mask(view) | (self.own_hand or 0)
        self.unseen = FULL & ~known
        # hidden places: ("down", s, i) piles and ("hand", s)
        sizes: dict[int, int] = {}
        allowed: dict[int, int] = {}
        self.down_slots: list[tuple[int, int]] = []
        for s in range(2):
            for i, p in enumerate(players[s]["piles"]):
                if p["down"]:
                    self.down_slots.append((s, i))
        sizes[0] = len(self.down_slots)  # place 0: all face-down cards
        allowed[0] = self.unseen
        sizes[1] = int(players[opp]["hand_count"])  # place 1: the opponent's hand
        allowed[1] = self.unseen
        sizes[2] = 0 if self.own_hand is not None else int(players[seat]["hand_count"])
        allowed[2] = self.unseen
        rules = bk._TRICK_RULES[view["contract"]]
        first_win = next((n for n, t in enumerate(view["tricks"]) if t["winner"] == opp), None)
        if players[opp]["unlocked"] and first_win is not None:
            plays = [(int(t["leader"]), [parse_card(x) for x in t["cards"]])
                     for t in view["tricks"][first_win + 1:]]
            if view["trick"]:
                plays.append((int(view["trick"][0]["seat"]),
                              [parse_card(p["card"]) for p in view["trick"]]))
            for leader, cards in plays:
                for i, c in enumerate(cards):
                    if (leader + i) % 2 == opp:
                        allowed[1] &= ~forbidden_by_play(rules, c, cards[:i], True,
                                                         allowed[1])
        self.sizes = sizes
        self.allowed = allowed
        self.cards = cards_of(self.unseen)

    def sample(self, rng: random.Random) -> bk.BalayiKingiState:
        v = self.view
        seat = self.seat
        opp = 1 - seat
        dealt = deal_constrained(self.cards, self.allowed, self.sizes, rng)
        down = [[-1] * bk.PILES for _ in range(2)]
        for (s, i), c in zip(self.down_slots, dealt[0], strict=True):
            down[s][i] = c
        hands = [0, 0]
        hands[opp] = sum(BIT[c] for c in dealt[1])
        hands[seat] = (self.own_hand if self.own_hand is not None
                       else sum(BIT[c] for c in dealt[2]))
        st = object.__new__(bk.BalayiKingiState)
        st.dealer = int(v["dealer"])
        st.chooser = int(v["chooser"])
        st.down = down
        st.up = [row[:] for row in self.up]
        st.hands = hands
        players = v["players"]
        st.used = (list(players[0]["used_contracts"]), list(players[1]["used_contracts"]))
        st.where = [-1] * 52
        st.tops = [0, 0]
        for s in range(2):
            for i, c in enumerate(st.up[s]):
                if c >= 0:
                    st.where[c] = i
                    st.tops[s] |= BIT[c]
        st.unlocked = [bool(players[0]["unlocked"]), bool(players[1]["unlocked"])]
        st.unlocked_by = [None, None]
        st.unlocked_at = [None, None]
        st.phase = bk._PLAYING
        st.turn = int(v["to_act"][0])
        st.contract = v["contract"]
        st.rules = bk._TRICK_RULES[v["contract"]]
        st.first_leader = v["first_leader"]
        st.leader = int(v["leader"])
        st.trick = [parse_card(p["card"]) for p in v["trick"]]
        st.won = [int(players[0]["tricks_won"]), int(players[1]["tricks_won"])]
        st.history = [(int(t["leader"]), tuple(parse_card(x) for x in t["cards"]),
                       int(t["winner"])) for t in v["tricks"]]
        return st


# ---------------------------------------------------------------------------- Casino
class CasinoSampler:
    """Other hands, the stock and the captured piles of a Casino view.

    The game says what is hidden and builds the deal
    (:meth:`~kahvehane.games.casino.rules.CasinoRules.hidden_places` /
    ``deal_from_view``); this adds what the bot knows beside the view. ``gone`` are
    cards it remembers seeing that are no longer on the table or in its hand: captured,
    so in no hand and not in the stock. Which player captured which card is not kept, so
    the piles get the captured cards at random, in the right numbers: a search scores
    what is captured from now on. And an owner holds a card that captures each of his
    builds (O-2), so one such card is dealt to him first.
    """

    def __init__(self, view: Mapping[str, Any], options: Mapping[str, Any],
                 gone: int = 0) -> None:
        self.view = view
        rules = get_game(view["game"])
        assert isinstance(rules, CasinoRules)
        self.rules = rules
        self.options = rules.parse_options({"players": view["players"], **options})
        self.variant = rules.variant(self.options)
        places = rules.hidden_places(self.options, view)
        unseen = sum(BIT[c] for c in places.unseen)
        gone &= unseen
        self.cards = cards_of(unseen & ~gone)
        self.gone = cards_of(gone)
        n = self.variant.players
        seat = view["seat"]
        self.sizes = {s: places.sizes[f"hand:{s}"] for s in range(n) if s != seat}
        self.sizes[n] = places.sizes["stock"]  # place n: the stock
        self.allowed = dict.fromkeys(self.sizes, unseen & ~gone)
        self.captured = [places.sizes[f"pile:{s}"] for s in range(n)]
        self.owed = [(int(b["owner"]), int(b["value"])) for b in view["table"]["builds"]
                     if b["owner"] != seat]

    def sample(self, rng: random.Random) -> DealState:
        n = self.variant.players
        cards = self.cards
        sizes = self.sizes
        kept: dict[int, list[int]] = {}
        if self.owed:
            pool = list(cards)
            sizes = dict(sizes)
            for owner, value in self.owed:
                fits = [c for c in pool if self.variant.can_capture(c, value)]
                if fits and sizes[owner] > 0:
                    c = fits[int(rng.random() * len(fits))]
                    pool.remove(c)
                    kept.setdefault(owner, []).append(c)
                    sizes[owner] -= 1
            cards = pool
        dealt = deal_constrained(cards, self.allowed, sizes, rng)
        assignment: dict[str, list[int]] = {
            f"hand:{s}": kept.get(s, []) + dealt[s] for s in self.sizes if s != n}
        assignment["stock"] = dealt[n]
        used = {c for cs in dealt.values() for c in cs}
        used.update(c for cs in kept.values() for c in cs)
        out = [c for c in self.cards if c not in used] + self.gone
        rng.shuffle(out)
        for s in range(n):
            assignment[f"pile:{s}"] = out[: self.captured[s]]
            out = out[self.captured[s]:]
        return self.rules.deal_from_view(self.options, self.view, assignment)


def sampler(view: Mapping[str, Any], options: Mapping[str, Any] | None = None,
            gone: int = 0) -> Sampler:
    """The sampler of a view of Koz Maça, Balayı Kingi (play phase) or a Casino game."""
    game = view["game"]
    if game == "koz_maca":
        return KozMacaSampler(view)
    if game == "balayi_kingi":
        return BalayiSampler(view)
    if game in ("casino", "royal_casino"):
        return CasinoSampler(view, options or {}, gone)
    raise ValueError(f"no determinization for {game!r}")
