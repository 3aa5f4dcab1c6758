"""Okey records: replay output, errors that name the deal and action, the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kahvehane.cli import main
from kahvehane.games.okey.fixed import fixed_setup
from kahvehane.records import ReplayError, replay, replay_result

from .helpers import MELDS_14


def _one_deal_record(actions: list[dict[str, Any]], game: str = "duz_okey") -> dict[str, Any]:
    return {
        "format": "kahvehane/1",
        "game": game,
        "options": {"deals": 3},
        "deals": [{"setup": fixed_setup(starter=0, indicator="K5",
                                        hands={0: [*MELDS_14, "Y13"]}),
                   "actions": actions}],
    }


def test_unfinished_record_replays_as_incomplete() -> None:
    rec = _one_deal_record([{"seat": 0, "act": "discard", "tile": "Y13"}])
    out = replay_result(rec)
    assert out["complete"] is False and out["winner"] is None
    assert out["deals"][0]["scores"] is None and out["deals"][0]["end"] is None
    assert out["deals"][0]["detail"]["starter"] == 0
    assert out["ranking_points"] is None
    assert out["totals"] == [0, 0, 0, 0]


def test_finish_detail_matches_records_md() -> None:
    out = replay_result(_one_deal_record([{"seat": 0, "act": "finish", "tile": "Y13"}]))
    deal = out["deals"][0]
    assert deal["scores"] == [-4, 4, 4, 4]  # black indicator K5: u = 2, F = 2·u·M = 4
    assert deal["end"] == "finish"
    assert deal["detail"] == {"starter": 0, "indicator": "K5", "okey": "K6", "finisher": 0,
                              "multiplier": 1, "finish_tile": "Y13", "gosterge": None}


@pytest.mark.parametrize(
    ("actions", "index", "message"),
    [
        ([{"seat": 1, "act": "draw", "from": "pile"}], 0, "seat 0's turn"),
        ([{"seat": 0, "act": "discard", "tile": "Y13"},
          {"seat": 1, "act": "draw", "from": "pile"},
          {"seat": 1, "act": "draw", "from": "pile"}], 2, "already drawn"),
        ([{"seat": 0, "act": "discard", "tile": "R14"}], 0, "numbers are 1–13"),
        ([{"seat": 0, "act": "fly"}], 0, "unknown Okey action"),
        ([{"seat": 0, "act": "discard"}], 0, "no 'tile' field"),
        ([{"seat": 7, "act": "discard", "tile": "R1"}], 0, "seat 7 does not exist"),
        ([{"seat": 0, "act": "finish", "tile": "Y13"},
          {"seat": 1, "act": "arrange", "rack": []}], 1, "deal is over"),
    ],
)
def test_illegal_actions_name_deal_action_and_rule(
    actions: list[dict[str, Any]], index: int, message: str
) -> None:
    with pytest.raises(ReplayError) as info:
        replay(_one_deal_record(actions))
    err = info.value
    assert (err.deal, err.action_index, err.illegal) == (0, index, True)
    assert message in str(err)
    assert f"deal 0, action {index} " in str(err)


@pytest.mark.parametrize(
    ("record", "deal", "message"),
    [
        ("{not json", None, "not JSON"),
        ({"game": "tavla", "deals": []}, None, "unknown game 'tavla'"),
        ({"format": "pgn", "game": "duz_okey", "deals": []}, None, "format"),
        ({"game": "duz_okey"}, None, "no 'deals'"),
        ({"game": "duz_okey", "deals": [{"actions": []}]}, 0, "no setup and the record has no"),
        ({"game": "duz_okey", "deals": [{"setup": {"starter": 0}, "actions": []}]}, 0,
         "no 'indicator'"),
    ],
)
def test_malformed_records_are_reported(record: Any, deal: int | None, message: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(record if isinstance(record, str) else json.dumps(record))
    assert info.value.deal == deal and info.value.action_index is None
    assert message in str(info.value)


def test_an_unfinished_deal_that_is_not_the_last_is_malformed() -> None:
    rec = _one_deal_record([])
    rec["deals"].append({"setup": fixed_setup(starter=1), "actions": []})
    with pytest.raises(ReplayError, match="deal 0, setup: malformed record: an unfinished"):
        replay(rec)


def test_a_deal_after_the_match_is_over_is_malformed() -> None:
    finish = [{"seat": 0, "act": "finish", "tile": "Y13"}]
    deals = []
    for k in range(4):
        starter = k % 4
        deals.append({"setup": fixed_setup(starter=starter, indicator="K5",
                                           hands={starter: [*MELDS_14, "Y13"]}),
                      "actions": [{**finish[0], "seat": starter}]})
    rec = {"game": "duz_okey", "options": {"deals": 3}, "deals": deals}
    with pytest.raises(ReplayError) as info:
        replay(rec)
    assert info.value.deal == 3 and "after the match is over" in str(info.value)
    rec["deals"] = deals[:3]
    out = replay_result(rec)
    assert out["complete"] is True
    assert out["totals"] == [-4 + 4 + 4, 4 - 4 + 4, 4 + 4 - 4, 12]
    assert out["winner"] is None  # seats 0, 1, 2 tie on 4 with one finish each
    assert out["ranking_points"] == pytest.approx([1, 1, 1, -3])


def test_cli_replay_json_and_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_one_deal_record([{"seat": 0, "act": "finish",
                                                   "tile": "Y13"}])))
    assert main(["replay", "--json", str(good)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"][0]["end"] == "finish"
    assert main(["replay", "--table", str(good)]) == 0
    table = capsys.readouterr().out
    assert "seat 0" in table and "total" in table
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_one_deal_record([{"seat": 2, "act": "discard", "tile": "R1"}])))
    assert main(["replay", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "deal 0, action 0" in captured.err and "rule 9" in captured.err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


def test_cli_reads_standard_input() -> None:
    rec = json.dumps(_one_deal_record([{"seat": 0, "act": "finish", "tile": "Y13"}]))
    proc = subprocess.run([sys.executable, "-m", "kahvehane.cli", "replay", "-"], input=rec,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["game"] == "duz_okey"
