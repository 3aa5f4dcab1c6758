"""The action encoding is a bijection on the legal moves, in random positions of every
game: each legal move has exactly one (shortest) token spelling, the mask is exactly the
set of tokens that continue some legal move, and the spelling of a move, sent token by
token, makes the engine apply exactly that move."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kahvehane.rl.codecs import make_codec
from kahvehane.rl.codecs.casino import COMMIT, NUM_ACTIONS
from kahvehane.rl.table import Table
from tests.rl.helpers import CONFIGS, MORE_CONFIGS, config_id, play_tokens, random_positions

ALL = CONFIGS + MORE_CONFIGS


def _position(game: str, options: dict[str, Any], seed: int, steps: int, *,
              whole_moves: bool = False) -> Table:
    """A table after ``steps`` random tokens (and, with ``whole_moves``, the rest of a
    move the last of them left unfinished)."""
    table = Table(game, options, episode="deal")
    table.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if table.done:
            break
        table.step(rng.choice(table.legal_tokens()))
    while whole_moves and table.pending:
        table.step(rng.choice(table.legal_tokens()))
    return table


def _applied(table: Table, deal: int) -> object:
    return table.match.deals[deal].actions[-1]


def _check_bijection(table: Table) -> int:
    """Every legal move through its spelling (from what the seat has spelled so far:
    a position may be in the middle of a Casino move); how many moves were checked."""
    if table.done:
        return 0
    moves = table.moves()
    spellings = [tokens for tokens, _ in moves]
    assert len(set(spellings)) == len(spellings), "two moves share a spelling"
    k = len(table.pending)
    live = [(tokens, a) for tokens, a in moves if tokens[:k] == table.pending]
    assert len(live) >= 1 + (k > 0)  # a spelled prefix still fits two moves
    mask = table.mask(table.to_act)
    assert set(np.flatnonzero(mask)) == {tokens[k] for tokens, _ in live}
    assert mask.sum() == len(table.legal_tokens())
    if table.codec.single_token:  # one token per move: the mask is the legal list itself
        assert all(len(tokens) == 1 for tokens in spellings)
        assert mask.sum() == len(moves)
    deal = len(table.match.deals) - 1
    for tokens, action in live:
        trial = table.copy()
        play_tokens(trial, tokens[k:])
        assert _applied(trial, deal) == action
    return len(live)


@pytest.mark.parametrize("config", ALL, ids=config_id)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 160))
def test_every_legal_move_has_one_spelling_that_plays_it(
    config: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    game, options = config
    _check_bijection(_position(game, options, seed, steps))


def _walk(table: Table, seen: list[object], budget: list[int]) -> None:
    """Follow every token of the mask, depth first, collecting the moves reached."""
    deal = len(table.match.deals) - 1
    for token in table.legal_tokens():
        budget[0] -= 1
        assert budget[0] > 0, "the token tree is larger than any legal list"
        trial = table.copy()
        trial.step(token)
        if trial.pending:
            _walk(trial, seen, budget)
        else:
            seen.append(_applied(trial, deal))


@pytest.mark.parametrize("config", [c for c in ALL if "casino" in c[0]], ids=config_id)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_casino_every_path_of_the_mask_ends_in_a_distinct_legal_move(
    config: tuple[str, dict[str, Any]], seed: int, steps: int
) -> None:
    game, options = config
    table = _position(game, options, seed, steps, whole_moves=True)
    if table.done:
        return
    seen: list[object] = []
    _walk(table, seen, [20_000])
    legal = [a for _, a in table.moves()]
    assert len(seen) == len(set(seen)) == len(legal)
    assert set(seen) == set(legal)


def test_casino_spelling_of_a_capture_names_the_taken_items_then_commits() -> None:
    from kahvehane.cards import parse_card as c
    from kahvehane.games.casino.actions import CaptureAction
    from kahvehane.games.casino.fixed import fixed_setup

    setup = fixed_setup(2, dealer=1, table=["6C", "3S", "3D", "4H"],
                        rounds=[{0: ["6S", "2H", "9D", "KC"]}])
    table = Table("casino", {"players": 2}, episode="deal")
    table.reset(setup=setup)
    capture = CaptureAction(0, c("6S"), ((c("6C"),), (c("3S"), c("3D"))))
    assert capture in [a for _, a in table.moves()]
    tokens = table.codec.tokens(capture, table.view(0))
    loose = sorted(1820 + c(x) for x in ("6C", "3S", "3D"))
    assert tokens == (52 + c("6S"), *loose, COMMIT)
    assert table.codec.token_name(tokens[0]) == "capture with 6S"
    assert table.codec.token_name(COMMIT) == "commit" and NUM_ACTIONS == COMMIT + 1


def test_a_token_outside_the_action_space_is_refused_and_changes_nothing() -> None:
    table = _position("koz_maca", {}, 3, 5)
    before = table.record()
    with pytest.raises(ValueError, match=r"outside koz_maca's action space 0\.\.64"):
        table.step(65)
    assert table.record() == before


def test_an_illegal_token_names_itself_and_changes_nothing() -> None:
    from kahvehane.errors import IllegalAction

    table = _position("koz_maca", {}, 3, 0)
    illegal = next(t for t in range(13, 65) if t not in table.legal_tokens())
    before = table.record()
    with pytest.raises(IllegalAction, match=rf"action {illegal} \(play .*\) is not legal"):
        table.step(illegal)
    assert table.record() == before


@pytest.mark.parametrize("game", ["duz_okey", "kdv_okey", "koz_maca", "balayi_kingi"])
def test_the_encoding_caches_are_a_pure_function_of_the_view(game: str) -> None:
    """One codec observing positions of several deals, in play order and then shuffled
    (stacks that shrink, tricks of another deal), encodes each as a fresh codec does."""
    positions = []
    table = None
    for seed in range(3):
        for table in random_positions(game, {}, seed, every=2, limit=160):
            for seat in range(table.num_seats):
                positions.append((copy.deepcopy(table.view(seat)), seat, table.public(seat)))
    assert table is not None and len(positions) > 100
    shuffled = list(positions)
    random.Random(3).shuffle(shuffled)
    shared = make_codec(game, table.options, table.num_seats)
    for view, seat, public in positions + shuffled:
        fresh = make_codec(game, table.options, table.num_seats)
        assert np.array_equal(shared.observe(view, seat, public),
                              fresh.observe(view, seat, public))
