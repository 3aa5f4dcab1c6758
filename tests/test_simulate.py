"""``kahvehane simulate`` through its real entry point."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from kahvehane.cli import main
from kahvehane.games import get_spec
from kahvehane.records import replay_result
from kahvehane.simulate import SimulationError, play_match, simulate, wilson


def test_simulate_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "rec"
    plot = tmp_path / "scores.png"
    summary = tmp_path / "summary.json"
    code = main(["simulate", "casino", "--bots", "heuristic,random", "--matches", "6",
                 "--seed", "9", "--jobs", "2", "--records", str(records), "--plot",
                 str(plot), "--json", str(summary)])
    assert code == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "95% CI" in out and "median ms" in out
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    data = json.loads(summary.read_text())
    rows = {r["bot"]: r for r in data["rows"]}
    assert rows["heuristic"]["matches"] == 6
    assert rows["heuristic"]["wins"] + rows["random"]["wins"] + data["draws"] == 6
    assert rows["heuristic"]["decisions"] > 0 and rows["heuristic"]["median_ms"] >= 0
    files = sorted(records.iterdir())
    assert len(files) == 6
    # every record replays to the outcome the simulation saw; seats rotate
    for k, f in enumerate(files):
        rec = json.loads(f.read_text())
        assert rec["players"][0] == ("bot:heuristic" if k % 2 == 0 else "bot:random")
        result = replay_result(rec)
        assert result["complete"]


def test_simulate_is_the_same_in_one_or_two_processes() -> None:
    a = simulate("koz_maca", ["heuristic", "random", "heuristic", "random"], matches=4,
                 seed="d", jobs=1, progress=False)
    b = simulate("koz_maca", ["heuristic", "random", "heuristic", "random"], matches=4,
                 seed="d", jobs=2, progress=False)
    assert [(o.winner, o.totals) for o in a.outcomes] == [(o.winner, o.totals)
                                                          for o in b.outcomes]


def test_a_simulation_played_in_parts_sums_up_as_one() -> None:
    """``summarize`` of matches played in two parts, out of order (a journalled bench
    run over several sessions), is the summary ``simulate`` gives of the whole run."""
    from kahvehane.simulate import play_match, seats_for, summarize

    specs = ["heuristic", "random", "heuristic", "random"]
    whole = simulate("koz_maca", specs, matches=5, seed="p", progress=False)
    options, _ = seats_for("koz_maca", {}, 4)
    second = [play_match("koz_maca", options, specs, "p", k) for k in (4, 2, 3)]
    first = [play_match("koz_maca", options, specs, "p", k) for k in (1, 0)]
    parts = summarize("koz_maca", options, specs, "p", second + first, 1.0)
    assert parts.matches == whole.matches == 5
    assert [o.index for o in parts.outcomes] == [0, 1, 2, 3, 4]
    for spec in ("heuristic", "random"):
        a, b = parts.rows[spec], whole.rows[spec]
        assert (a.matches, a.wins, a.totals, a.points) == (b.matches, b.wins, b.totals,
                                                            b.points)
    assert (parts.draws, parts.incomplete) == (whole.draws, whole.incomplete)


def test_simulate_okey_with_an_option(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "duz_okey", "--bots", "heuristic,random,random,random",
                 "--matches", "2", "--option", "deals=3", "--no-progress"])
    assert code == 0
    out = capsys.readouterr().out
    assert "rank pts" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["simulate", "koz_maca", "--bots", "heuristic,random"], "give 4 bots"),
    (["simulate", "duz_okey", "--bots", "minimax,random,random,random"], "no 'minimax' bot"),
    (["simulate", "koz_maca", "--bots", "a,b,c,d", "--matches", "0"], "at least 1"),
    (["simulate", "casino", "--bots", "heuristic,random", "--option", "target=0"],
     "target"),
])
def test_simulate_refuses_bad_requests(argv: list[str], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    lo, hi = wilson(1000, 2000)
    assert lo < 0.5 < hi and hi - lo < 0.05


def test_a_bot_looping_on_a_free_action_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A free action (Okey's ``arrange``, which no legal list holds) is accepted from a
    bot, but twice in a row it is a bot bug that would never end the match."""
    import kahvehane.simulate as sim
    from kahvehane.bots.base import Bot
    from kahvehane.games.base import Action
    from kahvehane.games.okey.actions import Arrange
    from kahvehane.tiles import parse_tile

    class Arranger(Bot):
        kind = "arranger"

        def choose(self, view: Any, legal: Sequence[Action]) -> Action:
            return Arrange(self.seat, tuple(tuple(parse_tile(t) for t in block)
                                            for block in view["rack"]))

    from kahvehane.bots import make_bot as real

    monkeypatch.setattr(sim, "make_bot", lambda game, spec, seat, rng, options: (
        Arranger(game, seat, rng) if spec == "arranger" else real(game, spec, seat, rng,
                                                                  options)))
    with pytest.raises(SimulationError, match="made the free action 'arrange' twice in a row"):
        play_match("duz_okey", {"deals": 3}, ["arranger"] * 4, seed="x", index=0)


def test_the_summary_reads_the_game_from_its_spec(capsys: pytest.CaptureFixture[str]) -> None:
    """Ranking points and "low wins" are the spec's (Okey), not a list of games."""
    from rich.console import Console

    from kahvehane.simulate import render_summary

    for game, bots in (("kdv_okey", ["random"] * 4), ("balayi_kingi", ["random"] * 2)):
        summary = simulate(game, bots, matches=1, seed=2, options={"deals": 3} if
                           get_spec(game).options else {}, progress=False)
        render_summary(summary, Console(width=250))
        out = capsys.readouterr().out
        okey_like = get_spec(game).ranking == "points"
        assert ("rank pts" in out) is okey_like
        assert ("(low wins)" in out) is get_spec(game).lower_totals_win
