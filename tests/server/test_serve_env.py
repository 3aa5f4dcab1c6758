"""Every ``kahvehane serve`` option also comes from an environment variable
(``KAHVEHANE_DB``, ...: kahvehane/server/run.py), and a flag wins over it."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from kahvehane.cli import build_parser
from kahvehane.server.run import env_name, settings_from


def _serve_actions() -> list[argparse.Action]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return [a for a in sub.choices["serve"]._actions
            if a.option_strings and a.dest != "help"]


def _sample(action: argparse.Action) -> tuple[str, Any]:
    """A value for ``action`` as the environment gives it, and as the program reads it."""
    if isinstance(action, argparse._StoreTrueAction):
        return "1", True
    if action.choices is not None:
        choice = sorted(action.choices)[-1]
        return (choice, [choice]) if isinstance(action, argparse._AppendAction) \
            else (choice, choice)
    if action.dest == "room":
        return "Acemi:1:0, Usta:500:5000", ["Acemi:1:0", "Usta:500:5000"]
    if isinstance(action, argparse._AppendAction):
        return "10.0.0.1, 10.0.0.0/24", ["10.0.0.1", "10.0.0.0/24"]
    if action.type is int:
        return "7", 7
    if action.type is float:
        return "2.5", 2.5
    return "sqlite:///from-env.sqlite3", "sqlite:///from-env.sqlite3"


def test_every_serve_option_is_read_from_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    actions = _serve_actions()
    assert len(actions) > 30
    expected = {}
    for action in actions:
        raw, value = _sample(action)
        monkeypatch.setenv(env_name(action.dest), raw)
        expected[action.dest] = value
    args = build_parser().parse_args(["serve"])
    assert {dest: getattr(args, dest) for dest in expected} == expected


def test_a_flag_wins_and_the_settings_take_the_variables(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAHVEHANE_DB", "postgresql://kh@db/salon")
    monkeypatch.setenv("KAHVEHANE_PORT", "9000")
    monkeypatch.setenv("KAHVEHANE_SECURE_COOKIES", "yes")
    monkeypatch.setenv("KAHVEHANE_TRUSTED_PROXY", "127.0.0.1")
    monkeypatch.setenv("KAHVEHANE_OPS_TOKEN", "t0ken")
    args = build_parser().parse_args(["serve", "--port", "8100"])
    assert args.port == 8100  # the flag
    settings = settings_from(args)
    assert settings.db_url == "postgresql://kh@db/salon" and settings.secure_cookies
    assert settings.trusted_proxies == ("127.0.0.1",) and settings.ops_token == "t0ken"


@pytest.mark.parametrize("name, raw", [("KAHVEHANE_PORT", "eighty"),
                                       ("KAHVEHANE_SECURE_COOKIES", "maybe"),
                                       ("KAHVEHANE_WS", "carrier-pigeon")])
def test_a_variable_that_does_not_parse_stops_the_program(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        name: str, raw: str) -> None:
    monkeypatch.setenv(name, raw)
    with pytest.raises(SystemExit) as stop:
        build_parser()
    assert stop.value.code == 2 and name in capsys.readouterr().err


def test_rooms_from_the_variable_and_a_bad_room_stops(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert settings_from(build_parser().parse_args(["serve", "--room", "none"])).rooms == ()
    with pytest.raises(ValueError, match="above the one before"):
        settings_from(build_parser().parse_args(["serve", "--room", "A:50:0", "--room",
                                                 "B:10:0"]))
    monkeypatch.setenv("KAHVEHANE_ROOM", "Kahve:1:0,Saray:200:4000")
    rooms = settings_from(build_parser().parse_args(["serve"])).rooms
    assert [(r.name, r.entry_from, r.min_balance) for r in rooms] == [
        ("Kahve", 1, 0), ("Saray", 200, 4000)]
    monkeypatch.setenv("KAHVEHANE_ROOM", "Kahve:bir:0")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve"])
    assert "KAHVEHANE_ROOM" in capsys.readouterr().err
