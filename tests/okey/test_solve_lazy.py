"""Issue 17: ``kahvehane.okey.solve`` computes each part when it is first asked for, so a
caller who wants seri diz pays for seri diz only."""

from __future__ import annotations

from typing import Any

import pytest

import kahvehane.games.okey.solve as facade
from kahvehane import okey

HAND = "R1 R2 R3 Y5 B5 K5 K6 K7 K8 B11 B12 B13 B1 R4 K1"


def _forbid(monkeypatch: pytest.MonkeyPatch, *names: str) -> list[str]:
    calls: list[str] = []
    for name in ("best_arrangement", "best_pairs_arrangement", "best_finish"):
        real = getattr(facade, name)

        def counted(*args: Any, _name: str = name, _real: Any = real) -> Any:
            if _name in names:
                raise AssertionError(f"{_name} was computed but not asked for")
            calls.append(_name)
            return _real(*args)

        monkeypatch.setattr(facade, name, counted)
    return calls


def test_seri_diz_alone_computes_neither_the_finish_nor_cift_diz(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _forbid(monkeypatch, "best_pairs_arrangement", "best_finish")
    s = okey.solve(HAND, "Y9")
    assert s.blocks() == [["R2", "R3", "R4"], ["B11", "B12", "B13"], ["K6", "K7", "K8"],
                          ["R1", "B1", "K1"], ["Y5", "B5", "K5"]]
    assert s.arrangement.unmatched_sum == 0
    assert calls == ["best_arrangement"]  # once: the part is kept


def test_each_part_is_computed_once_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _forbid(monkeypatch)
    s = okey.solve(HAND, "Y9")
    assert calls == []
    assert s.finish is not None and s.finish.tile == "K1"
    assert s.finish is s.finish
    assert s.pair_count == s.pair_count
    assert calls == ["best_finish", "best_pairs_arrangement"]
    s.to_json()
    assert calls == ["best_finish", "best_pairs_arrangement", "best_arrangement"]


def test_a_bad_rack_is_refused_when_solved_not_when_a_part_is_asked() -> None:
    with pytest.raises(okey.InvalidRack):
        okey.solve("R1 R1 R1", "R5")
    assert okey.solve("R1 R2", "R5").finish is None  # 2 tiles: no finish, no error
