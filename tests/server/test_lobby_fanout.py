"""The lobby's fan-out under many watchers (issue 22, finding 4): each watcher is told
only what the lobby shows, at most one flush every ``lobby_every`` (0.5 s) whatever the
churn, and what it was told ends equal to the table's line."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from tests.server.harness import Player, Server, api, signup

pytestmark = pytest.mark.server

WATCHERS = 200
CHURN = 2.0  # seconds of a spectator joining and parting as fast as it is answered
EVERY = 0.5  # Settings.lobby_every


def _updates(p: Player, table: str) -> list[dict[str, Any]]:
    return [m["table"] for m in p.messages
            if m["type"] == "lobby_update" and m["table"]["id"] == table]


def test_lobby_watchers_get_coalesced_changes(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log",
                 extra=["--rate", "100000", "--burst", "200000"])  # churn, not limits
    srv.start()

    async def run() -> None:
        mgr = Player(srv, await signup(srv, "lobbymgr"), "mgr")
        churn = Player(srv, None, "churn")
        watchers = [Player(srv, None, f"w{i}") for i in range(WATCHERS)]
        for p in (mgr, churn, *watchers):
            await p.connect()
        for w in watchers:
            await w.send(type="lobby")
        for w in watchers:
            await w.expect(lambda m: m["type"] == "lobby")
        await mgr.send(type="create", game="balayi_kingi", options={}, clock=600)
        table = str((await mgr.expect(lambda m: m["type"] == "created"))["table"]["id"])
        began = time.monotonic()
        joins = 0
        while time.monotonic() - began < CHURN:
            await churn.send(type="join", table=table)
            await churn.expect(lambda m: m["type"] == "snapshot")
            await churn.send(type="part", table=table, id=f"p{joins}")
            await churn.expect(lambda m: m["type"] == "ok")
            joins += 1
        await churn.send(type="join", table=table)  # it stays: one spectator more
        await churn.expect(lambda m: m["type"] == "snapshot")
        await asyncio.sleep(3 * EVERY)
        elapsed = time.monotonic() - began
        line = (await api(srv, "GET", f"/api/tables/{table}")).json()["table"]
        assert joins > 3 * elapsed / EVERY, f"too little churn to test: {joins} joins"
        bound = elapsed / EVERY + 2
        for w in watchers:
            updates = _updates(w, table)
            assert 1 <= len(updates) <= bound, (len(updates), bound, joins)
            assert updates[-1]["spectators"] == line["spectators"] == 2
            assert updates[-1] == line
        for p in (mgr, churn, *watchers):
            await p.close()

    try:
        asyncio.run(run())
    finally:
        srv.stop()
