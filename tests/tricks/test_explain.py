"""Rejection messages: the rule and the card are named; legal cards get no message."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.cards import HEARTS
from kahvehane.games.tricks import BIT, explain_illegal, mask_of, playable_mask
from tests.tricks.helpers import KM, balayi, cards, m


def test_lead_message_names_km_8() -> None:
    why = explain_illegal(KM, m("AS", "2H"), [], False, cards("AS")[0])
    assert why is not None and why[1] == "KM-8" and "AS" in why[0]


def test_not_following_names_km_9() -> None:
    why = explain_illegal(KM, m("9H", "AC"), cards("5H"), True, cards("AC")[0])
    assert why is not None and why[1] == "KM-9" and "does not follow" in why[0]


def test_not_raising_after_ruff_names_km_9() -> None:
    why = explain_illegal(KM, m("9H", "3H"), cards("5H", "2S"), True, cards("3H")[0])
    assert why is not None and why[1] == "KM-9" and "3H" in why[0] and "5H" in why[0]


def test_not_trumping_names_km_10() -> None:
    why = explain_illegal(KM, m("2S", "AC"), cards("4D"), False, cards("AC")[0])
    assert why is not None and why[1] == "KM-10" and "not a trump" in why[0]


def test_not_over_trumping_names_km_10() -> None:
    why = explain_illegal(KM, m("5S", "KS"), cards("4D", "9S"), True, cards("5S")[0])
    assert why is not None and why[1] == "KM-10" and "over-trump" in why[0]


def test_balayi_messages_name_bk_9() -> None:
    why = explain_illegal(balayi(HEARTS), m("3D", "5H"), cards("7S"), True, cards("3D")[0])
    assert why is not None and why[1] == "BK-9"


def test_legal_card_has_no_message() -> None:
    assert explain_illegal(KM, m("9H", "QH"), cards("5H", "JH"), True, cards("QH")[0]) is None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=8, max_size=16, unique=True),
       st.integers(0, 3), st.booleans(), st.sampled_from(["km", 0, 1, 2, 3, None]))
def test_message_exactly_when_not_playable(deck: list[int], trick_len: int, broken: bool,
                                           which: object) -> None:
    rules = KM if which == "km" else balayi(which if isinstance(which, int) else None)
    trick, hand = deck[:trick_len], mask_of(deck[trick_len:])
    allowed = playable_mask(rules, hand, trick, broken)
    assert allowed & hand == allowed and allowed  # never empty, always held
    for c in deck[trick_len:]:
        why = explain_illegal(rules, hand, trick, broken, c)
        assert (why is None) == bool(allowed & BIT[c])
