"""A reconnect mid-match, a server killed mid-match and resumed from the database, and a
move clock running out (a bot moves, the player is away until they act again)."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from kahvehane.records import replay, verify
from tests.server.harness import (
    Player,
    Server,
    api,
    play_until_end,
    random_chooser,
    rejoin,
    signup,
)

pytestmark = pytest.mark.server


async def _setup(server: Server, tag: str, game: str, options: dict[str, object],
                 entry: int | None = None, clock: int = 60) -> tuple[Player, str]:
    p = Player(server, await signup(server, tag), tag)
    await p.connect()
    await p.send(type="create", game=game, options=options, entry=entry, clock=clock)
    table = (await p.expect(lambda m: m["type"] == "created"))["table"]["id"]
    await p.send(type="sit", table=table, seat=0, id="s")
    await p.expect(lambda m: m["type"] == "ok")
    await p.send(type="start", table=table)
    return p, str(table)


def test_reconnect_mid_match(server: Server, backend: str) -> None:
    async def run() -> None:
        p, table = await _setup(server, f"rc{backend}", "koz_maca", {"finish_score": 30}, 100)
        assert await play_until_end(p, table, random_chooser, random.Random(1),
                                    stop_after=3) is None
        last, epoch = p.last_n, p.epoch
        seen = {m["n"] for m in p.messages if m["type"] == "event"}
        p.drop()  # the connection dies; the bots play on; the clock runs
        await p.close()
        p2 = Player(server, p.token, "again")
        await p2.connect()
        await p2.send(type="join", table=table, last=last, epoch=epoch)
        sync = await p2.expect(lambda m: m["type"] in ("sync", "snapshot"))
        assert sync["type"] == "sync"
        missed = [m["n"] for m in p2.messages if m["type"] == "event"]
        assert missed == list(range(last + 1, sync["n"] + 1))
        assert not seen & set(missed)
        assert sync["view"]["seat"] == 0 and "hand" in sync["view"]
        # An unknown epoch (another server life) gets a full snapshot instead.
        await p2.send(type="join", table=table, last=last, epoch="other")
        snap = await p2.expect(lambda m: m["type"] == "snapshot")
        assert snap["you"] == 0 and snap["match"]["view"]["seat"] == 0
        p2.inbox.put_nowait(snap)  # answer the turn the snapshot may carry
        end = await play_until_end(p2, table, random_chooser, random.Random(2))
        assert end is not None and end["data"]["result"]["complete"]
        await p2.close()

    asyncio.run(run())


def test_restart_mid_match(backend: str, fresh_db: str, tmp_path: Path) -> None:
    """Kill the server (SIGKILL) in the middle of a match; a new server on the same
    database resumes it from its record; the match ends and its record replays."""
    srv = Server(fresh_db, tmp_path / "server.log", extra=["--rate", "2000", "--burst", "4000"])
    srv.start()

    async def first() -> tuple[str, str, int]:
        p, table = await _setup(srv, f"rs{backend}", "casino", {"players": 2, "target": 11})
        assert await play_until_end(p, table, random_chooser, random.Random(3),
                                    stop_after=5) is None
        before = [m for m in p.messages if m.get("kind") == "game" and not m.get("auto")]
        assert p.token is not None
        await p.close()
        return p.token, table, len(before)

    try:
        token, table, moved = asyncio.run(first())
        srv.stop(kill=True)
        srv.start()

        async def second() -> None:
            p = Player(srv, token, "back")
            await p.connect()
            await p.send(type="join", table=table, last=3, epoch="old")
            snap = await p.expect(lambda m: m["type"] == "snapshot")
            assert snap["you"] == 0 and snap["match"] is not None
            match_id = snap["match"]["id"]
            p.inbox.put_nowait(snap)
            end = await play_until_end(p, table, random_chooser, random.Random(4))
            assert end is not None and end["data"]["match"] == match_id
            r = await api(srv, "GET", f"/api/matches/{match_id}/record")
            record = json.loads(r.text)
            assert replay(record).result_json() == end["data"]["result"]
            assert verify(record).ok
            mine = [a for d in record["deals"] for a in d["actions"] if a["seat"] == 0]
            assert len(mine) >= moved  # the moves made before the kill are in the record
            await p.close()

        asyncio.run(second())
    finally:
        srv.stop()


def test_clock_runs_out(server: Server, backend: str) -> None:
    async def run() -> None:
        p, table = await _setup(server, f"ck{backend}", "balayi_kingi", {}, clock=1)
        away = await p.expect(lambda m: m.get("kind") == "away")
        assert away["data"]["seat"] == 0
        auto = await p.expect(lambda m: m.get("kind") == "game" and m["data"]["seat"] == 0)
        assert auto["auto"] is True
        await p.send(type="back", table=table, id="b")
        back = await p.expect(lambda m: m.get("kind") == "back")
        assert back["data"]["seat"] == 0
        end = await play_until_end(p, table, random_chooser, random.Random(5))
        assert end is not None
        await p.close()

    asyncio.run(run())


def test_away_lasts_until_the_player_acts(server: Server, backend: str) -> None:
    """An away Okey player's own ``arrange`` (what the page sends by itself after a bot
    moved for it) leaves them away: the bot goes on playing each of their turns without
    waiting for the clock. ``back`` (or a real move) ends it (issue 21)."""
    async def run() -> None:
        p, table = await _setup(server, f"aw{backend}", "duz_okey", {"deals": 3}, clock=1)
        await p.expect(lambda m: m.get("kind") == "away" and m["data"]["seat"] == 0)
        arranged = 0
        auto_moves = 0
        last_rack: object = None
        while auto_moves < 6:  # six of seat 0's turns, each played by the bot
            msg = await p.expect(lambda m: m.get("table") == table and m["type"] == "event")
            assert msg["kind"] != "back", "a free action brought the player back"
            assert msg["kind"] != "match_end"
            data = msg["data"]
            if msg["kind"] == "game" and data.get("seat") == 0 and data["kind"] == "discard":
                assert msg["auto"] is True
                auto_moves += 1
            rack = (msg.get("view") or {}).get("rack")
            if rack and rack != last_rack:
                # the page's automatic arrange: the rack as it stands, sent back when it
                # changed, as the page does (answering the event of one's own arrange
                # too floods the socket until the server closes it)
                await p.send(type="act", table=table, id=f"a{arranged}",
                             action={"act": "arrange", "rack": rack})
                arranged += 1
                last_rack = rack
        # Some arranges were accepted (one sent as the bot moved on may be refused: its
        # rack is no longer the seat's tiles); none brought the player back.
        accepted = [m for m in p.messages if m["type"] == "ok" and str(m["id"])[0] == "a"]
        assert arranged > 0 and accepted
        await p.send(type="back", table=table, id="b")
        back = await p.expect(lambda m: m.get("kind") == "back")
        assert back["data"]["seat"] == 0
        await p.close()

    asyncio.run(run())


def test_away_survives_a_restart(backend: str, fresh_db: str, tmp_path: Path) -> None:
    """A seat left during the match (away, a bot plays it) is still away after a
    ``kill -9`` and restart: its bot plays its next turn after the bot pause, not after
    the table's 600-second clock (issue 20, finding 8: a restart forgot who was away)."""
    srv = Server(fresh_db, tmp_path / "server.log",
                 extra=["--rate", "2000", "--burst", "4000", "--bot-delay", "0.3"])
    srv.start()

    async def first() -> tuple[str, str]:
        p, table = await _setup(srv, f"aw{backend}", "casino", {"players": 2, "target": 21},
                                clock=600)
        await p.expect(lambda m: m.get("kind") == "deal_start")
        await p.send(type="leave", table=table, id="l")
        away = await p.expect(lambda m: m.get("kind") == "away")
        assert away["data"]["seat"] == 0
        assert p.token is not None
        return p.token, table

    try:
        token, table = asyncio.run(first())
        srv.stop(kill=True)
        srv.start()

        async def second() -> None:
            p, snap = await rejoin(srv, token, table)
            assert snap["match"] is not None and snap["match"]["away"][0] is True
            assert snap["info"]["seats"][0]["away"] is True
            # Two of seat 0's turns, played by its bot long before its clock could run
            # out (the wait bound, 60 s, is a tenth of the clock).
            for _ in range(2):
                moved = await p.expect(lambda m: m.get("kind") == "game"
                                       and m["data"].get("seat") == 0
                                       and m["data"].get("kind") != "deal_end")
                assert moved["auto"] is True
            assert not [m for m in p.messages if m.get("kind") == "back"]
            await p.close()

        asyncio.run(second())
    finally:
        srv.stop()
