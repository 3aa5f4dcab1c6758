"""The salon under faults of its machine (issue 22): a database file that turns
unwritable under the running server is a failed write it answers (``storage_failed``,
the saved state resent), never a signal that kills the process, and once the file is
writable again play goes on by itself.

Why the SQLite case once killed the server: WAL's ``-shm`` wal-index was a shared
writable memory map, and ext4 answers a write fault on a mapped page of an immutable
inode with SIGBUS (``kahvehane.store.db.sqlite_connector``).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.server.faults import immutable, sqlite_files
from tests.server.harness import Player, Server, signup

pytestmark = [pytest.mark.server, pytest.mark.filterwarnings("ignore::ResourceWarning")]


async def _solo_table(p: Player) -> tuple[str, dict[str, Any]]:
    """A Balayı Kingi table of ``p`` alone (bots elsewhere), started; its first turn."""
    await p.send(type="create", game="balayi_kingi", options={}, clock=600)
    table = str((await p.expect(lambda m: m["type"] == "created"))["table"]["id"])
    await p.send(type="sit", table=table, seat=0, id="s")
    await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "s")
    await p.send(type="start", table=table)
    return table, await _my_turn(p, table)


async def _my_turn(p: Player, table: str) -> dict[str, Any]:
    return await p.expect(lambda m: m.get("table") == table and m["type"] == "event"
                          and bool(m.get("legal")))


def test_immutable_sqlite_files_are_a_failed_write(tmp_path: Path) -> None:
    """The database file, its ``-wal`` and (if any) its ``-shm`` made immutable in the
    middle of a match: each move is refused with ``storage_failed``, the server lives
    and logs no traceback, and after ``chattr -i`` the same player's move is accepted."""
    url = f"sqlite:///{tmp_path / 'salon.sqlite3'}"
    srv = Server(url, tmp_path / "server.log", extra=["--rate", "2000", "--burst", "4000"])
    srv.start()

    async def run() -> None:
        p = Player(srv, await signup(srv, "faultsq"), "fq")
        await p.connect()
        table, turn = await _solo_table(p)
        for _ in range(3):  # the files exist and hold saved moves
            await p.send(type="act", table=table, action=turn["legal"][0])
            turn = await _my_turn(p, table)
        files = sqlite_files(url)
        assert not any(f.name.endswith("-shm") for f in files), \
            f"the wal-index is a shared memory map again: {files}"
        with immutable(files):
            for i in range(20):  # enough writes to touch every page a mapping would have
                await p.send(type="act", table=table, action=turn["legal"][0], id=f"f{i}")
                err = await p.expect(lambda m, i=i: m["type"] == "error"
                                     and m.get("id") == f"f{i}", timeout=15)
                assert err["code"] == "storage_failed", err
                sync = await p.expect(lambda m: m["type"] == "sync" and m["table"] == table)
                assert sync["n"] == turn["n"] and sync["legal"] == turn["legal"]
                await asyncio.sleep(0.05)
                assert srv.proc is not None and srv.proc.poll() is None, \
                    f"the server died under the fault (exit {srv.proc and srv.proc.returncode})"
        await p.send(type="act", table=table, action=turn["legal"][0], id="ok")
        await p.expect(lambda m: m["type"] == "ok" and m.get("id") == "ok")
        moved = await p.expect(lambda m: m.get("kind") == "game" and m["data"]["seat"] == 0
                               and m["n"] > turn["n"])
        assert moved["n"] == turn["n"] + 1
        await p.close()

    try:
        asyncio.run(run())
    finally:
        alive = srv.proc is not None and srv.proc.poll() is None
        srv.stop()
    assert alive
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log[-3000:]
