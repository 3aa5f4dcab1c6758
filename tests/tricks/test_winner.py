"""Trick winner (KM-11, BK-10): the highest trump, else the highest card of the led suit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import HEARTS, SPADES, high_rank
from kahvehane.games.tricks import trick_winner
from tests.tricks.helpers import cards


def test_t_km_13_a_ruff_wins() -> None:
    assert trick_winner(cards("AH", "2S", "KH", "AC"), SPADES) == 1


def test_t_km_12_the_led_card_wins_against_discards() -> None:
    assert trick_winner(cards("4D", "AC", "2H", "3D"), SPADES) == 0


def test_the_highest_trump_wins_an_over_ruff() -> None:
    assert trick_winner(cards("4D", "9S", "KS", "AS"), SPADES) == 3


def test_ace_is_high() -> None:
    assert trick_winner(cards("KC", "AC"), None) == 1


def test_t_bk_9_kozsuz_off_suit_never_wins() -> None:
    assert trick_winner(cards("9S", "AD"), None) == 0


def test_balayi_trump_contract_ruff() -> None:
    assert trick_winner(cards("AS", "2H"), HEARTS) == 1
    assert trick_winner(cards("AS", "2H"), SPADES) == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=2, max_size=4, unique=True),
       st.sampled_from([None, 0, 1, 2, 3]))
def test_winner_matches_the_definition(trick: list[int], trump: int | None) -> None:
    """Brute force: the winner's card beats every other card of the trick."""
    w = trick_winner(trick, trump)

    def key(c: int) -> tuple[int, int]:
        if c // 13 == trump:
            return (2, high_rank(c))
        if c // 13 == trick[0] // 13:
            return (1, high_rank(c))
        return (0, 0)

    assert all(key(trick[w]) > key(c) for i, c in enumerate(trick) if i != w)
