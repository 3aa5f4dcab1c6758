"""Lobby watchers and slow readers (issue 22): what idle lobby watchers cost the busy
tables, and how much server memory a client that never reads holds before it is cut off.

    .venv/bin/python bench/lobby.py [--tables 30] [--watchers 0,1000,5000] [--slow 20]

One ``kahvehane serve`` (SQLite in a temporary folder) and this process as the load,
with the lean raw WebSocket clients of ``bench/rawws.py``:

1. ``--tables`` busy Düz Okey tables, four seats each, a move every ``--pace`` seconds
   per table on average (``bench/capacity.py``'s load), and one churning table whose
   seat is taken and left about every 0.1 s (ten lobby changes a second);
2. for each count of ``--watchers`` in turn (added to those already there): that many
   idle connections subscribed to the lobby (``{"type": "lobby"}``), then a window of
   ``--duration`` seconds: the busy tables' p50/p99 from a move sent to its new state at
   all four seats, the server's CPU share, and the lobby messages and bytes the watchers
   received per second;
3. ``--slow`` clients with a 4 KiB receive buffer that never read, each sending bursts of
   pings (the pongs queue up in the server): the server's resident set is sampled every
   0.1 s; the peak less the resident set before them, over their number, is the memory
   a slow reader holds before it is cut off (``send_buffer_limit`` 4 MiB, then close
   1013 and a TCP reset ``close_deadline`` 3 s later); also what the server holds once
   they are gone.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.capacity import SalonLoad, rss_kb, salon  # noqa: E402
from bench.rawws import RawWS, connect, frame, raise_fd_limit  # noqa: E402


class Watchers:
    """Idle lobby watchers: they count what they receive."""

    def __init__(self) -> None:
        self.conns: list[RawWS] = []
        self.messages = 0
        self.bytes = 0

    def on_message(self, _ws: RawWS, raw: bytes) -> None:
        self.messages += 1
        self.bytes += len(raw)

    async def add(self, port: int, count: int) -> None:
        sem = asyncio.Semaphore(64)

        async def one() -> None:
            async with sem:
                ws = await connect("127.0.0.1", port, "/ws", self.on_message)
                ws.send(b'{"type":"lobby"}')
                self.conns.append(ws)

        await asyncio.gather(*(one() for _ in range(count)))


async def churn(port: int, stop: asyncio.Event) -> None:
    """One more table, whose seat 0 its manager takes and leaves every 0.1 s (a lobby
    change each time)."""
    import httpx

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        token = (await http.post("/api/auth/guest", json={})).cookies["kahvehane_session"]
    created: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()

    def on_message(_ws: RawWS, raw: bytes) -> None:
        if b'"type":"created"' in raw and not created.done():
            created.set_result(raw)

    ws = await connect("127.0.0.1", port, "/ws", on_message,
                       cookie=f"kahvehane_session={token}")
    ws.send(json.dumps({"type": "create", "game": "duz_okey", "options": {"deals": 11},
                        "clock": 600}).encode())
    table = json.loads(await asyncio.wait_for(created, 60))["table"]["id"]
    rng = random.Random(3)
    while not stop.is_set():  # irregular, so the lobby's flushes (every 0.5 s) see both
        ws.send(json.dumps({"type": "sit", "table": table, "seat": 0}).encode())
        await asyncio.sleep(rng.uniform(0.02, 0.08))
        ws.send(json.dumps({"type": "leave", "table": table}).encode())
        await asyncio.sleep(rng.uniform(0.02, 0.08))
    ws.abort()


async def slow_readers(port: int, server_pid: int, count: int) -> dict[str, Any]:
    """``count`` clients that never read, flooding pings; the server's memory meanwhile."""
    base = rss_kb(server_pid)
    conns = []
    for _ in range(count):
        ws = await connect("127.0.0.1", port, "/ws", lambda _w, _m: None, rcvbuf=4096)
        assert ws.transport is not None
        ws.transport.pause_reading()
        conns.append(ws)
    burst = frame(b'{"type":"ping","id":"p"}') * 5000
    peak = base
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 60 and any(not c.closed.done() for c in conns):
        for c in conns:
            if (not c.closed.done() and c.transport is not None
                    and c.transport.get_write_buffer_size() < 1 << 20):
                c.transport.write(burst)
        await asyncio.sleep(0.1)
        peak = max(peak, rss_kb(server_pid))
    cut_s = time.perf_counter() - t0
    cut = sum(c.closed.done() for c in conns)  # closed by the server (1013, then reset)
    for c in conns:
        c.abort()
    await asyncio.sleep(2)
    after = rss_kb(server_pid)
    return {"slow_readers": count, "rss_before_kb": base, "rss_peak_kb": peak,
            "kb_per_slow_reader": round((peak - base) / max(1, count), 1),
            "rss_after_kb": after, "cut_off": cut,
            "seconds_to_cut_all": round(cut_s, 1)}


