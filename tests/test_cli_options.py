"""Table options on the command line (``--option KEY=VALUE`` of ``simulate`` and
``play``) are read through each game's typed option specs, and ``--help`` lists them
from the registry."""

from __future__ import annotations

import argparse
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kahvehane.cli import build_parser, describe_option, main
from kahvehane.errors import InvalidOptions, Message
from kahvehane.games import all_specs, get_spec
from kahvehane.games.spec import OptionSpec

OPTIONS = [(spec.id, opt) for spec in all_specs() for opt in spec.options]


def _text(value: Any) -> str:
    """A value as a person types it after ``KEY=``."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _allowed(opt: OptionSpec) -> st.SearchStrategy[Any]:
    if opt.choices is not None:
        return st.sampled_from(opt.choices)
    if opt.type is bool:
        return st.booleans()
    if opt.type is int:
        return st.integers(min_value=opt.min, max_value=opt.max)
    return st.text(min_size=1)


@pytest.mark.parametrize(("game", "opt"), OPTIONS, ids=[f"{g}-{o.name}" for g, o in OPTIONS])
@given(data=st.data())
def test_every_allowed_value_reads_back_from_its_text(game: str, opt: OptionSpec,
                                                      data: st.DataObject) -> None:
    value = data.draw(_allowed(opt))
    got = opt.from_text(_text(value), game)
    assert got == value and type(got) is opt.type


@given(text=st.text().filter(lambda t: not re.fullmatch(r"\s*[+-]?[0-9]+\s*", t)))
def test_an_integer_option_refuses_every_text_that_is_not_an_integer(text: str) -> None:
    with pytest.raises(InvalidOptions) as info:
        get_spec("duz_okey").option("deals").from_text(text, "duz_okey")
    assert info.value.code == "options.bad_type_choice"
    assert f"not {text!r}" in str(info.value)


@pytest.mark.parametrize("text", ["yes", "1", "0", "True ", "no", ""])
def test_a_boolean_option_reads_only_true_and_false(text: str) -> None:
    opt = get_spec("casino").option("partners")
    if text.strip().lower() in ("true", "false"):
        assert opt.from_text(text, "casino") is (text.strip().lower() == "true")
    else:
        with pytest.raises(InvalidOptions, match="must be true or false"):
            opt.from_text(text, "casino")


def test_texts_are_checked_against_choices_and_ranges() -> None:
    with pytest.raises(InvalidOptions, match="must be 3, 5, 7, 9 or 11, not 4"):
        get_spec("kdv_okey").option("deals").from_text("4", "kdv_okey")
    with pytest.raises(InvalidOptions, match="at least 1, not 0"):
        get_spec("casino").option("target").from_text("0", "casino")
    assert get_spec("koz_maca").option("kasa_rule").from_text(
        "first_six_tricks", "koz_maca") == "first_six_tricks"


def test_options_from_text_types_declared_names_and_keeps_the_rest() -> None:
    spec = get_spec("royal_casino")
    got = spec.options_from_text([("players", "4"), ("partners", "true"),
                                  ("direction", "counter-clockwise")])
    assert got == {"players": 4, "partners": True, "direction": "counter-clockwise"}


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "duz_okey", "--bots", "random,random,random,random", "--option",
      "deals=2.0"], "option 'deals' of duz_okey must be an integer: 3, 5, 7, 9 or 11,"
                    " not '2.0'"),
    (["simulate", "casino", "--bots", "random,random", "--option", "players=2.0"],
     "option 'players' of casino must be an integer: 2, 3 or 4, not '2.0'"),
    (["simulate", "casino", "--bots", "random,random", "--option", "partners=yes"],
     "option 'partners' of casino must be true or false, not 'yes'"),
    (["play", "royal_casino", "--option", "players=three"],
     "option 'players' of royal_casino must be an integer: 2, 3 or 4, not 'three'"),
    (["play", "koz_maca", "--option", "finish_score=1e3"],
     "option 'finish_score' of koz_maca must be an integer, not '1e3'"),
])
def test_the_command_line_refuses_a_mistyped_option(argv: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_seat_count_option_is_the_number_of_bots_when_not_given() -> None:
    from kahvehane.simulate import seats_for

    for spec in all_specs():
        if spec.seats_option is None:
            continue
        for n in spec.seats:
            parsed, seats = seats_for(spec.id, {}, n)
            assert seats == n and parsed[spec.seats_option] == n


@pytest.mark.parametrize("command", ["simulate", "play"])
def test_help_lists_every_games_options_from_its_spec(command: str) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    text = sub.choices[command].format_help()
    for spec in all_specs():
        line = next(x for x in text.splitlines() if x.strip().startswith(f"{spec.id}:"))
        for opt in spec.options:
            assert describe_option(opt) in line
    assert "players (integer: 2, 3 or 4; required)" in text
    assert "target (integer, at least 1; default 21)" in text


def test_choice_labels_go_with_choices() -> None:
    opt = get_spec("koz_maca").option("kasa_rule")
    assert opt.choices is not None and opt.choice_labels is not None
    served = opt.to_json()["choice_labels"]
    assert len(served) == len(opt.choices) and all(x["en"] and x["tr"] for x in served)
    one = Message("test.option.one", "one", "bir")
    with pytest.raises(ValueError, match="one choice label per choice"):
        OptionSpec("x", str, "a", choices=("a", "b"), choice_labels=(one,))
    with pytest.raises(ValueError, match="one choice label per choice"):
        OptionSpec("x", int, 1, min=1, choice_labels=(one,))


def test_lower_totals_win_is_served() -> None:
    served = {s.id: s.to_json()["lower_totals_win"] for s in all_specs()}
    assert served["duz_okey"] is served["kdv_okey"] is True
    assert served["koz_maca"] is served["casino"] is False
