"""Checks shared by every game's ``setup`` reader (docs/records.md, "Setups").

A setup is untrusted input (a record from anywhere), so each game parses it through
these helpers and gets the same clear :class:`MalformedSetup` messages: which field,
which card or tile, and what is missing or doubled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kahvehane.errors import MalformedSetup, Message, NotationError, Phrase

NO_FIELD = Message("setup.no_field", "the setup has no {key}", "kurulumda {key} yok")
NOT_A_SEAT = Message("setup.not_a_seat", "{key} must be a seat 0..{last}, not {value}",
                     "{key} 0..{last} arası bir koltuk olmalı, {value} değil")
NOT_A_LIST = Message("setup.not_a_list", "{where} must be a list",
                     "{where} bir liste olmalı")
WRONG_COUNT = Message("setup.wrong_count", "{where} must hold {count}, not {got}",
                      "{where} {count} tane içermeli, {got} değil")
BAD_ITEM = Message("setup.bad_item", "{where}: {error}", "{where}: {error}")
NOT_THE_DECK = Message("setup.not_the_deck", "the setup is not exactly {what}: {problems}",
                       "kurulum tam olarak {what} değil: {problems}")
TOO_MANY = Message("setup.too_many", "too many {items}", "fazla: {items}")
MISSING = Message("setup.missing", "missing {items}", "eksik: {items}")
PROBLEMS = Message("setup.problems", "{first}; {second}", "{first}; {second}")


def field(setup: Mapping[str, Any], key: str) -> Any:
    if key not in setup:
        raise MalformedSetup(NO_FIELD, key=repr(key))
    return setup[key]


def seat_field(setup: Mapping[str, Any], key: str, num_seats: int) -> int:
    value = field(setup, key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < num_seats:
        raise MalformedSetup(NOT_A_SEAT, key=repr(key), last=num_seats - 1, value=repr(value))
    return value


def item_list(
    value: Any,
    where: str,
    parse: Callable[[str], int],
    count: int | None = None,
) -> list[int]:
    """Parse a list of card or tile names; check its length when ``count`` is given."""
    if not isinstance(value, list):
        raise MalformedSetup(NOT_A_LIST, where=where)
    if count is not None and len(value) != count:
        raise MalformedSetup(WRONG_COUNT, where=where, count=count, got=len(value))
    out: list[int] = []
    for x in value:
        try:
            out.append(parse(x))
        except NotationError as exc:
            raise MalformedSetup(BAD_ITEM, where=where, error=exc) from None
    return out


#: What a whole deck is called in a setup error (``check_exact_deck``'s ``what``).
THE_52_CARDS = Phrase(Message("setup.the_52_cards", "the 52 cards", "52 kartlık deste"))
THE_106_TILES = Phrase(Message("setup.the_106_tiles", "the 106 Okey tiles", "106 Okey taşı"))


def check_exact_deck(
    items: Iterable[int], deck: Iterable[int], name: Callable[[int], str], what: str | Phrase
) -> None:
    """All the items together must be exactly ``deck`` (as a multiset)."""
    have = Counter(items)
    want = Counter(deck)
    if have == want:
        return
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    parts: list[Phrase] = []
    if extra:
        parts.append(Phrase(TOO_MANY, items=" ".join(name(x) for x in extra)))
    if missing:
        parts.append(Phrase(MISSING, items=" ".join(name(x) for x in missing)))
    problems = parts[0] if len(parts) == 1 else Phrase(PROBLEMS, first=parts[0],
                                                       second=parts[1])
    raise MalformedSetup(NOT_THE_DECK, what=what, problems=problems)
