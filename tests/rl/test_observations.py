"""The observation vectors say what their layouts (docs/rl.md) say they do: in random
positions of every game, each block read back gives the view's facts."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kahvehane.cards import CARD_NAMES
from kahvehane.rl.codecs.base import Layout, relative
from kahvehane.rl.table import Table
from kahvehane.tiles import TILE_CODES
from tests.rl.helpers import CONFIGS, MORE_CONFIGS, config_id, random_positions


def _block(obs: np.ndarray, layout: Layout, name: str) -> np.ndarray:
    b = layout.block(name)
    return obs[b.offset:b.offset + b.size]


def _cards(plane: np.ndarray) -> set[str]:
    return {CARD_NAMES[i] for i in np.flatnonzero(plane)}


def _check_koz_maca(table: Table, seat: int, obs: np.ndarray, view: dict[str, Any]) -> None:
    lay, n = table.codec.layout, table.num_seats
    assert _cards(_block(obs, lay, "hand")) == set(view["hand"])
    trick = _block(obs, lay, "trick").reshape(4, 52)
    for entry in view["trick"]:
        assert CARD_NAMES[int(np.flatnonzero(trick[relative(entry["seat"], seat, n)])[0])] \
            == entry["card"]
    played = _block(obs, lay, "played").reshape(4, 52)
    assert played.sum() == 4 * len(view["tricks"])
    bids = _block(obs, lay, "bids").reshape(4, 14)
    for s, bid in enumerate(view["bids"]):
        assert int(np.flatnonzero(bids[relative(s, seat, n)])[0]) == (bid or 0)


def _check_balayi(table: Table, seat: int, obs: np.ndarray, view: dict[str, Any]) -> None:
    lay, n = table.codec.layout, table.num_seats
    assert _cards(_block(obs, lay, "hand")) == set(view.get("hand", ()))
    tops = _block(obs, lay, "tops").reshape(2, 52)
    for s, player in enumerate(view["players"]):
        ups = {p["up"] for p in player["piles"] if p["up"] is not None}
        assert _cards(tops[relative(s, seat, n)]) == ups


def _check_casino(table: Table, seat: int, obs: np.ndarray, view: dict[str, Any]) -> None:
    lay, n = table.codec.layout, table.num_seats
    assert _cards(_block(obs, lay, "hand")) == set(view["hand"])
    assert _cards(_block(obs, lay, "loose")) == set(view["table"]["loose"])
    in_builds = {c for b in view["table"]["builds"] for c in b["cards"]}
    assert _cards(_block(obs, lay, "build_cards")) == in_builds
    builds = _block(obs, lay, "builds").reshape(16, 6)
    assert {v + 1 for v in np.flatnonzero(builds[:, 0])} == {
        b["value"] for b in view["table"]["builds"]}
    pending = _block(obs, lay, "pending_head")
    assert (pending[0] == 1) == (not table.pending or seat != table.to_act)
    sizes = _block(obs, lay, "hand_sizes")
    for s in range(n):
        assert sizes[relative(s, seat, n)] == view["hand_sizes"][s] / 4


def _check_okey(table: Table, seat: int, obs: np.ndarray, view: dict[str, Any]) -> None:
    lay, n = table.codec.layout, table.num_seats
    rack = _block(obs, lay, "rack").reshape(2, 53)
    held = [TILE_CODES[t] for b in view["rack"] for t in b]
    for t in range(53):
        assert rack[0, t] == (held.count(t) >= 1) and rack[1, t] == (held.count(t) == 2)
    discards = _block(obs, lay, "discards").reshape(4, 2, 53)
    for s in range(n):
        stack = [TILE_CODES[t] for t in view["discards"][s]]
        assert discards[relative(s, seat, n)].sum() == len(stack)
    assert int(np.flatnonzero(_block(obs, lay, "okey"))[0]) == TILE_CODES[view["okey"]]


CHECKS = {"koz_maca": _check_koz_maca, "balayi_kingi": _check_balayi,
          "casino": _check_casino, "royal_casino": _check_casino,
          "duz_okey": _check_okey, "kdv_okey": _check_okey}


@pytest.mark.parametrize("config", CONFIGS + MORE_CONFIGS, ids=config_id)
def test_observation_blocks_read_back_as_the_view(config: tuple[str, dict[str, Any]]) -> None:
    game, options = config
    checked = 0
    for table in random_positions(game, options, seed=6, every=3):
        for seat in range(table.num_seats):
            obs = table.observe(seat)
            assert obs.dtype == np.float32 and obs.shape == (table.codec.obs_size,)
            assert np.all(obs >= -1) and np.all(obs <= 1)
            my_turn = _block(obs, table.codec.layout, "my_turn")[0]
            assert my_turn == (1.0 if seat == table.to_act else 0.0)
            CHECKS[game](table, seat, obs, table.view(seat))
            checked += 1
    assert checked > 20
