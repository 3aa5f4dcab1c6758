"""The capacity of one salon process at a human pace (issue 16), and its CPU per move
against a fan-out reference: the ``--capacity`` mode of ``bench/server.py``.

    .venv/bin/python bench/server.py --capacity 250,500,1000,2000,4000 [--pace 2]

For each number of tables, in order: a fresh ``kahvehane serve`` (SQLite in a temporary
folder), and one load process (``--role capacity-load``) whose raw WebSocket clients
(``bench/rawws.py``: one asyncio protocol a connection, so one process drives tens of
thousands from the other core) sit four to a Düz Okey table; the seat whose turn it is
waits a random think time (exponential, mean ``--pace`` seconds), then plays a random
legal move, so each table moves every ``--pace`` seconds on average. Measured over
``--duration`` seconds after a warm-up: p50/p99 of a move's latency from the moment the
move is sent to the moment the event carrying the new state has reached all four seats;
moves; the server's CPU time per move (Linux ``/proc``); and the server's memory per
connection: its resident set once every match is playing, less its resident set before
the first connection, over the number of connections. Then the same number of
connections, four to a table at the same pace, against a fan-out reference server
(``--role fanout``: a ``websockets`` server that forwards each message to its table's
four seats and does nothing else) with the same lean clients: its CPU per move, and the
ratio ``cpu-vs-fanout`` = the salon's / the reference's.

The search stops at the first step whose p99 is over 100 ms (or whose load could not
keep up: fewer moves than offered by a fifth); the result is the largest step within.
Last line: ``server: tables=N p99-ms=X cpu-vs-fanout=R kb-per-conn=K`` (of that step).
The open-file limit caps a process at about ``ulimit -Hn`` connections (20,000 here:
under 5,000 four-seat tables); the bench raises its soft limit to the hard one.
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
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.rawws import RawWS, connect, raise_fd_limit  # noqa: E402

if TYPE_CHECKING:
    import httpx

GAME = "duz_okey"  # four seats, no entry (guests never sit at a table with one)
OPTIONS = {"deals": 11}
LIMIT_MS = 100.0
ACCOUNTS = 400  # guests made for the seats (see SalonLoad.setup)


async def guest_session(http: httpx.AsyncClient, tries: int = 10) -> str:
    """A new guest's session cookie; a loaded machine drops a connection now and then,
    so a failed request is tried again (``tries`` in all, half a second apart)."""
    import httpx

    for attempt in range(tries):
        try:
            r = await http.post("/api/auth/guest", json={})
            r.raise_for_status()
            return str(r.cookies["kahvehane_session"])
        except httpx.HTTPError:
            if attempt == tries - 1:
                raise
            await asyncio.sleep(0.5)
    raise ValueError("tries must be at least 1")


def rss_kb(pid: int) -> int:
    """Resident set of process ``pid`` in KiB (Linux ``/proc``)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main_thread_cpu_s(pid: int) -> float:
    """The CPU time of the process's main thread (the event loop): the rest of
    :func:`cpu_s` is its other threads' (the salon's database writer, mostly)."""
    with open(f"/proc/{pid}/task/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


class Meter:
    """Moves and latencies counted inside the measured window."""

    def __init__(self) -> None:
        self.counting = False
        self.moves = 0
        self.latencies: list[float] = []

    async def window(self, seconds: float, server_pid: int) -> dict[str, Any]:
        self.moves, self.latencies = 0, []
        self.counting = True
        cpu0, t0, load0 = cpu_s(server_pid), time.perf_counter(), os.getloadavg()[0]
        loop0 = main_thread_cpu_s(server_pid)
        me0 = cpu_s(os.getpid())
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        self.counting = False
        cpu = cpu_s(server_pid) - cpu0
        loop_cpu = main_thread_cpu_s(server_pid) - loop0
        p50, p99 = percentile(self.latencies, 0.5), percentile(self.latencies, 0.99)
        return {"seconds": round(elapsed, 1), "moves": self.moves,
                "moves_per_s": round(self.moves / elapsed, 1),
                "p50_ms": None if p50 is None else round(1000 * p50, 1),
                "p99_ms": None if p99 is None else round(1000 * p99, 1),
                "server_cpu_us_per_move": round(1e6 * cpu / max(1, self.moves), 1),
                "server_cpu_share": round(cpu / elapsed, 2),
                "loop_cpu_us_per_move": round(1e6 * loop_cpu / max(1, self.moves), 1),
                "load_cpu_share": round((cpu_s(os.getpid()) - me0) / elapsed, 2),
                "loadavg": [round(load0, 2), round(os.getloadavg()[0], 2)]}


# ============================================================================ the salon
class Table:
    __slots__ = ("id", "pending", "received", "seats")

    def __init__(self) -> None:
        self.id = ""
        self.seats: list[RawWS] = []
        self.pending: tuple[float, int] | None = None  # (sent at, event number before)
        self.received = 0


def event_number(raw: bytes) -> int:
    at = raw.find(b'"n":', 0, 80)
    if at < 0:
        return int(orjson.loads(raw)["n"])
    return int(raw[at + 4:raw.find(b",", at)])


class SalonLoad:
    def __init__(self, host: str, port: int, tables: int, pace: float) -> None:
        self.host, self.port = host, port
        self.n_tables = tables
        self.pace = pace
        self.rng = random.Random(7)
        self.meter = Meter()
        self.tables: list[Table] = []
        self.waiters: dict[RawWS, tuple[bytes, asyncio.Future[bytes]]] = {}
        self.playing = 0

    def on_message(self, ws: RawWS, raw: bytes) -> None:
        waiter = self.waiters.get(ws)
        if waiter is not None and waiter[0] in raw:
            del self.waiters[ws]
            if not waiter[1].done():
                waiter[1].set_result(raw)
        if not raw.startswith(b'{"type":"event"') or b'"clock":{' not in raw:
            return
        table: Table = ws.tag  # type: ignore[assignment]
        n = event_number(raw)
        pend = table.pending
        if pend is not None and n > pend[1]:
            table.received += 1
            if table.received == len(table.seats):
                if self.meter.counting:
                    self.meter.latencies.append(time.perf_counter() - pend[0])
                table.pending = None
        if b'"legal":[' in raw:
            legal = orjson.loads(raw).get("legal")
            if legal:
                delay = self.rng.expovariate(1 / self.pace) if self.pace else 0.0
                asyncio.get_running_loop().call_later(delay, self.move, ws, table, n,
                                                      legal[self.rng.randrange(len(legal))])

    def move(self, ws: RawWS, table: Table, n: int, action: Any) -> None:
        table.pending = (time.perf_counter(), n)
        table.received = 0
        if self.meter.counting:
            self.meter.moves += 1
        ws.send(orjson.dumps({"type": "act", "table": table.id, "action": action}))

    async def expect(self, ws: RawWS, marker: bytes, send: bytes | None = None) -> bytes:
        fut: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self.waiters[ws] = (marker, fut)
        if send is not None:
            ws.send(send)
        return await asyncio.wait_for(fut, 120)

    async def setup(self) -> None:
        import httpx

        seats = 4
        sem = asyncio.Semaphore(64)
        async with httpx.AsyncClient(base_url=f"http://{self.host}:{self.port}", timeout=120,
                                     limits=httpx.Limits(max_connections=64)) as http:
            async def guest() -> str:
                async with sem:
                    return await guest_session(http)

            # Guests are made one HTTP request and one transaction each, the slowest part
            # of the set-up: at most ACCOUNTS of them, four a table, shared by the tables
            # in turn (a person may sit at several tables; every seat is still its own
            # connection, and no two seats of a table share an account).
            groups = max(1, min(self.n_tables, ACCOUNTS // seats))
            tokens = await asyncio.gather(*(guest() for _ in range(groups * seats)))

        async def open_seat(table: Table, token: str) -> RawWS:
            async with sem:
                ws = await connect(self.host, self.port, "/ws", self.on_message,
                                   cookie=f"kahvehane_session={token}")
                ws.tag = table
                return ws

        self.tables = [Table() for _ in range(self.n_tables)]
        for t, table in enumerate(self.tables):
            group = (t % groups) * seats
            table.seats = list(await asyncio.gather(
                *(open_seat(table, tokens[group + s]) for s in range(seats))))

        async def make(table: Table) -> None:
            async with sem:
                mgr = table.seats[0]
                created = await self.expect(mgr, b'"type":"created"', orjson.dumps(
                    {"type": "create", "game": GAME, "options": OPTIONS, "clock": 600}))
                table.id = orjson.loads(created)["table"]["id"]
                for i, ws in enumerate(table.seats):
                    await self.expect(ws, b'"type":"ok"', orjson.dumps(
                        {"type": "sit", "table": table.id, "seat": i, "id": "s"}))
                await self.expect(mgr, b'"kind":"deal_start"', orjson.dumps(
                    {"type": "start", "table": table.id}))

        await asyncio.gather(*(make(t) for t in self.tables))


async def salon_load_main(args: argparse.Namespace) -> None:
    raise_fd_limit()
    load = SalonLoad("127.0.0.1", args.port, args.tables, args.pace)
    t0 = time.perf_counter()
    await load.setup()
    setup_s = time.perf_counter() - t0
    await asyncio.sleep(args.warm)
    rss = rss_kb(args.server_pid)
    got = await load.meter.window(args.duration, args.server_pid)
    connections = sum(len(t.seats) for t in load.tables)
    got.update({"tables": args.tables, "connections": connections, "setup_s": round(setup_s, 1),
                "server_rss_kb": rss,
                "offered_moves_per_s": round(args.tables / args.pace, 1) if args.pace else None})
    print(json.dumps(got), flush=True)
    for t in load.tables:
        for ws in t.seats:
            ws.abort()


# ============================================================================ the reference
async def fanout_load_main(args: argparse.Namespace) -> None:
    """Tables of four lean clients against the fan-out server: the seat whose turn it is
    thinks (the same pace), then sends a message of ``--size`` bytes; when every seat has
    received it, the next seat's turn begins."""
    raise_fd_limit()
    payload = b"x" * args.size
    rng = random.Random(7)
    meter = Meter()
    loop = asyncio.get_running_loop()

    class Ref:
        __slots__ = ("received", "seats", "sent_at", "turn")

        def __init__(self) -> None:
            self.seats: list[RawWS] = []
            self.turn = 0
            self.received = 0
            self.sent_at = 0.0

    def think(ref: Ref) -> None:
        loop.call_later(rng.expovariate(1 / args.pace) if args.pace else 0.0, send, ref)

    def send(ref: Ref) -> None:
        ref.sent_at = time.perf_counter()
        ref.received = 0
        if meter.counting:
            meter.moves += 1
        ref.seats[ref.turn].send(payload)

    def on_message(ws: RawWS, raw: bytes) -> None:
        ref: Ref = ws.tag  # type: ignore[assignment]
        ref.received += 1
        if ref.received == len(ref.seats):
            if meter.counting:
                meter.latencies.append(time.perf_counter() - ref.sent_at)
            ref.turn = (ref.turn + 1) % len(ref.seats)
            think(ref)

    sem = asyncio.Semaphore(64)
    refs = [Ref() for _ in range(args.tables)]

    async def open_table(t: int, ref: Ref) -> None:
        async with sem:
            for _ in range(4):
                ws = await connect("127.0.0.1", args.port, "/", on_message)
                ws.tag = ref
                ws.send(f"t{t}".encode())
                ref.seats.append(ws)

    await asyncio.gather(*(open_table(t, ref) for t, ref in enumerate(refs)))
    await asyncio.sleep(1)  # every seat registered
    for ref in refs:
        think(ref)
    await asyncio.sleep(args.warm)
    got = await meter.window(args.duration, args.server_pid)
    got.update({"tables": args.tables, "connections": 4 * args.tables})
    print(json.dumps(got), flush=True)
    for ref in refs:
        for ws in ref.seats:
            ws.abort()


# ============================================================================ the driver
def run_json(cmd: list[str], timeout: float) -> dict[str, Any]:
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                         check=False)
    lines = [ln for ln in out.stdout.splitlines() if ln.startswith("{")]
    if out.returncode != 0 or not lines:
        raise RuntimeError(f"{cmd[2:6]} failed: {out.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def wait_healthy(port: int, proc: subprocess.Popen[bytes]) -> None:
    import httpx

    for _ in range(600):
        if proc.poll() is not None:
            raise RuntimeError("the salon exited at start")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the salon did not come up")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def salon(*extra: str) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """``kahvehane serve`` on a fresh SQLite file with no pauses and no limits the load
    would hit, until it answers; ``(port, process)``; stopped (SIGTERM) on leaving."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "kahvehane.cli", "serve", "--port", str(port), "--db",
             f"sqlite:///{tmp}/bench.sqlite3", "--countdown", "0", "--bot-delay", "0",
             "--deal-pause", "0", "--rate", "100000", "--burst", "100000",
             "--new-accounts", "100000000", "--tables-open", "100000",
             "--guest-tables-open", "100000", "--tables-per-minute", "100000",
             "--lobby-max-tables", "100000", "--log-level", "warning", *extra],
            cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=open(f"{tmp}/server.log", "w"))  # noqa: SIM115
        try:
            wait_healthy(port, server)
            yield port, server
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()


def salon_step(tables: int, args: argparse.Namespace) -> dict[str, Any]:
    me = str(Path(__file__).resolve().parent / "server.py")
    with salon("--ws", args.ws) as (port, server):
        time.sleep(1)
        base = rss_kb(server.pid)
        got = run_json([sys.executable, me, "--role", "capacity-load", "--port", str(port),
                        "--server-pid", str(server.pid), "--tables", str(tables),
                        "--pace", str(args.pace), "--duration", str(args.duration),
                        "--warm", str(args.warm)], timeout=3600)
    got["server_rss_base_kb"] = base
    got["kb_per_conn"] = round((got["server_rss_kb"] - base) / got["connections"], 1)
    return got


def fanout_step(tables: int, args: argparse.Namespace) -> dict[str, Any]:
    py, me = sys.executable, str(Path(__file__).resolve().parent / "server.py")
    port = free_port()
    srv = subprocess.Popen([py, me, "--role", "fanout", "--port", str(port)], cwd=ROOT,
                           stdout=subprocess.PIPE, text=True)
    try:
        assert srv.stdout is not None
        srv.stdout.readline()  # ready
        return run_json([py, me, "--role", "capacity-fanout-load", "--port", str(port),
                         "--server-pid", str(srv.pid), "--tables", str(tables),
                         "--pace", str(args.pace), "--duration", str(args.duration),
                         "--warm", str(args.warm), "--size", str(args.size)], timeout=3600)
    finally:
        srv.kill()
        srv.wait()


def capacity_main(args: argparse.Namespace) -> int:
    raise_fd_limit()
    steps = [int(x) for x in args.capacity.split(",")]
    best: tuple[dict[str, Any], dict[str, Any]] | None = None
    for tables in steps:
        got = salon_step(tables, args)
        ref = fanout_step(tables, args)
        ratio = (round(got["server_cpu_us_per_move"] / ref["server_cpu_us_per_move"], 2)
                 if ref["server_cpu_us_per_move"] else None)  # (a clock tick is 10 ms)
        offered = got["offered_moves_per_s"] or 0
        kept_up = got["moves_per_s"] >= 0.8 * offered
        within = got["p99_ms"] is not None and got["p99_ms"] <= LIMIT_MS and kept_up
        print(f"{tables} tables ({got['connections']} connections, --ws {args.ws}):"
              f" {got['moves_per_s']} moves/s of {offered} offered, p50"
              f" {got['p50_ms']} ms, p99 {got['p99_ms']} ms; server CPU"
              f" {got['server_cpu_us_per_move']} µs/move ({got['server_cpu_share']} of a"
              f" core; its event loop {got['loop_cpu_us_per_move']} µs, its other threads"
              f" — the database writer —"
              f" {got['server_cpu_us_per_move'] - got['loop_cpu_us_per_move']:.1f} µs),"
              f" fan-out reference {ref['server_cpu_us_per_move']} µs/move (p99"
              f" {ref['p99_ms']} ms): ×{ratio}; memory {got['kb_per_conn']} KB/connection"
              f" (RSS {got['server_rss_base_kb']} → {got['server_rss_kb']} KiB); load"
              f" process {got['load_cpu_share']} of a core; load average"
              f" {got['loadavg'][0]} → {got['loadavg'][1]}; setup {got['setup_s']} s"
              f" — {'within' if within else 'OVER'} {LIMIT_MS:.0f} ms", flush=True)
        print("  " + json.dumps({"salon": got, "fanout": ref, "ratio": ratio}), flush=True)
        if within:
            best = (got, ref)
        elif not args.keep_going:
            break
    if best is None:
        print("server: tables=0 p99-ms=- cpu-vs-fanout=- kb-per-conn=-")
        return 1
    got, ref = best
    ratio = (got["server_cpu_us_per_move"] / ref["server_cpu_us_per_move"]
             if ref["server_cpu_us_per_move"] else float("nan"))
    print(f"server: tables={got['tables']} p99-ms={got['p99_ms']}"
          f" cpu-vs-fanout={ratio:.2f} kb-per-conn={got['kb_per_conn']}")
    return 0
