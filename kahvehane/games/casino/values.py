"""What a card is worth and who plays with whom: the variant of one table
(docs/rules/casino.md, C-1 – C-12).

Standard Casino and Royal Casino differ in a handful of questions, and each is one
method here: what a card counts on the table (:meth:`CasinoVariant.table_value`), what it
may count when played (:meth:`~CasinoVariant.play_values`), whether it captures a court
by rank (C-18) or loose aces by rank (C-4), the highest build value, and whether the hand
is counted out item by item (R-count-out). :class:`RoyalVariant` overrides exactly those,
so every other rule is written once for both games.

>>> from kahvehane.cards import parse_card as c
>>> casino = CasinoVariant(players=2)
>>> casino.table_value(c("10D")), casino.table_value(c("QH")), casino.play_values(c("AS"))
(10, None, (1,))
>>> royal = RoyalVariant(players=3)
>>> royal.table_value(c("AS")), royal.play_values(c("AS")), royal.play_values(c("KC"))
(1, (1, 14), (13,))
>>> RoyalVariant(players=2, nordic_specials=True).play_values(c("10D"))
(10, 16)

The optional ``royal_dominican`` preset (R-3) is the ``dominican`` flag of
:class:`RoyalVariant`; it changes three more questions, each again one method:
which loose cards a played card must take (R-3b), which sweeps stand (R-3c) and which
count-out items still count near the target (R-3d).

>>> from kahvehane.cards import card_name
>>> dom = RoyalVariant(players=2, dominican=True)
>>> dom.direction, [card_name(x) for x in dom.must_take(c("5S"), [c("5H"), c("4D")])]
('counter-clockwise', ['5H'])
>>> dom.standing_sweeps([0, 1, 0, 0]), dom.item_counts(18, 1), dom.item_counts(18, 3)
([0, 0], False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from kahvehane.cards import SPADES, Card, card, rank_of

TEN_OF_DIAMONDS: Card = card(2, 10)
"""Big Casino (Büyük Kumarhane, "İyi Onlu"): 2 points (E-3)."""
TWO_OF_SPADES: Card = card(SPADES, 2)
"""Little Casino (Küçük Kumarhane, "İyi İki"): 1 point (E-3)."""
ACE_COUNT_ORDER: tuple[int, ...] = (0, 3, 1, 2)
"""Suits of the aces in the order R-count-out awards them: ♠, ♣, ♥, ♦."""


@dataclass(frozen=True, slots=True)
class CasinoVariant:
    """Standard Casino: A = 1, 2–10 by pips, J/Q/K are courts without a value (C-2).

    ``players`` is 2, 3 or 4; ``partners`` (4 players only) pairs seats {0, 2} v {1, 3}
    (C-7); ``sweeps`` scores 1 per sweep (S-1); ``target`` ends the match (E-6).
    """

    players: int
    partners: bool = False
    sweeps: bool = False
    target: int = 21

    game: ClassVar[str] = "casino"
    royal: ClassVar[bool] = False
    counts_out: ClassVar[bool] = False

    # -- values -------------------------------------------------------------------------------

    @property
    def max_value(self) -> int:
        """The highest capture value and build value (C-6)."""
        return 10

    def table_value(self, c: Card) -> int | None:
        """What ``c`` counts in a sum on the table; ``None`` for a court (C-2, C-20)."""
        r = rank_of(c)
        return r if r <= 10 else None

    def play_values(self, c: Card) -> tuple[int, ...]:
        """The capture values ``c`` may take when played from hand (empty for a court).

        Its length is 2 exactly when the player must declare which one (C-3, C-5).
        """
        r = rank_of(c)
        return (r,) if r <= 10 else ()

    def pairs_by_rank(self, c: Card) -> bool:
        """Whether a played ``c`` may take loose cards of its rank whatever it counts (C-4)."""
        return False

    def court_rank(self, c: Card) -> int | None:
        """The rank of ``c`` if it is a court that captures by rank only (C-18), else None."""
        r = rank_of(c)
        return r if r > 10 else None

    def can_capture(self, c: Card, value: int) -> bool:
        """Whether ``c`` from hand can capture a build of ``value`` (B-1, O-2)."""
        return value in self.play_values(c)

    # -- the royal_dominican preset: neutral here, see RoyalVariant -----------------------

    @property
    def preset(self) -> str | None:
        """The rules preset of the table: ``"royal_dominican"`` (R-3) or None."""
        return None

    @property
    def direction(self) -> str:
        """How seat ``s + 1`` sits from seat ``s`` at a real table (C-7, R-3a)."""
        return "clockwise"

    def must_take(self, c: Card, loose: Sequence[Card]) -> tuple[Card, ...]:
        """The loose cards a play of ``c`` must capture (R-3b); none without the preset."""
        return ()

    def standing_sweeps(self, sweeps: Sequence[int]) -> list[int]:
        """The sweeping seats, in order, whose sweeps score (S-1..S-3, R-3c)."""
        return list(sweeps)

    def item_counts(self, running: int, points: int) -> bool:
        """Whether a count-out item of ``points`` scores for a side on ``running`` (R-3d)."""
        return True

    # -- seats --------------------------------------------------------------------------------

    @property
    def num_sides(self) -> int:
        return 2 if self.partners else self.players

    def side_of(self, seat: int) -> int:
        """The side of a seat: the seat itself, or its team {0, 2} = 0 / {1, 3} = 1 (C-7)."""
        return seat % 2 if self.partners else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.partners else (side,)

    @property
    def rounds_per_hand(self) -> int:
        """Deals (rounds) per hand: 48 cards after the table's 4, 4 per player (C-11)."""
        return 48 // (4 * self.players)


