"""``kahvehane play`` through its real entry point, with typed input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kahvehane.cli import main
from kahvehane.records import replay_result


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          argv: list[str], lines: list[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code = main(["play", *argv])
    return code, capsys.readouterr().out


def test_a_bad_input_keeps_the_turn(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str],
                                    tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out = _play(monkeypatch, capsys,
                      ["koz_maca", "--seed", "3", "--option", "finish_score=30",
                       "--record", str(record)],
                      ["x", "99", "h"] + ["1"] * 400)
    assert code == 0
    assert "'x' is not a move: type a number from 1 to 13" in out
    assert "there is no move 99: the moves are 1 to 13" in out
    assert "bid 13" in out and "score table (yazboz)" in out and "winner:" in out
    assert "bot:heuristic" in out
    result = replay_result(json.loads(record.read_text()))
    assert result["complete"]


def test_okey_seri_and_cift_diz(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _play(monkeypatch, capsys, ["duz_okey", "--seed", "5", "--option", "deals=3"],
                      ["s", "c", "s"] + ["1"] * 600)
    assert code == 0
    assert "rack laid out as seri diz" in out and "rack laid out as çift diz" in out
    assert "indicator" in out and "your rack:" in out
    assert "winner:" in out or "the match is drawn" in out


@pytest.mark.slow
@pytest.mark.parametrize(("argv"), [
    ["balayi_kingi", "--seed", "2", "--seat", "1"],
    ["casino", "--seed", "2", "--option", "players=3", "--bots", "heuristic,random"],
    ["royal_casino", "--seed", "2", "--bots", "search:iterations=3"],
])
def test_card_games_play_to_the_end(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str],
                                    argv: list[str]) -> None:
    code, out = _play(monkeypatch, capsys, argv, ["1"] * 2000)
    assert code == 0
    assert "your hand" in out
    assert "winner:" in out or "the match is drawn" in out


def test_quit_and_end_of_input(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _play(monkeypatch, capsys, ["koz_maca", "--seed", "1"], ["q"])
    assert code == 1 and "you left the match" in out
    code, out = _play(monkeypatch, capsys, ["koz_maca", "--seed", "1"], [])
    assert code == 1 and "input ended" in out


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "koz_maca", "--seat", "7"]) == 2
    assert "seat 7 does not exist" in capsys.readouterr().err
    assert main(["play", "koz_maca", "--bots", "a,b"]) == 2
    assert "every other seat" in capsys.readouterr().err


def test_each_family_is_drawn_by_its_renderer_and_a_new_one_plainly() -> None:
    """The table is drawn by the game family's renderer (the spec's ``family``), and a
    family without one (a new game) still plays, its view shown as data."""
    import rich.console

    from kahvehane.games import all_specs
    from kahvehane.match import Match
    from kahvehane.play import render_plain, renderer

    for spec in all_specs():
        assert renderer(spec.family) is not render_plain, spec.family
    assert renderer("a_new_family") is render_plain
    console = rich.console.Console(record=True, width=120)
    deal = Match("balayi_kingi", seed=1).deal()
    render_plain(deal.view(deal.to_act[0]), console)
    assert "'contract'" in console.export_text()


def test_a_mistyped_option_is_refused_before_the_match(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert main(["play", "casino", "--option", "players=3.0"]) == 2
    assert "must be an integer: 2, 3 or 4, not '3.0'" in capsys.readouterr().err
