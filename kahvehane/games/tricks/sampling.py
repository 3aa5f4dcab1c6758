"""What every trick game's sampling (``GameRules.hidden_places`` / ``deal_from_view``)
shares: reading the play from a view, and checking an assignment of the hidden cards.

A game builds a deal from a view and an assignment of the cards the view does not show
(OpenSpiel's ``resample_from_infostate``); these helpers read what every trick game's
view shows alike — the tricks taken and the trick in play — and refuse an assignment
that does not fill the hidden places exactly, with a :class:`~kahvehane.errors.MalformedSetup`
that says what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from kahvehane.cards import CARD_NAMES, canonical_cards, parse_card
from kahvehane.errors import KahvehaneError, MalformedSetup, Message
from kahvehane.games.base import HiddenPlaces
from kahvehane.games.tricks.masks import BIT

__all__ = ["BAD_VIEW", "Trick", "card_named", "cards_named", "check_assignment", "played_in_view",
           "reading_view"]

BAD_VIEW = Message("tricks.bad_view", "not a view of a {game} deal: {problem}",
                   "bir {game} dağıtımının görünümü değil: {problem}")
WRONG_PLACES = Message(
    "tricks.assignment_places",
    "the assignment must fill exactly the hidden places {places}, not {given}",
    "atama tam olarak gizli yerleri ({places}) doldurmalı, {given} değil")
WRONG_SIZE = Message(
    "tricks.assignment_size", "the hidden place {place} holds {size} cards, not {count}",
    "gizli yer {place} {size} kart tutar, {count} değil")
WRONG_CARDS = Message(
    "tricks.assignment_cards",
    "the assignment must deal exactly the unseen cards, each once",
    "atama görünmeyen kartları, her birini bir kez dağıtmalı")

#: A trick taken: ``(leader, cards in play order, winner)``.
Trick = tuple[int, tuple[int, ...], int]


@contextmanager
def reading_view(game: str) -> Iterator[None]:
    """Turn a missing key or a value of the wrong kind met while reading a view into
    :class:`~kahvehane.errors.MalformedSetup` naming the game (a bad card name too)."""
    try:
        yield
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        if isinstance(exc, KahvehaneError):
            raise MalformedSetup(BAD_VIEW, game=game, problem=str(exc)) from None
        problem = f"missing {exc}" if isinstance(exc, KeyError) else str(exc)
        raise MalformedSetup(BAD_VIEW, game=game, problem=problem) from None


_CODE_OF: dict[str, int] = {name: c for c, name in enumerate(CARD_NAMES)}


def card_named(name: Any) -> int:
    """The card of a view's card name (a canonical name is one lookup; anything else is
    parsed, or refused)."""
    code = _CODE_OF.get(name) if isinstance(name, str) else None
    return parse_card(name) if code is None else code


def cards_named(names: Any) -> list[int]:
    """The cards of a view's list of card names (the canonical names a view holds are
    read with one lookup each; anything else is parsed, or refused)."""
    cards = canonical_cards(names)
    if cards is None:
        if not isinstance(names, list):
            raise TypeError(f"a list of card names was expected, not {names!r}")
        cards = [parse_card(x) for x in names]
    return cards


def played_in_view(view: Mapping[str, Any]) -> tuple[list[Trick], list[int]]:
    """The tricks a view shows taken, as ``(leader, cards, winner)``, and the cards of
    the trick in play (call inside :func:`reading_view`)."""
    history = [(int(t["leader"]), tuple(cards_named(t["cards"])), int(t["winner"]))
               for t in view["tricks"]]
    return history, [card_named(p["card"]) for p in view["trick"]]


def check_assignment(
    places: HiddenPlaces, assignment: Mapping[str, Sequence[int]]
) -> dict[str, list[int]]:
    """``assignment`` as lists, if it fills every place of ``places`` with as many cards
    as it holds and deals exactly the unseen cards; else :class:`MalformedSetup`.

    (The cards are checked as one sum of card bits and a count: 52 distinct cards are
    the only way to make the unseen cards' sum with as many cards, since a repeat
    carries into a higher bit.)"""
    if set(assignment) != set(places.sizes):
        raise MalformedSetup(WRONG_PLACES, places=", ".join(places.sizes),
                             given=", ".join(map(str, assignment)) or "none")
    out: dict[str, list[int]] = {}
    for place, size in places.sizes.items():
        cards = list(assignment[place])
        if len(cards) != size:
            raise MalformedSetup(WRONG_SIZE, place=place, size=size, count=len(cards))
        out[place] = cards
    total = 0  # (the sizes add up to the number of unseen cards: the count is right)
    for cards in out.values():
        for c in cards:
            # (type, not isinstance: True would pass for the card 1)
            if type(c) is not int or not 0 <= c < 52:
                raise MalformedSetup(WRONG_CARDS)
            total += BIT[c]
    if total != sum(BIT[c] for c in places.unseen):
        raise MalformedSetup(WRONG_CARDS)
    return out
