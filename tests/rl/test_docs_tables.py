"""docs/rl.md's observation tables are the codecs' layouts, row for row (a change of a
layout that leaves the documentation behind fails here)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kahvehane.games import get_game
from kahvehane.rl import GAMES
from kahvehane.rl.codecs import make_codec

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
OPTIONS = {"casino": {"players": 2}, "royal_casino": {"players": 2}}


def layout_table(game: str) -> str:
    """The markdown table of a game's observation layout, as docs/rl.md shows it."""
    rules = get_game(game)
    options = rules.parse_options(OPTIONS.get(game, {}))
    codec = make_codec(game, options, rules.num_seats(options))
    rows = ["| entries | block | size | meaning |", "|---|---|---|---|"]
    for b in codec.layout.blocks:
        rows.append(f"| {b.offset}–{b.offset + b.size - 1} | `{b.name}` | {b.size} |"
                    f" {b.meaning} |")
    rows.append(f"| | total | {codec.layout.size} | |")
    return "\n".join(rows)


@pytest.mark.parametrize("game", [g for g in GAMES if g not in ("kdv_okey", "royal_casino")])
def test_the_documented_observation_tables_are_the_layouts(game: str) -> None:
    assert layout_table(game) in DOC.read_text(encoding="utf-8")
