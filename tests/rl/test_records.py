"""A whole match played through the environment is an ordinary game record: written to a
file, ``kahvehane replay`` replays it to the environment's result."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from kahvehane.bots import make_bot
from kahvehane.cli import main
from kahvehane.games.okey.actions import Arrange
from kahvehane.rl import raw_env
from tests.rl.helpers import CONFIGS, config_id


def _play_match(game: str, options: dict[str, Any], seed: int) -> Any:
    """Every seat is an agent of the AEC environment; each decides as a heuristic bot
    would, and its move is sent as the move's tokens through ``step``."""
    e = raw_env(game, **options)
    e.reset(seed=seed)
    table = e.table
    bots = [make_bot(game, "heuristic", s, random.Random(s), table.options)
            for s in range(table.num_seats)]
    for _ in range(100_000):
        if not e.agents:
            break
        agent = e.agent_selection
        if e.terminations[agent]:
            e.step(None)
            continue
        seat = int(agent.split("_")[1])
        choice = bots[seat].choose(table.view(seat), table.state.legal_actions(seat))
        if isinstance(choice, Arrange):  # the bot's own layout: the free action
            e.arrange(agent, choice.rack)
            choice = bots[seat].choose(table.view(seat), table.state.legal_actions(seat))
            assert not isinstance(choice, Arrange)
        for token in table.codec.tokens(choice, table.view(seat)):
            e.step(token)
            if not table.pending:
                break
    assert table.match.complete
    return e


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_match_played_in_the_env_replays_to_its_result(
    config: tuple[str, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, options = config
    e = _play_match(game, options, seed=2026)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(e.table.record(), ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed == json.loads(json.dumps(e.table.match.result_json()))
    assert replayed["complete"] is True
