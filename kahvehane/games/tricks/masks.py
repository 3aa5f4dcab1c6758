"""Cards as bits: the masks and lookup rows every trick game's rules are written in.

Cards are the ints of :mod:`kahvehane.cards` (suits S H D C, ace low-coded); a set of
cards is a **bitmask** (bit ``c`` set = card ``c`` present), because the engines test
cards for every move of every random game a bot or a benchmark plays, and mask
arithmetic is much cheaper than building lists.

>>> mask_of([0, 2]), cards_of(5)
(5, [0, 2])
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from kahvehane.cards import card_name, high_rank

__all__ = [
    "BIT",
    "FULL",
    "HIGHER",
    "STRENGTH",
    "SUIT_MASK",
    "SUIT_OF",
    "UPPER",
    "canonical_masks",
    "cards_of",
    "mask_of",
]

#: ``BIT[c]`` is the one-card mask of card ``c``.
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
#: ``SUIT_MASK[s]`` holds the 13 cards of suit ``s`` (S H D C).
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: ``SUIT_OF[c]``: the mask of ``c``'s suit (``SUIT_MASK[c // 13]`` with no division).
SUIT_OF: tuple[int, ...] = tuple(SUIT_MASK[c // 13] for c in range(52))
#: ``STRENGTH[c]``: trick strength 2..14 (the ace high), the order of KM-2 and BK-1.
STRENGTH: tuple[int, ...] = tuple(high_rank(c) for c in range(52))
#: ``HIGHER[c]``: the cards of ``c``'s suit that beat ``c`` (not a code range: A is low-coded).
HIGHER: tuple[int, ...] = tuple(
    sum(BIT[d] for d in range(52) if d // 13 == c // 13 and STRENGTH[d] > STRENGTH[c])
    for c in range(52)
)
#: All 52 cards.
FULL = (1 << 52) - 1
#: ``UPPER[c]``: every card that ``c`` does not forbid to a follower who must beat the
#: best card of a suit: the higher cards of ``c``'s suit and all cards of the other
#: suits. ANDing ``UPPER`` over a trick leaves, in each suit, exactly the cards that beat
#: every card of that suit in the trick — so "raise in the led suit" and "over-trump"
#: are one AND with the hand, with no search for the best card
#: (see :func:`~kahvehane.games.tricks.duties.playable_mask`).
UPPER: tuple[int, ...] = tuple(HIGHER[c] | (FULL & ~SUIT_MASK[c // 13]) for c in range(52))


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some cards.

    >>> mask_of([0, 2])
    5
    """
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in ascending code order (the engines' stable order).

    >>> cards_of(5)
    [0, 2]
    """
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_BIT_OF_NAME: dict[str, int] = {card_name(c): BIT[c] for c in range(52)}


def canonical_masks(groups: Iterable[object], count: int) -> list[int] | None:
    """The sums of the card bits of some groups (the hands of a setup), each a list of
    ``count`` canonical card names (exactly what :func:`~kahvehane.cards.card_name`
    writes), else ``None``.

    The fast path for reading setups the engines wrote themselves (every random deal of a
    bot or a benchmark): one dict lookup per card (``itemgetter`` does them in C), no
    parsing. A sum equals the mask when no card repeats; a caller checks that the sum of
    all its groups is :data:`FULL`, which holds only for 52 distinct cards (a repeat
    carries into a higher bit and leaves a bit unset). On ``None`` the caller parses the
    lenient, slow way, which also words the error of a bad setup.

    >>> canonical_masks([["2S", "AS"], ["AH", "2H"]], 2)
    [3, 24576]
    >>> canonical_masks([["2s", "AS"]], 2), canonical_masks([["2S"]], 2)
    (None, None)
    """
    masks: list[int] = []
    try:
        for names in groups:
            if type(names) is not list or len(names) != count:
                return None
            # itemgetter of one name gives the value itself, not a 1-tuple
            masks.append(sum(itemgetter(*names)(_BIT_OF_NAME)) if count > 1
                         else sum(map(_BIT_OF_NAME.__getitem__, names)))
    except (KeyError, TypeError):
        return None
    return masks
