"""The trained baseline: it loads, is small, plays only legal moves in every position
of thousands of seeded deals (batched), plays whole matches as the ``learned`` bot, and
is the salon's level ``egitilmis`` where a game has a policy."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest

from kahvehane.bots import make_bot
from kahvehane.bots.levels import level_kind
from kahvehane.cli import main
from kahvehane.games import GAME_NAMES
from kahvehane.games.okey.actions import Arrange
from kahvehane.match import Match
from kahvehane.rl import vector_env
from kahvehane.rl.baseline import WEIGHTS, load_baseline
from kahvehane.rl.ids import env_id

# many positions or searches: the full run's, not the quick tier's (make quick)
pytestmark = pytest.mark.slow


def test_the_shipped_policy_is_small_and_names_its_environment() -> None:
    path = WEIGHTS["duz_okey"]
    assert path.stat().st_size < 1_000_000
    policy = load_baseline("duz_okey")
    assert policy.meta["env_id"] == env_id("duz_okey")
    venv = vector_env("duz_okey", 2)
    obs, _ = venv.reset(seed=1)
    assert policy.logits(obs["observation"]).shape == (2, venv.single_action_space.n)


def test_the_policy_plays_legal_moves_in_every_position_of_thousands_of_deals() -> None:
    """2,000 seeded deals at once, every seat played by the policy for 8 decisions
    each game (16,000 positions): every move is in the mask and the engine takes it
    (``illegal="raise"`` would raise otherwise)."""
    policy = load_baseline("duz_okey")
    venv = vector_env("duz_okey", 2000, episode="deal", illegal="raise")
    obs, _ = venv.reset(seed=36_000)
    positions = 0
    for _ in range(8):
        actions = policy.act(obs["observation"], obs["action_mask"])
        assert obs["action_mask"][np.arange(len(actions)), actions].all()
        obs, _, _, _, _ = venv.step(actions)
        positions += len(actions)
    assert positions == 16_000


@pytest.mark.parametrize("game", ["duz_okey", "kdv_okey"])
def test_the_learned_bot_plays_whole_deals_legally(game: str) -> None:
    finished = 0
    for seed in range(6):
        match = Match(game, {"deals": 3}, seed=f"learned-{seed}")
        bots = [make_bot(game, "learned" if s % 2 == 0 else "heuristic", s,
                         random.Random(s), match.options) for s in range(4)]
        state = match.deal()
        arranges = 0
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            choice = bots[seat].choose(state.view(seat), legal)
            if isinstance(choice, Arrange):
                arranges += 1
                assert arranges <= 1  # laid out once, then the move
            else:
                arranges = 0
                assert seat % 2 or choice in legal  # (the learned bot's: one of the list)
            match.apply(choice)
        finished += match.history[-1].end == "finish"
        assert bots[0].label == "bot:learned"
    assert finished >= 1  # (not only void deals: someone finished)


def test_the_trained_level_plays_the_policy_in_okey_and_the_heuristic_elsewhere() -> None:
    for game in sorted(GAME_NAMES):
        expected = "learned" if "okey" in game and game != "okey_101" else "heuristic"
        assert level_kind(game, "egitilmis") == expected
    bot = make_bot("duz_okey", "learned", 1, random.Random(1), {})
    assert bot.kind == "learned" and bot.label == "bot:learned"


def test_kahvehane_play_seats_the_learned_bot_labelled_as_such(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 40))
    code = main(["play", "duz_okey", "--seed", "5", "--bots", "learned"])
    out = capsys.readouterr().out
    assert code == 1 and "input ended" in out  # (40 moves of the person, then no more)
    assert "seat 1 bot:learned" in out and "seat 3 bot:learned" in out
