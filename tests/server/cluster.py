"""A salon of three nodes for the cluster tests: subprocess nodes on this machine's
Redis (``KAHVEHANE_TEST_REDIS``, default ``redis://127.0.0.1:6379/0``, a key prefix of
their own) and a scratch PostgreSQL database (dropped after).

Redis is required, as PostgreSQL is: without it the cluster tests fail, saying so."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.server.harness import Server

REDIS_URL = os.environ.get("KAHVEHANE_TEST_REDIS", "redis://127.0.0.1:6379/0")
LEASE = 3.0  # short leases: failover in a few seconds


def require_redis(url: str = REDIS_URL) -> None:
    """Fail loudly (never skip) when the test Redis does not answer."""
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
