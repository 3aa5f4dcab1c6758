"""Golden records: every ``tests/records/<game>/NAME.json`` replays to ``NAME.expected.json``.

A legal record's expected file is the replay result (numbers compared within 1e-6,
``detail`` may hold more keys than expected). An illegal record's expected file is
``{"illegal": true, "deal": k, "action_index": i}``: replay must fail there, through the
real ``kahvehane replay`` entry point (exit 2, nothing on standard output, the deal and
action named on standard error).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kahvehane.records import ReplayError, replay_result

RECORDS = Path(__file__).parent / "records"
CASES = sorted(p for p in RECORDS.rglob("*.json") if not p.name.endswith(".expected.json"))


def _expected(path: Path) -> Any:
    return json.loads(path.with_name(path.name[: -len(".json")] + ".expected.json").read_text())


def assert_matches(actual: Any, expected: Any, where: str = "result") -> None:
    """``actual`` has every key of ``expected`` with equal values (numbers within 1e-6)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: missing key {key!r}"
            assert_matches(actual[key], value, f"{where}.{key}")
    elif isinstance(expected, list):
        assert isinstance(actual, list) and len(actual) == len(expected), (
            f"{where}: expected {expected!r}, got {actual!r}"
        )
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            assert_matches(a, e, f"{where}[{i}]")
    elif isinstance(expected, bool) or expected is None or isinstance(expected, str):
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"
    else:
        assert isinstance(actual, int | float) and not isinstance(actual, bool), (
            f"{where}: expected {expected!r}, got {actual!r}"
        )
        assert abs(actual - expected) <= 1e-6, f"{where}: expected {expected!r}, got {actual!r}"


def test_there_are_golden_records() -> None:
    assert len(CASES) >= 5


@pytest.mark.parametrize("path", CASES, ids=lambda p: str(p.relative_to(RECORDS)))
def test_golden_record(path: Path) -> None:
    expected = _expected(path)
    if expected.get("illegal"):
        with pytest.raises(ReplayError) as info:
            replay_result(path.read_text())
        assert info.value.deal == expected["deal"]
        assert info.value.action_index == expected["action_index"]
    else:
        assert_matches(replay_result(path.read_text()), expected)


ILLEGAL = [p for p in CASES if _expected(p).get("illegal")]


@pytest.mark.slow  # a Python process for each of some 65 records
@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: str(p.relative_to(RECORDS)))
def test_an_illegal_golden_record_fails_through_the_command_line(path: Path) -> None:
    expected = _expected(path)
    proc = subprocess.run(
        [sys.executable, "-m", "kahvehane.cli", "replay", str(path)],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert f"deal {expected['deal']}" in proc.stderr
    if expected["action_index"] is not None:
        assert f"action {expected['action_index']}" in proc.stderr
