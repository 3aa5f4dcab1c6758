"""The trick-taking core shared by Koz Maça and Balayı Kingi.

Both games play tricks the same way — follow the led suit, trump when void, the highest
trump (else the highest card of the led suit) wins — and differ only in a few switches:
whether a follower must *raise* in a plain suit (Koz Maça yes, Balayı no), whether a
trump may be led before trumps are broken (Koz Maça no), and which rule numbers to cite.
Those switches are the fields of :class:`TrickRules`; the rules themselves live here once.

Cards are the ints of :mod:`kahvehane.cards`; sets of cards are **bitmasks** (bit ``c``
set = card ``c`` present), because the engines call these functions for every move of
every random game a bot or a benchmark plays, and mask arithmetic is much cheaper than
building lists.

>>> from kahvehane.cards import parse_card as p
>>> km = TrickRules(trump=SPADES, raise_plain=True, trump_lead_needs_break=True,
...                 lead_rule="KM-8", follow_rule="KM-9", void_rule="KM-10")
>>> hand = mask_of([p("9H"), p("QH"), p("AC")])
>>> [card_name(c) for c in cards_of(follow_mask(km, hand, [p("5H"), p("JH")]))]  # raise
['QH']
>>> trick_winner([p("AH"), p("2S"), p("KH"), p("AC")], SPADES)   # the 2S ruff wins
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from kahvehane.cards import SPADES, SUITS, card_name, high_rank
from kahvehane.games.base import JSON, Action

__all__ = [
    "BIT",
    "HIGHER",
    "SPADES",
    "STRENGTH",
    "SUIT_MASK",
    "TrickRules",
    "cards_of",
    "explain_illegal",
    "follow_mask",
    "lead_mask",
    "mask_of",
    "playable_mask",
    "trick_winner",
]

#: ``BIT[c]`` is the one-card mask of card ``c``.
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
#: ``SUIT_MASK[s]`` holds the 13 cards of suit ``s`` (S H D C).
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: ``STRENGTH[c]``: trick strength 2..14 (the ace high), the order of KM-2 and BK-1.
STRENGTH: tuple[int, ...] = tuple(high_rank(c) for c in range(52))
#: ``HIGHER[c]``: the cards of ``c``'s suit that beat ``c`` (not a code range: A is low-coded).
HIGHER: tuple[int, ...] = tuple(
    sum(BIT[d] for d in range(52) if d // 13 == c // 13 and STRENGTH[d] > STRENGTH[c])
    for c in range(52)
)


@dataclass(frozen=True, slots=True)
class TrickRules:
    """The switches that make one game's trick play differ from another's.

    ``trump`` is the trump suit (0..3) or ``None`` (no trump). ``raise_plain``: a player
    following a non-trump led suit must beat the highest card of that suit already in the
    trick when he can (Koz Maça KM-9; Balayı has no such duty, BK-9). Raising in a *led
    trump* and trumping when void are duties in both games, and so is over-trumping a
    trick that already holds a trump (KM-10; in two-handed Balayı it can never arise,
    because a follower void in the led suit faces a single, non-trump card).
    ``trump_lead_needs_break``: a trump may not be led before the first trump of the deal
    is played, unless the leader holds nothing else (KM-8). The ``*_rule`` fields are the
    rule numbers an :class:`~kahvehane.errors.IllegalAction` cites.
    """

    trump: int | None
    raise_plain: bool
    trump_lead_needs_break: bool
    lead_rule: str
    follow_rule: str
    void_rule: str


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


def _best_of_suit(trick: Sequence[int], suit: int) -> int:
    """The strongest card of ``suit`` in the trick, or -1 if it holds none."""
    best = -1
    for c in trick:
        if c // 13 == suit and (best < 0 or STRENGTH[c] > STRENGTH[best]):
            best = c
    return best


def lead_mask(rules: TrickRules, accessible: int, trumps_broken: bool) -> int:
    """The cards a leader may lead from ``accessible`` (KM-8 when the switch is on).

    >>> km = TrickRules(SPADES, True, True, "KM-8", "KM-9", "KM-10")
    >>> from kahvehane.cards import card_name, parse_card as p
    >>> [card_name(c) for c in cards_of(lead_mask(km, mask_of([p("AS"), p("2H")]), False))]
    ['2H']
    """
    if rules.trump_lead_needs_break and not trumps_broken and rules.trump is not None:
        others = accessible & ~SUIT_MASK[rules.trump]
        if others:
            return others
    return accessible


def follow_mask(rules: TrickRules, accessible: int, trick: Sequence[int]) -> int:
    """The cards a follower may play from ``accessible`` on a non-empty ``trick``.

    Follow the led suit L, beating the highest L card in the trick when able (always when
    L is trumps; in plain suits only if ``raise_plain`` — and then also after a ruff,
    KM-9). Void in L: trump if able, over-trumping the highest trump in the trick when
    able (KM-10, BK-9). Void in both: anything.
    """
    led = trick[0] // 13
    trump = rules.trump
    same = accessible & SUIT_MASK[led]
    if same:
        if led == trump or rules.raise_plain:
            higher = same & HIGHER[_best_of_suit(trick, led)]
            if higher:
                return higher
        return same
    if trump is not None:
        trumps = accessible & SUIT_MASK[trump]
        if trumps:
            best = _best_of_suit(trick, trump)
            if best >= 0:
                higher = trumps & HIGHER[best]
                if higher:
                    return higher
            return trumps
    return accessible


def playable_mask(
    rules: TrickRules, accessible: int, trick: Sequence[int], trumps_broken: bool
) -> int:
    """The legal cards: a lead if the trick is empty, else a follow."""
    if not trick:
        return lead_mask(rules, accessible, trumps_broken)
    return follow_mask(rules, accessible, trick)


def trick_winner(trick: Sequence[int], trump: int | None) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest card
    of the led suit (KM-11, BK-10). Discards of other suits never win.

    >>> from kahvehane.cards import parse_card as p
    >>> trick_winner([p("4D"), p("AC"), p("2H")], None)
    0
    """
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        c = trick[i]
        bs = best_card // 13
        cs = c // 13
        if (cs == bs and STRENGTH[c] > STRENGTH[best_card]) or (cs == trump and bs != trump):
            best, best_card = i, c
    return best


