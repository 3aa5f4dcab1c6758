"""Every bot of every game plays a whole match with legal actions only (the simulator
refuses an illegal action or a repeated arrange), and the record replays."""

from __future__ import annotations

import pytest

from kahvehane.bots import BotSpecError, bot_kinds, make_bot
from kahvehane.records import replay_result
from kahvehane.simulate import play_match

CASES = [
    ("duz_okey", {"deals": 3}, ["heuristic", "random", "heuristic", "random"]),
    ("kdv_okey", {"deals": 3}, ["heuristic", "heuristic", "random", "heuristic"]),
    ("duz_okey", {"deals": 3}, ["search:iterations=1", "heuristic", "random", "heuristic"]),
    ("kdv_okey", {"deals": 3, "pairs": True},
     ["heuristic", "search:iterations=1", "heuristic", "search:iterations=1"]),
    ("koz_maca", {"finish_score": 40},
     ["search:iterations=6", "heuristic", "random", "heuristic"]),
    ("balayi_kingi", {}, ["search:iterations=4", "heuristic"]),
    ("casino", {"players": 2}, ["search:iterations=4", "heuristic"]),
    ("royal_casino", {"players": 3}, ["search:iterations=3", "heuristic", "random"]),
    ("casino", {"players": 4, "partners": True},
     ["heuristic", "random", "search:iterations=3", "random"]),
    ("duz_okey", {"deals": 3}, ["tempered", "heuristic", "tempered:p=1", "random"]),
    ("koz_maca", {"finish_score": 40}, ["tempered", "heuristic", "tempered:p=0.5", "random"]),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options", "bots"), CASES)
def test_a_match_of_bots(game: str, options: dict[str, object], bots: list[str]) -> None:
    from kahvehane.games import get_game

    parsed = get_game(game).parse_options(options)
    out = play_match(game, parsed, bots, seed="t", index=1, keep_record=True)
    assert out.complete
    assert out.record is not None
    result = replay_result(out.record)
    assert result["totals"] == out.totals
    assert all(len(t) > 0 for t in out.times)


def test_kinds_and_labels() -> None:
    assert bot_kinds("duz_okey")[:3] == ["random", "heuristic", "search"]
    assert "tempered" in bot_kinds("duz_okey")
    assert bot_kinds("casino") == ["random", "heuristic", "search", "tempered"]
    bot = make_bot("balayi_kingi", "search:iterations=5;time=0.5", 1)
    assert bot.label == "bot:search"
    with pytest.raises(BotSpecError, match="no 'minimax' bot for duz_okey"):
        make_bot("duz_okey", "minimax", 0)
    assert make_bot("kdv_okey", "search:time=0.05", 2).label == "bot:search"
    with pytest.raises(BotSpecError, match="bad parameter"):
        make_bot("duz_okey", "search:time=0", 0)
    with pytest.raises(BotSpecError, match="no parameter 'depth'"):
        make_bot("koz_maca", "search:depth=3", 0)
    with pytest.raises(BotSpecError, match="bad parameter"):
        make_bot("koz_maca", "search:iterations=0", 0)
