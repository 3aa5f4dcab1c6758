"""The cluster path: three nodes on this machine, tables spread over them, every move
made by a player connected to another node than the table's owner.

    .venv/bin/python bench/cluster.py [--tables 1000] [--think 2.0] [--seconds 30]

Each table is a Balayı Kingi match between two people (guests), each connected to one of
the two nodes that do not own the table, so every move goes player's node → Redis
stream → owner → Redis channel → both players' nodes. Phases:

1. **single node** (the reference): the same tables and pace on one ``kahvehane serve``
   without Redis (same PostgreSQL): the server's CPU per move;
2. **cluster**: three ``serve --redis`` nodes: p50/p99 from an action to the moment its
   event reached both seats, and the three nodes' CPU per move; the difference with the
   single node is the extra CPU of the Redis hop (Redis's own CPU is printed apart: the
   machine's Redis is shared, so it counts other users' work too);
3. **failover**: the node owning the most tables is killed (-9); the time until both
   players of each of its tables had a snapshot of the new epoch (median, max), and
   ``lost``: its tables that did not resume within 30 s.

A scratch PostgreSQL database (``KAHVEHANE_BENCH_PG``, default the machine's
127.0.0.1:5432) is created and dropped; Redis keys go under a prefix of their own and are
deleted. The last line is ``cluster: nodes=3 tables=N p99-ms=X failover-s=S lost=L``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import psycopg
import redis
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.harness import free_port, spawn_server  # noqa: E402

PG = os.environ.get("KAHVEHANE_BENCH_PG", "postgresql://127.0.0.1:5432/postgres")
REDIS = os.environ.get("KAHVEHANE_BENCH_REDIS", "redis://127.0.0.1:6379/0")
GAME = "balayi_kingi"


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Node:
    port: int
    proc: subprocess.Popen[bytes]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


def start_nodes(db: str, folder: Path, count: int, prefix: str | None) -> list[Node]:
    nodes = []
    for i in range(count):
        port = free_port()
        args = [sys.executable, "-m", "kahvehane.cli", "serve", "--port", str(port),
                "--db", db, "--countdown", "0.2", "--bot-delay", "0", "--deal-pause", "0.5",
                "--log-level", os.environ.get("BENCH_LOG_LEVEL", "warning"),
                "--new-accounts", "1000000", "--rate", "200", "--burst", "400",
                "--clock", "600", "--idle-close", "3600", "--grace-close", "3600"]
        if prefix is not None:
            args += ["--redis", REDIS, "--redis-prefix", prefix, "--node-id", f"n{i}",
                     "--lease", "3"]
        proc = spawn_server(args, folder / f"node{i}.log", f"http://127.0.0.1:{port}")
        nodes.append(Node(port, proc))
    return nodes


def stop_nodes(nodes: list[Node]) -> None:
    for n in nodes:
        if n.proc.poll() is None:
            n.proc.send_signal(signal.SIGTERM)
    for n in nodes:
        with contextlib.suppress(subprocess.TimeoutExpired):
            n.proc.wait(timeout=15)
        if n.proc.poll() is None:
            n.proc.kill()


@dataclass
class Table:
    id: str
    owner: int = -1
    events: dict[int, list[float]] = field(default_factory=dict)  # n -> arrivals
    sent: dict[int, float] = field(default_factory=dict)  # seat -> its act's time
    t0: dict[int, float] = field(default_factory=dict)  # n -> the act's time
    epochs: list[str | None] = field(default_factory=lambda: [None, None])
    resumed: list[float | None] = field(default_factory=lambda: [None, None])
    #: what each seat saw after the kill: "epoch" (a snapshot of a new epoch without a
    #: match: the table resumed between matches), "same" (a snapshot of the old epoch)
    after: list[set[str]] = field(default_factory=lambda: [set(), set()])


class Bench:
    def __init__(self, think: float) -> None:
        self.think = think
        self.latencies: list[float] = []
        self.moves = 0
        self.measuring = False
        self.killed_at: float | None = None

    async def guest(self, client: httpx.AsyncClient, node: Node) -> str:
        for attempt in range(5):  # a loaded machine drops a kept-alive connection
            try:
                r = await client.post(node.url + "/api/auth/guest", json={})
                r.raise_for_status()
                return str(r.cookies["kahvehane_session"])
            except httpx.TransportError:
                if attempt == 4:
                    raise
                await asyncio.sleep(0.5)
        raise AssertionError("unreachable")

    async def ws(self, node: Node, token: str) -> ClientConnection:
        ws = await connect(f"ws://127.0.0.1:{node.port}/ws", max_size=2**22,
                           additional_headers={"Cookie": f"kahvehane_session={token}"},
                           open_timeout=60)
        await ws.recv()  # hello
        return ws

    async def open_table(self, client: httpx.AsyncClient, nodes: list[Node],
                         owners: Any) -> tuple[Table, list[ClientConnection]]:
        tokens = [await self.guest(client, nodes[0]) for _ in range(2)]
        ws = await self.ws(nodes[random.randrange(len(nodes))], tokens[0])
        await ws.send(orjson.dumps({"type": "create", "id": "c", "game": GAME,
                                    "options": {}, "clock": 600}).decode())
        while True:
            msg = orjson.loads(await ws.recv())
            if msg["type"] == "created":
                break
            if msg["type"] == "error":
                raise RuntimeError(msg)
        table = Table(msg["table"]["id"])
        await ws.close()
        for _ in range(200):  # a table opened for another node: its lease comes soon
            table.owner = owners(table.id)
            if table.owner >= 0:
                break
            await asyncio.sleep(0.05)
        others = [i for i in range(len(nodes)) if i != table.owner] or [0]
        conns = [await self.ws(nodes[others[i % len(others)]], tokens[i]) for i in range(2)]
        for i, c in enumerate(conns):
            await c.send(orjson.dumps({"type": "join", "table": table.id}).decode())
            await c.send(orjson.dumps({"type": "sit", "table": table.id, "seat": i,
                                       "id": "s"}).decode())
            while orjson.loads(await c.recv()).get("type") != "ok":
                pass
        await conns[0].send(orjson.dumps({"type": "start", "table": table.id}).decode())
        return table, conns

    async def play(self, table: Table, seat: int, ws: ClientConnection) -> None:
        rng = random.Random(secrets.randbits(32))
        with contextlib.suppress(Exception):
            async for raw in ws:
                msg = orjson.loads(raw)
                now = time.monotonic()
                kind = msg.get("type")
                if kind == "snapshot":
                    self._snapshot(table, seat, msg, now)
                    state = msg.get("match")
                elif kind in ("event", "sync"):
                    state = msg
                    if kind == "event" and msg.get("kind") == "game":
                        self._event(table, seat, msg, now)
                    if kind == "event" and msg.get("kind") == "match_end":
                        await ws.send(orjson.dumps({"type": "start", "table": table.id})
                                      .decode())
                else:
                    continue
                legal = state.get("legal") if state else None
                if legal:
                    asyncio.get_running_loop().create_task(
                        self._move(table, seat, ws, rng.choice(legal), rng))

    async def _move(self, table: Table, seat: int, ws: ClientConnection,
                    action: dict[str, Any], rng: random.Random) -> None:
        await asyncio.sleep(rng.expovariate(1 / self.think) if self.think else 0)
        table.sent[seat] = time.monotonic()
        with contextlib.suppress(Exception):
            await ws.send(orjson.dumps({"type": "act", "table": table.id,
                                        "action": action}).decode())

    def _event(self, table: Table, seat: int, msg: dict[str, Any], now: float) -> None:
        data = msg.get("data") or {}
        if msg.get("auto") or data.get("seat") is None:
            return
        n = msg["n"]
        arrivals = table.events.setdefault(n, [])
        arrivals.append(now)
        if data["seat"] == seat and seat in table.sent:
            table.t0[n] = table.sent.pop(seat)
        if len(arrivals) == 2 and n in table.t0:
            t0 = table.t0.pop(n)
            del table.events[n]
            if self.measuring:
                self.latencies.append(max(arrivals) - t0)
                self.moves += 1
        if len(table.events) > 50:
            table.events.clear()

    def _snapshot(self, table: Table, seat: int, msg: dict[str, Any], now: float) -> None:
        # (the first snapshot, the join's, is read while the table is opened: any
        # snapshot after the kill is the new owner's)
        epoch = msg.get("epoch")
        if self.killed_at is None:
            table.epochs[seat] = epoch
        elif epoch == table.epochs[seat]:
            table.after[seat].add("same")
        elif msg.get("match") is None:
            table.after[seat].add("epoch")
        elif table.resumed[seat] is None:
            table.resumed[seat] = now - self.killed_at


async def run_phase(nodes: list[Node], tables: int, think: float, seconds: float,
                    owners: Any, *, failover: bool) -> dict[str, Any]:
    bench = Bench(think)
    opened: list[tuple[Table, list[ClientConnection]]] = []
    async with httpx.AsyncClient(timeout=60) as client:
        sem = asyncio.Semaphore(20)

        async def one() -> None:
            async with sem:
                opened.append(await bench.open_table(client, nodes, owners))

        await asyncio.gather(*(one() for _ in range(tables)))
    players = [asyncio.create_task(bench.play(t, i, c)) for t, cs in opened
               for i, c in enumerate(cs)]
    await asyncio.sleep(min(10.0, 2 + tables / 100))  # warm up: every match under way
    cpu0 = {n.proc.pid: cpu_seconds(n.proc.pid) for n in nodes}
    bench.measuring = True
    await asyncio.sleep(seconds)
    bench.measuring = False
    cpu = sum(cpu_seconds(pid) - c for pid, c in cpu0.items())
    out: dict[str, Any] = {"moves": bench.moves, "cpu": cpu,
                           "lat": sorted(bench.latencies)}
    if failover:
        counts = [sum(1 for t, _ in opened if t.owner == i) for i in range(len(nodes))]
        victim = max(range(len(nodes)), key=lambda i: counts[i])
        affected = [t for t, _ in opened if t.owner == victim]
        bench.killed_at = time.monotonic()
        nodes[victim].proc.send_signal(signal.SIGKILL)
        nodes[victim].proc.wait()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(
                None not in t.resumed for t in affected):
            await asyncio.sleep(0.1)
        times = [max(x for x in t.resumed if x is not None) for t in affected
                 if None not in t.resumed]
        out.update(victim=victim, affected=len(affected), resumed=times,
                   lost=len(affected) - len(times))
        for t in affected:
            if None in t.resumed:  # why: who holds it now, and what its seats saw
                print(f"not resumed: {t.id} lease n{owners(t.id)} seen {t.after}",
                      file=sys.stderr)
    for task in players:
        task.cancel()
    for _, cs in opened:
        for c in cs:
            with contextlib.suppress(Exception):
                await c.close()
    return out


def pct(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))] * 1000 if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=1000)
    ap.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured, per phase")
    ap.add_argument("--no-baseline", action="store_true", help="skip the single node")
    args = ap.parse_args()
    r = redis.Redis.from_url(REDIS)
    r.ping()
    redis_pid = int(r.info("server")["process_id"])
    base = PG.rsplit("/", 1)[0]
    results: dict[str, dict[str, Any]] = {}
    keep = os.environ.get("BENCH_LOGS")  # a folder to keep the nodes' logs in
    with tempfile.TemporaryDirectory() as scratch:
        tmp = keep or scratch
        Path(tmp).mkdir(parents=True, exist_ok=True)
        for phase in ([] if args.no_baseline else ["single"]) + ["cluster"]:
            name = f"kh_bench_{secrets.token_hex(4)}"
            with psycopg.connect(PG, autocommit=True) as admin:
                admin.execute(f'CREATE DATABASE "{name}"')
            prefix = f"khbench{secrets.token_hex(3)}" if phase == "cluster" else None
            nodes = start_nodes(f"{base}/{name}", Path(tmp), 3 if prefix else 1, prefix)

            def owners(table: str, prefix: str | None = prefix) -> int:
                if prefix is None:
                    return 0
                value = r.get(f"{prefix}:lease:{table}")
                return int(value.decode()[1:]) if value else -1

            try:
                redis_cpu0 = cpu_seconds(redis_pid)
                results[phase] = asyncio.run(run_phase(
                    nodes, args.tables, args.think, args.seconds, owners,
                    failover=phase == "cluster"))
                results[phase]["redis_cpu"] = cpu_seconds(redis_pid) - redis_cpu0
            finally:
                stop_nodes(nodes)
                if prefix:
                    keys = list(r.scan_iter(f"{prefix}:*"))
                    if keys:
                        r.delete(*keys)
                with psycopg.connect(PG, autocommit=True) as admin:
                    admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} (shared)")
    for phase, res in results.items():
        per_move = res["cpu"] / res["moves"] * 1e3 if res["moves"] else float("nan")
        print(f"{phase:8s} tables={args.tables} think={args.think}s moves={res['moves']}"
              f" ({res['moves'] / args.seconds:.1f}/s) p50-ms={pct(res['lat'], 0.5):.1f}"
              f" p99-ms={pct(res['lat'], 0.99):.1f} server-cpu-ms-per-move={per_move:.2f}"
              f" redis-cpu-s={res['redis_cpu']:.2f}")
    c = results["cluster"]
    if "single" in results and results["single"]["moves"] and c["moves"]:
        s = results["single"]
        extra = c["cpu"] / c["moves"] - s["cpu"] / s["moves"]
        print(f"extra server CPU per move of the Redis hop: {extra * 1e3:.2f} ms"
              f" (plus Redis's own: {c['redis_cpu'] / c['moves'] * 1e3:.2f} ms a move,"
              " shared Redis)")
    times = sorted(c["resumed"])
    fo = max(times) if times else float("nan")
    print(f"failover: node n{c['victim']} killed with {c['affected']} tables; resumed in"
          f" median {statistics.median(times) if times else float('nan'):.1f} s, max"
          f" {fo:.1f} s; not resumed within 30 s: {c['lost']}")
    print(f"cluster: nodes=3 tables={args.tables} p99-ms={pct(c['lat'], 0.99):.0f}"
          f" failover-s={fo:.1f} lost={c['lost']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
