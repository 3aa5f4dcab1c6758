"""101 Okey in the terminal: ``kahvehane play``, ``simulate`` and ``ladder`` play it,
its moves and table are narrated in both languages, and a name the registry does not
know is refused."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from kahvehane.cli import main
from kahvehane.games import GAME_NAMES
from kahvehane.narration import Voice
from kahvehane.records import replay_result


def _play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
          argv: list[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 3000))
    code = main(["play", "okey_101", "--seed", "3", "--option", "deals=3", *argv])
    return code, capsys.readouterr().out


def test_play_okey_101_to_the_end_in_english(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    assert "okey_101" in GAME_NAMES  # listed in the salon and the command line's help
    record = tmp_path / "m.json"
    code, out = _play(monkeypatch, capsys, ["--lang", "en", "--record", str(record)])
    assert code == 0
    assert "opens with" in out and "meld 1 (seat 2)" in out
    assert "you need 101 in melds or 5 pairs" in out
    assert "winner:" in out or "the match is drawn" in out
    assert replay_result(json.loads(record.read_text()))["complete"]


def test_play_okey_101_in_turkish(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _play(monkeypatch, capsys, ["--lang", "tr"])
    assert code == 0
    assert "ile açtı" in out and "işledi" in out


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_the_101_moves_and_events_are_narrated(lang: str) -> None:
    voice = Voice(["sen", "Ali", "Can", "Efe"], 0, lang)
    melds = [["R11", "Y11", "K11"], ["B1", "B2", "*B3"]]
    lines = [
        voice.event({"kind": "open", "seat": 1, "melds": [{"tiles": m} for m in melds],
                     "value": 39}).plain,
        voice.event({"kind": "layoff", "seat": 0, "meld": 0, "tile": "B11"}).plain,
        voice.event({"kind": "swap", "seat": 2, "meld": 1, "tile": "B3"}).plain,
        voice.event({"kind": "return", "seat": 3, "tile": "R5"}).plain,
        voice.event({"kind": "discard", "seat": 1, "tile": "B12", "penalty": "islek"}).plain,
        voice.move({"seat": 0, "act": "open_pairs", "pairs": [["R5", "R5"]] * 5}).plain,
        voice.move({"seat": 0, "act": "layoff", "meld": 1, "tile": "*B4"}).plain,
        voice.move({"seat": 0, "act": "return"}).plain,
    ]
    for line in lines:
        assert "{" not in line and line.strip(), line
    assert "[R11][Y11][K11] [B1][B2][*B3]" in lines[0] and "39" in lines[0]
    assert "1" in lines[1] and "[B11]" in lines[1]
    assert "[*B4]" in lines[6] and "2" in lines[6]
    expected = {"en": ("opens with", "işlek", "5 pairs"),
                "tr": ("ile açtı", "işlek", "5 çift")}[lang]
    assert expected[0] in lines[0] and expected[1] in lines[4] and expected[2] in lines[5]


def test_simulate_and_ladder_take_okey_101(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    summary = tmp_path / "s.json"
    assert main(["simulate", "okey_101", "--bots", "heuristic,random,heuristic,random",
                 "--matches", "2", "--seed", "1", "--json", str(summary)]) == 0
    assert json.loads(summary.read_text())["game"] == "okey_101"
    assert main(["ladder", "okey_101", "--matches", "2", "--seed", "1", "--no-times"]) == 0
    assert "heuristic" in capsys.readouterr().out


def test_an_unknown_game_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "okey_102", "--bots", "random"])
    assert "unknown game 'okey_102'" in capsys.readouterr().err
