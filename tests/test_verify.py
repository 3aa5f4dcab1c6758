"""``kahvehane verify``: commit–reveal of seeded deals (docs/records.md, "Commit–reveal")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kahvehane.cli import main
from kahvehane.match import Match
from kahvehane.rng import commitment


def _record() -> dict[str, object]:
    m = Match("duz_okey", {"deals": 3})
    m.deal(seed="gizli tohum", commitment=commitment("gizli tohum"))
    return m.to_record()


def _run(tmp_path: Path, rec: object) -> int:
    f = tmp_path / "r.json"
    f.write_text(json.dumps(rec, ensure_ascii=False))
    return main(["verify", str(f)])


def test_an_honest_deal_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, _record()) == 0
    assert "deals checked and fair: 0" in capsys.readouterr().out


def test_hands_compare_as_sets(tmp_path: Path) -> None:
    rec = _record()
    rec["deals"][0]["setup"]["hands"][1].reverse()  # type: ignore[index]
    assert _run(tmp_path, rec) == 0


def test_a_wrong_commitment_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = _record()
    rec["deals"][0]["commitment"] = commitment("another seed")  # type: ignore[index]
    assert _run(tmp_path, rec) == 1
    assert "deal 0: FAILED" in capsys.readouterr().out


def test_a_deal_that_is_not_what_the_seed_gives_fails(tmp_path: Path) -> None:
    rec = _record()
    pile = rec["deals"][0]["setup"]["pile"]  # type: ignore[index]
    pile[0], pile[-1] = pile[-1], pile[0]
    assert pile[0] != pile[-1]
    assert _run(tmp_path, rec) == 1


def test_a_commitment_without_a_revealed_seed_fails(tmp_path: Path) -> None:
    rec = _record()
    del rec["deals"][0]["seed"]  # type: ignore[attr-defined]
    assert _run(tmp_path, rec) == 1


def test_malformed_record_exits_2(tmp_path: Path) -> None:
    assert _run(tmp_path, {"game": "duz_okey", "deals": "no"}) == 2
