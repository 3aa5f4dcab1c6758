"""Whole matches of every game through the real server, people and bots together.

Each match: a manager opens a table with the game's options, scripted players sit, the
rest of the seats go to bots, a spectator watches; the match is played to its end over
WebSockets. Then every message every seat and the spectator received is checked against
the engine's views (nothing hidden leaked), and the downloaded record replays to the
announced result and verifies (commit–reveal).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from kahvehane.records import replay, verify
from tests.server.harness import (
    Player,
    Server,
    api,
    okey_chooser,
    play_until_end,
    random_chooser,
    signup,
)
from tests.server.leaks import check_viewer, match_messages, states

pytestmark = pytest.mark.server

CASES: dict[str, tuple[dict[str, Any], int | None, int]] = {
    # game: (options, entry, people seated)
    "duz_okey": ({"deals": 3}, None, 2),
    "kdv_okey": ({"deals": 3, "pairs": True}, None, 1),
    "koz_maca": ({"finish_score": 40}, 200, 2),
    "okey_101": ({"deals": 3}, None, 1),
    "balayi_kingi": ({}, None, 1),
    "casino": ({"players": 3, "target": 11}, None, 2),
    "royal_casino": ({"players": 4, "partners": True, "target": 11}, None, 1),
}


async def play_match(server: Server, game: str, tag: str,
                     nodes: Sequence[Server] = ()) -> None:
    """One whole match; with ``nodes`` (a cluster), the players connect to the first
    two nodes in turn and the spectator to the third."""
    options, entry, people = CASES[game]
    tokens = [await signup(server, f"{tag}{i}") for i in range(people)]
    watcher = Player(nodes[2] if nodes else server, None, "spectator")
    players = [Player(nodes[i % 2] if nodes else server, t, f"{tag}{i}")
               for i, t in enumerate(tokens)]
    for p in [*players, watcher]:
        await p.connect()
    manager = players[0]
    await manager.send(type="create", id="c", game=game, options=options, entry=entry, clock=60)
    created = await manager.expect(lambda m: m["type"] == "created")
    table = created["table"]["id"]
    seats = len(created["table"]["seats"])
    await watcher.send(type="join", table=table)
    await watcher.expect(lambda m: m["type"] == "snapshot")
    for i, p in enumerate(players):
        await p.send(type="sit", table=table, seat=i, id=f"s{i}")
        await p.expect(lambda m: m["type"] == "ok")
    await manager.send(type="start", table=table)
    if people > 1:  # the countdown warns the other people seated
        for p in [*players, watcher]:
            await p.expect(lambda m: m.get("kind") == "countdown")
    start = await watcher.expect(lambda m: m.get("kind") == "match_start")
    if people == 1:  # alone, nobody to warn: the match starts at once
        await manager.expect(lambda m: m.get("kind") == "match_start")
        assert not any(m.get("kind") == "countdown" for m in manager.messages + watcher.messages)
    shown = start["data"]["seats"]
    assert [s["bot"] is not None for s in shown] == [i >= people for i in range(seats)]
    assert all(s["user"] is None for s in shown[people:])
    choose = okey_chooser if game.endswith("okey") else random_chooser
    ends = await asyncio.gather(*(
        play_until_end(p, table, choose, random.Random(i)) for i, p in enumerate(players)),
        watcher.expect(lambda m: m.get("kind") == "match_end"))
    end = ends[-1]
    assert end is not None
    match_id = end["data"]["match"]
    result = end["data"]["result"]
    assert result["complete"] is True

    r = await api(server, "GET", f"/api/matches/{match_id}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    record = json.loads(r.text)
    assert replay(record).result_json() == result
    report = verify(record)
    assert report.ok and report.checked == list(range(len(record["deals"])))
    assert all(d["commitment"] and d["seed"] for d in record["deals"])

    views, hidden = states(record)
    viewers: list[tuple[int | None, Player]] = [*enumerate(players), (None, watcher)]
    for seat, p in viewers:
        msgs = match_messages(p.messages, table, match_id)
        numbers = [m["n"] for m in msgs if m["type"] == "event"]
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))), "a gap"
        assert check_viewer(record, seat, msgs, views, hidden, p.sent_before) > 0
        published = [m["data"]["commitment"] for m in msgs if m.get("kind") == "deal_start"]
        assert published == [d["commitment"] for d in record["deals"]]
    for p in [*players, watcher]:
        await p.close()


@pytest.mark.parametrize("game", sorted(CASES))
def test_whole_match(server: Server, game: str, backend: str) -> None:
    asyncio.run(play_match(server, game, f"{game[:4]}{backend[:2]}"))
