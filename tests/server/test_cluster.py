"""The salon on three nodes (Redis + PostgreSQL): whole matches with the players of one
table on different nodes and the spectator on a third, and a node killed mid-match.

A representative subset of games runs here (``make test``); the full matrix, every game
through every fault, is ``KAHVEHANE_CLUSTER_ALL=1 .venv/bin/pytest tests/server/test_cluster.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from kahvehane.records import replay, verify
from kahvehane.store import Store
from kahvehane.store.ledger import audit, totals
from kahvehane.store.models import LedgerTxn, SalonTable
from tests.server.cluster import (
    REDIS_URL,
    Cluster,
    OwnRedis,
    own_redis_server,
    running_cluster,
)
from tests.server.conftest import PG_URL, database
from tests.server.harness import (
    Player,
    Server,
    api,
    okey_chooser,
    random_chooser,
    signup,
)
from tests.server.leaks import states
from tests.server.test_games_e2e import CASES, play_match

pytestmark = pytest.mark.cluster

ALL = os.environ.get("KAHVEHANE_CLUSTER_ALL") == "1"
GAMES = sorted(CASES) if ALL else ["duz_okey", "koz_maca", "royal_casino"]
FAILOVER_GAMES = sorted(CASES) if ALL else ["kdv_okey", "koz_maca"]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    with running_cluster(tmp_path_factory.mktemp("cluster")) as c:
        yield c


@pytest.mark.server
@pytest.mark.parametrize("game", GAMES)
def test_whole_match_across_nodes(cluster: Cluster, game: str) -> None:
    asyncio.run(play_match(cluster.nodes[0], game, f"{game[:4]}cl", cluster.nodes))


@pytest.mark.server
def test_lobby_and_limits_are_shared(cluster: Cluster) -> None:
    """A table opened through one node is in every node's lobby; the sign-in delay of a
    name at an address is one count for the whole salon."""
    async def run() -> None:
        token = await signup(cluster.nodes[0], "lobbyist")
        p = Player(cluster.nodes[0], token, "lobbyist")
        await p.connect()
        await p.send(type="create", id="c", game="duz_okey", options={"deals": 3})
        table = (await p.expect(lambda m: m["type"] == "created"))["table"]["id"]
        for node in cluster.nodes:
            deadline = time.monotonic() + 10
            while True:
                r = await api(node, "GET", "/api/tables")
                if table in [t["id"] for t in r.json()["tables"]]:
                    break
                assert time.monotonic() < deadline, f"{node.url} never listed {table}"
                await asyncio.sleep(0.1)
            one = await api(node, "GET", f"/api/tables/{table}")
            assert one.status_code == 200 and one.json()["table"]["id"] == table
        await p.close()
        bad = {"name": "lobbyist", "password": "wrong-password-1"}
        statuses = [(await api(cluster.nodes[i % 3], "POST", "/api/auth/login",
                               json=bad)).status_code for i in range(6)]
        assert 429 in statuses, statuses  # 3 free in the whole salon, not 3 per node
    asyncio.run(run())


def _owner(cluster: Cluster, table: str) -> int:
    import redis

    r = redis.Redis.from_url(cluster.redis_url)
    node = r.get(f"{cluster.prefix}:lease:{table}")
    assert node is not None
    return int(node.decode()[1:])


async def _player_at(node: Server, token: str, name: str, table: str) -> Player:
    p = Player(node, token, name)
    await p.connect()
    await p.send(type="join", table=table)
    return p


Fault = Callable[[Cluster, int, str], Awaitable[None]]


def _run_with_fault(tmp_path: Path, game: str, fault: Fault, *, new_owner: bool,
                    redis_url: str | None = None) -> float:
    """A whole match on a fresh three-node cluster, its people connected to the nodes
    that do not own the table, with ``fault`` done to the cluster (given the owner's
    index and the table) a few moves in; how long until every client had a snapshot of a new epoch
    (``new_owner``), else 0."""
    with running_cluster(tmp_path, redis_url or REDIS_URL) as c:
        return asyncio.run(_match_through(c, game, fault, new_owner=new_owner))


async def _match_through(c: Cluster, game: str, fault: Fault, *, new_owner: bool) -> float:
    options, entry, _people = CASES[game]
    tokens = [await signup(c.nodes[0], f"fo{i}") for i in range(2)]
    manager = Player(c.nodes[0], tokens[0], "fo0")
    await manager.connect()
    await manager.send(type="create", id="c", game=game, options=options, entry=entry,
                       clock=60)
    table = (await manager.expect(lambda m: m["type"] == "created"))["table"]["id"]
    owner = _owner(c, table)
    # the players on the nodes that will live (the table's owner is the one at fault)
    alive = [i for i in range(3) if i != owner]
    await manager.close()
    players = [await _player_at(c.nodes[alive[i]], t, f"fo{i}", table)
               for i, t in enumerate(tokens)]
    for i, p in enumerate(players):
        await p.send(type="sit", table=table, seat=i, id=f"s{i}")
        await p.expect(lambda m, i=i: m["type"] == "ok" and m.get("id") == f"s{i}")
    await players[0].send(type="start", table=table)
    choose = okey_chooser if game.endswith("okey") else random_chooser
    games = [asyncio.create_task(_play(p, table, choose, random.Random(i)))
             for i, p in enumerate(players)]
    async with asyncio.timeout(60):  # mid-match: a few moves made by the people
        while sum(1 for p in players for _, m in p.sent if m.get("type") == "act") < 4:
            await asyncio.sleep(0.05)
    epoch = next(m["epoch"] for m in reversed(players[0].messages)
                 if m.get("type") == "snapshot")
    seen = [len(p.messages) for p in players]
    began = time.monotonic()
    await fault(c, owner, table)
    resumed = 0.0
    if new_owner:  # every client gets a snapshot of the new epoch (and plays on)
        async with asyncio.timeout(30):
            while not all(any(m.get("type") == "snapshot" and m.get("epoch") != epoch
                              for m in p.messages[k:])
                          for p, k in zip(players, seen, strict=True)):
                await asyncio.sleep(0.05)
        resumed = time.monotonic() - began
    ends = await asyncio.wait_for(asyncio.gather(*games), timeout=120)
    end = ends[0]
    assert end is not None and end["data"]["result"]["complete"] is True
    match_id = end["data"]["match"]
    r = await api(c.nodes[alive[0]], "GET", f"/api/matches/{match_id}/record")
    record = json.loads(r.text)
    report = verify(record)
    assert report.ok and report.checked == list(range(len(record["deals"])))
    assert replay(record).result_json() == end["data"]["result"]
    # every view a client was shown (before and after the fault) is in the record, in
    # order: none lost, none applied twice
    views, _hidden = states(record)
    for seat, p in enumerate(players):
        assert _views_in_record(p.messages, table, seat, views) > 10
    for p in players:
        await p.close()
    _chips_conserved(c.db_url, entry)
    return resumed


async def _kill_9(c: Cluster, owner: int, table: str) -> None:
    node = c.nodes[owner]
    assert node.proc is not None
    node.proc.send_signal(signal.SIGKILL)
    node.proc.wait()
    node.proc = None


@pytest.mark.server
@pytest.mark.parametrize("game", FAILOVER_GAMES)
def test_failover_kill_9(tmp_path: Path, game: str) -> None:
    """kill -9 the owner mid-match: another node resumes it from its record within
    15 s, at its last saved move; the clients resync and play on to the end; chips are
    conserved; the record verifies."""
    resumed = _run_with_fault(tmp_path, game, _kill_9, new_owner=True)
    assert resumed < 15, f"resumed after {resumed:.1f} s"


async def _play(p: Player, table: str, choose: Any, rng: random.Random
                ) -> dict[str, Any] | None:
    """Answer ``p``'s turns until the match ends (its ``match_end``). A move the dying
    owner never answered is answered by the new owner's snapshot, and sent again."""
    while True:
        msg = await p.expect(
            lambda m: m.get("table") == table and m["type"] in ("event", "snapshot", "sync"))
        if msg["type"] == "event" and msg["kind"] == "match_end":
            return msg
        state = msg.get("match") if msg["type"] == "snapshot" else msg
        legal = state.get("legal") if state else None
        if legal and state is not None:
            await p.send(type="act", table=table, action=choose(state["view"], legal, rng))


