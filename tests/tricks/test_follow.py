"""Following: the shared core with Koz Maça's switches (KM-9, KM-10) and Balayı Kingi's
(BK-9). The cases are the rules' own test cases, with exactly the hands they name."""

from __future__ import annotations

import pytest

from kahvehane.cards import HEARTS, SPADES
from kahvehane.games.tricks import follow_mask
from tests.tricks.helpers import KM, balayi, cards, m, names


@pytest.mark.parametrize(("trick", "hand", "legal"), [
    # T-KM-8: raise in the led suit.
    (("5H", "JH"), ("9H", "QH", "AC"), {"QH"}),
    (("5H", "JH"), ("9H", "3H"), {"9H", "3H"}),
    # T-KM-9: raise even after a ruff (the highest heart in the trick is 5H).
    (("5H", "2S"), ("9H", "3H"), {"9H"}),
    # T-KM-10: void in the led suit → must trump.
    (("4D",), ("2S", "AC"), {"2S"}),
    # T-KM-11: over-trump when able, else any spade.
    (("4D", "9S"), ("5S", "KS", "AC"), {"KS"}),
    (("4D", "9S"), ("5S", "3S", "AC"), {"5S", "3S"}),
    # T-KM-12: neither the led suit nor spades → anything.
    (("4D",), ("AC", "2H"), {"AC", "2H"}),
    # KM-9 with spades led: the raise rule holds for trumps too.
    (("5S",), ("9S", "3S", "AH"), {"9S"}),
    (("QS", "KS"), ("9S", "3S"), {"9S", "3S"}),
    # The highest card of the led suit counts, not the led card (KM-9).
    (("5H", "KH"), ("QH", "AH"), {"AH"}),
])
def test_koz_maca_follow(trick: tuple[str, ...], hand: tuple[str, ...], legal: set[str]) -> None:
    assert names(follow_mask(KM, m(*hand), cards(*trick))) == legal


@pytest.mark.parametrize(("trump", "trick", "hand", "legal"), [
    # T-BK-6: void in ♠ with an accessible ♥ → must trump (locked cards are not passed).
    (HEARTS, ("7S",), ("3D", "5H"), {"5H"}),
    # T-BK-7: a led trump must be beaten when possible.
    (HEARTS, ("9H",), ("5H", "QH", "AC"), {"QH"}),
    (HEARTS, ("9H",), ("5H", "2H", "AC"), {"5H", "2H"}),
    # T-BK-8: no raise in a plain suit.
    (HEARTS, ("9S",), ("5S", "KS", "3H"), {"5S", "KS"}),
    # T-BK-9: Kozsuz, void in the led suit → anything.
    (None, ("9S",), ("AD", "3H"), {"AD", "3H"}),
    # Kozsuz: following is compulsory, beating is not.
    (None, ("9S",), ("5S", "KS", "3H"), {"5S", "KS"}),
    # A trump contract, void in both the led suit and trumps → anything.
    (SPADES, ("9H",), ("AD", "3C"), {"AD", "3C"}),
])
def test_balayi_follow(trump: int | None, trick: tuple[str, ...], hand: tuple[str, ...],
                       legal: set[str]) -> None:
    assert names(follow_mask(balayi(trump), m(*hand), cards(*trick))) == legal


def test_the_difference_between_the_games_is_only_the_switch() -> None:
    """Same trick, same hand, spades trump: Koz Maça must raise, Balayı need not."""
    trick, hand = cards("5H", "JH"), m("9H", "QH")
    assert names(follow_mask(KM, hand, trick)) == {"QH"}
    assert names(follow_mask(balayi(SPADES), hand, trick)) == {"9H", "QH"}
