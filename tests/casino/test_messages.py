"""Every refusal of Casino is said in English and Turkish: it is raised from a message
with a ``casino.*`` code in the catalogue, its English text is the message filled with
its params (and reads as it always did), and its Turkish text is a text of its own."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahvehane.errors import (
    CATALOGUE,
    IllegalAction,
    KahvehaneError,
    MalformedAction,
    MalformedSetup,
)
from kahvehane.games.casino import CASINO, CasinoDeal
from kahvehane.games.casino.actions import parse_action
from kahvehane.games.casino.fixed import fixed_setup

from .helpers import CONFIGS, build, capture, position, random_positions, stated_move, trail


def assert_bilingual(exc: KahvehaneError) -> None:
    """``exc`` came from a ``casino.*`` message and says the same in both languages."""
    assert exc.code.startswith("casino."), exc
    assert CATALOGUE[exc.code] == exc.message  # a reloaded module makes equal copies
    assert exc.message.text("en", exc.params) == exc.reason
    turkish = exc.render("tr")
    assert turkish != str(exc) and "{" not in turkish and "}" not in turkish
    for value in exc.params.values():  # the facts (cards, seats, values) appear in both
        if isinstance(value, int | str) and not isinstance(value, bool):
            assert str(value) in turkish and str(value) in str(exc)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(min_value=0, max_value=2**32))
def test_every_refused_move_is_bilingual(config: tuple[str, dict[str, Any]], seed: int) -> None:
    game, options = config
    rng = random.Random(seed)
    codes = set()
    for state in random_positions(game, options, seed):
        for _ in range(4):
            try:
                state.check(stated_move(state, rng))
            except IllegalAction as exc:
                assert exc.rule
                assert_bilingual(exc)
                codes.add(exc.code)
    assert len(codes) >= 12


@pytest.mark.parametrize(("state", "action", "text"), [
    (lambda: position(["6S 9D", "KD"], "6C"), trail(0, "QS"),
     "QS is not in seat 0's hand (C-16)"),
    (lambda: position(["6S 9D", "KD"], "6C"), trail(1, "KD"),
     "it is seat 0's turn, not seat 1's (C-12)"),
    (lambda: position(["3H 8S", "KD"], "5C", [(8, "single", 0, "4C 4D")]), trail(0, "3H"),
     "seat 0 owns the 8-build and may not trail 3H: capture, build or add instead (O-1)"),
    (lambda: position(["8S 3H", "KD"], "8D", [(8, "single", 0, "4C 4D")]),
     capture(0, "8S", "8D"),
     "after playing 8S seat 0 would own the 8-build without a card of its own left to"
     " capture each (O-2)"),
    (lambda: position(["AS 5D", "KD"], "4C 9H", game="royal_casino"), capture(0, "AS", "4C"),
     "declare what AS counts: 1 or 14 (C-3)"),
    (lambda: position(["7S 9D", "KD"], "2C 4H"), build(0, "7S", 13, "7S 2C 4H"),
     "a build is worth 1 to 10, not 13 (C-6)"),
    (lambda: position(["5S 5D", "KD"], "5C", game="royal_casino", preset="royal_dominican"),
     trail(0, "5S"), "5S matches the loose 5C and must capture it (royal_dominican) (R-3b)"),
])
def test_refusals_read_as_they_always_did(state: Any, action: Any, text: str) -> None:
    deal: CasinoDeal = state()
    with pytest.raises(IllegalAction) as info:
        deal.apply(action)
    assert str(info.value) == text
    assert_bilingual(info.value)


def test_the_turkish_text_names_the_rule_and_the_card() -> None:
    deal = position(["6S 9D", "KD"], "6C")
    with pytest.raises(IllegalAction) as info:
        deal.apply(trail(0, "QS"))
    assert info.value.render("tr") == "QS kartı 0. koltuğun elinde yok (C-16)"
    assert info.value.to_json()["code"] == "casino.not_in_hand"


@pytest.mark.parametrize(("raw", "code"), [
    ({"seat": 0, "act": "fish", "card": "7D"}, "casino.unknown_act"),
    ({"seat": -1, "act": "trail", "card": "7D"}, "casino.no_such_seat"),
    ({"seat": 0, "act": "capture", "card": "7D", "sets": ["7C"]}, "casino.set_not_list"),
    ({"seat": 0, "act": "capture", "card": "7D", "sets": [["7C"]], "value": 7.0},
     "casino.not_an_integer"),
    ({"seat": 0, "act": "capture", "card": "AD", "sets": [["AC"]], "value": True},
     "casino.not_an_integer"),
])
def test_a_malformed_action_is_bilingual(raw: dict[str, Any], code: str) -> None:
    with pytest.raises(MalformedAction) as info:
        parse_action(raw)
    assert info.value.code == code
    assert_bilingual(info.value)


def _broken(change: Any) -> dict[str, Any]:
    setup = copy.deepcopy(fixed_setup(2))
    change(setup)
    return setup


@pytest.mark.parametrize(("setup", "code"), [
    (_broken(lambda s: s["rounds"].pop()), "casino.setup_rounds"),
    (_broken(lambda s: s["rounds"].__setitem__(1, ["2C"])), "casino.setup_round_object"),
    (_broken(lambda s: s["rounds"][2]["hands"].pop()), "casino.setup_hands"),
    (_broken(lambda s: s["rounds"][3].__setitem__("table", [])), "casino.setup_later_table"),
])
def test_a_malformed_setup_is_bilingual(setup: dict[str, Any], code: str) -> None:
    options = CASINO.parse_options({"players": 2})
    with pytest.raises(MalformedSetup) as info:
        CASINO.new_deal(options, setup, [])
    assert info.value.code == code
    assert_bilingual(info.value)
    with pytest.raises(MalformedSetup) as first:
        CASINO.setup_first_seat({**setup, "dealer": "north"})
    assert first.value.code == "casino.setup_dealer"
    assert_bilingual(first.value)


def test_every_casino_message_has_a_turkish_text_of_its_own() -> None:
    casino = [m for code, m in CATALOGUE.items() if code.startswith("casino.")]
    assert len(casino) > 60
    for m in casino:
        assert m.en.strip() and m.tr.strip() and m.tr != m.en, m.code
