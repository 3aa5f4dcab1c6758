"""A salon of three nodes for the cluster tests: subprocess nodes on this machine's
Redis (``KAHVEHANE_TEST_REDIS``, default ``redis://127.0.0.1:6379/0``, a key prefix of
their own) and a scratch PostgreSQL database (dropped after).

Redis is required, as PostgreSQL is: without it the cluster tests fail, saying so."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests import tiers
from tests.server.conftest import database
from tests.server.harness import Server, free_port

REDIS_URL = os.environ.get("KAHVEHANE_TEST_REDIS", "redis://127.0.0.1:6379/0")
LEASE = 3.0  # short leases: failover in a few seconds


def require_redis(url: str = REDIS_URL) -> None:
    """Fail loudly (never skip) when the test Redis does not answer. The running test
    must be marked ``cluster`` (tests/tiers.py)."""
    tiers.require("cluster", "uses Redis")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except (redis.RedisError, OSError) as exc:
        pytest.fail(f"Redis is not reachable at {url} ({exc}). The cluster tests need it:"
                    " start redis-server (or point KAHVEHANE_TEST_REDIS at one).",
                    pytrace=False)


@dataclass
class Cluster:
    """Three ``kahvehane serve --redis`` nodes on one database and one key prefix."""

    db_url: str
    folder: Path
    redis_url: str = REDIS_URL
    size: int = 3
    prefix: str = field(default_factory=lambda: f"khtest{secrets.token_hex(4)}")
    nodes: list[Server] = field(default_factory=list)

    def node(self, i: int) -> Server:
        return Server(self.db_url, self.folder / f"node{i}.log", extra=[
            "--redis", self.redis_url, "--redis-prefix", self.prefix, "--node-id", f"n{i}",
            "--lease", str(LEASE), "--guest-chips", "5000", "--rate", "2000",
            "--burst", "4000"])

    def start(self) -> None:
        self.nodes = [self.node(i) for i in range(self.size)]
        for n in self.nodes:
            n.start()

    def stop(self) -> None:
        for n in self.nodes:
            n.stop()
        import redis

        r = redis.Redis.from_url(self.redis_url)
        keys = list(r.scan_iter(f"{self.prefix}:*"))
        if keys:
            r.delete(*keys)


@contextlib.contextmanager
def running_cluster(folder: Path, redis_url: str = REDIS_URL) -> Iterator[Cluster]:
    """Three started nodes on ``redis_url`` (which must answer) and a scratch PostgreSQL
    database, stopped and dropped afterwards."""
    require_redis(redis_url)
    with database("postgresql", folder) as url:
        c = Cluster(url, folder, redis_url=redis_url)
        c.start()
        try:
            yield c
        finally:
            c.stop()


class OwnRedis:
    """A redis-server of a test's own on a free port (the machine's 6379 is shared:
    restarting it, or flushing its scripts, would disturb others); no persistence, so a
    restart loses everything, as a crash of an unpersisted Redis does."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            with contextlib.suppress(OSError):
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@contextlib.contextmanager
def own_redis_server(folder: Path) -> Iterator[OwnRedis]:
    """A started :class:`OwnRedis`, stopped afterwards (fails loudly without
    ``redis-server``); the running test must be marked ``cluster``."""
    tiers.require("cluster", "starts a redis-server")
    if shutil.which("redis-server") is None:
        pytest.fail("redis-server is not installed: this test starts its own", pytrace=False)
    r = OwnRedis(folder)
    r.start()
    try:
        yield r
    finally:
        r.stop()
