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
from dataclasses import dataclass, field
from operator import itemgetter
from typing import ClassVar, Self

from kahvehane.cards import CARD_NAMES, SPADES, SUITS, card_name, high_rank
from kahvehane.games.base import JSON, Action, DealState

__all__ = [
    "BIT",
    "FULL",
    "HIGHER",
    "OVER",
    "PLAYING",
    "PLAYS",
    "PLAYS_BY_MASK",
    "SPADES",
    "STRENGTH",
    "SUIT_MASK",
    "SUIT_OF",
    "UPPER",
    "UPPER2",
    "Play",
    "TrickRules",
    "TrickState",
    "canonical_masks",
    "cards_of",
    "explain_illegal",
    "follow_mask",
    "lead_mask",
    "mask_of",
    "playable_mask",
    "plays_of",
    "trick_winner",
    "trick_winner_of",
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
#: are one AND with the hand, with no search for the best card (see :func:`playable_mask`).
UPPER: tuple[int, ...] = tuple(HIGHER[c] | (FULL & ~SUIT_MASK[c // 13]) for c in range(52))
#: ``UPPER2[a][b]``: ``UPPER[a] & UPPER[b]``, the fold over the first two cards of a trick
#: made once (an AND of two 52-bit masks costs more than two tuple lookups).
UPPER2: tuple[tuple[int, ...], ...] = tuple(
    tuple(UPPER[a] & UPPER[b] for b in range(52)) for a in range(52))


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
    # The switches as masks, derived once so the per-move code is branch-light ANDs:
    #: the trump suit's cards (0 without trumps);
    trump_mask: int = field(init=False, repr=False, compare=False)
    #: what may be led while trumps are unbroken and other cards are held;
    lead_unbroken: int = field(init=False, repr=False, compare=False)
    #: ``beats[a * 52 + b]``: does ``b`` take the trick from ``a``, the card winning it so
    #: far (always of the led suit or a trump)? See :func:`trick_winner_of`.
    beats: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        trump_mask = 0 if self.trump is None else SUIT_MASK[self.trump]
        lead_unbroken = FULL & ~trump_mask if self.trump_lead_needs_break else FULL
        beats = tuple(
            (a // 13 == b // 13 and STRENGTH[b] > STRENGTH[a])
            or (b // 13 == self.trump and a // 13 != self.trump)
            for a in range(52) for b in range(52)
        )
        object.__setattr__(self, "trump_mask", trump_mask)
        object.__setattr__(self, "lead_unbroken", lead_unbroken)
        object.__setattr__(self, "beats", beats)


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of some cards.

    >>> mask_of([0, 2])
    5
    """
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


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
    return playable_mask(rules, accessible, (), trumps_broken)


def follow_mask(rules: TrickRules, accessible: int, trick: Sequence[int]) -> int:
    """The cards a follower may play from ``accessible`` on a non-empty ``trick``.

    Follow the led suit L, beating the highest L card in the trick when able (always when
    L is trumps; in plain suits only if ``raise_plain`` — and then also after a ruff,
    KM-9). Void in L: trump if able, over-trumping the highest trump in the trick when
    able (KM-10, BK-9). Void in both: anything.
    """
    return playable_mask(rules, accessible, trick, True)


def playable_mask(
    rules: TrickRules, accessible: int, trick: Sequence[int], trumps_broken: bool
) -> int:
    """The legal cards: a lead if the trick is empty, else a follow.

    This runs for every move of every random game (in ``legal_actions``; ``apply`` then
    trusts the offer, see :class:`TrickState`), so it is a handful of mask operations:
    the cards that beat a trick are the AND of :data:`UPPER` over it, and the switches of
    :class:`TrickRules` are pre-made masks (a lead is ``lead_unbroken`` unless that
    leaves nothing).
    """
    if not trick:
        if trumps_broken:
            return accessible
        return accessible & rules.lead_unbroken or accessible
    first = trick[0]
    same = accessible & SUIT_MASK[first // 13]
    if same:
        if not rules.raise_plain and not same & rules.trump_mask:
            return same
        pick = same
    else:
        pick = accessible & rules.trump_mask
        if not pick:
            return accessible
    # Every operation here makes a new 52-bit int, so the fold is written out for the
    # tricks of up to four cards that the games have.
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


def trick_winner_of(rules: TrickRules, trick: Sequence[int]) -> int:
    """:func:`trick_winner` for a trick played under ``rules``, by table lookups.

    The card winning so far is always of the led suit or a trump, and whether a later
    card takes the trick from it depends on those two cards alone (:attr:`TrickRules.beats`).

    >>> from kahvehane.cards import parse_card as p
    >>> km = TrickRules(SPADES, True, True, "KM-8", "KM-9", "KM-10")
    >>> trick_winner_of(km, [p("AH"), p("2S"), p("KH"), p("AC")])
    1
    """
    beats = rules.beats
    best = 0
    best_card = trick[0]
    for i, c in enumerate(trick):  # (no card beats itself: starting at trick[0] is harmless)
        if beats[best_card * 52 + c]:
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
    #: ``BIT[card]``, or 0 when ``card`` is not a card code (not an int 0..51): made once
    #: here, so that ``apply`` tests a card against the offered mask with one AND, with
    #: no type and range check per move. Not part of the action's value (no ``__init__``
    #: argument; equality, hashing and ``repr`` ignore it).
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        c = self.card
        object.__setattr__(self, "bit", BIT[c] if type(c) is int and 0 <= c < 52 else 0)

    def to_json(self) -> JSON:
        return {"seat": self.seat, "act": "play", "card": card_name(self.card)}


# Actions are immutable, so legal_actions hands out shared instances (no allocation).
PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(s, c) for c in range(52)) for s in range(4)
)

#: ``PLAYS_BY_MASK[seat][mask]``: the tuple of ``seat``'s ``Play`` actions for a mask
#: of cards of one suit, filled by :func:`plays_of` on first use. A legal set is usually
#: one suit (a follower's), so ``legal_actions`` is then one dict lookup (engines do it
#: inline and call :func:`plays_of` only on a miss); a lead joins one tuple per suit. At
#: most 4 × 8191 entries per seat, however long the process plays.
PLAYS_BY_MASK: tuple[dict[int, tuple[Play, ...]], ...] = tuple({0: ()} for _ in range(4))


_S0, _S1, _S2, _S3 = SUIT_MASK


def plays_of(seat: int, mask: int) -> list[Action]:
    """The shared ``Play`` actions of ``seat`` for every card in ``mask``, by card code.

    A lead (13 times a deal) spans several suits: the four per-suit lookups are written
    out (a miss, a suit mask seen for the first time, is rare once a process has
    played a while: it is filled in and the lookups are repeated).
    """
    by_mask = PLAYS_BY_MASK[seat]
    try:
        return [*by_mask[mask & _S0], *by_mask[mask & _S1], *by_mask[mask & _S2],
                *by_mask[mask & _S3]]
    except KeyError:
        for suit_mask in SUIT_MASK:
            part = mask & suit_mask
            if part not in by_mask:
                by_mask[part] = tuple(PLAYS[seat][c] for c in cards_of(part))
        return plays_of(seat, mask)


#: The phases every trick game's deal shares (its first phase, 0, is the game's own:
#: bidding, choosing the contract).
PLAYING, OVER = 1, 2
_TO_ACT: tuple[tuple[int], ...] = tuple((s,) for s in range(4))


class TrickState(DealState):
    """The bookkeeping every trick game's deal shares, laid out for speed.

    ``to_act`` and ``is_over`` are plain attributes rather than computed properties, since
    a random game reads both before every move. The ``phase`` and ``turn`` properties
    keep them up to date when set (the search bots' samplers set those two directly);
    the hot paths of ``apply`` write ``_turn`` and ``to_act`` together instead.

    ``_offered`` is the mask of the cards ``legal_actions`` last offered the seat to
    play (0: none). A random game asks for the legal actions and then plays one of them,
    so ``apply`` finds the card there instead of working out the trick rules a second
    time. That is sound because only ``apply`` moves a game on, and ``apply`` clears it
    (as do the setters); a card not found there gets the full check.

    :meth:`legal_actions` is the play phase of a game whose players play from their
    ``hands`` under ``_rules``, with trumps broken or not (``broken``); a game that
    plays from elsewhere too (Balayı's piles) overrides it.
    """

    to_act: tuple[int, ...] = ()
    is_over: bool = False
    _phase: int = 0
    _turn: int = 0
    _offered: int = 0
    # What the shared legal_actions reads; the game's __init__ sets them.
    hands: list[int]
    trick: list[int]
    broken: bool
    _rules: TrickRules
    # What the shared play view reads (the game keeps them as it plays).
    leader: int
    history: list[tuple[int, tuple[int, ...], int]]  # (leader, cards, winner) per trick

    def legal_actions(self, seat: int) -> list[Action]:
        """The legal cards of ``seat`` in the play phase, by card code; before it, the
        game's opening actions (:meth:`_opening_actions`).

        This is :func:`playable_mask` written out, because it runs for every move of
        every random game and a call costs about as much as the rule itself; a legal set
        within one suit (every follow but a discard) is then one lookup in
        :data:`PLAYS_BY_MASK`. ``tests/tricks/test_fast_paths.py`` checks it against
        :func:`playable_mask` for every kind of :class:`TrickRules`.
        """
        if seat != self._turn or self._phase != PLAYING:
            return self._opening_actions(seat)
        hand = self.hands[seat]
        trick = self.trick
        if not trick:  # a lead (a trump only once broken, if able): usually several suits
            mask = hand if self.broken else (hand & self._rules.lead_unbroken or hand)
        else:
            rules = self._rules
            first = trick[0]
            pick = hand & SUIT_OF[first]
            if pick:
                if not rules.raise_plain and not pick & rules.trump_mask:
                    self._offered = pick  # follow, with no duty to beat
                    plays = PLAYS_BY_MASK[seat].get(pick)
                    return [*plays] if plays is not None else plays_of(seat, pick)
            else:
                pick = hand & rules.trump_mask
            if pick:  # the led suit or trumps: beat the best of them in the trick if able
                n = len(trick)
                if n == 1:
                    up = UPPER[first]
                else:
                    up = UPPER2[first][trick[1]]
                    if n > 2:
                        up &= UPPER[trick[2]]
                        if n > 3:
                            for c in trick[3:]:
                                up &= UPPER[c]
                self._offered = mask = pick & up or pick
                plays = PLAYS_BY_MASK[seat].get(mask)
                return [*plays] if plays is not None else plays_of(seat, mask)
            mask = hand  # void in the led suit and in trumps: anything
        # Several suits: plays_of, written out (a lead is 13 times a deal).
        self._offered = mask
        by_mask = PLAYS_BY_MASK[seat]
        try:
            return [*by_mask[mask & _S0], *by_mask[mask & _S1], *by_mask[mask & _S2],
                    *by_mask[mask & _S3]]
        except KeyError:  # a suit mask seen for the first time
            return plays_of(seat, mask)

    def _play_view(self, playing: bool) -> JSON:
        """The play as everyone sees it: the leader (while cards are being played), the
        trick on the table and every trick taken. Card names come from a table, since
        the salon renders this after every move."""
        names = CARD_NAMES
        leader = self.leader
        seats = self.num_seats
        return {
            "leader": leader if playing else None,
            "trick": [{"seat": (leader + i) % seats, "card": names[c]}
                      for i, c in enumerate(self.trick)],
            "tricks": [{"leader": lead, "cards": [names[c] for c in cards], "winner": win}
                       for lead, cards, win in self.history],
        }

    def _opening_actions(self, seat: int) -> list[Action]:
        """The legal actions outside the play phase (bids, a contract); none here."""
        return []

    def _blank(self) -> Self:
        """A new, empty instance of this class, which ``copy`` fills from this one (a
        compiled base with fields of its own copies them here: see
        ``kahvehane/games/koz_maca/_core.pyx``)."""
        return object.__new__(type(self))

    @property
    def phase(self) -> int:
        """0 (the game's opening: bidding, the contract), :data:`PLAYING` or :data:`OVER`."""
        return self._phase

    @phase.setter
    def phase(self, value: int) -> None:
        self._offered = 0
        self._phase = value
        self.is_over = value == OVER
        self.to_act = () if value == OVER else _TO_ACT[self._turn]

    @property
    def turn(self) -> int:
        """The seat to act (the last one that acted, once the deal is over)."""
        return self._turn

    @turn.setter
    def turn(self, seat: int) -> None:
        self._offered = 0
        self._turn = seat
        self.to_act = () if self._phase == OVER else _TO_ACT[seat]
