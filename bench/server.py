"""Salon server benchmark: N concurrent tables of bots over loopback WebSockets.

    .venv/bin/python bench/server.py [--tables 1000] [--game koz_maca] [--think 1.0]

The salon (``kahvehane serve``, SQLite in a temporary folder) and the load (this file
with ``--role load``: every seat of every table is a WebSocket client that plays a
random legal move when its turn comes) run as two processes; then, for the ceiling, a
plain ``websockets`` echo server (``--role echo``) and, for reference, a fan-out server
(``--role fanout``), each with its own load process.

Phases, all in one run:

1. **paced** — every table plays with a think time of ``--think`` seconds (mean, before
   each move), as people do: moves/s and the latency from an action to the moment its
   broadcast (the event carrying the new ``view``) has reached every seat of the table,
   p50/p99.
2. **saturated** — no think time: the most moves/s the server gives with per-seat views.
3. **echo** — the same number of connections against an echo server, each sending a
   message of the salon's mean message size and waiting for it back: messages/s is the
   ceiling of the WebSocket stack on this machine.
4. **fan-out** (a reference) — the same connections in tables against a ``websockets``
   server that forwards each message to every seat of the sender's table: the salon's
   message pattern with no game, views or database behind it.

After the saturated phase it prints the server's and the load's CPU time per move (Linux
``/proc``), the figures to compare across changes on a shared machine.

To profile a phase from outside, set ``BENCH_MARKS=FILE``: the salon's pid and the start
and end of each measured phase (``phase <unix time> <name> <seconds>`` / ``<name> end``)
are appended to ``FILE`` as they happen (the load's own stderr is captured until it ends).

The last line is ``server: tables=N moves-per-s=M p99-ms=X echo-fraction=Y``: ``M`` from
the saturated phase, ``X`` from the paced phase, ``Y = M / echo messages/s``.

``--capacity 250,500,…`` runs issue 16's measure instead (``bench/capacity.py``): the
largest number of four-seat tables at a human pace (a move every ``--pace`` = 2 s per
table) with p99 ≤ 100 ms, memory per connection and CPU per move against the fan-out
reference; its last line ``server: tables=N p99-ms=X cpu-vs-fanout=R kb-per-conn=K``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import orjson
from capacity import guest_session, run_json  # bench/capacity.py, beside this file

ROOT = Path(__file__).resolve().parents[1]
SEATS = {"koz_maca": 4, "duz_okey": 4, "kdv_okey": 4, "balayi_kingi": 2, "casino": 2,
         "royal_casino": 2}
OPTIONS: dict[str, dict[str, Any]] = {
    "koz_maca": {"finish_score": 10_000}, "duz_okey": {"deals": 11}, "kdv_okey": {"deals": 11},
    "balayi_kingi": {}, "casino": {"players": 2, "target": 1000},
    "royal_casino": {"players": 2, "target": 1000},
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ============================================================================ load side
N_FIELD = b'"n":'


def event_number(raw: bytes) -> int:
    """The ``n`` of an event without decoding the rest: the server writes ``type``,
    ``table`` and ``n`` first (falls back to a full decode if it ever does not)."""
    at = raw.find(N_FIELD, 0, 80)
    if at < 0:
        return int(orjson.loads(raw)["n"])
    end = raw.find(b",", at)
    return int(raw[at + 4:end])


class Seat:
    __slots__ = ("last_n", "table", "token", "ws")

    def __init__(self, table: Table, token: str) -> None:
        self.table = table
        self.token = token
        self.ws: Any = None
        self.last_n = 0


class Table:
    __slots__ = ("id", "pending", "playing", "received", "seats")

    def __init__(self) -> None:
        self.id = ""
        self.seats: list[Seat] = []
        self.pending: tuple[float, int] | None = None  # (sent at, event number before)
        self.received = 0
        self.playing = False  # its first deal has reached a seat


class Load:
    def __init__(self, url: str, game: str, tables: int, rng: random.Random) -> None:
        self.url = url
        self.game = game
        self.n_tables = tables
        self.rng = rng
        self.tables: list[Table] = []
        self.think = 0.0
        self.counting = False
        self.moves = 0
        self.latencies: list[float] = []
        self.bytes = 0
        self.msgs = 0
        self.started = 0  # tables whose first deal has arrived
        self.server_pid = 0

    async def setup(self) -> None:
        import httpx
        from websockets.asyncio.client import connect

        seats = SEATS[self.game]
        limits = httpx.Limits(max_connections=50)
        async with httpx.AsyncClient(base_url=self.url, limits=limits, timeout=60) as http:
            sem = asyncio.Semaphore(50)

            async def guest() -> str:
                async with sem:
                    return await guest_session(http, tries=5)

            tokens = await asyncio.gather(*(guest() for _ in range(self.n_tables * seats)))
        ws_url = self.url.replace("http", "ws") + "/ws"
        for t in range(self.n_tables):
            table = Table()
            table.seats = [Seat(table, tokens[t * seats + s]) for s in range(seats)]
            self.tables.append(table)

        async def open_seat(seat: Seat) -> None:
            async with sem:
                seat.ws = await connect(ws_url, max_size=2**22, compression=None,
                                        additional_headers={
                                            "Cookie": f"kahvehane_session={seat.token}"})
                await seat.ws.recv()  # hello

        await asyncio.gather(*(open_seat(s) for t in self.tables for s in t.seats))

        async def make(table: Table) -> None:
            async with sem:
                mgr = table.seats[0]
                await mgr.ws.send(json.dumps({"type": "create", "game": self.game,
                                              "options": OPTIONS[self.game], "entry": 1
                                              if self.game == "koz_maca" else None,
                                              "clock": 600}))
                while not table.id:
                    msg = json.loads(await mgr.ws.recv())
                    if msg["type"] == "created":
                        table.id = msg["table"]["id"]
                for i, seat in enumerate(table.seats):
                    await seat.ws.send(json.dumps({"type": "sit", "table": table.id, "seat": i,
                                                   "id": "s"}))
                    while json.loads(await seat.ws.recv())["type"] != "ok":
                        pass

        await asyncio.gather(*(make(t) for t in self.tables))

    async def run_seat(self, seat: Seat, index: int) -> None:
        """One seat's client. It receives every message in full (the frame is read off
        the socket by ``websockets``) but decodes only what a bot needs: the event
        number of a message that carries the new state, and the whole message only when
        it holds this seat's ``legal`` list (its turn)."""
        ws = seat.ws
        table = seat.table
        first = table.seats[0] is seat
        while True:
            raw: bytes = await ws.recv(decode=False)
            self.msgs += 1
            self.bytes += len(raw)
            if not raw.startswith(b'{"type":"event"'):
                continue
            if first and b'"kind":"match_end"' in raw:
                await ws.send(orjson.dumps({"type": "start", "table": table.id}), text=True)
            if b'"clock":{' not in raw:  # the state rides on the last event of a change
                continue
            n = event_number(raw)
            seat.last_n = n
            if not table.playing:
                table.playing = True
                self.started += 1
            pend = table.pending
            if pend is not None and n > pend[1]:
                table.received += 1
                if table.received == len(table.seats):
                    if self.counting:
                        self.latencies.append(time.perf_counter() - pend[0])
                    table.pending = None
            if b'"legal":[' in raw:
                legal = orjson.loads(raw).get("legal")
                if not legal:
                    continue
                if self.think:
                    await asyncio.sleep(self.rng.expovariate(1 / self.think))
                action = legal[self.rng.randrange(len(legal))]
                table.pending = (time.perf_counter(), n)
                table.received = 0
                if self.counting:
                    self.moves += 1
                await ws.send(orjson.dumps({"type": "act", "table": table.id,
                                            "action": action}), text=True)

    async def phase(self, name: str, think: float, seconds: float) -> dict[str, Any]:
        self.think = think
        warm = min(5.0, seconds / 3)
        await asyncio.sleep(warm)
        self.moves, self.latencies, self.msgs, self.bytes = 0, [], 0, 0
        self.counting = True
        mark(f"{name} {seconds}")
        load0 = os.getloadavg()[0]
        cpu0 = cpu_seconds(self.server_pid), cpu_seconds(os.getpid())
        split0 = cpu_times(self.server_pid)
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        self.counting = False
        cpu1 = cpu_seconds(self.server_pid), cpu_seconds(os.getpid())
        split1 = cpu_times(self.server_pid)
        per_move = [per_unit(a, b, self.moves) for a, b in zip(cpu0, cpu1, strict=True)]
        kernel = (None if split0 is None or split1 is None or cpu0[0] is None
                  or cpu1[0] is None or cpu1[0] == cpu0[0]
                  else round((split1[1] - split0[1]) / (cpu1[0] - cpu0[0]), 2))
        mark(f"{name} end")
        lat = sorted(self.latencies)
        return {
            "think": think, "seconds": round(elapsed, 2), "moves": self.moves,
            "moves_per_s": round(self.moves / elapsed, 1),
            "messages_per_s": round(self.msgs / elapsed, 1),
            "mean_message_bytes": round(self.bytes / max(1, self.msgs)),
            "broadcasts": len(lat),
            "p50_ms": round(1000 * lat[len(lat) // 2], 2) if lat else None,
            "p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 2)
            if lat else None,
            "mean_ms": round(1000 * statistics.fmean(lat), 2) if lat else None,
            "loadavg": [round(load0, 2), round(os.getloadavg()[0], 2)],
            "server_cpu_us_per_move": per_move[0], "load_cpu_us_per_move": per_move[1],
            "server_kernel_share": kernel,
        }


def cpu_times(pid: int) -> tuple[float, float] | None:
    """User and system CPU time of process ``pid`` (Linux ``/proc``; ``None`` elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of process ``pid`` (see :func:`cpu_times`)."""
    times = cpu_times(pid)
    return None if times is None else times[0] + times[1]


def per_unit(before: float | None, after: float | None, count: int) -> float | None:
    """CPU microseconds per unit of work between two :func:`cpu_seconds` readings."""
    if before is None or after is None or not count:
        return None
    return round(1e6 * (after - before) / count, 1)


def mark(what: str) -> None:
    """A timestamped line on stderr, and in ``$BENCH_MARKS`` if set, as it happens (for
    a profiler to line up with the phases)."""
    line = f"phase {time.time():.3f} {what}"
    print(line, file=sys.stderr, flush=True)
    path = os.environ.get("BENCH_MARKS")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(line + "\n")


async def load_main(args: argparse.Namespace) -> None:
    load = Load(args.url, args.game, args.tables, random.Random(7))
    load.server_pid = args.server_pid
    t0 = time.perf_counter()
    await load.setup()
    tasks = [asyncio.get_running_loop().create_task(load.run_seat(s, i))
             for t in load.tables for i, s in enumerate(t.seats)]
    load.think = args.think
    for t in load.tables:
        await t.seats[0].ws.send(json.dumps({"type": "start", "table": t.id}))
    while load.started < len(load.tables):  # every match started (entries, first deal)
        await asyncio.sleep(0.1)
    setup_s = time.perf_counter() - t0
    paced = await load.phase("paced", args.think, args.duration)
    saturated = await load.phase("saturated", 0.0, args.duration)
    print(json.dumps({"setup_s": round(setup_s, 1), "paced": paced, "saturated": saturated,
                      "connections": sum(len(t.seats) for t in load.tables)}), flush=True)
    for task in tasks:
        task.cancel()
    for t in load.tables:
        for s in t.seats:
            await s.ws.close()


# ============================================================================ references
class Window:
    """A reference load's count of round trips or moves, and its timed window."""

    def __init__(self) -> None:
        self.counting = False
        self.count = 0

    async def measure(self, seconds: float, server_pid: int) -> dict[str, Any]:
        """Warm up 3 s, then count for ``seconds``: the rate, the server's CPU per unit
        and the load average."""
        await asyncio.sleep(3)
        self.counting = True
        cpu0 = cpu_seconds(server_pid), cpu_seconds(os.getpid())
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        self.counting = False
        cpu1 = cpu_seconds(server_pid), cpu_seconds(os.getpid())
        return {"per_s": round(self.count / elapsed, 1),
                "server_cpu_us": per_unit(cpu0[0], cpu1[0], self.count),
                "load_cpu_us": per_unit(cpu0[1], cpu1[1], self.count),
                "loadavg": round(os.getloadavg()[0], 2)}


# ============================================================================ echo
async def echo_server_main(args: argparse.Namespace) -> None:
    from websockets.asyncio.server import serve
    from websockets.exceptions import ConnectionClosed


    async def echo(ws: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for msg in ws:
                await ws.send(msg)

    async with serve(echo, "127.0.0.1", args.port, max_size=2**22, compression=None):
        print("ready", flush=True)
        await asyncio.Future()


async def echo_load_main(args: argparse.Namespace) -> None:
    from websockets.asyncio.client import connect

    payload = ("x" * args.size).encode()
    window = Window()
    sem = asyncio.Semaphore(50)
    conns: list[Any] = []

    async def open_one() -> None:
        async with sem:
            conns.append(await connect(f"ws://127.0.0.1:{args.port}", compression=None,
                                       max_size=2**22))

    await asyncio.gather(*(open_one() for _ in range(args.connections)))

    async def client(ws: Any) -> None:  # the same calls as a salon seat's client
        while True:
            await ws.send(payload, text=True)
            await ws.recv(decode=False)
            if window.counting:
                window.count += 1

    tasks = [asyncio.get_running_loop().create_task(client(ws)) for ws in conns]
    got = await window.measure(args.duration, args.server_pid)
    print(json.dumps({"messages_per_s": got["per_s"], "size": args.size,
                      "connections": args.connections, "server_cpu_us": got["server_cpu_us"],
                      "load_cpu_us": got["load_cpu_us"], "loadavg": got["loadavg"]}), flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*(ws.close() for ws in conns), return_exceptions=True)


# ============================================================================ fan-out
async def fanout_server_main(args: argparse.Namespace) -> None:
    """A plain ``websockets`` server that forwards each message to every seat of the
    sender's table (the sender included) and does nothing else: the salon's message
    pattern (one frame in, one frame out per seat) at zero cost per move."""
    from websockets.asyncio.server import broadcast, serve
    from websockets.exceptions import ConnectionClosed

    tables: dict[bytes, list[Any]] = {}

    async def forward(ws: Any) -> None:
        name = await ws.recv(decode=False)  # the table's name, once
        seats = tables.setdefault(name, [])
        seats.append(ws)
        with contextlib.suppress(ConnectionClosed):
            async for msg in ws:
                broadcast(seats, msg)

    async with serve(forward, "127.0.0.1", args.port, max_size=2**22, compression=None):
        print("ready", flush=True)
        await asyncio.Future()


async def fanout_load_main(args: argparse.Namespace) -> None:
    """Tables of ``--seats`` connections; seats take turns: the seat whose turn it is
    sends a message of ``--size`` bytes, and every seat (the sender too) receives it;
    the next seat's turn starts when it has received the message. Moves/s are
    counted at each table's first seat."""
    from websockets.asyncio.client import connect

    payload = ("x" * args.size).encode()
    n_seats = args.seats
    window = Window()
    sem = asyncio.Semaphore(50)
    tables: list[list[Any]] = []

    async def open_table(t: int) -> None:
        async with sem:
            seats = []
            for _ in range(n_seats):
                ws = await connect(f"ws://127.0.0.1:{args.port}", compression=None,
                                   max_size=2**22)
                await ws.send(f"t{t}", text=True)
                seats.append(ws)
            tables.append(seats)

    await asyncio.gather(*(open_table(t) for t in range(args.connections // n_seats)))
    await asyncio.sleep(1)  # every seat registered with the server

    async def seat(ws: Any, index: int) -> None:
        received = 0
        if index == 0:
            await ws.send(payload, text=True)
        while True:
            await ws.recv(decode=False)
            received += 1
            if index == 0 and window.counting:
                window.count += 1
            if received % n_seats == index:
                await ws.send(payload, text=True)

    tasks = [asyncio.get_running_loop().create_task(seat(ws, i))
             for seats in tables for i, ws in enumerate(seats)]
    got = await window.measure(args.duration, args.server_pid)
    print(json.dumps({"moves_per_s": got["per_s"], "size": args.size,
                      "connections": len(tables) * n_seats,
                      "server_cpu_us": got["server_cpu_us"], "load_cpu_us": got["load_cpu_us"],
                      "loadavg": got["loadavg"]}), flush=True)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*(ws.close() for seats in tables for ws in seats),
                         return_exceptions=True)


# ============================================================================ driver
TARGET = 0.40  # the echo fraction


def budget_line(echo_per_s: float, salon: tuple[float | None, float | None],
                fanout: tuple[float | None, float | None]) -> str:
    """What the target leaves per move, in CPU: at ``TARGET × echo messages/s`` moves a
    second, the server and its load share the machine's cores (``cores / rate`` of CPU
    per move for both together), and the server's event loop has one core at most
    (``1 / rate``). Beside it, what the salon and the fan-out reference — a server that
    only forwards — used per move, as (server, load)."""
    if not echo_per_s:
        return "budget: no echo figure"
    cores = os.cpu_count() or 1
    rate = TARGET * echo_per_s

    def used(pair: tuple[float | None, float | None]) -> str:
        a, b = pair
        return "?" if a is None or b is None else f"{a} + {b} = {a + b:.1f} µs"

    return (f"budget at echo-fraction {TARGET}: {rate:.0f} moves/s leave"
            f" {1e6 * cores / rate:.1f} µs of CPU per move for the server and its load"
            f" together ({cores} cores), at most {1e6 / rate:.1f} µs for the server's event"
            f" loop; used (server + load): salon {used(salon)}, fan-out reference"
            f" {used(fanout)}")


def run_reference(py: str, me: str, role: str, args: list[str]) -> dict[str, Any]:
    """Run the ``role`` server and its load (``role``-load) once; the load's figures."""
    port = free_port()
    srv = subprocess.Popen([py, me, "--role", role, "--port", str(port)], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True)
    try:
        assert srv.stdout is not None
        srv.stdout.readline()  # ready
        return run_json([py, me, "--role", f"{role}-load", "--port", str(port),
                         "--server-pid", str(srv.pid), "--connections", *args], timeout=600)
    finally:
        srv.kill()
        srv.wait()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--role", default="driver",
                   choices=["driver", "load", "echo", "echo-load", "fanout", "fanout-load",
                            "capacity-load", "capacity-fanout-load"])
    p.add_argument("--capacity", default="", metavar="TABLES,...",
                   help="the capacity search instead (bench/capacity.py): these numbers"
                        " of four-seat tables in turn, e.g. 250,500,1000,2000,4000")
    p.add_argument("--pace", type=float, default=2.0,
                   help="(capacity) mean seconds between a table's moves")
    p.add_argument("--warm", type=float, default=5.0, help="(capacity) warm-up, s")
    p.add_argument("--keep-going", action="store_true",
                   help="(capacity) measure every step, even past the first over 100 ms")
    p.add_argument("--ws", default="direct", choices=["direct", "asgi"],
                   help="(capacity) the salon's WebSocket path (kahvehane serve --ws)")
    p.add_argument("--tables", type=int, default=1000)
    p.add_argument("--game", default="koz_maca", choices=sorted(SEATS))
    p.add_argument("--think", type=float, default=1.0, help="mean think time, s (paced)")
    p.add_argument("--duration", type=float, default=20.0, help="seconds per phase")
    p.add_argument("--url", default="")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--size", type=int, default=500)
    p.add_argument("--connections", type=int, default=0)
    p.add_argument("--server-pid", type=int, default=0, help="(load) the salon's pid")
    p.add_argument("--seats", type=int, default=4, help="seats per table (fan-out)")
    args = p.parse_args()
    if args.role != "driver":  # every side runs on uvloop, as the salon does
        import uvloop

        uvloop.install()  # before asyncio.run, which then makes a uvloop loop
    import capacity

    roles = {"load": load_main, "echo": echo_server_main, "echo-load": echo_load_main,
             "fanout": fanout_server_main, "fanout-load": fanout_load_main,
             "capacity-load": capacity.salon_load_main,
             "capacity-fanout-load": capacity.fanout_load_main}
    if args.role in roles:
        asyncio.run(roles[args.role](args))
        return 0
    if args.capacity:
        if args.duration == 20.0:
            args.duration = 30.0
        return capacity.capacity_main(args)

    py = sys.executable
    me = str(Path(__file__).resolve())
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen(
            [py, "-m", "kahvehane.cli", "serve", "--port", str(port), "--db",
             f"sqlite:///{tmp}/bench.sqlite3", "--countdown", "0", "--bot-delay", "0",
             "--deal-pause", "0", "--rate", "100000", "--burst", "100000",
             "--guest-chips", "1000000", "--log-level", "warning"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=open(f"{tmp}/server.log", "w"))  # noqa: SIM115
        mark(f"server-pid {server.pid}")
        try:
            import httpx

            for _ in range(200):
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.1)
            load = run_json([py, me, "--role", "load", "--url", f"http://127.0.0.1:{port}",
                             "--server-pid", str(server.pid),
                             "--tables", str(args.tables), "--game", args.game, "--think",
                             str(args.think), "--duration", str(args.duration)],
                            timeout=1800)
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        sat = load["saturated"]
        size = int(sat["mean_message_bytes"]) or 500
        reference = [str(load["connections"]), "--size", str(size), "--duration",
                     str(min(args.duration, 15)), "--seats", str(SEATS[args.game])]
        ech = run_reference(py, me, "echo", reference)
        fan = run_reference(py, me, "fanout", reference)
    paced = load["paced"]
    print(f"setup: {args.tables} tables of {args.game}, {load['connections']} WebSocket"
          f" connections, every match started, in {load['setup_s']} s")
    offered = f", offered about {args.tables / args.think:.0f} moves/s" if args.think else ""
    print(f"paced (think {args.think} s{offered}): {paced['moves_per_s']} moves/s,"
          f" {paced['messages_per_s']} messages/s to clients, p50 {paced['p50_ms']} ms,"
          f" p99 {paced['p99_ms']} ms over {paced['broadcasts']} broadcasts"
          f" (load average {paced['loadavg'][0]} → {paced['loadavg'][1]})")
    print(f"saturated (no think time): {sat['moves_per_s']} moves/s,"
          f" {sat['messages_per_s']} messages/s to clients, p50 {sat['p50_ms']} ms,"
          f" p99 {sat['p99_ms']} ms (load average {sat['loadavg'][0]} → {sat['loadavg'][1]})")
    print(f"  CPU per move: server {sat['server_cpu_us_per_move']} µs (in the kernel:"
          f" {sat['server_kernel_share']}), load {sat['load_cpu_us_per_move']} µs")
    print(f"echo ceiling ({ech['connections']} connections, {ech['size']}-byte messages):"
          f" {ech['messages_per_s']} messages/s, server CPU {ech['server_cpu_us']} µs per"
          f" message, load CPU {ech['load_cpu_us']} µs (load average {ech['loadavg']})")
    fraction = sat["moves_per_s"] / ech["messages_per_s"] if ech["messages_per_s"] else 0.0
    fan_fraction = fan["moves_per_s"] / ech["messages_per_s"] if ech["messages_per_s"] else 0.0
    print(f"fan-out reference (a websockets server forwarding each message to the"
          f" {SEATS[args.game]} seats of its table, nothing else): {fan['moves_per_s']}"
          f" moves/s = {fan_fraction:.3f} of echo, server CPU {fan['server_cpu_us']} µs per"
          f" move, load CPU {fan['load_cpu_us']} µs (load average {fan['loadavg']})")
    print(budget_line(ech["messages_per_s"],
                      (sat["server_cpu_us_per_move"], sat["load_cpu_us_per_move"]),
                      (fan["server_cpu_us"], fan["load_cpu_us"])))
    print(f"server: tables={args.tables} moves-per-s={sat['moves_per_s']:.0f}"
          f" p99-ms={paced['p99_ms']} echo-fraction={fraction:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
