"""Card notation (docs/records.md, "Notation"): parse, format, errors that say what is wrong."""

from __future__ import annotations

import pytest

from kahvehane.cards import card_name, full_deck, high_rank, parse_card, rank_of, suit_of
from kahvehane.errors import NotationError


def test_every_card_round_trips_in_ascii_lower_case_and_symbols() -> None:
    for c in full_deck():
        name = card_name(c)
        assert parse_card(name) == c
        assert parse_card(name.lower()) == c
        assert parse_card(name[:-1] + "♠♥♦♣"["SHDC".index(name[-1])]) == c


def test_ranks_and_suits() -> None:
    assert (suit_of(parse_card("QH")), rank_of(parse_card("QH"))) == (1, 12)
    assert high_rank(parse_card("AD")) == 14 and high_rank(parse_card("2D")) == 2
    assert len(set(full_deck())) == 52


@pytest.mark.parametrize(
    ("text", "message"),
    [("1S", "ranks are A 2 3"), ("11S", "ranks are"), ("AX", "suits are S"),
     ("", "is not a card"), ("S", "is not a card")],
)
def test_bad_card_names(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_card(text)
