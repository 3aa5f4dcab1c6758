"""The seeded shuffle of docs/records.md ("Seeded deals"), against the published test vectors.

``tests/data/seeded_vectors.json`` holds, for 8 (game, seed, k) cases, the hashed
strings, SHA-256 blocks, chunks, first integers, Fisher–Yates swaps, shuffled order and
the resulting setup. Every game's ``setup_from_order`` is checked through ``Match``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from kahvehane.cards import card_names, full_deck
from kahvehane.games import get_game
from kahvehane.match import Match
from kahvehane.rng import DealStream, below_from_chunks, commitment, seed_string
from kahvehane.tiles import full_set, tile_names

VECTORS = json.loads((Path(__file__).parent / "data" / "seeded_vectors.json").read_text())
CASES: list[dict[str, Any]] = VECTORS["cases"]


def _ids(case: dict[str, Any]) -> str:
    return f"{case['game']}-{case['seed']}-{case['k']}"


def test_canonical_orders() -> None:
    assert tile_names(full_set()) == VECTORS["canonical_tiles"]
    assert card_names(full_deck()) == VECTORS["canonical_cards"]


@pytest.mark.parametrize("case", VECTORS["rejection"])
def test_rejection_sampling(case: dict[str, Any]) -> None:
    assert below_from_chunks(case["chunks"], case["n"]) == (case["result"], case["skipped"])


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_stream_blocks_and_chunks(case: dict[str, Any]) -> None:
    s = seed_string(case["seed"])
    assert s == case["seed_string"]
    for i, text in enumerate(case["block_inputs"]):
        assert text == f"kahvehane/1:{s}:{case['k']}:{i}"
        assert hashlib.sha256(text.encode()).hexdigest() == case["block_sha256"][i]
    assert commitment(case["seed"]) == case["commitment"]
    stream = DealStream(case["seed"], case["k"])
    assert [stream.below(106) for _ in range(10)] == case["ints_n106"]
    stream = DealStream(case["seed"], case["k"])
    assert [stream.below(52) for _ in range(10)] == case["ints_n52"]


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_shuffle_order(case: dict[str, Any]) -> None:
    tiles = case["game"] in ("duz_okey", "kdv_okey")
    deck = full_set() if tiles else full_deck()
    stream = DealStream(case["seed"], case["k"])
    if case["k"] == 0:
        assert stream.below(case["seats"]) == case["first_seat_drawn"]
    order = stream.shuffle(deck)
    names = tile_names(order) if tiles else card_names(order)
    assert names == case["order"]


@pytest.mark.parametrize("case", [c for c in CASES if c["k"] == 0], ids=_ids)
def test_first_deal_setup_from_seed(case: dict[str, Any]) -> None:
    m = Match(case["game"], case["options"], seed=case["seed"])
    m.deal()
    assert m.deals[0].setup == case["setup"]


@pytest.mark.parametrize("case", [c for c in CASES if c["k"] > 0], ids=_ids)
def test_later_deal_setup_from_seed(case: dict[str, Any]) -> None:
    """Deals after the first draw no seat: the rotation gives it (``seat_given``)."""
    rules = get_game(case["game"])
    options = rules.parse_options(case["options"])
    order = DealStream(case["seed"], case["k"]).shuffle(rules.canonical_deck())
    assert rules.setup_from_order(options, order, case["seat_given"], []) == case["setup"]


def test_integer_and_string_seeds_agree_but_not_leading_zeros() -> None:
    assert DealStream(42, 0).below(1000) == DealStream("42", 0).below(1000)
    assert DealStream("007", 0).below(1 << 40) != DealStream(7, 0).below(1 << 40)


def test_seed_must_be_text_or_integer() -> None:
    with pytest.raises(TypeError):
        seed_string(True)
    with pytest.raises(TypeError):
        seed_string(1.5)  # type: ignore[arg-type]