def _normal(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def _views_in_record(messages: list[dict[str, Any]], table: str, seat: int,
                     views: list[dict[Any, Any]]) -> int:
    """Every view the client was shown is one of the record's states, in the record's
    order (a move shown and not saved, or saved twice, would leave the record's line);
    how many views were checked."""
    line = [_normal(v[seat]) for v in views]
    at, checked = 0, 0
    for m in messages:
        if m.get("table") != table:
            continue
        view = (m.get("match") or {}).get("view") if m["type"] == "snapshot" else m.get("view")
        if view is None:
            continue
        while at < len(line) and line[at] != view:
            at += 1
        assert at < len(line), f"seat {seat} was shown a view the record never had: {view}"
        checked += 1
    return checked


def _chips_conserved(db_url: str, entry: int | None) -> None:
    """The ledger balances: every transaction sums to zero, no account below zero, and
    the chips issued are all in accounts, Kasas and pots."""
    store = Store(db_url)
    try:
        assert store.run_sync(audit) == []
        t = store.run_sync(totals)
        assert t.held == t.granted, t
        if entry:  # the entries were taken once and settled once: nothing left in the pot
            # (who won is the match's business: the house, which stakes the bots, may end
            # above or below zero, so the people's sum says nothing about the entries)
            kinds = store.run_sync(lambda s: sorted(
                k for (k,) in s.execute(select(LedgerTxn.kind).where(LedgerTxn.kind != "grant"))))
            assert kinds == ["entry", "settle"], kinds
            assert t.by_kind.get("pot", 0) == 0, t
    finally:
        store.close()


def _incarnation(db_url: str, table: str) -> tuple[str | None, int]:
    import psycopg

    with psycopg.connect(db_url, autocommit=True) as conn:
        row = conn.execute("SELECT owner, incarnation FROM salon_tables WHERE id = %s",
                           (table,)).fetchone()
    assert row is not None
    return row[0], int(row[1])


@pytest.mark.server
@pytest.mark.parametrize("game", FAILOVER_GAMES[:1])
def test_split_brain_sigstop(tmp_path: Path, game: str) -> None:
    """SIGSTOP the owner past its lease: another node claims the table (a new
    incarnation in the database); SIGCONT it: it lets the table go, says nothing more
    to the clients (every view they were shown is the new owner's record), its stale
    writes are refused, and the match ends at the new owner."""
    stopped: dict[str, Any] = {}

    async def pause(c: Cluster, owner: int, table: str) -> None:
        node = c.nodes[owner]
        assert node.proc is not None
        before = _incarnation(c.db_url, table)
        node.proc.send_signal(signal.SIGSTOP)
        async with asyncio.timeout(20):
            while _incarnation(c.db_url, table) == before:
                await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # the new owner plays on while the old one sleeps
        node.proc.send_signal(signal.SIGCONT)
        stopped.update(node=node, proc=node.proc, table=table)

    _run_with_fault(tmp_path, game, pause, new_owner=True)
    node: Server = stopped["node"]
    assert stopped["proc"].returncode in (0, -signal.SIGTERM)  # it lived on to the end
    log = node.log_path.read_text()
    assert f"lets table {stopped['table']} go" in log, log[-2000:]


def test_fence_refuses_a_stale_incarnation(tmp_path: Path) -> None:
    """The database's word: a write under an incarnation that has passed is refused
    and changes nothing; the claim's own incarnation writes."""
    from kahvehane.store.accounts import create_user
    from kahvehane.store.fence import FencedStore, StaleIncarnation, claim_table
    from kahvehane.store.tables import create_table, save_seats

    with database("postgresql", tmp_path) as url:
        store = Store(url)
        store.migrate()
        store.start()
        try:
            uid = store.run_sync(lambda s: create_user(s, "fence", None, guest=False, chips=0).id)
            store.run_sync(lambda s: create_table(s, "tf", "duz_okey", {}, None, 30, uid, 4))
            assert store.run_sync(lambda s: claim_table(s, "tf", "n1", 0)) == 1
            assert store.run_sync(lambda s: claim_table(s, "tf", "n2", 0)) is None
            assert store.run_sync(lambda s: claim_table(s, "tf", "n2", 1)) == 2
            stale_calls: list[str] = []
            old = FencedStore(store, "tf", 1, stale_calls.append)
            new = FencedStore(store, "tf", 2, stale_calls.append)

            async def run() -> None:
                with pytest.raises(StaleIncarnation):
                    await old.write(lambda s: save_seats(s, "tf", [uid, None, None, None]))
                await new.write(lambda s: save_seats(s, "tf", [None, uid, None, None]))

            asyncio.run(run())
            assert stale_calls == ["tf"]
            seats = store.run_sync(lambda s: s.get(SalonTable, "tf").seats)
            assert seats == [None, uid, None, None]
        finally:
            store.close()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[OwnRedis]:
    with own_redis_server(tmp_path) as r:
        yield r


@pytest.mark.server
def test_redis_restarted_mid_match(tmp_path: Path, own_redis: Any) -> None:
    """Redis dies mid-match (its data with it) and comes back 2 s later: moves through
    other nodes are refused cleanly meanwhile, nothing is lost, and the salon recovers
    by itself (leases taken again, the lobby written again, every client resynced)."""
    async def restart(c: Cluster, owner: int, table: str) -> None:
        own_redis.stop()
        await asyncio.sleep(2.0)
        own_redis.start()

    _run_with_fault(tmp_path, "koz_maca", restart, new_owner=False, redis_url=own_redis.url)


@pytest.mark.server
def test_postgres_connections_terminated_mid_match(tmp_path: Path) -> None:
    """Every connection of the salon's database is terminated (``pg_terminate_backend``)
    twice mid-match: writes that fail are refused cleanly, nothing is lost, the nodes
    connect again by themselves and the match ends."""
    import psycopg

    async def terminate(c: Cluster, owner: int, table: str) -> None:
        name = c.db_url.rsplit("/", 1)[1]
        for _ in range(2):
            with psycopg.connect(PG_URL, autocommit=True) as admin:
                killed = admin.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE datname = %s AND pid <> pg_backend_pid()", (name,)).fetchone()
            assert killed is not None and killed[0] > 0
            await asyncio.sleep(0.5)

    _run_with_fault(tmp_path, "duz_okey", terminate, new_owner=False)