async def load_main(args: argparse.Namespace, port: int, server_pid: int) -> dict[str, Any]:
    raise_fd_limit()
    load = SalonLoad("127.0.0.1", port, args.tables, args.pace)
    await load.setup()
    stop = asyncio.Event()
    churner = asyncio.get_running_loop().create_task(churn(port, stop))
    watchers = Watchers()
    rows = []
    for target in [int(x) for x in args.watchers.split(",")]:
        await watchers.add(port, target - len(watchers.conns))
        await asyncio.sleep(args.warm)
        m0, b0 = watchers.messages, watchers.bytes
        got = await load.meter.window(args.duration, server_pid)
        got["watchers"] = len(watchers.conns)
        got["lobby_messages_per_s"] = round((watchers.messages - m0) / got["seconds"], 1)
        got["lobby_kb_per_s"] = round((watchers.bytes - b0) / 1024 / got["seconds"], 1)
        got["server_rss_kb"] = rss_kb(server_pid)
        rows.append(got)
        print(f"{got['watchers']} lobby watchers: busy tables p50 {got['p50_ms']} ms, p99"
              f" {got['p99_ms']} ms over {got['moves']} moves; server {got['server_cpu_share']}"
              f" of a core, {got['server_cpu_us_per_move']} µs/move; watchers got"
              f" {got['lobby_messages_per_s']} messages/s ({got['lobby_kb_per_s']} KiB/s);"
              f" server RSS {got['server_rss_kb']} KiB; load average {got['loadavg'][0]}"
              f" → {got['loadavg'][1]}", flush=True)
    stop.set()
    churner.cancel()
    for ws in watchers.conns:
        ws.abort()
    slow = await slow_readers(port, server_pid, args.slow)
    print(f"{slow['slow_readers']} slow readers (4 KiB receive buffer, never read, flooding"
          f" pings): server RSS {slow['rss_before_kb']} → peak {slow['rss_peak_kb']} KiB ="
          f" {slow['kb_per_slow_reader']} KiB per slow reader before the cut; {slow['cut_off']}"
          f" cut off in {slow['seconds_to_cut_all']} s; RSS {slow['rss_after_kb']} KiB once"
          f" they were gone", flush=True)
    return {"rows": rows, "slow": slow}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tables", type=int, default=30)
    p.add_argument("--pace", type=float, default=0.25, help="mean s between a table's moves")
    p.add_argument("--watchers", default="0,1000,5000")
    p.add_argument("--slow", type=int, default=20)
    p.add_argument("--duration", type=float, default=20.0)
    p.add_argument("--warm", type=float, default=5.0)
    args = p.parse_args()
    raise_fd_limit()
    import uvloop

    with salon() as (port, server):
        result = uvloop.run(load_main(args, port, server.pid))
    rows = result["rows"]
    print("lobby: " + " ".join(f"watchers={r['watchers']}:p99-ms={r['p99_ms']}" for r in rows)
          + f" kb-per-slow-reader={result['slow']['kb_per_slow_reader']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
