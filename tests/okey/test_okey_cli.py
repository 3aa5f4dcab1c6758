"""``kahvehane okey solve``: text and JSON output, exit status and errors.

The command is driven through a parser built here with :func:`kahvehane.okey_cli.register`
(the way ``kahvehane.cli`` adds it); once ``kahvehane.cli`` registers it, the last test
also runs it through ``kahvehane.cli.main``.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

import pytest

from kahvehane import cli, okey_cli


def words(text: str) -> list[str]:
    return text.split()


FINISH_15 = words("R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4 K1")


def run(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="kahvehane")
    okey_cli.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    code: int = args.func(args)
    return code


def test_text_output_rule_32(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["okey", "solve", "--indicator", "R2", *words("R4 R5 R6 B9 B9 Y13 K2 R3")]) == 0
    out = capsys.readouterr().out
    assert "okey R3" in out
    assert "[R4 R5 R6 R3] [Y13] [B9] [B9] [K2]" in out
    assert "unmatched sum 33" in out
    assert "finish: needs 15 tiles, not 8" in out
    assert "2 pairs" in out


def test_text_output_finish(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["okey", "solve", "-i", "Y9", *FINISH_15]) == 0
    out = capsys.readouterr().out
    assert "finish: put K1 on the indicator: plain (x1)" in out
    assert "unmatched sum 0" in out


def test_text_output_no_finish(capsys: pytest.CaptureFixture[str]) -> None:
    hand = words("R1 R3 R5 R7 R9 R11 R13 Y2 Y4 Y6 Y8 Y10 Y12 B1 B3")
    assert run(["okey", "solve", "--indicator", "K5", *hand]) == 0
    assert "finish: not possible" in capsys.readouterr().out


def test_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["okey", "solve", "--indicator", "Y9", "--json", *FINISH_15]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["indicator"] == "Y9" and data["okey"] == "Y10"
    assert data["can_finish"] is True
    assert data["finish"] == {
        "tile": "K1",
        "multiplier": 1,
        "kind": "plain",
        "blocks": data["finish"]["blocks"],
    }
    assert sorted(x for b in data["finish"]["blocks"] for x in b) == sorted(FINISH_15[:-1])
    assert data["arrangement"]["unmatched_sum"] == 0
    assert data["pairs"]["pairs"] == 0
    assert data["tiles"] == FINISH_15


def test_json_cift_okey(capsys: pytest.CaptureFixture[str]) -> None:
    hand = words("R1 R1 Y5 Y5 B9 B9 K13 K13 J J R7 R7 B2 B2 R3")
    assert run(["okey", "solve", "--indicator", "R2", "--json", *hand]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["finish"]["tile"], data["finish"]["kind"], data["finish"]["multiplier"]) == (
        "R3",
        "çift+okey",
        4,
    )
    assert all(len(b) == 2 for b in data["finish"]["blocks"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--indicator", "R2", "R1", "X5"], "'X5' is not a tile"),
        (["--indicator", "Q2", "R1"], "'Q2' is not a tile"),
        (["--indicator", "R2", "R5", "R5", "R5"], "R5 appears 3 times"),
        (["--indicator", "J", "R5"], "false joker"),
        (["--indicator", "R2", "R2", "R2"], "indicator"),
    ],
)
def test_bad_racks_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["okey", "solve", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.startswith("kahvehane okey solve: ")


def test_indicator_is_required() -> None:
    with pytest.raises(SystemExit) as exc:
        run(["okey", "solve", "R1", "R2"])
    assert exc.value.code == 2


def test_through_kahvehane_main(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["okey", "solve", "--indicator", "R2", "--json", "R4", "R5", "R6", "R3"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["arrangement"] == {"blocks": [["R4", "R5", "R6", "R3"]], "unmatched_sum": 0}
