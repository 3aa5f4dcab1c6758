"""No observation shows a hidden card or tile.

For many random positions of every game, the hidden part is dealt anew consistently
with what one seat sees — other hands, face-down cards, a locked hand, the stock, the
pile (as ``tests/bots/test_no_peeking.py`` does for the bots) — and that seat's
observation and action mask stay exactly the same.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from kahvehane.bots.determinize import sampler
from kahvehane.bots.pimc_balayi import contract_sample
from kahvehane.rl.table import Table
from tests.rl.helpers import CONFIGS, MORE_CONFIGS, config_id, random_positions

CARD_CONFIGS = [c for c in CONFIGS + MORE_CONFIGS if "okey" not in c[0]]


def _same_for(table: Table, other: Table, seat: int) -> None:
    assert other.view(seat) == table.view(seat)
    assert np.array_equal(other.observe(seat), table.observe(seat))
    assert np.array_equal(other.mask(seat), table.mask(seat))


@pytest.mark.parametrize("config", CARD_CONFIGS, ids=config_id)
def test_card_games_observe_the_same_on_other_hidden_cards(
    config: tuple[str, dict[str, Any]],
) -> None:
    game, options = config
    rng = random.Random(4)
    compared = differed = 0
    for seed in range(3):
        for table in random_positions(game, options, seed, every=5):
            if table.pending:
                continue
            for seat in range(table.num_seats):
                view = table.view(seat)
                if game == "balayi_kingi" and view["phase"] == "contract":
                    if seat != view["chooser"]:
                        continue  # (the samplers deal around the chooser's five cards)
                    state = contract_sample(view, seat, rng)
                else:
                    state = sampler(view, table.options).sample(rng)
                other = table.copy(state)
                _same_for(table, other, seat)
                compared += 1
                seen_by_others = [state.view(s) for s in range(table.num_seats) if s != seat]
                differed += seen_by_others != [table.view(s) for s in range(table.num_seats)
                                               if s != seat]
    assert compared > 40
    assert differed > compared // 2  # the re-deals really hid other cards


def _redeal_okey(table: Table, seat: int, rng: random.Random) -> dict[str, Any]:
    """Deal 0's setup with what ``seat`` cannot have seen moved: the undrawn pile
    shuffled, and tiles of the other seats' first racks that they never discarded or
    showed swapped with undrawn pile tiles."""
    entry = table.match.deals[0]
    setup = {**entry.setup, "hands": [list(h) for h in entry.setup["hands"]]}
    drawn = 48 - table.view(seat)["pile_left"]
    pile = list(setup["pile"])
    undrawn = pile[drawn:]
    rng.shuffle(undrawn)
    used: dict[int, set[str]] = {s: set() for s in range(4)}
    for action in entry.actions:
        record = action.to_json()
        if record["act"] in ("discard", "finish"):
            used[record["seat"]].add(record["tile"])
        if record["act"] == "show_indicator":
            used[record["seat"]].add(setup["indicator"])
    for other in range(4):
        if other == seat or not undrawn:
            continue
        hand = setup["hands"][other]
        free = [i for i, name in enumerate(hand) if name not in used[other]]
        for i in rng.sample(free, min(3, len(free))):
            j = rng.randrange(len(undrawn))
            hand[i], undrawn[j] = undrawn[j], hand[i]
    setup["pile"] = pile[:drawn] + undrawn
    return setup


@pytest.mark.parametrize("game", ["duz_okey", "kdv_okey"])
def test_okey_observes_the_same_on_other_hidden_tiles(game: str) -> None:
    rng = random.Random(8)
    compared = 0
    for seed in range(6):
        table = Table(game, {"deals": 3}, episode="deal")
        table.reset(seed=seed)
        play = random.Random(seed)
        tokens: list[int] = []
        for _ in range(play.randrange(1, 120)):
            if table.done:
                break
            tokens.append(play.choice(table.legal_tokens()))
            table.step(tokens[-1])
        if table.done:
            continue
        for seat in range(4):
            setup = _redeal_okey(table, seat, rng)
            assert setup != table.match.deals[0].setup
            other = Table(game, {"deals": 3}, episode="deal")
            other.reset(setup=setup)
            for token in tokens:  # the same moves: every one is still legal
                other.step(token)
            _same_for(table, other, seat)
            compared += 1
    assert compared >= 12
