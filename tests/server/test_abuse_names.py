"""Issue 20, finding 7 (the part done): names with no visible letter and passwords of
only whitespace or control characters are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kahvehane.store.accounts import AccountError, check_name, check_password


@pytest.mark.parametrize("name", ["\u3164\u3164", "\uffa0\uffa0", "A\u3164", "__", "1 2"])
def test_names_without_a_visible_letter_are_refused(name: str) -> None:
    with pytest.raises(AccountError) as err:
        check_name(name)
    assert err.value.code == "auth.bad_name"


@pytest.mark.parametrize("name", ["Ali", "Ayşe", "Işık_1", "ALİ-2"])
def test_ordinary_names_are_kept(name: str) -> None:
    assert check_name(name) == name


@given(st.text(st.sampled_from(" \t\n\r\x00\x01\x7f\u00a0\u2028\u200b\ufeff"),
               min_size=8, max_size=40))
def test_passwords_of_only_blanks_or_controls_are_refused(password: str) -> None:
    with pytest.raises(AccountError) as err:
        check_password(password)
    assert err.value.code == "auth.bad_password"


def test_a_password_with_one_visible_character_is_taken() -> None:
    assert check_password("        x") == "        x"
