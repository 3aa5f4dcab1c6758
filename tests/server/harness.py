"""The real server in a subprocess, and scripted WebSocket players, for the e2e tests."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from kahvehane.games.okey.melds import face_value
from kahvehane.games.okey.solver import best_arrangement
from kahvehane.server.settings import Settings
from kahvehane.tiles import parse_tile, tile_name
from tests import tiers
from tests.server.leaks import sent_before

ROOT = Path(__file__).resolve().parents[2]
COOKIE = "kahvehane_session"
WAIT = 60.0  # generous bound on any single wait (a hung server fails, never hangs CI)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn_server(args: list[str], log_path: Path, url: str,
                 env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Run ``args`` (a ``serve`` command) from the repository root, its output appended to
    ``log_path``; return once ``url``'s ``/api/health`` answers (the e2e and the browser
    tests both start their salon this way). The running test must be marked ``server``
    (tests/tiers.py)."""
    tiers.require("server", "starts a server process")
    log = open(log_path, "ab")  # noqa: SIM115 - the process owns it
    proc = subprocess.Popen(args, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log_path.read_text()[-3000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return proc
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not come up")


@dataclass
class Server:
    """``kahvehane serve`` on a free port, against one database URL."""

    db_url: str
    log_path: Path
    extra: list[str] = field(default_factory=list)
    port: int = 0
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        if not self.port:
            self.port = free_port()
        args = [sys.executable, "-m", "kahvehane.cli", "serve", "--port", str(self.port),
                "--db", self.db_url, "--countdown", "0.2", "--bot-delay", "0",
                "--deal-pause", "0", "--log-level", "warning", "--new-accounts", "100000",
                *self.extra]
        self.proc = spawn_server(args, self.log_path, self.url)

    def stop(self, *, kill: bool = False) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


async def signup(server: Server, name: str, *, guest: bool = False) -> str:
    """A new account (or guest); returns its session token."""
    async with httpx.AsyncClient(base_url=server.url) as c:
        if guest:
            r = await c.post("/api/auth/guest", json={"name": name})
        else:
            r = await c.post("/api/auth/signup", json={"name": name, "password": "sifre-1234"})
        assert r.status_code == 201, r.text
        return str(r.cookies[COOKIE])


async def api(server: Server, method: str, path: str, token: str | None = None,
              **kw: Any) -> httpx.Response:
    cookies = {COOKIE: token} if token else None
    async with httpx.AsyncClient(base_url=server.url, cookies=cookies) as c:
        return await c.request(method, path, **kw)


Chooser = Callable[[dict[str, Any], list[dict[str, Any]], random.Random], dict[str, Any]]


def okey_chooser(view: dict[str, Any], legal: list[dict[str, Any]],
                 rng: random.Random) -> dict[str, Any]:
    """A scripted Okey player that finishes deals: finish when it can, else throw the
    highest tile that seri diz leaves alone."""
    for a in legal:
        if a["act"] == "finish":
            return a
    discards = [a for a in legal if a["act"] == "discard"]
    if discards:
        okey = parse_tile(view["okey"])
        tiles = [parse_tile(t) for block in view["rack"] for t in block]
        arr = best_arrangement(tiles, okey)
        singles = [b[0] for b in arr.blocks if len(b) == 1 and b[0] != okey]
        if singles:
            t = max(singles, key=lambda x: face_value(x, okey))
            return {"act": "discard", "tile": tile_name(t)}
        return discards[0]
    return legal[0]


def random_chooser(view: dict[str, Any], legal: list[dict[str, Any]],
                   rng: random.Random) -> dict[str, Any]:
    return legal[rng.randrange(len(legal))]


class Player:
    """A WebSocket client that records every message it receives."""

    def __init__(self, server: Server, token: str | None, name: str = "") -> None:
        self.server = server
        self.token = token
        self.name = name
        self.ws: ClientConnection | None = None
        self.messages: list[dict[str, Any]] = []  # everything ever received
        #: everything sent, each with how many messages had been received before it
        self.sent: list[tuple[int, dict[str, Any]]] = []
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.reader: asyncio.Task[None] | None = None
        self.hello: dict[str, Any] = {}
        self.epoch: str | None = None
        self.last_n = 0
        self.closed_code: int | None = None

    async def connect(self) -> dict[str, Any]:
        headers = {"Cookie": f"{COOKIE}={self.token}"} if self.token else {}
        self.ws = await connect(self.server.ws_url, additional_headers=headers,
                                max_size=2**22)
        self.inbox = asyncio.Queue()
        self.reader = asyncio.get_running_loop().create_task(self._read())
        self.hello = await self.expect(lambda m: m["type"] == "hello")
        return self.hello

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                msg = json.loads(raw)
                self.messages.append(msg)
                if msg.get("type") == "snapshot":
                    self.epoch = msg["epoch"]
                    self.last_n = msg["n"]
                elif msg.get("type") in ("event", "sync"):
                    self.last_n = msg["n"]
                await self.inbox.put(msg)
        except Exception:
            pass
        finally:
            self.closed_code = self.ws.close_code if self.ws is not None else None
            await self.inbox.put({"type": "_closed", "code": self.closed_code})

    async def send(self, **msg: Any) -> None:
        assert self.ws is not None
        self.sent.append((len(self.messages), msg))
        await self.ws.send(json.dumps(msg))

    def sent_before(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        """What this client had sent when ``msg`` (one of :attr:`messages`) arrived."""
        return sent_before(self.messages, self.sent)(msg)

    async def send_raw(self, text: str) -> None:
        assert self.ws is not None
        await self.ws.send(text)

    async def expect(self, pred: Callable[[dict[str, Any]], bool],
                     timeout: float = WAIT) -> dict[str, Any]:
        """The next message matching ``pred`` (others are skipped)."""
        async with asyncio.timeout(timeout):
            while True:
                msg = await self.inbox.get()
                if msg["type"] == "_closed":
                    raise ConnectionError(f"{self.name}: closed ({msg['code']})")
                if pred(msg):
                    return msg

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        self.ws = None

    def drop(self) -> None:
        """Lose the connection abruptly (no close handshake)."""
        if self.ws is not None:
            self.ws.transport.abort()


async def play_until_end(player: Player, table: str, choose: Chooser, rng: random.Random,
                         *, stop_after: int | None = None) -> dict[str, Any] | None:
    """Answer every turn of ``player`` until ``match_end`` (returned), or until it has
    made ``stop_after`` moves (``None`` returned)."""
    moves = 0
    while True:
        msg = await player.expect(lambda m: m.get("table") == table
                                  and m["type"] in ("event", "snapshot", "sync"))
        if msg["type"] == "event" and msg["kind"] == "match_end":
            return msg
        state: dict[str, Any] | None = msg.get("match") if msg["type"] == "snapshot" else msg
        legal = state.get("legal") if state else None
        if legal and state is not None:
            if stop_after is not None and moves >= stop_after:
                return None
            action = choose(state["view"], legal, rng)
            await player.send(type="act", table=table, action=action)
            moves += 1


@contextlib.asynccontextmanager
async def in_process(settings: Settings, log_path: Path) -> AsyncIterator[Server]:
    """The salon of ``settings`` on uvicorn in this process and event loop, as ``kahvehane
    serve`` runs it (the direct line); a :class:`Server` to point players at.

    For faults only this process can inject: a SQLite file is its process's alone while
    the salon runs (``kahvehane.store.db.sqlite_connector``), so a lock held on it by
    another connection has to come from a connection of this process."""
    import uvicorn

    from kahvehane.server.app import create_app
    from kahvehane.server.wsdirect import SalonWSProtocol

    server = Server(settings.db_url, log_path, port=free_port())
    config = uvicorn.Config(create_app(settings), host="127.0.0.1", port=server.port,
                            ws=SalonWSProtocol, ws_max_size=settings.max_message_bytes,
                            ws_per_message_deflate=False, lifespan="on", log_level="warning",
                            access_log=False)
    uv = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(uv.serve())
    async with asyncio.timeout(WAIT):
        while not uv.started:
            if task.done():
                task.result()
                raise RuntimeError("the in-process server stopped before it started")
            await asyncio.sleep(0.02)
    try:
        yield server
    finally:
        uv.should_exit = True
        await task


def salon_settings(db_url: str, **kw: Any) -> Settings:
    """The settings the subprocess servers of :class:`Server` run with (short countdown,
    no bot pauses, no limits the tests are not about)."""
    return Settings(db_url=db_url, countdown=0.2, bot_delay=0, deal_pause=0,
                    new_accounts_per_hour=100_000, rate=2000, burst=4000, **kw)


async def rejoin(server: Server, token: str, table: str) -> tuple[Player, dict[str, Any]]:
    """Connect again with ``token`` (after a restart, say) and join ``table``: the
    connected player and the snapshot it got."""
    p = Player(server, token, "again")
    await p.connect()
    await p.send(type="join", table=table)
    return p, await p.expect(lambda m: m["type"] == "snapshot")
