"""Leading: KM-8 (no spade lead before spades are broken, unless only spades are held);
Balayı Kingi has no lead restriction (BK-10: the winner leads any accessible card)."""

from __future__ import annotations

from kahvehane.cards import HEARTS, SPADES
from kahvehane.games.tricks import lead_mask, playable_mask
from tests.tricks.helpers import KM, balayi, m, names


def test_t_km_7_unbroken_spades_cannot_be_led() -> None:
    assert names(lead_mask(KM, m("AS", "2H"), trumps_broken=False)) == {"2H"}


def test_t_km_7_only_spades_may_be_led() -> None:
    assert names(lead_mask(KM, m("AS", "3S"), trumps_broken=False)) == {"AS", "3S"}


def test_t_km_7_after_a_spade_everything_may_be_led() -> None:
    assert names(lead_mask(KM, m("AS", "2H"), trumps_broken=True)) == {"AS", "2H"}


def test_playable_mask_on_an_empty_trick_is_the_lead_rule() -> None:
    assert playable_mask(KM, m("AS", "2H"), [], False) == m("2H")


def test_balayi_leads_anything_even_trumps() -> None:
    for trump in (SPADES, HEARTS, None):
        assert names(lead_mask(balayi(trump), m("AS", "2H", "KD"), False)) == {
            "AS", "2H", "KD"}


def test_no_trump_rules_never_restrict_leads() -> None:
    rules = balayi(None)
    assert lead_mask(rules, m("2C", "3C"), False) == m("2C", "3C")
