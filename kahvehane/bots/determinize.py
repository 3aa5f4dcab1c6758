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

The deal itself is the game's to build: a trick game says which places a view hides
(``GameRules.hidden_places``) and builds its deal from the view and the cards dealt into
them (``GameRules.deal_from_view``, OpenSpiel's ``resample_from_infostate``); this module
keeps only the inference, which is the same for every trick game (:class:`TrickSampler`).
The bots see nothing but views.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from kahvehane.bots.cardutil import BIT, cards_of
from kahvehane.cards import parse_card
from kahvehane.games import get_game
from kahvehane.games.balayi_kingi import CONTRACT_DUTIES as BALAYI_DUTIES
from kahvehane.games.base import DealState
from kahvehane.games.casino.rules import CasinoRules
from kahvehane.games.koz_maca import DUTIES as KOZ_MACA_DUTIES
from kahvehane.games.tricks import TrickDuties, playable_mask

__all__ = ["Sampler", "deal_constrained", "forbidden_by_play", "sampler"]


class Sampler(Protocol):
    """Deals the hidden cards of one view at random into a full state."""

    def sample(self, rng: random.Random) -> DealState: ...


def forbidden_by_play(
    duties: TrickDuties, card: int, before: Sequence[int], broken: bool, candidates: int
) -> int:
    """The cards among ``candidates`` the player cannot have held when he played ``card``
    on the trick ``before``: holding any of them would have made ``card`` illegal.

    Every trick duty (follow, raise, trump, over-trump, no trump lead before the break)
    is set off by a single held card, so testing one candidate at a time is exact.
    """
    if playable_mask(duties, BIT[card] | candidates, before, broken) & BIT[card]:
        return 0
    out = 0
    for x in cards_of(candidates):
        if not playable_mask(duties, BIT[card] | BIT[x], before, broken) & BIT[card]:
            out |= BIT[x]
    return out


Place = TypeVar("Place", bound=Hashable)


def deal_constrained(
    cards: Sequence[int], allowed: Mapping[Place, int], sizes: Mapping[Place, int],
    rng: random.Random,
) -> dict[Place, list[int]]:
    """Deal ``cards`` to the places of ``sizes`` (place → how many; a place is any key,
    e.g. a game's hidden-place name), each card only to a place whose ``allowed`` mask
    holds it. Random; exact when a deal exists (the real
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
        out: dict[Place, list[int]] = {p: [] for p in sizes}
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
    cards: Sequence[int], allowed: Mapping[Place, int], sizes: Mapping[Place, int],
    rng: random.Random,
) -> dict[Place, list[int]]:
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
    out: dict[Place, list[int]] = {p: [] for p in sizes}
    for i, p in enumerate(slots):
        out[p].append(card_of[i])
    return out


# ---------------------------------------------------------------------------- tricks
def trick_plays(
    view: Mapping[str, Any], duties: TrickDuties, seats: int
) -> Iterator[tuple[int, int, list[int], bool, int]]:
    """Every card a trick game's view shows played, in order: ``(seat, card, the cards
    before it in its trick, whether trumps were broken before it, the number of tricks
    taken before its trick)`` — what :func:`forbidden_by_play` needs."""
    broken = not duties.trump_lead_needs_break
    tricks = [(int(t["leader"]), [parse_card(x) for x in t["cards"]]) for t in view["tricks"]]
    if view["trick"]:
        tricks.append((int(view["trick"][0]["seat"]),
                       [parse_card(p["card"]) for p in view["trick"]]))
    for number, (leader, cards) in enumerate(tricks):
        for i, c in enumerate(cards):
            yield (leader + i) % seats, c, cards[:i], broken, number
            if BIT[c] & duties.trump_mask:
                broken = True


class TrickSampler:
    """The hidden places of a trick game's view dealt at random, with what the play
    implies (:func:`forbidden_by_play`) ruled out of the hands, into the game's own deal
    (``GameRules.hidden_places`` / ``deal_from_view``)."""

    def __init__(self, view: Mapping[str, Any], options: Mapping[str, Any] | None) -> None:
        self.view = view
        self.rules = get_game(view["game"])
        self.options = self.rules.parse_options(options)
        places = self.rules.hidden_places(self.options, view)
        self.cards = list(places.unseen)
        self.sizes = dict(places.sizes)
        unseen = sum(BIT[c] for c in self.cards)
        self.allowed = dict.fromkeys(self.sizes, unseen)

    def rule_out(self, seat: int, duties: TrickDuties, card: int, before: list[int],
                 broken: bool) -> None:
        """``seat`` played ``card`` on ``before``: his hidden hand holds nothing that
        would have made that card illegal."""
        place = f"hand:{seat}"
        if place in self.allowed:
            self.allowed[place] &= ~forbidden_by_play(duties, card, before, broken,
                                                      self.allowed[place])

    def sample(self, rng: random.Random) -> DealState:
        dealt = deal_constrained(self.cards, self.allowed, self.sizes, rng)
        return self.rules.deal_from_view(self.options, self.view, dealt)


class KozMacaSampler(TrickSampler):
    """Other hands of a Koz Maça view (bids and tricks are public): every card played
    tells what its player did not hold (follow, raise, trump, over-trump, KM-8..KM-10)."""

    def __init__(self, view: Mapping[str, Any],
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(view, options)
        for s, c, before, broken, _ in trick_plays(view, KOZ_MACA_DUTIES, 4):
            self.rule_out(s, KOZ_MACA_DUTIES, c, before, broken)


class BalayiSampler(TrickSampler):
    """Face-down cards of both players, a locked own hand and the opponent's hand: the
    opponent's plays once his hand is open (after his first trick) tell what his hand
    does not hold (BK-9)."""

    def __init__(self, view: Mapping[str, Any],
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(view, options)
        if view["contract"] is None or view["seat"] is None:
            return
        opp = 1 - int(view["seat"])
        duties = BALAYI_DUTIES[view["contract"]]
        first_win = next((n for n, t in enumerate(view["tricks"]) if t["winner"] == opp), None)
        if not view["players"][opp]["unlocked"] or first_win is None:
            return
        for s, c, before, broken, number in trick_plays(view, duties, 2):
            if s == opp and number > first_win:
                self.rule_out(s, duties, c, before, broken)


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
    """The sampler of a view of Koz Maça, Balayı Kingi or a Casino game."""
    game = view["game"]
    if game == "koz_maca":
        return KozMacaSampler(view, options)
    if game == "balayi_kingi":
        return BalayiSampler(view, options)
    if game in ("casino", "royal_casino"):
        return CasinoSampler(view, options or {}, gone)
    raise ValueError(f"no determinization for {game!r}")
