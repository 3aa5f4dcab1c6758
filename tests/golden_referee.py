"""Shared by the trick games' golden-record tests: load a record with its expected
result, and hold an independent referee to it (legal records: same result; illegal ones:
rejected at the named deal and action, and legal without that action)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


def cases(records: Path) -> list[Path]:
    return sorted(p for p in records.glob("*.json") if not p.name.endswith(".expected.json"))


def load(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    expected = path.with_name(path.name[: -len(".json")] + ".expected.json")
    return json.loads(path.read_text()), json.loads(expected.read_text())


def check_against_referee(
    path: Path, referee: Callable[[dict[str, Any]], Any], illegal: type[Exception]
) -> None:
    record, expected = load(path)
    if expected.get("illegal"):
        with pytest.raises(illegal) as info:
            referee(record)
        err: Any = info.value
        assert (err.deal, err.index) == (expected["deal"], expected["action_index"])
        # The same record without the offending action is legal.
        record["deals"] = record["deals"][: expected["deal"] + 1]
        del record["deals"][-1]["actions"][expected["action_index"]:]
        referee(record)
    else:
        assert referee(record) == expected