def _suit(s: int) -> str:
    return SUITS[s]


def explain_illegal(
    rules: TrickRules, accessible: int, trick: Sequence[int], trumps_broken: bool, card: int
) -> tuple[str, str] | None:
    """Why ``card`` (which the player may otherwise play) breaks a trick rule.

    Returns ``(message, rule)`` or ``None`` if the card is legal. Only the player's own
    accessible cards are named, so the message never reveals a hidden card to anyone
    who could not already see it.
    """
    allowed = playable_mask(rules, accessible, trick, trumps_broken)
    if allowed & BIT[card]:
        return None
    name = card_name(card)
    options = " ".join(card_name(c) for c in cards_of(allowed))
    if not trick:
        assert rules.trump is not None
        return (
            f"{name} may not be led: {_suit(rules.trump)} is not broken yet and other"
            f" cards are held (legal: {options})",
            rules.lead_rule,
        )
    led = trick[0] // 13
    if accessible & SUIT_MASK[led]:
        if card // 13 != led:
            return (f"{name} does not follow the led suit {_suit(led)} (legal: {options})",
                    rules.follow_rule)
        best = card_name(_best_of_suit(trick, led))
        return (f"{name} does not beat {best}: a higher {_suit(led)} card must be played"
                f" (legal: {options})", rules.follow_rule)
    assert rules.trump is not None
    trump = rules.trump
    if card // 13 != trump:
        return (f"{name} is not a trump: void in {_suit(led)}, a {_suit(trump)} card must"
                f" be played (legal: {options})", rules.void_rule)
    best = card_name(_best_of_suit(trick, trump))
    return (f"{name} does not over-trump {best}: a higher {_suit(trump)} card must be"
            f" played (legal: {options})", rules.void_rule)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card (an int of :mod:`kahvehane.cards`) to the current trick.

    One action for every trick game: Koz Maça plays from the hand, Balayı Kingi from
    the hand or a face-up pile (the card says which).
    """

    act: ClassVar[str] = "play"
    card: int

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "play", "card": card_name(self.card)}


# Actions are immutable, so legal_actions hands out shared instances (no allocation).
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(s, c) for c in range(52)) for s in range(4)
)


def plays_of(seat: int, mask: int) -> list[Action]:
    """The shared ``Play`` actions of ``seat`` for every card in ``mask``, by card code."""
    plays = PLAYS[seat]
    out: list[Action] = []
    while mask:
        low = mask & -mask
        out.append(plays[low.bit_length() - 1])
        mask ^= low
    return out
