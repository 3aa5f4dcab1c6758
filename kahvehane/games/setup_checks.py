"""Checks shared by every game's ``setup`` reader (RECORDS.md "Setup").

A setup is untrusted input (a record from anywhere), so each game parses it through
these helpers and gets the same clear :class:`MalformedSetup` messages: which field,
which card or tile, and what is missing or doubled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kahvehane.errors import MalformedSetup, NotationError


def field(setup: Mapping[str, Any], key: str) -> Any:
    if key not in setup:
        raise MalformedSetup(f"the setup has no {key!r}")
    return setup[key]


def seat_field(setup: Mapping[str, Any], key: str, num_seats: int) -> int:
    value = field(setup, key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < num_seats:
        raise MalformedSetup(f"{key!r} must be a seat 0..{num_seats - 1}, not {value!r}")
    return value


def item_list(
    value: Any,
    where: str,
    parse: Callable[[str], int],
    count: int | None = None,
) -> list[int]:
    """Parse a list of card or tile names; check its length when ``count`` is given."""
    if not isinstance(value, list):
        raise MalformedSetup(f"{where} must be a list")
    if count is not None and len(value) != count:
        raise MalformedSetup(f"{where} must hold {count}, not {len(value)}")
    out: list[int] = []
    for x in value:
        try:
            out.append(parse(x))
        except NotationError as exc:
            raise MalformedSetup(f"{where}: {exc}") from None
    return out


def check_exact_deck(
    items: Iterable[int], deck: Iterable[int], name: Callable[[int], str], what: str
) -> None:
    """All the items together must be exactly ``deck`` (as a multiset)."""
    have = Counter(items)
    want = Counter(deck)
    if have == want:
        return
    extra = sorted((have - want).elements())
    missing = sorted((want - have).elements())
    parts = []
    if extra:
        parts.append("too many " + " ".join(name(x) for x in extra))
    if missing:
        parts.append("missing " + " ".join(name(x) for x in missing))
    raise MalformedSetup(f"the setup is not exactly {what}: {'; '.join(parts)}")
