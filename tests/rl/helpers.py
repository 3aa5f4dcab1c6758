"""Shared helpers of the RL tests: the games' configurations and random positions."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kahvehane.rl.table import Table

#: Every game once, with small options (short matches).
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("duz_okey", {"deals": 3}),
    ("kdv_okey", {"deals": 3}),
    ("koz_maca", {"finish_score": 50}),
    ("balayi_kingi", {}),
    ("casino", {"players": 2}),
    ("royal_casino", {"players": 3}),
]
#: The encodings' corner cases besides: partners, Royal's two-valued 2♠ and 10♦.
MORE_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("casino", {"players": 4, "partners": True}),
    ("royal_casino", {"players": 2, "nordic_specials": True}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    game, options = config
    return game + "".join(f"-{k}={v}" for k, v in sorted(options.items()))


def random_positions(game: str, options: dict[str, Any], seed: int, *, every: int = 7,
                     limit: int = 400, **table_args: Any) -> Iterator[Table]:
    """Tables met in random play (random legal tokens), every ``every`` steps, over at
    most ``limit`` steps of one deal; the same table object, moved on between yields."""
    table = Table(game, options, episode="deal", **table_args)
    table.reset(seed=seed)
    rng = random.Random(seed)
    for k in range(limit):
        if table.done:
            return
        if k % every == 0:
            yield table
        table.step(rng.choice(table.legal_tokens()))


def play_tokens(table: Table, tokens: tuple[int, ...]) -> None:
    """Send the tokens of one move, each checked against the mask, until the table
    applies the move (it does as soon as the tokens fit one legal move)."""
    for token in tokens:
        assert table.mask(table.to_act)[token] == 1, (tokens, token)
        table.step(token)
        if not table.pending:
            return
    raise AssertionError(f"the tokens {tokens} did not complete a move")
