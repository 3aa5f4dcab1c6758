"""The Okey search reads the table (issue 35): the sampled racks follow what each
player did, the hard facts stay exact, and only the view is read."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from kahvehane.bots import BotSpecError, make_bot
from kahvehane.bots.okey_evidence import (
    FADE,
    PASSED,
    THROWN,
    Reading,
    joins,
    loose,
    read_table,
)
from kahvehane.bots.okey_memory import OkeyMemory
from kahvehane.games.okey.sampling import rack_place
from kahvehane.match import Match
from kahvehane.tiles import Tile, parse_tile, parse_tiles

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow


def ts(text: str) -> list[Tile]:
    return parse_tiles(text.split())


OKEY = parse_tile("Y2")


def test_a_tile_joins_a_run_or_a_set_of_the_rack() -> None:
    assert joins(ts("R4 R5"), parse_tile("R6"), OKEY)  # run above
    assert joins(ts("R4 R6"), parse_tile("R5"), OKEY)  # run inside
    assert joins(ts("R5 R6"), parse_tile("R4"), OKEY)  # run below
    assert joins(ts("R12 R13"), parse_tile("R1"), OKEY)  # 12 13 1
    assert not joins(ts("R13 R1"), parse_tile("R2"), OKEY)  # 1 follows 13 only last
    assert joins(ts("B5 K5"), parse_tile("R5"), OKEY)  # set of three colours
    assert not joins(ts("R5 B5"), parse_tile("R5"), OKEY)  # the same colour twice
    assert not joins(ts("R4 K5 B9"), parse_tile("R8"), OKEY)
    assert joins(ts("Y2 R9"), parse_tile("R7"), OKEY)  # the okey fills the gap
    assert joins([], OKEY, OKEY)  # an okey joins everything
    assert joins(ts("J Y3"), parse_tile("Y4"), OKEY)  # the false joker is Y2: Y2 Y3 Y4
    assert not joins(ts("J R3"), parse_tile("Y3"), OKEY)  # Y2 Y3 R3 is no per
    assert loose(ts("R4 R6 B9 K1 Y2"), OKEY) == 2  # B9 and K1; the okey is never loose


def _position(game: str, seed: int, turns: int) -> tuple[Match, dict[str, Any]]:
    """Heuristic play until seat 0 is to draw after ``turns`` decisions."""
    m = Match(game, {"deals": 3}, seed=seed)
    d = m.deal()
    bots = [make_bot(game, "heuristic", s, random.Random(s)) for s in range(4)]
    k = 0
    while True:
        s = d.to_act[0]
        view = d.view(s)
        if s == 0 and view["phase"] == "draw" and k >= turns:
            return m, view
        m.apply(bots[s].choose(view, d.legal_actions(s)))
        k += 1


def test_the_reading_is_read_from_the_piles() -> None:
    _, view = _position("duz_okey", 11, 40)
    r = read_table(view)
    piles = [parse_tiles(p) for p in view["discards"]]
    assert set(r.passed) == set(r.thrown) == {1, 2, 3}
    for s in (1, 2, 3):
        # what lies on the left pile was let pass by s; its own pile, thrown by s
        assert r.passed[s] == list(reversed(piles[s - 1]))[:len(r.passed[s])]
        assert r.thrown[s] == list(reversed(piles[s]))[:len(r.thrown[s])]
    assert any(r.passed.values())


def test_the_weight_falls_with_each_tile_the_rack_would_have_used() -> None:
    r = Reading(OKEY, {1: ts("R6 B9")}, {1: ts("K5")}, {1: 0}, kdv=False)
    assert r.weight(1, ts("K1 B3 Y8")) == 1.0  # nothing of the evidence fits
    assert r.weight(1, ts("R4 R5")) == pytest.approx(PASSED)  # the latest pass fits
    assert r.weight(1, ts("B10 B11")) == pytest.approx(1 - (1 - PASSED) * FADE)  # older
    assert r.weight(1, ts("R4 R5 K3 K4")) == pytest.approx(PASSED * THROWN)
    assert r.weight(2, ts("R4 R5")) == 1.0  # another seat's evidence


def _share_joining(game: str, seed: int, reading: Reading | None, n: int = 200
                   ) -> tuple[float, dict[int, float]]:
    m, view = _position(game, seed, 40)
    r = read_table(view)
    okey = parse_tile(view["okey"])
    memory = OkeyMemory(0)
    memory.observe(view)
    rng = random.Random(5)
    hit = total = 0
    per_tile: dict[int, float] = {}
    for _ in range(n):
        if reading is None:
            a = memory.assignment(view, m.options, rng)
        else:
            a = reading.choose([memory.assignment(view, m.options, rng) for _ in range(6)],
                               [1, 2, 3], rng)
        for s in (1, 2, 3):
            rack = a[rack_place(s)]
            for t in r.passed[s][:1]:
                hit += joins(rack, t, okey)
                total += 1
                per_tile[t] = per_tile.get(t, 0) + joins(rack, t, okey) / n
    return hit / total, per_tile


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_passed_tile_is_less_likely_to_fit_the_sampled_rack(seed: int) -> None:
    _, view = _position("duz_okey", seed, 40)
    reading = read_table(view)
    blind, _ = _share_joining("duz_okey", seed, None)
    read, _ = _share_joining("duz_okey", seed, reading)
    assert read < 0.75 * blind


def test_kdv_racks_of_settled_players_are_tighter() -> None:
    m, view = _position("kdv_okey", 7, 60)
    memory = OkeyMemory(0)
    memory.observe(view)
    okey = parse_tile(view["okey"])
    with_ceza = read_table(view)
    without = read_table(view, ceza=False)
    assert with_ceza.ceza and not without.ceza
    means = []
    for reading in (without, with_ceza):
        rng = random.Random(3)
        xs = [loose(reading.choose([memory.assignment(view, m.options, rng)
                                    for _ in range(6)], [1, 2, 3], rng)[rack_place(s)], okey)
              for _ in range(150) for s in (1, 2, 3)]
        means.append(sum(xs) / len(xs))
    assert means[1] < means[0]
    assert not read_table(_position("duz_okey", 7, 60)[1]).ceza  # Düz has no Ceza boxes


def test_every_read_sample_keeps_the_view_and_the_hard_facts() -> None:
    m, view = _position("kdv_okey", 21, 50)
    memory = OkeyMemory(0)
    memory.observe(view)
    reading = read_table(view)
    rng = random.Random(8)
    for _ in range(30):
        deal = memory.sample(view, m.options, rng, reading)
        assert deal.view(0) == view
        legal = deal.legal_actions(0)
        assert legal


def test_the_reading_takes_only_a_view() -> None:
    assert list(inspect.signature(read_table).parameters) == ["view", "table", "ceza"]


def test_the_search_spec_chooses_how_much_it_reads() -> None:
    for read in ("hard", "table", "all"):
        bot = make_bot("kdv_okey", f"search:iterations=2;read={read}", 0, random.Random(1))
        assert bot.plan.read == read  # type: ignore[attr-defined]
    assert make_bot("duz_okey", "search", 0).plan.read == "all"  # type: ignore[attr-defined]
    with pytest.raises(BotSpecError):
        make_bot("duz_okey", "search:read=everything", 0)
    bold = make_bot("duz_okey", "search:z=1;margin=0.02", 0).plan  # type: ignore[attr-defined]
    assert (bold.z, bold.margin) == (1.0, 0.02)
    with pytest.raises(BotSpecError):
        make_bot("duz_okey", "search:z=-1", 0)
    with pytest.raises(BotSpecError):
        make_bot("koz_maca", "search:read=all", 0)  # the card games' plans read nothing
