"""Scoring a hand: the items of E-3, ties (E-4), and Royal's count-out (R-count-out).

Points are worked out per *side* (a player, or a team in 2 v 2) and then shown per seat,
partners both showing their side's figure, as every score table in kahvehane does.

>>> from kahvehane.cards import parse_cards
>>> from kahvehane.games.casino.values import CasinoVariant
>>> piles = [parse_cards(["10D", "2S", "AS", "3S"]), parse_cards(["AH", "4H", "5H"])]
>>> s = score_hand(CasinoVariant(players=2), piles, [], (0, 0))
>>> s.points["big_casino"], s.points["cards"], s.points["spades"], s.counted
((2, 0), (3, 0), (1, 0), (8, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kahvehane.cards import SPADES, Card, card, suit_of
from kahvehane.games.casino.values import (
    ACE_COUNT_ORDER,
    TEN_OF_DIAMONDS,
    TWO_OF_SPADES,
    CasinoVariant,
)

ITEMS = ("cards", "spades", "aces", "big_casino", "little_casino", "sweeps")
"""The score items of E-3, by the names the replay ``detail`` uses."""


def unique_max(values: Sequence[int]) -> int | None:
    """The index of the single largest value, or ``None`` on a tie at the top (E-4).

    >>> unique_max([26, 26]), unique_max([7, 6]), unique_max([3, 5, 5, 1])
    (None, 0, None)
    """
    top = max(values)
    winners = [i for i, x in enumerate(values) if x == top]
    return winners[0] if len(winners) == 1 else None


@dataclass(frozen=True, slots=True)
class HandScore:
    """A hand's facts and points, per side.

    ``points`` holds every item the hand produced; ``counted`` what each side actually
    scores — everything in Casino, and in Royal only the items counted before a side
    reached the target, ``stopped_at`` naming the item that got it there. ``voided``
    lists, in count-out order, the (item, side) pairs the ``royal_dominican`` end game
    did not let score (R-3d).
    """

    cards: tuple[int, ...]
    spades: tuple[int, ...]
    points: dict[str, tuple[int, ...]]
    counted: tuple[int, ...]
    stopped_at: str | None
    voided: tuple[tuple[str, int], ...] = ()


def score_hand(
    variant: CasinoVariant,
    piles: Sequence[Sequence[Card]],
    sweeps: Sequence[int],
    before: Sequence[int],
) -> HandScore:
    """Score ``piles`` (one per side), ``sweeps`` (the sweeping seats, in order).

    ``before`` is each side's match total before this hand; Royal's count-out stops as
    soon as a side reaches ``variant.target`` (R-count-out). With the ``royal_dominican``
    preset only the standing sweeps are items (R-3c) and near the target an item may be
    voided (R-3d).
    """
    n = variant.num_sides
    cards = tuple(len(p) for p in piles)
    spades = tuple(sum(1 for c in p if suit_of(c) == SPADES) for p in piles)
    holder = {c: side for side, p in enumerate(piles) for c in p}

    items: list[tuple[str, int, int]] = []  # (item, side, points) in count-out order
    most = unique_max(cards)
    if most is not None:
        items.append(("cards", most, 3))
    most = unique_max(spades)
    if most is not None:
        items.append(("spades", most, 1))
    if TEN_OF_DIAMONDS in holder:
        items.append(("big_casino", holder[TEN_OF_DIAMONDS], 2))
    if TWO_OF_SPADES in holder:
        items.append(("little_casino", holder[TWO_OF_SPADES], 1))
    for suit in ACE_COUNT_ORDER:
        ace = card(suit, 1)
        if ace in holder:
            items.append(("aces", holder[ace], 1))
    if variant.sweeps:  # R-3c: with the royal_dominican preset, opposing sweeps cancel
        standing = variant.standing_sweeps(sweeps)
        items.extend(("sweeps", variant.side_of(seat), 1) for seat in standing)

    points = {name: [0] * n for name in ITEMS}
    for name, side, pts in items:
        points[name][side] += pts
    counted = [0] * n
    stopped_at: str | None = None
    running = list(before)
    voided: list[tuple[str, int]] = []
    for name, side, pts in items:
        if not variant.item_counts(running[side], pts):  # R-3d
            voided.append((name, side))
            continue
        counted[side] += pts
        running[side] += pts
        if variant.counts_out and running[side] >= variant.target:
            stopped_at = name
            break
    return HandScore(
        cards,
        spades,
        {k: tuple(v) for k, v in points.items()},
        tuple(counted),
        stopped_at,
        tuple(voided),
    )
