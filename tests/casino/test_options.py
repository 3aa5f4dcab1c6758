"""Options through the spec: exact types for every option (issue 20: ``{"players": 2.0}``
was accepted and the match never started), then the checks that tie options together,
each refusal with its code; what is accepted parses to itself and plays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kahvehane.errors import CATALOGUE, InvalidOptions
from kahvehane.games import get_game, get_spec
from kahvehane.games.casino import CASINO, ROYAL_CASINO
from kahvehane.games.spec import OptionSpec
from kahvehane.match import Match

GAMES = ("casino", "royal_casino")
BASE: dict[str, Any] = {"players": 2}


def _of_type(kind: type) -> list[tuple[str, OptionSpec]]:
    return [(g, o) for g in GAMES for o in get_spec(g).options if o.type is kind]


def _refusal(game: str, raw: dict[str, Any]) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as info:
        get_game(game).parse_options(raw)
    exc = info.value
    assert exc.code in CATALOGUE and exc.render("tr") != str(exc)
    return exc


@pytest.mark.parametrize(("game", "opt"), _of_type(int), ids=lambda x: getattr(x, "name", x))
def test_every_integer_option_refuses_floats_booleans_and_strings(game: str,
                                                                  opt: OptionSpec) -> None:
    good = opt.choices[0] if opt.choices else opt.default
    assert get_game(game).parse_options({**BASE, opt.name: good})[opt.name] == good
    for bad in (float(good), True, str(good), None):
        exc = _refusal(game, {**BASE, opt.name: bad})
        assert exc.code in ("options.not_integer", "options.bad_type_choice")
        assert f"'{opt.name}'" in str(exc) and game in str(exc)


@pytest.mark.parametrize(("game", "opt"), _of_type(bool), ids=lambda x: getattr(x, "name", x))
def test_every_boolean_option_refuses_numbers_strings_and_null(game: str,
                                                               opt: OptionSpec) -> None:
    assert get_game(game).parse_options({**BASE, opt.name: False})[opt.name] is False
    for bad in (0, 1, "true", "false", None):
        exc = _refusal(game, {**BASE, opt.name: bad})
        assert exc.code == "options.not_boolean"
        assert f"'{opt.name}'" in str(exc)


@pytest.mark.parametrize(("game", "opt"), _of_type(str), ids=lambda x: getattr(x, "name", x))
def test_every_string_option_is_a_choice_or_null(game: str, opt: OptionSpec) -> None:
    assert opt.nullable and opt.choices
    for bad in (1, True, ["clockwise"], "sideways"):
        assert _refusal(game, {**BASE, opt.name: bad}).code in (
            "options.not_string", "options.bad_choice")


def test_float_players_is_refused_as_issue_20_found() -> None:
    for game in GAMES:
        exc = _refusal(game, {"players": 2.0})
        assert exc.code == "options.bad_type_choice"
        assert str(exc) == f"option 'players' of {game} must be an integer: 2, 3 or 4, not 2.0"
        assert exc.render("tr") == (f"{game} seçeneği 'players' bir tam sayı olmalı: 2, 3 ya da"
                                    " 4; 2.0 değil")


@pytest.mark.parametrize(("game", "raw", "code"), [
    ("casino", {"players": 3, "partners": True}, "casino.partners_need_four"),
    ("royal_casino", {"players": 2, "partners": True}, "casino.partners_need_four"),
    ("casino", {"players": 2, "nordic_specials": True}, "casino.nordic_is_royal"),
    ("casino", {"players": 2, "nordic_specials": 0}, "options.not_boolean"),
    ("casino", {"players": 2, "preset": "royal_dominican"}, "casino.no_preset"),
    ("casino", {"players": 2, "direction": "counter-clockwise"}, "options.bad_choice"),
    ("royal_casino", {"players": 2, "direction": "counter-clockwise"}, "casino.wrong_direction"),
    ("royal_casino", {"players": 2, "preset": "royal_dominican", "direction": "clockwise"},
     "casino.wrong_direction"),
    ("royal_casino", {"players": 2, "preset": "royal_dominican", "nordic_specials": True},
     "casino.preset_no_nordic"),
    ("royal_casino", {"players": 2, "preset": "dominican"}, "options.bad_choice"),
    ("casino", {"players": 2, "house_rule": 1}, "options.unknown"),
    ("casino", {}, "options.required"),
    ("casino", {"players": 2, "target": 0}, "options.out_of_range"),
])
def test_each_refusal_has_its_code(game: str, raw: dict[str, Any], code: str) -> None:
    assert _refusal(game, raw).code == code


def test_the_cross_checks_keep_their_english_text() -> None:
    assert str(_refusal("casino", {"players": 3, "partners": True})) == (
        "partners (2 v 2) needs 'players': 4")
    assert str(_refusal("royal_casino", {"players": 2, "direction": "counter-clockwise"})) == (
        "option 'direction' must be 'clockwise' at this table, not 'counter-clockwise'"
        " (counter-clockwise play comes with the royal_dominican preset, R-3a)")
    assert str(_refusal("casino", {"players": 2, "preset": "x"})) == (
        "casino has no preset 'x': 'royal_dominican' is a royal_casino preset (R-3)")


def test_royal_options_at_a_casino_table_are_accepted_only_off() -> None:
    off = {"players": 2, "nordic_specials": False, "preset": None, "direction": "clockwise"}
    assert CASINO.parse_options(off) == CASINO.parse_options({"players": 2})
    assert ROYAL_CASINO.parse_options({"players": 2, "preset": None, "direction": None}) == (
        ROYAL_CASINO.parse_options({"players": 2}))


def test_the_served_form_names_each_games_own_options() -> None:
    casino, royal = (get_spec(g).to_json()["options"] for g in GAMES)
    table = get_spec("casino").to_json()["table_options"]  # the salon's, after the game's
    assert table == ["bot_level"]
    assert list(casino) == ["players", "partners", "sweeps", "target", "direction", *table]
    assert list(royal) == ["players", "partners", "sweeps", "target", "nordic_specials",
                           "preset", "direction", *table]
    assert royal["preset"] == {
        "type": "string", "default": None, "choices": ["royal_dominican"], "nullable": True,
        "label": {"en": "Rules preset", "tr": "Kural ön ayarı"},
        "note": royal["preset"]["note"]}
    assert casino["direction"]["choices"] == ["clockwise"]
    assert royal["direction"]["choices"] == ["clockwise", "counter-clockwise"]
    assert casino["sweeps"]["default"] is False and royal["sweeps"]["default"] is True
    for form in (casino, royal):
        assert all(o["label"]["en"] and o["label"]["tr"] for o in form.values())


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, 30), st.floats(0, 5),
                   st.sampled_from(["2", "clockwise", "counter-clockwise", "royal_dominican"]))
"""Any value at all, of any type an option might be given."""
LIKELY = {  # each option: mostly a value of its own type, sometimes anything
    "partners": st.booleans(),
    "sweeps": st.booleans(),
    "target": st.integers(1, 30),
    "nordic_specials": st.booleans(),
    "preset": st.sampled_from([None, "royal_dominican"]),
    "direction": st.sampled_from([None, "clockwise", "counter-clockwise"]),
}


def _mostly(own: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``own`` four times in five, any value the fifth."""
    return st.integers(0, 4).flatmap(lambda k: own if k else VALUES)


OPTIONS = st.fixed_dictionaries(
    {"players": _mostly(st.sampled_from([2, 3, 4]))},
    optional={k: _mostly(v) for k, v in LIKELY.items()})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), raw=OPTIONS)
def test_random_options_are_refused_clearly_or_parse_to_themselves_and_play(
    game: str, raw: dict[str, Any]
) -> None:
    rules = get_game(game)
    try:
        parsed = rules.parse_options(raw)
    except InvalidOptions as exc:
        assert exc.code in CATALOGUE and exc.render("tr") != str(exc)
        return
    assert rules.parse_options(parsed) == parsed
    assert all(type(v) in (int, bool, str) for v in parsed.values())
    m = Match(game, parsed, seed=len(raw))
    state = m.deal()
    rng = random.Random(0)
    while not state.is_over:
        m.apply(rng.choice(state.legal_actions(state.to_act[0])))
    assert state.result() is not None
