"""The trick duties every trick game shares, stated once: what may be played, who wins.

Both games play tricks the same way — follow the led suit, trump when void, the highest
trump (else the highest card of the led suit) wins — and differ only in a few switches:
whether a follower must *raise* in a plain suit (Koz Maça yes, Balayı no), whether a
trump may be led before trumps are broken (Koz Maça no), and which rule numbers to cite.
Those switches are the fields of :class:`TrickDuties`; the duties themselves are
:func:`playable_mask` (what may be played), :func:`trick_winner` (who takes the trick)
and :func:`explain_illegal` (which duty a card breaks, in words), and nothing else in the
engines restates them. The compiled Koz Maça core (``koz_maca/_core.pyx``) is their one
optimised copy, kept identical by the lockstep tests.

>>> from kahvehane.cards import card_name, parse_card as p
>>> from kahvehane.games.tricks.masks import mask_of
>>> km = TrickDuties(trump=SPADES, raise_plain=True, trump_lead_needs_break=True,
...                  lead_rule="KM-8", follow_rule="KM-9", void_rule="KM-10")
>>> hand = mask_of([p("9H"), p("QH"), p("AC")])
>>> [card_name(c) for c in cards_of(follow_mask(km, hand, [p("5H"), p("JH")]))]  # raise
['QH']
>>> trick_winner([p("AH"), p("2S"), p("KH"), p("AC")], SPADES)   # the 2S ruff wins
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kahvehane.cards import SPADES, SUITS, card_name
from kahvehane.errors import IllegalAction, Message
from kahvehane.games.tricks.masks import BIT, FULL, STRENGTH, SUIT_MASK, UPPER, cards_of

__all__ = [
    "SPADES",
    "DutyText",
    "Refusal",
    "TrickDuties",
    "explain_illegal",
    "follow_mask",
    "lead_mask",
    "playable_mask",
    "trick_winner",
]


@dataclass(frozen=True, slots=True)
class TrickDuties:
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
    # The switches as masks, derived once so the per-move code is branch-light ANDs:
    #: the trump suit's cards (0 without trumps);
    trump_mask: int = field(init=False, repr=False, compare=False)
    #: what may be led while trumps are unbroken and other cards are held.
    lead_unbroken: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        trump_mask = 0 if self.trump is None else SUIT_MASK[self.trump]
        lead_unbroken = FULL & ~trump_mask if self.trump_lead_needs_break else FULL
        object.__setattr__(self, "trump_mask", trump_mask)
        object.__setattr__(self, "lead_unbroken", lead_unbroken)


def lead_mask(duties: TrickDuties, accessible: int, trumps_broken: bool) -> int:
    """The cards a leader may lead from ``accessible`` (KM-8 when the switch is on).

    >>> km = TrickDuties(SPADES, True, True, "KM-8", "KM-9", "KM-10")
    >>> from kahvehane.cards import card_name, parse_card as p
    >>> from kahvehane.games.tricks.masks import mask_of
    >>> [card_name(c) for c in cards_of(lead_mask(km, mask_of([p("AS"), p("2H")]), False))]
    ['2H']
    """
    return playable_mask(duties, accessible, (), trumps_broken)


def follow_mask(duties: TrickDuties, accessible: int, trick: Sequence[int]) -> int:
    """The cards a follower may play from ``accessible`` on a non-empty ``trick``.

    Follow the led suit L, beating the highest L card in the trick when able (always when
    L is trumps; in plain suits only if ``raise_plain`` — and then also after a ruff,
    KM-9). Void in L: trump if able, over-trumping the highest trump in the trick when
    able (KM-10, BK-9). Void in both: anything.
    """
    return playable_mask(duties, accessible, trick, True)


def playable_mask(
    duties: TrickDuties, accessible: int, trick: Sequence[int], trumps_broken: bool
) -> int:
    """The legal cards: a lead if the trick is empty, else a follow.

    The cards that beat a trick are the AND of :data:`~kahvehane.games.tricks.masks.UPPER`
    over it, and the switches of :class:`TrickDuties` are pre-made masks (a lead is
    ``lead_unbroken`` unless that leaves nothing), so this is a handful of mask
    operations. ``tests/tricks/test_fast_paths.py`` checks it card by card against the
    plain statement of the duties.
    """
    if not trick:
        if trumps_broken:
            return accessible
        return accessible & duties.lead_unbroken or accessible
    first = trick[0]
    same = accessible & SUIT_MASK[first // 13]
    if same:
        if not duties.raise_plain and not same & duties.trump_mask:
            return same
        pick = same
    else:
        pick = accessible & duties.trump_mask
        if not pick:
            return accessible
    # Every operation here makes a new 52-bit int, so the fold is written out for the
    # tricks of up to four cards that the games have (Balayı, with no compiled core,
    # runs this for every card it plays).
    up = UPPER[first]
    n = len(trick)
    if n > 1:
        up &= UPPER[trick[1]]
        if n > 2:
            up &= UPPER[trick[2]]
            if n > 3:
                for c in trick[3:]:
                    up &= UPPER[c]
    return pick & up or pick


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


# ---------------------------------------------------------------------------- refusals
@dataclass(frozen=True, slots=True)
class DutyText:
    """What a broken duty says, in both languages: ``en`` / ``tr`` without the player
    (what :func:`explain_illegal` gives), and :attr:`message`, the same said of a seat
    (what the engines raise: ``"seat 2: 3H does not beat 5H: …"``)."""

    code: str
    en: str
    tr: str
    message: Message = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", Message(
            f"tricks.{self.code}", "seat {seat}: " + self.en, "{seat}. koltuk: " + self.tr))


LEAD_UNBROKEN = DutyText(
    "lead_unbroken",
    "{card} may not be led: {trump} is not broken yet and other cards are held"
    " (legal: {legal})",
    "{card} ile açılamaz: {trump} henüz kırılmadı ve elde başka kartlar var"
    " (oynanabilir: {legal})")
NOT_FOLLOWING = DutyText(
    "not_following",
    "{card} does not follow the led suit {suit} (legal: {legal})",
    "{card} açılan renge ({suit}) uymuyor (oynanabilir: {legal})")
NOT_RAISING = DutyText(
    "not_raising",
    "{card} does not beat {best}: a higher {suit} card must be played (legal: {legal})",
    "{card}, {best} kartını geçmiyor: daha yüksek bir {suit} oynanmalı"
    " (oynanabilir: {legal})")
NOT_TRUMPING = DutyText(
    "not_trumping",
    "{card} is not a trump: void in {suit}, a {trump} card must be played (legal: {legal})",
    "{card} koz değil: elde {suit} kalmadı, bir {trump} oynanmalı (oynanabilir: {legal})")
NOT_OVERTRUMPING = DutyText(
    "not_overtrumping",
    "{card} does not over-trump {best}: a higher {trump} card must be played"
    " (legal: {legal})",
    "{card}, {best} kozunu geçmiyor: daha yüksek bir {trump} oynanmalı"
    " (oynanabilir: {legal})")


class Refusal(NamedTuple):
    """Why a card breaks a trick duty: ``(reason, rule)`` reads as the English reason
    (without the player) and the rule it cites; :meth:`error` is the
    :class:`~kahvehane.errors.IllegalAction` an engine raises for a seat."""

    reason: str
    rule: str
    text: DutyText
    params: Mapping[str, Any]

    def error(self, seat: int) -> IllegalAction:
        return IllegalAction(self.text.message, self.rule, seat=seat, **self.params)


def _best_of_suit(trick: Sequence[int], suit: int) -> int:
    """The strongest card of ``suit`` in the trick, or -1 if it holds none."""
    best = -1
    for c in trick:
        if c // 13 == suit and (best < 0 or STRENGTH[c] > STRENGTH[best]):
            best = c
    return best


def _refusal(text: DutyText, rule: str, **params: Any) -> Refusal:
    return Refusal(text.en.format_map(params), rule, text, params)


def explain_illegal(
    duties: TrickDuties, accessible: int, trick: Sequence[int], trumps_broken: bool,
    card: int,
) -> Refusal | None:
    """Why ``card`` (which the player may otherwise play) breaks a trick duty, or
    ``None`` if the card is legal.

    Only the player's own accessible cards are named, so the message never reveals a
    hidden card to anyone who could not already see it.
    """
    allowed = playable_mask(duties, accessible, trick, trumps_broken)
    if allowed & BIT[card]:
        return None
    name = card_name(card)
    legal = " ".join(card_name(c) for c in cards_of(allowed))
    if not trick:
        assert duties.trump is not None
        return _refusal(LEAD_UNBROKEN, duties.lead_rule, card=name,
                        trump=SUITS[duties.trump], legal=legal)
    led = trick[0] // 13
    if accessible & SUIT_MASK[led]:
        if card // 13 != led:
            return _refusal(NOT_FOLLOWING, duties.follow_rule, card=name, suit=SUITS[led],
                            legal=legal)
        return _refusal(NOT_RAISING, duties.follow_rule, card=name, suit=SUITS[led],
                        best=card_name(_best_of_suit(trick, led)), legal=legal)
    assert duties.trump is not None
    trump = duties.trump
    if card // 13 != trump:
        return _refusal(NOT_TRUMPING, duties.void_rule, card=name, suit=SUITS[led],
                        trump=SUITS[trump], legal=legal)
    return _refusal(NOT_OVERTRUMPING, duties.void_rule, card=name, trump=SUITS[trump],
                    best=card_name(_best_of_suit(trick, trump)), legal=legal)

