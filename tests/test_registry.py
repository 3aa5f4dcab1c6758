"""The one game registry (kahvehane.games.spec): every game declared once, options
typed exactly, and every message in both languages."""

from __future__ import annotations

import pytest

from kahvehane.errors import CATALOGUE, IllegalAction, InvalidOptions, Message
from kahvehane.games import GAME_NAMES, all_specs, get_game, get_spec
from kahvehane.games.spec import OptionSpec


def test_every_game_is_declared_once_in_the_salons_order() -> None:
    ids = [s.id for s in all_specs()]
    assert ids == ["duz_okey", "kdv_okey", "koz_maca", "okey_101", "balayi_kingi", "casino",
                   "royal_casino"]
    assert set(ids) == GAME_NAMES
    for spec in all_specs():
        assert get_game(spec.id).name == spec.id
        assert get_game(spec.id).spec is spec


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(Exception, match="unknown game 'chess': games are balayi_kingi"):
        get_spec("chess")


@pytest.mark.parametrize("bad", [2.0, True, "2", None, [2]])
def test_an_integer_option_refuses_every_other_type(bad: object) -> None:
    opt = OptionSpec("players", int, None, choices=(2, 3, 4), required=True)
    with pytest.raises(InvalidOptions) as info:
        opt.parse(bad, "casino")
    assert info.value.code == "options.bad_type_choice"
    assert "'players'" in str(info.value) and "casino" in str(info.value)


@pytest.mark.parametrize("bad", [0, 1, "false", None])
def test_a_boolean_option_refuses_numbers_and_strings(bad: object) -> None:
    with pytest.raises(InvalidOptions, match="must be true or false"):
        OptionSpec("pairs", bool, False).parse(bad, "duz_okey")


def test_a_range_and_a_choice_are_checked_after_the_type() -> None:
    with pytest.raises(InvalidOptions, match="at least 1, not 0"):
        OptionSpec("target", int, 21, min=1).parse(0, "casino")
    with pytest.raises(InvalidOptions, match="must be 3, 5 or 7, not 4") as info:
        OptionSpec("deals", int, 5, choices=(3, 5, 7)).parse(4, "duz_okey")
    assert info.value.render("tr").endswith("3, 5 ya da 7 olmalı, 4 değil")


def test_spec_parse_fills_defaults_and_refuses_unknown_and_missing() -> None:
    spec = get_spec("duz_okey")
    assert spec.parse_options({}) == {"deals": 5, "pairs": False}
    with pytest.raises(InvalidOptions, match="unknown option"):
        spec.parse_options({"speed": 1})
    with pytest.raises(InvalidOptions, match="needs the option 'players'"):
        get_spec("casino").parse_options({})


def test_the_served_form_matches_the_spec() -> None:
    data = get_spec("casino").to_json()
    assert data["seats"] == [2, 3, 4] and data["seats_option"] == "players"
    assert data["options"]["players"]["required"] is True
    assert data["options"]["players"]["type"] == "integer"
    assert data["options"]["partners"]["label"]["tr"]
    assert get_spec("koz_maca").to_json()["entry"] is True


def test_entry_rule_settles_what_it_started() -> None:
    from kahvehane.games.base import MatchSummary

    entry = get_spec("koz_maca").entry
    assert entry is not None and entry.kasa
    start = entry.start(1000, 4)
    s = entry.settle(1000, 5000, MatchSummary(True, (101, 50, 20, 10), 0,
                                              {"kasa_claimant": 2}))
    assert s.at_start == tuple(start)
    moved: dict[str, int] = {}
    for t in s.at_start + s.at_end:
        moved[t.source] = moved.get(t.source, 0) - t.amount
        moved[t.target] = moved.get(t.target, 0) + t.amount
    assert moved.get("pot", 0) == 0
    assert tuple(moved[f"seat:{i}"] for i in range(4)) == s.net == (2000, -1000, 5000, -1000)
    assert s.kasa_after == 0


def test_every_message_speaks_both_languages_with_the_same_params() -> None:
    for spec in all_specs():
        get_game(spec.id)
    assert CATALOGUE
    for code, msg in CATALOGUE.items():
        assert msg.code == code and msg.en.strip() and msg.tr.strip(), code
    with pytest.raises(ValueError, match="different params"):
        Message("test.bad", "{a}", "{b}")
    with pytest.raises(ValueError, match="already used"):
        Message("game.casino", "Other", "Başka")


def test_an_error_from_a_message_keeps_reason_rule_and_params_apart() -> None:
    msg = Message("test.turn", "it is seat {turn}'s turn", "sıra {turn}. koltukta")
    exc = IllegalAction(msg, "rule 9", turn=2)
    assert (exc.reason, exc.rule, exc.params) == ("it is seat 2's turn", "rule 9", {"turn": 2})
    assert str(exc) == "it is seat 2's turn (rule 9)"
    assert exc.render("tr") == "sıra 2. koltukta (kural 9)"
    assert exc.to_json() == {"code": "test.turn", "params": {"turn": 2},
                             "message": "it is seat 2's turn (rule 9)", "rule": "rule 9"}
    with pytest.raises(TypeError, match="needs the params"):
        IllegalAction(msg, "rule 9")
    import pickle

    again = pickle.loads(pickle.dumps(exc))
    assert (type(again), again.code, again.rule, str(again)) == (
        IllegalAction, "test.turn", "rule 9", str(exc))