@dataclass(frozen=True, slots=True)
class RoyalVariant(CasinoVariant):
    """Royal Casino: J = 11, Q = 12, K = 13; a played ace counts 1 or 14 (C-3, C-22).

    ``nordic_specials`` lets a played 2♠ count 15 and a played 10♦ count 16 (C-5).
    Sweeps are on by default (R-2) and a hand is counted out item by item (R-count-out).
    ``dominican`` is the ``royal_dominican`` preset (R-3, docs/rules/casino.md).
    """

    sweeps: bool = True
    nordic_specials: bool = False
    dominican: bool = False

    game: ClassVar[str] = "royal_casino"
    royal: ClassVar[bool] = True
    counts_out: ClassVar[bool] = True

    @property
    def max_value(self) -> int:
        return 16 if self.nordic_specials else 14

    def table_value(self, c: Card) -> int | None:
        """Every card is numeral; an ace on the table counts 1 (C-3)."""
        return rank_of(c)

    def play_values(self, c: Card) -> tuple[int, ...]:
        r = rank_of(c)
        if r == 1:
            return (1, 14)
        if self.nordic_specials and c == TWO_OF_SPADES:
            return (2, 15)
        if self.nordic_specials and c == TEN_OF_DIAMONDS:
            return (10, 16)
        return (r,)

    def pairs_by_rank(self, c: Card) -> bool:
        return rank_of(c) == 1

    def court_rank(self, c: Card) -> int | None:
        return None

    # -- the royal_dominican preset (R-3) -------------------------------------------------------

    @property
    def preset(self) -> str | None:
        return "royal_dominican" if self.dominican else None

    @property
    def direction(self) -> str:
        """R-3a. Seats stay numbered in playing order, so only the real table turns."""
        return "counter-clockwise" if self.dominican else "clockwise"

    def must_take(self, c: Card, loose: Sequence[Card]) -> tuple[Card, ...]:
        """R-3b: every loose card of the played card's rank (so ``c`` must capture)."""
        if not self.dominican:
            return ()
        r = rank_of(c)
        return tuple(x for x in loose if rank_of(x) == r)

    def standing_sweeps(self, sweeps: Sequence[int]) -> list[int]:
        """R-3c: a sweep cancels the earliest still standing sweep of another side.

        Only a sweep that finds no opposing sweep standing scores; with two sides the
        side with more sweeps scores the difference.
        """
        if not self.dominican:
            return list(sweeps)
        standing: list[int] = []
        for seat in sweeps:
            side = self.side_of(seat)
            for i, other in enumerate(standing):
                if self.side_of(other) != side:
                    del standing[i]
                    break
            else:
                standing.append(seat)
        return standing

    def item_counts(self, running: int, points: int) -> bool:
        """R-3d: from ``target`` − 3 on (18, 19, 20), only an item landing exactly on it."""
        if not self.dominican:
            return True
        return running < self.target - 3 or running + points == self.target
