"""Builds on the table, and the owner's duty to keep a capturing card (C-14, O-2).

A :class:`Build` is immutable: raising, merging or capturing it replaces it, which makes
copying a deal state cheap and lets a validated move be applied in one step.

>>> from kahvehane.cards import parse_cards
>>> b = Build(8, "single", 1, tuple(parse_cards(["2C", "3D", "3H"])))
>>> b.to_json()["cards"], b.groups == (b.cards,)
(['2C', '3D', '3H'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from kahvehane.cards import Card, card_names
from kahvehane.games.base import JSON

SINGLE = "single"
MULTIPLE = "multiple"


@dataclass(frozen=True, slots=True)
class Build:
    """A build: its declared value, kind, owner, cards and component groups (C-14).

    ``groups`` records how a multiple build was assembled; a single build is one group.
    It has no rule meaning beyond display — a build is only ever taken whole (C-15).
    """

    value: int
    kind: str
    owner: int
    cards: tuple[Card, ...]
    groups: tuple[tuple[Card, ...], ...] = field(default=())

    def __post_init__(self) -> None:
        if not self.groups:
            object.__setattr__(self, "groups", (self.cards,))

    @property
    def card_set(self) -> frozenset[Card]:
        return frozenset(self.cards)

    def to_json(self) -> JSON:
        return {
            "value": self.value,
            "kind": self.kind,
            "owner": self.owner,
            "cards": card_names(self.cards),
            "groups": [card_names(g) for g in self.groups],
        }


def can_keep(
    values: Sequence[int], hand: Sequence[Card], captures: Callable[[Card, int], bool]
) -> bool:
    """Whether every build value in ``values`` can be given its own capturing card.

    INTERPRETATION of O-2 (docs/rules/casino.md): one card is played once, so a Royal
    ace kept for a 1-build cannot also be the card kept for a 14-build. With distinct
    cards per build, the owner can always take one build and still keep the others
    (O-4). A small augmenting-path matching; owners hold at most a few builds.

    >>> from kahvehane.cards import parse_cards
    >>> ace = lambda c, v: v in (1, 14)
    >>> can_keep([1, 14], parse_cards(["AS"]), ace)
    False
    >>> can_keep([1, 14], parse_cards(["AS", "AH"]), ace)
    True
    """
    owner_of_card: dict[int, int] = {}

    def assign(b: int, seen: set[int]) -> bool:
        for i, c in enumerate(hand):
            if i in seen or not captures(c, values[b]):
                continue
            seen.add(i)
            if i not in owner_of_card or assign(owner_of_card[i], seen):
                owner_of_card[i] = b
                return True
        return False

    return all(assign(b, set()) for b in range(len(values)))
