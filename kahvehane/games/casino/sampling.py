"""A Casino hand built from what one seat sees, with its hidden cards filled in
(:meth:`GameRules.hidden_places` / :meth:`GameRules.deal_from_view`; OpenSpiel's
``resample_from_infostate``).

A seat's view shows its own hand and the table (loose cards and builds); it hides

* ``"hand:<s>"`` — every other seat's hand (``view(None)``: every hand),
* ``"stock"`` — the cards still to deal, in the order the next rounds give them: round
  by round, seat 0 first, four cards each,
* ``"pile:<s>"`` — the cards seat ``s`` has captured (the view shows only how many).

Search bots choose an assignment of the unseen cards to these places (with what they
remember and infer) and get a deal in which the seat sees exactly its view:

>>> from kahvehane.match import Match
>>> from kahvehane.games.casino.rules import CASINO
>>> m = Match("casino", {"players": 2}, seed=301)
>>> view = m.deal().view(0)
>>> places = CASINO.hidden_places(m.options, view)
>>> dict(places.sizes)
{'hand:1': 4, 'stock': 40, 'pile:0': 0, 'pile:1': 0}
>>> cards = iter(places.unseen)
>>> assignment = {p: [next(cards) for _ in range(k)] for p, k in places.sizes.items()}
>>> CASINO.deal_from_view(m.options, view, assignment).view(0) == view
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kahvehane.cards import Card, canonical_cards, card_name, full_deck, parse_card
from kahvehane.errors import MalformedSetup, NotationError
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.casino.builds import Build
from kahvehane.games.casino.deal import CasinoDeal
from kahvehane.games.casino.messages import (
    ASSIGNMENT_CARDS,
    ASSIGNMENT_PLACES,
    ASSIGNMENT_SIZE,
    VIEW_COUNTS,
    VIEW_FIELD,
    VIEW_MISMATCH,
    VIEW_OVER,
    VIEW_STOCK,
)
from kahvehane.games.casino.values import CasinoVariant

__all__ = ["deal_from_view", "hidden_places"]

HAND_CARDS = 4
"""Cards per hand per round (C-9, C-10)."""
_DECK = frozenset(full_deck())


@dataclass(frozen=True, slots=True)
class _Seen:
    """A view of a hand in progress, read and checked."""

    seat: int | None
    hand: list[Card]
    loose: list[Card]
    builds: list[Build]
    round: int
    turn: int
    dealer: int
    last_capturer: int | None
    sweeps: list[int]
    totals: list[int]
    places: HiddenPlaces


def _bad(key: str, value: Any) -> MalformedSetup:
    return MalformedSetup(VIEW_FIELD, key=key, value=repr(value))


def _count(value: Any, below: int | None = None) -> bool:
    """Whether ``value`` is a whole number ``>= 0`` (and ``< below``)."""
    return type(value) is int and value >= 0 and (below is None or value < below)


def _int(obj: Mapping[str, Any], key: str, where: str = "", below: int | None = None) -> int:
    value: Any = obj.get(key)
    if not _count(value, below):
        raise _bad(f"{where}{key!r}", value)
    return int(value)


def _ints(obj: Mapping[str, Any], key: str, count: int | None = None,
          below: int | None = None) -> list[int]:
    value = obj.get(key)
    if (not isinstance(value, list) or (count is not None and len(value) != count)
            or not all(_count(x, below) for x in value)):
        raise _bad(repr(key), value)
    return list(value)


def _cards(value: Any, where: str) -> list[Card]:
    fast = canonical_cards(value)  # a view the engine wrote: one lookup a card
    if fast is not None:
        return fast
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise _bad(where, value)
    try:
        return [parse_card(x) for x in value]
    except NotationError:
        raise _bad(where, value) from None


def _builds(table: Mapping[str, Any]) -> list[Build]:
    raw = table.get("builds")
    if not isinstance(raw, list):
        raise _bad("'table'['builds']", raw)
    out = []
    for i, b in enumerate(raw):
        where = f"'table'['builds'][{i}]"
        if not isinstance(b, dict) or b.get("kind") not in ("single", "multiple") or not (
                isinstance(b.get("groups"), list)):
            raise _bad(where, b)
        out.append(Build(_int(b, "value", where), b["kind"], _int(b, "owner", where),
                         tuple(_cards(b.get("cards"), f"{where}['cards']")),
                         tuple(tuple(_cards(g, f"{where}['groups']")) for g in b["groups"])))
    return out


def _same(key: str, seen: Any, expected: Any) -> None:
    if seen != expected:
        raise MalformedSetup(VIEW_MISMATCH, key=repr(key), seen=repr(seen),
                             expected=repr(expected))


def _read(variant: CasinoVariant, view: Mapping[str, Any]) -> _Seen:
    """The parts of ``view`` (a view of a hand of ``variant``'s game still in play), or
    :class:`MalformedSetup` naming the field that is missing, ill-typed or not this
    table's."""
    n = variant.players
    for key, expected in (("game", variant.game), ("players", n),
                          ("partners", variant.partners), ("direction", variant.direction)):
        _same(key, view.get(key), expected)
    if "result" in view or not view.get("to_act"):
        raise MalformedSetup(VIEW_OVER)
    seat = view.get("seat")
    if seat is not None and (isinstance(seat, bool) or seat not in range(n)):
        raise _bad("'seat'", seat)
    table = view.get("table")
    if not isinstance(table, dict):
        raise _bad("'table'", table)
    hand = _cards(view.get("hand"), "'hand'") if seat is not None else []
    loose = _cards(table.get("loose"), "'table'['loose']")
    builds = _builds(table)
    hand_sizes, captured = _ints(view, "hand_sizes", n), _ints(view, "captured", n)
    if seat is not None:
        _same("hand_sizes", hand_sizes[seat], len(hand))
    turn = _ints(view, "to_act", 1, n)[0]
    stock, rnd, rounds = _int(view, "stock"), _int(view, "round"), _int(view, "rounds")
    if rnd >= rounds or stock != HAND_CARDS * n * (rounds - rnd - 1):
        raise MalformedSetup(VIEW_STOCK, stock=stock, rounds=max(rounds - rnd - 1, 0),
                             expected=HAND_CARDS * n * max(rounds - rnd - 1, 0))
    last = view.get("last_capturer")
    if last is not None:
        _int(view, "last_capturer", below=n)
    sizes: dict[str, int] = {f"hand:{s}": hand_sizes[s] for s in range(n) if s != seat}
    sizes["stock"] = stock
    sizes.update((f"pile:{s}", captured[s]) for s in range(n))
    shown = [*hand, *loose, *(c for b in builds for c in b.cards)]
    unseen = tuple(sorted(_DECK.difference(shown)))
    if sum(sizes.values()) != len(unseen) or len(shown) + len(unseen) != len(_DECK):
        raise MalformedSetup(VIEW_COUNTS, places=sum(sizes.values()), unseen=len(unseen))
    return _Seen(seat, hand, loose, builds, rnd, turn, _int(view, "dealer", below=n), last,
                 _ints(view, "sweeps", below=n), _ints(view, "totals", n),
                 HiddenPlaces(unseen, sizes))


def hidden_places(variant: CasinoVariant, view: Mapping[str, Any]) -> HiddenPlaces:
    """The cards ``view`` does not show, and the places they lie in (module docstring)."""
    return _read(variant, view).places


def _names(cards: Sequence[Card]) -> str:
    return " ".join(card_name(c) for c in cards) or "-"


def _check(places: HiddenPlaces, assignment: Mapping[str, Sequence[int]]) -> None:
    if set(assignment) != set(places.sizes):
        raise MalformedSetup(ASSIGNMENT_PLACES, given=", ".join(sorted(assignment)),
                             places=", ".join(sorted(places.sizes)))
    for place, size in places.sizes.items():
        if len(assignment[place]) != size:
            raise MalformedSetup(ASSIGNMENT_SIZE, place=place, given=len(assignment[place]),
                                 size=size)
    given = [c for cards in assignment.values() for c in cards]
    # the sizes add up to len(unseen), whose cards are distinct: equal sets mean equal
    # multisets
    if set(given) != set(places.unseen):
        have, want = Counter(given), Counter(places.unseen)
        raise MalformedSetup(ASSIGNMENT_CARDS, extra=_names(sorted((have - want).elements())),
                             missing=_names(sorted((want - have).elements())))


def deal_from_view(
    deal_class: type[CasinoDeal],
    variant: CasinoVariant,
    view: Mapping[str, Any],
    assignment: Mapping[str, Sequence[int]],
) -> CasinoDeal:
    """A hand of ``deal_class`` in which the viewing seat sees exactly ``view`` and each
    hidden place holds its cards of ``assignment`` (the stock in dealing order);
    :class:`MalformedSetup` if the view is not one of this table's hands in play, or the
    assignment does not fill every place with exactly the unseen cards."""
    seen = _read(variant, view)
    _check(seen.places, assignment)
    n = variant.players
    hands = [list(seen.hand) if s == seen.seat else list(assignment[f"hand:{s}"])
             for s in range(n)]
    stock = list(assignment["stock"])
    per_round = HAND_CARDS * n
    later = [[stock[k + HAND_CARDS * s: k + HAND_CARDS * (s + 1)] for s in range(n)]
             for k in range(0, len(stock), per_round)]
    return deal_class.from_position(
        variant, hands, seen.loose, seen.builds, turn=seen.turn, dealer=seen.dealer,
        last_capturer=seen.last_capturer, before=seen.totals, round=seen.round, stock=later,
        piles=[list(assignment[f"pile:{s}"]) for s in range(n)], sweeps=seen.sweeps)
