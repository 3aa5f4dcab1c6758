"""What one account may open (issue 32, finding 4: one guest opened 517 tables in 30 s
and they stayed listed for ten minutes after it left).

On one server (its message rate raised, so that only the salon's own limits stop the
flood): 600 ``create``s from one guest stop at the guest's cap of open tables with a clear
coded error, and the lobby (its watchers and ``GET /api/tables``) gains exactly the tables
that were opened; an account is stopped by the lobby's own cap (a friends' table, never
listed, still opens) and by its new tables a minute; the departed guest's waiting tables
close within ``--guest-idle-close`` while the account's stay (``--idle-close``, 600 s).

On three nodes: one guest's creates spread over every node stop at the same cap (one
count in the shared database and the shared Redis limiter, not one per node)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.server.cluster import running_cluster
from tests.server.harness import Player, Server, api, signup

pytestmark = [pytest.mark.server, pytest.mark.cluster]


def _new_lines(p: Player, kind: str, before: set[str]) -> set[str]:
    """The tables ``p`` was told of (``lobby_update``) or told gone (``lobby_remove``)."""
    out: set[str] = set()
    for m in p.messages:
        if m["type"] == kind == "lobby_update" and m["table"]["id"] not in before:
            out.add(m["table"]["id"])
        elif m["type"] == kind == "lobby_remove":
            out.add(m["table"])
    return out


async def _creates(p: Player, n: int, tag: str, **extra: Any) -> tuple[list[str], list[Any]]:
    """Send ``n`` creates at once (no waiting between them); the tables opened and the
    errors, once every one was answered."""
    for i in range(n):
        await p.send(type="create", id=f"{tag}{i}", game="duz_okey", options={"deals": 3},
                     **extra)
    created: list[str] = []
    errors: list[Any] = []
    while len(created) + len(errors) < n:
        m = await p.expect(lambda m: str(m.get("id", "")).startswith(tag)
                           and m["type"] in ("created", "error"), timeout=60)
        if m["type"] == "created":
            created.append(m["table"]["id"])
        else:
            errors.append(m)
    return created, errors


def test_a_guest_flood_stops_at_its_limit_and_leaves_the_lobby_unchanged(
        tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'salon.sqlite3'}", tmp_path / "server.log",
                 extra=["--rate", "100000", "--burst", "100000", "--guest-tables-open", "3",
                        "--tables-open", "50", "--tables-per-minute", "5",
                        "--lobby-max-tables", "6", "--guest-idle-close", "1"])
    srv.start()

    async def run() -> None:
        watcher = Player(srv, None, "watcher")
        await watcher.connect()
        await watcher.send(type="lobby")
        first = await watcher.expect(lambda m: m["type"] == "lobby")
        before = {t["id"] for t in first["tables"]}

        guest = Player(srv, await signup(srv, "Sel", guest=True), "guest")
        await guest.connect()
        created, errors = await _creates(guest, 600, "g")
        assert len(created) == 3
        assert len(errors) == 597
        assert {e["code"] for e in errors} == {"rate_limited"}
        codes = Counter(e["i18n"]["code"] for e in errors)
        assert set(codes) <= {"server.guest_tables_open", "server.tables_per_minute"}
        assert codes["server.guest_tables_open"] >= 1
        guest_open = next(e for e in errors if e["i18n"]["code"] == "server.guest_tables_open")
        assert guest_open["i18n"]["params"]["limit"] == 3 and guest_open["message"]
        # the lobby has the guest's three tables and nothing of the refused ones
        listed = {t["id"] for t in (await api(srv, "GET", "/api/tables")).json()["tables"]}
        assert listed - before == set(created)
        await asyncio.sleep(1.5)  # (past a lobby flush)
        assert _new_lines(watcher, "lobby_update", before) == set(created)

        # an account: the lobby's own cap (3 more listed: 6), then its new tables a
        # minute (5, every attempt counted)
        person = Player(srv, await signup(srv, "Ayten"), "person")
        await person.connect()
        mine, refused = await _creates(person, 10, "a")
        assert len(mine) == 3
        codes = Counter(e["i18n"]["code"] for e in refused)
        assert set(codes) == {"server.lobby_full", "server.tables_per_minute"}, codes
        full = next(e for e in refused if e["i18n"]["code"] == "server.lobby_full")
        assert full["i18n"]["params"] == {"limit": 6} and full["code"] == "rate_limited"
        listed = {t["id"] for t in (await api(srv, "GET", "/api/tables")).json()["tables"]}
        assert listed - before == set(created) | set(mine)
        # another: the lobby is full, yet a friends' table (never listed) opens, up to
        # the minute's count
        friend = Player(srv, await signup(srv, "Nur"), "friend")
        await friend.connect()
        friends, over = await _creates(friend, 7, "f", private=True)
        assert len(friends) == 5
        assert {e["i18n"]["code"] for e in over} == {"server.tables_per_minute"}
        assert 0 < over[0]["i18n"]["params"]["seconds"] <= 60
        await friend.close()

        # both leave: the guest's waiting tables close promptly (--guest-idle-close), the
        # account's stay open (--grace-close, 60 s; nobody at them, they leave the lobby)
        await guest.close()
        await person.close()

        async def is_open(table_id: str) -> bool:
            status = (await api(srv, "GET", f"/api/tables/{table_id}")).status_code
            assert status in (200, 404)
            return status == 200

        async with asyncio.timeout(30):
            while any([await is_open(t) for t in created]):
                await asyncio.sleep(0.2)
        assert set(created) <= _new_lines(watcher, "lobby_remove", before)
        assert all([await is_open(t) for t in mine])
        await watcher.close()

    try:
        asyncio.run(run())
    finally:
        srv.stop()
    log = srv.log_path.read_text()
    assert "Traceback" not in log and "database write failed" not in log, log[-3000:]


def test_the_limits_hold_across_nodes(tmp_path: Path) -> None:
    with running_cluster(tmp_path) as c:
        async def run() -> None:
            token = await signup(c.nodes[0], "Gezgin", guest=True)
            players = [Player(n, token, f"g{i}") for i, n in enumerate(c.nodes)]
            for p in players:
                await p.connect()
            created: list[str] = []
            errors: list[Any] = []
            for i in range(12):  # through each node in turn
                got, refused = await _creates(players[i % 3], 1, f"c{i}-")
                created += got
                errors += refused
            assert len(created) == 3  # the guest's cap (3), for the whole salon
            assert {e["i18n"]["code"] for e in errors} == {"server.guest_tables_open"}
            for p in players:
                await p.close()

        asyncio.run(run())
